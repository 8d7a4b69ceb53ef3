#!/usr/bin/env node
// Installs the suite's packages from the tarballs this release vendors (vendor/npm/, written by
// `docket release pack --vendor`), with no network and whatever npm cache you have (an empty one
// is fine). Run from the extracted decision-verification/ directory, then replay the evidence:
//   node scripts/install-offline.mjs [npm ci options, e.g. --omit=dev]
//   docket evidence replay
// 1. checks every vendored tarball against the sha512 integrity package-lock.json records for it;
// 2. adds them to npm's cache (`npm cache add`), reading only these files;
// 3. runs `npm ci --offline`: npm then finds every package in the cache and contacts no registry.
// Needs only Node and npm: nothing of the release's own packages is loaded.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { paint } from './run-docket.mjs';

const fail = (/** @type {string} */ message, code = 1) => {
  console.error(paint(31, message));
  process.exit(code);
};

/**
 * Run a command, echoing it; a failure ends this script with its exit code.
 * @param {string} cmd
 * @param {string[]} args
 */
function run(cmd, args) {
  console.error(paint(36, `$ ${cmd} ${args.join(' ')}`));
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.error) fail(`cannot run ${cmd}: ${r.error.message}`, 2);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const INDEX = 'vendor/npm/vendor.json';
if (!existsSync(INDEX)) fail(`${INDEX} is missing: this release vendors no packages (it was packed without --vendor); install with \`npm ci\` where the registry is reachable`, 2);
/** @type {{ lockfile: string, packages: { name: string, version: string, integrity: string, file: string }[] }} */
const index = JSON.parse(readFileSync(INDEX, 'utf8'));
/** @type {{ packages?: Record<string, { integrity?: string }> }} */
const lock = JSON.parse(readFileSync(index.lockfile, 'utf8'));
const pinned = new Set(
  Object.values(lock.packages ?? {})
    .map((p) => p.integrity)
    .filter(Boolean),
);
let bad = 0;
for (const p of index.packages) {
  const got = `sha512-${createHash('sha512').update(readFileSync(p.file)).digest('base64')}`;
  if (got !== p.integrity || !pinned.has(got)) {
    console.error(paint(31, `${p.file}: ${got !== p.integrity ? `hashes to ${got}, ${INDEX} records ${p.integrity}` : `${index.lockfile} pins no package with this integrity`}`));
    bad++;
  }
}
if (bad) fail(`${bad} vendored tarball(s) are not the ones ${index.lockfile} pins: nothing installed`);
console.error(`${index.packages.length} vendored tarballs match ${index.lockfile}`);
if (index.packages.length) run('npm', ['cache', 'add', ...index.packages.map((p) => p.file)]);
run('npm', ['ci', '--offline', '--no-audit', '--no-fund', ...process.argv.slice(2)]);
