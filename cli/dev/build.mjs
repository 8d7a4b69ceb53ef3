#!/usr/bin/env node
// Builds dist/, the JavaScript docket runs and the package ships: `tsc -p tsconfig.build.json`
// (incremental: only what changed since the last build is compiled again; its record is
// dist/.tsbuildinfo, so deleting dist/ starts over), then removes compiled files whose source is
// gone, so dist/ holds exactly the current sources' output, then makes the command-line parser one
// file (cli/yargs.ts: esbuild's bundle of yargs, with the bundled packages' licences beside it).
// `npm run build`, `npm pack` (prepack), `npm run bench` and every vitest run (vitest.config.ts)
// call it. `npm ci` (prepare) and `npm start` (prestart) run tsc alone, which is all a fresh tree
// needs, a release's extracted tree included (it ships no cli/dev/): there dist/cli/yargs.js is
// tsc's re-export of the installed yargs, which works the same and loads ~30 ms slower.
//
// `node cli/dev/build.mjs`; exits non-zero when tsc reports an error.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DIST = join(ROOT, 'dist');
const BUILD_INFO = join(DIST, '.tsbuildinfo');
const require = createRequire(import.meta.url);
const TSC = require.resolve('typescript/bin/tsc');

/**
 * Compile, then prune; returns the compiled files removed because their source is gone.
 * @returns {string[]}
 */
export function buildDist() {
  execFileSync(process.execPath, [TSC, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const removed = pruneOrphans(DIST);
  bundleParser();
  return removed;
}

export const PARSER = join(DIST, 'cli', 'yargs.js');
export const PARSER_LICENSES = join(DIST, 'cli', 'yargs.LICENSES.txt');

/**
 * dist/cli/yargs.js as one ES module: yargs and every package it imports, bundled by esbuild (the
 * pinned version docket depends on for type stripping) from the versions package-lock.json pins.
 * Node's own modules stay imports. The licence of every bundled package (its LICENSE file, as its
 * licence asks) goes to dist/cli/yargs.LICENSES.txt. Same inputs, same bytes.
 */
/** @param {string} out @param {string} licenses */
export function bundleParser(out = PARSER, licenses = PARSER_LICENSES) {
  const esbuild = require('esbuild');
  const result = esbuild.buildSync({
    entryPoints: [join(ROOT, 'cli', 'yargs.ts')],
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    metafile: true,
    legalComments: 'eof',
    logLevel: 'error',
    banner: { js: '// yargs and the packages it loads, bundled by cli/dev/build.mjs (esbuild); their licences: yargs.LICENSES.txt' },
  });
  const packages = new Map();
  for (const input of Object.keys(result.metafile.inputs)) {
    // the innermost node_modules/<name>/ holds the file (a nested copy is its own version)
    const at = input.lastIndexOf('node_modules/');
    const m = at < 0 ? null : /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input.slice(at));
    const name = m?.[1];
    if (name) packages.set(`${name} ${input.slice(0, at)}`, { name, dir: join(ROOT, input.slice(0, at), 'node_modules', name) });
  }
  const texts = [...packages.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, { name, dir }]) => {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)([.-]|$)/i.test(f));
      if (!file) throw new Error(`${name} has no LICENSE file to ship with its bundled copy`);
      return `${name}@${pkg.version} (${pkg.license})\n\n${readFileSync(join(dir, file), 'utf8').trim()}\n`;
    });
  writeFileSync(licenses, `Packages bundled into dist/cli/yargs.js, each with its licence.\n\n${texts.join('\n---\n\n')}`);
}

/** Anything in dist/ but tsc's record and a <p>.js with its <p>.ts: left from a source deleted or renamed since an earlier build. */
/** @param {string} dir @returns {string[]} */
export function pruneOrphans(dir) {
  /** @type {string[]} */
  const removed = [];
  /** @param {string} d */
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = join(d, e.name);
      if (e.isDirectory()) {
        walk(abs);
        if (readdirSync(abs).length === 0) rmdirSync(abs);
      } else if (abs !== BUILD_INFO && abs !== PARSER_LICENSES && !(e.name.endsWith('.js') && existsSync(join(ROOT, relative(dir, abs)).replace(/\.js$/, '.ts')))) {
        unlinkSync(abs);
        removed.push(relative(ROOT, abs));
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return removed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const t = performance.now();
  try {
    const removed = buildDist();
    const note = removed.length ? `; removed ${removed.length} stale file(s): ${removed.join(', ')}` : '';
    process.stderr.write(`docket: dist/ built (${Math.round(performance.now() - t)} ms)${note}\n`);
  } catch {
    process.stderr.write('docket: dist/ not built: tsc reported errors (above)\n');
    process.exitCode = 1;
  }
}
