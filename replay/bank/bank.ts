import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { byUtf8 } from '../format/utf8.ts';
import type { Archive } from '../store/archive.ts';
import { encodeBundle, type Encoded } from '../format/bundle.ts';
import { sha256, type Digest } from '../format/digest.ts';
import { DocketError, findingError, usageError, type Code } from '../errors.ts';
import { canonicalBytes, JsonError, parseStrict, type Json } from '../format/json.ts';
import { protocolFor } from './protocol.ts';
import { type Validator } from '../format/schemas.ts';
import { bankFile as bankFileSchema } from '../format/validators.generated.ts';
import { contentConfig, denied, type Lister } from '../content/policy.ts';
import { applyAllowances, scanBytes, secretError, type SecretHit } from '../content/secrets.ts';
import { snapshotSource, type SourceSnapshot } from './snapshot.ts';
import { discoverEvals, hasSolution, layoutOf, probePathOf, readLayout, requireSafeNames, taskFileOf, unsafeRelPath, type Suite } from './layout.ts';
import { lockfilePath, readLock } from './lockfiles.ts';
import { probeClosure } from './packages.ts';
import { LETTERS, type BankFile, type Question } from './types.ts';
import { templateBundle } from './frozen.ts';
import { taskDigests, taskValues, type TaskValue } from './tasks.ts';
import { validateTasks } from './task-rules.ts';

/**
 * The decision bank (docs/design.md §7): decision-bank.json + evals/ in the working tree of the
 * current directory, frozen into bundles. Reading and checking only; probes run in cli/.
 */
export const BANK_FILE = 'decision-bank.json';
export const PROBE_LOCKFILE = 'lockfiles/probes.lock.json';

export function loadBankFile(root: string): BankFile {
  const path = join(root, BANK_FILE);
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw usageError(
      'EBANK',
      `cannot read ${BANK_FILE} in ${root}: ${(e as Error).message} (docket works on the first bank it finds from the current directory upwards; -C DIR or --bank DIR name another)`,
      { path },
    );
  }
  let value: Json;
  try {
    value = parseStrict(bytes);
  } catch (e) {
    if (e instanceof JsonError) throw findingError('EBANKJSON', `${BANK_FILE}: ${e.message}`, { path, offset: e.offset });
    throw e;
  }
  // Every reader below walks the bank's members: a root that is not an object has none to walk.
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const what = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    throw findingError('EBANKROOT', `${BANK_FILE}: the root is ${what}; a bank is a JSON object {"name", "version", "promptTemplate", "questions": [...], ...} (docs/decision-question-authoring.md)`, {
      path,
    });
  }
  return value as unknown as BankFile;
}

/** A lockfile docket reads (strict JSON), or a coded error naming it. */
function readJsonFile(path: string, code: Code): Json {
  try {
    return parseStrict(readFileSync(path));
  } catch (e) {
    if (e instanceof JsonError) throw findingError(code, `${path}: ${e.message}`, { path, offset: e.offset });
    throw usageError(code, `cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? 'error'})`, { path });
  }
}

/**
 * Where a path the bank names (a probe, a source eval) really is. It must resolve — symlinks
 * followed, every component — to a place inside the tree: a probe symlinked to /tmp/x.mjs would
 * otherwise pass validation, be run by capture and frozen as evidence of a file nobody can see.
 * Returns the real path, or why not (missing, or outside the tree and where to).
 */
export function treePath(root: string, rel: string): { abs: string; problem: null } | { abs: null; problem: string } {
  let real: string;
  let top: string;
  try {
    top = realpathSync(root);
    real = realpathSync(join(root, rel));
  } catch {
    return { abs: null, problem: `${rel} does not exist` };
  }
  const inside = relative(top, real);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
    return { abs: null, problem: `${rel} resolves to ${real}, outside the repository ${top} (a symlink?): every path a bank names must stay inside the tree` };
  return { abs: real, problem: null };
}

/** treePath or a coded error: for the commands that read or run what the bank names. */
export function requireTreePath(root: string, rel: string): string {
  const r = treePath(root, rel);
  if (r.problem !== null) throw usageError('ETREEPATH', r.problem, { path: rel });
  return r.abs;
}

