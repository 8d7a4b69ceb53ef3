import type Database from 'better-sqlite3';
import type { Decoded } from '../format/bundle.ts';
import { hash } from 'node:crypto';
import { sha256, type Digest } from '../format/digest.ts';
import { DocketError, findingError } from '../errors.ts';
import { canonicalText, type Json } from '../format/json.ts';
import { checkLine, lineHash, slotKey, type JournalLine } from '../runs/journal.ts';
import { slotsOf, type PlanValue, type RunValue, type SegmentValue } from '../runs/runs.ts';
import type { GradeSegmentValue, GradeValue } from '../grading/grade-records.ts';
import type { BankValue, Question } from '../bank/types.ts';
import { foreignRunRow, foreignSampleRow, foreignScoreRows } from '../import/summary.ts';
import type { JsonObject } from '../import/types.ts';
import type { ItemKind, TaskKind } from '../bank/tasks.ts';

/**
 * The rows each bundle gives the index (docs/design.md §5), in ONE explicit list: `BUILDERS` maps
 * a bundle kind to its builder. Every writer of the index calls `indexRows` (archive.ts on put, on
 * rebuild and when it catches up with the store; verify into a scratch index to compare), so the
 * tables never depend on which modules a command happened to load.
 *
 * A builder's own rows come from the bundle alone. Its derived rows (a run's attempts and slots, a
 * grade's verdicts) also read the bundles it names, from the store, never from the index: the rows
 * are the same whatever order bundles arrive or are listed in. When such a bundle is missing or
 * damaged, or the run does not chain, the derived rows are left out and a `problems` row says why;
 * `missing` names the bundle whose arrival (a later put or catch-up) makes the builder run again.
 */

/** Reads the bundles a builder needs: decoded and checked (the archive's store). Throws when missing or damaged. */
export interface BundleSource {
  get(digest: Digest): Decoded;
}

type Emit = (table: string, values: unknown[]) => void;
type Bundle = Pick<Decoded, 'value' | 'descriptor'>;

interface Builder {
  own(value: Json, digest: Digest, emit: Emit): void;
  derived?(value: Json, digest: Digest, src: BundleSource, emit: Emit): void;
}

const BUILDERS: Readonly<Record<string, Builder>> = {
  bank: { own: bankOwn, derived: bankDerived },
  question: { own: questionOwn },
  task: { own: taskOwn },
  plan: { own: planOwn },
  run: { own: runOwn, derived: runDerived },
  grade: { own: gradeOwn, derived: gradeDerived },
  'foreign-run': { own: foreignRunOwn, derived: foreignRunDerived },
};

/** Kinds whose bundles give rows beyond objects and edges (only these need decoding to be indexed). */
export const hasRows = (kind: string) => Object.hasOwn(BUILDERS, kind);

/** Why a bundle's derived rows are not in the index. */
export interface Problem {
  code: string;
  message: string;
  missing: Digest | null;
}

/**
 * Write a bundle's rows (its own, then the derived ones inside a savepoint: all of them or none),
 * and their provenance: per table, how many rows the bundle gave and their digest (RowTally).
 * Replaces what an earlier call wrote for the same bundle. Returns the problem, if any.
 */
export function indexRows(db: Database.Database, bundle: Bundle, src: BundleSource): Problem | null {
  const builder = BUILDERS[bundle.descriptor.kind];
  if (!builder) return null;
  const digest = bundle.descriptor.digest;
  statement(db, 'DELETE FROM problems WHERE digest = ?').run(digest);
  statement(db, 'DELETE FROM provenance WHERE bundle = ?').run(digest);
  const own = new RowTally();
  builder.own(bundle.value, digest, emitter(db, own));
  writeProvenance(db, digest, own);
  if (!builder.derived) return null;
  try {
    // A savepoint inside the caller's transaction: the derived rows and their provenance, or neither.
    db.transaction(() => {
      const derived = new RowTally();
      builder.derived!(bundle.value, digest, src, emitter(db, derived));
      writeProvenance(db, digest, derived);
    })();
    return null;
  } catch (e) {
    const problem = problemOf(e);
    if (!problem) throw e;
    statement(db, 'INSERT OR REPLACE INTO problems VALUES (?, ?, ?, ?, ?)').run(digest, bundle.descriptor.kind, problem.code, problem.message, problem.missing);
    return problem;
  }
}

