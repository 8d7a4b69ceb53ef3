import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCKET, docket, scratchDirs } from '../dev/testkit/core.ts';
import { networkNamespaceUnavailable, runWithoutNetwork } from '../dev/testkit/netns.ts';
import { docketLocked, makeBunVendorSuite, pathWithBun } from '../dev/testkit/probe-suite.ts';

/**
 * Issue #37 item 2, as a stranger meets it: the maintainer of a bun suite (bun from the npm package,
 * a bun.lock naming real registry packages, TypeScript probes run by bun) packs a release with
 * --vendor; a stranger with only the tarball and its digest, in an empty folder with empty caches
 * and no network (`unshare -n`), verifies it, installs the vendored packages offline, replays the
 * evidence (100 %) and runs `docket check`. The same suite with a pnpm-lock.yaml or a yarn.lock
 * (no pnpm or yarn here) installs through docket's own node_modules layout. One suite, one capture.
 */
const unavailable = await networkNamespaceUnavailable();
const scratch = scratchDirs();
const withBun = { PATH: pathWithBun() };
let suite = '';
let tgz = '';
let digest = '';
let why: string | null = null;

beforeAll(() => {
  suite = join(scratch('docket-bun-suite-'), 'suite');
  why = makeBunVendorSuite(suite);
  if (why) return;
  expect(docket(['evidence', 'lock'], { cwd: suite }).status).toBe(0);
  const c = docket(['evidence', 'capture', '--json'], { cwd: suite, env: withBun });
  expect(c.status, c.stderr).toBe(0);
  tgz = join(suite, '..', 'decision-verification.tgz');
  const p = docket(['release', 'pack', '--vendor', '--out', tgz, '--json'], { cwd: suite });
  expect(p.status, p.stderr).toBe(0);
  expect(p.json.vendored).toBe(3);
  digest = p.json.digest;
}, 240_000);

/** The stranger's shell: an empty HOME (so empty npm and bun caches) and bun on PATH. */
function strangerEnv(home: string): NodeJS.ProcessEnv {
  return { ...process.env, ...withBun, HOME: home, npm_config_cache: join(home, '.npm'), BUN_INSTALL_CACHE_DIR: join(home, '.bun'), NO_COLOR: '1' };
}

describe.skipIf(!!unavailable)('a bun suite, replayed by a stranger with no network and empty caches', () => {
  it('verify (bare hex digest), node scripts/install-offline.mjs (bun, from an empty private cache), evidence replay 2/2, check', async () => {
    if (why) return void console.warn(`skipped: ${why}`);
    const folder = scratch('docket-stranger-');
    const home = join(folder, 'home');
    mkdirSync(home);
    writeFileSync(join(folder, 'decision-verification.tgz'), readFileSync(tgz));
    const script = [
      `node ${DOCKET} verify decision-verification.tgz --expect ${digest.slice('sha256:'.length)} --extract tree`,
      'cd tree',
      'node scripts/install-offline.mjs',
      `node ${DOCKET} evidence replay --json > ../replay.json`,
      `node ${DOCKET} check --json > ../check.json`,
    ].join(' && ');
    const r = await runWithoutNetwork('sh', ['-c', script], { cwd: folder, env: strangerEnv(home) });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stderr).toContain('3 vendored tarballs match bun.lock');
    expect(r.stderr).toContain('$ bun install --frozen-lockfile');
    expect(r.stderr).toContain('installed 3 packages into node_modules/ (bun), with no network');
    expect(JSON.parse(readFileSync(join(folder, 'replay.json'), 'utf8'))).toMatchObject({ ok: true, total: 2, matched: 2, packages: { from: 'tree' } });
    const check = JSON.parse(readFileSync(join(folder, 'check.json'), 'utf8'));
    expect(check.ok).toBe(true);
    expect(check.steps.find((s: { name: string }) => s.name === 'evidence replay').summary).toMatch(/^2\/2 /);
    expect(readFileSync(join(folder, 'tree', 'node_modules', 'pend', 'package.json'), 'utf8')).toContain('"version": "1.2.0"');
    // The caches the stranger started with are still empty: the install used a private one, removed after.
    expect(existsSync(join(home, '.bun'))).toBe(false);
  });

  it('without the install: check and evidence replay --from run the probes with the vendored packages, in a private copy', async () => {
    if (why) return void console.warn(`skipped: ${why}`);
    const folder = scratch('docket-stranger-');
    const tree = join(folder, 'tree');
    expect(docket(['verify', tgz, '--expect', digest, '--extract', tree]).status).toBe(0);
    const check = await runWithoutNetwork(process.execPath, [DOCKET, 'check', '--json'], { cwd: tree, env: strangerEnv(folder) });
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(existsSync(join(tree, 'node_modules'))).toBe(false); // check wrote nothing into the tree
    const from = await runWithoutNetwork(process.execPath, [DOCKET, 'evidence', 'replay', '--from', tgz, '--expect', digest, '--json'], { cwd: folder, env: strangerEnv(folder) });
    expect(JSON.parse(from.stdout)).toMatchObject({ ok: true, matched: 2, release: { packages: { from: 'vendored', count: 3 } } });
  });

  it('--layout: docket unpacks the tarballs where the lock puts them; the probes load the same bytes', async () => {
    if (why) return void console.warn(`skipped: ${why}`);
    const tree = join(scratch('docket-stranger-'), 'tree');
    expect(docket(['verify', tgz, '--expect', digest, '--extract', tree]).status).toBe(0);
    const install = await runWithoutNetwork(process.execPath, ['scripts/install-offline.mjs', '--layout'], { cwd: tree, env: strangerEnv(tree) });
    expect(install.code, install.stderr).toBe(0);
    expect(install.stderr).toContain("installed 3 packages into node_modules/ (docket's layout)");
    const replay = docket(['evidence', 'replay', '--json'], { cwd: tree, env: withBun });
    expect(replay.json, replay.stderr).toMatchObject({ ok: true, matched: 2 }); // schema-2 evidence: each package folder's digest as captured
    // A second run refuses to unpack over what is there.
    const again = await runWithoutNetwork(process.execPath, ['scripts/install-offline.mjs', '--layout'], { cwd: tree, env: strangerEnv(tree) });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('node_modules/ exists');
  });
});

