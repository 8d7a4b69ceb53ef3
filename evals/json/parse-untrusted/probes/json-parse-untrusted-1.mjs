// Probe: order in which JSON.parse calls the reviver.
const ID = 'json-parse-untrusted-1';
const claims = {
  A: '["","a","b","c"]',
  B: '["a","b","c",""]',
  C: '["a","c","b"]',
  D: '["b","a","c",""]',
};
function run() {
  const seen = [];
  JSON.parse('{"a":{"b":1},"c":2}', (key, value) => { seen.push(key); return value; });
  return JSON.stringify(seen);
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
