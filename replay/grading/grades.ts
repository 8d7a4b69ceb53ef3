import type { Archive } from '../store/archive.ts';
import { loadFrozenBank, type FrozenBank } from '../bank/frozen.ts';
import { sha256, type Digest } from '../format/digest.ts';
import { DocketError, findingError, usageError } from '../errors.ts';
import { archiveGrader, graderBundleDigest, loadArchivedGrader } from './grader-archive.ts';
import { ALL_GRADERS, grader as graderByRef, graderByDigest, taskGrader, type Grader, type QuestionFields } from './graders.ts';
import { bankGrader, resolveGrader, suiteJudge, type GraderContext, type SuiteGraders } from './suite-graders.ts';
import { gradeTaskAttempt, type ExecResultValue, type ExecRunner, type TaskGradingContext } from './task-grading.ts';
import type { SourceSnapshot } from '../bank/snapshot.ts';
import { judgeRequests, judgesOfBank, JUDGE_REF, loadJudgeGrader, recordedJudgeReplies, replyTo, type JudgeContext, type JudgeGrader, type JudgeIdentity, type JudgeRequest } from './judges.ts';
import type { JournalLine } from '../runs/journal.ts';
import { canonicalBytes, canonicalText, type Json } from '../format/json.ts';
import { permutationsFor } from '../runs/request.ts';
import { loadRun, SEGMENT_LINES, type LoadedRun } from '../runs/runs.ts';
import {
  currentOf,
  gradeChain,
  headGradeDigest,
  GRADES_NS,
  INLINE_VERDICTS_MAX,
  VERDICTS,
  type AttemptVerdict,
  type GradeCounts,
  type GradeSegmentValue,
  type GradeValue,
  type GradeWarning,
  type GraderIdentity,
  type LoadedGrade,
  type VerdictRecord,
} from './grade-records.ts';

/**
 * Grading and regrading (docs/design.md "Grades and regrading"): the verdict of every journal
 * attempt of a sealed run by one grader, from the stored outputs alone, as a new grade record
 * (grade-records.ts) chained onto the previous one. Pure computation plus archive reads; writing
 * is `writeGrade`.
 */

export interface Flip {
  run: Digest;
  runId: string;
  question: string;
  permutation: number;
  repetition: number;
  attempt: number;
  seq: number;
  final: boolean;
  old: AttemptVerdict;
  new: AttemptVerdict;
  oldGrader: Digest;
  newGrader: Digest;
  oldGraderRef: string;
  newGraderRef: string;
  oldScore?: number | null; // tasks: the slot scores
  newScore?: number | null;
  tests?: { old: Digest | null; new: Digest | null }; // exec: the two exec-result bundles, whose tests `testFlips` compares
}

/** The exec evidence of two verdicts of one attempt, for listing which tests flipped. */
function testFlipsOf(a: VerdictRecord, b: VerdictRecord): Pick<Flip, 'tests'> {
  const ev = (v: VerdictRecord) => v.parts?.find((p) => p.evidence)?.evidence ?? null;
  return ev(a) || ev(b) ? { tests: { old: ev(a), new: ev(b) } } : {};
}

export const identityOf = (g: Grader): GraderIdentity => ({ ref: `${g.id}@${g.version}`, id: g.id, version: g.version, digest: g.digest, bundle: graderBundleDigest(g) });

/** What a grader reads of an attempt; a changed hash means the stored output is not what was graded. */
export function inputHash(line: Pick<JournalLine, 'content' | 'finishReason' | 'requestHash'>): Digest {
  return sha256(canonicalBytes({ content: line.content, finishReason: line.finishReason, requestHash: line.requestHash }));
}

type BankQuestion = FrozenBank['questions'][number];

