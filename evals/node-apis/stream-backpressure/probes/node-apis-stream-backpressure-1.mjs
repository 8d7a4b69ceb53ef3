import { Writable } from 'node:stream';

const ID = 'node-apis-stream-backpressure-1';
// Each option of the question, as the line it claims is printed.
const claims = {
  A: 'true true true',
  B: 'true false true',
  C: 'true false false',
  D: 'false false false',
};

let observed;
try {
  const w = new Writable({
    highWaterMark: 4,
    write(chunk, encoding, callback) {
      setImmediate(callback); // slow sink: completes on a later tick
    },
  });
  observed = [w.write('abc'), w.write('de'), w.write('f')].join(' ');
} catch (e) {
  observed = `throws ${e.constructor.name}`;
}
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) {
  console.error('no unique option matches', observed);
  process.exit(1);
}
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
