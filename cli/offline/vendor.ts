import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLock, type Lock, type LockedPackage } from '../../replay/bank/lockfiles.ts';
import type { BankFile } from '../../replay/bank/types.ts';
import type { Source } from '../../replay/release/pack.ts';
import { packageFile } from '../../replay/package-files.ts';
import { fileURLToPath } from 'node:url';
import { findingError, usageError } from '../../replay/errors.ts';
import { parseStrict } from '../../replay/format/json.ts';
import { layoutProblems, manifestDeps, packagesToVendor, sri512, VENDOR_INDEX, vendorFile, vendorIndexBytes, vendorLayout, type VendorEntry, type VendorIndex } from '../../replay/release/vendor.ts';

/**
 * `release pack --vendor`: the exact registry tarballs the suite's lockfile names (any kind docket
 * reads but yarn berry's), from this machine's npm cache (content-addressed by the lock's sha512
 * integrity, so the bytes are the registry's), else `npm pack` of the installed folder when that
 * reproduces the same bytes. Nothing is fetched. A tarball that cannot be found is EVENDOR naming
 * each package and what to run; each goes with its install paths (replay/release/vendor.ts).
 */
export function collectVendor(root: string, bank: Pick<BankFile, 'lockfile'>): Source[] {
  const lock = readLock(root, bank);
  if (lock.berry)
    throw usageError(
      'EVENDORKIND',
      `release pack --vendor ships registry tarballs held to the lock's integrity; ${lock.path} is a Yarn Berry lock, whose checksums are of Yarn's own cache zips, not of registry tarballs, so no tarball could be checked against it. Commit Yarn's offline cache (.yarn/cache, "enableGlobalCache: false") with the suite instead, or vendor from a package-lock.json, bun.lock, pnpm-lock.yaml or Yarn 1 yarn.lock`,
      { lockfile: lock.path },
    );
  const npm = lock.kind === 'package-lock.json' || lock.kind === 'npm-shrinkwrap.json';
  const candidates = packagesToVendor(lock.packages, (path) => existsSync(join(root, path)));
  if (npm) requireResolved(lock, candidates);
  const noIntegrity = candidates.filter((p) => !p.integrity?.startsWith('sha512-'));
  if (noIntegrity.length)
    throw usageError('EVENDOR', `${lock.path} records no sha512 integrity for ${noIntegrity.map((p) => `${p.name}@${p.version}`).join(', ')}: a vendored tarball is checked by it`, {
      packages: noIntegrity.map((p) => p.name),
    });
  const cache = npmCache();
  const found: { p: LockedPackage; src: string; data: Buffer }[] = [];
  const missing: LockedPackage[] = [];
  const packDir = mkdtempSync(join(tmpdir(), 'docket-vendor-'));
  try {
    for (const p of candidates) {
      const src = fromCache(cache, p.integrity!) ?? fromInstalled(root, p, packDir);
      // Locks without install paths mark packages for other platforms optional: those this machine lacks are skipped.
      if (!src) {
        if (!(p.optional && p.path === null)) missing.push(p);
        continue;
      }
      found.push({ p, src, data: readFileSync(src) });
    }
  } finally {
    rmSync(packDir, { recursive: true, force: true });
  }
  if (missing.length) {
    throw usageError(
      'EVENDOR',
      `${missing.length} package(s) of ${lock.path} are not in the npm cache (${cache}) and \`npm pack\` of the installed folder does not reproduce the registry's bytes: ${missing
        .slice(0, 10)
        .map((p) => `${p.name}@${p.version}`)
        .join(', ')}${missing.length > 10 ? ', …' : ''}. Run \`npm cache add <name>@<version>\` for each (it needs the registry once), then pack again`,
      { packages: missing.map((p) => `${p.name}@${p.version}`) },
    );
  }
  const layout = vendorLayout(
    lock,
    manifestDeps(root),
    found.map((f) => f.p),
  );
  const unsound = layoutProblems(lock, layout);
  if (unsound.length) throw findingError('EVENDOR', `${lock.path} cannot be laid out in node_modules: ${unsound.slice(0, 3).join('; ')}`, { problems: unsound });
  const sources: Source[] = [];
  const entries: VendorEntry[] = [];
  for (const { p, src, data } of found) {
    const file = vendorFile(p.name, p.version);
    sources.push({ path: file, src, mode: 0o644, size: data.length, data });
    entries.push({ name: p.name, version: p.version, integrity: p.integrity!, file, paths: layout.get(`${p.name}@${p.version}`) ?? [] });
  }
  const index = vendorIndexBytes(lock.path, entries);
  sources.push({ path: VENDOR_INDEX, src: VENDOR_INDEX, mode: 0o644, size: index.length, data: index });
  return sources;
}

