import type Database from 'better-sqlite3';
import type { Code } from '../codes.ts';
import { findingError } from '../errors.ts';
import { isDigest, type Digest } from '../format/digest.ts';
import type { Store } from '../store/store.ts';
import { hasRows, rowHash, xorInto } from './rows.ts';

/**
 * The provenance of the index's rows (docs/design.md §5 "Provenance"): every row of a row table
 * names, in its first column, the bundle it was derived from, and the `provenance` table records,
 * for each bundle and table, how many rows the bundle gave and the digest of those rows (rows.ts
 * RowTally). An answer read from the index rests on rows whose agreement with their bundles is
 * checked first: the bundles are re-hashed against their names (size and SHA-256 of the stored
 * bytes, no decoding), and the rows read are hashed again against their recorded digest (and every
 * table's row count against its record). A disagreement is EINDEX (exit 1) naming `docket index
 * rebuild`, a damaged bundle its own finding: never a changed number.
 *
 * What this proves, and what not: the rows are the ones written from those bundles, unless someone
 * rewrote rows and their digests together (the index is a cache anyone with the file can rewrite;
 * full `docket verify` derives every row from the bundles again).
 */

/** One bundle whose rows an answer uses, and the tables it reads them from. */
export interface RowUse {
  bundle: string;
  tables: readonly string[];
}

/** What a disagreement says: a code (EINDEX, or the damaged bundle's own) and a message. */
export interface Disagreement {
  code: Code;
  bundle: string;
  message: string;
}

/**
 * Check that the rows `uses` names agree with their provenance, and that every bundle in `rehash`
 * (those rows' bundles and the bundles their rows were derived from) still hashes to its name.
 * Returns every disagreement found (empty: the rows can be trusted as the bundles' own).
 */
export function checkProvenance(db: Database.Database, store: Store, uses: readonly RowUse[], rehash: Iterable<string>): Disagreement[] {
  const out: Disagreement[] = [];
  const seen = new Set<string>();
  for (const d of rehash) {
    if (seen.has(d)) continue;
    seen.add(d);
    const bad = damage(store, d as Digest);
    if (bad) out.push(bad);
  }
  const recorded = db.prepare('SELECT tbl, rows, digest FROM provenance WHERE bundle = ?').raw();
  const merged = new Map<string, Set<string>>();
  for (const u of uses) for (const t of u.tables) (merged.get(u.bundle) ?? merged.set(u.bundle, new Set()).get(u.bundle)!).add(t);
  for (const u of uses) if (!merged.has(u.bundle)) merged.set(u.bundle, new Set());
  for (const [bundle, tables] of merged) {
    const u = { bundle, tables: [...tables] };
    const rec = new Map((recorded.all(u.bundle) as [string, number, string][]).map(([t, rows, digest]) => [t, { rows, digest }]));
    if (rec.size === 0 && givesRows(db, u.bundle)) {
      out.push({ code: 'EINDEX', bundle: u.bundle, message: `the index records no rows of bundle ${u.bundle}` });
      continue;
    }
    for (const table of u.tables) {
      const want = rec.get(table) ?? { rows: 0, digest: null };
      const got = tableRows(db, table, u.bundle);
      if (got.rows !== want.rows) out.push({ code: 'EINDEX', bundle: u.bundle, message: `table ${table}: bundle ${u.bundle} gave ${want.rows} row(s), the index holds ${got.rows}` });
      else if (want.rows > 0 && got.digest !== want.digest)
        out.push({ code: 'EINDEX', bundle: u.bundle, message: `table ${table}: the rows of bundle ${u.bundle} are not the ones derived from it (their digest is not the one recorded)` });
    }
    // The tables not read are counted, so a row deleted anywhere is seen.
    for (const [table, want] of rec) {
      if (u.tables.includes(table)) continue;
      const rows = countRows(db, table, u.bundle);
      if (rows !== want.rows) out.push({ code: 'EINDEX', bundle: u.bundle, message: `table ${table}: bundle ${u.bundle} gave ${want.rows} row(s), the index holds ${rows}` });
    }
  }
  return out;
}