/** The fields of a question a grader reads as `input.question`: the question as its frozen bundle states it (docs/design.md §7). */
const QUESTION_FIELDS = ['id', 'sourceEval', 'stem', 'options', 'key', 'claim', 'doesNotEstablish', 'probe'] as const;
export function questionFields(q: Pick<BankQuestion, (typeof QUESTION_FIELDS)[number]>): QuestionFields {
  const out: Record<string, Json> = {};
  for (const f of QUESTION_FIELDS) if (q[f] !== undefined) out[f] = (Array.isArray(q[f]) ? [...q[f]] : q[f]) as Json;
  return out as QuestionFields;
}

/** One attempt's verdict. Provider failures and interrupts were never answered: their class is their verdict. */
export function gradeAttempt(line: JournalLine, q: BankQuestion, g: Grader): VerdictRecord {
  const base = { question: line.slot.question, permutation: line.slot.permutation, repetition: line.slot.repetition, attempt: line.attempt, seq: line.seq, inputHash: inputHash(line) };
  if (line.class === 'provider_failure' || line.class === 'interrupted') return { ...base, verdict: line.class, shown: null, chosen: null };
  const perm = permutationsFor(q.id)[line.slot.permutation];
  if (!perm) throw findingError('EPLAN', `attempt ${line.seq} names permutation ${line.slot.permutation} of ${q.id}, which has ${permutationsFor(q.id).length}`, { seq: line.seq });
  const r = g.grade({ content: line.content, finishReason: line.finishReason, permutation: perm, key: q.key, options: [...q.options], question: questionFields(q) });
  return { ...base, verdict: r.verdict, shown: r.shown, chosen: r.chosen };
}

/** The identity a grade record gives a task grader (its archived bundle included). */
export const taskIdentity = (ref: string): GraderIdentity => identityOf(taskGrader(ref) as unknown as Grader);

export interface GradeLinesOptions {
  exec?: ExecRunner; // runs exec tasks' tests (cli/offline/exec.ts); without it a run with exec slots cannot be graded
  source?: (digest: Digest) => SourceSnapshot;
  evidence?: ExecResultValue[]; // collects the exec-result bundles to write with the grade
  judges?: JudgeContext; // judge graders and their recorded replies (judges.ts)
}

export function gradeLines(lines: readonly JournalLine[], bank: FrozenBank, g: Grader, opts: GradeLinesOptions = {}): VerdictRecord[] {
  const byId = new Map(bank.questions.map((q) => [q.id, q]));
  const tasks = new Map(bank.tasks.map((t) => [t.id, t]));
  const ctx: TaskGradingContext = {
    exec: opts.exec,
    source:
      opts.source ??
      (() => {
        throw findingError('EEXECRUNNER', 'no archive to read source snapshots from');
      }),
    evidence: opts.evidence ?? [],
    identity: taskIdentity,
    judges: opts.judges,
  };
  return lines.map((l) => {
    const t = tasks.get(l.slot.question);
    if (t) return gradeTaskAttempt(l, t, { question: l.slot.question, permutation: l.slot.permutation, repetition: l.slot.repetition, attempt: l.attempt, seq: l.seq, inputHash: inputHash(l) }, ctx);
    const q = byId.get(l.slot.question);
    if (!q) throw findingError('EPLAN', `attempt ${l.seq} names question ${l.slot.question}, which is not in bank ${bank.digest}`, { question: l.slot.question });
    return gradeAttempt(l, q, g);
  });
}

export function countVerdicts(lines: readonly JournalLine[], verdicts: readonly VerdictRecord[], withTasks = false): GradeCounts {
  // `partial` is counted only by grades of runs with tasks: a grade of questions keeps its bytes.
  const counts = { attempts: verdicts.length, slots: 0, ...Object.fromEntries(VERDICTS.map((v) => [v, 0])), ...(withTasks ? { partial: 0 } : {}) } as GradeCounts;
  verdicts.forEach((v, i) => {
    if (!lines[i]?.final) return;
    counts.slots++;
    counts[v.verdict] = (counts[v.verdict] ?? 0) + 1;
  });
  return counts;
}

