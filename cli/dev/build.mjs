#!/usr/bin/env node
// Builds dist/, the JavaScript docket runs and the package ships: `tsc -p tsconfig.build.json`
// (incremental: only what changed since the last build is compiled again; its record is
// dist/.tsbuildinfo, so deleting dist/ starts over), then removes compiled files whose source is
// gone, so dist/ holds exactly the current sources' output. `npm run build`, `npm pack` (prepack),
// `npm run bench` and every vitest run (vitest.config.ts) call it; `npm ci` runs the bare tsc step
// (prepare), which is all a fresh tree needs.
//
// `node cli/dev/build.mjs`; exits non-zero when tsc reports an error.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DIST = join(ROOT, 'dist');
const BUILD_INFO = join(DIST, '.tsbuildinfo');
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/**
 * Compile, then prune; returns the compiled files removed because their source is gone.
 * @returns {string[]}
 */
export function buildDist() {
  execFileSync(process.execPath, [TSC, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  return pruneOrphans(DIST);
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
      } else if (abs !== BUILD_INFO && !(e.name.endsWith('.js') && existsSync(join(ROOT, relative(dir, abs)).replace(/\.js$/, '.ts')))) {
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
