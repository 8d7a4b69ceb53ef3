// Probe: Array.prototype.map passes the index as parseInt's radix.
const ID = 'numbers-parsing-2';
const claims = {
  A: '10 10 10',
  B: '10 NaN NaN',
  C: '10 1 2',
  D: '10 NaN 2',
};
function run() {
  return ['10', '10', '10'].map(parseInt).join(' ');
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
