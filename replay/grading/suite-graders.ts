import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import { byUtf8 } from '../format/utf8.ts';
import type { Archive } from '../store/archive.ts';
import { isDigest, type Digest } from '../format/digest.ts';
import { DocketError, findingError, usageError } from '../errors.ts';
import { parseStrict, JsonError } from '../format/json.ts';
import { loadBankFile, treePath, type Violation } from '../bank/bank.ts';
import { unsafeRelPath } from '../bank/layout.ts';
import { MODULE_NAME, moduleRequires, sandboxed } from './grader-sandbox.ts';
import { archivedGraderByDigest, graderBundlesFor, loadArchivedGrader } from './grader-archive.ts';
import { archivedJudgeConflict, judgeDeclProblems, judgeFromDecl, type JudgeDecl, type JudgeGrader } from './judges.ts';
import { ALL_GRADERS, grader as builtinGrader, graderDigest, GRADER_LOCKFILE, type Grader, type GraderLock, type GraderSource } from './graders.ts';

/**
 * A suite's own graders (docs/design.md §10 "Suite graders"). decision-bank.json declares them:
 *
 *   "graders": {"mine": {"current": 2, "versions": {"1": "graders/mine-v1.ts", "2": "graders/mine-v2.ts"},
 *                        "cases": "graders/mine.cases.jsonl", "helpers": ["lib/letters.ts"]}},
 *   "grader": "mine"
 *
 * Each version is a module of the `docket-grader/1` contract (grader-sandbox.ts): it exports `ID`
 * (the name), `VERSION` (the number) and a pure synchronous `grade(input, config)`, and imports
 * only modules of its own folder (by a relative path) and the helper modules the declaration lists.
 * Its identity is graders.ts's: sha256 of {id, version, config: {}, source}, where `source` holds the
 * version's file as `grader` and every module it imports under its file name without the extension.
 * lockfiles/graders.lock.json in the suite pins each version's digest; a pinned version is frozen.
 *
 * `resolveGrader` is the one way a command gets a grader: a built-in ref, a suite grader's name
 * (its current version) or name@n, or the sha256: of an archived grader. A suite version runs from
 * its archived bundle when the archive holds its pinned digest, else from the working tree, always
 * in the sandbox; either way the working tree's file, when present, must still hash to the pin.
 */

export interface GraderDecl {
  current: number;
  versions: { [version: string]: string };
  cases?: string;
  helpers?: string[];
}

/** A suite's declared graders, read from its bank file; `defaultRef` is the bank's `grader` (else `decision`). */
export interface SuiteGraders {
  root: string;
  declared: ReadonlyMap<string, GraderDecl>;
  defaultRef: string;
  /** the suite's judges (decision-bank.json `judges`, judges.ts) */
  judges: ReadonlyMap<string, JudgeDecl>;
  /** resolved graders by ref, so a command compiles each once */
  cache: Map<string, Grader>;
}

/** Where a grader comes from when a command resolves one: the suite (null outside a bank) and the archive (null when none is open). */
export interface GraderContext {
  suite: SuiteGraders | null;
  archive: Archive | null;
  /** a suite version not pinned yet resolves from the working tree (`grader test` and `grader diff` try drafts; what writes grades never does) */
  drafts?: boolean;
}

export const DEFAULT_GRADER = 'decision';
const NAME = /^[a-z][a-z0-9-]*$/;
const REF = /^([a-z][a-z0-9-]*)(?:@([1-9][0-9]*))?$/;
const MODULE_EXTS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'];
const BUILTIN_IDS = new Set(ALL_GRADERS.map((g) => g.id));

// ---- the declaration ----

