import { readFileSync } from 'node:fs';
import { sha256, type Digest } from '../format/digest.ts';
import { DocketError, findingError, usageError } from '../errors.ts';
import { canonicalBytes, type Json } from '../format/json.ts';
import type { Letter, Permutation } from '../bank/types.ts';
import { packageFile } from '../package-files.ts';
import * as decisionV1 from './graders/decision-v1.ts';
import * as decisionV2 from './graders/decision-v2.ts';
import * as exactV1 from './graders/exact-v1.ts';
import * as answerV1 from './graders/answer-v1.ts';
import * as execV1 from './graders/exec-v1.ts';

/**
 * Graders: pure functions with an identity (docs/design.md "Graders").
 * digest = sha256(canonical JSON of {id, version, config, source}), where `source` maps each
 * logical module of the grading logic (`grader`: the grader's own file, `common`: graders/common.ts)
 * to its exact text. lockfiles/graders.lock.json pins each built-in ref to its digest (grader-lock.ts).
 */
/**
 * What a grader reads (docs/design.md §10 "Grader input"), one attempt at a time: the reply's text
 * and how it ended, how a multiple-choice question's options were shown, and the fields of the
 * question the reply answers as the frozen bank states them. docket's own graders read the first
 * five; a suite's graders may read `question` as well.
 */
export interface GraderInput {
  content: string | null;
  finishReason: string | null;
  permutation: Permutation;
  key: Letter; // canonical
  options: string[]; // canonical order
  question?: QuestionFields;
}

/** A question's (or task's) own fields: `id` and whatever else the bank states about it. */
export type QuestionFields = { id: string } & { [field: string]: Json };

export interface GraderResult {
  verdict: 'correct' | 'incorrect' | 'invalid' | 'truncated';
  shown: Letter | null; // the displayed letter the reply chose
  chosen: Letter | null; // that letter mapped back to the canonical order
}

/** What a task grader reads of an attempt: the reply, why it stopped, and the task's parameters for this grader. */
export interface TaskGraderInput {
  content: string | null;
  finishReason: string | null;
  params: Json;
}

/** A task grader's verdict and score in [0, 1] (null when the attempt did not answer: truncated). */
export interface TaskGraderResult {
  verdict: 'correct' | 'incorrect' | 'partial' | 'invalid' | 'truncated';
  score: number | null;
}

/**
 * A task grader (docs/design.md §10 "Task graders"): an identity like a question grader's, over the
 * pure code that decides (answer@1: the whole grading; exec@1: reply → files and tests → score, the
 * running being docket-exec/1's).
 */
export interface TaskGrader {
  id: string;
  version: number;
  config: Json;
  digest: Digest;
  description: string;
  source: Readonly<GraderSource>;
  file: string | null;
  kind: 'answer' | 'exec';
}

export interface Grader {
  id: string;
  version: number;
  config: Json;
  digest: Digest;
  description: string;
  source: Readonly<GraderSource>; // the code the digest covers, by logical module name
  file: string | null; // where a built-in grader's own code lives (for messages); null for an archived one
  grade(input: GraderInput): GraderResult;
}

/**
 * The grading code of each grader, keyed by logical module name — never by a path, so moving the
 * files changes no digest. `grader` is the grader's own file, `common` the shared steps it imports
 * (`./common.ts`). These texts are the `source` of the identity and of the archived grader bundle.
 */
export type GraderSource = { [module: string]: string };
const COMMON = 'common.ts';
/** The texts are read from the sources (they ship as they are), whether docket runs compiled or not. */
const GRADER_DIR = 'replay/grading/graders/';

/** Read source texts from files (name → file URL or path). */
export function readGraderSource(files: { [module: string]: URL | string }): GraderSource {
  const source: GraderSource = {};
  for (const [name, file] of Object.entries(files)) {
    // A Windows checkout (core.autocrlf) or an editor BOM must not change a grader's identity.
    source[name] = readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .replace(/\r\n/g, '\n');
  }
  return source;
}

