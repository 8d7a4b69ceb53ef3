import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Digest } from '../format/digest.ts';
import type { Json } from '../format/json.ts';
import { hasRows, indexRows, tallyRows, type BundleSource } from './rows.ts';
import { rowsAgainstProvenance, rowTables } from './provenance.ts';
import { lostRefMessage, lostRefs } from './lost-refs.ts';
import type { Decoded } from '../format/bundle.ts';
import { INDEX_SCHEMA } from './schema.ts';
import type { Descriptor } from '../format/bundle.ts';
import type { BundleRef } from '../format/schemas.ts';
import { Index, INDEX_FILE, IndexUnusable, isCorrupt } from '../store/sqlindex.ts';
import type { Store } from '../store/store.ts';
import type { Code } from '../codes.ts';

/**
 * verify's index step (docs/design.md §6, step 9). The index is a cache, so every disagreement
 * between it and the bundles is EINDEX ("run `docket index rebuild`"), never a finding about a
 * bundle: a bundle is judged by its own bytes alone. Every table the index holds is compared with
 * the rows the bundles give: objects, edges and refs directly, the row tables (runs, attempts,
 * grades, verdicts…) by building them again from the bundles into a scratch index with the same
 * builders (rows.ts) and comparing the two row by row, in primary-key order.
 */
export interface IndexStep {
  checked: number;
  failed: number;
}

/** What verify found of one object (check/check-object.ts ObjectResult, whose layer sits above this one). */
export interface ObjectResult {
  digest: Digest;
  size: number;
  failure?: unknown;
  kind?: string;
  descriptor?: Descriptor;
  refs?: BundleRef[];
}

type Add = (code: Code, path: string | null, digest: string | null, message: string) => void;

/** Compared on their own below; every other table holds rows the bundles give. */
const BOOKKEEPING = new Set(['meta', 'objects', 'edges', 'refs', 'lost_refs']);
/** Rows of one table shown as findings; the rest are counted in one more. */
const SHOWN_PER_TABLE = 20;

export async function checkIndex(store: Store, results: ObjectResult[], quick: boolean, add: Add): Promise<IndexStep> {
  const step: IndexStep = { checked: 0, failed: 0 };
  const flag = (digest: string | null, message: string) => {
    step.failed++;
    add('EINDEX', INDEX_FILE, digest, message.includes('docket index rebuild') ? message : `${message}; run \`docket index rebuild\``);
  };
  let index: Index;
  try {
    index = Index.openReadOnly(store.dir, INDEX_SCHEMA);
  } catch (e) {
    if (!(e instanceof IndexUnusable) && !isCorrupt(e) && (e as NodeJS.ErrnoException).code === undefined) throw e;
    flag(null, `the index cache cannot be used: ${(e as Error).message}`);
    return step;
  }
  try {
    compareObjects(index, results, quick, flag, step);
    const refFiles = store.listRefs();
    compareRefs(index, refFiles, flag, step);
    reportLostRefs(index, store, refFiles, results, add, step);
    if (!quick) compareEdges(index, results, flag, step);
    compareProvenance(index, store, results, quick, flag, step);
  } catch (e) {
    if (!isCorrupt(e)) throw e;
    flag(null, `the index cache is damaged (${(e as Error).message})`);
  } finally {
    index.close();
  }
  return step;
}

type Flag = (digest: string | null, message: string) => void;

function compareObjects(index: Index, results: ObjectResult[], quick: boolean, flag: Flag, step: IndexStep) {
  const rows = new Map(index.objects().map((r) => [r.digest as string, r]));
  const present = new Set(results.map((r) => r.digest as string));
  for (const r of results) {
    step.checked++;
    if (r.failure) continue; // the object's own finding says it all; a rebuild leaves it out
    const row = rows.get(r.digest);
    if (!row) flag(r.digest, 'object is not in the index');
    else if (row.size !== r.size) flag(r.digest, `the index records ${row.size} bytes, the object has ${r.size}`);
    else if (!quick && r.descriptor && (row.kind !== r.descriptor.kind || row.contentDigest !== r.descriptor.contentDigest || row.contentSize !== r.descriptor.contentSize)) {
      flag(
        r.digest,
        `index row disagrees with the bundle (kind ${row.kind}/${r.descriptor.kind}, content ${row.contentDigest}/${r.descriptor.contentDigest}, ${row.contentSize}/${r.descriptor.contentSize} bytes)`,
      );
    }
  }
  for (const digest of rows.keys()) {
    step.checked++;
    if (!present.has(digest)) flag(digest, 'the index lists an object that is not in the archive');
  }
}