/**
 * The rows a bundle gives, tallied and not written (verify compares the tallies with the index's
 * provenance): the same builders, so the same rows. `problem`: why the derived rows are missing.
 */
export function tallyRows(bundle: Bundle, src: BundleSource): { tally: RowTally; problem: Problem | null } {
  const tally = new RowTally();
  const builder = BUILDERS[bundle.descriptor.kind];
  if (!builder) return { tally, problem: null };
  const emit: Emit = (table, values) => tally.add(table, values);
  builder.own(bundle.value, bundle.descriptor.digest, emit);
  if (!builder.derived) return { tally, problem: null };
  const derived = new RowTally();
  try {
    builder.derived(bundle.value, bundle.descriptor.digest, src, (table, values) => derived.add(table, values));
  } catch (e) {
    const problem = problemOf(e);
    if (!problem) throw e;
    return { tally, problem };
  }
  for (const [table, t] of derived.tables) tally.tables.set(table, t);
  return { tally, problem: null };
}

/**
 * Rows a bundle gave each table: how many, and the XOR of every row's SHA-256 (the row as its
 * column values in JSON, the order SQLite returns them in). XOR makes the digest the same in any
 * order, so a reader recomputes it from the rows it reads, in key order.
 */
export class RowTally {
  readonly tables = new Map<string, { rows: number; digest: Buffer }>();

  add(table: string, values: readonly unknown[]) {
    let t = this.tables.get(table);
    if (!t) this.tables.set(table, (t = { rows: 0, digest: Buffer.alloc(32) }));
    t.rows++;
    xorInto(t.digest, rowHash(values));
  }
}

export const rowHash = (values: readonly unknown[]): Buffer => hash('sha256', JSON.stringify(values), 'buffer');

export function xorInto(acc: Buffer, h: Buffer) {
  for (let i = 0; i < 32; i += 4) acc.writeInt32LE(acc.readInt32LE(i) ^ h.readInt32LE(i), i);
}

/** The provenance of the rows a bundle gave: one row per table it gave rows to. */
function writeProvenance(db: Database.Database, digest: Digest, tally: RowTally) {
  const insert = statement(db, 'INSERT OR REPLACE INTO provenance VALUES (?, ?, ?, ?)');
  for (const [table, t] of tally.tables) insert.run(digest, table, t.rows, t.digest.toString('hex'));
}

/** The bundles waiting for `digest` (their problem names it as missing). */
export function waitingFor(db: Database.Database, digest: Digest): Digest[] {
  return statement(db, 'SELECT digest FROM problems WHERE missing = ? ORDER BY digest').pluck().all(digest) as Digest[];
}

// ---- writing ----

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function statement(db: Database.Database, sql: string): Database.Statement {
  let m = statements.get(db);
  if (!m) statements.set(db, (m = new Map()));
  let s = m.get(sql);
  if (!s) m.set(sql, (s = db.prepare(sql)));
  return s;
}

const inserts = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function emitter(db: Database.Database, tally: RowTally): Emit {
  let m = inserts.get(db);
  if (!m) inserts.set(db, (m = new Map()));
  const byTable = m;
  return (table, values) => {
    let s = byTable.get(table);
    if (!s) byTable.set(table, (s = db.prepare(`INSERT OR REPLACE INTO ${table} VALUES (${values.map(() => '?').join(', ')})`)));
    s.run(values);
    tally.add(table, values);
  };
}

