import Database from 'better-sqlite3';

export function openUsers(filename = ':memory:') {
  const db = new Database(filename);
  // NOT NULL: a UNIQUE column alone would accept any number of NULL emails.
  db.exec(`CREATE TABLE IF NOT EXISTS users (
    id          INTEGER PRIMARY KEY,
    email       TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name        TEXT,
    login_count INTEGER NOT NULL DEFAULT 0
  )`);
  return db;
}

/**
 * Insert or update a user by email, keeping id and login_count intact.
 * Returns the user's id.
 */
export function upsertUser(db, { email, name }) {
  if (typeof email !== 'string' || email.trim() === '') {
    throw new TypeError('email is required');
  }
  return db
    .prepare(
      `INSERT INTO users (email, name) VALUES (?, ?)
       ON CONFLICT(email) DO UPDATE SET name = excluded.name
       RETURNING id`,
    )
    .pluck()
    .get(email.trim(), name ?? null);
}

export function recordLogin(db, email) {
  return db.prepare('UPDATE users SET login_count = login_count + 1 WHERE email = ?').run(email).changes;
}
