import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init, parse } from 'es-module-lexer';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * replay/ is the offline core: nothing it loads, directly or through any package, may be able to
 * reach the network (docs/design.md "No network"). This walks the real import graph — static
 * imports, re-exports, literal dynamic import(), require(), worker files named by
 * `new URL('./x.mjs', import.meta.url)` and modules started on their own (worker threads, the probe
 * guard) named by `compiledModule('<path>')` (replay/package-files.ts: dist/<path>.js, compiled from
 * <path>.ts) — through relative files and into node_modules packages (package.json
 * exports/imports/main), and fails on network builtins and HTTP client packages. The same walk runs
 * over the compiled dist/replay/, which is what the package ships.
 */

const FORBIDDEN_BUILTINS = new Set(['http', 'https', 'http2', 'net', 'dns', 'tls', 'dgram', 'child_process']);
const FORBIDDEN_PACKAGES = new Set(['undici', 'node-fetch', 'axios', 'got']);
/**
 * The one allowlisted boundary: esbuild. replay/grading/grader-sandbox.ts calls its transform to strip
 * the types of archived grader source before running it in a vm context (docs/design.md §10); its JS
 * API runs the esbuild binary through child_process. It compiles text; it makes no requests. The walk
 * stops there (the second test lists what lies behind) and checks everything else fully.
 */
const LOADER_BOUNDARY = new Set(['esbuild']);

