import Database from 'better-sqlite3';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { ArgumentsCamelCase } from 'yargs';
import { usageError } from '../../replay/errors.ts';
import { Archive } from '../../replay/index/archive.ts';
import { INDEX_SCHEMA_VERSION } from '../../replay/index/schema.ts';
import { INDEX_FILE } from '../../replay/store/sqlindex.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';

export interface Args extends GlobalArgs {
  query: string;
  csv: boolean;
}

/**
 * The index, brought up to date with the bundles, opened read-only (SQLite refuses every write on
 * this connection, and `query_only` refuses them again). When it cannot be brought up to date (a
 * read-only archive) the existing file is read as it stands, with a warning on stderr.
 */
export function openIndexForReading(archiveDir: string): Database.Database {
  const archive = new Archive(archiveDir);
  try {
    archive.currentIndex();
  } catch (e) {
    const err = e as { name?: string; code?: unknown; syscall?: unknown };
    if (!(err?.name === 'SqliteError' || (typeof err?.code === 'string' && typeof err.syscall === 'string'))) throw e;
    process.stderr.write(`docket: warning: the index could not be brought up to date (${(e as Error).message}); answering from it as it stands\n`);
  } finally {
    archive.close();
  }
  const path = join(archiveDir, INDEX_FILE);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw usageError('EINDEX', `cannot open the index ${path} (${(e as Error).message}): run \`docket index rebuild\``, { path });
  }
  db.pragma('query_only = ON');
  const version = db.prepare("SELECT value FROM meta WHERE key = 'schemaVersion'").pluck().get();
  if (version !== String(INDEX_SCHEMA_VERSION)) {
    db.close();
    throw usageError('EINDEX', `the index ${path} has schema ${String(version)}, this docket reads ${INDEX_SCHEMA_VERSION}: run \`docket index rebuild\``, { path });
  }
  return db;
}

/** One statement that only reads and returns rows; anything else is a coded usage error, and nothing runs. */
export function prepareQuery(db: Database.Database, query: string): Database.Statement {
  let stmt: Database.Statement;
  try {
    stmt = db.prepare(query);
  } catch (e) {
    throw usageError(
      'ESQL',
      `the query cannot be run: ${(e as Error).message} (one SQLite statement over the tables and views of docs/design.md §5; \`docket sql "SELECT name FROM sqlite_master"\` lists them)`,
      { query },
    );
  }
  if (!stmt.readonly) {
    throw usageError(
      'ESQLWRITE',
      'docket sql only reads: the index is a cache rebuilt from the bundles, so a change made to it would prove nothing and be lost at the next rebuild; nothing was changed. Change the archive with docket commands (put, run, regrade, repair)',
      { query },
    );
  }
  if (!stmt.reader) throw usageError('ESQL', 'the statement returns no rows: ask with SELECT (or WITH … SELECT)', { query });
  return stmt;
}

export function runQuery<T>(f: () => T, query: string): T {
  try {
    return f();
  } catch (e) {
    if ((e as { name?: string }).name === 'SqliteError') throw usageError('ESQL', `the query failed: ${(e as Error).message}`, { query });
    throw e;
  }
}

/** RFC 4180 CSV (csv-stringify): NULL is an empty field; `header` adds the column names first. */
export function csvText(columns: string[], rows: unknown[][], header: boolean): string {
  return stringify(rows, { header, columns, cast: { boolean: (b) => (b ? '1' : '0') } });
}

/** Columns padded to their widest cell; numbers right-aligned; NULL shown as NULL. */
function printAligned(columns: string[], rows: unknown[][]) {
  const cell = (v: unknown) => (v === null ? 'NULL' : typeof v === 'object' ? `x'${Buffer.from(v as Uint8Array).toString('hex')}'` : String(v));
  const text = rows.map((r) => r.map(cell));
  const numeric = columns.map((_, i) => rows.length > 0 && rows.every((r) => r[i] === null || typeof r[i] === 'number' || typeof r[i] === 'bigint'));
  const widths = columns.map((c, i) => Math.max(c.length, ...text.map((r) => r[i]!.length)));
  const fmt = (r: string[]) =>
    r
      .map((v, i) => (numeric[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  line(fmt(columns));
  line(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of text) line(fmt(r));
  line(`(${rows.length} row${rows.length === 1 ? '' : 's'})`);
}

export function runSql(argv: ArgumentsCamelCase<Args>) {
  requireDir(argv.archive, 'archive');
  const db = openIndexForReading(argv.archive);
  try {
    const stmt = prepareQuery(db, argv.query);
    const columns = stmt.columns().map((c) => c.name);
    const rows = runQuery(() => stmt.raw().all() as unknown[][], argv.query);
    if (argv.json) printJson({ columns, rows: rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]]))) });
    else if (argv.csv) process.stdout.write(csvText(columns, rows, true));
    else printAligned(columns, rows);
  } finally {
    db.close();
  }
}
