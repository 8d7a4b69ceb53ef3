// Probe: inside a macrotask callback, process.nextTick runs before promise callbacks.
const id = 'async-microtask-order-2';
const claims = {
  A: 'end,tick,promise',
  B: 'end,promise,tick',
  C: 'tick,promise,end',
  D: 'promise,end,tick',
};
const out = [];
await new Promise((done) => {
  setImmediate(() => {
    Promise.resolve().then(() => out.push('promise'));
    process.nextTick(() => out.push('tick'));
    out.push('end');
    setImmediate(done);
  });
});
const observed = out.join(',');
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
