import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { byUtf8 } from '../format/utf8.ts';
import { canonicalBytes, parseStrict, type Json } from '../format/json.ts';
import { LOCK_KINDS, parseLock, type Lock, type LockedPackage, type LockKind } from '../bank/lockfiles.ts';
import { finding, type Finding } from '../findings.ts';

/**
 * Vendored packages (docs/design.md §15 "Vendored packages"): `release pack --vendor` ships the
 * exact registry tarballs the suite's lockfile names (package-lock.json, npm-shrinkwrap.json,
 * bun.lock, pnpm-lock.yaml or yarn.lock) under vendor/npm/, with vendor/npm/vendor.json listing
 * each tarball and where it goes in node_modules, so a third party installs them with no network
 * (scripts/install-offline.mjs: the lock's package manager from an empty private cache, or
 * docket's own layout). Release verify holds each tarball to the integrity the shipped lockfile
 * records, and each install path to the layout computed here. Reading and checking only;
 * collecting tarballs happens in cli/offline/vendor.ts.
 */
export const VENDOR_DIR = 'vendor/npm';
export const VENDOR_INDEX = `${VENDOR_DIR}/vendor.json`;

export interface VendorEntry {
  name: string;
  version: string;
  integrity: string; // sha512-… as the lock records it
  file: string; // vendor/npm/<name>-<version>.tgz
  /** schema 2: where the package goes, relative to the tree (node_modules/a, node_modules/b/node_modules/a) */
  paths?: string[];
}

export interface VendorIndex {
  kind: 'docket-vendor';
  /** 1: npm locks only, no paths (npm ci places the packages); 2: any lock kind, with install paths */
  schemaVersion: 1 | 2;
  lockfile: string;
  packages: VendorEntry[];
}

/** The tarball file name for a package: scopes flattened (@s/p → @s+p), safe on every file system. */
export const vendorFile = (name: string, version: string) => `${VENDOR_DIR}/${name.replace('/', '+')}-${version}.tgz`;

