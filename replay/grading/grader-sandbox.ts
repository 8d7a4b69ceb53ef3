import { createRequire } from 'node:module';
import { createContext, Script } from 'node:vm';
import { findingError } from '../errors.ts';
import type { Json } from '../format/json.ts';
import type { GraderInput, GraderResult } from './graders.ts';

// esbuild is loaded when a grader is first compiled: scoring from stored grades never compiles one.
const require = createRequire(import.meta.url);
const esbuild = () => require('esbuild') as typeof import('esbuild');

/**
 * Runs an archived grader's source (a `grader` bundle, docs/design.md §10 "Archived graders") with
 * nothing but its own text. The contract, named by the bundle's `runtime`:
 *   - each source module is TypeScript; esbuild's transform strips the types (no bundling, no
 *     resolution: esbuild never reads a file or a network) and emits CommonJS;
 *   - a module may import only another module of the same bundle, by a relative specifier whose
 *     last segment, its extension (.ts .mts .cts .js .mjs .cjs) dropped, is that module's name:
 *     `./common.ts` → `common`, `../lib/letters.js` → `letters` (type-only imports are erased);
 *     anything else — `node:http`, a package, a name the bundle lacks — is an error. docket's own
 *     graders import `./<name>.ts`; a suite's graders import their modules by path, and the
 *     collection from the suite (suite-graders.ts) makes each name the file that path names;
 *   - the modules run in a fresh `node:vm` context: JavaScript's built-ins and nothing of docket's
 *     or Node's (no require, process, fetch, import(), timers, Date, Math.random, WebAssembly); string
 *     code generation (eval, new Function) is off; each call is bounded by a timeout;
 *   - a grader is synchronous: compiled code naming a promise, async, await, import() or a finalizer
 *     is refused (those run after the call, outside its timeout, and could end docket);
 *   - only strings cross the boundary: the input goes in as JSON text and the result comes back as
 *     JSON text, checked here, so no object of this process is ever reachable from the grader.
 * The entry module `grader` exports `grade(input, config)` and its ID and VERSION.
 */
export const RUNTIME = 'docket-grader/1';
export const ENTRY = 'grader';
export const TIMEOUT_MS = 10_000;
/** A module's name: docket's own are `[a-z][a-z0-9-]*`; a suite's are its files' names without the extension. */
export const MODULE_NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;

export interface ArchivedSource {
  id: string;
  version: number;
  config: Json;
  source: { [name: string]: string };
}

// A grader is synchronous. Anything that settles later (a promise, an async function, import(), a
// finalizer) would run outside the call and its timeout, and a rejection nobody handles would end
// docket itself: such code is refused before it runs (the compiled text has no comments; a string
// that merely contains one of these words is refused too, which is the safe side).
const ASYNC = /\b(?:async|await|import|Promise|FinalizationRegistry|WeakRef|fromAsync|waitAsync)\b/;

/** A module's text → CommonJS function body (types stripped). A syntax error is the bundle's fault. */
function compile(name: string, text: string, where: string): string {
  let code: string;
  try {
    code = esbuild().transformSync(text, { loader: 'ts', format: 'cjs', target: 'es2022', sourcefile: `${name}.ts`, logLevel: 'silent', legalComments: 'none' }).code;
  } catch (e) {
    throw findingError('EGRADERSOURCE', `${where}: module ${name} does not compile: ${(e as Error).message.split('\n')[0]}`, { module: name });
  }
  const found = ASYNC.exec(code);
  if (found) throw findingError('EGRADERSOURCE', `${where}: module ${name} uses "${found[0]}": a grader must be synchronous (no promises, async functions, import() or finalizers)`, { module: name });
  return code;
}

/**
 * What a module's compiled code requires, in order: the specifiers the sandbox will be asked to
 * resolve (type-only imports are gone). Compiling also applies the contract's checks (EGRADERSOURCE).
 */
export function moduleRequires(name: string, text: string, where: string): string[] {
  return [...new Set(Array.from(compile(name, text, where).matchAll(/\brequire\(\s*("(?:[^"\\]|\\.)*")\s*\)/g), (m) => JSON.parse(m[1]!) as string))];
}

/** The loader that runs inside the context: modules by logical name, `./<name>.ts` resolves among them. */
function loaderScript(modules: { [name: string]: string }, configJson: string): string {
  const factories = Object.entries(modules)
    .map(([name, code]) => `${JSON.stringify(name)}: function (exports, require, module) {\n${code}\n}`)
    .join(',\n');
  return `(function () {
  'use strict';
  for (const name of ['Date', 'WebAssembly', 'SharedArrayBuffer', 'Atomics', 'Promise', 'FinalizationRegistry', 'WeakRef']) delete globalThis[name];
  Math.random = undefined;
  Array.fromAsync = undefined;
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
    const m = /^\\.\\.?\\/(?:[^/]*\\/)*([A-Za-z][A-Za-z0-9_.-]*?)(?:\\.(?:ts|mts|cts|js|mjs|cjs))?$/.exec(String(spec));
    if (!m || !has(m[1])) throw new Error('EGRADERIMPORT ' + String(spec));
    return load(m[1]);
  }
  const entry = load(${JSON.stringify(ENTRY)});
  const config = JSON.parse(${JSON.stringify(configJson)});
  globalThis.__identity = JSON.stringify({ id: entry.ID, version: entry.VERSION });
  globalThis.__description = typeof entry.DESCRIPTION === 'string' ? entry.DESCRIPTION : '';
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
export function sandboxedGrade(a: ArchivedSource, where: string, timeoutMs = TIMEOUT_MS): (input: GraderInput) => GraderResult {
  return sandboxed(a, where, timeoutMs).grade;
}

/** The source compiled and loaded once: its grade function and the DESCRIPTION its entry exports ('' when none). */
export function sandboxed(a: ArchivedSource, where: string, timeoutMs = TIMEOUT_MS): { grade: (input: GraderInput) => GraderResult; description: string } {
  if (!Object.hasOwn(a.source, ENTRY)) throw findingError('EGRADERSOURCE', `${where}: no module "${ENTRY}" in its source`);
  const modules: { [name: string]: string } = {};
  for (const [name, text] of Object.entries(a.source)) {
    if (!MODULE_NAME.test(name)) throw findingError('EGRADERSOURCE', `${where}: bad module name ${JSON.stringify(name)}`);
    modules[name] = compile(name, text, where);
  }
  const ctx = createContext(Object.create(null), { codeGeneration: { strings: false, wasm: false }, microtaskMode: 'afterEvaluate' });
  const run = (script: Script) => {
    try {
      return script.runInContext(ctx, { timeout: timeoutMs, displayErrors: false }) as unknown;
    } catch (e) {
      // The error object belongs to the sandbox: read its text only.
      const msg = String((e as { message?: unknown })?.message ?? e).slice(0, 300);
      throw findingError('EGRADERSOURCE', `${where} failed: ${msg}`);
    }
  };
  run(new Script(loaderScript(modules, JSON.stringify(a.config))));
  const identity = run(new Script('__identity'));
  if (identity !== JSON.stringify({ id: a.id, version: a.version })) throw findingError('EGRADERSOURCE', `${where}: its source says it is ${String(identity)}, the bundle says ${a.id}@${a.version}`);
  const description = String(run(new Script('__description')));
  const call = new Script('__run(__input)');
  const grade = (input: GraderInput) => {
    (ctx as { __input?: string }).__input = JSON.stringify(input);
    return checkResult(run(call), where);
  };
  return { grade, description };
}
