import { createContext, Script } from 'node:vm';
import { transformSync } from 'esbuild';
import { findingError } from './errors.ts';
import type { Json } from './json.ts';
import type { GraderInput, GraderResult } from './graders.ts';

/**
 * Runs an archived grader's source (a `grader` bundle, docs/design.md §10 "Archived graders") with
 * nothing but its own text. The contract, named by the bundle's `runtime`:
 *   - each source module is TypeScript; esbuild's transform strips the types (no bundling, no
 *     resolution: esbuild never reads a file or a network) and emits CommonJS;
 *   - a module may import only `./<name>.ts` for another module of the same bundle (type-only
 *     imports are erased); anything else — `node:http`, a package, a path outside — is an error;
 *   - the modules run in a fresh `node:vm` context: JavaScript's built-ins and nothing of docket's
 *     or Node's (no require, process, fetch, import(), timers, Date, Math.random, WebAssembly); string
 *     code generation (eval, new Function) is off; each call is bounded by a timeout;
 *   - only strings cross the boundary: the input goes in as JSON text and the result comes back as
 *     JSON text, checked here, so no object of this process is ever reachable from the grader.
 * The entry module `grader` exports `grade(input, config)` and its ID and VERSION.
 */
export const RUNTIME = 'docket-grader/1';
export const ENTRY = 'grader';
const TIMEOUT_MS = 10_000;
const MODULE_NAME = /^[a-z][a-z0-9-]*$/;

export interface ArchivedSource {
  id: string;
  version: number;
  config: Json;
  source: { [name: string]: string };
}

/** A module's text → CommonJS function body (types stripped). A syntax error is the bundle's fault. */
function compile(name: string, text: string, where: string): string {
  try {
    return transformSync(text, { loader: 'ts', format: 'cjs', target: 'es2022', sourcefile: `${name}.ts`, logLevel: 'silent' }).code;
  } catch (e) {
    throw findingError('EGRADERSOURCE', `${where}: module ${name} does not compile: ${(e as Error).message.split('\n')[0]}`, { module: name });
  }
}

/** The loader that runs inside the context: modules by logical name, `./<name>.ts` resolves among them. */
function loaderScript(modules: { [name: string]: string }, configJson: string): string {
  const factories = Object.entries(modules)
    .map(([name, code]) => `${JSON.stringify(name)}: function (exports, require, module) {\n${code}\n}`)
    .join(',\n');
  return `(function () {
  'use strict';
  delete globalThis.Date; delete globalThis.WebAssembly; delete globalThis.SharedArrayBuffer; delete globalThis.Atomics;
  Math.random = undefined;
  const factories = { ${factories} };
  const cache = Object.create(null);
  const has = (n) => Object.prototype.hasOwnProperty.call(factories, n);
  function load(name) {
    if (cache[name]) return cache[name].exports;
    const module = { exports: {} };
    cache[name] = module;
    factories[name].call(undefined, module.exports, req, module);
    return module.exports;
  }
  function req(spec) {
    const m = /^\\.\\/([a-z][a-z0-9-]*)\\.ts$/.exec(spec);
    if (!m || !has(m[1])) throw new Error('EGRADERIMPORT ' + String(spec));
    return load(m[1]);
  }
  const entry = load(${JSON.stringify(ENTRY)});
  const config = JSON.parse(${JSON.stringify(configJson)});
  globalThis.__identity = JSON.stringify({ id: entry.ID, version: entry.VERSION });
  globalThis.__run = (input) => JSON.stringify(entry.grade(JSON.parse(input), config));
})();`;
}

const VERDICTS = new Set(['correct', 'incorrect', 'invalid', 'truncated']);
const LETTER = (v: unknown) => v === null || v === 'A' || v === 'B' || v === 'C' || v === 'D';

function checkResult(text: unknown, where: string): GraderResult {
  let r: { verdict?: unknown; shown?: unknown; chosen?: unknown } | null = null;
  try {
    r = typeof text === 'string' ? JSON.parse(text) : null;
  } catch {
    r = null;
  }
  if (!r || typeof r !== 'object' || !VERDICTS.has(r.verdict as string) || !LETTER(r.shown) || !LETTER(r.chosen)) {
    throw findingError('EGRADERSOURCE', `${where} returned ${String(text).slice(0, 120)}, not a verdict {verdict, shown, chosen}`);
  }
  return { verdict: r.verdict as GraderResult['verdict'], shown: r.shown as GraderResult['shown'], chosen: r.chosen as GraderResult['chosen'] };
}

/** A grade function running the archived source. `where` names the grader in every error. */
export function sandboxedGrade(a: ArchivedSource, where: string): (input: GraderInput) => GraderResult {
  if (!Object.hasOwn(a.source, ENTRY)) throw findingError('EGRADERSOURCE', `${where}: no module "${ENTRY}" in its source`);
  const modules: { [name: string]: string } = {};
  for (const [name, text] of Object.entries(a.source)) {
    if (!MODULE_NAME.test(name)) throw findingError('EGRADERSOURCE', `${where}: bad module name ${JSON.stringify(name)}`);
    modules[name] = compile(name, text, where);
  }
  const ctx = createContext(Object.create(null), { codeGeneration: { strings: false, wasm: false }, microtaskMode: 'afterEvaluate' });
  const run = (script: Script) => {
    try {
      return script.runInContext(ctx, { timeout: TIMEOUT_MS, displayErrors: false }) as unknown;
    } catch (e) {
      // The error object belongs to the sandbox: read its text only.
      const msg = String((e as { message?: unknown })?.message ?? e).slice(0, 300);
      throw findingError('EGRADERSOURCE', `${where} failed: ${msg}`);
    }
  };
  run(new Script(loaderScript(modules, JSON.stringify(a.config))));
  const identity = run(new Script('__identity'));
  if (identity !== JSON.stringify({ id: a.id, version: a.version })) throw findingError('EGRADERSOURCE', `${where}: its source says it is ${String(identity)}, the bundle says ${a.id}@${a.version}`);
  const call = new Script('__run(__input)');
  return (input) => {
    (ctx as { __input?: string }).__input = JSON.stringify(input);
    return checkResult(run(call), where);
  };
}
