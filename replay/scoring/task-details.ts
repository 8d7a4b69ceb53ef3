import type { Digest } from '../format/digest.ts';
import type { Archive } from '../index/archive.ts';
import { loadGrade, type VerdictRecord } from '../grading/grade-records.ts';
import type { ExecTest } from '../grading/task-grading.ts';
import { slotsWithAnswers } from './scoring-input.ts';
import type { Kind, RunForScoring, Verdict } from './scoring.ts';

/**
 * What the report shows of each task slot of a ranked run (docs/scoring.md "docket report"): the
 * reply, the verdict and score, why the reply stopped, and each grader's part with the tests an
 * exec grader ran. Read from the run's current grade and the exec-result bundles its verdicts
 * name, each digest-checked on read (Archive.get): the page rests on the bundles, not the index.
 */
export interface TaskDetail {
  task: string;
  kind: Kind;
  repetition: number;
  verdict: Verdict;
  score: number | null;
  finishReason: string | null;
  reply: string | null;
  parts: { grader: string; verdict: string; score: number | null; tests: Pick<ExecTest, 'name' | 'status' | 'message'>[] | null }[];
}

const slotOf = (v: Pick<VerdictRecord, 'question' | 'permutation' | 'repetition'>) => `${v.question}\0${v.permutation}\0${v.repetition}`;

/** The task slots of `run`, in slot order; a run of questions only gives none. */
export function taskDetails(archive: Archive, run: RunForScoring): TaskDetail[] {
  if (!run.slots.some((s) => s.kind)) return [];
  const slots = slotsWithAnswers(archive, run);
  // A slot's last attempt decides it: later verdicts of the same slot replace earlier ones.
  const last = new Map<string, VerdictRecord>();
  for (const v of loadGrade(archive, run.grade as Digest).verdicts) last.set(slotOf(v), v);
  return slots
    .filter((s) => s.kind)
    .map((s) => {
      const v = last.get(slotOf(s));
      const parts = (v?.parts ?? []).map((p) => ({
        grader: p.grader,
        verdict: p.verdict,
        score: p.score,
        tests: p.evidence ? ((archive.get(p.evidence).value as { tests?: ExecTest[] }).tests ?? []).map((t) => ({ name: t.name, status: t.status, message: t.message })) : null,
      }));
      return { task: s.question, kind: s.kind!, repetition: s.repetition, verdict: s.verdict, score: s.score ?? null, finishReason: s.finishReason ?? null, reply: s.answerText, parts };
    });
}
