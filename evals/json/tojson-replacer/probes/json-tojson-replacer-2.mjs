// Probe: a function replacer receives the value after toJSON (Date -> ISO string).
const ID = 'json-tojson-replacer-2';
const claims = {
  A: '{"at":0}',
  B: '{"at":{}}',
  C: '{"at":"1970-01-01T00:00:00.000Z"}',
  D: '{"at":"0"}',
};
function run() {
  return JSON.stringify({ at: new Date(0) }, (key, value) =>
    value instanceof Date ? value.getTime() : value);
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
