import { spawnSync } from 'node:child_process';
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
import { verifyRelease } from '../../../replay/release/verify.ts';
import { BENCH_DIR, REPO } from './common.ts';

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
    const { digest, sums } = await packBoth(root, file);
    let t: number;

    // Side by side, alternating, three rounds: GNU tar + sha256sum vs docket over the same tarball
    // (page cache warmed by the write above). The ratio of each round is printed; this machine is noisy.
    const ratios: number[] = [];
    for (let round = 1; round <= 3; round++) {
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

      const out = join(dir, 'docket-out');
      const c0 = process.cpuUsage();
      t = performance.now();
      const report = await verifyRelease(file, { expect: digest, extract: out });
      const ours = performance.now() - t;
      const cpu = process.cpuUsage(c0);
      rmSync(out, { recursive: true, force: true });
      if (!report.ok) throw new Error(`verify failed: ${JSON.stringify(report.findings.slice(0, 3))}`);
      const slow = report.steps
        .filter((s) => s.ms > 50)
        .map((s) => `${s.name} ${sec(s.ms)}`)
        .join(', ');
      ratios.push(ours / (tarMs + sumMs));
      log(
        `round ${round}: tar xzf ${sec(tarMs)} + sha256sum -c ${sec(sumMs)} = ${sec(tarMs + sumMs)}; docket verify --expect --extract (${report.objects} bundles fully verified) ${sec(ours)} [${slow}; cpu ${sec(cpu.user / 1000)} user + ${sec(cpu.system / 1000)} sys]; ratio ${ratios.at(-1)!.toFixed(2)}`,
      );
    }
    ratios.sort((a, b) => a - b);
    log(`ratio docket / (tar + sha256sum): best ${ratios[0]!.toFixed(2)}, median ${ratios[1]!.toFixed(2)} (target <= 1.00)`);
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
  log(
    `pack: ${(inline.bytes.length / MB).toFixed(1)} MB tgz (${(inline.tarBytes / MB).toFixed(1)} MB tar, ${inline.files} files); inline deflate ${sec(packInline)}, worker deflate ${sec(packWorker)} on ${availableParallelism()} cores; identical bytes: ${same}`,
  );
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
