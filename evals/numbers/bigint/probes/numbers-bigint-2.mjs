// Probe: BigInt division truncates toward zero.
const ID = 'numbers-bigint-2';
const claims = {
  A: '3.5 -3.5',
  B: '3 -4',
  C: '3 -3',
  D: '4 -4',
};
function run() {
  const a = 7n;
  const b = 2n;
  return `${String(a / b)} ${String(-a / b)}`;
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
