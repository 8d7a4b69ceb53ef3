import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { indexHooksFor } from './archive.ts';
import type { ObjectResult } from '../check/check-object.ts';
import type { Digest } from '../format/digest.ts';
import type { Json } from '../format/json.ts';
import { Index, INDEX_FILE, IndexUnusable, isCorrupt } from './sqlindex.ts';
import type { Store } from './store.ts';
import type { Code } from '../codes.ts';

/**
 * verify's index step (docs/design.md §6, step 9). The index is a cache, so every disagreement
 * between it and the bundles is EINDEX ("run `docket index rebuild`"), never a finding about a
 * bundle: a bundle is judged by its own bytes alone. Every table the index holds is compared with
 * the rows the bundles give: objects, edges and refs directly (complete), the kind tables (runs,
 * grades…) by running their index hooks into an in-memory index (every row present must match).
 */
export interface IndexStep {
  checked: number;
  failed: number;
}

type Add = (code: Code, path: string | null, digest: string | null, message: string) => void;

const CORE = new Set(['meta', 'objects', 'edges', 'refs']);
/** The kind tables of the modules loaded below (compared even when no bundle of their kind is left). */
const KIND_TABLES = new Set(['runs', 'grades']);

export async function checkIndex(store: Store, results: ObjectResult[], quick: boolean, add: Add): Promise<IndexStep> {
  // The modules that own kind tables register their hooks when loaded; loaded here (not at the top)
  // so that a --quick verify does not pay for them.
  if (!quick) await Promise.all([import('../runs/runs.ts'), import('../grading/grades.ts')]);
  const step: IndexStep = { checked: 0, failed: 0 };
  const flag = (digest: string | null, message: string) => {
    step.failed++;
    add('EINDEX', INDEX_FILE, digest, message.includes('docket index rebuild') ? message : `${message}; run \`docket index rebuild\``);
  };
  let index: Index;
  try {
    index = Index.openReadOnly(store.dir);
  } catch (e) {
    if (!(e instanceof IndexUnusable) && !isCorrupt(e) && (e as NodeJS.ErrnoException).code === undefined) throw e;
    flag(null, `the index cache cannot be used: ${(e as Error).message}`);
    return step;
  }
  try {
    compareObjects(index, results, quick, flag, step);
    compareRefs(index, store, flag, step);
    if (!quick) {
      compareEdges(index, results, flag, step);
      compareKindTables(index, store, results, flag, step);
    }
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
      flag(r.digest, `index row disagrees with the bundle (kind ${row.kind}/${r.descriptor.kind}, content ${row.contentDigest}/${r.descriptor.contentDigest}, ${row.contentSize}/${r.descriptor.contentSize} bytes)`);
    }
  }
  for (const digest of rows.keys()) {
    step.checked++;
    if (!present.has(digest)) flag(digest, 'the index lists an object that is not in the archive');
  }
}

function compareRefs(index: Index, store: Store, flag: Flag, step: IndexStep) {
  const fileRefs = new Map(store.listRefs().map((r) => [r.name, r.raw.trim()]));
  const idxRefs = new Map(index.refs().map((r) => [r.name, r.digest as string]));
  for (const [name, digest] of fileRefs) {
    step.checked++;
    if (idxRefs.get(name) !== digest) flag(digest, `ref ${name} is not in the index as ${digest}`);
  }
  for (const name of idxRefs.keys()) {
    step.checked++;
    if (!fileRefs.has(name)) flag(null, `the index has ref ${name}, which is not in refs/`);
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

/** Rows of the kind tables as the hooks write them from the bundles, against the index's rows. */
function compareKindTables(index: Index, store: Store, results: ObjectResult[], flag: Flag, step: IndexStep) {
  const mem = Index.memory();
  try {
    for (const r of results) {
      if (r.failure || !r.kind || !r.descriptor) continue;
      const hooks = indexHooksFor(r.kind);
      if (!hooks.length) continue;
      // The object passed every check of its own just now: its value is all a hook needs.
      const value = JSON.parse(gunzipSync(readFileSync(store.objectPath(r.digest as Digest))).toString('utf8')) as Json;
      const d = { value, descriptor: r.descriptor!, refs: r.refs ?? [] };
      for (const hook of hooks) hook(mem, d);
    }
    // A table is compared when a hook loaded here writes it: a table of a module this verify does
    // not load would otherwise look like rows no bundle gives.
    const tables = new Set([...tableNames(mem), ...tableNames(index).filter((t) => KIND_TABLES.has(t))].filter((t) => !CORE.has(t)));
    // A kind table may lack rows (it is filled lazily: a process that never loaded the table's
    // module stores the bundle without its row, and the reader adds it), but every row it has
    // must be the bundle's.
    for (const t of [...tables].sort()) diff(t, rowsOf(mem, t), rowsOf(index, t), flag, step, false);
  } finally {
    mem.close();
  }
}

function tableNames(idx: Index): string[] {
  return (idx.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((r) => r.name);
}

/** A table's rows keyed by their first column (the primary key of every kind table), as canonical text. */
function rowsOf(idx: Index, table: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!tableNames(idx).includes(table)) return out;
  for (const row of idx.db.prepare(`SELECT * FROM "${table.replaceAll('"', '""')}"`).all() as Record<string, unknown>[]) {
    const keys = Object.keys(row).sort();
    out.set(String(row[Object.keys(row)[0]!]), JSON.stringify(keys.map((k) => [k, row[k]])));
  }
  return out;
}

function diff(table: string, want: Map<string, string>, have: Map<string, string>, flag: Flag, step: IndexStep, complete = true) {
  const digestOf = (key: string) => key.split(' ')[0] ?? null;
  for (const [key, row] of want) {
    step.checked++;
    const got = have.get(key);
    if (got === undefined) {
      if (complete) flag(digestOf(key), `table ${table} lacks the row for ${key}`);
    }
    else if (got !== row) flag(digestOf(key), `table ${table} disagrees with the bundles for ${key} (index ${got}, bundles ${row})`);
  }
  for (const key of have.keys()) {
    step.checked++;
    if (!want.has(key)) flag(digestOf(key), `table ${table} has a row for ${key} that no bundle gives`);
  }
}
