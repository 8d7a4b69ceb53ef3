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
import { $, argv, chalk } from 'zx';

// NO_COLOR (https://no-color.org): no colour in anything printed, zx's own command echo included.
if (process.env.NO_COLOR) chalk.level = 0;

$.verbose = true;
if (!process.env.DOCKET_BIN) console.error('note: using the docket shipped in this release; a check you can trust runs your own docket (DOCKET_BIN=/path/to/docket/dist/cli/docket.js) after `docket verify FILE.tgz --expect sha256:…`');
// A release of docket's own repository ships docket's sources, which `npm ci` compiles to
// dist/cli/docket.js; any other project's release runs the docket it installs (npx).
// DOCKET_BIN=path/to/dist/cli/docket.js overrides both.
const bin = process.env.DOCKET_BIN ?? (existsSync('dist/cli/docket.js') ? 'dist/cli/docket.js' : null);
const docket = (/** @type {string[]} */ args) => (bin ? $`node ${bin} ${args}` : $`npx --no -- docket ${args}`);
const manifest = JSON.parse(readFileSync('MANIFEST.json', 'utf8'));
let bad = 0;
for (const e of manifest.entries) {
  let data;
  try {
    data = readFileSync(e.path);
  } catch {
    console.error(chalk.red(`MISSING ${e.path}`));
    bad++;
    continue;
  }
  const digest = `sha256:${createHash('sha256').update(data).digest('hex')}`;
  if (digest !== e.digest || data.length !== e.size) {
    console.error(chalk.red(`CHANGED ${e.path}: ${digest}, manifest ${e.digest}`));
    bad++;
  }
}
console.log(`${manifest.entries.length - bad}/${manifest.entries.length} files match MANIFEST.json (merkle root ${manifest.merkleRoot})`);
if (bad) process.exit(1);

await docket(['verify', 'evidence']);

const [tgz] = argv._;
if (tgz) {
  const extra = [];
  if (argv.expect) extra.push('--expect', argv.expect);
  if (argv.key) extra.push('--key', argv.key);
  await docket(['verify', tgz, ...extra]);
}
