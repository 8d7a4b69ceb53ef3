// 64-bit-safe ID handling with better-sqlite3 and JSON.
import Database from 'better-sqlite3';

export function openEventStore(file = ':memory:') {
  const db = new Database(file);
  db.exec('CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO events (id, payload) VALUES (?, ?)');
  const byId = db.prepare('SELECT id, payload FROM events WHERE id = ?').safeIntegers(true);
  return {
    add(id, payload) {
      if (typeof id !== 'bigint') throw new TypeError('id must be a BigInt');
      insert.run(id, payload);
    },
    get(id) {
      return byId.get(BigInt(id)); // row.id is a BigInt, exact for any 64-bit value
    },
    close() { db.close(); },
  };
}

// Quote integer literals longer than 15 digits so JSON.parse keeps them exact as strings.
export function parseWithBigIds(text) {
  const quoted = text.replace(/("(?:[^"\\]|\\.)*")|(?<![\d.eE+-])(-?\d{16,})(?![\d.eE])/g,
    (m, str, big) => (str !== undefined ? str : `"${big}"`));
  return JSON.parse(quoted);
}
