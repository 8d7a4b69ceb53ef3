import Database from 'better-sqlite3';

const ID = 'sqlite-unique-upsert-1';
// Each option of the question, as the rowids left in the table (or the error).
const claims = {
  A: '[1]', // second NULL silently ignored: only the first row remains
  B: 'throws SqliteError', // UNIQUE constraint failed
  C: '[2]', // second NULL replaced the first row
  D: '[1,2]', // both rows inserted
};

let observed;
try {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE users(email TEXT UNIQUE)');
  db.exec('INSERT INTO users VALUES (NULL)');
  db.exec('INSERT INTO users VALUES (NULL)');
  observed = JSON.stringify(db.prepare('SELECT rowid FROM users ORDER BY rowid').pluck().all());
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
