// Probe: Math.round rounds .5 toward +Infinity (not away from zero, not to even).
import { format } from 'node:util';
const ID = 'numbers-float-rounding-2';
const claims = {
  A: '3 -3',
  B: '2 -2',
  C: '2 -3',
  D: '3 -2',
};
function run() {
  const xs = [2.5, -2.5];
  return format(Math.round(xs[0]), Math.round(xs[1])); // what console.log would print
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
