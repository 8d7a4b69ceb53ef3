// Probe: Promise.allSettled status strings and that it does not reject.
const id = 'async-promise-combinators-2';
const claims = {
  A: 'resolved,rejected',
  B: 'fulfilled,rejected',
  C: 'rejects with Error: x',
  D: 'fulfilled,fulfilled',
};
let observed;
try {
  const r = await Promise.allSettled([Promise.resolve(1), Promise.reject(new Error('x'))]);
  observed = r.map((s) => s.status).join(',');
} catch (e) {
  observed = `rejects with ${e.name}: ${e.message}`;
}
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
