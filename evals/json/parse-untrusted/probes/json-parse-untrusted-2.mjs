// Probe: "__proto__" from JSON.parse is an own property, but Object.assign triggers the setter.
import { format } from 'node:util';
const ID = 'json-parse-untrusted-2';
const claims = {
  A: 'undefined true undefined',
  B: 'true true true',
  C: 'undefined undefined undefined',
  D: 'true true undefined',
};
function run() {
  const body = JSON.parse('{"__proto__": {"isAdmin": true}}');
  const settings = Object.assign({}, body);
  return format(body.isAdmin, settings.isAdmin, ({}).isAdmin); // what console.log would print
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
