#!/usr/bin/env node
// The `docket` executable: package.json "bin" is its compiled form, dist/cli/docket.js.
import { nodeVersionProblem, packageJson } from './node-version.ts';

// An unsupported Node gets a coded message before anything that may not run on it loads.
const tooOld = nodeVersionProblem();
if (tooOld) {
  process.stderr.write(tooOld);
  process.exit(2);
}

// `docket … | head` closes the pipe early: that is the reader's choice, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}
const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === '--version') {
  // `docket --version` alone answers before the command line parser loads (what yargs would print).
  process.stdout.write(`${packageJson().version}\n`);
} else {
  // Before the rest of docket loads: `verify`'s worker thread starts while the CLI does.
  (await import('../replay/check/verify-prestart.ts')).prestartVerifyWorker(argv);
  const { main } = await import('./main.ts');
  process.exitCode = await main(argv);
}
