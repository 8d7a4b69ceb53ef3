// What the release scripts share (imported by them; not a script to run): colour that honours
// NO_COLOR, and running docket. Plain Node, so the scripts load no package.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

// Colour only on a terminal, and never under NO_COLOR (https://no-color.org).
const colour = process.stderr.isTTY && !process.env.NO_COLOR;
export const paint = (/** @type {number} */ code, /** @type {string} */ text) => (colour ? `\x1b[${code}m${text}\x1b[39m` : text);

// A release of docket's own repository ships docket's sources, which `npm ci` compiles to
// dist/cli/docket.js; another project's release runs the docket its `npm ci` installs
// (node_modules/.bin/docket), else the docket on PATH. DOCKET_BIN=path/to/dist/cli/docket.js overrides them.
const bin = process.env.DOCKET_BIN ?? ['dist/cli/docket.js', 'node_modules/.bin/docket'].find((p) => existsSync(p)) ?? null;

/** Say, once, that a check you can trust runs your own docket rather than one this release ships. */
export function noteWhichDocket() {
  if (!process.env.DOCKET_BIN)
    console.error(
      'note: using the docket shipped in this release; a check you can trust runs your own docket (DOCKET_BIN=/path/to/docket/dist/cli/docket.js) after `docket verify FILE.tgz --expect sha256:…`',
    );
}

/**
 * Run docket, echoing the command; a failure ends the script with docket's exit code.
 * @param {string[]} args
 */
export function docket(args) {
  const [cmd, ...rest] = bin ? [process.execPath, bin, ...args] : ['docket', ...args];
  console.error(paint(36, `$ ${bin ? `node ${bin}` : 'docket'} ${args.join(' ')}`));
  const r = spawnSync(cmd, rest, { stdio: 'inherit' });
  if (r.error) {
    console.error(paint(31, `cannot run docket: ${r.error.message} (install docket, or set DOCKET_BIN=/path/to/docket/dist/cli/docket.js)`));
    process.exit(2);
  }
  if (r.status !== 0) process.exit(r.status ?? 1);
}