/** The source-eval ids of the bank's layout with safe names, in UTF-8 byte order (discoverEvals has the folders and the refused names). */
export function listSourceEvals(root: string, bank: unknown): string[] {
  return discoverEvals(root, readLayout(bank).layout).evals.map((e) => e.id);
}

/** The suite a bank describes: its layout (ELAYOUT when unusable) and its source evals. */
export function openSuite(root: string, bank: unknown): Suite {
  return discoverEvals(root, layoutOf(bank));
}

export interface Violation {
  code: Code;
  question: string | null;
  sourceEval: string | null;
  field: string | null;
  message: string;
  /** the file or folder it is about, relative to the bank root, when that is not decision-bank.json */
  path?: string;
}

/** Coverage is an authoring to-do until a release: validate lists it as a hint, release pack and check demand it. */
export const COVERAGE_CODE = 'EUNCOVERED';

/** Schema plus authoring rules; every violation is collected. */
export function validateBankFile(root: string, bank: BankFile): Violation[] {
  const v: Violation[] = [];
  const add = (code: Code, question: string | null, sourceEval: string | null, field: string | null, message: string) => v.push({ code, question, sourceEval, field, message });
  const data: unknown = bank;
  const schema = bankFileSchema as Validator; // docs/schemas/files/decision-bank.schema.json, compiled by ajv
  if (!schema(data)) {
    for (const e of schema.errors ?? []) {
      const m = /^\/questions\/(\d+)(\/.*)?$/.exec(e.instancePath);
      const qid = m ? ((bank.questions?.[Number(m[1])] as Question | undefined)?.id ?? `#${m[1]}`) : null;
      add(
        'ESCHEMA',
        qid,
        null,
        m ? (m[2] ?? '').slice(1) || null : e.instancePath || '/',
        `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`,
      );
    }
    if (!Array.isArray(bank.questions)) return v;
  }
  if (typeof bank.lockfile === 'string' && unsafeRelPath(bank.lockfile)) add('ELOCKFILE', null, null, 'lockfile', `the lockfile ${JSON.stringify(bank.lockfile)} ${unsafeRelPath(bank.lockfile)}`);
  const { layout, problems } = readLayout(bank);
  for (const p of problems) add('ELAYOUT', null, null, p.field, p.message);
  if (problems.length) return v; // where the evals are is unknown: the rules below would only echo it
  const suite = discoverEvals(root, layout);
  for (const p of suite.problems) v.push({ code: p.code, question: null, sourceEval: p.id, field: null, message: p.message, path: p.path });
  const evals = new Set(suite.evals.map((e) => e.id));
  const refused = suite.refused;
  const where = (id: string) => `${layout.evalRoots.length === 1 ? `${layout.evalRoots[0]!.replace(/\/$/, '')}/` : 'an eval root '}${id}/`;
  const seen = new Set<string>();
  const covered = new Set<string>();
  for (const q of bank.questions) {
    // Shapes the schema rejected are reported there; the rules below read strings and arrays.
    if (!q || typeof q !== 'object' || typeof q.id !== 'string' || typeof q.sourceEval !== 'string') continue;
    if (seen.has(q.id)) add('EDUPID', q.id, q.sourceEval, 'id', `duplicate question id ${q.id}`);
    seen.add(q.id);
    if (Array.isArray(q.options)) {
      if (q.options.length !== 4) add('EOPTIONS', q.id, q.sourceEval, 'options', `needs exactly 4 options, has ${q.options.length}`);
      const norm = q.options.map((o) => String(o).trim().toLowerCase());
      norm.forEach((o, i) => {
        if (norm.indexOf(o) !== i) add('EOPTIONS', q.id, q.sourceEval, `options[${i}]`, `option ${LETTERS[i]} repeats option ${LETTERS[norm.indexOf(o)]}`);
      });
    }
    if (!LETTERS.includes(q.key as never)) add('EKEY', q.id, q.sourceEval, 'key', `key ${JSON.stringify(q.key)} is not one of A, B, C, D`);
    if (!evals.has(q.sourceEval)) {
      if (!refused.has(q.sourceEval)) add('ESOURCE', q.id, q.sourceEval, 'sourceEval', `source eval ${where(q.sourceEval)} does not exist`);
    } else {
      covered.add(q.sourceEval);
      const rel = probeRel(suite, q);
      const probe = rel === null ? null : treePath(root, rel);
      if (probe?.problem) add('EPROBE', q.id, q.sourceEval, 'probe', `probe ${probe.problem}`);
      else if (probe?.abs && !statSync(probe.abs).isFile()) add('EPROBE', q.id, q.sourceEval, 'probe', `probe ${rel} is not a file`);
    }
  }
  // A task covers its source eval as a question does.
  for (const t of Array.isArray(bank.tasks) ? bank.tasks : []) if (t && typeof t === 'object' && evals.has(t.sourceEval)) covered.add(t.sourceEval);
  const omitted = new Set<string>();
  for (const [i, o] of (Array.isArray(bank.omissions) ? bank.omissions : []).entries()) {
    if (!o || typeof o !== 'object' || typeof o.sourceEval !== 'string') continue;
    if (!evals.has(o.sourceEval) && !refused.has(o.sourceEval)) add('ESOURCE', null, o.sourceEval, `omissions[${i}].sourceEval`, `omitted source eval ${where(o.sourceEval)} does not exist`);
    if (!String(o.reason ?? '').trim()) add('EOMISSION', null, o.sourceEval, `omissions[${i}].reason`, 'an omission needs a reason');
    if (covered.has(o.sourceEval)) add('EOMISSION', null, o.sourceEval, `omissions[${i}]`, 'source eval has questions and is also listed as omitted');
    omitted.add(o.sourceEval);
  }
  const includes = includedPaths(bank);
  for (const { id: se, dir } of suite.evals) {
    const at = treePath(root, dir);
    if (at.problem) add('ESOURCE', null, se, null, `source eval ${at.problem}`);
    // A folder the content policy leaves out is never snapshotted: its questions and tasks would have no source.
    const out = denied(`${dir}/`);
    if (out && !includes.some((p) => p.startsWith(out.path)))
      add(
        'ESOURCE',
        null,
        se,
        null,
        `source eval ${se}: the content policy leaves ${out.path} out (${out.rule}), so nothing of it can be archived; rename the folder, or list its files in content.include`,
      );
    if (!covered.has(se) && !omitted.has(se))
      v.push({ code: COVERAGE_CODE, question: null, sourceEval: se, field: null, message: `source eval ${se} has no question and no omission with a reason yet`, path: dir });
    if (!taskFileOf(root, dir, layout))
      v.push({ code: 'ETASK', question: null, sourceEval: se, field: 'taskFiles', message: `${dir}/ has no task file (${layout.taskFiles.join(' or ')}; layout.taskFiles)`, path: dir });
    if (!hasSolution(root, dir, layout))
      v.push({ code: 'ESOLUTION', question: null, sourceEval: se, field: 'solution', message: `${dir}/ has no reference solution (${layout.solution.join(' or ')}; layout.solution)`, path: dir });
  }
  const n = bank.questions.length;
  const tol = typeof bank.keyBalanceTolerance === 'number' ? bank.keyBalanceTolerance : 0;
  for (const letter of LETTERS) {
    const count = bank.questions.filter((q) => q?.key === letter).length;
    if (Math.abs(count - n / 4) > tol) add('EBALANCE', null, null, 'key', `key ${letter} is correct ${count} times; balanced is ${n / 4} ± ${tol}`);
  }
  v.push(...validateTasks(root, bank, suite, seen, treePath));
  v.push(...checkProbeLock(root, bank));
  return v;
}

