import Database from 'better-sqlite3';

const ID = 'sqlite-running-totals-2';
// Each option of the question, as the JSON array of `pct` values it claims.
const claims = {
  A: '[25,75]',
  B: '[0,100]',
  C: '[0,0]',
  D: 'throws SqliteError',
};

let observed;
try {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE s(region TEXT, amt INTEGER)');
  db.exec("INSERT INTO s VALUES ('north', 1), ('south', 3)");
  const pct = db
    .prepare('SELECT amt / SUM(amt) OVER () * 100 AS pct FROM s ORDER BY region')
    .pluck()
    .all();
  observed = JSON.stringify(pct);
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