/** The index lists the bundle as one of a kind that gives rows (a bundle of another kind gives none). */
function givesRows(db: Database.Database, bundle: string): boolean {
  const kind = db.prepare('SELECT kind FROM objects WHERE digest = ?').pluck().get(bundle) as string | undefined;
  return kind !== undefined && hasRows(kind);
}

/** Throw the first disagreement as the error a reading command ends with (exit 1), counting the rest. */
export function requireAgreement(found: readonly Disagreement[]) {
  if (!found.length) return;
  const first = found.find((d) => d.code !== 'EINDEX') ?? found[0]!;
  const more = found.length > 1 ? ` (and ${found.length - 1} more disagreement(s))` : '';
  if (first.code === 'EINDEX') {
    throw findingError('EINDEX', `the index cache disagrees with the bundles it was built from: ${first.message}${more}; nothing was answered from it: run \`docket index rebuild\``, {
      bundle: first.bundle,
      disagreements: found.length,
    });
  }
  throw findingError(first.code, `${first.message}${more}; nothing was answered: run \`docket verify\` (and \`docket repair\`)`, { digest: first.bundle, disagreements: found.length });
}

/** Size and SHA-256 of a stored object against its name (the re-hash: no decoding). */
function damage(store: Store, digest: Digest): Disagreement | null {
  if (!isDigest(digest)) return { code: 'EINDEX', bundle: digest, message: `the index names ${JSON.stringify(digest)} as a bundle, which is not a digest` };
  const failure = store.rehash(digest);
  if (!failure) return null;
  if (failure.code === 'EMISSING') return { code: 'EMISSING', bundle: digest, message: `bundle ${digest}, whose rows the index holds, is not in the store` };
  return { code: failure.code, bundle: digest, message: `bundle ${digest} is damaged (${failure.message})` };
}

/** The rows `bundle` gave `table`, as the index holds them now: count and digest (rows.ts RowTally). */
export function tableRows(db: Database.Database, table: string, bundle: string): { rows: number; digest: string } {
  const acc = Buffer.alloc(32);
  let rows = 0;
  for (const row of db
    .prepare(`SELECT * FROM "${table}" WHERE "${sourceColumn(db, table)}" = ?`)
    .raw()
    .iterate(bundle) as IterableIterator<unknown[]>) {
    rows++;
    xorInto(acc, rowHash(row));
  }
  return { rows, digest: acc.toString('hex') };
}

function countRows(db: Database.Database, table: string, bundle: string): number {
  return db
    .prepare(`SELECT COUNT(*) FROM "${table}" WHERE "${sourceColumn(db, table)}" = ?`)
    .pluck()
    .get(bundle) as number;
}

const columns = new WeakMap<Database.Database, Map<string, string>>();

/** A row table's first column: the bundle its rows come from. */
export function sourceColumn(db: Database.Database, table: string): string {
  let m = columns.get(db);
  if (!m) columns.set(db, (m = new Map()));
  let c = m.get(table);
  if (c === undefined) {
    c = db.prepare(`SELECT name FROM pragma_table_info(?) WHERE cid = 0`).pluck().get(table) as string | undefined;
    if (c === undefined) throw findingError('EINDEX', `the index has no table ${table}: run \`docket index rebuild\``, { table });
    m.set(table, c);
  }
  return c;
}

/** The tables that hold rows derived from bundles (each row's first column names its bundle). */
export function rowTables(db: Database.Database): string[] {
  const all = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  return all.filter((t) => !NOT_ROWS.has(t));
}
const NOT_ROWS = new Set(['meta', 'objects', 'edges', 'refs', 'lost_refs', 'problems', 'provenance']);

/** A bundle's rows in one table that do not match their recorded provenance. */
export interface RowMismatch {
  bundle: string;
  table: string;
  message: string;
}

/**
 * Every row of `tables`, tallied by the bundle it names, against the provenance: the check that
 * decodes no bundle (`verify --quick`, and what `sql` and `export` warn about). `skip`: bundles
 * whose rows are another finding's (a damaged bundle, rows waiting for a missing one).
 */
