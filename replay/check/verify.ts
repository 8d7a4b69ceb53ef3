import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { MAX_OBJECT_BYTES } from '../format/bundle.ts';
import { checkObject, STAGES, type ObjectResult, type StageName } from './check-object.ts';
import { isDigest, type Digest } from '../format/digest.ts';
import { checkIndex } from '../index/check.ts';
import { checkWorkJournals } from '../runs/runs.ts';
import { Index, INDEX_FILE } from '../store/sqlindex.ts';
import { pullShared } from '../accel/pull.ts';
import { OBJECTS_DIR, Store } from '../store/store.ts';
import { isStaleTemp, isTempName, tempOwner } from '../store/temps.ts';
import { decodeRedaction, listRedactions, REDACTED_DIR, redactionSummary, type RedactionRecord } from '../store/redaction.ts';
import { DocketError } from '../errors.ts';
import { readFileSync } from 'node:fs';
import { dropVerifyWorker, startVerifyWorker, takeVerifyWorker } from './verify-prestart.ts';
import type { Code } from '../codes.ts';
import { finding, type Finding, type FindingData, type Severity } from '../findings.ts';

/**
 * `docket verify`: read-only, restic-style. Every finding is collected (never stop at the first),
 * typed with a stable code, and split into errors and hints. docs/design.md §6 lists the steps.
 */
export type { Finding, Severity };
export interface Step {
  name: string;
  checked: number;
  failed: number;
  ms: number;
  skipped?: string;
}
export interface VerifyReport {
  ok: boolean;
  archive: string;
  quick: boolean;
  findings: Finding[];
  steps: Step[];
  objects: number;
  bytes: number;
}

export interface VerifyOptions {
  quick?: boolean;
  /** --quick hashes on two threads from this many objects up (default 256; tests lower it). */
  quickThreadsFrom?: number;
  workers?: number; // default: all cores once the archive is big enough to pay for threads
  onProgress?: (done: number, total: number) => void;
  /**
   * Results of objects already checked from the very bytes now on disk (release verify checks
   * bundles while the tar streams by and proves the extracted files equal them), keyed by path.
   */
  prechecked?: Map<string, ObjectResult>;
}

const TOP_LEVEL = new Set(['objects', 'refs', 'runs', REDACTED_DIR, INDEX_FILE, `${INDEX_FILE}-wal`, `${INDEX_FILE}-shm`, '.gitignore']);
const STEP_TITLES: Record<StageName, string> = {
  size: 'size',
  digest: 'sha256 digest',
  gzip: 'strict gzip',
  inflate: 'inflate (capped)',
  parse: 'strict JSON',
  schema: 'schema',
};

export async function verifyArchive(archive: string, opts: VerifyOptions = {}): Promise<VerifyReport> {
  const quick = !!opts.quick;
  const store = new Store(archive);
  // --quick on a big archive: start the second thread now, so its start-up (65-110 ms here) overlaps
  // the listing. The fan-out directories present are a free lower bound on the object count.
  const quickFrom = opts.quickThreadsFrom ?? 256;
  // The CLI may have started a worker already (verify-prestart.ts): taken here when it fits.
  const early = quick && opts.workers === undefined && availableParallelism() > 1 && fanOut(archive) >= Math.min(quickFrom, 128) ? (takeVerifyWorker(true) ?? startVerifyWorker(true)) : null;
  try {
    return await verifyListed(archive, store, opts, early);
  } finally {
    void early?.terminate(); // again, if checkAll used it: harmless
    dropVerifyWorker(); // one the CLI started and this verify did not use
  }
}