/** The packages an install of this lock fetches on this machine: registry packages, not links or bundled ones, optional ones only when installed. */
export function packagesToVendor(packages: LockedPackage[], installed: (path: string) => boolean): LockedPackage[] {
  const seen = new Set<string>();
  return packages
    .filter((p) => !p.link && !p.bundled && p.version && (!p.optional || (p.path !== null && installed(p.path))))
    .filter((p) => {
      const key = p.integrity ?? `${p.name}@${p.version}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => byUtf8(a.name, b.name) || byUtf8(a.version, b.version));
}

export function vendorIndexBytes(lockfile: string, entries: VendorEntry[]): Uint8Array {
  const index: VendorIndex = { kind: 'docket-vendor', schemaVersion: 2, lockfile, packages: entries };
  return canonicalBytes(index as unknown as Json);
}

export const sri512 = (bytes: Uint8Array) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`;

/** An install path a package may be unpacked at: node_modules/<name>, nested only under other packages' node_modules. */
const NAME = String.raw`(?:@[A-Za-z0-9][A-Za-z0-9._~-]*\/)?[A-Za-z0-9][A-Za-z0-9._~-]*`;
export const INSTALL_PATH = new RegExp(`^node_modules\\/${NAME}(?:\\/node_modules\\/${NAME})*$`);

const key = (name: string, version: string) => `${name}@${version}`;
const locks: readonly string[] = LOCK_KINDS;

/**
 * Where each vendored package goes (by name@version). npm and bun locks record install paths:
 * those. pnpm and yarn record none: a hoisted layout built from the suite's direct dependencies
 * and each package's resolved dependencies (LockedPackage.requires), breadth first — a package
 * goes to the top node_modules unless a version is already visible from its dependent, in which
 * case it nests under the dependent. Node then resolves every dependency to the version the lock
 * records (layoutProblems checks it). Packages not vendored (optional ones for other platforms)
 * are left out.
 */
export function vendorLayout(lock: Lock, roots: string[], vendored: readonly Pick<LockedPackage, 'name' | 'version'>[]): Map<string, string[]> {
  const wanted = new Set(vendored.map((p) => key(p.name, p.version)));
  const out = new Map<string, string[]>();
  const add = (k: string, path: string) => out.set(k, [...(out.get(k) ?? []), path].sort(byUtf8));
  if (lock.kind !== 'pnpm-lock.yaml' && lock.kind !== 'yarn.lock') {
    for (const p of lock.packages) if (p.path !== null && !p.link && !p.bundled && wanted.has(key(p.name, p.version)) && INSTALL_PATH.test(p.path)) add(key(p.name, p.version), p.path);
    return out;
  }
  const byKey = new Map(lock.packages.map((p) => [key(p.name, p.version), p]));
  const placed = new Map<string, string>(); // path → version
  const queue: { name: string; version: string; parent: string }[] = [];
  for (const name of [...roots].sort(byUtf8)) {
    const p = lock.direct(name);
    if (p && wanted.has(key(p.name, p.version))) queue.push({ name, version: p.version, parent: '' });
  }
  while (queue.length) {
    const { name, version, parent } = queue.shift()!;
    const found = visible(placed, parent, name);
    if (found !== null && placed.get(found) === version) continue;
    const path = found === null ? `node_modules/${name}` : `${parent}/node_modules/${name}`;
    if (!INSTALL_PATH.test(path)) continue;
    placed.set(path, version);
    add(key(name, version), path);
    for (const [dep, v] of Object.entries(byKey.get(key(name, version))?.requires ?? {})) if (wanted.has(key(dep, v))) queue.push({ name: dep, version: v, parent: path });
  }
  return out;
}

/** The path node finds `name` at from the package at `from` ('' for the tree's root), among `placed`, or null. */
function visible(placed: Map<string, string>, from: string, name: string): string | null {
  for (let dir = from; ; ) {
    const p = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (placed.has(p)) return p;
    if (!dir) return null;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i < 0 ? '' : dir.slice(0, i);
  }
}

/**
 * A layout's faults: for pnpm and yarn, every dependency a placed package requires must be the
 * version node finds from it (for npm and bun the lock's own paths are the layout). Empty when sound.
 */
export function layoutProblems(lock: Lock, layout: Map<string, string[]>): string[] {
  if (lock.kind !== 'pnpm-lock.yaml' && lock.kind !== 'yarn.lock') return [];
  const placed = new Map<string, string>();
  for (const [k, paths] of layout) for (const p of paths) placed.set(p, k.slice(k.lastIndexOf('@') + 1));
  const byKey = new Map(lock.packages.map((p) => [key(p.name, p.version), p]));
  const out: string[] = [];
  for (const [k, paths] of layout)
    for (const path of paths)
      for (const [dep, v] of Object.entries(byKey.get(k)?.requires ?? {})) {
        if (!layout.has(key(dep, v))) continue; // not vendored (another platform's optional package)
        const found = visible(placed, path, dep);
        if (found === null || placed.get(found) !== v) out.push(`${path} (${k}) would load ${dep} from ${found ?? 'nowhere'}, not ${dep}@${v}`);
      }
  return out;
}

/** The dependency names of a package.json (dependencies, devDependencies, optionalDependencies), or none. */
export function manifestDeps(dir: string): string[] {
  try {
    const m = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    return [...new Set(['dependencies', 'devDependencies', 'optionalDependencies'].flatMap((f) => Object.keys((m[f] as object | undefined) ?? {})))];
  } catch {
    return [];
  }
}

/** The suite's package.json ranges, by name (yarn.lock entries are keyed by them). */
function manifestRanges(dir: string): Map<string, string> {
  try {
    const m = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, unknown> | undefined>;
    const out = new Map<string, string>();
    for (const f of ['dependencies', 'devDependencies', 'optionalDependencies']) for (const [n, r] of Object.entries(m[f] ?? {})) if (typeof r === 'string') out.set(n, r);
    return out;
  } catch {
    return new Map();
  }
}

/**
 * Release verify: each vendored tarball against vendor.json and the shipped lockfile (the bytes
 * hash to the integrity the lock records for that name and version), and (schema 2) each install
 * path against the layout computed from the shipped lock and package.json. Every problem is an `EVENDOR` finding.
 */
export function checkVendored(top: string, shipped: Set<string>): Finding[] {
  const out: Finding[] = [];
  const tarballs = [...shipped].filter((p) => p.startsWith(`${VENDOR_DIR}/`) && p.endsWith('.tgz'));
  if (!shipped.has(VENDOR_INDEX)) {
    for (const t of tarballs) out.push(finding('EVENDOR', `a vendored tarball without ${VENDOR_INDEX}`, { path: t }));
    return out;
  }
  let index: VendorIndex;
  try {
    index = parseStrict(readFileSync(join(top, VENDOR_INDEX))) as unknown as VendorIndex;
    if (index.kind !== 'docket-vendor' || !Array.isArray(index.packages) || (index.schemaVersion !== 1 && index.schemaVersion !== 2)) throw new Error('not a docket-vendor index');
  } catch (e) {
    return [finding('EVENDOR', `cannot be read: ${(e as Error).message}`, { path: VENDOR_INDEX })];
  }
  const lockPath = typeof index.lockfile === 'string' ? index.lockfile : '';
  let lock: Lock | null = null;
  try {
    if (!locks.includes(basename(lockPath)) || lockPath !== basename(lockPath)) throw new Error(`${JSON.stringify(lockPath)} is not a lockfile at the release's top (${LOCK_KINDS.join(', ')})`);
    if (index.schemaVersion === 1 && lockPath !== 'package-lock.json' && lockPath !== 'npm-shrinkwrap.json') throw new Error(`${lockPath}: schema 1 vendors npm locks only`);
    if (!existsSync(join(top, lockPath))) throw new Error(`${lockPath} is not in the release`);
    lock = parseLock(lockPath as LockKind, lockPath, readFileSync(join(top, lockPath), 'utf8'), manifestRanges(top));
  } catch (e) {
    out.push(finding('EVENDOR', `its lockfile cannot be read: ${(e as Error).message}`, { path: VENDOR_INDEX }));
  }
  const layout = lock && index.schemaVersion === 2 ? vendorLayout(lock, manifestDeps(top), index.packages) : null;
  if (lock && layout) for (const m of layoutProblems(lock, layout)) out.push(finding('EVENDOR', `the layout of ${lockPath} is unsound: ${m}`, { path: VENDOR_INDEX }));
  const listed = new Set<string>();
  for (const p of index.packages) {
    listed.add(p.file);
    if (p.file !== vendorFile(p.name, p.version)) out.push(finding('EVENDOR', `${p.name}@${p.version} is listed as ${p.file}; its file is ${vendorFile(p.name, p.version)}`, { path: VENDOR_INDEX }));
    if (layout) {
      const paths = Array.isArray(p.paths) ? p.paths : [];
      const bad = paths.filter((x) => typeof x !== 'string' || !INSTALL_PATH.test(x));
      if (bad.length) out.push(finding('EVENDOR', `${p.name}@${p.version}: ${JSON.stringify(bad[0])} is not an install path under node_modules/`, { path: VENDOR_INDEX }));
      const want = layout.get(key(p.name, p.version)) ?? [];
      if (JSON.stringify([...paths].sort(byUtf8)) !== JSON.stringify(want))
        out.push(finding('EVENDOR', `${p.name}@${p.version} goes to ${JSON.stringify(paths)}; ${lockPath} lays it out at ${JSON.stringify(want)}`, { path: VENDOR_INDEX }));
    }
    if (!shipped.has(p.file)) {
      out.push(finding('EVENDOR', `${p.name}@${p.version} is listed in ${VENDOR_INDEX} and not shipped`, { path: p.file }));
      continue;
    }
    const got = sri512(readFileSync(join(top, p.file)));
    if (got !== p.integrity) out.push(finding('EVENDOR', `hashes to ${got}; ${VENDOR_INDEX} records ${p.integrity}`, { path: p.file }));
    if (lock && !lock.packages.some((l) => l.name === p.name && l.version === p.version && l.integrity === p.integrity))
      out.push(finding('EVENDOR', `${lockPath} records no ${p.name}@${p.version} with integrity ${p.integrity}: a vendored tarball must be one the lock names`, { path: p.file }));
  }
  for (const t of tarballs) if (!listed.has(t)) out.push(finding('EVENDOR', `not listed in ${VENDOR_INDEX}`, { path: t }));
  return out;
}