function compareRefs(index: Index, refFiles: readonly { name: string; raw: string }[], flag: Flag, step: IndexStep) {
  const fileRefs = new Map(refFiles.map((r) => [r.name, r.raw.trim()]));
  const idxRefs = new Map(index.refs().map((r) => [r.name, r.digest as string]));
  for (const [name, digest] of fileRefs) {
    step.checked++;
    if (idxRefs.get(name) !== digest) flag(digest, `ref ${name} is not in the index as ${digest}`);
  }
  // A ref the index has whose file is gone is not the cache's fault: it is a lost ref (reportLostRefs).
}

/**
 * The refs the index remembers that refs/ lost (lost-refs.ts): each an `ELOSTREF` naming the ref,
 * the digest it named and what `docket repair` can do about it. Not `EINDEX`: rebuilding the cache
 * would not bring the run back, restoring the ref does.
 */
function reportLostRefs(index: Index, store: Store, refFiles: readonly { name: string; raw: string }[], results: ObjectResult[], add: Add, step: IndexStep) {
  const byDigest = new Map(results.map((r) => [r.digest as string, r]));
  const objectState = (d: Digest) => {
    const r = byDigest.get(d);
    return !r ? 'missing' : r.failure ? 'damaged' : null;
  };
  for (const l of lostRefs(index, store, objectState, refFiles)) {
    step.checked++;
    step.failed++;
    add('ELOSTREF', `refs/${l.name}`, l.digest, lostRefMessage(l));
  }
}

function compareEdges(index: Index, results: ObjectResult[], flag: Flag, step: IndexStep) {
  const want = new Map<string, string>();
  for (const r of results) if (!r.failure) for (const ref of r.refs ?? []) want.set(`${r.digest} ${ref.pointer}`, `${ref.digest} ${ref.kind ?? ''}`);
  const failed = new Set(results.filter((r) => r.failure).map((r) => r.digest as string));
  const have = new Map<string, string>();
  for (const e of index.db.prepare('SELECT src, pointer, dst, expected_kind AS kind FROM edges').all() as { src: string; pointer: string; dst: string; kind: string | null }[]) {
    if (!failed.has(e.src)) have.set(`${e.src} ${e.pointer}`, `${e.dst} ${e.kind ?? ''}`);
  }
  diff('edges', want, have, flag, step);
}

/**
 * The rows against their provenance, and (full) the provenance against the bundles: each row
 * table is read once, its rows tallied by the bundle they name (rows.ts RowTally), and each tally
 * compared with the provenance row of that bundle and table. In full mode every bundle that gives
 * rows is also tallied from its own bytes with the same builders (nothing written) and compared
 * with that provenance. A bundle where either disagrees gets the row-by-row comparison
 * (compareRowTables), which names the rows.
 */
