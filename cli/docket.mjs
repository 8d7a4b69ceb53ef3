#!/usr/bin/env node
// The `docket` executable. Its TypeScript loads from the start-up bundle when that is fresh, else
// from the sources through tsx (replay/load-ts.mjs): there is no build step to forget.
import { importTs } from '../replay/load-ts.mjs';
import { prestartVerifyWorker } from '../replay/verify-prestart.mjs';

// `docket … | head` closes the pipe early: that is the reader's choice, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}
// Before the rest of docket loads: `verify`'s worker thread starts while the CLI does.
prestartVerifyWorker(process.argv.slice(2));
const { main } = await importTs(new URL('./main.ts', import.meta.url));
process.exitCode = await main(process.argv.slice(2));
