#!/usr/bin/env node
// The `docket` executable: TypeScript sources run through tsx's loader (no build step to forget).
import { register } from 'tsx/esm/api';

register();
// `docket … | head` closes the pipe early: that is the reader's choice, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
