// Probe: better-sqlite3 default integer read-back for a value above 2^53.
import { format } from 'node:util';
import Database from 'better-sqlite3';
const ID = 'numbers-safe-integers-2';
const claims = {
  A: 'bigint 9007199254740993',
  B: 'number 9007199254740992',
  C: 'string 9007199254740993',
  D: 'throws RangeError',
};
function run() {
  const db = new Database(':memory:');
  try {
    db.exec('CREATE TABLE t (id INTEGER)');
    db.prepare('INSERT INTO t VALUES (?)').run(9007199254740993n);
    const row = db.prepare('SELECT id FROM t').get();
    return format(typeof row.id, String(row.id)); // what console.log would print
  } finally {
    db.close();
  }
}
let observed;
try { observed = run(); } catch (e) { observed = `throws ${e.constructor.name}`; }
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