/** What is wrong with the bank's `graders` and `grader` members (the schema has checked their types), each naming its member. */
export function graderDeclProblems(root: string, bank: unknown, opts: { files: boolean } = { files: true }): { field: string; message: string }[] {
  const b = (bank ?? {}) as { graders?: unknown; grader?: unknown };
  const out: { field: string; message: string }[] = [];
  const graders = b.graders && typeof b.graders === 'object' && !Array.isArray(b.graders) ? (b.graders as Record<string, Partial<GraderDecl>>) : {};
  const file = (field: string, p: unknown, what: string, exts: string[] | null) => {
    if (typeof p !== 'string') return out.push({ field, message: `${what} must be a path relative to the bank root` });
    const bad = unsafeRelPath(p);
    if (bad) return out.push({ field, message: `${what} ${JSON.stringify(p)} ${bad}` });
    if (exts && !exts.includes(extname(p))) return out.push({ field, message: `${what} ${p} is not a module (${exts.join(' ')})` });
    if (!opts.files) return;
    const at = treePath(root, p);
    if (at.problem !== null) return out.push({ field, message: `${what} ${at.problem}` });
    if (!statSync(at.abs).isFile()) out.push({ field, message: `${what} ${p} is not a file` });
  };
  for (const [name, d] of Object.entries(graders)) {
    const at = `graders.${name}`;
    if (!NAME.test(name)) out.push({ field: at, message: `grader name ${JSON.stringify(name)} must match [a-z][a-z0-9-]* (it is the grader's ID)` });
    if (BUILTIN_IDS.has(name)) out.push({ field: at, message: `"${name}" is docket's own grader; name the suite's grader otherwise (a bank may use docket's as "grader": "${name}@N")` });
    if (!d || typeof d !== 'object') continue;
    const versions = d.versions && typeof d.versions === 'object' ? d.versions : {};
    for (const [n, p] of Object.entries(versions)) {
      if (!/^[1-9][0-9]*$/.test(n)) out.push({ field: `${at}.versions`, message: `version "${n}" must be a positive integer` });
      file(`${at}.versions.${n}`, p, `${name}@${n}`, MODULE_EXTS);
    }
    if (!Object.hasOwn(versions, String(d.current)))
      out.push({ field: `${at}.current`, message: `current version ${JSON.stringify(d.current)} is not one of versions (${Object.keys(versions).join(', ') || 'none'})` });
    if (d.cases !== undefined) file(`${at}.cases`, d.cases, `the case file of ${name}`, null);
    (Array.isArray(d.helpers) ? d.helpers : []).forEach((h, i) => file(`${at}.helpers[${i}]`, h, 'helper module', MODULE_EXTS));
  }
  if (b.grader !== undefined) {
    const m = typeof b.grader === 'string' ? REF.exec(b.grader) : null;
    const decl = m ? graders[m[1]!] : undefined;
    const known = !!m && (decl ? m[2] === undefined || Object.hasOwn(decl.versions ?? {}, m[2]) : ALL_GRADERS.some((g) => g.id === m[1] && (m[2] === undefined || g.version === Number(m[2]))));
    if (!known)
      out.push({
        field: 'grader',
        message: `grader ${JSON.stringify(b.grader)} names no grader: a name in graders (${Object.keys(graders).join(', ') || 'none declared'}), name@N, or docket's ${ALL_GRADERS.map((g) => `${g.id}@${g.version}`).join(', ')}`,
      });
  }
  return out;
}

/** The declaration's problems as bank violations (EGRADERDECL): what validate, capture, release pack and a release's verify report beside the bank's other rules. */
export function graderViolations(root: string, bank: unknown): Violation[] {
  return [
    ...graderDeclProblems(root, bank).map((p): Violation => ({ code: 'EGRADERDECL', question: null, sourceEval: null, field: p.field, message: p.message })),
    ...judgeDeclProblems(root, bank).map((p): Violation => ({ code: 'EJUDGEDECL', question: null, sourceEval: null, field: p.field, message: p.message })),
    ...judgePinViolations(root, bank),
  ];
}