function compareProvenance(index: Index, store: Store, results: ObjectResult[], quick: boolean, flag: Flag, step: IndexStep) {
  const failed = new Set(results.filter((r) => r.failure).map((r) => r.digest as string));
  const waiting = new Set(index.db.prepare('SELECT digest FROM problems WHERE missing IS NOT NULL').pluck().all() as string[]);
  const held = rowsAgainstProvenance(index.db, rowTables(index.db), new Set([...failed, ...waiting]));
  step.checked += held.checked;
  const suspect = new Set(held.mismatches.map((m) => m.bundle));
  // --quick decodes no bundle: the rows against their recorded provenance is what it can say.
  if (quick) {
    for (const m of held.mismatches) flag(m.bundle, m.message);
    return;
  }
  const recorded = new Map<string, Map<string, { rows: number; digest: string }>>(); // bundle → table → record
  for (const [bundle, table, rows, digest] of index.db.prepare('SELECT bundle, tbl, rows, digest FROM provenance').raw().iterate() as IterableIterator<[string, string, number, string]>)
    (recorded.get(bundle) ?? recorded.set(bundle, new Map()).get(bundle)!).set(table, { rows, digest });
  {
    // The provenance against the bundles: each bundle that gives rows, tallied from its own bytes.
    const passed = new Map(results.filter((r) => !r.failure).map((r) => [r.digest as string, r]));
    const src: BundleSource = { get: (d) => (passed.has(d) ? lightDecode(store, passed.get(d)!) : store.get(d)) };
    for (const r of results) {
      if (r.failure || !r.kind || !r.descriptor || !hasRows(r.kind) || suspect.has(r.digest)) continue;
      const { tally, problem } = tallyRows(lightDecode(store, r), src);
      if (problem?.missing) continue; // waits for a bundle that is missing or damaged: that bundle's finding
      const mine = recorded.get(r.digest) ?? new Map<string, { rows: number; digest: string }>();
      for (const t of new Set([...tally.tables.keys(), ...mine.keys()])) {
        const want = mine.get(t);
        const got = tally.tables.get(t);
        if (!want || !got || want.rows !== got.rows || want.digest !== got.digest.toString('hex')) suspect.add(r.digest);
      }
    }
  }
  if (suspect.size) compareRowTables(index, store, results, [...suspect].sort(), flag, step);
}

/** A bundle that passed every check of its own just now: inflated and parsed, nothing checked again. */
function lightDecode(store: Store, r: ObjectResult): Decoded {
  const content = gunzipSync(readFileSync(store.objectPath(r.digest as Digest)));
  return { value: JSON.parse(content.toString('utf8')) as Json, content, descriptor: r.descriptor!, refs: r.refs ?? [] };
}

/** The rows of `bundles` built again from the bundles into a scratch index, against the index's, row by row. */
function compareRowTables(index: Index, store: Store, results: ObjectResult[], bundles: string[], flag: Flag, step: IndexStep) {
  const scratch = Index.scratch(INDEX_SCHEMA);
  try {
    const src: BundleSource = { get: (d) => store.get(d) };
    const only = new Set(bundles);
    const byDigest = new Map(results.map((r) => [r.digest as string, r]));
    scratch.db.transaction(() => {
      for (const b of bundles) {
        const r = byDigest.get(b);
        if (!r || r.failure || !r.kind || !r.descriptor || !hasRows(r.kind)) continue;
        indexRows(scratch.db, lightDecode(store, r), src);
      }
    })();
    // A bundle whose rows need a bundle that is missing or damaged now has whatever rows it had
    // when that bundle was good: the damage is that bundle's own finding, not the cache's.
    // The same holds for the rows of a damaged bundle itself (a rebuild leaves them out).
    const excused = new Set(scratch.db.prepare('SELECT digest FROM problems WHERE missing IS NOT NULL').pluck().all() as string[]);
    for (const r of results) if (r.failure) excused.add(r.digest);
    const have = new Set(index.tables());
    const named = new Set<string>();
    const flagRow = (digest: string | null, message: string) => {
      if (digest) named.add(digest);
      flag(digest, message);
    };
    for (const t of scratch.tables()) {
      if (BOOKKEEPING.has(t) || t === 'provenance') continue;
      if (!have.has(t)) flag(null, `the index has no table ${t}`);
      else compareTable(t, scratch, index, only, excused, flagRow, step);
    }
    // Rows that agree with their bundle under a provenance that does not: the record is what is wrong.
    for (const b of bundles) if (!named.has(b) && !excused.has(b)) flag(b, `the provenance the index records for the rows of ${b} does not match them`);
  } finally {
    scratch.close();
  }
}

/**
 * One table, both sides read in primary-key order and merged (memory stays flat however many
 * attempts there are). At most SHOWN_PER_TABLE differing rows are shown, the rest counted.
 */
