import type { Archive } from '../store/archive.ts';
import { loadFrozenBank, type FrozenBank } from '../bank/frozen.ts';
import { sha256, type Digest } from '../format/digest.ts';
import { DocketError, findingError } from '../errors.ts';
import { archiveGrader, graderBundleDigest, resolveGrader } from './grader-archive.ts';
import { ALL_GRADERS, grader as graderByRef, graderByDigest, taskGrader, type Grader } from './graders.ts';
import { gradeTaskAttempt, type ExecResultValue, type ExecRunner, type TaskGradingContext } from './task-grading.ts';
import type { SourceSnapshot } from '../bank/snapshot.ts';
import type { JournalLine } from '../runs/journal.ts';
import { canonicalBytes, canonicalText, type Json } from '../format/json.ts';
import { permutationsFor } from '../runs/request.ts';
import { loadRun, SEGMENT_LINES, type LoadedRun } from '../runs/runs.ts';
import {
  currentGradeDigest,
  GRADES_NS,
  INLINE_VERDICTS_MAX,
  loadGrade,
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

/** One attempt's verdict. Provider failures and interrupts were never answered: their class is their verdict. */
export function gradeAttempt(line: JournalLine, q: BankQuestion, g: Grader): VerdictRecord {
  const base = { question: line.slot.question, permutation: line.slot.permutation, repetition: line.slot.repetition, attempt: line.attempt, seq: line.seq, inputHash: inputHash(line) };
  if (line.class === 'provider_failure' || line.class === 'interrupted') return { ...base, verdict: line.class, shown: null, chosen: null };
  const perm = permutationsFor(q.id)[line.slot.permutation];
  if (!perm) throw findingError('EPLAN', `attempt ${line.seq} names permutation ${line.slot.permutation} of ${q.id}, which has ${permutationsFor(q.id).length}`, { seq: line.seq });
  const r = g.grade({ content: line.content, finishReason: line.finishReason, permutation: perm, key: q.key, options: [...q.options] });
  return { ...base, verdict: r.verdict, shown: r.shown, chosen: r.chosen };
}

/** The identity a grade record gives a task grader (its archived bundle included). */
export const taskIdentity = (ref: string): GraderIdentity => identityOf(taskGrader(ref) as unknown as Grader);

export interface GradeLinesOptions {
  exec?: ExecRunner; // runs exec tasks' tests (cli/offline/exec.ts); without it a run with exec slots cannot be graded
  source?: (digest: Digest) => SourceSnapshot;
  evidence?: ExecResultValue[]; // collects the exec-result bundles to write with the grade
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

/** Which grader regrades a run: --grader, else the newest version of the grader the run was last graded (or recorded) with. */
export function chooseGrader(ref: string | undefined, current: GradeValue | null, planGraderRef: string, archive?: Archive): Grader {
  if (ref !== undefined) return archive ? resolveGrader(archive, ref) : graderByRef(ref); // unknown → EGRADER (exit 2)
  const ids = [current?.grader.id, planGraderRef.split('@')[0]];
  const id = ids.find((i) => i !== undefined && ALL_GRADERS.some((g) => g.id === i)) ?? 'decision';
  return graderByRef(id);
}

export interface RegradePlan {
  run: LoadedRun;
  grader: Grader;
  previous: LoadedGrade | null;
  unchanged: boolean; // same grader, same run, same verdicts: nothing to write
  grade: GradeValue;
  segments: GradeSegmentValue[];
  flips: Flip[];
  evidence: ExecResultValue[]; // exec-result bundles its verdicts name
}

export interface RegradeInput {
  run: LoadedRun;
  bank: FrozenBank;
  grader: Grader;
  previous: LoadedGrade | null;
  gradedAt: string;
  exec?: ExecRunner;
  source?: (digest: Digest) => SourceSnapshot;
}

/** Grade a loaded run (pure): the new record, its segments, the flips against the previous grade. */
export function planRegrade({ run, bank, grader: g, previous, gradedAt, exec, source }: RegradeInput): RegradePlan {
  const evidence: ExecResultValue[] = [];
  const verdicts = gradeLines(run.lines, bank, g, { exec, source, evidence });
  const taskRefs = [...new Set((run.plan.tasks ?? []).flatMap((id) => bank.tasks.find((t) => t.id === id)?.graders.map((x) => x.ref) ?? []))].sort();
  const identity = identityOf(g);
  const warnings: GradeWarning[] = [];
  let flips: Flip[] = [];
  if (previous) {
    const pg = previous.value.grader;
    if (!graderByDigest(pg.digest) && !pg.bundle)
      warnings.push({
        code: 'WGRADER',
        seq: null,
        message: `the previous grade ${previous.digest} names grader ${pg.ref} ${pg.digest}, which this docket does not know and no archived grader bundle holds (records before docket #18 name a path-keyed digest and archive no source); its verdicts are compared as recorded`,
      });
    if (previous.value.run !== run.digest)
      warnings.push({ code: 'WRUN', seq: null, message: `the previous grade graded run bundle ${previous.value.run}; refs/runs/${run.run.id} now names ${run.digest}` });
    const d = diffVerdicts({ verdicts: previous.verdicts, grader: pg }, { verdicts, grader: identity }, run.lines, { digest: run.digest, id: run.run.id });
    flips = d.flips;
    warnings.push(...d.warnings);
  }
  // A previous record that names no archived grader bundle (written before #18) is not the same
  // record: the regrade appends one that does (the migration of older archives, docs/design.md §11).
  const unchanged =
    previous !== null &&
    previous.value.grader.digest === identity.digest &&
    previous.value.grader.bundle === identity.bundle &&
    previous.value.run === run.digest &&
    previous.verdicts.length === verdicts.length &&
    previous.verdicts.every((v, i) => verdictKey(v) === verdictKey(verdicts[i]!));
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
    previous: previous?.digest ?? null,
    gradedAt,
    verdicts: segmented ? [] : verdicts,
    segments: [], // filled with digests by writeGrade
    counts: countVerdicts(run.lines, verdicts, taskRefs.length > 0),
    warnings,
  };
  return { run, grader: g, previous, unchanged, grade, segments, flips, evidence };
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

/** Everything `docket regrade RUN` would write, computed without writing. */
export function prepareRegrade(archive: Archive, runRef: string, opts: RegradeOptions): RegradePlan {
  const { run, bank } = loadRunForGrading(archive, runRef);
  const cur = currentGradeDigest(archive, run.run.id);
  let previous: LoadedGrade | null = null;
  if (cur) {
    try {
      previous = loadGrade(archive, cur);
    } catch (e) {
      throw findingError('EGRADERUN', `the current grade of ${run.run.id} (${cur}) cannot be read: ${(e as Error).message}`, { run: run.run.id, grade: cur });
    }
  }
  const g = chooseGrader(opts.grader, previous?.value ?? null, run.plan.grader.ref, archive);
  return planRegrade({ run, bank, grader: g, previous, gradedAt: opts.gradedAt, exec: opts.exec, source: sourceReader(archive) });
}

/** What grading one run did: `docket regrade`'s report of it, and `docket run`'s grade on seal. */
export interface RegradeRunResult {
  run: Digest;
  runId: string;
  status: 'graded' | 'unchanged';
  grade: Digest | null; // the new grade (null when unchanged)
  current: Digest | null; // the run's current grade after this command
  previous: Digest | null;
  grader: { ref: string; digest: Digest };
  previousGrader: { ref: string; digest: Digest } | null;
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
    const plans = planned.map((p, i) => (currentGradeDigest(archive, p.run.run.id) === (p.previous?.digest ?? null) ? p : prepareRegrade(archive, refs[i]!, opts)));
    const runs: RegradeRunResult[] = [];
    const flips: Flip[] = [];
    for (const p of plans) {
      const written = p.unchanged ? null : writeGrade(archive, p);
      const prev = p.previous?.value.grader ?? null;
      runs.push({
        run: p.run.digest,
        runId: p.run.run.id,
        status: p.unchanged ? 'unchanged' : 'graded',
        grade: written,
        current: written ?? p.previous!.digest,
        previous: p.previous?.digest ?? null,
        grader: { ref: p.grade.grader.ref, digest: p.grade.grader.digest },
        previousGrader: prev ? { ref: prev.ref, digest: prev.digest } : null,
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
  const segs = p.segments.map((s) => archive.put(s).digest);
  const desc = archive.put({ ...p.grade, segments: segs });
  archive.setRef(`${GRADES_NS}/${p.run.run.id}`, desc.digest);
  return desc.digest;
}
