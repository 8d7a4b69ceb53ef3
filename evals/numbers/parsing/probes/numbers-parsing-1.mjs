// Probe: Number() vs parseInt on empty, padded and junk-suffixed strings.
const ID = 'numbers-parsing-1';
const claims = {
  A: 'NaN 42 NaN 42',
  B: '0 42 NaN 42',
  C: '0 NaN NaN 42',
  D: 'NaN NaN 42 42',
};
function run() {
  return [Number(''), Number(' 42 '), Number('42px'), parseInt('42px', 10)].join(' ');
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
