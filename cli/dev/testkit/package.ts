import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, relative } from 'node:path';
import { REPO } from './core.ts';

/**
 * Test helpers: docket as a user gets it, `npm pack` then an install into a fresh project. Not
 * shipped behaviour. Everything runs offline: the project's lockfile is docket's own (its runtime
 * packages, exactly the versions docket's package-lock.json pins), so `npm ci --offline` finds every
 * tarball in the npm cache that docket's own `npm ci` filled.
 */

/** `npm pack` of this checkout into `dest` (dist/ as vitest built it; no scripts run): the tarball's path. */
export function packDocket(dest: string): string {
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [info] = JSON.parse(out) as { filename: string }[];
  return join(dest, info!.filename);
}

/** The files a packed tarball holds, by their path inside the package. */
export function packedFiles(): { path: string; size: number }[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return (JSON.parse(out) as { files: { path: string; size: number }[] }[])[0]!.files;
}

interface LockEntry {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  [k: string]: unknown;
}

/**
 * A new project in `dir` with docket (the tarball) as its one devDependency, installed with
 * `npm ci --offline --ignore-scripts`. better-sqlite3's install script (a prebuilt download or a
 * compiler run) cannot run offline in a test; `binding: true` puts in place the binding this
 * checkout's `npm ci` built for the same version and Node, which is what that script leaves there.
 */
export function installDocket(dir: string, tarball: string, opts: { binding: boolean }): void {
  mkdirSync(dir, { recursive: true });
  const lock = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const spec = `file:${relative(dir, tarball)}`;
  const root = lock.packages['']!;
  const bytes = readFileSync(tarball);
  const packages: Record<string, LockEntry> = {
    '': { name: 'project', devDependencies: { docket: spec } },
    'node_modules/docket': {
      version: root.version,
      resolved: spec,
      integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
      dev: true,
      license: root.license,
      dependencies: root.dependencies,
      bin: root.bin,
      engines: root.engines,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '' || entry.dev) continue;
    const { devOptional: _, ...rest } = entry;
    packages[path] = { ...rest, dev: true };
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'project', private: true, devDependencies: { docket: spec } }, null, 2)}\n`);
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify({ name: 'project', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
  execFileSync('npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  if (opts.binding) {
    const rel = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    copyFileSync(join(REPO, rel), join(dir, rel));
  }
}