/**
 * The full bank validation of the bank in `root` (loadBankFile + validateBankFile, what validate,
 * capture and release pack require) as violations only: a bank that cannot be read or parsed, or
 * whose root is no object, is one violation with its own code, never a throw. For release verify.
 */
export function bankViolations(root: string): Violation[] {
  let bank: BankFile;
  try {
    bank = loadBankFile(root);
  } catch (e) {
    if (!(e instanceof DocketError)) throw e;
    return [{ code: e.code, question: null, sourceEval: null, field: null, message: e.message }];
  }
  const v = validateBankFile(root, bank);
  // release pack ships the suite's lockfile: a tree without it is not one pack made.
  let lockfile: string;
  try {
    lockfile = suiteLockfile(root, bank);
  } catch (e) {
    if (!(e instanceof DocketError)) throw e;
    return v; // validateBankFile reported the unsafe path
  }
  if (!existsSync(join(root, lockfile)))
    v.push({
      code: 'ENOLOCKFILE',
      question: null,
      sourceEval: null,
      field: 'lockfile',
      message: `the suite's lockfile ${lockfile} is missing (release pack ships it): install the suite's dependencies (npm install, bun install, pnpm install or yarn install) and commit the lockfile it writes`,
      path: lockfile,
    });
  return v;
}

