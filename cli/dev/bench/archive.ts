import { createHash, hash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deflateRawSync, gunzipSync } from 'node:zlib';
import { sha256 } from '../../../replay/format/digest.ts';
import { canonicalBytes } from '../../../replay/format/json.ts';
import { crcUpdate, GZIP_HEADER } from '../../../replay/format/gzip.ts';
import { Store } from '../../../replay/store/store.ts';
import { BENCH_DIR, DOCKET, mb, median, row, timedRun } from './common.ts';

/**
 * Issue 2 benchmark: a synthetic archive of >= 200 MB of eval-record bundles, then verify --quick,
 * full verify, node:crypto SHA-256, sha256sum and a single-threaded inflate over the same bytes.
 * Bundles are compressed with node zlib here only to build the fixture fast; the strict reader
 * accepts any correct single-member raw deflate behind the canonical header.
 */
const TARGET_BYTES = Number(process.env.BENCH_ARCHIVE_MB ?? 210) * 1e6;

function bundleBytes(content: Uint8Array): Buffer {
  const body = deflateRawSync(content, { level: 6 });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crcUpdate(content, 0), 0);
  trailer.writeUInt32LE(content.length >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, body, trailer]);
}

/** Eval records with hex hashes, prose and numbers: compresses roughly like real run segments. */
function records(seed: number, n: number) {
  const words = ['the', 'answer', 'is', 'option', 'because', 'JSON.stringify', 'drops', 'undefined', 'Map', 'microtask', 'SQLite', 'affinity', 'returns', 'NaN'];
  const out = [];
  for (let i = 0; i < n; i++) {
    const h = createHash('sha256').update(`${seed}:${i}`).digest('hex');
    out.push({
      seq: i,
      requestHash: `sha256:${h}`,
      prev: `sha256:${createHash('sha256').update(h).digest('hex')}`,
      question: `q-${parseInt(h.slice(0, 4), 16) % 500}`,
      content: Array.from({ length: 6 + (parseInt(h.slice(4, 6), 16) % 30) }, (_, k) => words[parseInt(h.slice(6 + k, 8 + k), 16) % words.length]).join(' '),
      latencyMs: parseInt(h.slice(8, 12), 16),
      usage: { prompt_tokens: parseInt(h.slice(12, 15), 16), completion_tokens: parseInt(h.slice(15, 17), 16) },
      finishReason: 'stop',
    });
  }
  return out;
}