/** Each declared judge version whose rubric, model, settings or verdict rule no longer hash to its pin in the lock (EGRADERCHANGED). */
function judgePinViolations(root: string, bank: unknown): Violation[] {
  if (judgeDeclProblems(root, bank).length) return [];
  let lock: GraderLock | null;
  try {
    lock = readSuiteLock(root);
  } catch (e) {
    if (e instanceof DocketError) return []; // a malformed lock is check's finding (EGRADERLOCK)
    throw e;
  }
  const out: Violation[] = [];
  for (const [name, d] of Object.entries((bank as { judges?: Record<string, JudgeDecl> }).judges ?? {}))
    for (const [n, v] of Object.entries(d.versions)) {
      const pinned = lock?.graders[judgeLockKey(name, n)];
      if (!pinned) continue;
      const digest = judgeFromDecl(root, name, Number(n), v).value.digest;
      if (digest === pinned) continue;
      const next = Math.max(...Object.keys(d.versions).map(Number)) + 1;
      out.push({
        code: 'EGRADERCHANGED',
        question: null,
        sourceEval: null,
        field: `judges.${name}.versions.${n}`,
        message: `judge ${name}@${n} changed: ${SUITE_GRADER_LOCK} pins ${pinned}, but its rubric ${v.rubric}, model, settings and verdict rule now hash to ${digest}; restore it and put the change in version ${next}`,
      });
    }
  return out;
}

/**
 * The suite's graders from its bank file (loaded by the caller); a bad declaration is EGRADERDECL
 * (exit 2). A version's file may be missing: it then runs from its archived bundle (suiteGrader).
 */
export function readSuiteGraders(root: string, bank: unknown): SuiteGraders {
  const [first, ...more] = graderDeclProblems(root, bank, { files: false });
  if (first)
    throw usageError('EGRADERDECL', `decision-bank.json ${first.field}: ${first.message}${more.length ? ` (and ${more.length} more: docket validate lists them)` : ''}`, { field: first.field });
  const [judgeProblem] = judgeDeclProblems(root, bank, { files: false });
  if (judgeProblem) throw usageError('EJUDGEDECL', `decision-bank.json ${judgeProblem.field}: ${judgeProblem.message}`, { field: judgeProblem.field });
  const b = bank as { graders?: Record<string, GraderDecl>; grader?: string; judges?: Record<string, JudgeDecl> };
  return { root, declared: new Map(Object.entries(b.graders ?? {})), defaultRef: b.grader ?? DEFAULT_GRADER, judges: new Map(Object.entries(b.judges ?? {})), cache: new Map() };
}

/** The graders of the bank at `root` (its decision-bank.json), or null outside a bank (an archive alone). */
export function suiteGradersAt(root: string | null | undefined): SuiteGraders | null {
  return root ? readSuiteGraders(root, loadBankFile(root)) : null;
}

// ---- the source of a version, from the working tree ----

export interface CollectedSource {
  source: GraderSource;
  /** the files it was read from, relative to the bank root: the version's file first */
  files: string[];
}

const readText = (abs: string) =>
  readFileSync(abs, 'utf8')
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n'); // a Windows checkout or an editor BOM must not change a grader's identity (as graders.ts)

/** A module's name in the bundle: its file name without the extension. */
const moduleName = (file: string) => basename(file, extname(file));

