// Probe: structuredClone of a user-defined class instance.
import { format } from 'node:util';
const ID = 'json-structured-clone-1';
const claims = {
  A: 'true function 3',
  B: 'false undefined 3',
  C: 'false function 3',
  D: 'throws DOMException DataCloneError',
};
function run() {
  class Point {
    constructor(x, y) { this.x = x; this.y = y; }
    norm() { return Math.hypot(this.x, this.y); }
  }
  const c = structuredClone(new Point(3, 4));
  return format(c instanceof Point, typeof c.norm, c.x); // what console.log would print
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name} ${e.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
