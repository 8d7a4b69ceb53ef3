// Probe: how JSON.stringify treats undefined / functions / NaN in objects vs arrays.
const ID = 'json-stringify-lossy-1';
const claims = {
  A: '{"a":null,"b":[null,null],"c":null}',
  B: '{"b":[null,null],"c":null}',
  C: '{"b":[],"c":"NaN"}',
  D: '{"b":[null,null],"c":NaN}',
};
function run() {
  return JSON.stringify({ a: undefined, b: [undefined, () => 1], c: NaN });
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
