// Probe: structuredClone of an object that has a method (function-valued property).
const ID = 'json-structured-clone-2';
const claims = {
  A: 'prints {"id":1}',
  B: 'prints {"id":1,"onDone":null}',
  C: 'throws DOMException DataCloneError',
  D: 'prints {"id":1,"onDone":{}}',
};
function run() {
  const job = { id: 1, onDone() { return 'done'; } };
  const copy = structuredClone(job);
  return `prints ${JSON.stringify(copy)}`;
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name} ${e.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
