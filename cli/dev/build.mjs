#!/usr/bin/env node
// Builds the start-up bundle: docket's TypeScript compiled ahead of time with esbuild, so the CLI and
// its worker threads start without the tsx loader (which costs ~0.3 s of CPU per thread, plus a hooks
// thread). It is a cache under node_modules/.cache/docket/, made by `npm ci` (the prepare script) and
// by `npm test`; replay/accel/load-ts.mjs uses it only while its stamp matches the sources byte for byte,
// and otherwise loads the sources through tsx as before. Nothing is ever required to build it.
//
// `node cli/dev/build.mjs [--out DIR]`; exit 0 even when esbuild is unavailable (the sources still run).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUNDLE_ENTRIES, DEFAULT_BUNDLE_DIR, ROOT_SYMBOL, STAMP_FORMAT, STAMP_NAME, inputsDigest } from '../../replay/accel/load-ts.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Source files refer to siblings with `new URL('./x', import.meta.url)` (workers, schemas, the
 * package.json). In one bundle import.meta.url would be the bundle's; each project module's
 * import.meta.url becomes its own source file's URL, from the project root the loader sets.
 */
const sourceUrls = {
  name: 'docket-source-urls',
  /** @param {import('esbuild').PluginBuild} b */
  setup(b) {
    b.onLoad({ filter: /\.(ts|mjs)$/ }, (args) => {
      if (args.path.split(sep).includes('node_modules')) return undefined;
      const rel = relative(ROOT, args.path).split(sep).join('/');
      const src = readFileSync(args.path, 'utf8');
      const url = `new URL(${JSON.stringify(rel)}, globalThis[Symbol.for(${JSON.stringify(ROOT_SYMBOL)})]).href`;
      return { contents: src.replaceAll('import.meta.url', url), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

/** Build into a fresh directory, then swap it into place; returns the stamp written. */
export async function buildBundle(out = fileURLToPath(DEFAULT_BUNDLE_DIR)) {
  const outDir = resolve(out); // no trailing separator: the directory is renamed
  const { build, version } = await import('esbuild');
  const tmp = `${outDir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const entryPoints = Object.fromEntries(Object.entries(BUNDLE_ENTRIES).map(([src, out]) => [out.replace(/\.mjs$/, ''), resolve(ROOT, src)]));
  try {
    const r = await build({
      entryPoints,
      bundle: true,
      splitting: true, // main and the worker entry share chunks; lazily imported commands stay lazy
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external', // dependencies load from node_modules as they do from the sources
      outdir: tmp,
      outExtension: { '.js': '.mjs' },
      chunkNames: 'chunk-[hash]',
      metafile: true,
      plugins: [sourceUrls],
      logLevel: 'error',
      legalComments: 'none',
    });
    const inputs = Object.keys(r.metafile.inputs).map((p) => relative(ROOT, resolve(process.cwd(), p)).split(sep).join('/')).sort();
    for (const f of inputs) if (f.startsWith('..') || f.split('/').includes('node_modules')) throw new Error(`unexpected bundle input ${f}`);
    const stamp = { format: STAMP_FORMAT, esbuild: version, entries: BUNDLE_ENTRIES, inputs, digest: inputsDigest(pathToFileURL(ROOT), inputs) };
    writeFileSync(resolve(tmp, STAMP_NAME), `${JSON.stringify(stamp, null, 1)}\n`);
    const old = `${outDir}.old-${process.pid}-${randomBytes(4).toString('hex')}`;
    if (existsSync(outDir)) renameSync(outDir, old);
    renameSync(tmp, outDir);
    rmSync(old, { recursive: true, force: true });
    return stamp;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const i = process.argv.indexOf('--out');
  const t = performance.now();
  try {
    if (i > 0 && !process.argv[i + 1]) throw new Error('--out needs a directory');
    const stamp = await buildBundle(i > 0 ? process.argv[i + 1] : undefined);
    process.stderr.write(`docket: start-up bundle built (${stamp.inputs.length} sources, ${Math.round(performance.now() - t)} ms)\n`);
  } catch (e) {
    process.stderr.write(`docket: no start-up bundle (${/** @type {Error} */ (e).message.split('\n')[0]}); the CLI runs from its sources, more slowly\n`);
  }
}
