import Database from 'better-sqlite3';

const ID = 'sqlite-type-affinity-2';
// Each option of the question, encoded as "<input>:<stored typeof() or error class>".
const claims = {
  A: '42:integer|abc:SqliteError',
  B: '42:SqliteError|abc:SqliteError',
  C: '42:text|abc:SqliteError',
  D: '42:text|abc:text',
};

const db = new Database(':memory:');
db.exec('CREATE TABLE t(n INTEGER) STRICT');
const ins = db.prepare('INSERT INTO t VALUES (?)');
const typeOf = db.prepare('SELECT typeof(n) FROM t WHERE rowid = ?').pluck();
const parts = [];
for (const input of ['42', 'abc']) {
  try {
    const info = ins.run(input);
    parts.push(`${input}:${typeOf.get(info.lastInsertRowid)}`);
  } catch (e) {
    parts.push(`${input}:${e.constructor.name}`);
  }
}
db.close();
const observed = parts.join('|');
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) {
  console.error('no unique option matches', observed);
  process.exit(1);
}
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
