import { cpSync, mkdirSync, readdirSync, truncateSync, unlinkSync, writeFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { loadRun } from '../../replay/runs/runs.ts';
import { docket, REPO, scratchDirs, treeHashes } from '../dev/testkit/core.ts';
import { networkNamespaceUnavailable, runDocketWithoutNetwork } from '../dev/testkit/netns.ts';

/**
 * `docket replay` end to end: the full replay of the shipped archive inside a network namespace with
 * no interface up (docs/design.md "No network"), the guard the command installs, exit statuses and
 * the JSON contract on bad input, and --from a release tarball.
 */
/** What is left in a TMPDIR, except tsx's compile cache. */
const staging = (tmp: string) => readdirSync(tmp).filter((n) => !n.startsWith('tsx-'));
const scratch = scratchDirs();

/** What the shipped archive holds, read independently of replay: attempts per sealed run. */
function shippedAttempts(): Record<string, number> {
  const a = new Archive(join(REPO, 'evidence'));
  const ids = a.store
    .listRefs()
    .filter((r) => r.name.startsWith('runs/'))
    .map((r) => r.name.slice(5));
  return Object.fromEntries(ids.map((id) => [id, loadRun(a, id).lines.length]));
}

const reason = await networkNamespaceUnavailable();
if (reason) {
  if (process.env.CI) throw new Error(`cli/e2e/replay-offline.test.ts: a network namespace is required in CI, and it is unavailable: ${reason}`);
  console.warn(`cli/e2e/replay-offline.test.ts: the unshare -n replay test is skipped: ${reason}`);
}

describe.skipIf(reason !== undefined)('docket replay with no network at all (unshare -n)', () => {
  it('replays every shipped run and matches every request', async () => {
    const attempts = shippedAttempts();
    const r = await runDocketWithoutNetwork(['replay', '--all', '--json'], { cwd: REPO });
    expect(r.unavailable).toBeUndefined();
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    const total = Object.values(attempts).reduce((n, x) => n + x, 0);
    expect(out).toMatchObject({ ok: true, requests: total, matched: total, mismatched: 0 });
    expect(Object.fromEntries(out.runs.map((x: { run: string; requests: number }) => [x.run, x.requests]))).toEqual(attempts);
    for (const run of out.runs) expect(run).toMatchObject({ matched: run.requests, mismatched: 0, findings: [] });
  });
});

describe('docket replay: the command', () => {
  it('installs the network guard before anything else: a fetch during replay throws ENETWORK', () => {
    // A preload that tries the network once the command has started (after argument parsing).
    const dir = scratch('docket-replay-guard-');
    const hook = join(dir, 'probe.mjs');
    writeFileSync(hook, `process.on('exit', () => { try { globalThis.fetch('http://127.0.0.1:9/'); console.error('FETCH-ALLOWED'); } catch (e) { console.error('FETCH-BLOCKED ' + e.code); } });\n`);
    const r = docket(['replay', 'ref-oracle-1', '--json'], { env: { NODE_OPTIONS: `--import=${hook}` } });
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('FETCH-BLOCKED ENETWORK');
    // control: another command does not install it, so the probe can tell the difference
    const c = docket(['runs', '--json'], { env: { NODE_OPTIONS: `--import=${hook}` } });
    expect(c.stderr).toContain('FETCH-ALLOWED');
  });

  it('bad input on a copy of the archive: coded findings, exit 1, nothing changed', () => {
    const dir = join(scratch('docket-replay-cli-'), 'evidence');
    cpSync(join(REPO, 'evidence'), dir, { recursive: true, filter: (src) => !src.includes('index.sqlite') });
    const a = new Archive(dir);
    // a missing question bundle, a truncated run bundle, a broken chain (a segment swapped for another run's)
    const oracle = loadRun(a, 'ref-oracle-1');
    const bank = a.get(oracle.plan.bank).value as { questions: { digest: `sha256:${string}` }[] };
    unlinkSync(a.store.objectPath(bank.questions[0]!.digest));
    const coinPath = a.store.objectPath(a.ref('runs/ref-coin-1')!);
    truncateSync(coinPath, statSync(coinPath).size - 9);
    const before = treeHashes(dir);
    const r = docket(['replay', '--json', '--archive', dir]);
    expect(treeHashes(dir)).toEqual(before);
    expect(r.status).toBe(1);
    expect(Object.keys(r.json).slice(0, 2)).toEqual(['ok', 'archive']);
    expect(r.json).toMatchObject({ ok: false, requests: 0, matched: 0, mismatched: 0 });
    const byRun = Object.fromEntries(r.json.runs.map((x: { run: string; findings: { code: string }[] }) => [x.run, [...new Set(x.findings.map((f) => f.code))]]));
    expect(byRun['ref-coin-1']).toEqual(['EDIGEST']);
    expect(byRun['ref-oracle-1']).toEqual(['EREF', 'EBANK']);
    for (const key of ['run', 'requests', 'matched', 'mismatched', 'findings']) expect(r.json.runs[0]).toHaveProperty(key);
    // the human form names the codes too
    const h = docket(['replay', '--archive', dir, 'ref-oracle-1']);
    expect(h.status).toBe(1);
    expect(h.stdout).toMatch(/ERROR EREF .*questions\/0\/digest/);
    expect(h.stdout).toMatch(/FAILED/);
  });

  it('an unknown run is a usage error (exit 2), with the JSON error shape', () => {
    const r = docket(['replay', 'no-such-run', '--json']);
    expect(r.status).toBe(2);
    expect(r.json).toMatchObject({ ok: false, error: { code: 'ENORUN' } });
  });
});

describe('docket replay --from FILE.tgz', () => {
  it('verifies the release, replays the archive inside it, and leaves no staging behind', () => {
    const dir = scratch('docket-replay-from-');
    const tgz = join(dir, 'decision-verification.tgz');
    const pack = docket(['release', 'pack', '--out', tgz, '--json']);
    expect(pack.status).toBe(0);
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const attempts = shippedAttempts();
    const total = Object.values(attempts).reduce((n, x) => n + x, 0);
    const r = docket(['replay', '--from', tgz, '--expect', pack.json.digest, '--json'], { env: { TMPDIR: tmp } });
    expect(r.status).toBe(0);
    expect(r.json).toMatchObject({ ok: true, requests: total, matched: total, mismatched: 0 });
    expect(staging(tmp)).toEqual([]);

    // a corrupted release: refused before any replay, exit 1, staging removed
    const bad = join(dir, 'bad.tgz');
    cpSync(tgz, bad);
    truncateSync(bad, statSync(bad).size - 100);
    const b = docket(['replay', '--from', bad, '--unanchored', '--json'], { env: { TMPDIR: tmp } });
    expect(b.status).toBe(1);
    expect(b.json).toMatchObject({ ok: false, error: { code: 'ERELEASE' } });
    expect(staging(tmp)).toEqual([]);
  });
});
