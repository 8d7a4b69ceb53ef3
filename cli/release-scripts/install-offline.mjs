#!/usr/bin/env node
// Installs the suite's packages from the tarballs this release vendors (vendor/npm/, written by
// `docket release pack --vendor`), with no network and an empty private cache. Run from the
// extracted decision-verification/ directory, then replay the evidence:
//   node scripts/install-offline.mjs [--layout] [--ignore-scripts] [options for the package manager]
//   docket evidence replay
// 1. checks every vendored tarball against vendor/npm/vendor.json (sha512) and the lockfile (the
//    lock records that very integrity);
// 2. installs them with the package manager the lock belongs to, from a fresh private cache that
//    holds only these tarballs: npm (package-lock.json: `npm cache add`, then `npm ci --offline`)
//    or bun (bun.lock: the tarballs unpacked into bun's cache, then `bun install --frozen-lockfile`);
//    for pnpm-lock.yaml and yarn.lock, where that manager is absent, or with --layout: unpacks each
//    tarball where vendor.json says it goes in node_modules (the lock's own install paths for npm and
//    bun; for pnpm and yarn a hoisted layout docket computed from the lock and release verify checked);
// 3. checks that every vendored package is installed at each of its paths, at its version.
// Needs only Node (and the package manager, when used): nothing of the release's packages is loaded.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { paint } from './run-docket.mjs';

const INDEX = 'vendor/npm/vendor.json';
const NAME = String.raw`(?:@[A-Za-z0-9][A-Za-z0-9._~-]*\/)?[A-Za-z0-9][A-Za-z0-9._~-]*`;
/** Where a package may be unpacked: node_modules/<name>, nested only under other packages' node_modules (as release verify demands). */
const INSTALL_PATH = new RegExp(`^node_modules\\/${NAME}(?:\\/node_modules\\/${NAME})*$`);

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message, code = 1) {
  console.error(paint(31, message));
  process.exit(code);
}

const say = (/** @type {string} */ text) => console.error(text);

/**
 * Run a command, echoing it; a failure ends this script with its exit code.
 * @param {string} cmd
 * @param {string[]} args
 * @param {Record<string, string | undefined>} [env]
 */
function run(cmd, args, env) {
  say(paint(36, `$ ${cmd} ${args.join(' ')}`));
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: env ?? process.env });
  if (r.error) fail(`cannot run ${cmd}: ${r.error.message}`, 2);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/**
 * The first executable `name` on PATH, or null.
 * @param {string} name
 */
function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * The files of an npm tarball (gzip + ustar/pax), each path without its first segment (`package/`).
 * Only regular files and directories; a path that is absolute or climbs (`..`) refuses the tarball.
 * @param {Buffer} tgz
 * @param {string} what
 * @returns {{ path: string, mode: number, data: Buffer }[]}
 */
function tarFiles(tgz, what) {
  const tar = gunzipSync(tgz);
  /** @type {{ path: string, mode: number, data: Buffer }[]} */
  const out = [];
  let longName = null;
  for (let off = 0; off + 512 <= tar.length; ) {
    const h = tar.subarray(off, off + 512);
    if (h.every((b) => b === 0)) break;
    const field = (/** @type {number} */ at, /** @type {number} */ len) =>
      h
        .subarray(at, at + len)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const data = tar.subarray(off + 512, off + 512 + size);
    off += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x' || type === 'L') {
      const text = data.toString('utf8');
      longName = type === 'L' ? text.replace(/\0.*$/s, '') : (/(?:^|\n)\d+ path=([^\n]*)\n/.exec(text)?.[1] ?? longName);
      continue;
    }
    const prefix = field(345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    longName = null;
    if (type !== '0' && type !== '5') continue; // links and the rest: npm installs none of them either
    const rel = name.split('/').slice(1).filter(Boolean).join('/');
    if (!rel) continue;
    if (name.startsWith('/') || rel.split('/').some((s) => s === '..' || s === '.')) fail(`${what}: the tarball holds the unsafe path ${JSON.stringify(name)}; nothing installed`);
    if (type === '0') out.push({ path: rel, mode: Number.parseInt(field(100, 8).trim() || '644', 8) & 0o111 ? 0o755 : 0o644, data: Buffer.from(data) });
  }
  return out;
}

/**
 * Unpack a tarball's files into `dir` (which must not hold the package yet).
 * @param {Buffer} tgz
 * @param {string} dir
 * @param {string} what
 */
function unpack(tgz, dir, what) {
  for (const f of tarFiles(tgz, what)) {
    const to = join(dir, f.path);
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, f.data, { mode: f.mode });
  }
}

