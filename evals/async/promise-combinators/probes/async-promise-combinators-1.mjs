// Probe: Promise.all rejects with the first rejection in time, not in array order.
const id = 'async-promise-combinators-1';
const claims = {
  A: 'Error: b',
  B: 'Error: a',
  C: 'AggregateError: a,b',
  D: 'Error: a,b',
};
let rejectA;
let rejectB;
const a = new Promise((_, rej) => { rejectA = rej; });
const b = new Promise((_, rej) => { rejectB = rej; });
const all = Promise.all([a, b]);
rejectB(new Error('b'));
rejectA(new Error('a'));
let observed;
try {
  await all;
  observed = 'resolved';
} catch (e) {
  observed = e instanceof AggregateError
    ? `AggregateError: ${e.errors.map((x) => x.message).join(',')}`
    : `${e.name}: ${e.message}`;
}
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
