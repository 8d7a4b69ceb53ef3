#!/usr/bin/env node
// A convenience for AFTER the tarball has verified with a docket you trust, installed independently
// of this release (docs/decision-verification.md): `docket verify decision-verification.tgz --expect
// sha256:… [--key PUB]`. This script ships inside the release, so running it proves nothing about
// the release; set DOCKET_BIN to your own docket's dist/cli/docket.js rather than the shipped copy.
// Run from the extracted decision-verification/ directory:
//   node scripts/audit.mjs [docs/examples/published-leaderboard.json]
// Checks that every number in the published document is backed by the evidence archive
// (`docket audit --published <doc>`).
import { docket, noteWhichDocket } from './run-docket.mjs';

noteWhichDocket();
const published = process.argv[2] ?? 'docs/examples/published-leaderboard.json';
docket(['audit', '--published', published]);
