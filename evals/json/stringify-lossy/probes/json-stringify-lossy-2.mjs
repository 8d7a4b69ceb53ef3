// Probe: JSON.stringify of Set and Map values.
const ID = 'json-stringify-lossy-2';
const claims = {
  A: '{"tags":["a","b"],"hits":{"x":1}}',
  B: '{"tags":["a","b"],"hits":[["x",1]]}',
  C: 'throws TypeError',
  D: '{"tags":{},"hits":{}}',
};
function run() {
  const cache = { tags: new Set(['a', 'b']), hits: new Map([['x', 1]]) };
  return JSON.stringify(cache);
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