/** A bundle a builder needs could not be read: the rows wait for it. */
class Unreadable extends Error {
  constructor(
    readonly digest: Digest,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function need(src: BundleSource, digest: Digest): Decoded {
  try {
    return src.get(digest);
  } catch (e) {
    if (e instanceof DocketError) throw new Unreadable(digest, e.code, e.message);
    throw e;
  }
}

function problemOf(e: unknown): Problem | null {
  if (e instanceof Unreadable) return { code: e.code, message: e.message, missing: e.digest };
  if (e instanceof DocketError) return { code: e.code, message: e.message, missing: null };
  return null;
}

// ---- banks and questions ----

function bankOwn(value: Json, digest: Digest, emit: Emit) {
  const v = value as unknown as BankValue;
  emit('banks', [digest, v.name, v.version, v.benchmarkVersion, v.template, v.protocol, v.questions.length, v.tasks?.length ?? 0]);
  for (const q of v.questions) emit('bank_questions', [digest, q.id, q.digest]);
  for (const t of v.tasks ?? []) emit('bank_tasks', [digest, t.id, t.digest]);
}

/** A bank is usable when everything loadFrozenBank reads is (bank/bank.ts): its template and every question. */
function bankDerived(value: Json, digest: Digest, src: BundleSource) {
  questionsOf(src, digest, value as unknown as BankValue);
}

interface QuestionValue {
  question: Question;
  source: Digest;
  evidence: Digest;
}

function questionOwn(value: Json, digest: Digest, emit: Emit) {
  const v = value as unknown as QuestionValue;
  emit('questions', [digest, v.question.id, v.question.sourceEval, v.question.key, v.source, v.evidence]);
}

interface TaskBundle {
  task: { id: string; kind: TaskKind; sourceEval: string };
  source: Digest;
}

function taskOwn(value: Json, digest: Digest, emit: Emit) {
  const v = value as unknown as TaskBundle;
  emit('tasks', [digest, v.task.id, v.task.kind, v.task.sourceEval, v.source]);
}

/** A bank item by id: a question's key; a task has none (its graders give its verdicts). */
type BankQuestions = Map<string, { sourceEval: string; key: string | null; kind: ItemKind }>;
const bankCache = new WeakMap<BundleSource, Map<Digest, BankQuestions>>();

/** A frozen bank's questions by id, read as loadFrozenBank reads them (cached per source: banks are few). */
function questionsOf(src: BundleSource, digest: Digest, value?: BankValue): BankQuestions {
  let cache = bankCache.get(src);
  if (!cache) bankCache.set(src, (cache = new Map()));
  const hit = cache.get(digest);
  if (hit) return hit;
  const bank = value ?? (need(src, digest).value as unknown as BankValue);
  if (bank.kind !== 'bank') throw findingError('EKIND', `${digest} is a ${bank.kind} bundle, not a bank`, { digest });
  need(src, bank.template);
  const out: BankQuestions = new Map();
  for (const q of bank.questions) {
    const qv = need(src, q.digest).value as unknown as QuestionValue;
    out.set(qv.question.id, { sourceEval: qv.question.sourceEval, key: qv.question.key, kind: 'choice' });
  }
  for (const t of bank.tasks ?? []) {
    const tv = need(src, t.digest).value as unknown as TaskBundle & { kind: string };
    if (tv.kind !== 'task') throw findingError('EKIND', `${t.digest} is a ${tv.kind} bundle, not a task`, { digest: t.digest });
    out.set(tv.task.id, { sourceEval: tv.task.sourceEval, key: null, kind: tv.task.kind });
  }
  cache.set(digest, out);
  return out;
}

// ---- plans and runs ----

function planOwn(value: Json, digest: Digest, emit: Emit) {
  const p = value as unknown as PlanValue;
  emit('plans', [
    digest,
    p.bank,
    p.benchmarkVersion,
    p.model,
    p.baseUrl,
    p.requestFormat,
    p.permutations,
    p.repetitions,
    p.slots,
    p.grader.ref,
    p.grader.digest,
    JSON.stringify(p.questions),
    JSON.stringify(p.tasks ?? []),
  ]);
}

function runOwn(value: Json, digest: Digest, emit: Emit) {
  const v = value as unknown as RunValue;
  emit('runs', [
    digest,
    v.id,
    v.plan,
    v.bank,
    v.benchmarkVersion,
    v.model,
    v.status,
    v.stopReason,
    v.planned,
    v.done,
    v.attempts,
    v.knownCostUsd,
    v.head,
    v.startedAt,
    v.sealedAt,
    v.docketVersion,
    v.serves ? 'judge' : 'contestant',
  ]);
}

interface SlotTally {
  attempts: number;
  finalSeq: number; // the first final attempt, -1 for none
  lastSeq: number;
  cost: number;
  unknown: number;
  answer: string | null; // the final attempt's content, else the last one's
  finish: string | null; // that attempt's finish_reason
}

/**
 * A run's attempts, slots and pack, from its plan, bank and segments, with the checks loadRun makes
 * (segments in place, every line well-formed and chained, the head the run names): a run that
 * fails them gets a problem, not rows. Segments are read one at a time; what is kept grows with
 * the plan (one tally per slot), never with the journal.
 */
function runDerived(value: Json, digest: Digest, src: BundleSource, emit: Emit) {
  const v = value as unknown as RunValue;
  const plan = need(src, v.plan).value as unknown as PlanValue;
  const questions = questionsOf(src, plan.bank);
  const planned = slotsOf(plan);
  const tallies = new Map<string, SlotTally>();
  for (const s of planned) {
    if (!questions.has(s.question)) throw findingError('EPLAN', `run ${v.id} plans question ${s.question}, which is not in bank ${plan.bank}`, { question: s.question });
    tallies.set(slotKey(s), { attempts: 0, finalSeq: -1, lastSeq: -1, cost: 0, unknown: 0, answer: null, finish: null });
  }
  const models = new Set<string>();
  let prev = v.plan;
  let n = 0;
  for (const sd of v.segments) {
    const seg = need(src, sd);
    const sv = seg.value as unknown as SegmentValue;
    if (sv.kind !== 'run-segment' || sv.run !== v.id || sv.first !== n) throw findingError('ESEGMENT', `segment ${sd} of run ${v.id} is out of place`, { digest: sd });
    const layout = seg.content ? lineLayout(seg.content, sv.first, sv.lines.length) : null;
    sv.lines.forEach((raw, j) => {
      const i = n + j;
      const line = checkLine(raw as unknown as Json, i + 1);
      if (line.seq !== i) throw findingError('EJOURNAL', `journal line ${i + 1}: seq is ${line.seq}, expected ${i}`, { line: i + 1 });
      if (line.prev !== prev) throw findingError('EJOURNAL', `journal line ${i + 1}: prev is ${line.prev}, but the previous line hashes to ${prev} (chain broken)`, { line: i + 1 });
      prev = layout ? sha256(seg.content!.subarray(layout[4 * j]!, layout[4 * j + 1]!)) : lineHash(line);
      const response = line.response === null ? null : layout && layout[4 * j + 2]! >= 0 ? sha256(seg.content!.subarray(layout[4 * j + 2]!, layout[4 * j + 3]!)) : sha256(canonicalText(line.response));
      const item = questions.get(line.slot.question);
      emit('attempts', attemptRow(digest, v.id, plan.model, line, item?.kind ?? 'choice', item?.sourceEval ?? null, response, sd));
      if (line.model !== null) models.add(line.model);
      const t = tallies.get(slotKey(line.slot));
      if (t) tally(t, line);
    });
    n += sv.lines.length;
  }
  if (prev !== v.head) throw findingError('EJOURNAL', `run ${v.id}: the segments chain to ${prev}, the run names head ${v.head}`, { run: v.id });
  const pack = { final: [] as number[], attempts: [] as number[], cost: [] as number[], unknown: [] as number[] };
  planned.forEach((s, k) => {
    const t = tallies.get(slotKey(s))!;
    const q = questions.get(s.question)!;
    const answerSeq = t.finalSeq >= 0 ? t.finalSeq : t.lastSeq;
    const cost = Math.round(t.cost * 1e12) / 1e12; // as scoring-input.ts rounds a slot's sum: float sums drift in the last digit
    emit('slots', [
      digest,
      k,
      s.question,
      q.kind,
      q.sourceEval,
      q.key,
      s.permutation,
      s.repetition,
      t.attempts,
      t.finalSeq >= 0 ? t.finalSeq : null,
      answerSeq >= 0 ? answerSeq : null,
      cost,
      t.unknown,
      t.answer,
      t.finish,
    ]);
    pack.final.push(t.finalSeq);
    pack.attempts.push(t.attempts);
    pack.cost.push(cost);
    pack.unknown.push(t.unknown);
  });
  emit('run_packs', [digest, n, JSON.stringify(pack.final), JSON.stringify(pack.attempts), JSON.stringify(pack.cost), JSON.stringify(pack.unknown), JSON.stringify([...models].sort())]);
}

function tally(t: SlotTally, line: JournalLine) {
  t.attempts++;
  if (t.finalSeq < 0) {
    t.answer = line.content;
    t.finish = line.finishReason;
  }
  if (line.final && t.finalSeq < 0) t.finalSeq = line.seq;
  t.lastSeq = line.seq;
  if (line.costUsd === null) t.unknown++;
  else t.cost += line.costUsd;
}

function attemptRow(run: Digest, runId: string, requested: string, l: JournalLine, kind: ItemKind, sourceEval: string | null, response: Digest | null, segment: Digest): unknown[] {
  const usage = l.usage !== null && typeof l.usage === 'object' && !Array.isArray(l.usage) ? (l.usage as Record<string, Json>) : {};
  const count = (...keys: string[]) => {
    for (const k of keys) if (typeof usage[k] === 'number') return usage[k];
    return null;
  };
  return [
    run,
    l.seq,
    runId,
    l.slot.question,
    kind,
    sourceEval,
    l.slot.permutation,
    l.slot.repetition,
    l.attempt,
    l.final ? 1 : 0,
    l.class,
    l.errorClass,
    l.finishReason,
    requested,
    l.model,
    l.provider ?? null,
    count('prompt_tokens', 'input_tokens'),
    count('completion_tokens', 'output_tokens'),
    l.costUsd,
    l.latencyMs,
    l.response?.status ?? null,
    l.requestHash,
    response,
    segment,
  ];
}

const RESPONSE_KEY = Buffer.from('"response":');

/**
 * Where each journal line, and its `response` value, sit in a run segment's canonical bytes: four
 * offsets per line (line start, end, response start, end; -1 when not found). The store proved the
 * bytes to be the RFC 8785 form of the segment, so a line's slice is the text its hash is taken
 * over and the response's slice is the canonical text of the response. The layout is fixed by the
 * canonical key order: `{"first":N,"kind":"run-segment","lines":[L0,L1,…],…`. Null when the bytes
 * do not have that shape (the caller then serializes instead).
 */
export function lineLayout(bytes: Uint8Array, first: number, n: number): Int32Array | null {
  const c = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const prefix = Buffer.from(`{"first":${first},"kind":"run-segment","lines":[`, 'utf8');
  if (c.length < prefix.length || Buffer.compare(prefix, c.subarray(0, prefix.length)) !== 0) return null;
  const out = new Int32Array(n * 4).fill(-1);
  let k = 0;
  let depth = 0;
  let inString = false;
  let i = prefix.length;
  // In UTF-8 every byte of a multi-byte character is >= 0x80, so quotes, backslashes and brackets
  // are found exactly; canonical JSON has no whitespace, so a key follows `{` or `,` directly.
  for (; i < c.length; i++) {
    const b = c[i]!;
    if (inString) {
      // Jump to the next quote (memchr), then count the backslashes before it: an odd count escapes it.
      const q = c.indexOf(0x22, i);
      if (q < 0) return null;
      let bs = 0;
      while (c[q - 1 - bs] === 0x5c) bs++;
      i = q;
      if (bs % 2 === 0) inString = false;
      continue;
    }
    if (b === 0x22) {
      if (depth === 1 && (c[i - 1] === 0x7b || c[i - 1] === 0x2c) && startsWith(c, i, RESPONSE_KEY)) {
        if (k >= n) return null;
        out[4 * k + 2] = i + RESPONSE_KEY.length;
        i += RESPONSE_KEY.length - 1;
      } else inString = true;
    } else if (b === 0x7b || b === 0x5b) {
      if (depth++ === 0) {
        if (k >= n) return null;
        out[4 * k] = i;
      }
    } else if (b === 0x7d || b === 0x5d) {
      if (depth === 0) break; // the closing ] of the lines array
      if (depth === 1 && out[4 * k + 2]! >= 0 && out[4 * k + 3]! < 0) out[4 * k + 3] = i;
      if (--depth === 0) out[4 * k++ + 1] = i + 1;
    } else if (b === 0x2c && depth === 1 && out[4 * k + 2]! >= 0 && out[4 * k + 3]! < 0) out[4 * k + 3] = i;
  }
  return k === n && c[i] === 0x5d ? out : null;
}

function startsWith(c: Uint8Array, at: number, s: Uint8Array): boolean {
  if (at + s.length > c.length) return false;
  for (let j = 0; j < s.length; j++) if (c[at + j] !== s[j]) return false;
  return true;
}

// ---- grades ----

/** One letter per verdict in the grade packs (the reading commands' compact copy of `verdicts`). */
export const VERDICT_CODES = { correct: 'c', incorrect: 'i', invalid: 'v', truncated: 't', provider_failure: 'p', interrupted: 'x', partial: 'q' } as const;

function gradeOwn(value: Json, digest: Digest, emit: Emit) {
  const v = value as unknown as GradeValue;
  const c = v.counts;
  emit('grades', [
    digest,
    v.run,
    v.runId,
    v.previous,
    v.grader.ref,
    v.grader.digest,
    v.grader.bundle ?? null,
    v.gradedAt,
    c.attempts,
    c.slots,
    c.correct,
    c.incorrect,
    c.invalid,
    c.truncated,
    c.provider_failure,
    c.interrupted,
    c.partial ?? null,
    v.warnings.length,
    v.current === false ? 0 : 1,
  ]);
}

/** Every verdict of the record, inline and in its segments, with the checks loadGrade makes. */
function gradeDerived(value: Json, digest: Digest, src: BundleSource, emit: Emit) {
  const v = value as unknown as GradeValue;
  let verdicts = '';
  let chosen = '';
  const scores: (number | null)[] = [];
  let scored = false;
  let i = 0;
  const add = (r: GradeValue['verdicts'][number], segment: Digest | null) => {
    if (r.seq !== i) throw findingError('EGRADE', `grade ${digest}: verdict ${i} is for attempt ${r.seq}`, { digest });
    emit('verdicts', [digest, r.seq, r.verdict, r.chosen, r.shown, r.inputHash, r.score ?? null, segment]);
    // Which judge graded what: a judge part's judge grader, and the judge run and attempt whose reply it read.
    for (const p of r.parts ?? []) if (p.judge) emit('judge_parts', [digest, r.seq, p.grader, p.judge.run, p.judge.seq, p.verdict, p.score]);
    verdicts += VERDICT_CODES[r.verdict];
    chosen += r.chosen ?? '-';
    scores.push(r.score ?? null);
    if (r.score !== undefined) scored = true;
    i++;
  };
  for (const r of v.verdicts) add(r, null);
  for (const sd of v.segments) {
    const seg = need(src, sd).value as unknown as GradeSegmentValue;
    if (seg.kind !== 'grade-segment' || seg.run !== v.run || seg.first !== i) throw findingError('EGRADESEGMENT', `segment ${sd} of grade ${digest} is out of place`, { digest: sd });
    for (const r of seg.verdicts) add(r, sd);
  }
  // A task verdict's score (null: did not answer); a grade of questions only has none.
  emit('grade_packs', [digest, verdicts, chosen, scored ? JSON.stringify(scores) : null]);
}

// ---- imported runs (replay/import/summary.ts says what each column holds) ----

/** The numbers the imported log reports: from the foreign-run alone. */
function foreignRunOwn(value: Json, digest: Digest, emit: Emit) {
  const run = value as JsonObject;
  const { framework, task, model } = foreignRunRow(run, []);
  foreignScoreRows(run).forEach((r, i) => emit('foreign_scores', [digest, i, framework, r.task ?? task, model, r.metric, r.value, r.stderr, r.samples]));
}

/** The run's row (its content digest needs the logs' SHA-256) and one row per sample, read from the bundles the run names. */
function foreignRunDerived(value: Json, digest: Digest, src: BundleSource, emit: Emit) {
  const run = value as JsonObject;
  const logs = (run.logs as JsonObject[]).map((l) => (need(src, l.log as Digest).value as JsonObject).sha256 as Digest);
  const row = foreignRunRow(run, logs);
  emit('foreign_runs', [digest, row.framework, row.task, row.model, row.samples, row.content_digest, String(run.importer)]);
  (run.samples as Digest[]).forEach((d, seq) => {
    const s = foreignSampleRow(need(src, d).value as JsonObject, run);
    emit('foreign_samples', [
      digest,
      seq,
      d,
      row.framework,
      s.task,
      row.model,
      s.sample_id,
      s.epoch,
      s.target,
      s.answer,
      s.score,
      s.input_tokens,
      s.output_tokens,
      s.finish_reason,
      s.truncated === null ? null : s.truncated ? 1 : 0,
    ]);
  });
}
