import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLock, type LockedPackage } from '../../replay/bank/lockfiles.ts';
import type { BankFile } from '../../replay/bank/types.ts';
import type { Source } from '../../replay/release/pack.ts';
import { findingError, usageError } from '../../replay/errors.ts';
import { parseStrict } from '../../replay/format/json.ts';
import { packagesToVendor, sri512, VENDOR_INDEX, vendorFile, vendorIndexBytes, type VendorEntry, type VendorIndex } from '../../replay/release/vendor.ts';

/**
 * `release pack --vendor`: the exact tarballs the suite's npm lockfile names, from this machine's
 * npm cache (content-addressed by the lock's sha512 integrity, so the bytes are the registry's),
 * else `npm pack` of the installed folder when that reproduces the same bytes. Nothing is fetched.
 * A tarball that cannot be found is EVENDOR naming each package and what to run.
 */
export function collectVendor(root: string, bank: Pick<BankFile, 'lockfile'>): Source[] {
  const lock = readLock(root, bank);
  if (lock.kind !== 'package-lock.json' && lock.kind !== 'npm-shrinkwrap.json') {
    throw usageError(
      'EVENDORKIND',
      `release pack --vendor ships npm tarballs for \`npm ci --offline\`; this bank's lockfile is ${lock.path}. Vendoring needs package-lock.json or npm-shrinkwrap.json (bun, pnpm and yarn keep their own caches)`,
      { lockfile: lock.path },
    );
  }
  const wanted = packagesToVendor(lock.packages, (path) => existsSync(join(root, path)));
  const noResolved = wanted.filter((p) => !p.resolved);
  if (noResolved.length) {
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
  const noIntegrity = wanted.filter((p) => !p.integrity?.startsWith('sha512-'));
  if (noIntegrity.length)
    throw usageError('EVENDOR', `${lock.path} records no sha512 integrity for ${noIntegrity.map((p) => `${p.name}@${p.version}`).join(', ')}: a vendored tarball is checked by it`, {
      packages: noIntegrity.map((p) => p.name),
    });
  const cache = npmCache();
  const sources: Source[] = [];
  const entries: VendorEntry[] = [];
  const missing: LockedPackage[] = [];
  const packDir = mkdtempSync(join(tmpdir(), 'docket-vendor-'));
  try {
    for (const p of wanted) {
      const src = fromCache(cache, p.integrity!) ?? fromInstalled(root, p, packDir);
      if (!src) {
        missing.push(p);
        continue;
      }
      const file = vendorFile(p.name, p.version);
      const data = readFileSync(src);
      sources.push({ path: file, src, mode: 0o644, size: data.length, data });
      entries.push({ name: p.name, version: p.version, integrity: p.integrity!, file });
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
  const index = vendorIndexBytes(lock.path, entries);
  sources.push({ path: VENDOR_INDEX, src: VENDOR_INDEX, mode: 0o644, size: index.length, data: index });
  return sources;
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
  if (!p.path || !existsSync(join(root, p.path, 'package.json'))) return null;
  const before = new Set(readdirSync(into));
  const r = spawnSync('npm', ['pack', join(root, p.path), '--pack-destination', into, '--ignore-scripts', '--silent'], { encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) return null;
  const made = readdirSync(into).find((f) => !before.has(f));
  return made && sri512(readFileSync(join(into, made))) === p.integrity ? join(into, made) : null;
}

/**
 * `evidence replay --from` a release packed with --vendor: install its vendored tarballs into the
 * verified tree as scripts/install-offline.mjs does, with docket's own code instead of the
 * release's: a private npm cache that starts empty, `npm cache add` of the tarballs (release verify
 * has held each to the lock), then `npm ci --offline --ignore-scripts` — no registry is contacted
 * and no install script of the release runs outside the probes' sandbox. Returns how many
 * tarballs it installed, null when the release vendors nothing; an install that fails is EVENDOR
 * with npm's last lines.
 */
export function installVendored(dir: string): number | null {
  const indexPath = join(dir, VENDOR_INDEX);
  if (!existsSync(indexPath)) return null;
  const index = parseStrict(readFileSync(indexPath)) as unknown as VendorIndex;
  const cache = mkdtempSync(join(tmpdir(), 'docket-npm-cache-'));
  const env = { ...process.env, npm_config_cache: cache, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  const npm = (args: string[]) => {
    const r = spawnSync('npm', args, { cwd: dir, env, encoding: 'utf8', timeout: 10 * 60_000 });
    if (r.status === 0) return;
    const said = `${r.stderr ?? ''}${r.stdout ?? ''}`.trim().split('\n').slice(-5).join(' | ');
    throw findingError(
      'EVENDOR',
      `the release's vendored packages do not install offline: \`npm ${args.join(' ')}\` ${r.error ? `could not run (${r.error.message})` : `exited ${r.status ?? r.signal}`}${said ? `: ${said}` : ''}`,
      { command: ['npm', ...args] },
    );
  };
  try {
    if (index.packages.length) npm(['cache', 'add', ...index.packages.map((p) => p.file)]);
    npm(['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund']);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
  return index.packages.length;
}