async function verifyListed(archive: string, store: Store, opts: VerifyOptions, early: Worker | null): Promise<VerifyReport> {
  const quick = !!opts.quick;
  const findings: Finding[] = [];
  const steps: Step[] = [];
  const add = (code: Code, message: string, data: FindingData, severity: Severity = 'error') => findings.push(finding(code, message, data, severity));

  // Step 0: layout (strays and leftovers), before touching object contents.
  let t = performance.now();
  const listing = store.list();
  const top = existsSync(archive) ? readdirSync(archive).filter((n) => !TOP_LEVEL.has(n)) : [];
  const topStrays = top.filter((n) => !isTempName(n));
  const red = listRedactions(archive);
  const temps = [...top.filter(isTempName), ...listing.temps, ...store.refTemps(), ...runTemps(archive), ...red.temps];
  for (const p of [...topStrays, ...listing.strays, ...red.strays]) add('ESTRAY', 'not an object, ref or index file: move it out of the archive', { path: p, digest: null });
  for (const p of temps) add('HTEMP', tempMessage(archive, p), { path: p, digest: null }, 'hint');
  steps.push({
    name: 'layout',
    checked: listing.objects.length + listing.strays.length + temps.length + topStrays.length + red.strays.length,
    failed: topStrays.length + listing.strays.length + red.strays.length,
    ms: performance.now() - t,
  });

  // Redaction records (design.md §23): each read and checked; each a hint saying what was taken out.
  t = performance.now();
  const redacted = new Map<Digest, RedactionRecord>();
  const listed = new Set(listing.objects.map((o) => o.digest));
  let badRecords = 0;
  for (const r of red.records) {
    try {
      const rec = decodeRedaction(readFileSync(join(archive, r.path)), r.digest, r.path);
      if (listed.has(r.digest)) {
        badRecords++;
        add('EREDACTION', `the object ${r.digest} is still stored beside its redaction record: its content was not removed; run \`docket redact ${r.digest} --reason …\` again`, {
          path: r.path,
          digest: r.digest,
        });
        continue;
      }
      redacted.set(r.digest, rec);
      add('HREDACTED', `content removed by docket redact: ${redactionSummary(rec)}`, { path: r.path, digest: r.digest }, 'hint');
    } catch (e) {
      if (!(e instanceof DocketError)) throw e;
      badRecords++;
      add('EREDACTION', e.message, { path: r.path, digest: r.digest });
    }
  }
  if (red.records.length) steps.push({ name: 'redactions', checked: red.records.length, failed: badRecords, ms: performance.now() - t });

  // The index is a cache: it is compared with the objects at the end (step 9), and never decides
  // whether an object is damaged (a wrong row is EINDEX, never ESIZE on the bundle).
  const index = Index.exists(archive);

  // Steps 1-6 per object, in parallel when it pays.
  t = performance.now();
  const items = listing.objects;
  const pre = opts.prechecked;
  const reuse = (it: (typeof items)[number]) => {
    const r = pre?.get(it.path);
    return r && r.digest === it.digest && (!index || r.descriptor) ? r : undefined;
  };
  // The content digest is compared with the index only: without one, it is not computed.
  const checked = await checkAll(archive, pre ? items.filter((it) => !reuse(it)) : items, quick, opts, early, index);
  const byPath = new Map(checked.map((r) => [r.path, r]));
  const results = pre ? items.map((it) => reuse(it) ?? byPath.get(it.path)!) : checked;
  const objMs = performance.now() - t;
  const stages = quick ? STAGES.slice(0, 2) : STAGES;
  stages.forEach((stage, i) => {
    const reached = results.filter((r) => r.passed >= i || r.failure?.stage === stage);
    const failed = results.filter((r) => r.failure?.stage === stage).length;
    steps.push({ name: STEP_TITLES[stage], checked: reached.length, failed, ms: objMs / stages.length });
  });
  let bytes = 0;
  for (const r of results) {
    bytes += r.size;
    if (r.failure) add(r.failure.code, r.failure.message, { path: r.path, digest: r.digest });
  }

  // contentDigest, references, index agreement: whole-archive steps, full mode only.
  const present = new Map<Digest, ObjectResult>(results.map((r) => [r.digest, r]));
  if (!quick) {
    t = performance.now();
    let failedRefs = 0;
    let checkedRefs = 0;
    for (const r of results) {
      for (const ref of r.refs ?? []) {
        checkedRefs++;
        const target = present.get(ref.digest as Digest);
        const gone = target ? undefined : redacted.get(ref.digest as Digest);
        if (gone) {
          // Resolves to "redacted": of the right kind when the record says so.
          if (ref.kind && gone.objectKind !== ref.kind) {
            failedRefs++;
            add('EREF', `${ref.pointer} names ${ref.digest}, a redacted ${gone.objectKind ?? 'undecodable object'}, where a ${ref.kind} is required`, { path: r.path, digest: r.digest });
          }
        } else if (!target) {
          failedRefs++;
          add('EREF', `${ref.pointer} names ${ref.digest}, which is not in the archive`, { path: r.path, digest: r.digest });
        } else if (ref.kind && target.kind && target.kind !== ref.kind) {
          failedRefs++;
          add('EREF', `${ref.pointer} names ${ref.digest}, a ${target.kind} bundle, where a ${ref.kind} is required`, { path: r.path, digest: r.digest });
        }
      }
    }
    for (const ref of store.listRefs()) {
      checkedRefs++;
      const raw = ref.raw.trim();
      if (!isDigest(raw) || ref.raw !== `${raw}\n`) {
        failedRefs++;
        add('EREF', 'a ref must hold exactly one digest line', { path: join('refs', ref.name), digest: null });
      } else if (!present.has(raw) && !redacted.has(raw)) {
        failedRefs++;
        add('EREF', `ref ${ref.name} points to ${raw}, which is not in the archive`, { path: join('refs', ref.name), digest: raw });
      }
    }
    steps.push({ name: 'references', checked: checkedRefs, failed: failedRefs, ms: performance.now() - t });
  }

  t = performance.now();
  if (!index) {
    steps.push({ name: 'index', checked: 0, failed: 0, ms: 0, skipped: 'no index (a cache: `docket index rebuild` creates it)' });
  } else {
    const r = await checkIndex(store, results, quick, (code, path, digest, message) => add(code, message, { path, digest }));
    steps.push({ name: 'index', checked: r.checked, failed: r.failed, ms: performance.now() - t });
  }

  // Working directories (design.md §6): the journals of runs not yet sealed, as --resume reads them.
  t = performance.now();
  if (!quick) {
    const j = checkWorkJournals(archive);
    findings.push(...j.findings);
    steps.push({
      name: 'journals',
      checked: j.checked,
      failed: j.findings.length,
      ms: performance.now() - t,
      ...(j.live && !j.checked ? { skipped: `${j.live} run(s) being recorded now, not read` } : {}),
    });
  }

  // Imported logs (docs/import.md, design.md §6 step 10): each record re-derived from its stored source bytes.
  const imported = quick ? [] : results.filter((r) => !r.failure && (r.kind === 'foreign-log' || r.kind === 'foreign-run'));
  if (imported.length) {
    t = performance.now();
    const { checkImports } = await import('../import/verify.ts');
    const imp = await checkImports(
      store,
      imported.map((r) => ({ digest: r.digest, kind: r.kind ?? null })),
    );
    findings.push(...imp.findings);
    steps.push({ name: 'imports', checked: imp.checked, failed: imp.findings.length, ms: performance.now() - t });
  }

  return { ok: !findings.some((f) => f.severity === 'error'), archive, quick, findings, steps, objects: results.length, bytes };
}

