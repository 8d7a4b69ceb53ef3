import Database from 'better-sqlite3';

export function openSales(filename = ':memory:') {
  const db = new Database(filename);
  db.exec(`CREATE TABLE IF NOT EXISTS sales (
    id  INTEGER PRIMARY KEY,
    day INTEGER NOT NULL,
    amt INTEGER NOT NULL
  )`);
  return db;
}

/**
 * One row per sale, ordered by (day, id): a per-row running total and the
 * sale's share of the grand total in percent, rounded to 2 decimals.
 */
export function salesReport(db) {
  return db
    .prepare(
      `SELECT id, day, amt,
              SUM(amt) OVER (ORDER BY day, id
                             ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running,
              ROUND(amt * 100.0 / SUM(amt) OVER (), 2) AS pct
         FROM sales
        ORDER BY day, id`,
    )
    .all();
}

/** Running total per day (one row per day), where peers must be merged. */
export function dailyRunning(db) {
  return db
    .prepare(
      `SELECT day, SUM(amt) AS total,
              SUM(SUM(amt)) OVER (ORDER BY day) AS running
         FROM sales GROUP BY day ORDER BY day`,
    )
    .all();
}
