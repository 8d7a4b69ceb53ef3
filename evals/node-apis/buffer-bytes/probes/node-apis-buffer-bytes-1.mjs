import { Buffer } from 'node:buffer';

const ID = 'node-apis-buffer-bytes-1';
// Each option of the question, as the line it claims is printed.
const claims = { A: '2 2', B: '2 6', C: '3 3', D: '3 6' };

let observed;
try {
  const s = '\u00e9\u{1F44B}';
  observed = `${s.length} ${Buffer.byteLength(s)}`;
} catch (e) {
  observed = `throws ${e.constructor.name}`;
}
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) {
  console.error('no unique option matches', observed);
  process.exit(1);
}
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
