import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Archive } from '../replay/archive.ts';
import type { Digest } from '../replay/digest.ts';
import { TOP_DIR } from '../replay/release/limits.ts';
import { packRelease } from '../replay/release/pack.ts';
import { verifyRelease } from '../replay/release/verify.ts';

/**
 * Release benchmark (not a timed test): build a >= 200 MB release from a synthetic archive, then
 * time `docket verify FILE.tgz --expect D --extract DIR` against `tar xzf` + `sha256sum -c` over the
 * same tarball, side by side in one run. Also times pack with the deflate inline vs in a worker
 * thread and checks both give the same bytes.
 */
const MB = 1e6;

export async function benchRelease(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'docket-bench-release-'));
  try {
    const root = join(dir, 'tree');
    const t0 = performance.now();
    const made = makeSyntheticTree(root);
    log(`synthetic tree: ${made.objects} bundles (${(made.bundleBytes / MB).toFixed(0)} MB stored) + ${made.files} eval files (${(made.fileBytes / MB).toFixed(0)} MB) in ${sec(performance.now() - t0)}`);

    const file = join(dir, 'decision-verification.tgz');
    const { digest, sums } = await packBoth(root, file);
    let t: number;

    // Baseline: GNU tar + sha256sum over the same tarball (cache warmed by the write above).
    const gnuDir = join(dir, 'gnu');
    mkdirSync(gnuDir);
    t = performance.now();
    run('tar', ['xzf', file, '-C', gnuDir]);
    const tarMs = performance.now() - t;
    writeFileSync(join(gnuDir, TOP_DIR, 'SHA256SUMS'), sums);
    t = performance.now();
    run('sha256sum', ['--quiet', '-c', 'SHA256SUMS'], join(gnuDir, TOP_DIR));
    const sumMs = performance.now() - t;
    rmSync(gnuDir, { recursive: true, force: true });

    t = performance.now();
    const report = await verifyRelease(file, { expect: digest, extract: join(dir, 'docket-out') });
    const ours = performance.now() - t;
    if (!report.ok) throw new Error(`verify failed: ${JSON.stringify(report.findings.slice(0, 3))}`);
    const slow = report.steps.filter((s) => s.ms > 50).map((s) => `${s.name} ${sec(s.ms)}`).join(', ');
    log(`tar xzf ${sec(tarMs)} + sha256sum -c ${sec(sumMs)} = ${sec(tarMs + sumMs)}`);
    log(`docket verify (caps, digest, strict gzip, listing, extract, re-hash, ${report.objects} bundles fully verified): ${sec(ours)} [${slow}]`);
    log(`ratio docket / (tar + sha256sum) = ${(ours / (tarMs + sumMs)).toFixed(2)} (target <= 1.00)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Pack twice (inline and worker deflate), check identical bytes, write the file; keep nothing big in memory. */
async function packBoth(root: string, file: string): Promise<{ digest: Digest; sums: string }> {
  let t = performance.now();
  const inline = await packRelease({ root, workers: 0 });
  const packInline = performance.now() - t;
  t = performance.now();
  const worker = await packRelease({ root, workers: 1 });
  const packWorker = performance.now() - t;
  const same = Buffer.from(inline.bytes).equals(Buffer.from(worker.bytes));
  log(`pack: ${(inline.bytes.length / MB).toFixed(1)} MB tgz (${(inline.tarBytes / MB).toFixed(1)} MB tar, ${inline.files} files); inline deflate ${sec(packInline)}, worker deflate ${sec(packWorker)} on ${availableParallelism()} cores; identical bytes: ${same}`);
  if (!same) throw new Error('pack output depends on the worker: a determinism bug');
  if (inline.tarBytes < 200 * MB) throw new Error(`release is only ${(inline.tarBytes / MB).toFixed(0)} MB; the benchmark needs >= 200 MB`);
  writeFileSync(file, inline.bytes);
  return { digest: inline.digest, sums: inline.manifest.entries.map((e) => `${e.digest.slice(7)}  ${e.path}\n`).join('') };
}

/** ~150 MB of bundles (64 KiB attachments of random base64, poorly compressible) + ~70 MB of eval files. */
function makeSyntheticTree(root: string) {
  mkdirSync(join(root, 'evals', 'synthetic'), { recursive: true });
  const archive = new Archive(join(root, 'evidence'));
  let bundleBytes = 0;
  let objects = 0;
  while (bundleBytes < 150 * MB) {
    const d = archive.put({ kind: 'attachment', schemaVersion: 1, mediaType: 'text/plain', name: `blob-${objects}.txt`, body: randomBytes(48 * 1024).toString('base64') });
    bundleBytes += d.size;
    objects++;
  }
  archive.close();
  let fileBytes = 0;
  let files = 0;
  while (fileBytes < 70 * MB) {
    const sub = join(root, 'evals', 'synthetic', `d${files % 16}`);
    mkdirSync(sub, { recursive: true });
    const b = randomBytes(files % 10 === 0 ? 4 * 1024 * 1024 : 256 * 1024);
    writeFileSync(join(sub, `f${files}.bin`), b);
    fileBytes += b.length;
    files++;
  }
  writeFileSync(join(root, 'decision-bank.json'), '{"questions":[]}\n');
  writeFileSync(join(root, 'package.json'), '{"name":"synthetic","version":"0.0.0"}\n');
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
  return { objects, bundleBytes, files, fileBytes };
}

function run(cmd: string, args: string[], cwd?: string) {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
}

const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const log = (s: string) => process.stdout.write(`[release] ${s}\n`);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchRelease();
