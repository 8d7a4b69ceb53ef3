import Database from 'better-sqlite3';

export function openItems(filename = ':memory:') {
  const db = new Database(filename);
  db.exec(`CREATE TABLE IF NOT EXISTS items (
    id  INTEGER PRIMARY KEY,
    doc TEXT NOT NULL CHECK (json_valid(doc))
  )`);
  return db;
}

export function addItem(db, obj) {
  return db.prepare('INSERT INTO items (doc) VALUES (?)').run(JSON.stringify(obj)).lastInsertRowid;
}

/**
 * Items whose doc has "enabled": true and whose "tags" array contains `tag`.
 * Returns [{ id, name, tags }] with tags as a real JavaScript array.
 */
export function findEnabledWithTag(db, tag) {
  const rows = db
    .prepare(
      `SELECT id, doc ->> '$.name' AS name, json_extract(doc, '$.tags') AS tags
         FROM items
        WHERE json_extract(doc, '$.enabled') = 1           -- JSON true -> 1
          AND EXISTS (SELECT 1 FROM json_each(items.doc, '$.tags') WHERE value = ?)
        ORDER BY id`,
    )
    .all(tag);
  return rows.map((r) => ({ ...r, tags: r.tags === null ? [] : JSON.parse(r.tags) }));
}
