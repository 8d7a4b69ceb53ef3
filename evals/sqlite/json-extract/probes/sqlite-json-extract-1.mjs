import Database from 'better-sqlite3';

const ID = 'sqlite-json-extract-1';
// Each option of the question, as the JSON.stringify of the row it claims.
const claims = {
  A: '{"ok":true,"tags":["x"]}',
  B: '{"ok":1,"tags":"[\\"x\\"]"}',
  C: '{"ok":"true","tags":"[\\"x\\"]"}',
  D: '{"ok":1,"tags":["x"]}',
};

let observed;
try {
  const db = new Database(':memory:');
  const row = db
    .prepare(
      `SELECT json_extract(doc, '$.ok') AS ok, json_extract(doc, '$.tags') AS tags
         FROM (SELECT '{"ok":true,"tags":["x"]}' AS doc)`,
    )
    .get();
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