/** What a regrade compares of a verdict: everything but where the exec evidence is stored (its durations and output vary run to run). */
export function verdictKey(v: VerdictRecord): string {
  return canonicalText((v.parts ? { ...v, parts: v.parts.map(({ evidence: _, ...p }) => p) } : v) as unknown as Json);
}

/** Flips between two gradings of the same attempts; attempts that do not line up are warnings, not flips. */
export function diffVerdicts(
  before: { verdicts: readonly VerdictRecord[]; grader: GraderIdentity },
  after: { verdicts: readonly VerdictRecord[]; grader: GraderIdentity },
  lines: readonly JournalLine[],
  run: { digest: Digest; id: string },
): { flips: Flip[]; warnings: GradeWarning[] } {
  const flips: Flip[] = [];
  const warnings: GradeWarning[] = [];
  if (before.verdicts.length !== after.verdicts.length) {
    warnings.push({ code: 'WPREVIOUS', seq: null, message: `the previous grade has ${before.verdicts.length} verdicts, the run has ${after.verdicts.length} attempts` });
  }
  const n = Math.min(before.verdicts.length, after.verdicts.length);
  for (let i = 0; i < n; i++) {
    const a = before.verdicts[i]!;
    const b = after.verdicts[i]!;
    if (a.seq !== b.seq || a.question !== b.question || a.permutation !== b.permutation || a.repetition !== b.repetition || a.attempt !== b.attempt) {
      warnings.push({
        code: 'WPREVIOUS',
        seq: b.seq,
        message: `attempt ${b.seq}: the previous grade's verdict is for ${a.question} permutation ${a.permutation} attempt ${a.attempt} (seq ${a.seq}); not compared`,
      });
      continue;
    }
    if (a.inputHash !== b.inputHash) {
      warnings.push({
        code: 'WINPUT',
        seq: b.seq,
        message: `attempt ${b.seq} (${b.question} permutation ${b.permutation} attempt ${b.attempt}): the stored input hashes to ${b.inputHash}, the previous grade graded ${a.inputHash}`,
      });
    }
    if (a.verdict !== b.verdict || verdictKey(a) !== verdictKey(b)) {
      flips.push({
        run: run.digest,
        runId: run.id,
        question: b.question,
        permutation: b.permutation,
        repetition: b.repetition,
        attempt: b.attempt,
        seq: b.seq,
        final: lines[i]?.final ?? false,
        old: a.verdict,
        new: b.verdict,
        ...(a.parts || b.parts ? { oldScore: a.score ?? null, newScore: b.score ?? null, ...testFlipsOf(a, b) } : {}),
        oldGrader: before.grader.digest,
        newGrader: after.grader.digest,
        oldGraderRef: before.grader.ref,
        newGraderRef: after.grader.ref,
      });
    }
  }
  return { flips, warnings };
}

// ---- regrading ----

/**
 * The grader a regrade uses without --grader, which is also the one whose grades are current: in a
 * bank, the bank's current grader (its `grader`, else the newest decision); with an archive alone,
 * the newest version of the built-in the run was last graded (or recorded) with, else the archived
 * grader of its last grade.
 */
export function defaultGrader(ctx: GraderContext, last: GradeValue | null, planGraderRef: string): Grader {
  if (ctx.suite) return bankGrader(ctx);
  const ids = [last?.grader.id, planGraderRef.split('@')[0]];
  const id = ids.find((i) => i !== undefined && ALL_GRADERS.some((g) => g.id === i));
  if (id === undefined && last?.grader.bundle && ctx.archive) return loadArchivedGrader(ctx.archive, last.grader.bundle);
  return graderByRef(id ?? 'decision');
}

/** Which grader regrades a run: --grader, else the default grader (defaultGrader). */
export function chooseGrader(ref: string | undefined, last: GradeValue | null, planGraderRef: string, ctx: GraderContext): Grader {
  if (ref !== undefined) return resolveGrader(ctx, ref); // unknown → EGRADER (exit 2)
  return defaultGrader(ctx, last, planGraderRef);
}