// ---- 1. the tarballs are the ones the lock pins

if (!existsSync(INDEX)) fail(`${INDEX} is missing: this release vendors no packages (it was packed without --vendor); install with the suite's package manager where the registry is reachable`, 2);
/** @type {{ schemaVersion: number, lockfile: string, packages: { name: string, version: string, integrity: string, file: string, paths?: string[] }[] }} */
const index = JSON.parse(readFileSync(INDEX, 'utf8'));
const lockText = readFileSync(index.lockfile, 'utf8');
let bad = 0;
for (const p of index.packages) {
  const got = `sha512-${createHash('sha512').update(readFileSync(p.file)).digest('base64')}`;
  if (got !== p.integrity || !lockText.includes(got)) {
    say(paint(31, `${p.file}: ${got !== p.integrity ? `hashes to ${got}, ${INDEX} records ${p.integrity}` : `${index.lockfile} pins no package with this integrity`}`));
    bad++;
  }
  for (const path of p.paths ?? []) if (!INSTALL_PATH.test(path)) fail(`${INDEX}: ${p.name}@${p.version} would go to ${JSON.stringify(path)}, outside node_modules/: nothing installed`);
}
if (bad) fail(`${bad} vendored tarball(s) are not the ones ${index.lockfile} pins: nothing installed`);
say(`${index.packages.length} vendored tarballs match ${index.lockfile}`);

// ---- 2. install, with no network and a private cache that starts empty

const args = process.argv.slice(2);
const ownLayout = args.includes('--layout');
const ignoreScripts = args.includes('--ignore-scripts');
const passOn = args.filter((a) => a !== '--layout' && a !== '--ignore-scripts');
const kind = basename(index.lockfile);
const npmLock = kind === 'package-lock.json' || kind === 'npm-shrinkwrap.json';
const manager = ownLayout ? null : npmLock && onPath('npm') ? 'npm' : kind === 'bun.lock' && onPath('bun') ? 'bun' : null;
if (!manager && index.schemaVersion < 2) fail(`${INDEX} (schema 1) records no install paths: npm is needed to install it (npm ci --offline)`, 2);
const cache = mkdtempSync(join(tmpdir(), 'docket-offline-cache-'));
try {
  if (manager === 'npm') {
    const env = { ...process.env, npm_config_cache: cache, npm_config_offline: 'true', npm_config_update_notifier: 'false' };
    if (index.packages.length) run('npm', ['cache', 'add', ...index.packages.map((p) => p.file)], env);
    run('npm', ['ci', '--offline', '--no-audit', '--no-fund', ...(ignoreScripts ? ['--ignore-scripts'] : []), ...passOn], env);
  } else if (manager === 'bun') {
    // bun's cache holds each package unpacked as <name>@<version>@@@1; with every one there and a frozen lock, bun fetches nothing.
    for (const p of index.packages) unpack(readFileSync(p.file), join(cache, `${p.name}@${p.version}@@@1`), p.file);
    const env = { ...process.env, BUN_INSTALL_CACHE_DIR: cache, DO_NOT_TRACK: '1' };
    run('bun', ['install', '--frozen-lockfile', ...(ignoreScripts ? ['--ignore-scripts'] : []), ...passOn], env);
  } else {
    if (existsSync('node_modules')) fail("node_modules/ exists: remove it first (docket's layout unpacks into an empty node_modules/)", 2);
    say(
      `unpacking into node_modules/ as ${INDEX} lays it out (${ownLayout ? '--layout' : `no ${kind === 'bun.lock' ? 'bun' : npmLock ? 'npm' : 'package manager used'} for ${kind}`}); no install scripts run`,
    );
    for (const p of index.packages) for (const path of p.paths ?? []) unpack(readFileSync(p.file), path, p.file);
  }
} finally {
  rmSync(cache, { recursive: true, force: true });
}

// ---- 3. every vendored package is where it goes, at its version

let wrong = 0;
for (const p of index.packages)
  for (const path of p.paths ?? []) {
    let m = null;
    try {
      m = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
    } catch {
      // missing: reported below
    }
    if (!m || m.name !== p.name || m.version !== p.version) {
      say(paint(31, `${path}: ${m ? `${m.name}@${m.version}` : 'not installed'}, expected ${p.name}@${p.version}`));
      wrong++;
    }
  }
if (wrong) fail(`${wrong} package(s) are not where ${index.lockfile} puts them`);
say(`installed ${index.packages.length} packages into node_modules/ (${manager ?? "docket's layout"}), with no network`);