/** The file a relative specifier names from `from`: as written, a `.js` spec's `.ts` twin, or the spec with a module extension added. */
function resolveSpec(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const ext = extname(spec);
  const twins: Record<string, string> = { '.js': '.ts', '.mjs': '.mts', '.cjs': '.cts' };
  const candidates = [base, ...(twins[ext] ? [base.slice(0, -ext.length) + twins[ext]] : []), ...(MODULE_EXTS.includes(ext) ? [] : MODULE_EXTS.map((e) => base + e))];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/**
 * Read a version's file and every module it imports, transitively: each import must be relative and
 * name a file of the version's own folder (or below it) or a declared helper; their names (file names
 * without extension) must be distinct. What the sandbox will be asked to resolve is what was read.
 */
export function collectSource(root: string, entry: string, helpers: readonly string[], where: string): CollectedSource {
  const top = (rel: string) => {
    const at = treePath(root, rel);
    if (at.problem !== null) throw usageError('EGRADERDECL', `${where}: ${at.problem}`, { path: rel });
    return at.abs;
  };
  const entryAbs = top(entry);
  const folder = dirname(entryAbs);
  const allowed = new Set(helpers.map(top));
  const rootAbs = realpathSync(root);
  const rel = (abs: string) => relative(rootAbs, abs).split(sep).join('/');
  const source: GraderSource = {};
  const byName = new Map<string, string>([['grader', entryAbs]]);
  const files: string[] = [];
  const queue: [string, string][] = [['grader', entryAbs]];
  while (queue.length) {
    const [name, abs] = queue.shift()!;
    const text = readText(abs);
    source[name] = text;
    files.push(rel(abs));
    for (const spec of moduleRequires(name, text, `${where} (${rel(abs)})`)) {
      const refuse = (why: string) => {
        throw findingError(
          'EGRADERIMPORT',
          `${where}: ${rel(abs)} imports ${JSON.stringify(spec)}: ${why}. A grader imports only modules of its own folder and the helper modules its declaration lists (decision-bank.json graders.<name>.helpers: pure modules, no packages, no node: builtins)`,
          { file: rel(abs), import: spec },
        );
      };
      if (!spec.startsWith('./') && !spec.startsWith('../')) refuse('not a relative path');
      const found = resolveSpec(abs, spec);
      if (found === null) refuse('no such file');
      const real = treePath(root, relative(rootAbs, found!));
      if (real.problem !== null) refuse(real.problem);
      const target = real.abs;
      const inside = relative(folder, target!);
      if ((inside.startsWith('..') || inside.startsWith(sep)) && !allowed.has(target!)) refuse(`${rel(target!)} is outside ${rel(folder)}/ and not a declared helper`);
      if (target === entryAbs) refuse('that is the version itself');
      const n = moduleName(target!);
      if (!MODULE_NAME.test(n)) refuse(`its file name ${n} is not a module name (${MODULE_NAME.source})`);
      const known = byName.get(n);
      if (known !== undefined && known !== target) refuse(`${rel(known)} has the same name (${n}); a grader's modules need distinct file names`);
      if (known === undefined) {
        byName.set(n, target!);
        queue.push([n, target!]);
      }
    }
  }
  return { source, files };
}

/**
 * Every file of the suite's graders a release ships, relative to the bank root: each version's file
 * and the modules it imports, each case file and each declared helper (a declaration that does not
 * resolve is validation's finding; its files are left to it).
 */
export function graderFiles(root: string, bank: unknown): string[] {
  if (graderDeclProblems(root, bank).length) return [];
  const out = new Set<string>();
  for (const [name, d] of Object.entries((bank as { graders?: Record<string, GraderDecl> }).graders ?? {})) {
    for (const [n, file] of Object.entries(d.versions)) for (const f of collectSource(root, file, d.helpers ?? [], `suite grader ${name}@${n}`).files) out.add(f);
    if (d.cases !== undefined) out.add(d.cases);
    for (const h of d.helpers ?? []) out.add(h);
  }
  if (judgeDeclProblems(root, bank).length === 0)
    for (const d of Object.values((bank as { judges?: Record<string, JudgeDecl> }).judges ?? {})) for (const v of Object.values(d.versions)) out.add(v.rubric);
  return [...out].sort(byUtf8);
}

// ---- the lock ----

export const SUITE_GRADER_LOCK = GRADER_LOCKFILE;

/** The suite's lockfiles/graders.lock.json, or null when it has none. Malformed is EGRADERLOCK (exit 1). */
export function readSuiteLock(root: string): GraderLock | null {
  const path = join(root, SUITE_GRADER_LOCK);
  if (!existsSync(path)) return null;
  let lock: GraderLock;
  try {
    lock = parseStrict(readFileSync(path)) as unknown as GraderLock;
  } catch (e) {
    if (e instanceof JsonError) throw findingError('EGRADERLOCK', `${SUITE_GRADER_LOCK}: ${e.message}`, { path: SUITE_GRADER_LOCK });
    throw e;
  }
  if (lock?.lockfileVersion !== 1 || !lock.graders || typeof lock.graders !== 'object' || Object.values(lock.graders).some((d) => !isDigest(d)))
    throw findingError('EGRADERLOCK', `${SUITE_GRADER_LOCK}: expected {"lockfileVersion": 1, "graders": {"NAME@N": "sha256:…", …}}`, { path: SUITE_GRADER_LOCK });
  return lock;
}

/** The lock's text: keys in UTF-8 byte order, two-space JSON, a final newline. */
export const lockText = (lock: GraderLock) => `${JSON.stringify({ lockfileVersion: 1, graders: Object.fromEntries(Object.entries(lock.graders).sort(([a], [b]) => byUtf8(a, b))) }, null, 2)}\n`;

/** One declared version as the working tree and the lock have it. */
export interface VersionState {
  ref: string;
  name: string;
  version: number;
  file: string;
  files: string[];
  digest: Digest;
  pinned: Digest | null;
  status: 'pinned' | 'unpinned' | 'changed';
  /** a judge version (decision-bank.json `judges`): pinned under `judge:NAME@N`, its file the rubric */
  judge?: true;
}

/** The lock key of a judge version: `judge:NAME@N` (apart from the suite graders' `NAME@N`: a judge and a grader may share a name). */
export const judgeLockKey = (name: string, version: number | string) => `judge:${name}@${version}`;

/** Every declared version of every suite grader, its digest from the working tree, against the lock. */
export function versionStates(suite: SuiteGraders): VersionState[] {
  const lock = readSuiteLock(suite.root);
  const out: VersionState[] = [];
  for (const [name, d] of [...suite.declared].sort(([a], [b]) => byUtf8(a, b))) {
    for (const n of Object.keys(d.versions).sort((a, b) => Number(a) - Number(b))) {
      const ref = `${name}@${n}`;
      const { source, files } = collectSource(suite.root, d.versions[n]!, d.helpers ?? [], `suite grader ${ref}`);
      const digest = graderDigest(name, Number(n), {}, source);
      const pinned = (lock?.graders[ref] as Digest | undefined) ?? null;
      out.push({ ref, name, version: Number(n), file: d.versions[n]!, files, digest, pinned, status: pinned === null ? 'unpinned' : pinned === digest ? 'pinned' : 'changed' });
    }
  }
  // the judges after the graders: a judge's identity (rubric, model, settings, verdict rule) is pinned like a grader's source
  for (const [name, d] of [...suite.judges].sort(([a], [b]) => byUtf8(a, b))) {
    for (const n of Object.keys(d.versions).sort((a, b) => Number(a) - Number(b))) {
      const ref = judgeLockKey(name, n);
      const v = d.versions[n]!;
      const digest = judgeFromDecl(suite.root, name, Number(n), v).value.digest;
      const pinned = (lock?.graders[ref] as Digest | undefined) ?? null;
      out.push({ ref, name, version: Number(n), file: v.rubric, files: [v.rubric], digest, pinned, status: pinned === null ? 'unpinned' : pinned === digest ? 'pinned' : 'changed', judge: true });
    }
  }
  return out;
}

/** EGRADERCHANGED for a judge version whose declaration no longer hashes to its pin (the lock's, or an archived judge grader's of the same id@version). */
function judgeChangedError(name: string, version: number, digest: Digest, pinned: Digest, rubric: string, suite: SuiteGraders, where: string): DocketError {
  const next = Math.max(...Object.keys(suite.judges.get(name)?.versions ?? {}).map(Number)) + 1;
  return findingError(
    'EGRADERCHANGED',
    `judge ${name}@${version} changed: ${where} ${pinned}, but its declaration (the rubric ${rubric}, model, settings and verdict rule) now hashes to ${digest}. A judge version is frozen because grade records and judge runs name its digest: restore it, and put the change in version ${next} instead (decision-bank.json judges.${name}.versions."${next}", made current; a changed rubric, model or setting then needs a new online judge run: \`docket judge RUN --base-url URL\`)`,
    { ref: `${name}@${version}`, file: rubric, pinned, actual: digest, next: `${name}@${next}` },
  );
}

/**
 * A suite judge's version, read from the working tree and held to what froze it: the lock's pin
 * (`judge:NAME@N`), and, with an archive, every archived judge grader of the same id and version
 * (a grade or judge run names it). Either differing is EGRADERCHANGED: editing a rubric, model,
 * setting or verdict rule in place never keeps the old identity. A version neither pins is a draft.
 */
export function suiteJudge(suite: SuiteGraders, name: string, version: number, archive: Archive | null): JudgeGrader {
  const d = suite.judges.get(name);
  const v = d?.versions[String(version)];
  if (!v) throw usageError('EJUDGE', `judge ${name}@${version} is not declared in decision-bank.json judges`, { judge: `${name}@${version}` });
  const j = judgeFromDecl(suite.root, name, version, v);
  const pinned = (readSuiteLock(suite.root)?.graders[judgeLockKey(name, version)] as Digest | undefined) ?? null;
  if (pinned !== null && pinned !== j.value.digest) throw judgeChangedError(name, version, j.value.digest, pinned, v.rubric, suite, `${SUITE_GRADER_LOCK} pins`);
  const other = archive ? archivedJudgeConflict(archive, j) : null;
  if (other) throw judgeChangedError(name, version, j.value.digest, other.digest, v.rubric, suite, `the archive holds it (judge-grader bundle ${other.bundle}) as`);
  return j;
}

/** EGRADERCHANGED for a version whose files no longer hash to its pin: what changed, and what to do instead. */
function changedError(s: Pick<VersionState, 'ref' | 'name' | 'version' | 'files' | 'digest' | 'pinned' | 'judge'>, suite: SuiteGraders): DocketError {
  if (s.judge) return judgeChangedError(s.name, s.version, s.digest, s.pinned!, s.files[0]!, suite, `${SUITE_GRADER_LOCK} pins`);
  const next = Math.max(...Object.keys(suite.declared.get(s.name)?.versions ?? {}).map(Number)) + 1;
  const also = s.files.length > 1 ? ` (with the modules it imports: ${s.files.slice(1).join(', ')})` : '';
  return findingError(
    'EGRADERCHANGED',
    `grader ${s.ref} changed: ${SUITE_GRADER_LOCK} pins ${s.pinned}, but ${s.files[0]}${also} now hashes to ${s.digest}. A pinned grader is frozen because grade records name its digest: restore ${s.files[0]} (git checkout), and put the change in version ${next} instead: a new file, declared in decision-bank.json graders.${s.name}.versions."${next}", pinned with \`docket grader lock\``,
    { ref: s.ref, file: s.files[0], pinned: s.pinned, actual: s.digest, next: `${s.name}@${next}` },
  );
}

function unpinnedError(s: Pick<VersionState, 'ref' | 'file' | 'digest' | 'judge'>): DocketError {
  return findingError(
    'EGRADERUNPINNED',
    `${s.judge ? 'judge' : 'grader'} ${s.ref} (${s.file}) is not pinned in ${SUITE_GRADER_LOCK}: run \`docket grader lock\` once it is final (a pinned grader is frozen)`,
    {
      ref: s.ref,
      file: s.file,
      digest: s.digest,
    },
  );
}

/** The lock problem of a version state, or null. */
export function stateProblem(s: VersionState, suite: SuiteGraders): DocketError | null {
  return s.status === 'changed' ? changedError(s, suite) : s.status === 'unpinned' ? unpinnedError(s) : null;
}

/**
 * `docket grader lock`: the lock with every declared version pinned. Entries already there are kept
 * (a version no longer declared still names archived grades); a pinned version whose files changed
 * is EGRADERCHANGED, and nothing is pinned then.
 */
export function lockSuiteGraders(suite: SuiteGraders): { lock: GraderLock; added: VersionState[]; states: VersionState[] } {
  const states = versionStates(suite);
  const changed = states.find((s) => s.status === 'changed');
  if (changed) throw changedError(changed, suite);
  const lock: GraderLock = { lockfileVersion: 1, graders: { ...(readSuiteLock(suite.root)?.graders ?? {}) } };
  const added = states.filter((s) => s.status === 'unpinned');
  for (const s of added) lock.graders[s.ref] = s.digest;
  return { lock, added, states };
}

// ---- resolving ----

/**
 * A suite grader's version: pinned, then from its archived bundle when the archive holds the pin,
 * else from the working tree. With `drafts`, a version not pinned yet runs from the working tree.
 */
export function suiteGrader(suite: SuiteGraders, name: string, version: number, archive: Archive | null, drafts = false): Grader {
  const ref = `${name}@${version}`;
  const cached = suite.cache.get(ref);
  if (cached) return cached;
  const d = suite.declared.get(name)!;
  const file = d.versions[String(version)];
  if (file === undefined) throw usageError('EGRADER', `grader ${name} has no version ${version} (decision-bank.json graders.${name}.versions: ${Object.keys(d.versions).join(', ')})`, { ref });
  const pinned = (readSuiteLock(suite.root)?.graders[ref] as Digest | undefined) ?? null;
  const present = existsSync(join(suite.root, file));
  const collected = present ? collectSource(suite.root, file, d.helpers ?? [], `suite grader ${ref}`) : null;
  const digest = collected ? graderDigest(name, version, {}, collected.source) : null;
  if (pinned === null && !(drafts && collected)) throw unpinnedError({ ref, file, digest: digest ?? ('' as Digest) });
  if (collected && pinned !== null && digest !== pinned) throw changedError({ ref, name, version, files: collected.files, digest: digest!, pinned }, suite);
  let g: Grader;
  const bundle = archive && pinned ? graderBundlesFor(archive, pinned)[0] : undefined;
  if (bundle) g = loadArchivedGrader(archive!, bundle);
  else if (collected) {
    const where = `suite grader ${ref} (${file})`;
    const run = sandboxed({ id: name, version, config: {}, source: collected.source }, where);
    g = Object.freeze({ id: name, version, config: {}, digest: digest!, description: run.description, source: Object.freeze({ ...collected.source }), file, grade: run.grade });
  } else
    throw findingError('EGRADERNOTARCHIVED', `grader ${ref}: ${file} is not in the working tree and no grader with its pinned digest ${pinned} is archived in ${archive?.dir ?? 'the archive'}`, {
      ref,
      digest: pinned,
    });
  suite.cache.set(ref, g);
  return g;
}

/** Whether the suite's lock pins this grader's digest under its ref (a draft resolved with `drafts` is not). */
export function isPinned(suite: SuiteGraders, g: Pick<Grader, 'id' | 'version' | 'digest'>): boolean {
  return readSuiteLock(suite.root)?.graders[`${g.id}@${g.version}`] === g.digest;
}

/** A suite grader's ref with its version: `mine` → `mine@2` (its current), `mine@1` as is; null when the name is not the suite's. */
export function suiteRef(suite: SuiteGraders | null, spec: string): { name: string; version: number } | null {
  const m = REF.exec(spec);
  const d = m && suite?.declared.get(m[1]!);
  if (!m || !d) return null;
  return { name: m[1]!, version: m[2] === undefined ? d.current : Number(m[2]) };
}

/**
 * The one way to a grader: `decision`, `decision@1`, … (docket's own, pinned in its package), a
 * suite grader's `name` (its current version) or `name@N`, or `sha256:…` (any grader archived in the
 * archive, re-run from its bundle). Unknown → EGRADER (exit 2).
 */
export function resolveGrader(ctx: GraderContext, spec: string): Grader {
  if (spec.startsWith('sha256:')) {
    if (!ctx.archive) throw usageError('EGRADER', `--grader ${spec}: a digest names an archived grader, and no archive is open`, { ref: spec });
    return archivedGraderByDigest(ctx.archive, spec);
  }
  const s = suiteRef(ctx.suite, spec);
  if (s) return suiteGrader(ctx.suite!, s.name, s.version, ctx.archive, ctx.drafts === true);
  const m = REF.exec(spec);
  if (!m || !BUILTIN_IDS.has(m[1]!)) {
    const suiteNames = [...(ctx.suite?.declared.keys() ?? [])];
    throw usageError('EGRADER', `unknown grader "${spec}" (known: ${[...suiteNames, ...ALL_GRADERS.map((g) => `${g.id}@${g.version}`)].join(', ')})`, { ref: spec });
  }
  return builtinGrader(spec);
}

/** The bank's current grader: its `grader` (a suite grader's current version, or docket's), else the newest `decision`. */
export function bankGrader(ctx: GraderContext): Grader {
  return resolveGrader(ctx, ctx.suite?.defaultRef ?? DEFAULT_GRADER);
}
