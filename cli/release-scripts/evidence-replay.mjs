#!/usr/bin/env node
// Run from the extracted decision-verification/ directory after `npm ci`:
//   node scripts/evidence-replay.mjs
// Re-runs every question's probe under evals/ and checks that each recorded answer in the
// evidence archive is reproduced (`docket evidence replay`).
import { existsSync } from 'node:fs';
import { $ } from 'zx';

$.verbose = true;
// The release ships docket itself (cli/docket.mjs); DOCKET_BIN=path/to/cli/docket.mjs overrides it.
const bin = process.env.DOCKET_BIN ?? (existsSync('cli/docket.mjs') ? 'cli/docket.mjs' : null);
const docket = (args) => (bin ? $`node ${bin} ${args}` : $`npx --no -- docket ${args}`);
await docket(['verify', 'evidence', '--quick']);
await docket(['evidence', 'replay']);
