#!/usr/bin/env node
// A convenience for AFTER the tarball has verified with a docket you trust, installed independently
// of this release (docs/decision-verification.md): `docket verify decision-verification.tgz --expect
// sha256:… [--key PUB]`. This script ships inside the release, so running it proves nothing about
// the release; set DOCKET_BIN to your own docket's dist/cli/docket.js rather than the shipped copy.
// Run from the extracted decision-verification/ directory:
//   node scripts/evidence-replay.mjs
// Re-runs every question's probe under evals/ and checks that each recorded answer in the
// evidence archive is reproduced (`docket evidence replay`).
import { docket, noteWhichDocket } from './run-docket.mjs';

noteWhichDocket();
docket(['verify', 'evidence', '--quick']);
docket(['evidence', 'replay']);
