// Probe: an async function runs synchronously until its first await.
const id = 'async-await-ordering-1';
const claims = {
  A: 'a,b,f1,f2',
  B: 'a,f1,f2,b',
  C: 'f1,a,b,f2',
  D: 'a,f1,b,f2',
};
const out = [];
const log = (s) => out.push(s);
async function f() {
  log('f1');
  await null;
  log('f2');
}
log('a');
const p = f();
log('b');
await p;
const observed = out.join(',');
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