export interface RegradePlan {
  run: LoadedRun;
  grader: Grader;
  previous: LoadedGrade | null; // the head of the run's grade chain: the new record's `previous`
  base: LoadedGrade | null; // the grade it is compared with: the run's current grade (else the head)
  unchanged: boolean; // nothing to write: the grade this regrade would give is already there
  current: boolean; // the new grade is the run's current grade (made by the default grader, or --set-current)
  grade: GradeValue;
  segments: GradeSegmentValue[];
  flips: Flip[];
  evidence: ExecResultValue[]; // exec-result bundles its verdicts name
  judgeGraders: JudgeGrader[]; // judge-grader bundles its record names
}

export interface RegradeInput {
  run: LoadedRun;
  bank: FrozenBank;
  grader: Grader;
  previous: LoadedGrade | null;
  /** the run's current grade (flips are against it); default: previous */
  base?: LoadedGrade | null;
  /** whether the new grade becomes current (default true) and whether --set-current made it so */
  current?: boolean;
  setCurrent?: boolean;
  gradedAt: string;
  exec?: ExecRunner;
  source?: (digest: Digest) => SourceSnapshot;
  judges?: JudgeContext;
}

/** The judge graders a grade's verdicts read, each with the judge runs whose replies they read (sorted). */
function judgeIdentities(verdicts: readonly VerdictRecord[], judges: JudgeContext | undefined): JudgeIdentity[] {
  if (!judges) return [];
  const runs = new Map<string, Set<Digest>>();
  for (const v of verdicts)
    for (const p of v.parts ?? []) {
      if (!p.judge && ![...judges.graders.values()].some((j) => j.ref === p.grader)) continue;
      const s = runs.get(p.grader) ?? runs.set(p.grader, new Set()).get(p.grader)!;
      if (p.judge) s.add(p.judge.run);
    }
  return [...judges.graders.values()]
    .filter((j) => runs.has(j.ref))
    .map((j) => ({ ref: j.ref, id: j.value.id, version: j.value.version, digest: j.value.digest, bundle: j.bundle, model: j.value.model, runs: [...runs.get(j.ref)!].sort() }));
}

/** The same grade: grader identity and bundle, run bundle and every verdict (as a regrade compares them, verdictKey). */
function sameGrade(g: LoadedGrade | null, identity: GraderIdentity, run: Digest, verdicts: readonly VerdictRecord[]): boolean {
  return (
    g !== null &&
    g.value.grader.digest === identity.digest &&
    g.value.grader.bundle === identity.bundle &&
    g.value.run === run &&
    g.verdicts.length === verdicts.length &&
    g.verdicts.every((v, i) => verdictKey(v) === verdictKey(verdicts[i]!))
  );
}