async function checkAll(
  archive: string,
  items: { digest: Digest; path: string; expectedSize?: number }[],
  quick: boolean,
  opts: VerifyOptions,
  early: Worker | null,
  descriptor: boolean,
): Promise<ObjectResult[]> {
  const cores = opts.workers ?? availableParallelism();
  // A full-check worker costs 0.1-0.4 s to start (the check code and ajv; more through tsx) and
  // inflates at ~100-200 MB/s of output per core, so threads pay off from ~32 MB. A --quick worker
  // is plain JavaScript (65-110 ms to start here) and SHA-256 runs at full speed on both cores
  // (measured: 2 x 600 objects hashed in 72-81 ms on two threads, 133-147 ms on one), so it pays
  // off from a few hundred objects. (An earlier note here said the two vCPUs share one SHA unit;
  // that was the start-up and a stat of every file, not the hashing.)
  const forced = opts.workers !== undefined && opts.workers > 1; // an explicit count (tests, benchmarks): workers only
  const big = () => (quick ? items.length >= (opts.quickThreadsFrom ?? 256) : items.length > 64 && items.reduce((n, it) => n + safeSize(join(archive, it.path)), 0) >= 32 * 1024 * 1024);
  const check = (i: number) => checkObject(join(archive, items[i]!.path), items[i]!.path, items[i]!.digest, quick, items[i]!.expectedSize, descriptor);
  if (!forced && (cores <= 1 || !big())) {
    return items.map((_, i) => {
      if (opts.onProgress && i % 256 === 0) opts.onProgress(i, items.length);
      return check(i);
    });
  }
  // The main thread and `cores - 1` workers take objects one at a time (pullShared): a worker no
  // longer idles until the main thread has handed out its next slice. One isolate fewer than a
  // worker per core (each costs ~80 MB: the loader, ajv, the heap).
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const first = early ?? (opts.workers === undefined ? takeVerifyWorker(quick) : null);
  const workers = Array.from({ length: forced ? cores : cores - 1 }, (_, k) => (k === 0 && first ? first : startVerifyWorker(quick)));
  for (const w of workers) w.postMessage({ archive, items, counter, descriptor, maxObjectBytes: MAX_OBJECT_BYTES });
  return pullShared(items.length, counter, workers, forced ? null : check, opts.onProgress);
}

/** Temps among the run working directories (a run being created or removed). */
function runTemps(archive: string): string[] {
  try {
    return readdirSync(join(archive, 'runs'))
      .filter(isTempName)
      .map((n) => join('runs', n));
  } catch {
    return [];
  }
}

function tempMessage(archive: string, rel: string): string {
  const name = basename(rel);
  const pid = tempOwner(name);
  if (!isStaleTemp(join(archive, rel), name)) return `temp file of a write in progress (process ${pid}); leave it`;
  return `leftover temp file of an interrupted write${pid ? ` (process ${pid} is not running)` : ''}; harmless, \`docket repair\` removes it`;
}

function fanOut(archive: string): number {
  try {
    return readdirSync(join(archive, OBJECTS_DIR)).length;
  } catch {
    return 0;
  }
}

function safeSize(p: string): number {
  try {
    return statSync(p).size;
  } catch {
    return 0;
  }
}
