import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCKET, docket, tempDir } from '../dev/testkit/core.ts';
import { networkNamespaceUnavailable, runWithoutNetwork } from '../dev/testkit/netns.ts';
import { makeProbeSuite, makeVendorSuite } from '../dev/testkit/probe-suite.ts';
import { packRelease } from '../../replay/release/pack.ts';
import { verifyRelease } from '../../replay/release/verify.ts';
import { collectVendor, installVendored } from '../offline/vendor.ts';

/**
 * A release a third party replays offline (issue #21 item 6): `release pack --vendor`, verify,
 * extract, an EMPTY npm cache, `node scripts/install-offline.mjs` (npm cache add + npm ci
 * --offline) and `docket evidence replay`, both in a network namespace with no interface up.
 */
const unavailable = await networkNamespaceUnavailable();

function capturedSuite(opts: { resolved?: boolean } = {}) {
  const root = tempDir('docket-vendor-');
  const why = makeVendorSuite(root, opts);
  if (why) return { root, why };
  expect(docket(['evidence', 'lock'], { cwd: root }).status).toBe(0);
  const c = docket(['evidence', 'capture', '--json'], { cwd: root });
  expect(c.status, c.stderr).toBe(0);
  return { root, why: null };
}

/** Verify the tarball with this checkout's docket and extract it (the tree a third party gets). */
function extract(tgz: string): string {
  const out = join(tempDir('docket-vendor-x-'), 'tree');
  const v = docket(['verify', tgz, '--extract', out, '--json']);
  expect(v.json?.ok, v.stdout + v.stderr).toBe(true);
  return out;
}

