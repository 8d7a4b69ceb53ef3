import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { currentBank } from '../../replay/bank/frozen.ts';
import { Archive } from '../../replay/index/archive.ts';
import { DOCKET, scratchDirs } from '../dev/testkit/core.ts';
import { networkNamespaceUnavailable, runWithoutNetwork } from '../dev/testkit/netns.ts';
import { cachedTarball, docketLocked, VENDORABLE } from '../dev/testkit/probe-suite.ts';
import { allText } from '../dev/testkit/recorder.ts';
import { authorBank, buildSuite, SUITE_SECRET, suiteEdits } from '../dev/testkit/suite.ts';

/**
 * The whole of issue #21 in one flow, as docs/own-suite.md walks it, on a suite docket has never
 * seen (evals/<NNN-category>/<NNN-eval>/ with TASK.txt and answer/, an npm lock that records
 * registry URLs, a TypeScript probe, real packages the probes import, a key in .env.local):
 * init → 3 questions + 1 omission → validate → evidence lock/capture → evidence replay with no
 * network → run against the loopback reference server (graded on seal) → replay → leaderboard →
 * report → release pack --vendor → verify → extract → npm ci --offline from an EMPTY npm cache →
 * evidence replay in the extracted tree, with no network. Zero edits to the suite's files, and
 * the key reaches no evidence, no release byte and no output.
 */
const noNetns = await networkNamespaceUnavailable();
const missing = VENDORABLE.map((n) => docketLocked(n)).filter((p) => !cachedTarball(p.integrity));
const skip = noNetns ?? (missing.length ? `npm's cache holds no tarball for ${missing.map((p) => `${p.name}@${p.version}`).join(', ')} (run npm ci first)` : undefined);

const scratch = scratchDirs();

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  json: any;
}

/** Every stdout and stderr of the flow, searched for the key at the end. */
const printed: string[] = [];

function record(r: { code: number | null; stdout: string; stderr: string }, json: boolean): Ran {
  printed.push(r.stdout, r.stderr);
  let parsed: unknown;
  if (json) {
    try {
      parsed = JSON.parse(r.stdout);
    } catch {
      parsed = undefined;
    }
  }
  return { code: r.code, stdout: r.stdout, stderr: r.stderr, json: parsed };
}

/** A command with the machine's network (docket's own guards apply), run asynchronously: the reference server child keeps answering meanwhile. */
function exec(cmd: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve(record({ code, stdout, stderr }, args.includes('--json'))));
  });
}

