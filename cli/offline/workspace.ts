import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { PROBE_LOCKFILE } from '../../replay/bank/bank.ts';
import { parseStrict } from '../../replay/format/json.ts';
import { MANIFEST_NAME } from '../../replay/release/limits.ts';
import { findingError } from '../../replay/errors.ts';
import { installVendored } from './vendor.ts';

/**
 * Where probes run for `evidence replay` (and so `docket check`): the tree itself when the packages
 * its probes import are installed there (or above it), as in a suite's checkout or an extracted
 * release after `node scripts/install-offline.mjs`. An extracted release whose packages are not
 * installed (MANIFEST.json at its top) gets them the way `--from` does, in a private copy of the
 * tree, so the reading commands never write into it: the release's vendored tarballs installed
 * offline (release pack --vendor), else the packages of the docket that runs, each the version
 * the probe lock pins. Probe bytes are compared by digest, so running a copy proves the same.
 */
export interface ProbeWorkspace {
  root: string;
  packages: { from: 'tree' | 'vendored' | 'docket'; count: number };
  cleanup: () => void;
}

/** The names lockfiles/probes.lock.json pins, or none when it is absent or unreadable (validate reports that). */
function pinnedNames(tree: string): string[] {
  try {
    const lock = parseStrict(readFileSync(join(tree, PROBE_LOCKFILE))) as { packages?: Record<string, unknown> };
    return Object.keys(lock.packages ?? {});
  } catch {
    return [];
  }
}

/** Node's lookup of a package from `dir` upward (<dir>/node_modules/<name>/package.json). */
function installedFrom(dir: string, name: string): boolean {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'node_modules', name, 'package.json'))) return true;
    if (dirname(d) === d) return false;
  }
}

/** Give the tree (a verified release, kept private by the caller when `isPrivate`) the probes' packages. */
function provide(dir: string): ProbeWorkspace['packages'] {
  const vendored = installVendored(dir);
  return vendored === null ? { from: 'docket', count: linkProbePackages(dir) } : { from: 'vendored', count: vendored };
}

export function probeWorkspace(tree: string, opts: { isPrivate?: boolean } = {}): ProbeWorkspace {
  const none = () => {};
  if (opts.isPrivate) return { root: tree, packages: provide(tree), cleanup: none };
  const missing = pinnedNames(tree).filter((name) => !installedFrom(tree, name));
  if (!missing.length || !existsSync(join(tree, MANIFEST_NAME))) return { root: tree, packages: { from: 'tree', count: 0 }, cleanup: none };
  const base = mkdtempSync(join(tmpdir(), 'docket-probes-'));
  const copy = join(base, 'tree');
  try {
    // What probes can read: everything shipped but the archive (read where it is) and any install.
    cpSync(tree, copy, {
      recursive: true,
      filter: (src) => {
        const top = relative(tree, src).split(sep)[0];
        return top !== 'evidence' && top !== 'node_modules';
      },
    });
    return { root: copy, packages: provide(copy), cleanup: () => rmSync(base, { recursive: true, force: true }) };
  } catch (e) {
    rmSync(base, { recursive: true, force: true });
    throw e;
  }
}

/**
 * Probes import pinned packages (lockfiles/probes.lock.json). A release packed without --vendor
 * ships no packages, so the verified tree gets links to the packages of the docket that is running
 * (the shipped bank's probes import docket's own dependencies), each checked to be the pinned
 * version; a different version is a finding, never a silent substitute. Returns how many it linked.
 */
export function linkProbePackages(dir: string): number {
  const lockPath = join(dir, 'lockfiles', 'probes.lock.json');
  if (!existsSync(lockPath)) return 0;
  const lock = parseStrict(readFileSync(lockPath)) as { packages?: Record<string, { version: string }> };
  const pins = Object.entries(lock.packages ?? {});
  for (const [name, pin] of pins) {
    const folder = docketPackage(name);
    if (!folder) {
      throw findingError(
        'EPROBEPACKAGE',
        `the probes need ${name}@${pin.version} (lockfiles/probes.lock.json), which this release does not vendor and this docket does not have: pack the release with \`docket release pack --vendor\`, or extract it (\`docket verify FILE --extract DIR\`), install its packages there and run \`docket evidence replay\` in DIR`,
        { name },
      );
    }
    const version = (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;
    if (version !== pin.version)
      throw findingError('EPROBEPACKAGE', `the probes pin ${name}@${pin.version}; this docket has ${version}: install the docket version the release names`, {
        name,
        pinned: pin.version,
        have: version,
      });
    const link = join(dir, 'node_modules', name);
    if (existsSync(link)) continue;
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(folder, link, 'dir');
  }
  return pins.length;
}

/**
 * The folder of an installed package as Node finds it from docket's own code, or null. Looked up
 * along Node's node_modules paths rather than by resolving `NAME/package.json`, which a package
 * whose `exports` leaves package.json out refuses (ERR_PACKAGE_PATH_NOT_EXPORTED).
 */
function docketPackage(name: string): string | null {
  for (const base of createRequire(import.meta.url).resolve.paths(name) ?? []) {
    if (existsSync(join(base, name, 'package.json'))) return join(base, name);
  }
  return null;
}