/** The suite's lockfile (`lockfile` in decision-bank.json, else the first kind present, else package-lock.json), relative to the bank root. */
export function suiteLockfile(root: string, bank: Pick<BankFile, 'lockfile'>): string {
  if (typeof bank.lockfile === 'string') {
    const bad = unsafeRelPath(bank.lockfile);
    if (bad) throw findingError('ELOCKFILE', `decision-bank.json: the lockfile ${JSON.stringify(bank.lockfile)} ${bad}`, { path: bank.lockfile });
    return bank.lockfile;
  }
  return lockfilePath(root, bank) ?? 'package-lock.json';
}

/**
 * Probes may import only node: builtins and packages pinned in lockfiles/probes.lock.json — what
 * the probe file and the files it imports relatively inside the tree import (packages.ts probeClosure).
 */
export function checkProbeLock(root: string, bank: BankFile): Violation[] {
  const v: Violation[] = [];
  const lockPath = join(root, PROBE_LOCKFILE);
  let pinned: Record<string, unknown> = {};
  if (!existsSync(lockPath)) v.push({ code: 'ELOCK', question: null, sourceEval: null, field: PROBE_LOCKFILE, message: `${PROBE_LOCKFILE} is missing: run \`docket evidence lock\`` });
  else {
    // An unreadable probe lock or suite lockfile is a violation like the others (release verify
    // checks trees made by other tools), so the rest of the bank is still checked.
    try {
      const lock = readJsonFile(lockPath, 'ELOCK') as { packages?: Record<string, unknown> };
      pinned = lock.packages ?? {};
      const expected = computeProbeLock(root, bank);
      if (Buffer.compare(Buffer.from(canonicalBytes(lock as Json)), Buffer.from(canonicalBytes(expected as Json))) !== 0) {
        v.push({
          code: 'ELOCK',
          question: null,
          sourceEval: null,
          field: PROBE_LOCKFILE,
          message: `${PROBE_LOCKFILE} disagrees with ${lockfilePath(root, bank)} and the probes' imports: run \`docket evidence lock\``,
        });
      }
    } catch (e) {
      if (!(e instanceof DocketError)) throw e;
      v.push({ code: e.code, question: null, sourceEval: null, field: e.code === 'ELOCK' ? PROBE_LOCKFILE : (lockfilePath(root, bank) ?? 'package-lock.json'), message: e.message });
    }
  }
  const suite = discoverEvals(root, readLayout(bank).layout);
  for (const q of Array.isArray(bank.questions) ? bank.questions : []) {
    const path = probeSource(root, suite, q);
    if (!path) continue;
    for (const spec of probeImports(root, path)) {
      if (!pinned[spec]) v.push({ code: 'ELOCK', question: q.id, sourceEval: q.sourceEval, field: 'probe', message: `probe imports ${spec}, which is not pinned in ${PROBE_LOCKFILE}` });
    }
  }
  return v;
}

/** Where a question's probe is, relative to the bank root, or null when its source eval or probe is unknown. */
export function probeRel(suite: Suite, q: Question): string | null {
  if (!q || typeof q.sourceEval !== 'string' || typeof q.probe !== 'string') return null;
  const dir = suite.dirOf(q.sourceEval);
  return dir === undefined ? null : probePathOf(suite.layout, dir, q.sourceEval, q.probe);
}