/** Grade a loaded run (pure): the new record, its segments, the flips against the run's current grade. */
export function planRegrade({ run, bank, grader: g, previous, base = previous, current = true, setCurrent = false, gradedAt, exec, source, judges }: RegradeInput): RegradePlan {
  const evidence: ExecResultValue[] = [];
  const verdicts = gradeLines(run.lines, bank, g, { exec, source, evidence, judges });
  // judge@1 hands a task to a suite judge: the grade names that judge grader (`judges`), not judge@1.
  const taskRefs = [...new Set((run.plan.tasks ?? []).flatMap((id) => bank.tasks.find((t) => t.id === id)?.graders.map((x) => x.ref) ?? []))].filter((r) => r !== JUDGE_REF).sort();
  const judgeIds = judgeIdentities(verdicts, judges);
  const identity = identityOf(g);
  const warnings: GradeWarning[] = [];
  let flips: Flip[] = [];
  if (base) {
    const pg = base.value.grader;
    if (!graderByDigest(pg.digest) && !pg.bundle)
      warnings.push({
        code: 'WGRADER',
        seq: null,
        message: `the previous grade ${base.digest} names grader ${pg.ref} ${pg.digest}, which this docket does not know and no archived grader bundle holds (records before docket #18 name a path-keyed digest and archive no source); its verdicts are compared as recorded`,
      });
    if (base.value.run !== run.digest) warnings.push({ code: 'WRUN', seq: null, message: `the previous grade graded run bundle ${base.value.run}; refs/runs/${run.run.id} now names ${run.digest}` });
    const d = diffVerdicts({ verdicts: base.verdicts, grader: pg }, { verdicts, grader: identity }, run.lines, { digest: run.digest, id: run.run.id });
    flips = d.flips;
    warnings.push(...d.warnings);
  }
  // A previous record that names no archived grader bundle (written before #18) is not the same
  // record: the regrade appends one that does (the migration of older archives, docs/design.md §11).
  // A grade that would not be current is not written again when the chain's head already is it.
  const unchanged = (sameGrade(base, identity, run.digest, verdicts) && base?.value.current !== false) || (!current && sameGrade(previous, identity, run.digest, verdicts));
  const segmented = verdicts.length > INLINE_VERDICTS_MAX;
  const segments: GradeSegmentValue[] = [];
  if (segmented)
    for (let first = 0; first < verdicts.length; first += SEGMENT_LINES)
      segments.push({ kind: 'grade-segment', schemaVersion: 1, run: run.digest, first, verdicts: verdicts.slice(first, first + SEGMENT_LINES) });
  const grade: GradeValue = {
    kind: 'grade',
    schemaVersion: 1,
    run: run.digest,
    runId: run.run.id,
    grader: identity,
    ...(taskRefs.length ? { taskGraders: taskRefs.map(taskIdentity) } : {}),
    ...(judgeIds.length ? { judges: judgeIds } : {}),
    previous: previous?.digest ?? null,
    gradedAt,
    verdicts: segmented ? [] : verdicts,
    segments: [], // filled with digests by writeGrade
    counts: countVerdicts(run.lines, verdicts, (run.plan.tasks ?? []).length > 0),
    warnings,
    ...(current ? {} : { current: false as const }),
    ...(current && setCurrent ? { setCurrent: true as const } : {}),
  };
  return {
    run,
    grader: g,
    previous,
    base,
    unchanged,
    current,
    grade,
    segments,
    flips,
    evidence,
    judgeGraders: [...(judges?.graders.values() ?? [])].filter((j) => judgeIds.some((i) => i.bundle === j.bundle)),
  };
}

/** Load a run (by id or digest) for grading: a missing or damaged bundle is a finding (exit 1). */
export function loadRunForGrading(archive: Archive, ref: string): { run: LoadedRun; bank: FrozenBank } {
  try {
    const run = loadRun(archive, ref);
    return { run, bank: loadFrozenBank(archive, run.plan.bank) };
  } catch (e) {
    if (e instanceof DocketError && (e.code === 'ENORUN' || e.code === 'ERUNID')) throw e;
    const code = e instanceof Error && 'code' in e ? String((e as { code: unknown }).code) : 'ERROR';
    throw findingError('EGRADERUN', `run ${ref} cannot be graded: ${code}: ${(e as Error).message}`, { run: ref, cause: code });
  }
}

export interface RegradeOptions {
  grader?: string;
  gradedAt: string;
  banks?: Map<string, FrozenBank>;
  /** the suite's graders (null or absent: an archive alone, no bank) */
  suite?: SuiteGraders | null;
  /** --set-current: the new grade is current even when --grader is not the bank's current grader */
  setCurrent?: boolean;
  exec?: ExecRunner; // the runner of exec tasks' tests (the CLI's; the core starts no process)
}

/** Source snapshots read from the archive (what an exec task's tests run on), each once. */
export function sourceReader(archive: Archive): (digest: Digest) => SourceSnapshot {
  const cache = new Map<Digest, SourceSnapshot>();
  return (d) => {
    let s = cache.get(d);
    if (!s) cache.set(d, (s = archive.get(d).value as unknown as SourceSnapshot));
    return s;
  };
}

