/**
 * Where docket's own files are at run time. docket runs as JavaScript compiled into dist/ (what the
 * package ships: dist/<path>.js for each <path>.ts); its tests also import the TypeScript sources
 * directly. The files docket reads (package.json, docs/schemas/, lockfiles/graders.lock.json, the
 * frozen grader texts, the release scripts, the WASM module) sit at the package's top either way.
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** The package directory (a URL ending in /): the repository root, or node_modules/<name>/ once installed. */
export const PACKAGE_DIR = new URL(FROM_SOURCES ? '../' : '../../', import.meta.url);

/** A file of the package, by its path from the top (e.g. `docs/schemas/`). */
export const packageFile = (rel: string): URL => new URL(rel, PACKAGE_DIR);

/**
 * A module docket starts on its own (a worker thread's entry, the probes' network guard), by its
 * source path without the extension: always the compiled dist/<path>.js, so a thread never needs a
 * TypeScript loader. Tests that import the sources start the compiled copy too; `npm test` and every
 * vitest run build dist/ first (vitest.config.ts), so that copy is never older than the sources.
 */
export const compiledModule = (rel: string): URL => new URL(`dist/${rel}.js`, PACKAGE_DIR);
