// Probe: Number.prototype.toFixed rounds the exact binary value of the double.
const ID = 'numbers-float-rounding-1';
const claims = {
  A: '1.00 2.67 0.13',
  B: '1.01 2.68 0.13',
  C: '1.00 2.68 0.12',
  D: '1.01 2.68 0.12',
};
function run() {
  return [1.005, 2.675, 0.125].map((x) => x.toFixed(2)).join(' ');
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
