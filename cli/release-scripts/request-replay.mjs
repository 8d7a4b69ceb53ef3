#!/usr/bin/env node
// Run from the extracted decision-verification/ directory after `npm ci`:
//   node scripts/request-replay.mjs
// Replays every recorded model request offline from the evidence archive and recomputes every
// published number from the stored responses (`docket replay --all`). No network is used.
import { existsSync } from 'node:fs';
import { $ } from 'zx';

$.verbose = true;
// The release ships docket itself (cli/docket.mjs); DOCKET_BIN=path/to/cli/docket.mjs overrides it.
const bin = process.env.DOCKET_BIN ?? (existsSync('cli/docket.mjs') ? 'cli/docket.mjs' : null);
const docket = (args) => (bin ? $`node ${bin} ${args}` : $`npx --no -- docket ${args}`);
await docket(['replay', '--all']);
