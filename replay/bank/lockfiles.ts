import { existsSync, readFileSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';
import { createRequire } from 'node:module';
import type { ParseError } from 'jsonc-parser';
import { findingError, usageError } from '../errors.ts';
import type { BankFile } from './types.ts';

/**
 * The suite's own lockfile (docs/design.md §7 "Locks"), whichever package manager wrote it, read
 * into one shape: every package it records, with the version and the integrity it pins. Parsing
 * goes through each format's maintained parser (jsonc-parser for bun.lock, yaml for
 * pnpm-lock.yaml, @yarnpkg/parsers for both yarn.lock generations); nothing here installs or
 * resolves anything.
 */
// Each parser is loaded when a lockfile of its kind is read: most commands read none, and yaml and
// @yarnpkg/parsers cost ~200 ms of start-up.
const require = createRequire(import.meta.url);
const parseYaml = (text: string): unknown => (require('yaml') as typeof import('yaml')).parse(text);
const parseSyml = (text: string): Record<string, unknown> => (require('@yarnpkg/parsers') as typeof import('@yarnpkg/parsers')).parseSyml(text);
const jsoncParser = () => require('jsonc-parser') as typeof import('jsonc-parser');

export const LOCK_KINDS = ['package-lock.json', 'npm-shrinkwrap.json', 'bun.lock', 'pnpm-lock.yaml', 'yarn.lock'] as const;
export type LockKind = (typeof LOCK_KINDS)[number];

/** What a package manager installs for the lock, so a clear error can say what to run. */
export const INSTALL_COMMAND: Record<LockKind, string> = {
  'package-lock.json': 'npm ci',
  'npm-shrinkwrap.json': 'npm ci',
  'bun.lock': 'bun install --frozen-lockfile',
  'pnpm-lock.yaml': 'pnpm install --frozen-lockfile',
  'yarn.lock': 'yarn install --frozen-lockfile',
};

export interface LockedPackage {
  name: string;
  version: string;
  /** what the lock records about the tarball: an SRI string (sha512-…), yarn berry's checksum, or null */
  integrity: string | null;
  /** the install location the lock names (npm, bun: node_modules/a/node_modules/b), or null (pnpm, yarn) */
  path: string | null;
  /** the tarball URL the lock records (npm's `resolved`), or null */
  resolved: string | null;
  dev: boolean;
  optional: boolean;
  /** npm: shipped inside its parent's tarball (inBundle), or a workspace/file link: nothing to fetch */
  bundled: boolean;
  link: boolean;
  /**
   * pnpm and yarn (whose locks record no install paths): the exact version of each dependency the
   * lock resolves for this package (dependencies and optionalDependencies), for a node_modules
   * layout built from the lock (replay/release/vendor.ts). Absent for npm and bun.
   */
  requires?: Record<string, string>;
}

export interface Lock {
  kind: LockKind;
  path: string; // relative to the bank root
  packages: LockedPackage[];
  /** the version the lock resolves for a dependency of the suite's own package.json (what `import 'x'` from the suite loads) */
  direct(name: string): LockedPackage | null;
  /** yarn berry (`__metadata`): its checksums are of Yarn's cache zips, not of registry tarballs */
  berry?: boolean;
}

/** The lockfile the bank names (`lockfile` in decision-bank.json), else the first of LOCK_KINDS present. */
export function lockfilePath(root: string, bank: Pick<BankFile, 'lockfile'>): string | null {
  if (typeof bank.lockfile === 'string') return bank.lockfile;
  return LOCK_KINDS.find((k) => existsSync(join(root, k))) ?? null;
}

/** The bank's lockfile parsed, or a coded error: ENOLOCKFILE (none; says what to run), ELOCKFILE (unreadable or damaged). */
export function readLock(root: string, bank: Pick<BankFile, 'lockfile'>): Lock {
  const rel = lockfilePath(root, bank);
  if (rel === null) {
    throw usageError(
      'ENOLOCKFILE',
      `no lockfile in ${root}: docket pins what probes import from the suite's lockfile (${LOCK_KINDS.join(', ')}). Install the suite's dependencies once (npm install, bun install, pnpm install or yarn install) and commit the lockfile it writes; or name it with "lockfile" in decision-bank.json`,
      { root },
    );
  }
  if (isAbsolute(rel) || rel.split(/[\\/]/).includes('..')) throw usageError('ELOCKFILE', `decision-bank.json names the lockfile ${rel}: it must be a path inside the bank's tree`, { path: rel });
  const kind = basename(rel) as LockKind;
  if (!LOCK_KINDS.includes(kind)) throw usageError('ELOCKFILE', `decision-bank.json names the lockfile ${rel}; docket reads ${LOCK_KINDS.join(', ')}`, { path: rel });
  let text: string;
  try {
    text = readFileSync(join(root, rel), 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw usageError('ENOLOCKFILE', `cannot read the lockfile ${rel} (${code ?? 'error'}): run \`${INSTALL_COMMAND[kind]}\` to write it, or fix "lockfile" in decision-bank.json`, { path: rel });
  }
  return parseLock(kind, rel, text, manifestRanges(root));
}

/** The dependency ranges of the suite's package.json (yarn.lock entries are keyed by them), or none. */
function manifestRanges(root: string): Map<string, string> {
  const ranges = new Map<string, string>();
  try {
    const manifest = object(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')));
    for (const f of ['dependencies', 'devDependencies', 'optionalDependencies']) for (const [n, r] of Object.entries(object(manifest[f]))) if (typeof r === 'string') ranges.set(n, r);
  } catch {
    // no package.json: a name is then direct only when the lock holds one version of it
  }
  return ranges;
}

/**
 * Parse lockfile text of a known kind (pure). `ranges` are the suite's package.json dependency
 * ranges: yarn.lock records no install paths, so which of several versions `import 'x'` gets
 * follows from the range (the entry keyed `x@<range>` or `x@npm:<range>`).
 */
export function parseLock(kind: LockKind, path: string, text: string, ranges = new Map<string, string>()): Lock {
  const damaged = (why: string) => findingError('ELOCKFILE', `${path}: ${why}`, { path });
  let parsed: { packages: LockedPackage[]; direct: Map<string, LockedPackage>; berry?: boolean };
  try {
    if (kind === 'package-lock.json' || kind === 'npm-shrinkwrap.json') parsed = npmLock(JSON.parse(text));
    else if (kind === 'bun.lock') parsed = bunLock(jsonc(text, damaged));
    else if (kind === 'pnpm-lock.yaml') parsed = pnpmLock(parseYaml(text) as PnpmLock);
    else parsed = yarnLock(parseSyml(text), ranges);
  } catch (e) {
    if (e instanceof Error && 'code' in e && (e as { code: unknown }).code === 'ELOCKFILE') throw e;
    throw damaged(`cannot be read as a ${kind}: ${(e as Error).message}`);
  }
  const direct = parsed.direct;
  return { kind, path, packages: parsed.packages, direct: (name) => direct.get(name) ?? null, ...(parsed.berry ? { berry: true } : {}) };
}

function jsonc(text: string, damaged: (why: string) => Error): unknown {
  const errors: ParseError[] = [];
  const { parse, printParseErrorCode } = jsoncParser();
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length) throw damaged(`${printParseErrorCode(errors[0]!.error)} at offset ${errors[0]!.offset}`);
  return value;
}

const object = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The package name at the end of an install path: node_modules/a/node_modules/@s/b → @s/b. */
export function nameAtPath(path: string): string {
  const i = path.lastIndexOf('node_modules/');
  return path.slice(i + 'node_modules/'.length);
}

// ---- npm: package-lock.json / npm-shrinkwrap.json (lockfileVersion 1, 2, 3)

function npmLock(raw: unknown) {
  const lock = object(raw);
  const packages: LockedPackage[] = [];
  if (lock.packages && typeof lock.packages === 'object') {
    for (const [path, v] of Object.entries(object(lock.packages))) {
      if (path === '' || !path.includes('node_modules/')) continue; // the root project and workspace folders
      const e = object(v);
      packages.push({
        name: str(e.name) ?? nameAtPath(path),
        version: str(e.version) ?? '',
        integrity: str(e.integrity),
        path,
        resolved: str(e.resolved),
        dev: e.dev === true || e.devOptional === true,
        optional: e.optional === true,
        bundled: e.inBundle === true,
        link: e.link === true,
      });
    }
  } else {
    // lockfileVersion 1 (npm 6): a nested `dependencies` tree instead of install paths.
    const walk = (deps: unknown, prefix: string) => {
      for (const [name, v] of Object.entries(object(deps))) {
        const e = object(v);
        const path = `${prefix}node_modules/${name}`;
        packages.push({
          name,
          version: str(e.version) ?? '',
          integrity: str(e.integrity),
          path,
          resolved: str(e.resolved),
          dev: e.dev === true,
          optional: e.optional === true,
          bundled: e.bundled === true,
          link: false,
        });
        walk(e.dependencies, `${path}/`);
      }
    };
    walk(lock.dependencies, '');
  }
  const direct = new Map<string, LockedPackage>();
  for (const p of packages) if (p.path === `node_modules/${p.name}`) direct.set(p.name, p);
  return { packages, direct };
}

// ---- bun: bun.lock (text, JSONC); packages: { "<a> or <a>/<b>": ["name@version", registry, {meta}, "sha512-…"] }

function bunLock(raw: unknown) {
  const lock = object(raw);
  const packages: LockedPackage[] = [];
  for (const [key, v] of Object.entries(object(lock.packages))) {
    if (!Array.isArray(v) || typeof v[0] !== 'string') continue;
    const { name, version } = splitSpec(v[0]);
    const integrity = v.find((x, i) => i > 0 && typeof x === 'string' && /^sha\d+-/.test(x)) as string | undefined;
    const meta = object(v.find((x, i) => i > 0 && x && typeof x === 'object' && !Array.isArray(x)));
    const local = /^(workspace|link|file):/.test(version);
    packages.push({
      name,
      version,
      integrity: integrity ?? null,
      path: bunKeyPath(key),
      resolved: null,
      dev: false,
      optional: meta.os !== undefined || meta.cpu !== undefined,
      bundled: false,
      link: local,
    });
  }
  const direct = new Map<string, LockedPackage>();
  for (const p of packages) if (p.path === `node_modules/${p.name}`) direct.set(p.name, p);
  return { packages, direct };
}

/** bun's key "a/@s/b/c" (a package under a parent) → node_modules/a/node_modules/@s/b/node_modules/c. */
function bunKeyPath(key: string): string {
  const parts = key.split('/');
  const names: string[] = [];
  for (let i = 0; i < parts.length; i++) names.push(parts[i]!.startsWith('@') && i + 1 < parts.length ? `${parts[i]}/${parts[++i]}` : parts[i]!);
  return names.map((n) => `node_modules/${n}`).join('/');
}

/** "name@version", "@scope/name@version", "name@npm:other@1" (an alias: the installed name is the key's). */
function splitSpec(spec: string): { name: string; version: string } {
  const at = spec.indexOf('@', 1);
  if (at < 0) return { name: spec, version: '' };
  const name = spec.slice(0, at);
  let version = spec.slice(at + 1);
  const alias = /^npm:(.+)$/.exec(version);
  if (alias) version = splitSpec(alias[1]!).version;
  return { name, version };
}

// ---- pnpm: pnpm-lock.yaml (lockfileVersion 5.x, 6.0, 9.0)

interface PnpmLock {
  lockfileVersion?: string | number;
  importers?: Record<string, { dependencies?: Record<string, unknown>; devDependencies?: Record<string, unknown>; optionalDependencies?: Record<string, unknown> }>;
  dependencies?: Record<string, unknown>;
  devDependencies?: Record<string, unknown>;
  optionalDependencies?: Record<string, unknown>;
  packages?: Record<string, PnpmEntry>;
  /** lockfileVersion 9: each package's resolved dependencies, keyed as packages are (with peer suffixes) */
  snapshots?: Record<string, Pick<PnpmEntry, 'dependencies' | 'optionalDependencies'>>;
}
interface PnpmEntry {
  resolution?: { integrity?: string; tarball?: string };
  dev?: boolean;
  optional?: boolean;
  name?: string;
  version?: string;
  dependencies?: Record<string, unknown>;
  optionalDependencies?: Record<string, unknown>;
}

/** A pnpm dependency map (name → version with peer suffixes, or an alias npm:x@1, or link:) as exact versions; links left out. */
function pnpmRequires(...maps: (Record<string, unknown> | undefined)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of maps)
    for (const [name, spec] of Object.entries(m ?? {})) {
      if (typeof spec !== 'string' || spec.startsWith('link:') || spec.startsWith('file:')) continue;
      out[name] = pnpmVersion(spec.includes('@') && !/^\d/.test(spec) ? splitSpec(spec.replace(/^npm:/, '')).version : spec);
    }
  return out;
}

/** A version as an importer lists it, without peer suffixes: "1.2.3(react@18.0.0)" or "1.2.3_react@18.0.0" → 1.2.3. */
const pnpmVersion = (v: string) => v.replace(/\(.*$/, '').replace(/_.*$/, '');

function pnpmLock(raw: PnpmLock) {
  const lock = raw ?? {};
  const v5 = String(lock.lockfileVersion ?? '').startsWith('5');
  const packages: LockedPackage[] = [];
  // v9 keeps dependencies in snapshots (one per peer variant): the first variant of a name@version stands for it.
  const snapshots = new Map<string, Pick<PnpmEntry, 'dependencies' | 'optionalDependencies'>>();
  for (const [key, s] of Object.entries(lock.snapshots ?? {})) {
    const bare = pnpmVersion(key);
    if (!snapshots.has(bare)) snapshots.set(bare, s ?? {});
  }
  for (const [key, e] of Object.entries(lock.packages ?? {})) {
    const bare = pnpmVersion(key.replace(/^\//, ''));
    let name: string;
    let version: string;
    if (v5) {
      const i = bare.lastIndexOf('/');
      name = bare.slice(0, i);
      version = bare.slice(i + 1);
    } else ({ name, version } = splitSpec(bare));
    packages.push({
      name: e?.name ?? name,
      version: e?.version ?? version,
      integrity: e?.resolution?.integrity ?? null,
      path: null,
      resolved: e?.resolution?.tarball ?? null,
      dev: e?.dev === true,
      optional: e?.optional === true,
      bundled: false,
      link: false,
      requires: pnpmRequires(...[snapshots.get(bare) ?? e].flatMap((x) => [x?.dependencies, x?.optionalDependencies])),
    });
  }
  const root = lock.importers?.['.'] ?? lock;
  const direct = new Map<string, LockedPackage>();
  for (const deps of [root.dependencies, root.devDependencies, root.optionalDependencies]) {
    for (const [name, spec] of Object.entries(deps ?? {})) {
      const raw = typeof spec === 'string' ? spec : str(object(spec).version);
      if (!raw || raw.startsWith('link:')) continue;
      const version = pnpmVersion(raw);
      const found = packages.find((p) => p.name === name && p.version === version);
      if (found) direct.set(name, found);
    }
  }
  return { packages, direct };
}

// ---- yarn: yarn.lock, classic (v1) and berry (__metadata), one parser for both

function yarnLock(raw: Record<string, unknown>, ranges: Map<string, string>) {
  const packages: LockedPackage[] = [];
  const byDescriptor = new Map<string, LockedPackage>();
  const seen = new Map<string, LockedPackage>();
  const wants = new Map<LockedPackage, Record<string, unknown>>();
  for (const [entryKey, v] of Object.entries(raw)) {
    if (entryKey === '__metadata') continue;
    const e = object(v);
    // One entry may serve several descriptors: "a@^1.0.0, a@^1.2.0".
    const descriptors = entryKey.split(/,\s*/).map((d) => d.trim().replace(/^"|"$/g, ''));
    const descriptor = descriptors[0]!;
    const { name } = splitSpec(descriptor);
    const version = str(e.version) ?? '';
    const integrity = str(e.integrity) ?? str(e.checksum);
    const key = `${name}@${version}`;
    let p = seen.get(key);
    if (!p) {
      const link = /@(workspace|link|portal|file):/.test(str(e.resolution) ?? descriptor);
      p = { name, version, integrity, path: null, resolved: str(e.resolved), dev: false, optional: false, bundled: false, link };
      seen.set(key, p);
      packages.push(p);
      wants.set(p, { ...object(e.dependencies), ...object(e.optionalDependencies) });
    }
    for (const d of descriptors) byDescriptor.set(d, p);
  }
  // A dependency's range names the entry that serves it (classic: name@range; berry: name@npm:range).
  for (const [p, deps] of wants) {
    const requires: Record<string, string> = {};
    for (const [dep, range] of Object.entries(deps)) {
      if (typeof range !== 'string') continue;
      const hit = byDescriptor.get(`${dep}@${range}`) ?? byDescriptor.get(`${dep}@npm:${range}`);
      if (hit && !hit.link) requires[dep] = hit.version;
    }
    p.requires = requires;
  }
  const direct = new Map<string, LockedPackage>();
  const versions = new Map<string, LockedPackage[]>();
  for (const p of packages) versions.set(p.name, [...(versions.get(p.name) ?? []), p]);
  for (const [name, list] of versions) {
    const range = ranges.get(name);
    const hit = range === undefined ? undefined : (byDescriptor.get(`${name}@${range}`) ?? byDescriptor.get(`${name}@npm:${range}`));
    if (hit) direct.set(name, hit);
    else if (list.length === 1) direct.set(name, list[0]!);
  }
  return { packages, direct, berry: '__metadata' in raw };
}

/**
 * Where the lock says a package installed at `path` (relative to the root, node_modules/…) with
 * this name should come from: by install path where the lock records paths (npm, bun), else any
 * entry of that name and version (pnpm, yarn; and packages outside the tree, such as links).
 */
export function lockedAt(lock: Lock, path: string | null, name: string, version: string): LockedPackage | null {
  if (path !== null && (lock.kind === 'package-lock.json' || lock.kind === 'npm-shrinkwrap.json' || lock.kind === 'bun.lock')) {
    const hit = lock.packages.find((p) => p.path === path);
    if (hit) return hit;
  }
  return lock.packages.find((p) => p.name === name && p.version === version) ?? null;
}