/** The source of a built-in grader: its file in replay/grading/graders/ as `grader`, and `common`. */
export function graderSource(file: string): GraderSource {
  return readGraderSource({ common: packageFile(`${GRADER_DIR}${COMMON}`), grader: packageFile(`${GRADER_DIR}${file}`) });
}

export function graderDigest(id: string, version: number, config: Json, source: GraderSource): Digest {
  return sha256(canonicalBytes({ id, version, config, source }));
}

function define(id: string, version: number, config: Json, description: string, file: string, grade: (input: GraderInput) => GraderResult): Grader {
  const source = Object.freeze(graderSource(file));
  const digest = graderDigest(id, version, config, source);
  return Object.freeze({ id, version, config, digest, description, source, file: `${GRADER_DIR}${file}`, grade });
}

/** An exact-match grader with a chosen config (the config is part of its digest). */
export function exactGrader(config: exactV1.ExactConfig = exactV1.CONFIG): Grader {
  const cfg = { caseSensitive: config.caseSensitive };
  return define(exactV1.ID, exactV1.VERSION, cfg, exactV1.DESCRIPTION, 'exact-v1.ts', (input) => exactV1.grade(input, cfg));
}

/** Every built-in grader version, oldest first within an id. */
export const ALL_GRADERS: readonly Grader[] = Object.freeze([
  define(decisionV1.ID, decisionV1.VERSION, decisionV1.CONFIG, decisionV1.DESCRIPTION, 'decision-v1.ts', decisionV1.grade),
  define(decisionV2.ID, decisionV2.VERSION, decisionV2.CONFIG, decisionV2.DESCRIPTION, 'decision-v2.ts', decisionV2.grade),
  exactGrader(),
]);

function defineTask(id: string, version: number, description: string, file: string, kind: TaskGrader['kind']): TaskGrader {
  const source = Object.freeze(graderSource(file));
  return Object.freeze({ id, version, config: {}, digest: graderDigest(id, version, {}, source), description, source, file: `${GRADER_DIR}${file}`, kind });
}

/** The built-in task graders (their refs are what a task's `grader.ref` names). */
export const TASK_GRADERS: readonly TaskGrader[] = Object.freeze([
  defineTask(answerV1.ID, answerV1.VERSION, answerV1.DESCRIPTION, 'answer-v1.ts', 'answer'),
  defineTask(execV1.ID, execV1.VERSION, execV1.DESCRIPTION, 'exec-v1.ts', 'exec'),
]);

/** The task grader a ref names (`answer@1`, `exec@1`), checked against the lock; unknown → EGRADER (exit 2). */
export function taskGrader(ref: string): TaskGrader {
  assertGradersPinned();
  const g = TASK_GRADERS.find((t) => refOf(t) === ref);
  if (!g) throw usageError('EGRADER', `unknown task grader "${ref}" (known: ${TASK_GRADERS.map(refOf).join(', ')})`, { ref });
  return g;
}

/** answer@1's grading, by the frozen module itself. */
export const gradeAnswer = (input: TaskGraderInput): TaskGraderResult => answerV1.grade(input);
export { execV1 };

function newest(id: string): Grader {
  const all = ALL_GRADERS.filter((g) => g.id === id);
  return all.reduce((a, b) => (b.version > a.version ? b : a));
}

export const CURRENT_GRADERS: { decision: Grader; exact: Grader } = Object.freeze({
  decision: newest('decision'),
  exact: newest('exact'),
});

// ---- the lock: lockfiles/graders.lock.json pins every built-in ref to its digest ----

export const GRADER_LOCKFILE = 'lockfiles/graders.lock.json';
const LOCK_URL = packageFile(GRADER_LOCKFILE);

export interface GraderLock {
  lockfileVersion: 1;
  graders: { [ref: string]: string };
}

export const refOf = (g: Pick<Grader, 'id' | 'version'>) => `${g.id}@${g.version}`;

/** The lock as it should read for these graders (what a new version's entry must say). */
export function lockFor(graders: readonly Pick<Grader, 'id' | 'version' | 'digest'>[]): GraderLock {
  return { lockfileVersion: 1, graders: Object.fromEntries(graders.map((g) => [refOf(g), g.digest])) };
}