/** A run's grade chain, newest first; a record that cannot be read is EGRADERUN (exit 1). */
function readChain(archive: Archive, runId: string): LoadedGrade[] {
  try {
    return gradeChain(archive, runId);
  } catch (e) {
    if (!(e instanceof DocketError)) throw e;
    throw findingError('EGRADERUN', `the grades of ${runId} (from ${headGradeDigest(archive, runId)}) cannot be read: ${e.message}`, { run: runId, grade: headGradeDigest(archive, runId) });
  }
}

/** Everything `docket regrade RUN` would write, computed without writing. */
export function prepareRegrade(archive: Archive, runRef: string, opts: RegradeOptions): RegradePlan {
  const s = regradeSetup(archive, runRef, opts);
  if (s.judges) requireJudgeReplies(s.run, s.bank, s.judges);
  return planRegrade(s);
}

/** What prepareRegrade reads before grading: the run, its bank and chain, the grader, the judges. */
function regradeSetup(archive: Archive, runRef: string, opts: RegradeOptions): RegradeInput & { judges: JudgeContext | undefined } {
  const { run, bank } = loadRunForGrading(archive, runRef);
  if (run.run.serves) throw usageError('EUSAGE', `${run.run.id} is a judge run: its replies grade the run it serves (${run.plan.judge?.serves.runId}); regrade that run`, { run: run.run.id });
  const chain = headGradeDigest(archive, run.run.id) ? readChain(archive, run.run.id) : [];
  const previous = chain[0] ?? null;
  const base = currentOf(chain, run.digest) ?? previous;
  const ctx: GraderContext = { suite: opts.suite ?? null, archive };
  const byDefault = defaultGrader(ctx, base?.value ?? null, run.plan.grader.ref);
  const g = opts.grader === undefined ? byDefault : chooseGrader(opts.grader, base?.value ?? null, run.plan.grader.ref, ctx);
  const current = g.digest === byDefault.digest || opts.setCurrent === true;
  const setCurrent = opts.setCurrent === true && g.digest !== byDefault.digest;
  const judges = judgeContext(archive, run, bank, opts.suite ?? null, base?.value ?? null);
  return { run, bank, grader: g, previous, base, current, setCurrent, gradedAt: opts.gradedAt, exec: opts.exec, source: sourceReader(archive), judges };
}

/** The judge requests a judge grader's grading of a run reads that have no recorded reply. */
export interface JudgeNeed {
  judge: string; // the judge grader's ref
  model: string;
  missing: JudgeRequest[];
  of: number; // the judge requests the run's grading reads
}

/** Per judge grader, the judge requests of the run with no recorded reply (judges that need none left out). */
export function judgeNeeds(run: LoadedRun, bank: FrozenBank, judges: JudgeContext): JudgeNeed[] {
  return [...judges.graders.values()]
    .map((j) => {
      const all = judgeRequests(run, bank, j);
      return { judge: j.ref, model: j.value.model, missing: all.filter((r) => !replyTo(judges.replies, j, r.hash)), of: all.length };
    })
    .filter((m) => m.missing.length > 0);
}

/** What `docket regrade --dry-run` says of one run: the flips it would list, or the judge requests it would first need. */
export interface DryRegradeRun {
  run: Digest;
  runId: string;
  /** would-grade: a new grade with these flips; unchanged: nothing to write; needs-judge-run: judge requests with no recorded reply (a new online judge run first) */
  status: 'would-grade' | 'unchanged' | 'needs-judge-run';
  grader: { ref: string; digest: Digest };
  flips: Flip[];
  judges: JudgeNeed[];
}

