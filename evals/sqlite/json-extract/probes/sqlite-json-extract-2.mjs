import Database from 'better-sqlite3';

const ID = 'sqlite-json-extract-2';
// Each option of the question, as the JSON.stringify of the row it claims.
const claims = {
  A: '{"x":"hi","y":"hi"}',
  B: '{"x":"hi","y":"\\"hi\\""}',
  C: 'throws SqliteError',
  D: '{"x":"\\"hi\\"","y":"hi"}',
};

let observed;
try {
  const db = new Database(':memory:');
  const row = db.prepare(`SELECT '{"a":"hi"}' -> '$.a' AS x, '{"a":"hi"}' ->> '$.a' AS y`).get();
  observed = JSON.stringify(row);
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
