// Probe: sync code, then promise/queueMicrotask callbacks in FIFO order, then timers.
const id = 'async-microtask-order-1';
const claims = {
  A: 'sync,timeout,then,micro',
  B: 'sync,then,micro,timeout',
  C: 'sync,micro,then,timeout',
  D: 'then,micro,sync,timeout',
};
const out = [];
await new Promise((done) => {
  setTimeout(() => { out.push('timeout'); done(); }, 0);
  Promise.resolve().then(() => out.push('then'));
  queueMicrotask(() => out.push('micro'));
  out.push('sync');
});
const observed = out.join(',');
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