/** A question's probe file when it is a readable path inside the tree, else null (validate reports why). */
function probeSource(root: string, suite: Suite, q: Question): string | null {
  const rel = probeRel(suite, q);
  const abs = rel === null ? null : treePath(root, rel).abs;
  return abs !== null && statSync(abs).isFile() ? abs : null; // a directory is reported by validate, never read
}

/** The packages a probe imports, itself or through files it imports relatively inside the tree, sorted. */
export function probeImports(root: string, probeAbs: string): string[] {
  return [...new Set(probeClosure(root, probeAbs).imports.map((i) => i.name))].sort(byUtf8);
}

/**
 * The probe lockfile: exact versions and integrity hashes from the suite's lockfile (any kind
 * lockfiles.ts reads), for what probes import. `source` names the lockfile when it is not
 * package-lock.json (so a lock written from package-lock.json keeps its bytes).
 */
export function computeProbeLock(root: string, bank: BankFile) {
  const suite = discoverEvals(root, readLayout(bank).layout);
  const names = new Set<string>();
  for (const q of Array.isArray(bank.questions) ? bank.questions : []) {
    const path = probeSource(root, suite, q);
    if (path) for (const s of probeImports(root, path)) names.add(s);
  }
  // Read only when a probe imports a package: probes of node: builtins and files need no lockfile.
  const lock = names.size ? readLock(root, bank) : null;
  const packages: Record<string, { version: string; integrity: string }> = {};
  for (const name of [...names].sort(byUtf8)) {
    const entry = lock?.direct(name);
    if (entry?.version) packages[name] = { version: entry.version, integrity: entry.integrity ?? '' };
  }
  return { lockfileVersion: 1, node: '20', ...(lock === null || lock.path === 'package-lock.json' ? {} : { source: lock.path }), packages };
}

// ---- freezing the bank into bundles ----

function questionValue(q: Question): Question {
  return { id: q.id, sourceEval: q.sourceEval, stem: q.stem, options: [...q.options] as Question['options'], key: q.key, claim: q.claim, doesNotEstablish: q.doesNotEstablish, probe: q.probe };
}

/**
 * The benchmark version: stable until the protocol, the template, a question or a source snapshot
 * changes. Evidence (which records the Node version) is deliberately not part of it.
 */
export function benchmarkVersion(parts: { protocol: Digest; template: Digest; questions: Question[]; sources: { sourceEval: string; digest: Digest }[]; tasks?: readonly TaskValue[] }): Digest {
  return sha256(
    canonicalBytes({
      format: 'docket-benchmark-v1',
      protocol: parts.protocol,
      template: parts.template,
      questions: parts.questions.map((q) => sha256(canonicalBytes(questionValue(q) as unknown as Json))).sort(),
      sources: [...parts.sources].sort((a, b) => byUtf8(a.sourceEval, b.sourceEval)).map((s) => [s.sourceEval, s.digest]),
      // Present only when the bank has tasks: a bank of questions keeps its benchmark version.
      ...(parts.tasks?.length ? { tasks: taskDigests(parts.tasks) } : {}),
    }),
  );
}

export interface FrozenParts {
  protocol: Digest;
  template: Digest;
  sources: { sourceEval: string; digest: Digest }[];
  tasks: TaskValue[]; // read from the source snapshots (a prompt file is the snapshot's)
  benchmarkVersion: Digest;
}

export interface EncodeOptions {
  /** how candidates are listed (the CLI passes git's lister in a work tree: cli/offline/content-git.ts) */
  lister?: Lister;
}

/** The values of the source, template and protocol bundles as the working tree gives them, before encoding. */
export interface ReadParts {
  sources: { sourceEval: string; value: SourceSnapshot }[];
  template: ReturnType<typeof templateBundle>;
  protocol: ReturnType<typeof protocolFor>;
}

/**
 * Read the bank's parts from the working tree without writing anything (validate is read-only).
 * Every byte that would be stored is scanned first: a secret anywhere refuses all of it (ESECRET).
 */