export function rowsAgainstProvenance(db: Database.Database, tables: readonly string[] = rowTables(db), skip: ReadonlySet<string> = new Set()): { checked: number; mismatches: RowMismatch[] } {
  const wanted = new Set(tables);
  const recorded = new Map<string, { rows: number; digest: string }>(); // `${bundle} ${table}`
  for (const [bundle, table, rows, digest] of db.prepare('SELECT bundle, tbl, rows, digest FROM provenance').raw().iterate() as IterableIterator<[string, string, number, string]>)
    if (wanted.has(table)) recorded.set(`${bundle} ${table}`, { rows, digest });
  const held = new Map<string, { rows: number; digest: Buffer }>();
  for (const table of tables) {
    for (const row of db.prepare(`SELECT * FROM "${table}"`).raw().iterate() as IterableIterator<unknown[]>) {
      const key = `${String(row[0])} ${table}`;
      let t = held.get(key);
      if (!t) held.set(key, (t = { rows: 0, digest: Buffer.alloc(32) }));
      t.rows++;
      xorInto(t.digest, rowHash(row));
    }
  }
  const mismatches: RowMismatch[] = [];
  let checked = 0;
  for (const key of new Set([...recorded.keys(), ...held.keys()])) {
    checked++;
    const at = key.indexOf(' ');
    const bundle = key.slice(0, at);
    const table = key.slice(at + 1);
    if (skip.has(bundle)) continue;
    const want = recorded.get(key);
    const got = held.get(key);
    if (want && got && want.rows === got.rows && want.digest === got.digest.toString('hex')) continue;
    mismatches.push({
      bundle,
      table,
      message: !want
        ? `table ${table} holds ${got!.rows} row(s) of ${bundle}, for which the index records no provenance`
        : !got || want.rows !== got.rows
          ? `table ${table} holds ${got?.rows ?? 0} row(s) of ${bundle}; ${want.rows} were derived from it`
          : `table ${table}: the rows of ${bundle} are not the ones derived from it (their digest is not the one recorded)`,
    });
  }
  return { checked, mismatches };
}

/** The tables a statement reads (its plan's OpenRead cursors, views resolved to their tables). */
export function tablesRead(db: Database.Database, sql: string): string[] {
  const byRoot = new Map((db.prepare('SELECT rootpage, tbl_name FROM sqlite_master WHERE rootpage > 0').raw().all() as [number, string][]).map(([r, t]) => [r, t]));
  const out = new Set<string>();
  for (const op of db.prepare(`explain ${sql}`).all() as { opcode: string; p2: number; p3: number }[]) {
    if (op.opcode === 'OpenRead' && op.p3 === 0) {
      const t = byRoot.get(op.p2);
      if (t) out.add(t);
    }
  }
  return [...out].sort();
}

/**
 * What `docket sql` and `docket export` say on stderr (and in `warnings`) before an answer the
 * bundles were not checked for: bundles whose derived rows the index left out (`problems`), refs
 * it remembers that refs/ lost (`lost_refs`: their runs are missing from the answer), and rows of
 * the tables the statement reads that disagree with their provenance.
 */
export function indexWarnings(db: Database.Database, sql: string): string[] {
  const out: string[] = [];
  const problems = db.prepare('SELECT digest, kind, code, message FROM problems ORDER BY digest').raw().all() as [string, string, string, string][];
  if (problems.length) {
    const [d, kind, code, message] = problems[0]!;
    out.push(
      `the index left out the derived rows of ${problems.length} bundle(s) (first: ${kind} ${d}: ${code}: ${message}), so its tables do not hold all the archive holds: \`docket verify\` says why`,
    );
  }
  const lost = db.prepare('SELECT name, digest FROM lost_refs ORDER BY name').raw().all() as [string, string][];
  if (lost.length) {
    const [name, digest] = lost[0]!;
    out.push(`the index remembers ${lost.length} ref(s) lost from refs/ (first: ${name} → ${digest}), left out of the current refs: \`docket repair\` restores them (\`docket verify\` lists them)`);
  }
  const tables = tablesRead(db, sql).filter((t) => !NOT_ROWS.has(t));
  const { mismatches } = rowsAgainstProvenance(db, tables);
  if (mismatches.length) {
    out.push(`the index disagrees with the bundles it was built from: ${mismatches[0]!.message}${mismatches.length > 1 ? ` (and ${mismatches.length - 1} more)` : ''}: run \`docket index rebuild\``);
  }
  return out;
}
