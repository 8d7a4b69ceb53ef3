/**
 * The command-line parser, yargs. In the compiled package this module is one file: cli/dev/build.mjs
 * replaces tsc's output (a re-export) with esbuild's bundle of yargs and the packages it loads, so a
 * command loads one module instead of about 25 (~30 ms of every start-up, docs/internals.md §2).
 * The bundled packages' licences ship beside it (dist/cli/yargs.LICENSES.txt).
 */
export { default } from 'yargs';
