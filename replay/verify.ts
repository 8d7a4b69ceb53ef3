import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { MAX_OBJECT_BYTES } from './bundle.ts';
import { checkObject, STAGES, type ObjectResult, type StageName } from './check-object.ts';
import { isDigest, type Digest } from './digest.ts';
import { Index, INDEX_FILE } from './sqlindex.ts';
import { Store } from './store.ts';

/**
 * `docket verify`: read-only, restic-style. Every finding is collected (never stop at the first),
 * typed with a stable code, and split into errors and hints. docs/design.md §6 lists the steps.
 */
export type Severity = 'error' | 'hint';
export interface Finding {
  severity: Severity;
  code: string;
  path: string | null;
  digest: string | null;
  message: string;
}
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
  workers?: number; // default: all cores once the archive is big enough to pay for threads
  onProgress?: (done: number, total: number) => void;
  /**
   * Results of objects already checked from the very bytes now on disk (release verify checks
   * bundles while the tar streams by and proves the extracted files equal them), keyed by path.
   */
  prechecked?: Map<string, ObjectResult>;
}

const TOP_LEVEL = new Set(['objects', 'refs', 'runs', INDEX_FILE, `${INDEX_FILE}-wal`, `${INDEX_FILE}-shm`, '.gitignore']);
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
  const findings: Finding[] = [];
  const steps: Step[] = [];
  const add = (f: Omit<Finding, 'severity'>, severity: Severity = 'error') => findings.push({ severity, ...f });
  const store = new Store(archive);

  // Step 0: layout (strays and leftovers), before touching object contents.
  let t = performance.now();
  const listing = store.list();
  const topStrays = existsSync(archive) ? readdirSync(archive).filter((n) => !TOP_LEVEL.has(n) && !n.startsWith(`.${INDEX_FILE}.rebuild-`)) : [];
  for (const p of [...topStrays, ...listing.strays]) add({ code: 'ESTRAY', path: p, digest: null, message: 'not an object, ref or index file: move it out of the archive' });
  for (const p of listing.temps) add({ code: 'HTEMP', path: p, digest: null, message: 'leftover temp file of an interrupted write; harmless, `docket repair` removes it' }, 'hint');
  steps.push({ name: 'layout', checked: listing.objects.length + listing.strays.length + listing.temps.length + topStrays.length, failed: topStrays.length + listing.strays.length, ms: performance.now() - t });

  // Index rows (if there is an index) give the expected sizes for the size step.
  let index: Index | null = null;
  if (Index.exists(archive)) {
    try {
      index = Index.openReadOnly(archive);
    } catch (e) {
      add({ code: 'EINDEX', path: INDEX_FILE, digest: null, message: `${(e as Error).message}` });
    }
  }
  const indexed = new Map(index ? index.objects().map((r) => [r.digest, r]) : []);

  // Steps 1-6 per object, in parallel when it pays.
  t = performance.now();
  const items = listing.objects.map((o) => ({ ...o, expectedSize: indexed.get(o.digest)?.size }));
  const pre = opts.prechecked;
  const reuse = (it: (typeof items)[number]) => {
    const r = pre?.get(it.path);
    return r && r.digest === it.digest && (it.expectedSize === undefined || it.expectedSize === r.size) ? r : undefined;
  };
  const checked = await checkAll(archive, pre ? items.filter((it) => !reuse(it)) : items, quick, opts);
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
    if (r.failure) add({ code: r.failure.code, path: r.path, digest: r.digest, message: r.failure.message });
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
        if (!target) {
          failedRefs++;
          add({ code: 'EREF', path: r.path, digest: r.digest, message: `${ref.pointer} names ${ref.digest}, which is not in the archive` });
        } else if (ref.kind && target.descriptor && target.descriptor.kind !== ref.kind) {
          failedRefs++;
          add({ code: 'EREF', path: r.path, digest: r.digest, message: `${ref.pointer} names ${ref.digest}, a ${target.descriptor.kind} bundle, where a ${ref.kind} is required` });
        }
      }
    }
    for (const ref of store.listRefs()) {
      checkedRefs++;
      const raw = ref.raw.trim();
      if (!isDigest(raw) || ref.raw !== `${raw}\n`) {
        failedRefs++;
        add({ code: 'EREF', path: join('refs', ref.name), digest: null, message: 'a ref must hold exactly one digest line' });
      } else if (!present.has(raw)) {
        failedRefs++;
        add({ code: 'EREF', path: join('refs', ref.name), digest: raw, message: `ref ${ref.name} points to ${raw}, which is not in the archive` });
      }
    }
    steps.push({ name: 'references', checked: checkedRefs, failed: failedRefs, ms: performance.now() - t });
  }

  t = performance.now();
  if (!index) {
    steps.push({ name: 'index', checked: 0, failed: 0, ms: 0, skipped: 'no index (a cache: `docket index rebuild` creates it)' });
  } else {
    let failed = 0;
    const flag = (digest: string | null, message: string) => {
      failed++;
      add({ code: 'EINDEX', path: INDEX_FILE, digest, message: `${message}; run \`docket index rebuild\`` });
    };
    for (const r of results) {
      const row = indexed.get(r.digest);
      if (!row) flag(r.digest, 'object is not in the index');
      else if (r.descriptor && (row.kind !== r.descriptor.kind || row.contentDigest !== r.descriptor.contentDigest || row.contentSize !== r.descriptor.contentSize)) {
        flag(r.digest, `index row disagrees with the bundle (kind ${row.kind}/${r.descriptor.kind}, content ${row.contentDigest}/${r.descriptor.contentDigest})`);
      }
    }
    for (const digest of indexed.keys()) if (!present.has(digest)) flag(digest, 'the index lists an object that is not in the archive');
    const fileRefs = new Map(store.listRefs().map((r) => [r.name, r.raw.trim()]));
    const idxRefs = new Map(index.refs().map((r) => [r.name, r.digest as string]));
    for (const [name, digest] of fileRefs) if (idxRefs.get(name) !== digest) flag(digest, `ref ${name} is not in the index as ${digest}`);
    for (const name of idxRefs.keys()) if (!fileRefs.has(name)) flag(null, `the index has ref ${name}, which is not in refs/`);
    steps.push({ name: 'index', checked: results.length + indexed.size + fileRefs.size, failed, ms: performance.now() - t });
    index.close();
  }

  return { ok: !findings.some((f) => f.severity === 'error'), archive, quick, findings, steps, objects: results.length, bytes };
}