function readLock(): GraderLock {
  let text: string;
  try {
    text = readFileSync(LOCK_URL, 'utf8');
  } catch {
    throw findingError('EGRADERLOCK', `${GRADER_LOCKFILE} is missing from this docket; it pins each built-in grader (decision@2, …) to its digest`);
  }
  const lock = JSON.parse(text) as GraderLock;
  if (lock?.lockfileVersion !== 1 || typeof lock.graders !== 'object' || lock.graders === null)
    throw findingError('EGRADERLOCK', `${GRADER_LOCKFILE}: expected {"lockfileVersion": 1, "graders": {"decision@2": "sha256:…", …}}`);
  return lock;
}

/**
 * Every built-in grader whose code no longer hashes to its pinned digest (EGRADERCHANGED), or that has
 * no pin (EGRADERUNPINNED). A shipped grader is frozen: archived grade records name its digest.
 */
export function lockProblems(graders: readonly Pick<Grader, 'id' | 'version' | 'digest' | 'file'>[], lock: GraderLock): DocketError[] {
  const out: DocketError[] = [];
  for (const g of graders) {
    const ref = refOf(g);
    const pinned = lock.graders[ref];
    const files = `${g.file ?? 'its source'} and replay/grading/graders/${COMMON}`;
    const next = `${g.id}@${Math.max(...graders.filter((o) => o.id === g.id).map((o) => o.version)) + 1}`;
    if (pinned === undefined) {
      out.push(
        findingError('EGRADERUNPINNED', `grader ${ref} is not pinned in ${GRADER_LOCKFILE}: add "${ref}": "${g.digest}" once it is final (a pinned grader is frozen)`, { ref, digest: g.digest }),
      );
    } else if (pinned !== g.digest) {
      out.push(
        findingError(
          'EGRADERCHANGED',
          `grader ${ref} changed: ${GRADER_LOCKFILE} pins ${pinned}, its code (${files}) now hashes to ${g.digest}. A pinned grader is frozen because grade records name its digest: restore its code, and put the change in a new version, ${next} (a new file, registered in replay/grading/graders.ts, pinned in ${GRADER_LOCKFILE})`,
          { ref, pinned, actual: g.digest, next },
        ),
      );
    }
  }
  return out;
}

let pinned: DocketError[] | null = null;
/** Throws the first lock problem of the built-in graders (all of them in `data.problems`). Checked once per process. */
export function assertGradersPinned(): void {
  pinned ??= lockProblems([...ALL_GRADERS, ...TASK_GRADERS], readLock());
  const [first] = pinned;
  if (first)
    throw new DocketError(
      first.code,
      pinned.length > 1
        ? `${first.message} (and ${pinned.length - 1} more: ${pinned
            .slice(1)
            .map((p) => p.data.ref)
            .join(', ')})`
        : first.message,
      { ...first.data, problems: pinned.map((p) => ({ code: p.code, ...p.data })) },
      first.exitCode,
    );
}

/** 'decision' (the newest version), 'decision@1', 'exact@1', … Unknown → EGRADER (exit 2); a changed pinned grader → EGRADERCHANGED (exit 1). */
export function grader(ref: string): Grader {
  assertGradersPinned();
  const m = /^([a-z][a-z0-9-]*)(?:@([1-9][0-9]*))?$/.exec(ref);
  const known = ALL_GRADERS.filter((g) => g.id === m?.[1]);
  const found = m?.[2] === undefined ? (known.length > 0 ? newest(m![1]!) : undefined) : known.find((g) => g.version === Number(m[2]));
  if (!m || !found) {
    throw usageError('EGRADER', `unknown grader "${ref}" (known: ${ALL_GRADERS.map((g) => `${g.id}@${g.version}`).join(', ')})`, { ref });
  }
  return found;
}

/** The built-in grader with this digest, if any (grade records name graders by digest). */
export function graderByDigest(digest: string): Grader | undefined {
  return ALL_GRADERS.find((g) => g.digest === digest);
}