/** `docket regrade --dry-run`: each run planned in memory, nothing written; a run whose judges changed says what judge requests it needs instead of failing. */
export function dryRegrade(archive: Archive, refs: readonly string[], opts: RegradeOptions): DryRegradeRun[] {
  return refs.map((ref) => {
    const s = regradeSetup(archive, ref, opts);
    const grader = { ref: `${s.grader.id}@${s.grader.version}`, digest: s.grader.digest };
    const needs = s.judges ? judgeNeeds(s.run, s.bank, s.judges) : [];
    if (needs.length) return { run: s.run.digest, runId: s.run.run.id, status: 'needs-judge-run', grader, flips: [], judges: needs };
    const p = planRegrade(s);
    return { run: s.run.digest, runId: s.run.run.id, status: p.unchanged ? 'unchanged' : 'would-grade', grader, flips: p.flips, judges: [] };
  });
}

/** Every judge request the run's grading will read must be recorded: else EJUDGEMISSING, counting them per judge (what an online `docket judge` would ask). */
function requireJudgeReplies(run: LoadedRun, bank: FrozenBank, judges: JudgeContext) {
  const missing = judgeNeeds(run, bank, judges).map((m) => ({ j: { ref: m.judge, value: { model: m.model } }, all: m.of, missing: m.missing.length }));
  if (!missing.length) return;
  throw findingError(
    'EJUDGEMISSING',
    `run ${run.run.id}: ${missing.map((m) => `${m.missing} of ${m.all} requests of judge ${m.j.ref} (model ${m.j.value.model})`).join(', ')} have no recorded reply. Regrade never calls a judge nor invents a verdict: a changed rubric, model or setting makes new requests, which need a new online judge run: \`docket judge ${run.run.id} --base-url URL\` records them`,
    { run: run.run.id, missing: missing.map((m) => ({ judge: m.j.ref, model: m.j.value.model, requests: m.missing, of: m.all })) },
  );
}

/**
 * The judges a run's tasks name: in a bank, each judge's current version (decision-bank.json
 * `judges`); with an archive alone, the judge graders the run's last grade names (their bundles).
 * Undefined when no task of the run is judge-graded. The replies are the recorded ones only.
 */
export function judgeContext(archive: Archive, run: LoadedRun, bank: FrozenBank, suite: SuiteGraders | null, last: GradeValue | null): JudgeContext | undefined {
  const names = judgesOfBank(bank, run.plan.tasks ?? []);
  if (!names.length) return undefined;
  const graders = new Map<string, JudgeGrader>();
  for (const name of names) {
    const d = suite?.judges.get(name);
    if (d) graders.set(name, suiteJudge(suite!, name, d.current, archive));
    else {
      const named = last?.judges?.find((j) => j.id === name);
      if (named) graders.set(name, loadJudgeGrader(archive, named.bundle));
    }
  }
  return { graders, replies: recordedJudgeReplies(archive, run.digest) };
}

/** What grading one run did: `docket regrade`'s report of it, and `docket run`'s grade on seal. */
export interface RegradeRunResult {
  run: Digest;
  runId: string;
  status: 'graded' | 'unchanged';
  grade: Digest | null; // the new grade (null when unchanged)
  current: Digest | null; // the run's current grade after this command (what leaderboard ranks)
  previous: Digest | null;
  grader: { ref: string; digest: Digest; bundle: Digest };
  previousGrader: { ref: string; digest: Digest } | null; // the grader of the grade compared with (the run's current grade)
  /** whether the grade this regrade gives is the run's current one (false: kept in the chain only) */
  isCurrent: boolean;
  setCurrent: boolean;
  flips: number;
  counts: RegradePlan['grade']['counts'];
  warnings: GradeWarning[];
}

/** A fixed timestamp when SOURCE_DATE_EPOCH is set (reproducible builds), else now. */
export function gradedAtNow(): string {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  if (epoch !== undefined && /^\d+$/.test(epoch)) return new Date(Number(epoch) * 1000).toISOString();
  return new Date().toISOString();
}

/**
 * Grade runs and write their grade records: the one code path of `docket regrade` and of
 * `docket run`, which grades a run as it seals it. Every named run is graded first and written
 * only when all of them could be (a damaged run is a finding and nothing is written for any).
 * Written as the archive's one writer (replay/index/archive.ts): a plan whose run got a new grade
 * from a concurrent regrade meanwhile is made again, so it chains onto that record instead of
 * both naming the same `previous`.
 */
