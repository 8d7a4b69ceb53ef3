import Database from 'better-sqlite3';

const ID = 'sqlite-unique-upsert-2';
// Each option of the question, as the JSON of the selected row it claims.
const claims = {
  A: '{"v":"y","hits":5}',
  B: '{"v":"y","hits":0}',
  C: '{"v":"x","hits":5}',
  D: '{"v":"y","hits":null}',
};

let observed;
try {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE kv(k TEXT PRIMARY KEY, v TEXT, hits INTEGER DEFAULT 0)');
  db.exec("INSERT INTO kv(k, v, hits) VALUES ('a', 'x', 5)");
  db.exec("INSERT OR REPLACE INTO kv(k, v) VALUES ('a', 'y')");
  observed = JSON.stringify(db.prepare("SELECT v, hits FROM kv WHERE k = 'a'").get());
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