const GLOBAL_NETWORK: [RegExp, string][] = [
  [/(?<![\w$.])fetch\s*\(/, 'fetch('],
  [/\b(?:globalThis|global|window|self)\s*(?:\.\s*|\[\s*['"`])(?:fetch|WebSocket|XMLHttpRequest|EventSource)\b/, 'global network API'],
  [/(?<![\w$.])(?:WebSocket|XMLHttpRequest|EventSource)\b/, 'WebSocket/XMLHttpRequest/EventSource'],
];

const CODE_EXT = ['.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs'];
const RESOLVE_EXT = [...CODE_EXT, '.json', '.node'];
const IMPORT_CONDITIONS = ['node', 'import', 'default'];
const REQUIRE_CONDITIONS = ['node', 'require', 'default'];

/** 'module': a path from the package top without extension, started on its own (compiledModule). */
type Kind = 'import' | 'require' | 'module';
interface Finding {
  chain: string[];
  target: string;
  why: string;
}
interface WalkResult {
  files: string[];
  violations: Finding[];
  boundary: Finding[]; // edges into LOADER_BOUNDARY packages (not followed)
  builtins: Finding[]; // every builtin reached (for the boundary report)
  unresolvedInPackages: Finding[]; // e.g. optional requires inside try/catch
}

interface Spec {
  spec: string;
  kind: Kind;
}

/** The specifiers a file loads, read from its code with comments and type-only imports removed. */
function specifiersOf(code: string): { specs: Spec[]; nonLiteral: number } {
  const specs: Spec[] = [];
  let nonLiteral = 0;
  try {
    const [imports] = parse(code);
    for (const i of imports) {
      if (i.d === -2) continue; // import.meta
      if (i.n === undefined) nonLiteral++;
      else specs.push({ spec: i.n, kind: 'import' });
    }
  } catch {
    // Not lexable as a module (some CommonJS): its require() calls are read below.
  }
  // require2(…): esbuild renames a module's own createRequire() result when bundling.
  for (const m of code.matchAll(/(?<![\w$.])require\d*\s*\(\s*(['"`])([^'"`\n]+)\1\s*\)/g)) specs.push({ spec: m[2]!, kind: 'require' });
  for (const m of code.matchAll(/new\s+URL\(\s*(['"`])(\.{1,2}\/[^'"`\n]+)\1\s*,\s*import\.meta\.url\s*\)/g)) {
    if (CODE_EXT.some((e) => m[2]!.endsWith(e))) specs.push({ spec: m[2]!, kind: 'import' });
  }
  for (const m of code.matchAll(/(?<![\w$.])compiledModule\(\s*(['"`])([^'"`\n]+)\1\s*\)/g)) specs.push({ spec: m[2]!, kind: 'module' });
  return { specs, nonLiteral };
}

/** Source → JavaScript without comments or type-only imports (TypeScript's own transpiler). */
function codeOf(file: string): string {
  const src = readFileSync(file, 'utf8');
  if (file.endsWith('.json') || file.endsWith('.node')) return '';
  const out = ts.transpileModule(src.replace(/^#!.*/, ''), {
    fileName: file.replace(/\.(c|m)?js$/, '.$1ts'), // parse .js as .ts: the same grammar plus types
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ESNext, verbatimModuleSyntax: true, removeComments: true },
    reportDiagnostics: false,
  });
  return out.outputText;
}

function isFile(p: string): boolean {
  return existsSync(p) && statSync(p).isFile();
}

function resolveFile(base: string): string | null {
  if (isFile(base)) return base;
  for (const e of RESOLVE_EXT) if (isFile(base + e)) return base + e;
  if (existsSync(base) && statSync(base).isDirectory()) {
    const pj = join(base, 'package.json');
    if (isFile(pj)) {
      const main = (JSON.parse(readFileSync(pj, 'utf8')) as { main?: string }).main;
      if (main) {
        const m = resolveFile(join(base, main));
        if (m) return m;
      }
    }
    for (const e of RESOLVE_EXT) if (isFile(join(base, `index${e}`))) return join(base, `index${e}`);
  }
  return null;
}

type ExportTarget = string | null | ExportTarget[] | { [k: string]: ExportTarget };

function pickTarget(t: ExportTarget, conditions: string[], star: string | undefined): string | null {
  if (t === null) return null;
  if (typeof t === 'string') return star === undefined ? t : t.split('*').join(star);
  if (Array.isArray(t)) {
    for (const x of t) {
      const r = pickTarget(x, conditions, star);
      if (r) return r;
    }
    return null;
  }
  for (const [k, v] of Object.entries(t)) {
    if (!conditions.includes(k)) continue;
    const r = pickTarget(v, conditions, star);
    if (r) return r;
  }
  return null;
}

/** package.json "exports"/"imports" lookup of `key` ('.', './sub', '#x'), with subpath patterns. */
function mapLookup(map: ExportTarget, key: string, conditions: string[]): string | null {
  const isSubpathMap = map !== null && typeof map === 'object' && !Array.isArray(map) && Object.keys(map).some((k) => k.startsWith('.') || k.startsWith('#'));
  const m = (isSubpathMap ? map : { '.': map }) as { [k: string]: ExportTarget };
  if (key in m) return pickTarget(m[key]!, conditions, undefined);
  for (const pattern of Object.keys(m)
    .filter((k) => k.includes('*'))
    .sort((a, b) => b.length - a.length)) {
    const [pre, post] = pattern.split('*') as [string, string];
    if (key.startsWith(pre) && key.endsWith(post) && key.length >= pre.length + post.length) {
      return pickTarget(m[pattern]!, conditions, key.slice(pre.length, key.length - post.length));
    }
  }
  return null;
}

function packageName(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The package a file inside node_modules belongs to, or null for project files. */
function packageOfFile(file: string): string | null {
  const i = file.lastIndexOf(`${sep}node_modules${sep}`);
  if (i < 0) return null;
  return packageName(
    file
      .slice(i + 14)
      .split(sep)
      .join('/'),
  );
}

function findPackageDir(name: string, fromFile: string): string | null {
  for (let dir = dirname(fromFile); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (isFile(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

function nearestPackageJson(fromFile: string): string | null {
  for (let dir = dirname(fromFile); ; dir = dirname(dir)) {
    if (isFile(join(dir, 'package.json'))) return join(dir, 'package.json');
    if (dirname(dir) === dir) return null;
  }
}

function resolveBare(spec: string, fromFile: string, kind: Kind): string | null {
  const name = packageName(spec);
  const dir = findPackageDir(name, fromFile);
  if (!dir) return null;
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports?: ExportTarget; main?: string };
  const sub = spec.slice(name.length);
  if (pkg.exports !== undefined) {
    const target = mapLookup(pkg.exports, `.${sub}`, kind === 'import' ? IMPORT_CONDITIONS : REQUIRE_CONDITIONS);
    return target ? resolveFile(join(dir, target)) : null;
  }
  return resolveFile(sub ? join(dir, sub) : dir);
}

type Resolved = { builtin: string } | { file: string } | { package: string; boundary: true } | { unresolved: true };

function resolveSpec(spec: string, fromFile: string, kind: Kind, boundary: Set<string>, projectRoot: string): Resolved {
  if (kind === 'module') {
    // The compiled module's source, from the project root; from compiled code, the compiled file itself.
    const fromDist = relative(projectRoot, fromFile).split(sep)[0] === 'dist';
    const f = resolveFile(fromDist ? join(projectRoot, 'dist', `${spec}.js`) : join(projectRoot, `${spec}.ts`));
    return f ? { file: f } : { unresolved: true };
  }
  const bare = spec.replace(/^node:/, '');
  if (spec.startsWith('node:') || builtinModules.includes(bare)) return { builtin: bare.split('/')[0]! };
  if (spec.startsWith('.') || spec.startsWith('/')) {
    const f = resolveFile(resolve(dirname(fromFile), spec));
    return f ? { file: f } : { unresolved: true };
  }
  if (spec.startsWith('#')) {
    const pj = nearestPackageJson(fromFile);
    const imports = pj ? (JSON.parse(readFileSync(pj, 'utf8')) as { imports?: ExportTarget }).imports : undefined;
    const target = imports ? mapLookup(imports, spec, kind === 'import' ? IMPORT_CONDITIONS : REQUIRE_CONDITIONS) : null;
    if (!target) return { unresolved: true };
    return target.startsWith('.') ? resolveSpec(resolve(dirname(pj!), target), fromFile, kind, boundary, projectRoot) : resolveSpec(target, fromFile, kind, boundary, projectRoot);
  }
  const name = packageName(spec);
  if (boundary.has(name) || boundary.has(name.split('/')[0]!)) return { package: name, boundary: true };
  const f = resolveBare(spec, fromFile, kind);
  return f ? { file: f } : { unresolved: true };
}

/** Breadth-first over the graph from `roots`, so each reported chain is a shortest one. */
function walk(projectRoot: string, roots: string[], boundary: Set<string>): WalkResult {
  const rel = (f: string) => relative(projectRoot, f).split(sep).join('/');
  const parent = new Map<string, string | null>();
  const chainTo = (f: string): string[] => {
    const c: string[] = [];
    for (let x: string | null | undefined = f; x; x = parent.get(x)) c.unshift(rel(x));
    return c;
  };
  const result: WalkResult = { files: [], violations: [], boundary: [], builtins: [], unresolvedInPackages: [] };
  const queue = [...roots];
  for (const r of roots) parent.set(r, null);
  while (queue.length > 0) {
    const file = queue.shift()!;
    result.files.push(rel(file));
    const code = codeOf(file);
    const inProject = packageOfFile(file) === null;
    const { specs, nonLiteral } = specifiersOf(code);
    if (inProject && nonLiteral > 0) result.violations.push({ chain: chainTo(file), target: 'import(<expression>)', why: 'a dynamic import that cannot be checked' });
    if (inProject) {
      for (const [re, what] of GLOBAL_NETWORK) {
        if (re.test(code)) result.violations.push({ chain: chainTo(file), target: what, why: 'uses a global network API' });
      }
    }
    for (const { spec, kind } of specs) {
      const chain = [...chainTo(file)];
      const name = packageName(spec.replace(/^node:/, ''));
      if (FORBIDDEN_PACKAGES.has(name)) {
        result.violations.push({ chain: [...chain, spec], target: name, why: 'an HTTP client package' });
        continue;
      }
      const r = resolveSpec(spec, file, kind, boundary, projectRoot);
      if ('builtin' in r) {
        const hit = { chain: [...chain, `node:${r.builtin}`], target: r.builtin, why: 'a network-capable builtin' };
        result.builtins.push(hit);
        if (FORBIDDEN_BUILTINS.has(r.builtin)) result.violations.push(hit);
      } else if ('boundary' in r) {
        result.boundary.push({ chain: [...chain, r.package], target: r.package, why: 'loader boundary' });
      } else if ('unresolved' in r) {
        const f = { chain: [...chain, spec], target: spec, why: 'cannot be resolved, so cannot be checked' };
        if (inProject) result.violations.push(f);
        else result.unresolvedInPackages.push(f);
      } else if (!parent.has(r.file)) {
        parent.set(r.file, file);
        queue.push(r.file);
      }
    }
  }
  return result;
}

/**
 * Test code is not replay's runtime: `*.test.*` files and the declared test-support module
 * test-helpers.ts are not roots. They are still walked if runtime code ever imports them.
 */
const TEST_ONLY = /(?:\.test\.[cm]?[jt]sx?|^test-helpers\.ts)$/;

/** Every non-test source file under `dir`: the roots of the walk. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...sourceFiles(p));
    } else if (CODE_EXT.some((e) => entry.name.endsWith(e)) && !TEST_ONLY.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) {
      out.push(p);
    }
  }
  return out;
}

const show = (fs: Finding[]) => fs.map((f) => `${f.chain.join(' → ')}  (${f.why})`).join('\n');

beforeAll(async () => {
  await init;
});

const PROJECT = fileURLToPath(new URL('..', import.meta.url));
const REPLAY = join(PROJECT, 'replay');

describe('replay/ import graph', () => {
  it('reaches no network builtin, HTTP client package or global network API', () => {
    const r = walk(PROJECT, sourceFiles(REPLAY), LOADER_BOUNDARY);
    expect(show(r.violations)).toBe('');
    // The walk really went places: into replay's own files and into its packages.
    expect(r.files).toContain('replay/runs/request.ts');
    expect(r.files).toContain('replay/grading/graders/decision-v2.ts');
    expect(r.files.some((f) => f.startsWith('node_modules/ajv/'))).toBe(true);
    expect(r.files.some((f) => f.startsWith('node_modules/better-sqlite3/'))).toBe(true);
    expect(r.files.some((f) => f.endsWith('replay/check/verify-worker.ts'))).toBe(true);
    expect(r.files.some((f) => f.endsWith('.test.ts'))).toBe(false);
    // The only edge into the boundary: the grader sandbox's type stripping of archived grader source
    // (esbuild's transform: text in, text out).
    expect([...new Set(r.boundary.map((b) => `${b.chain.at(-2)} → ${b.target}`))].sort()).toEqual(['replay/grading/grader-sandbox.ts → esbuild']);
  });

  it('follows the modules started on their own (compiledModule) to their sources', () => {
    const r = walk(PROJECT, [join(REPLAY, 'check/verify.ts')], LOADER_BOUNDARY);
    // verify.ts → verify-prestart.ts → compiledModule('replay/check/verify-worker') → check-object.ts
    expect(r.files).toContain('replay/check/verify-worker.ts');
    expect(r.files).toContain('replay/check/check-object.ts');
  });

  it('documents what lies behind the boundary (esbuild)', () => {
    const r = walk(PROJECT, [join(REPLAY, 'grading/grader-sandbox.ts')], new Set());
    const behind = [...new Set(r.violations.filter((v) => FORBIDDEN_BUILTINS.has(v.target)).map((v) => v.target))].sort();
    console.info(`behind the boundary: ${behind.join(', ') || 'nothing'}\n${show(r.violations)}`);
    // Every network-capable builtin reached from the sandbox is reached through esbuild.
    for (const v of r.violations)
      expect(
        v.chain.find((c) => c.startsWith('node_modules/')),
        v.chain.join(' → '),
      ).toMatch(/^node_modules\/esbuild\//);
    expect(r.violations.length).toBeGreaterThan(0); // the walk did go behind the boundary
  });

  it('the compiled dist/replay/ (what the package ships) reaches no network either', () => {
    // vitest builds dist/ from these sources before any test runs (vitest.config.ts).
    const dist = join(PROJECT, 'dist', 'replay');
    const roots = sourceFiles(dist);
    expect(roots.length).toBeGreaterThan(50);
    const r = walk(PROJECT, roots, LOADER_BOUNDARY);
    expect(show(r.violations)).toBe('');
    expect(r.files).toContain('dist/replay/check/verify-worker.js');
    expect(r.files.some((f) => f.startsWith('node_modules/ajv/'))).toBe(true);
    expect(r.files.some((f) => f.endsWith('.ts'))).toBe(false); // compiled code imports compiled code only
  });
});

describe('the walker catches planted violations', () => {
  const fx = mkdtempSync(join(tmpdir(), 'docket-imports-'));
  afterAll(() => rmSync(fx, { recursive: true, force: true }));
  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(fx, path)), { recursive: true });
    writeFileSync(join(fx, path), text);
  };
  put('package.json', JSON.stringify({ name: 'fixture', type: 'module', imports: { '#net': 'node:net' } }));
  put('replay/a.ts', "import { b } from './b.ts';\nexport const a: number = b;\n");
  put('replay/b.ts', "import { x } from 'pkg-x';\nexport const b = x;\n");
  put('replay/c.mjs', "export const load = async () => (await import('node:dns')).lookup;\n");
  put('replay/d.ts', 'export const get = (u: string) => fetch(u);\n');
  put('replay/e.ts', "// fetch( and require('net') only in a comment\nimport type { Dispatcher } from 'undici';\nexport type D = Dispatcher;\nexport const s = 'safe';\n");
  put('replay/f.ts', "import axios from 'axios';\nexport default axios;\n");
  put('replay/g.ts', "import { createHash } from 'node:crypto';\nimport { Worker } from 'node:worker_threads';\nexport { createHash, Worker };\n");
  put('replay/h.ts', "import 'pkg-z';\nexport const w = new URL('../workers/worker.mjs', import.meta.url);\n");
  put('workers/worker.mjs', "import '#net';\n");
  put('replay/i.ts', "const name = 'n' + 'et';\nexport const m = () => import(name);\n");
  put('replay/j.ts', "export const s = new globalThis.WebSocket('ws://127.0.0.1:9');\n");
  put('replay/k.ts', "const compiledModule = (p: string) => new URL(p, 'file:///');\nexport const w = compiledModule('workers/thread');\n");
  put('workers/thread.ts', "import 'node:tls';\n");
  put('replay/skip.test.ts', "import 'node:net';\n");
  put('cli/dev/testkit/core.ts', "import 'node:child_process';\n");
  put('node_modules/pkg-x/package.json', JSON.stringify({ name: 'pkg-x', exports: { '.': { import: './esm/index.js', require: './cjs/index.cjs' } } }));
  put('node_modules/pkg-x/esm/index.js', "export * from 'pkg-y/sub';\n");
  put('node_modules/pkg-x/cjs/index.cjs', 'module.exports = {};\n');
  put('node_modules/pkg-y/package.json', JSON.stringify({ name: 'pkg-y', main: 'lib/main.js' }));
  put('node_modules/pkg-y/sub.js', "const h = require('./lib/helper');\nexports.x = h;\n");
  put('node_modules/pkg-y/lib/helper.js', '/* require(\'http\') in a comment is ignored */\nmodule.exports = require("net");\n');
  put('node_modules/pkg-z/package.json', JSON.stringify({ name: 'pkg-z', main: 'index.js' }));
  put('node_modules/pkg-z/index.js', "require('child_process');\n");

  const byTarget = (r: WalkResult, target: string) => r.violations.filter((v) => v.target === target).map((v) => v.chain.join(' → '));

  it('reports each violation with its full import chain', () => {
    const r = walk(fx, sourceFiles(join(fx, 'replay')), new Set());
    expect(byTarget(r, 'net').sort()).toEqual([
      'replay/b.ts → node_modules/pkg-x/esm/index.js → node_modules/pkg-y/sub.js → node_modules/pkg-y/lib/helper.js → node:net',
      'replay/h.ts → workers/worker.mjs → node:net',
    ]);
    expect(byTarget(r, 'dns')).toEqual(['replay/c.mjs → node:dns']);
    expect(byTarget(r, 'fetch(')).toEqual(['replay/d.ts']);
    expect(byTarget(r, 'axios')).toEqual(['replay/f.ts → axios']);
    expect(byTarget(r, 'child_process')).toEqual(['replay/h.ts → node_modules/pkg-z/index.js → node:child_process']);
    expect(byTarget(r, 'import(<expression>)')).toEqual(['replay/i.ts']);
    expect(byTarget(r, 'global network API')).toEqual(['replay/j.ts']);
    expect(byTarget(r, 'tls')).toEqual(['replay/k.ts → workers/thread.ts → node:tls']);
    expect(byTarget(r, 'http')).toEqual([]); // only in a comment
    // Nothing from the clean files, the type-only import, or the excluded test file.
    const named = new Set(r.violations.map((v) => v.chain[0]));
    for (const clean of ['replay/e.ts', 'replay/g.ts', 'replay/skip.test.ts', 'cli/dev/testkit/core.ts']) expect(named.has(clean), clean).toBe(false);
    expect(r.files).not.toContain('replay/skip.test.ts');
    expect(r.violations).toHaveLength(9);
  });

  it('a boundary package is not followed, and is reported as a boundary edge', () => {
    const r = walk(fx, sourceFiles(join(fx, 'replay')), new Set(['pkg-z']));
    expect(byTarget(r, 'child_process')).toEqual([]);
    expect(r.boundary.map((b) => b.chain.join(' → '))).toEqual(['replay/h.ts → pkg-z']);
  });
});