export function gradeRuns(archive: Archive, refs: readonly string[], opts: RegradeOptions): { runs: RegradeRunResult[]; flips: Flip[] } {
  const planned = refs.map((r) => prepareRegrade(archive, r, opts)); // a bad run or grader fails here, before any write
  return archive.writing(() => {
    const plans = planned.map((p, i) => (headGradeDigest(archive, p.run.run.id) === (p.previous?.digest ?? null) ? p : prepareRegrade(archive, refs[i]!, opts)));
    const runs: RegradeRunResult[] = [];
    const flips: Flip[] = [];
    for (const p of plans) {
      const written = p.unchanged ? null : writeGrade(archive, p);
      const prev = p.base?.value.grader ?? null;
      const current = p.current && written ? written : p.base && p.base.value.current !== false && p.base.value.run === p.run.digest ? p.base.digest : null;
      runs.push({
        run: p.run.digest,
        runId: p.run.run.id,
        status: p.unchanged ? 'unchanged' : 'graded',
        grade: written,
        current,
        previous: p.previous?.digest ?? null,
        grader: { ref: p.grade.grader.ref, digest: p.grade.grader.digest, bundle: p.grade.grader.bundle! },
        previousGrader: prev ? { ref: prev.ref, digest: prev.digest } : null,
        isCurrent: p.current,
        setCurrent: p.grade.setCurrent === true,
        flips: p.flips.length,
        counts: p.grade.counts,
        warnings: p.grade.warnings,
      });
      flips.push(...p.flips);
    }
    return { runs, flips };
  });
}

/** Write a planned grade (segments, bundle, then the ref). Returns the new grade digest. */
export function writeGrade(archive: Archive, p: RegradePlan): Digest {
  const bundle = archiveGrader(archive, p.grader);
  if (bundle !== p.grade.grader.bundle) throw new DocketError('EGRADERBUNDLE', `grader ${p.grade.grader.ref} archived as ${bundle}, planned as ${p.grade.grader.bundle}`);
  for (const t of p.grade.taskGraders ?? []) archiveGrader(archive, taskGrader(t.ref) as unknown as Grader);
  for (const e of p.evidence) archive.put(e as unknown as Json);
  for (const j of p.judgeGraders) archive.put(j.value as unknown as Json);
  const segs = p.segments.map((s) => archive.put(s).digest);
  const desc = archive.put({ ...p.grade, segments: segs });
  archive.setRef(`${GRADES_NS}/${p.run.run.id}`, desc.digest);
  return desc.digest;
}

// ---- comparing two graders on the stored replies ----

/**
 * `docket grader diff A B`: both graders over every stored reply of every sealed run (refs/runs/*),
 * and the attempts whose verdict differs, as regrade would list them (A as the old grader). Reads
 * only: nothing is written.
 */
export function diffGraders(archive: Archive, runIds: readonly string[], a: Grader, b: Grader): { runs: number; attempts: number; flips: Flip[] } {
  const ia = identityOf(a);
  const ib = identityOf(b);
  const flips: Flip[] = [];
  let attempts = 0;
  for (const id of runIds) {
    const { run, bank } = loadRunForGrading(archive, id);
    // A question grader grades the questions' attempts; a task's are its own graders', the same for A and B.
    const tasks = new Set(bank.tasks.map((t) => t.id));
    const lines = run.lines.filter((l) => !tasks.has(l.slot.question));
    attempts += lines.length;
    const d = diffVerdicts({ verdicts: gradeLines(lines, bank, a), grader: ia }, { verdicts: gradeLines(lines, bank, b), grader: ib }, lines, { digest: run.digest, id: run.run.id });
    flips.push(...d.flips);
  }
  return { runs: runIds.length, attempts, flips };
}
