// Probe: EventEmitter#emit invokes listeners synchronously.
import { EventEmitter } from 'node:events';
const id = 'async-eventemitter-sync-1';
const claims = {
  A: 'before,after,listener',
  B: 'listener,before,after',
  C: 'before,listener,after',
  D: 'before,after (listener never runs)',
};
const out = [];
const e = new EventEmitter();
e.on('x', () => out.push('listener'));
out.push('before');
e.emit('x');
out.push('after');
await new Promise((r) => setImmediate(r)); // let any deferred delivery happen before observing
const observed = out.includes('listener') ? out.join(',') : `${out.join(',')} (listener never runs)`;
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
