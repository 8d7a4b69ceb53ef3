#!/usr/bin/env node
// A convenience for AFTER the tarball has verified with a docket you trust, installed independently
// of this release (docs/decision-verification.md): `docket verify decision-verification.tgz --expect
// sha256:… [--key PUB]`. This script ships inside the release, so running it proves nothing about
// the release; set DOCKET_BIN to your own docket's dist/cli/docket.js rather than the shipped copy.
// Run from the extracted decision-verification/ directory:
//   node scripts/evidence-replay.mjs
// Re-runs every question's probe under evals/ and checks that each recorded answer in the
// evidence archive is reproduced (`docket evidence replay`).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

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
docket(['verify', 'evidence', '--quick']);
docket(['evidence', 'replay']);
