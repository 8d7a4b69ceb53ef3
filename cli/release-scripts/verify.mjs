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
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { docket, noteWhichDocket, paint } from './run-docket.mjs';

noteWhichDocket();
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