describe.skipIf(!!unavailable)('release pack --vendor: npm ci --offline from an empty cache, then evidence replay, with no network', () => {
  it('installs every vendored package offline and replays every probe; without the install, replay names the missing package and shows the probe stderr', async () => {
    const { root, why } = capturedSuite();
    if (why) return void console.warn(`skipped: ${why}`);
    const tgz = join(root, 'release.tgz');
    const p = docket(['release', 'pack', '--vendor', '--out', tgz, '--json'], { cwd: root });
    expect(p.status, p.stderr).toBe(0);
    expect(p.json.vendored).toBe(2);
    const tree = extract(tgz);
    expect(readdirSync(join(tree, 'vendor', 'npm')).sort()).toEqual(['canonicalize-4.0.0.tgz', 'crc-32-1.2.2.tgz', 'vendor.json']);
    expect(existsSync(join(tree, 'node_modules'))).toBe(false);

    // Before the install: every probe fails, and replay says why (the package, the command) and what the probe printed.
    const before = await runWithoutNetwork(process.execPath, [DOCKET, 'evidence', 'replay', '--json'], { cwd: tree });
    expect(before.code).toBe(1);
    const failed = JSON.parse(before.stdout).failed;
    expect(failed).toHaveLength(2);
    expect(failed[0].reason).toContain('canonicalize is not installed (node_modules/canonicalize): run `node scripts/install-offline.mjs`');
    expect(failed[0]).toMatchObject({ exitCode: 1, archivedExitCode: 0, stderr: expect.stringContaining("Cannot find package 'canonicalize'") });

    const cache = tempDir('docket-empty-npm-cache-');
    const env = { ...process.env, npm_config_cache: cache, npm_config_update_notifier: 'false' };
    // The control: plain `npm ci --offline` with this empty cache cannot install anything.
    const plain = await runWithoutNetwork('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: tree, env });
    expect(plain.code).not.toBe(0);
    expect(plain.stdout + plain.stderr).toMatch(/ENOTCACHED|only-if-cached/);
    const install = await runWithoutNetwork(process.execPath, ['scripts/install-offline.mjs'], { cwd: tree, env });
    expect(install.code, install.stdout + install.stderr).toBe(0);
    expect(install.stderr).toContain('2 vendored tarballs match package-lock.json');
    expect(JSON.parse(readFileSync(join(tree, 'node_modules', 'canonicalize', 'package.json'), 'utf8')).version).toBe('4.0.0');

    const replay = await runWithoutNetwork(process.execPath, [DOCKET, 'evidence', 'replay', '--json'], { cwd: tree });
    expect(replay.code, replay.stdout + replay.stderr).toBe(0);
    expect(JSON.parse(replay.stdout)).toMatchObject({ ok: true, total: 2, matched: 2 });
    // The shipped script needs only Node, the release and a docket: the tree's node_modules has no zx.
    const script = await runWithoutNetwork(process.execPath, ['scripts/evidence-replay.mjs'], { cwd: tree, env: { ...process.env, DOCKET_BIN: DOCKET } });
    expect(script.code, script.stdout + script.stderr).toBe(0);
    expect(existsSync(join(tree, 'node_modules', 'zx'))).toBe(false);
  });
});

describe('vendoring refuses what cannot install offline, and verify holds tarballs to the lock', () => {
  it('a lock without resolved URLs is EVENDORRESOLVED saying what to run; a bun.lock is EVENDORKIND', () => {
    const root = tempDir('docket-vendor-');
    if (makeVendorSuite(root, { resolved: false })) return;
    expect(() => collectVendor(root, {})).toThrow(
      expect.objectContaining({ code: 'EVENDORRESOLVED', message: expect.stringContaining('npm install --package-lock-only --no-omit-lockfile-registry-resolved') }),
    );
    const bun = tempDir('docket-vendor-');
    makeProbeSuite(bun, { lock: 'bun.lock' });
    expect(() => collectVendor(bun, {})).toThrow(expect.objectContaining({ code: 'EVENDORKIND' }));
  });

  it('evidence replay --from installs vendored tarballs from a private empty cache; a tree they cannot install is EVENDOR with what npm said', () => {
    expect(installVendored(tempDir('docket-vendor-none-'))).toBeNull(); // nothing vendored: docket lends its own packages
    const root = tempDir('docket-vendor-');
    if (makeVendorSuite(root)) return;
    // vendor.json lists no tarball while the lock needs two: npm ci --offline finds neither in the private cache.
    mkdirSync(join(root, 'vendor', 'npm'), { recursive: true });
    writeFileSync(join(root, 'vendor', 'npm', 'vendor.json'), JSON.stringify({ kind: 'docket-vendor', schemaVersion: 1, lockfile: 'package-lock.json', packages: [] }));
    expect(() => installVendored(root)).toThrow(
      expect.objectContaining({ code: 'EVENDOR', message: expect.stringMatching(/npm ci --offline --ignore-scripts --no-audit --no-fund` exited 1: .*(ENOTCACHED|only-if-cached)/) }),
    );
  }, 60_000);

  it('release verify: a vendored tarball that is not the one the lock pins is EVENDOR', async () => {
    const { root, why } = capturedSuite();
    if (why) return void console.warn(`skipped: ${why}`);
    const extra = collectVendor(root, {});
    const canon = extra.find((s) => s.path.endsWith('canonicalize-4.0.0.tgz'))!;
    canon.data = Buffer.concat([Buffer.from(canon.data!), Buffer.from('tampered')]);
    canon.size = canon.data.length;
    const r = await packRelease({ root, extra });
    const file = join(root, 'bad.tgz');
    writeFileSync(file, r.bytes);
    const report = await verifyRelease(file);
    expect(report.ok).toBe(false);
    expect(report.findings).toContainEqual(expect.objectContaining({ code: 'EVENDOR', data: { path: 'vendor/npm/canonicalize-4.0.0.tgz' }, message: expect.stringContaining('hashes to sha512-') }));
    const good = await packRelease({ root, extra: collectVendor(root, {}) });
    writeFileSync(file, good.bytes);
    expect((await verifyRelease(file)).findings.filter((f) => f.severity === 'error')).toEqual([]);
  });
});
