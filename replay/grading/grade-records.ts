import type { Archive } from '../store/archive.ts';
import { parseDigest, type Digest } from '../format/digest.ts';
import { findingError } from '../errors.ts';
import { checkRunId, SEGMENT_LINES, WORK_DIR } from '../runs/runs.ts';
import type { Letter } from '../bank/types.ts';
import type { JudgeIdentity } from './judges.ts';

/**
 * Grade records (docs/design.md "Grades and regrading"): what a grade bundle holds (one verdict per
 * journal attempt of a sealed run, computed by one grader from the stored outputs alone) and how the
 * grades of a run are read. Grades are append-only: a regrade writes a new bundle whose `previous`
 * names the one before, and refs/grades/<run-id> moves to it (grades.ts computes and writes them).
 */

export const GRADES_NS = 'grades';

/** The sealed contestant run ids of an archive (refs/runs/*, judge runs left out: they are not graded), sorted. */
export function sealedRunIds(archive: Archive): string[] {
  return archive.store
    .listRefs()
    .filter((r) => r.name.startsWith(`${WORK_DIR}/`))
    .map((r) => r.name.slice(WORK_DIR.length + 1))
    .filter((id) => !isJudgeRun(archive, id))
    .sort();
}

/** Whether refs/runs/<id> names a judge run (a run bundle with `serves`); a damaged one is left to the grading that reads it. */
function isJudgeRun(archive: Archive, id: string): boolean {
  try {
    return (archive.get(archive.ref(`${WORK_DIR}/${id}`)!).value as { serves?: unknown }).serves !== undefined;
  } catch {
    return false;
  }
}
/** Up to this many attempts the verdicts sit inside the grade bundle; above, in grade-segment bundles. */
export const INLINE_VERDICTS_MAX = SEGMENT_LINES;

export type AttemptVerdict = 'correct' | 'incorrect' | 'invalid' | 'truncated' | 'provider_failure' | 'interrupted' | 'partial';
/** The verdicts every grade counts; `partial` (a task scored strictly between 0 and 1) is counted only by grades of runs with tasks. */
export const VERDICTS: readonly AttemptVerdict[] = ['correct', 'incorrect', 'invalid', 'truncated', 'provider_failure', 'interrupted'];

/** One grader's part of a task's verdict: its score (null: did not answer), and for exec its test outcome and evidence. */
export interface VerdictPart {
  grader: string; // ref, e.g. exec@1
  weight: number;
  verdict: AttemptVerdict;
  score: number | null;
  outcome?: Digest; // exec: SHA-256 of the tests' names and statuses (what a regrade compares)
  evidence?: Digest; // exec: the exec-result bundle (tests with durations and messages, exit code, output)
  judge?: { run: Digest; seq: number }; // judge: the judge run and attempt whose reply gave the score
  criteria?: { name: string; score: number | null }[]; // judge with a per-criterion rule: each criterion's score, in the rule's order
}

export interface VerdictRecord {
  question: string;
  permutation: number;
  repetition: number;
  attempt: number;
  seq: number;
  inputHash: Digest; // sha256 of the canonical {content, finishReason, requestHash} of the attempt
  verdict: AttemptVerdict;
  shown: Letter | null;
  chosen: Letter | null;
  score?: number | null; // tasks only: the slot score in [0, 1], null when it did not answer
  parts?: VerdictPart[]; // tasks only: each grader's part, in the task's order
}

export interface GradeWarning {
  code: 'WINPUT' | 'WGRADER' | 'WRUN' | 'WPREVIOUS';
  seq: number | null;
  message: string;
}

export interface GraderIdentity {
  ref: string; // id@version
  id: string;
  version: number;
  digest: Digest;
  bundle?: Digest; // the archived grader bundle (every record written since #18)
}

export type GradeCounts = { attempts: number; slots: number } & Record<Exclude<AttemptVerdict, 'partial'>, number> & { partial?: number };