/** npm ci asks the registry where a package lives unless the lock records `resolved`, even with the tarball cached. */
function requireResolved(lock: Lock, wanted: LockedPackage[]) {
  const noResolved = wanted.filter((p) => !p.resolved);
  if (!noResolved.length) return;
  throw usageError(
    'EVENDORRESOLVED',
    `${lock.path} records no tarball URL ("resolved") for ${noResolved.length} package(s) (${noResolved
      .slice(0, 5)
      .map((p) => `${p.name}@${p.version}`)
      .join(
        ', ',
      )}${noResolved.length > 5 ? ', …' : ''}): without it, npm ci must ask the registry where a package lives even with the tarball cached, so an offline install cannot work. The lockfile was written with omit-lockfile-registry-resolved; run \`npm install --package-lock-only --no-omit-lockfile-registry-resolved\` (it needs the registry once) and commit ${lock.path}`,
    { packages: noResolved.map((p) => `${p.name}@${p.version}`) },
  );
}

/** npm's cache directory as npm itself is configured (npm config get cache), else its default. */
function npmCache(): string {
  const r = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8', timeout: 60_000 });
  const dir = r.status === 0 ? r.stdout.trim() : '';
  return dir || join(homedir(), '.npm');
}

/** cacache's content-v2 path for a sha512 integrity, when the file is there and hashes to it. */
function fromCache(cache: string, integrity: string): string | null {
  const hex = Buffer.from(integrity.slice('sha512-'.length), 'base64').toString('hex');
  const p = join(cache, '_cacache', 'content-v2', 'sha512', hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
  return existsSync(p) && sri512(readFileSync(p)) === integrity ? p : null;
}

/** `npm pack` of the installed folder (no scripts), kept only when its bytes hash to the lock's integrity. */
function fromInstalled(root: string, p: LockedPackage, into: string): string | null {
  const folder = join(root, p.path ?? `node_modules/${p.name}`); // pnpm and yarn record no path: the top-level install, if it is this version
  try {
    if ((JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version?: unknown }).version !== p.version) return null;
  } catch {
    return null;
  }
  const before = new Set(readdirSync(into));
  const r = spawnSync('npm', ['pack', folder, '--pack-destination', into, '--ignore-scripts', '--silent'], { encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) return null;
  const made = readdirSync(into).find((f) => !before.has(f));
  return made && sri512(readFileSync(join(into, made))) === p.integrity ? join(into, made) : null;
}

/**
 * Install a release's vendored tarballs into `dir` (a verified tree) with docket's own copy of
 * scripts/install-offline.mjs, never the release's: private empty caches, no network, no install
 * scripts (--ignore-scripts). Returns how many tarballs it installed, null when the release
 * vendors nothing; an install that fails is EVENDOR with the installer's last lines.
 */
export function installVendored(dir: string): number | null {
  const indexPath = join(dir, VENDOR_INDEX);
  if (!existsSync(indexPath)) return null;
  const index = parseStrict(readFileSync(indexPath)) as unknown as VendorIndex;
  const script = fileURLToPath(packageFile('cli/release-scripts/install-offline.mjs'));
  const args = [script, '--ignore-scripts'];
  const r = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', timeout: 10 * 60_000, env: { ...process.env, NO_COLOR: '1' } });
  if (r.status !== 0) {
    const said = `${r.stderr ?? ''}${r.stdout ?? ''}`.trim().split('\n').slice(-5).join(' | ');
    throw findingError(
      'EVENDOR',
      `the release's vendored packages do not install offline: \`node install-offline.mjs --ignore-scripts\` (docket's own copy) ${r.error ? `could not run (${r.error.message})` : `exited ${r.status ?? r.signal}`}${said ? `: ${said}` : ''}`,
      { command: [process.execPath, ...args] },
    );
  }
  return index.packages.length;
}