describe('pnpm-lock.yaml and yarn.lock vendor too, installed by docket’s layout where the manager is absent', () => {
  const [canon, yauzl, pend] = ['canonicalize', 'yauzl', 'pend'].map((n) => docketLocked(n));
  const LOCKS: Record<string, string> = {
    'pnpm-lock.yaml': [
      "lockfileVersion: '9.0'",
      '',
      'importers:',
      '  .:',
      '    dependencies:',
      `      canonicalize:\n        specifier: ${canon!.version}\n        version: ${canon!.version}`,
      `      yauzl:\n        specifier: ${yauzl!.version}\n        version: ${yauzl!.version}`,
      '',
      'packages:',
      ...[canon, pend, yauzl].map((p) => `  ${p!.name}@${p!.version}:\n    resolution: {integrity: ${p!.integrity}}\n`),
      'snapshots:',
      `  canonicalize@${canon!.version}: {}`,
      `  pend@${pend!.version}: {}`,
      `  yauzl@${yauzl!.version}:\n    dependencies:\n      pend: ${pend!.version}`,
      '',
    ].join('\n'),
    'yarn.lock': [
      '# THIS IS AN AUTOGENERATED FILE. DO NOT EDIT THIS FILE DIRECTLY.',
      '# yarn lockfile v1',
      '',
      ...[
        [canon, canon!.version, ''],
        [pend, `~${pend!.version}`, ''],
        [yauzl, yauzl!.version, `  dependencies:\n    pend "~${pend!.version}"\n`],
      ].map(
        ([p, range, deps]) =>
          `\n${(p as typeof canon)!.name}@${range as string}:\n  version "${(p as typeof canon)!.version}"\n  resolved "https://registry.yarnpkg.com/${(p as typeof canon)!.name}/-/${(p as typeof canon)!.name}-${(p as typeof canon)!.version}.tgz"\n  integrity ${(p as typeof canon)!.integrity}\n${deps as string}`,
      ),
      '',
    ].join('\n'),
  };

  it.each(Object.keys(LOCKS))('%s: release pack --vendor, verify, install-offline (layout), evidence replay 2/2', async (kind) => {
    if (why) return void console.warn(`skipped: ${why}`);
    const root = join(scratch('docket-lockkind-'), 'suite');
    // The captured suite, with another lockfile: same packages, same node_modules.
    const { cpSync } = await import('node:fs');
    cpSync(suite, root, { recursive: true });
    rmSync(join(root, 'bun.lock'));
    writeFileSync(join(root, kind), LOCKS[kind]!);
    expect(docket(['evidence', 'lock'], { cwd: root }).status).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'lockfiles', 'probes.lock.json'), 'utf8')).source).toBe(kind);
    const c = docket(['evidence', 'capture'], { cwd: root, env: withBun });
    expect(c.status, c.stderr).toBe(0);
    const out = join(root, '..', 'r.tgz');
    const p = docket(['release', 'pack', '--vendor', '--out', out, '--json'], { cwd: root });
    expect(p.status, p.stderr).toBe(0);
    const tree = join(root, '..', 'tree');
    const v = docket(['verify', out, '--expect', p.json.digest, '--extract', tree, '--json']);
    expect(v.json.ok, v.stdout).toBe(true);
    const index = JSON.parse(readFileSync(join(tree, 'vendor', 'npm', 'vendor.json'), 'utf8'));
    expect(index.packages.map((e: { paths: string[] }) => e.paths)).toEqual([['node_modules/canonicalize'], ['node_modules/pend'], ['node_modules/yauzl']]);
    const install = await runWithoutNetwork(process.execPath, ['scripts/install-offline.mjs'], { cwd: tree, env: strangerEnv(tree) });
    expect(install.code, install.stderr).toBe(0);
    expect(install.stderr).toContain("(docket's layout), with no network");
    expect(docket(['evidence', 'replay', '--json'], { cwd: tree, env: withBun }).json).toMatchObject({ ok: true, matched: 2 });
  });
});
