import { randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One temp-name scheme for every write docket makes (docs/design.md §4, "Temp names"):
 *
 *   .tmp-<pid>-<12 hex>[.<label>]
 *
 * written in the directory of the final name, then linked or renamed into place. A temp name starts
 * with a dot, and no name docket treats as data can: object file names are hex, ref and run names
 * start with [a-z0-9] and may not contain `.tmp-`, and the archive's own files have fixed names.
 * The pid says who owns it: a temp whose owner is not running is a leftover of an interrupted
 * write, which `verify` reports as a hint and `repair` removes.
 */
export const TEMP_PREFIX = '.tmp-';
const TEMP = /^\.tmp-(\d+)-[0-9a-f]+(?:\.|$)/;
/** Names earlier versions of docket used for their temps: still recognised as leftovers. */
const LEGACY: RegExp[] = [
  /^\.index\.sqlite\.rebuild-(\d+)(?:-journal|-wal|-shm)?$/, // index rebuilds
  /^\.[^/]+\.tmp-(\d+)-[0-9a-f]+$/, // runs/.<id>.tmp-<pid>-<hex>
  /^\.[^/]+\.tmp-[0-9a-f]{12}$/, // .<out>.tgz.tmp-<hex>, lockfiles/.<name>.tmp-<hex>
  /^[a-z0-9][a-z0-9._-]*\.tmp-[0-9a-f]{12}$/, // refs/<ns>/<name>.tmp-<hex>
];

/** A fresh temp name for this process; `label` (e.g. the final file's name) helps a reader. */
export function tempName(label?: string): string {
  return `${TEMP_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}${label ? `.${label}` : ''}`;
}

export function isTempName(name: string): boolean {
  return TEMP.test(name) || LEGACY.some((re) => re.test(name));
}

/** The pid recorded in a temp name, or null (legacy names without one). */
export function tempOwner(name: string): number | null {
  for (const re of [TEMP, ...LEGACY]) {
    const m = re.exec(name);
    if (m) return m[1] === undefined ? null : Number(m[1]);
  }
  return null;
}

export function pidAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Older than this, a temp is a leftover even if its pid runs again (pids are reused). */
export const STALE_MS = 60 * 60 * 1000;

/**
 * Whether the temp at `path` is a leftover: its owner is not running (or is this very process,
 * which is not writing it now), it has no owner (legacy), or it was last touched over an hour ago.
 */
export function isStaleTemp(path: string, name: string, now = Date.now()): boolean {
  const pid = tempOwner(name);
  if (pid === null || pid === process.pid || !pidAlive(pid)) return true;
  try {
    return now - lstatSync(path).mtimeMs > STALE_MS;
  } catch {
    return false; // already gone
  }
}

/**
 * Remove the stale temps in `dir` that were made for `label` (a writer's own leftovers, found
 * where it writes next: a release tarball's directory, the system temp directory). Best effort.
 */
export function sweepStaleTemps(dir: string, label: string, legacyName?: RegExp): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    const legacy = (name.startsWith(`.${label}.tmp-`) && isTempName(name)) || !!legacyName?.test(name);
    if (!(TEMP.test(name) && name.endsWith(`.${label}`)) && !legacy) continue;
    const path = join(dir, name);
    if (!legacy && !isStaleTemp(path, name)) continue;
    if (legacy && !isStaleLegacy(path)) continue;
    try {
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    } catch {
      // someone else's, or already gone
    }
  }
  return removed;
}

/** A legacy temp carries no pid: stale once untouched for STALE_MS. */
function isStaleLegacy(path: string): boolean {
  try {
    return Date.now() - lstatSync(path).mtimeMs > STALE_MS;
  } catch {
    return false;
  }
}
