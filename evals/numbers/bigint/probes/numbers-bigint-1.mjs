// Probe: adding a BigInt and a Number.
import { format } from 'node:util';
const ID = 'numbers-bigint-1';
const claims = {
  A: 'throws TypeError',
  B: '11n',
  C: '11',
  D: '101',
};
function run() {
  const total = 10n;
  const one = 1;
  return format(total + one); // what console.log would print
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
