import Database from 'better-sqlite3';

const ID = 'sqlite-running-totals-1';
// Each option of the question, as the JSON array of `running` values it claims.
const claims = {
  A: '[10,35,35,36]',
  B: '[10,15,35,36]',
  C: '[36,36,36,36]',
  D: '[10,30,35,36]',
};

let observed;
try {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE sales(day INTEGER, amt INTEGER)');
  db.exec('INSERT INTO sales VALUES (1, 10), (2, 20), (2, 5), (3, 1)');
  const running = db
    .prepare('SELECT SUM(amt) OVER (ORDER BY day) AS running FROM sales ORDER BY day, amt')
    .pluck()
    .all();
  observed = JSON.stringify(running);
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
