#!/usr/bin/env node
// A convenience for AFTER the tarball has verified with a docket you trust, installed independently
// of this release (docs/decision-verification.md): `docket verify decision-verification.tgz --expect
// sha256:… [--key PUB]`. This script ships inside the release, so running it proves nothing about
// the release; set DOCKET_BIN to your own docket's dist/cli/docket.js rather than the shipped copy.
// Run from the extracted decision-verification/ directory:
//   node scripts/audit.mjs [docs/examples/published-leaderboard.json]
// Checks that every number in the published document is backed by the evidence archive
// (`docket audit --published <doc>`).
import { existsSync } from 'node:fs';
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
const published = argv._[0] ?? 'docs/examples/published-leaderboard.json';
await docket(['audit', '--published', published]);
