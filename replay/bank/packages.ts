import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { byUtf8 } from '../format/utf8.ts';
import type { Digest } from '../format/digest.ts';
import { INSTALL_COMMAND, lockedAt, type Lock } from './lockfiles.ts';

/**
 * What a probe loads (docs/design.md §7 "Locks"): its files inside the tree (the probe and what it
 * imports relatively, e.g. a suite's answer/convex/schema.ts), the packages those import, and
 * their dependencies as installed — each package with its version and a digest of its folder.
 * Static: import specifiers are read from the source text, so a probe that builds a specifier at
 * run time loads something this does not see (validate cannot pin it either).
 */

/** The specifiers a source imports, in order of first appearance; type-only imports are left out (they load nothing). */
export function importSpecifiers(source: string): string[] {
  const specs = new Set<string>();
  const re = /(?:\b(import|export)\s([^'";]*?)from\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"\n]+)['"]/g;
  for (const m of source.matchAll(re)) {
    if (m[1] && /^type\s/.test(m[2] ?? '')) continue;
    specs.add(m[3]!);
  }
  return [...specs];
}

/** The package a bare specifier names (`@s/p/x` → `@s/p`, `p/x` → `p`), or null for builtins, relative and absolute paths, URLs. */
export function packageName(spec: string): string | null {
  if (spec.startsWith('.') || spec.startsWith('/') || /^[a-z]+:/.test(spec) || isBuiltin(spec)) return null;
  return spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
}

const EXTENSIONS = ['', '.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs', '.jsx', '.json'];

/** A relative import's file, as node, tsx and bun find it (exact, an added extension, .js written for .ts, a folder's index). */
function resolveRelative(fromFile: string, spec: string): string | null {
  const base = resolve(dirname(fromFile), spec);
  const candidates = [...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.slice(1).map((e) => join(base, `index${e}`))];
  const js = /\.(m|c)?js$/.exec(base);
  if (js) candidates.push(base.replace(/\.(m|c)?js$/, `.${js[1] ?? ''}ts`));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

const inside = (top: string, p: string) => {
  const r = relative(top, p);
  return r !== '' && r !== '..' && !r.startsWith(`..${sep}`) && !isAbsolute(r);
};

/**
 * The probe's files inside the tree and the package names they import (each with the file that
 * imports it, where resolution starts). A relative import leaving the tree is not followed.
 */
export function probeClosure(root: string, probeAbs: string): { files: string[]; imports: { name: string; from: string }[] } {
  const top = realpathSync(root);
  const files: string[] = [];
  const imports: { name: string; from: string }[] = [];
  const seen = new Set<string>();
  const queue = [probeAbs];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    files.push(file);
    if (/\.json$/.test(file)) continue;
    for (const spec of importSpecifiers(readFileSync(file, 'utf8'))) {
      const name = packageName(spec);
      if (name) {
        if (!imports.some((i) => i.name === name)) imports.push({ name, from: file });
        continue;
      }
      if (!spec.startsWith('.')) continue;
      const target = resolveRelative(file, spec);
      if (target && inside(top, realpathSync(target))) queue.push(realpathSync(target));
    }
  }
  return { files, imports };
}

/** One installed package a probe loads. */
export interface InstalledPackage {
  name: string;
  /** the installed version (package.json), or null when it is not installed */
  version: string | null;
  /** where node finds it, relative to the root (node_modules/a/node_modules/b); a package outside the tree keeps its absolute path */
  path: string;
  /** what the lock records for it: an SRI string, yarn berry's checksum, or null */
  integrity: string | null;
  /** sha256 over the package folder's files (packageDigest), or null when it is not installed */
  digest: Digest | null;
}

/** Node's lookup: <dir>/node_modules/<name> from `fromDir` up to the file system root. */
function findPackage(fromDir: string, name: string): string | null {
  let dir = fromDir;
  for (;;) {
    if (!dir.endsWith(`${sep}node_modules`)) {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) return candidate;
    }
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

const digests = new Map<string, Digest>(); // by real folder, once per process

/** What a probe loads: the suite's packages, and whether any of them comes from outside the tree. */
export interface ProbePackages {
  packages: InstalledPackage[];
  /**
   * Paths (of `packages`) whose folder lies outside the tree: a direct import node finds in a
   * node_modules above the tree, or one linked into the tree from another installation (docket's
   * own, lent to an extracted release). Their dependencies are that installation's: not followed.
   */
  lent: string[];
}

/**
 * The installed packages behind a probe's imports, with their dependencies (dependencies,
 * optionalDependencies and peerDependencies that are installed), sorted by path. A directly
 * imported package that is missing is listed with version null; a missing optional or peer
 * dependency is not (node would not load it either).
 *
 * Only the suite's packages are followed: a package whose folder lies outside the tree (see
 * ProbePackages.lent) is listed when the probe imports it directly (its version must still be the
 * one the lock resolves for that import), and its dependencies are not — they belong to another
 * installation (docket's own, whose transitive versions its own install chose), never compared
 * with the suite's lockfile.
 */
export function installedPackages(root: string, probeAbs: string, lock: Lock | null): ProbePackages {
  const top = realpathSync(root);
  const out = new Map<string, InstalledPackage>();
  const lent: string[] = [];
  const visit = (name: string, fromDir: string, required: boolean, direct: boolean) => {
    if (!direct && !inside(top, fromDir)) return; // a dependency of a package from another installation
    const found = findPackage(fromDir, name);
    if (!found) {
      if (required) {
        const path = `node_modules/${name}`;
        if (!out.has(path)) out.set(path, { name, version: null, path, integrity: null, digest: null });
      }
      return;
    }
    const path = inside(top, found) ? relative(top, found).split(sep).join('/') : found;
    if (out.has(path)) return;
    const real = realpathSync(found);
    if (!inside(top, real)) lent.push(path);
    let manifest: Record<string, unknown> = {};
    try {
      manifest = JSON.parse(readFileSync(join(real, 'package.json'), 'utf8')) as Record<string, unknown>;
    } catch {
      // an unreadable package.json: listed with no version, a finding where it is compared
    }
    const version = typeof manifest.version === 'string' ? manifest.version : null;
    const locked = lock && version ? lockedAt(lock, path.startsWith('/') ? null : path, name, version) : null;
    out.set(path, { name, version, path, integrity: locked?.integrity ?? null, digest: packageDigest(real) });
    const deps = (field: string) => Object.keys((manifest[field] as Record<string, unknown> | undefined) ?? {});
    for (const d of deps('dependencies')) visit(d, real, true, false);
    for (const d of [...deps('optionalDependencies'), ...deps('peerDependencies')]) visit(d, real, false, false);
  };
  for (const i of probeClosure(root, probeAbs).imports) visit(i.name, dirname(i.from), true, true);
  return { packages: [...out.values()].sort((a, b) => byUtf8(a.path, b.path)), lent: lent.sort(byUtf8) };
}

/**
 * sha256 over a package folder: `docket-package-v1\n`, then per file or link in UTF-8 byte order
 * of its path, `path\0` + `f` + sha256 of the bytes, or `l` + the link target, each ending `\n`.
 * Left out: nested node_modules (other packages, checked on their own) and, for a native addon
 * (binding.gyp), build/ (what its install script compiles on each machine). File modes are left
 * out too: package managers set them differently.
 */
export function packageDigest(dir: string): Digest {
  const cached = digests.get(dir);
  if (cached) return cached;
  const addon = existsSync(join(dir, 'binding.gyp'));
  const entries: string[] = [];
  const walk = (abs: string, rel: string) => {
    for (const name of readdirSync(abs)) {
      const r = rel ? `${rel}/${name}` : name;
      if (name === 'node_modules' || (addon && r === 'build')) continue;
      const p = join(abs, name);
      const st = lstatSync(p);
      if (st.isDirectory()) walk(p, r);
      else if (st.isSymbolicLink()) entries.push(`${r}\0l${readlinkSync(p)}\n`);
      else if (st.isFile()) entries.push(`${r}\0f${createHash('sha256').update(readFileSync(p)).digest('hex')}\n`);
    }
  };
  walk(dir, '');
  const h = createHash('sha256').update('docket-package-v1\n');
  for (const e of entries.sort(byUtf8)) h.update(e);
  const digest = `sha256:${h.digest('hex')}` as Digest;
  digests.set(dir, digest);
  return digest;
}

/** Why an installed package does not match the lock (null when it does); `command` is what installs the lock here. */
export function lockProblem(p: InstalledPackage, lock: Lock, command = INSTALL_COMMAND[lock.kind]): string | null {
  const install = `run \`${command}\``;
  if (p.version === null) return `${p.name} is not installed (${p.path}): ${install}`;
  // A package from outside the tree is a direct import: held to the version the lock resolves for it.
  const locked = p.path.startsWith('/') ? (lock.direct(p.name) ?? lockedAt(lock, null, p.name, p.version)) : lockedAt(lock, p.path, p.name, p.version);
  if (!locked) return `${p.path} is ${p.name}@${p.version}, which ${lock.path} does not record: ${install}`;
  if (locked.name !== p.name || locked.version !== p.version) return `${p.path} is ${p.name}@${p.version}; ${lock.path} records ${locked.name}@${locked.version}: ${install}`;
  return null;
}

/**
 * Differences between the packages a probe loaded at capture and what it loads now. A package now
 * found outside the tree stands for the one capture found at node_modules/<name>; when any is
 * lent (`now.lent`), the dependencies capture followed under it are another installation's now,
 * so a capture-time package that is not listed now is not a difference.
 */
export function packageChanges(archived: InstalledPackage[], now: ProbePackages): string[] {
  const out: string[] = [];
  const nowBy = new Map(now.packages.map((p) => [p.path.startsWith('/') ? `node_modules/${p.name}` : p.path, p]));
  for (const a of archived) {
    const n = nowBy.get(a.path);
    if (!n && now.lent.length) continue;
    if (!n || n.version === null) out.push(`${a.name}@${a.version} (${a.path}) was loaded at capture and is not installed now`);
    else if (n.version !== a.version) out.push(`${a.path} is ${n.name}@${n.version}; the capture loaded ${a.version}`);
    else if (a.integrity !== n.integrity) out.push(`${a.path}: the lock records ${n.integrity ?? 'no integrity'} for ${a.name}@${a.version}; at capture it recorded ${a.integrity ?? 'none'}`);
    else if (a.digest !== n.digest) out.push(`${a.path} (${a.name}@${a.version}) differs from the folder the capture loaded (${n.digest} ≠ ${a.digest}): its files were changed after install`);
  }
  const then = new Set(archived.map((p) => p.path));
  for (const [path, n] of nowBy) if (!then.has(path) && n.version !== null) out.push(`${n.path} (${n.name}@${n.version}) is loaded now and was not at capture`);
  return out;
}