/** A command in a network namespace with no interface up (`unshare -n`): nothing reachable, not even loopback. */
async function offline(cmd: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Ran> {
  const r = await runWithoutNetwork(cmd, args, { ...opts, timeoutMs: 120_000 });
  if (r.unavailable) throw new Error(r.unavailable);
  return record(r, args.includes('--json'));
}

const docket = (cwd: string, ...args: string[]) => exec(process.execPath, [DOCKET, ...args], { cwd });
const docketOffline = (cwd: string, ...args: string[]) => offline(process.execPath, [DOCKET, ...args], { cwd });

/** `docket serve-reference --port 0` in the suite (it serves the bank the archive holds); its base URL from its first line. */
async function serveReference(cwd: string) {
  const child = spawn(process.execPath, [DOCKET, 'serve-reference', '--port', '0', '--json'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      stdout += d;
      const first = stdout.split('\n')[0]!;
      if (stdout.includes('\n')) resolve((JSON.parse(first) as { baseUrl: string }).baseUrl);
    });
    child.on('close', (code) => reject(new Error(`serve-reference exited ${code}: ${stderr}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.on('close', () => resolve());
      child.kill('SIGTERM');
    }).then(() => void printed.push(stdout, stderr));
  return { baseUrl, stop };
}

describe.skipIf(!!skip)(`docket on its own eval suite, from init to a release replayed offline from an empty npm cache${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('init → questions → validate → lock/capture → unshare -n evidence replay → run → replay → leaderboard → report → release pack --vendor → verify → npm ci --offline → evidence replay', async () => {
    const suite = buildSuite(scratch('docket-flow-'), { lock: 'package-lock.json' });
    const root = suite.root;
    const inside = join(root, 'evals', '001-data_modeling', '006-database_crud', 'answer');

    // 1. init detects the suite as it is: layout, lockfile kind, package manager.
    const init = await docket(root, 'init', '--json');
    expect(init.code, init.stderr).toBe(0);
    expect(init.json).toMatchObject({ layout: { evalRoots: ['evals'], taskFiles: ['TASK.txt'], solution: ['answer/'], probeRoot: 'probes' }, lockfile: 'package-lock.json', packageManager: 'npm' });
    expect(init.json.created).toEqual(['decision-bank.json', 'lockfiles/probes.lock.json']);
    expect(init.json.appended).toMatchObject({ path: '.gitignore', lines: ['evidence/index.sqlite', 'evidence/index.sqlite-*', 'evidence/tmp/'] });

    // 2. Three questions (the first probe TypeScript, two importing the suite's packages) and one omission.
    const questions = authorBank(root, { typescript: true, imports: true });
    expect(questions.map((q) => q.probe.split('.').pop())).toEqual(['ts', 'mjs', 'mjs']);

    // 3. validate names what the probes import and the lock lacks, and what to run; after the lock, it passes.
    const early = await docket(inside, 'validate', '--complete', '--json');
    expect(early.code).toBe(1);
    expect(early.json.violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'ELOCK', message: expect.stringContaining('run `docket evidence lock`') }),
        expect.objectContaining({ code: 'ELOCK', question: 'crud-owner-index-1', message: expect.stringContaining('probe imports canonicalize') }),
        expect.objectContaining({ code: 'ELOCK', question: 'schema-compound-index-1', message: expect.stringContaining('probe imports crc-32') }),
      ]),
    );
    const lock = await docket(inside, 'evidence', 'lock', '--json');
    expect(lock.code, lock.stderr).toBe(0);
    const suiteLock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages;
    expect(JSON.parse(readFileSync(join(root, 'lockfiles/probes.lock.json'), 'utf8'))).toEqual({
      lockfileVersion: 1,
      node: '20',
      packages: Object.fromEntries(VENDORABLE.map((n) => [n, { version: suiteLock[`node_modules/${n}`].version, integrity: suiteLock[`node_modules/${n}`].integrity }])),
    });
    const valid = await docket(inside, 'validate', '--complete', '--json');
    expect(valid.code, JSON.stringify(valid.json?.violations ?? valid.stderr)).toBe(0);
    expect(valid.json).toMatchObject({ ok: true, questions: 3, omissions: 1, sourceEvals: 4, categories: 3, uncovered: [] });

    // 4. capture: each probe in its runtime (tsx for the .ts probe, with its own timeout), the installed packages it loaded recorded.
    const capture = await docket(inside, 'evidence', 'capture', '--json');
    expect(capture.code, capture.stderr).toBe(0);
    expect(capture.json).toMatchObject({ ok: true, captured: 3, benchmarkVersion: valid.json.benchmarkVersion });
    const archive = new Archive(join(root, 'evidence'));
    const evidence = currentBank(archive).questions.map((q) => archive.get(q.evidence).value as any);
    archive.close();
    expect(evidence.map((e) => [e.question, e.probeRuntime.name, e.probeRuntime.timeoutMs, e.answer, e.packages.map((p: { name: string }) => p.name)])).toEqual([
      ['crud-owner-index-1', 'tsx', 60_000, 'A', ['canonicalize']],
      ['schema-compound-index-1', 'node', 10_000, 'B', ['crc-32']],
      ['session-token-index-1', 'node', 10_000, 'C', []],
    ]);
    expect(evidence[0].packages[0]).toMatchObject({ version: '4.0.0', integrity: suiteLock['node_modules/canonicalize'].integrity, digest: expect.stringMatching(/^sha256:/) });

    // 5. evidence replay with no network at all.
    const replayed = await docketOffline(root, 'evidence', 'replay', '--json');
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0);
    expect(replayed.json).toMatchObject({ ok: true, total: 3, matched: 3, mismatched: 0 });
    // The installed packages are checked, not only the lock: an installed file edited after capture is a finding.
    const installed = join(root, 'node_modules', 'canonicalize', 'package.json');
    const original = readFileSync(installed);
    appendFileSync(installed, '\n');
    const drift = await docket(root, 'evidence', 'replay', '--json');
    writeFileSync(installed, original);
    expect(drift.code).toBe(1);
    expect(drift.json.failed).toEqual([expect.objectContaining({ question: 'crud-owner-index-1', reason: expect.stringContaining('differs from the folder the capture loaded') })]);

    // 6. Two runs against the loopback reference server, the key read from the suite's .env.local; each is graded as it is sealed.
    const server = await serveReference(root);
    const runs: Record<string, Ran> = {};
    try {
      for (const model of ['oracle', 'coin']) {
        runs[model] = await docket(root, 'run', '--model', model, '--base-url', server.baseUrl, '--run-id', `${model}-1`, '--env-file', '.env.local', '--api-key-env', 'OPENAI_API_KEY', '--json');
        expect(runs[model]!.code, runs[model]!.stderr).toBe(0);
        expect(runs[model]!.json).toMatchObject({ status: 'sealed', planned: 9, grade: { status: 'graded', counts: { slots: 9 } } });
      }
    } finally {
      await server.stop();
    }
    expect(runs.oracle!.json.grade.counts.correct).toBe(9);

    // 7. replay: every request rebuilt from the frozen bank and matched against the journal, offline.
    const replay = await docketOffline(root, 'replay', '--all', '--json');
    expect(replay.code, replay.stdout + replay.stderr).toBe(0);
    expect(replay.json).toMatchObject({ ok: true, requests: 18, matched: 18, mismatched: 0, findings: 0 });

    // 8. leaderboard ranks both runs with the grades written on seal: no regrade, nothing unscored.
    const board = await docket(root, 'leaderboard', '--json');
    expect(board.code, board.stderr).toBe(0);
    expect(board.json.unscored).toEqual([]);
    expect(board.json.rows.map((r: any) => [r.place, r.model, r.runId, r.run, r.grade])).toEqual([
      [1, 'oracle', 'oracle-1', runs.oracle!.json.digest, runs.oracle!.json.grade.grade],
      [2, 'coin', 'coin-1', runs.coin!.json.digest, runs.coin!.json.grade.grade],
    ]);
    expect(board.json.rows[0].score).toBe(100);

    // 9. report, titled by the bank.
    const reportDir = join(scratch('docket-flow-report-'), 'report');
    const report = await docket(inside, 'report', '--out', reportDir, '--json');
    expect(report.code, report.stderr).toBe(0);
    expect(report.json).toMatchObject({ ok: true, rows: 2, refused: 0 });
    expect(readFileSync(join(reportDir, 'index.html'), 'utf8')).toContain('<title>convex-evals leaderboard</title>');

    // 10. release pack --vendor: the exact tarballs the lock pins; the same bytes when packed again.
    const out = scratch('docket-flow-release-');
    const tgz = join(out, 'convex-evals-decisions.tgz');
    const pack = await docket(root, 'release', 'pack', '--vendor', '--out', tgz, '--json');
    expect(pack.code, pack.stderr).toBe(0);
    expect(pack.json).toMatchObject({ ok: true, vendored: 2 });
    const again = await docket(root, 'release', 'pack', '--vendor', '--out', join(out, 'again.tgz'), '--json');
    expect(again.json?.digest).toBe(pack.json.digest);

    // 11. verify against the published digest, and extract into a fresh directory.
    const tree = join(scratch('docket-flow-stranger-'), 'checked');
    const verify = await docket(out, 'verify', tgz, '--expect', pack.json.digest, '--extract', tree, '--json');
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);
    expect(verify.json.ok).toBe(true);
    expect(verify.json.findings.filter((f: { severity: string }) => f.severity === 'error')).toEqual([]);
    expect(readdirSync(join(tree, 'vendor', 'npm')).sort()).toEqual(['canonicalize-4.0.0.tgz', 'crc-32-1.2.2.tgz', 'vendor.json']);
    for (const absent of ['node_modules', '.env.local', 'evals/001-data_modeling/006-database_crud/answer/local.sqlite3']) expect(existsSync(join(tree, absent)), absent).toBe(false);

    // The stranger's one-liner: verify against the digest, extract privately, install the vendored packages, replay.
    const fromTgz = await docketOffline(out, 'evidence', 'replay', '--from', tgz, '--expect', pack.json.digest, '--json');
    expect(fromTgz.code, fromTgz.stdout + fromTgz.stderr).toBe(0);
    expect(fromTgz.json).toMatchObject({ ok: true, total: 3, matched: 3, release: { digest: pack.json.digest, anchored: 'expect', packages: { from: 'vendored', count: 2 } } });

    // 12. The stranger's machine: no network, an empty npm cache. Replay in the extracted tree installs the
    // vendored tarballs into a private copy (the tree is never written) …
    const before = await docketOffline(tree, 'evidence', 'replay', '--json');
    expect(before.code, before.stdout + before.stderr).toBe(0);
    expect(before.json).toMatchObject({ ok: true, total: 3, matched: 3, packages: { from: 'vendored', count: 2 } });
    expect(existsSync(join(tree, 'node_modules'))).toBe(false);
    // … the release's own script installs every package from the vendored tarballs …
    const cache = scratch('docket-flow-empty-npm-cache-');
    expect(readdirSync(cache)).toEqual([]);
    const env = { ...process.env, npm_config_cache: cache, npm_config_update_notifier: 'false' };
    const install = await offline(process.execPath, ['scripts/install-offline.mjs'], { cwd: tree, env });
    expect(install.code, install.stdout + install.stderr).toBe(0);
    expect(install.stderr).toContain('2 vendored tarballs match package-lock.json');
    expect(install.stderr).toContain('$ npm ci --offline');
    for (const n of VENDORABLE) expect(JSON.parse(readFileSync(join(tree, 'node_modules', n, 'package.json'), 'utf8')).version).toBe(suiteLock[`node_modules/${n}`].version);
    // … and every probe reproduces its archived output, the installed packages matching the capture's.
    const after = await docketOffline(tree, 'evidence', 'replay', '--json');
    expect(after.code, after.stdout + after.stderr).toBe(0);
    expect(after.json).toMatchObject({ ok: true, total: 3, matched: 3, mismatched: 0, packages: { from: 'tree' } });

    // Zero edits to the suite: every file byte-identical (.gitignore only gained lines); git sees only docket's new files.
    expect(suiteEdits(suite)).toEqual([]);
    if (suite.git) {
      const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=normal'], { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean).sort();
      expect(status).toEqual([' M .gitignore', '?? decision-bank.json', '?? evidence/', '?? lockfiles/', '?? probes/']);
    }

    // The key in .env.local (read by `run`, sent to the server) is nowhere: evidence, release bytes (outer gzip and every
    // inner bundle inflated), the extracted tree, the report, or anything a command printed.
    expect(readFileSync(join(root, '.env.local'), 'utf8')).toContain(SUITE_SECRET); // the plant is there
    const places: [string, string][] = [
      ['evidence/', allText(join(root, 'evidence'))],
      ['release tarball (inflated)', gunzipSync(readFileSync(tgz)).toString('latin1')],
      ['extracted release', allText(tree)],
      ['report', allText(reportDir)],
      ['stdout/stderr', printed.join('\n')],
    ];
    for (const [where, text] of places) expect(text.includes(SUITE_SECRET), where).toBe(false);
    expect(places[2]![1]).toContain('"kind":"evidence"'); // the search reads inside the bundles, not only their names
  }, 300_000);
});