async function checkAll(archive: string, items: { digest: Digest; path: string; expectedSize?: number }[], quick: boolean, opts: VerifyOptions): Promise<ObjectResult[]> {
  const cores = opts.workers ?? availableParallelism();
  const totalBytes = items.length > 64 ? items.reduce((n, it) => n + safeSize(join(archive, it.path)), 0) : 0;
  // A full-check worker costs a few hundred ms to start (it loads the TypeScript loader) and
  // inflates at ~100-200 MB/s of output per core, so threads pay off from ~32 MB. --quick is bound
  // by SHA-256 and memory bandwidth, and on this 2-vCPU machine a second thread made it slower
  // (measured 440 ms vs 260 ms for 210 MB), so it threads only for archives of gigabytes.
  const threshold = quick ? 2 * 1024 * 1024 * 1024 : 32 * 1024 * 1024;
  const forced = opts.workers !== undefined && opts.workers > 1; // an explicit request (tests, benchmarks)
  if (cores <= 1 || (!forced && totalBytes < threshold)) {
    const out: ObjectResult[] = [];
    items.forEach((it, i) => {
      out.push(checkObject(join(archive, it.path), it.path, it.digest, quick, it.expectedSize));
      if (opts.onProgress && i % 256 === 0) opts.onProgress(i, items.length);
    });
    return out;
  }
  // Small slices pulled by the main thread and `cores - 1` workers: balanced load, steady progress,
  // and one isolate fewer than a worker per core (each costs ~80 MB: the loader, ajv, the heap).
  const size = Math.max(16, Math.min(2000, Math.ceil(items.length / (cores * 16))));
  const slices: (typeof items)[] = [];
  for (let i = 0; i < items.length; i += size) slices.push(items.slice(i, i + size));
  const out: ObjectResult[][] = new Array(slices.length);
  let next = 0;
  let done = 0;
  const finished = (n: number) => {
    done += slices[n]!.length;
    opts.onProgress?.(done, items.length);
  };
  const workerUrl = new URL('./verify-worker.mjs', import.meta.url);
  const checkInline = (n: number) => slices[n]!.map((it) => checkObject(join(archive, it.path), it.path, it.digest, quick, it.expectedSize));
  const runWorker = async () => {
    // A small young generation trims peak RSS. No old-generation cap: a worker that hits one inside
    // a native allocation (JSON.parse of a big, legal bundle) took the whole process down in tests.
    const w = new Worker(workerUrl, { workerData: { archive, quick, maxObjectBytes: MAX_OBJECT_BYTES }, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
    try {
      await nextMessage(w);
      while (next < slices.length) {
        const n = next++;
        w.postMessage(slices[n]);
        out[n] = (await nextMessage(w)) as ObjectResult[];
        finished(n);
      }
    } finally {
      await w.terminate();
    }
  };
  const runInline = async () => {
    while (next < slices.length) {
      const n = next++;
      out[n] = checkInline(n);
      finished(n);
      await new Promise((resolve) => setImmediate(resolve)); // let worker replies in
    }
  };
  // An explicit worker count (tests, benchmarks) means exactly that many workers and no inline share.
  const workers = forced ? cores : cores - 1;
  await Promise.all([...(forced ? [] : [runInline()]), ...Array.from({ length: Math.min(workers, slices.length) }, runWorker)]);
  return out.flat();
}

function nextMessage(w: Worker): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    w.once('error', onError);
    w.once('message', (m) => {
      w.off('error', onError);
      resolve(m);
    });
  });
}

function safeSize(p: string): number {
  try {
    return statSync(p).size;
  } catch {
    return 0;
  }
}
