import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Archive } from '../../../replay/index/archive.ts';
import { computeProbeLock, loadBankFile, PROBE_LOCKFILE } from '../../../replay/bank/bank.ts';
import type { Digest } from '../../../replay/format/digest.ts';
import { TOP_DIR } from '../../../replay/release/limits.ts';
import { packRelease } from '../../../replay/release/pack.ts';
import { BENCH_DIR, DOCKET, median, REPO, timedRun } from './common.ts';

/**
 * Release benchmark (not a timed test): build a >= 200 MB release from a synthetic archive, then
 * time `docket verify FILE.tgz --expect D --extract DIR` against `tar xzf` + `sha256sum -c` over the
 * same tarball, side by side in one run. Also times pack with the deflate inline vs in a worker
 * thread and checks both give the same bytes.
 */
const MB = 1e6;
/**
 * The bank a release needs around the synthetic evals: the shipped bank's settings, no questions, each
 * synthetic eval omitted with a reason (and its TASK.md and solution, which validation asks for), and
 * a per-file cap above the 4 MiB eval files. Written on every run: cheap, and a tree built by an
 * older benchmark gets it too.
 */
function writeBank(root: string) {
  const evals = readdirSync(join(root, 'evals', 'synthetic'))
    .filter((d) => !d.includes('.'))
    .sort();
  for (const d of evals) {
    writeFileSync(join(root, 'evals', 'synthetic', d, 'TASK.md'), `# synthetic ${d}\n`);
    writeFileSync(join(root, 'evals', 'synthetic', d, 'solution.txt'), 'none\n');
  }
  const shipped = JSON.parse(readFileSync(join(REPO, 'decision-bank.json'), 'utf8')) as object;
  const omissions = evals.map((d) => ({ sourceEval: `synthetic/${d}`, reason: 'benchmark filler: random bytes' }));
  writeFileSync(join(root, 'decision-bank.json'), `${JSON.stringify({ ...shipped, questions: [], omissions, content: { maxFileBytes: 8 << 20 } })}\n`);
  mkdirSync(join(root, 'lockfiles'), { recursive: true });
  writeFileSync(join(root, PROBE_LOCKFILE), `${JSON.stringify(computeProbeLock(root, loadBankFile(root)), null, 2)}\n`);
}

export async function benchRelease(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'docket-bench-release-'));
  try {
    // The synthetic tree is built once and kept in .bench/ (random content: rebuilding costs ~20 s).
    const root = join(BENCH_DIR, 'release', 'tree');
    const marker = join(BENCH_DIR, 'release', 'BUILT');
    const t0 = performance.now();
    if (!existsSync(marker)) {
      rmSync(join(BENCH_DIR, 'release'), { recursive: true, force: true });
      const made = makeSyntheticTree(root);
      writeFileSync(marker, JSON.stringify(made));
    }
    const made = JSON.parse(readFileSync(marker, 'utf8')) as ReturnType<typeof makeSyntheticTree>;
    writeBank(root);
    log(
      `synthetic tree: ${made.objects} bundles (${(made.bundleBytes / MB).toFixed(0)} MB stored) + ${made.files} eval files (${(made.fileBytes / MB).toFixed(0)} MB), ready in ${sec(performance.now() - t0)}`,
    );

    const file = join(dir, 'decision-verification.tgz');
    const { digest } = await packBoth(root, file);

    // Side by side, alternating, three rounds, each a process as a user runs it: GNU tar and
    // sha256sum -c of the SHA256SUMS the release ships (the stranger's path without docket) vs
    // `docket verify FILE --expect D --extract DIR` over the same tarball (page cache warmed by the
    // write above). Wall and CPU (user + system, every thread) of each, and both ratios per round:
    // this machine is shared and noisy, and CPU is the steadier measure.
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let round = 1; round <= 3; round++) {
      const gnuDir = join(dir, 'gnu');
      mkdirSync(gnuDir);
      const tar = timedRun('tar', ['xzf', file, '-C', gnuDir]);
      const sums = timedRun('sha256sum', ['--quiet', '-c', 'SHA256SUMS'], { cwd: join(gnuDir, TOP_DIR) });
      rmSync(gnuDir, { recursive: true, force: true });
      if (tar.status !== 0 || sums.status !== 0) throw new Error(`tar (${tar.status}) or sha256sum -c SHA256SUMS (${sums.status}) failed`);
      const out = join(dir, 'docket-out');
      const ours = timedRun(process.execPath, [DOCKET, 'verify', file, '--expect', digest, '--extract', out, '--json']);
      rmSync(out, { recursive: true, force: true });
      const report = JSON.parse(ours.stdout) as { ok: boolean; objects: number; findings: unknown[]; steps: { name: string; ms: number }[] };
      if (!report.ok) throw new Error(`verify failed: ${JSON.stringify(report.findings.slice(0, 3))}`);
      const slow = report.steps
        .filter((s) => s.ms > 50)
        .map((s) => `${s.name} ${sec(s.ms)}`)
        .join(', ');
      const refWall = tar.seconds + sums.seconds;
      const refCpu = (tar.cpuSeconds ?? 0) + (sums.cpuSeconds ?? 0);
      wall.push(ours.seconds / refWall);
      cpu.push((ours.cpuSeconds ?? 0) / refCpu);
      log(
        `round ${round}: tar xzf ${s(tar.seconds)} + sha256sum -c ${s(sums.seconds)} = ${s(refWall)} wall, ${s(refCpu)} cpu; docket verify --expect --extract (${report.objects} bundles fully verified) ${s(ours.seconds)} wall, ${s(ours.cpuSeconds ?? 0)} cpu [${slow}]; ratio ${wall.at(-1)!.toFixed(2)} wall, ${cpu.at(-1)!.toFixed(2)} cpu`,
      );
    }
    const best = (xs: number[]) => Math.min(...xs).toFixed(2);
    log(`ratio docket verify / (tar xzf + sha256sum -c): wall best ${best(wall)}, median ${median(wall).toFixed(2)}; cpu best ${best(cpu)}, median ${median(cpu).toFixed(2)} (target <= 1.00)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Pack twice (inline and worker deflate), check identical bytes, write the file; keep nothing big in memory. */
async function packBoth(root: string, file: string): Promise<{ digest: Digest }> {
  let t = performance.now();
  const inline = await packRelease({ root, workers: 0 });
  const packInline = performance.now() - t;
  t = performance.now();
  const worker = await packRelease({ root, workers: 1 });
  const packWorker = performance.now() - t;
  const same = Buffer.from(inline.bytes).equals(Buffer.from(worker.bytes));
  log(
    `pack: ${(inline.bytes.length / MB).toFixed(1)} MB tgz (${(inline.tarBytes / MB).toFixed(1)} MB tar, ${inline.files} files); inline deflate ${sec(packInline)}, worker deflate ${sec(packWorker)} on ${availableParallelism()} cores; identical bytes: ${same}`,
  );
  if (!same) throw new Error('pack output depends on the worker: a determinism bug');
  if (inline.tarBytes < 200 * MB) throw new Error(`release is only ${(inline.tarBytes / MB).toFixed(0)} MB; the benchmark needs >= 200 MB`);
  writeFileSync(file, inline.bytes);
  return { digest: inline.digest };
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
  writeFileSync(join(root, 'package.json'), '{"name":"synthetic","version":"0.0.0"}\n');
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
  return { objects, bundleBytes, files, fileBytes };
}

const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const s = (seconds: number) => `${seconds.toFixed(2)} s`;
const log = (s: string) => process.stdout.write(`[release] ${s}\n`);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchRelease();
