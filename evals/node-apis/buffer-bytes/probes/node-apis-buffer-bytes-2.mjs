import { Buffer } from 'node:buffer';

const ID = 'node-apis-buffer-bytes-2';
// Each option of the question, as the outcome it claims.
const claims = { A: 'Jello Je', B: 'hello Je', C: 'hello he', D: 'throws TypeError' };

let observed;
try {
  const a = Buffer.from('hello');
  const b = a.slice(0, 2);
  b[0] = 0x4a; // 'J'
  observed = `${a.toString()} ${b.toString()}`;
} catch (e) {
  observed = `throws ${e.constructor.name}`;
}
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) {
  console.error('no unique option matches', observed);
  process.exit(1);
}
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
