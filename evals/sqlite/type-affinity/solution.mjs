import Database from 'better-sqlite3';

/** Open (or create) a readings store whose table rejects mistyped values. */
export function openReadings(filename = ':memory:') {
  const db = new Database(filename);
  db.exec(`CREATE TABLE IF NOT EXISTS readings (
    sensor TEXT NOT NULL,
    ts     INTEGER NOT NULL,
    value  REAL NOT NULL
  ) STRICT`);
  return db;
}

/**
 * Insert rows parsed from CSV (all fields are strings). Numeric text is
 * coerced by the STRICT table; anything else throws SqliteError and the
 * whole batch is rolled back.
 */
export function importReadings(db, rows) {
  const insert = db.prepare('INSERT INTO readings (sensor, ts, value) VALUES (?, ?, ?)');
  const insertAll = db.transaction((batch) => {
    for (const { sensor, ts, value } of batch) {
      if (typeof ts === 'string' && !/^-?\d+$/.test(ts.trim())) {
        throw new TypeError(`bad timestamp ${JSON.stringify(ts)}`);
      }
      insert.run(sensor, ts, value);
    }
  });
  insertAll(rows);
  return db.prepare('SELECT count(*) FROM readings').pluck().get();
}