function compareTable(table: string, want: Index, have: Index, only: Set<string>, excused: Set<string>, flag: Flag, step: IndexStep) {
  const pk = (want.db.prepare(`SELECT name, pk FROM pragma_table_info('${table}') WHERE pk > 0 ORDER BY pk`).all() as { name: string }[]).map((c) => c.name);
  const cols = want.db.prepare(`SELECT name FROM pragma_table_info('${table}') ORDER BY cid`).pluck().all() as string[];
  const keyAt = cols
    .map((c, i) => [c, i] as const)
    .filter(([c]) => pk.includes(c))
    .sort((a, b) => pk.indexOf(a[0]) - pk.indexOf(b[0]))
    .map(([, i]) => i);
  const select = `SELECT ${cols.map((c) => `"${c}"`).join(', ')} FROM "${table}" ORDER BY ${pk.map((c) => `"${c}"`).join(', ')}`;
  // Every row table's first key column names the bundle the row comes from.
  const rows = (db: Index) => {
    const it = db.db.prepare(select).raw().iterate() as IterableIterator<unknown[]>;
    return {
      next: (): IteratorResult<unknown[]> => {
        for (;;) {
          const r = it.next();
          if (r.done || (only.has(r.value[keyAt[0]!] as string) && !excused.has(r.value[keyAt[0]!] as string))) return r;
        }
      },
    };
  };
  const a = rows(want);
  const b = rows(have);
  const key = (row: unknown[]) => keyAt.map((i) => row[i]);
  let shown = 0;
  let more = 0;
  const report = (digest: string | null, message: string) => {
    if (shown++ < SHOWN_PER_TABLE) flag(digest, message);
    else {
      more++;
      step.failed++;
    }
  };
  const named = (row: unknown[]) => key(row).map(String).join(' ');
  const digestOf = (row: unknown[]) => (typeof key(row)[0] === 'string' && String(key(row)[0]).startsWith('sha256:') ? String(key(row)[0]) : null);
  let x = a.next();
  let y = b.next();
  while (!x.done || !y.done) {
    step.checked++;
    const order = x.done ? 1 : y.done ? -1 : compareKeys(key(x.value), key(y.value));
    if (order < 0) {
      report(digestOf(x.value), `table ${table} lacks the row for ${named(x.value)}`);
      x = a.next();
    } else if (order > 0) {
      report(digestOf(y.value), `table ${table} has a row for ${named(y.value)} that no bundle gives`);
      y = b.next();
    } else {
      const want = JSON.stringify(x.value);
      const got = JSON.stringify(y.value);
      if (want !== got) report(digestOf(x.value), `table ${table} disagrees with the bundles for ${named(x.value)} (index ${got}, bundles ${want})`);
      x = a.next();
      y = b.next();
    }
  }
  if (more) flag(null, `and ${more} more row(s) of table ${table} disagree with the bundles`);
  if (more) step.failed--; // the summary finding counted itself once more
}

/** SQLite's order for the values a key holds: NULL, then numbers, then text in UTF-8 byte order. */
function compareKeys(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = compareValue(a[i], b[i]);
    if (c) return c;
  }
  return 0;
}

function compareValue(a: unknown, b: unknown): number {
  const rank = (v: unknown) => (v === null ? 0 : typeof v === 'number' || typeof v === 'bigint' ? 1 : typeof v === 'string' ? 2 : 3);
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 1) return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
  if (ra === 2) return Buffer.compare(Buffer.from(a as string, 'utf8'), Buffer.from(b as string, 'utf8'));
  return 0;
}

function diff(table: string, want: Map<string, string>, have: Map<string, string>, flag: Flag, step: IndexStep, complete = true) {
  const digestOf = (key: string) => key.split(' ')[0] ?? null;
  for (const [key, row] of want) {
    step.checked++;
    const got = have.get(key);
    if (got === undefined) {
      if (complete) flag(digestOf(key), `table ${table} lacks the row for ${key}`);
    } else if (got !== row) flag(digestOf(key), `table ${table} disagrees with the bundles for ${key} (index ${got}, bundles ${row})`);
  }
  for (const key of have.keys()) {
    step.checked++;
    if (!want.has(key)) flag(digestOf(key), `table ${table} has a row for ${key} that no bundle gives`);
  }
}
