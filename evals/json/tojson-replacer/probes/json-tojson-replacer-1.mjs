// Probe: an array replacer filters keys at every nesting level.
const ID = 'json-tojson-replacer-1';
const claims = {
  A: '{"id":1,"profile":{"id":9}}',
  B: '{"id":1,"profile":{"id":9,"name":"x","secret":"s"}}',
  C: '{"id":1,"profile":{}}',
  D: '{"id":1}',
};
function run() {
  const user = { id: 1, name: 'Ann', profile: { id: 9, name: 'x', secret: 's' } };
  return JSON.stringify(user, ['id', 'profile']);
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
