// Probe: JSON.parse of an integer above Number.MAX_SAFE_INTEGER.
import { format } from 'node:util';
const ID = 'numbers-safe-integers-1';
const claims = {
  A: '9007199254740993 true',
  B: '9007199254740993 false',
  C: '9007199254740992 false',
  D: '9007199254740994 false',
};
function run() {
  const id = JSON.parse('{"id": 9007199254740993}').id;
  return format(id, Number.isSafeInteger(id)); // what console.log would print
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
