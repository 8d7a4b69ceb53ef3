#!/usr/bin/env node
// A convenience for AFTER the tarball has verified with a docket you trust, installed independently
// of this release (docs/decision-verification.md): `docket verify decision-verification.tgz --expect
// sha256:… [--key PUB]`. This script ships inside the release, so running it proves nothing about
// the release; set DOCKET_BIN to your own docket's dist/cli/docket.js rather than the shipped copy.
// Run from the extracted decision-verification/ directory:
//   node scripts/verify.mjs [../decision-verification.tgz [--expect sha256:...] [--key publisher.pub]]
// 1. re-hashes every file listed in MANIFEST.json (the tree on disk is what was shipped);
// 2. runs `docket verify` on the shipped evidence archive (every bundle: digest, gzip, JSON, schema, refs);
// 3. with a tarball argument, also runs the full release verify on it (docket verify FILE.tgz).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

// Colour only on a terminal, and never under NO_COLOR (https://no-color.org).
const colour = process.stderr.isTTY && !process.env.NO_COLOR;
const paint = (/** @type {number} */ code, /** @type {string} */ text) => (colour ? `\x1b[${code}m${text}\x1b[39m` : text);

if (!process.env.DOCKET_BIN)
  console.error(
    'note: using the docket shipped in this release; a check you can trust runs your own docket (DOCKET_BIN=/path/to/docket/dist/cli/docket.js) after `docket verify FILE.tgz --expect sha256:…`',
  );
// A release of docket's own repository ships docket's sources, which `npm ci` compiles to
// dist/cli/docket.js; another project's release runs the docket its `npm ci` installs
// (node_modules/.bin/docket), else the docket on PATH. DOCKET_BIN=path/to/dist/cli/docket.js overrides them.
const bin = process.env.DOCKET_BIN ?? ['dist/cli/docket.js', 'node_modules/.bin/docket'].find((p) => existsSync(p)) ?? null;
/**
 * Run docket, echoing the command; a failure ends this script with docket's exit code.
 * @param {string[]} args
 */
function docket(args) {
  const [cmd, ...rest] = bin ? [process.execPath, bin, ...args] : ['docket', ...args];
  console.error(paint(36, `$ ${bin ? `node ${bin}` : 'docket'} ${args.join(' ')}`));
  const r = spawnSync(cmd, rest, { stdio: 'inherit' });
  if (r.error) {
    console.error(paint(31, `cannot run docket: ${r.error.message} (install docket, or set DOCKET_BIN=/path/to/docket/dist/cli/docket.js)`));
    process.exit(2);
  }
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const manifest = JSON.parse(readFileSync('MANIFEST.json', 'utf8'));
let bad = 0;
for (const e of manifest.entries) {
  let data;
  try {
    data = readFileSync(e.path);
  } catch {
    console.error(paint(31, `MISSING ${e.path}`));
    bad++;
    continue;
  }
  const digest = `sha256:${createHash('sha256').update(data).digest('hex')}`;
  if (digest !== e.digest || data.length !== e.size) {
    console.error(paint(31, `CHANGED ${e.path}: ${digest}, manifest ${e.digest}`));
    bad++;
  }
}
console.log(`${manifest.entries.length - bad}/${manifest.entries.length} files match MANIFEST.json (merkle root ${manifest.merkleRoot})`);
if (bad) process.exit(1);

docket(['verify', 'evidence']);

const { values: opts, positionals } = parseArgs({ allowPositionals: true, options: { expect: { type: 'string' }, key: { type: 'string' } } });
const [tgz] = positionals;
if (tgz) {
  const extra = [];
  if (opts.expect) extra.push('--expect', opts.expect);
  if (opts.key) extra.push('--key', opts.key);
  docket(['verify', tgz, ...extra]);
}
