import Database from 'better-sqlite3';

const ID = 'sqlite-type-affinity-1';
// Each option of the question, as the JSON array of typeof() results it claims.
const claims = {
  A: '["text","text","real"]',
  B: 'throws SqliteError',
  C: '["integer","text","integer"]',
  D: '["integer","text","real"]',
};

let observed;
try {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t(n INTEGER)');
  db.exec("INSERT INTO t VALUES ('42'), ('4x2'), (4.0)");
  observed = JSON.stringify(db.prepare('SELECT typeof(n) FROM t ORDER BY rowid').pluck().all());
  db.close();
} catch (e) {
  observed = `throws ${e.constructor.name}`;
}
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) {
  console.error('no unique option matches', observed);
  process.exit(1);
}
console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
