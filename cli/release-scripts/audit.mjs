#!/usr/bin/env node
// Run from the extracted decision-verification/ directory after `npm ci`:
//   node scripts/audit.mjs [docs/examples/published-leaderboard.json]
// Checks that every number in the published document is backed by the evidence archive
// (`docket audit --published <doc>`).
import { existsSync } from 'node:fs';
import { $, argv } from 'zx';

$.verbose = true;
// The release ships docket itself (cli/docket.mjs); DOCKET_BIN=path/to/cli/docket.mjs overrides it.
const bin = process.env.DOCKET_BIN ?? (existsSync('cli/docket.mjs') ? 'cli/docket.mjs' : null);
const docket = (args) => (bin ? $`node ${bin} ${args}` : $`npx --no -- docket ${args}`);
const published = argv._[0] ?? 'docs/examples/published-leaderboard.json';
await docket(['audit', '--published', published]);
