#!/usr/bin/env node
// The `docket` executable. Its TypeScript loads from the start-up bundle when that is fresh, else
// from the sources through tsx (replay/accel/load-ts.mjs): there is no build step to forget.
import { nodeVersionProblem } from './node-version.mjs';

// An unsupported Node gets a coded message before anything that may not run on it loads.
const tooOld = nodeVersionProblem();
if (tooOld) {
  process.stderr.write(tooOld);
  process.exit(2);
}
const { importTs } = await import('../replay/accel/load-ts.mjs');

// `docket … | head` closes the pipe early: that is the reader's choice, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}
// Before the rest of docket loads: `verify`'s worker thread starts while the CLI does.
(await import('../replay/accel/verify-prestart.mjs')).prestartVerifyWorker(process.argv.slice(2));
const { main } = await importTs(new URL('./main.ts', import.meta.url));
process.exitCode = await main(process.argv.slice(2));
