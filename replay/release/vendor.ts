import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { byUtf8 } from '../format/utf8.ts';
import { canonicalBytes, parseStrict, type Json } from '../format/json.ts';
import { parseLock, type LockedPackage } from '../bank/lockfiles.ts';
import { finding, type Finding } from '../findings.ts';

/**
 * Vendored packages (docs/design.md §15 "Vendored packages"): `release pack --vendor` ships the
 * exact tarballs the suite's npm lockfile names under vendor/npm/, with vendor/npm/vendor.json
 * listing them, so a third party can `npm ci --offline` from an empty cache
 * (scripts/install-offline.mjs). Release verify holds each tarball to the integrity the shipped
 * lockfile records. Reading and checking only; collecting tarballs happens in cli/offline/vendor.ts.
 */
export const VENDOR_DIR = 'vendor/npm';
export const VENDOR_INDEX = `${VENDOR_DIR}/vendor.json`;

export interface VendorEntry {
  name: string;
  version: string;
  integrity: string; // sha512-… as the lock records it
  file: string; // vendor/npm/<name>-<version>.tgz
}

export interface VendorIndex {
  kind: 'docket-vendor';
  schemaVersion: 1;
  lockfile: string;
  packages: VendorEntry[];
}

/** The tarball file name for a package: scopes flattened (@s/p → @s+p), safe on every file system. */
export const vendorFile = (name: string, version: string) => `${VENDOR_DIR}/${name.replace('/', '+')}-${version}.tgz`;

/** The packages `npm ci` fetches for this lock on this machine: registry packages, not links or bundled ones, optional ones only when installed. */
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
  const index: VendorIndex = { kind: 'docket-vendor', schemaVersion: 1, lockfile, packages: entries };
  return canonicalBytes(index as unknown as Json);
}

export const sri512 = (bytes: Uint8Array) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`;

/**
 * Release verify: each vendored tarball against vendor.json and the shipped lockfile (the bytes
 * hash to the integrity the lock records for that name and version). Every problem is an `EVENDOR` finding.
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
    if (index.kind !== 'docket-vendor' || !Array.isArray(index.packages)) throw new Error('not a docket-vendor index');
  } catch (e) {
    return [finding('EVENDOR', `cannot be read: ${(e as Error).message}`, { path: VENDOR_INDEX })];
  }
  const lockPath = typeof index.lockfile === 'string' ? index.lockfile : '';
  let locked: LockedPackage[] = [];
  try {
    if (lockPath !== 'package-lock.json' && lockPath !== 'npm-shrinkwrap.json') throw new Error(`${JSON.stringify(lockPath)} is not an npm lockfile`);
    if (!existsSync(join(top, lockPath))) throw new Error(`${lockPath} is not in the release`);
    locked = parseLock(lockPath, lockPath, readFileSync(join(top, lockPath), 'utf8')).packages;
  } catch (e) {
    out.push(finding('EVENDOR', `its lockfile cannot be read: ${(e as Error).message}`, { path: VENDOR_INDEX }));
  }
  const listed = new Set<string>();
  for (const p of index.packages) {
    listed.add(p.file);
    if (p.file !== vendorFile(p.name, p.version)) out.push(finding('EVENDOR', `${p.name}@${p.version} is listed as ${p.file}; its file is ${vendorFile(p.name, p.version)}`, { path: VENDOR_INDEX }));
    if (!shipped.has(p.file)) {
      out.push(finding('EVENDOR', `${p.name}@${p.version} is listed in ${VENDOR_INDEX} and not shipped`, { path: p.file }));
      continue;
    }
    const got = sri512(readFileSync(join(top, p.file)));
    if (got !== p.integrity) out.push(finding('EVENDOR', `hashes to ${got}; ${VENDOR_INDEX} records ${p.integrity}`, { path: p.file }));
    if (locked.length && !locked.some((l) => l.name === p.name && l.version === p.version && l.integrity === p.integrity))
      out.push(finding('EVENDOR', `${lockPath} records no ${p.name}@${p.version} with integrity ${p.integrity}: a vendored tarball must be one the lock names`, { path: p.file }));
  }
  for (const t of tarballs) if (!listed.has(t)) out.push(finding('EVENDOR', `not listed in ${VENDOR_INDEX}`, { path: t }));
  return out;
}