export interface GradeValue {
  kind: 'grade';
  schemaVersion: 1;
  run: Digest;
  runId: string;
  grader: GraderIdentity;
  taskGraders?: GraderIdentity[]; // the graders of the run's tasks (present only when it has task slots)
  judges?: JudgeIdentity[]; // the judge graders of its tasks and the judge runs whose replies they read (present only when a task is judge-graded)
  previous: Digest | null;
  gradedAt: string;
  verdicts: VerdictRecord[]; // every attempt's verdict in seq order, or [] when segmented
  segments: Digest[]; // grade-segment bundles, for runs with more than INLINE_VERDICTS_MAX attempts
  counts: GradeCounts; // verdict counts over final attempts (the slot outcomes); attempts = all journal lines
  warnings: GradeWarning[];
  /** false: made by a grader other than the bank's current one, kept in the chain but not the run's current grade (absent: it is) */
  current?: false;
  /** `regrade --set-current` made it the current grade although its grader is not the bank's current one */
  setCurrent?: true;
}

export interface GradeSegmentValue {
  kind: 'grade-segment';
  schemaVersion: 1;
  run: Digest;
  first: number;
  verdicts: VerdictRecord[];
}

export interface LoadedGrade {
  digest: Digest;
  value: GradeValue;
  verdicts: VerdictRecord[]; // inline and segmented, joined
}

export function loadGrade(archive: Archive, digest: Digest): LoadedGrade {
  const value = archive.get(digest).value as unknown as GradeValue;
  if (value.kind !== 'grade') throw findingError('EKIND', `${digest} is a ${value.kind} bundle, not a grade`, { digest });
  const verdicts = [...value.verdicts];
  for (const sd of value.segments) {
    const seg = archive.get(sd).value as unknown as GradeSegmentValue;
    if (seg.kind !== 'grade-segment' || seg.run !== value.run || seg.first !== verdicts.length) throw findingError('EGRADESEGMENT', `segment ${sd} of grade ${digest} is out of place`, { digest: sd });
    verdicts.push(...seg.verdicts);
  }
  verdicts.forEach((v, i) => {
    if (v.seq !== i) throw findingError('EGRADE', `grade ${digest}: verdict ${i} is for attempt ${v.seq}`, { digest });
  });
  return { digest, value, verdicts };
}

/**
 * A run's current grade (the one scoring reads) among its grades, newest first: the newest that
 * grades this run bundle and is not marked `current: false` (a regrade by another grader than the
 * bank's current one is kept in the chain, not ranked). Null when there is none.
 */
export function currentOf<T extends { value: Pick<GradeValue, 'run' | 'current'> }>(chain: readonly T[], run: Digest): T | null {
  return chain.find((g) => g.value.run === run && g.value.current !== false) ?? null;
}

/** The newest grade record of a run (refs/grades/<run-id>, the head of its chain). */
export function headGradeDigest(archive: Archive, runId: string): Digest | null {
  return archive.ref(`${GRADES_NS}/${checkRunId(runId)}`);
}

/** A run's grades, newest first, following `previous`. */
export function gradeChain(archive: Archive, runId: string): LoadedGrade[] {
  const out: LoadedGrade[] = [];
  const seen = new Set<string>();
  for (let d = headGradeDigest(archive, runId); d; ) {
    if (seen.has(d)) throw findingError('EGRADE', `the grade chain of ${runId} loops at ${d}`, { digest: d });
    seen.add(d);
    const g = loadGrade(archive, d);
    out.push(g);
    d = g.value.previous;
  }
  return out;
}

/** The current grade of every graded run, from the index (the ref target of grades/<run-id>). */
export function currentGradesFromIndex(archive: Archive): { digest: Digest; runId: string; run: Digest; graderRef: string; graderDigest: Digest }[] {
  const idx = archive.currentIndex();
  const rows = idx.db
    .prepare(
      "SELECT g.digest, g.run_id AS runId, g.run, g.grader_ref AS graderRef, g.grader_digest AS graderDigest FROM grades g JOIN refs r ON r.name = 'grades/' || g.run_id AND r.digest = g.digest ORDER BY g.run_id",
    )
    .all() as { digest: string; runId: string; run: string; graderRef: string; graderDigest: string }[];
  return rows.map((r) => ({ ...r, digest: parseDigest(r.digest), run: parseDigest(r.run), graderDigest: parseDigest(r.graderDigest) }));
}
