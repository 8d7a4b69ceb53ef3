// Probe: emit('error') without an 'error' listener throws synchronously.
import { EventEmitter } from 'node:events';
const id = 'async-eventemitter-sync-2';
const claims = {
  A: 'returned false',
  B: 'returned true',
  C: 'returned false, then an uncaughtException fires later',
  D: 'caught boom',
};
const e = new EventEmitter();
let observed;
let late = false;
const onUncaught = () => { late = true; };
process.on('uncaughtException', onUncaught);
try {
  const r = e.emit('error', new Error('boom'));
  observed = `returned ${r}`;
} catch (err) {
  observed = `caught ${err.message}`;
}
await new Promise((r) => setImmediate(r));
process.off('uncaughtException', onUncaught);
if (late && observed.startsWith('returned')) observed += ', then an uncaughtException fires later';
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
