#!/usr/bin/env node
// A convenience for AFTER the tarball has verified with a docket you trust, installed independently
// of this release (docs/decision-verification.md): `docket verify decision-verification.tgz --expect
// sha256:… [--key PUB]`. This script ships inside the release, so running it proves nothing about
// the release; set DOCKET_BIN to your own docket's dist/cli/docket.js rather than the shipped copy.
// Run from the extracted decision-verification/ directory:
//   node scripts/request-replay.mjs
// Replays every recorded model request offline from the evidence archive and recomputes every
// published number from the stored responses (`docket replay --all`). No network is used.
import { docket, noteWhichDocket } from './run-docket.mjs';

noteWhichDocket();
docket(['replay', '--all']);