export function readParts(root: string, bank: BankFile, opts: EncodeOptions = {}): ReadParts {
  const config = contentConfig(bank, BANK_FILE);
  const hits: SecretHit[] = [];
  const bankPath = join(root, BANK_FILE);
  if (existsSync(bankPath)) hits.push(...scanBytes(BANK_FILE, readFileSync(bankPath))); // the template and questions are stored from it
  const suite = openSuite(root, bank);
  requireSafeNames(suite, 'the source evals cannot be stored');
  const sources = suite.evals.map((e) => ({ sourceEval: e.id, value: snapshotSource(root, e, { config, lister: opts.lister, hits }) }));
  const refused = applyAllowances(hits, config.allowSecrets).refused;
  if (refused.length) throw secretError(refused, 'docket snapshot');
  return { sources, template: templateBundle(bank.promptTemplate), protocol: protocolFor(bank) };
}

/** Encode the parts read (the pinned gzip of each) into bundles, and the benchmark version they make with the questions. */
export function encodeRead(bank: BankFile, read: ReadParts): { parts: FrozenParts; bundles: Encoded[] } {
  const sourceBundles = read.sources.map((s) => ({ sourceEval: s.sourceEval, enc: encodeBundle(s.value) }));
  const templateEnc = encodeBundle(read.template);
  const protocolEnc = encodeBundle(read.protocol);
  const sources = sourceBundles.map((s) => ({ sourceEval: s.sourceEval, digest: s.enc.descriptor.digest }));
  const protocol = protocolEnc.descriptor.digest;
  const template = templateEnc.descriptor.digest;
  const tasks = taskValues(bank.tasks, new Map(read.sources.map((s) => [s.sourceEval, s.value])));
  return {
    parts: { protocol, template, sources, tasks, benchmarkVersion: benchmarkVersion({ protocol, template, questions: bank.questions, sources, tasks }) },
    bundles: [...sourceBundles.map((s) => s.enc), templateEnc, protocolEnc],
  };
}

/** Source, template and protocol bundles encoded from the working tree, without writing anything. */
export const encodeParts = (root: string, bank: BankFile, opts: EncodeOptions = {}) => encodeRead(bank, readParts(root, bank, opts));

/** Write source, template and protocol bundles (docket snapshot). */
export function snapshotBank(root: string, archive: Archive, bank: BankFile, opts: EncodeOptions = {}): FrozenParts & { written: number } {
  const { parts, bundles } = encodeParts(root, bank, opts);
  let written = 0;
  for (const b of bundles) if (archive.putEncoded(b)) written++;
  return { ...parts, written };
}

/** Write question bundles and the bank bundle, given each question's evidence; point refs/bank/current at it. */
export function freezeBank(archive: Archive, bank: BankFile, parts: FrozenParts, evidence: Map<string, Digest>): Digest {
  const sourceOf = new Map(parts.sources.map((s) => [s.sourceEval, s.digest]));
  const questions = [...bank.questions]
    .sort((a, b) => byUtf8(a.id, b.id))
    .map((q) => {
      const ev = evidence.get(q.id);
      if (!ev) throw findingError('ENOEVIDENCE', `question ${q.id} has no captured evidence: run \`docket evidence capture --question ${q.id}\``, { question: q.id });
      return { id: q.id, digest: archive.put({ kind: 'question', schemaVersion: 1, question: questionValue(q), source: sourceOf.get(q.sourceEval)!, evidence: ev }).digest };
    });
  const tasks = parts.tasks.map((t) => ({ id: t.id, digest: archive.put({ kind: 'task', schemaVersion: 1, task: t as unknown as Json, source: sourceOf.get(t.sourceEval)! }).digest }));
  const digest = archive.put({
    kind: 'bank',
    schemaVersion: 1,
    name: bank.name,
    version: bank.version,
    benchmarkVersion: parts.benchmarkVersion,
    template: parts.template,
    protocol: parts.protocol,
    questions,
    ...(tasks.length ? { tasks } : {}), // a bank of questions keeps its bytes
    sources: parts.sources,
    omissions: bank.omissions,
  }).digest;
  archive.setRef('bank/current', digest);
  return digest;
}

/** content.include of a bank (none when the config is malformed: validate reports that elsewhere). */
function includedPaths(bank: unknown): string[] {
  try {
    return contentConfig(bank).include;
  } catch {
    return [];
  }
}