export function buildArchive(dir: string): { objects: number; bytes: number } {
  const marker = join(dir, 'BUILT');
  if (existsSync(marker)) return JSON.parse(readFileSync(marker, 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  const store = new Store(join(dir, 'evidence'));
  let bytes = 0;
  let objects = 0;
  while (bytes < TARGET_BYTES) {
    const content = canonicalBytes({ kind: 'attachment', schemaVersion: 1, mediaType: 'application/vnd.docket.bench+json', body: records(objects, 1500) });
    const b = bundleBytes(content);
    store.putBytes(b, sha256(b));
    bytes += b.length;
    objects++;
  }
  const info = { objects, bytes };
  writeFileSync(marker, JSON.stringify(info));
  return info;
}

/** An archive of `count` small bundles (~1.5 KB each): what an archive of many attempts looks like to push and pull. */
export function buildManyArchive(dir: string, count: number): { objects: number; bytes: number } {
  const marker = join(dir, 'BUILT');
  if (existsSync(marker)) {
    const had = JSON.parse(readFileSync(marker, 'utf8')) as { objects: number; bytes: number };
    if (had.objects === count) return had;
  }
  rmSync(dir, { recursive: true, force: true });
  const store = new Store(join(dir, 'evidence'));
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const b = bundleBytes(canonicalBytes({ kind: 'attachment', schemaVersion: 1, mediaType: 'application/vnd.docket.bench+json', body: records(1_000_000 + i, 6) }));
    const path = store.objectPath(sha256(b));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, b); // a fixture: no fsync per object, so 10^5 of them build in seconds
    bytes += b.length;
  }
  const info = { objects: count, bytes };
  writeFileSync(marker, JSON.stringify(info));
  return info;
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (n.endsWith('.json.gz')) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** The time verify itself reports (sum of its steps), without process start-up. */
function stepSeconds(json: string): number {
  const r = JSON.parse(json) as { steps: { ms: number }[] };
  return r.steps.reduce((n, s) => n + s.ms, 0) / 1000;
}

export async function benchArchive() {
  const dir = join(BENCH_DIR, 'archive');
  console.log(`\n== archive verify (issue 2): building/reusing ${dir}`);
  const { objects, bytes } = buildArchive(dir);
  const archive = join(dir, 'evidence');
  const files = listFiles(archive);
  console.log(`  ${objects} bundles, ${mb(bytes)} MB`);
  // warm the page cache so every contender reads from memory
  for (const f of files) readFileSync(f);

  const buffers = files.map((f) => readFileSync(f));
  // References: best of three, so a noisy neighbour does not flatter docket's ratios.
  const best = (fn: () => void) =>
    Math.min(
      ...[0, 1, 2].map(() => {
        const t = performance.now();
        fn();
        return (performance.now() - t) / 1000;
      }),
    );
  const refSeconds = best(() => {
    for (const b of buffers) hash('sha256', b);
  });
  const ref = bytes / 1e6 / refSeconds;
  let inflated = 0;
  const inflateSeconds = best(() => {
    inflated = 0;
    for (const b of buffers) inflated += gunzipSync(b).length;
  });
  buffers.length = 0;

  console.log(`  reference: node:crypto SHA-256 over the same bytes, in memory, one core = ${ref.toFixed(0)} MB/s`);
  row('node:crypto SHA-256 (reference)', refSeconds, bytes, ref);
  const sum = timedRun('sh', ['-c', `find ${archive}/objects -name '*.json.gz' -print0 | xargs -0 sha256sum > /dev/null`]);
  row('sha256sum (GNU coreutils)', sum.seconds, bytes, ref);
  const quick = timedRun(process.execPath, [DOCKET, 'verify', archive, '--quick', '--json']);
  if (quick.status !== 0) throw new Error(`verify --quick failed: ${quick.stdout.slice(0, 500)}`);
  row('docket verify --quick (wall, CLI start incl.)', quick.seconds, bytes, ref, `peak RSS ${quick.maxRssMb?.toFixed(0)} MB; ${(sum.seconds / quick.seconds).toFixed(2)}× sha256sum speed`);
  row('docket verify --quick (its own steps)', stepSeconds(quick.stdout), bytes, ref, `${(sum.seconds / stepSeconds(quick.stdout)).toFixed(2)}× sha256sum speed`);
  row('zlib gunzip, one core (inflate bound)', inflateSeconds, bytes, ref, `${mb(inflated)} MB out`);
  const full = timedRun(process.execPath, [DOCKET, 'verify', archive, '--json']);
  if (full.status !== 0) throw new Error(`verify failed: ${full.stdout.slice(0, 500)}`);
  row('docket verify (full, wall)', full.seconds, bytes, ref, `peak RSS ${full.maxRssMb?.toFixed(0)} MB; ${(inflateSeconds / full.seconds).toFixed(2)}× one-core inflate speed`);
  row('docket verify (full, its own steps)', stepSeconds(full.stdout), bytes, ref, `${(inflateSeconds / stepSeconds(full.stdout)).toFixed(2)}× one-core inflate speed`);
  console.log('  targets: --quick >= 0.80× reference; full verify bounded by inflate using both cores; peak RSS <= 256 MB');
  accelerator(archive);
}

/**
 * What the accelerators save full verify, alternated three times, medians of CPU time (every
 * thread), wall time and peak RSS: the WebAssembly canonical scan and schema walk (off:
 * DOCKET_WASM=0, JSON.parse + the exact scanner + ajv), and zlib's handle inflating bundle after
 * bundle into one reused buffer (off: DOCKET_ZLIB_HANDLE=0, zlib's one-shot call and a fresh buffer each).
 */
function accelerator(archive: string) {
  const modes = { both: {}, 'no WebAssembly': { DOCKET_WASM: '0' }, 'no zlib handle': { DOCKET_ZLIB_HANDLE: '0' } } as const;
  const runs = new Map<string, { cpu: number[]; wall: number[]; rss: number[] }>(Object.keys(modes).map((m) => [m, { cpu: [], wall: [], rss: [] }]));
  for (let round = 0; round < 3; round++) {
    for (const [mode, env] of Object.entries(modes)) {
      const r = timedRun(process.execPath, [DOCKET, 'verify', archive, '--json'], { env: { ...process.env, ...env } });
      if (r.status !== 0) throw new Error(`verify (${mode}) failed: ${r.stdout.slice(0, 500)}`);
      const m = runs.get(mode)!;
      m.cpu.push(r.cpuSeconds ?? NaN);
      m.wall.push(r.seconds);
      m.rss.push(r.maxRssMb ?? NaN);
    }
  }
  const med = (mode: string) => {
    const m = runs.get(mode)!;
    return { cpu: median(m.cpu), wall: median(m.wall), rss: median(m.rss) };
  };
  const on = med('both');
  console.log(`  accelerators (full verify, medians of 3): both ${on.cpu.toFixed(2)} s CPU, ${on.wall.toFixed(2)} s wall, peak RSS ${on.rss.toFixed(0)} MB`);
  for (const mode of ['no WebAssembly', 'no zlib handle']) {
    const off = med(mode);
    console.log(
      `    ${mode.padEnd(15)} ${off.cpu.toFixed(2)} s CPU (${(off.cpu / on.cpu).toFixed(2)}×), ${off.wall.toFixed(2)} s wall (${(off.wall / on.wall).toFixed(2)}×), peak RSS ${off.rss.toFixed(0)} MB (${(off.rss / on.rss).toFixed(2)}×)`,
    );
  }
}
