import type { Archive } from '../store/archive.ts';
import type { Digest } from '../format/digest.ts';
import type { GradeValue } from '../grading/grade-records.ts';
import { loadRun } from '../runs/runs.ts';
import type { RunForScoring } from './scoring.ts';

/**
 * The judge is not a contestant, or it says so (docs/design.md §14 "Judge contestants"): every
 * score whose current grade read a judge that is also a ranked contestant, by the model id it was
 * asked for (the judge plan's, the contestant plan's) or the one its endpoint returned (the judge
 * runs' journals, the contestant's provider models). A judge that favours its own replies moves
 * the ranking it sits in; this names every score it touched.
 */
export interface JudgeContestantFlag {
  runId: string; // the scored run
  model: string;
  grade: string;
  judge: string; // the judge grader's ref
  judgeModel: string; // requested
  judgeReturned: string[]; // returned by the judge endpoint
  contestants: { runId: string; model: string; by: 'requested' | 'returned' }[];
}

export function judgeContestantFlags(archive: Archive, runs: readonly RunForScoring[]): JudgeContestantFlag[] {
  const returned = new Map<string, string[]>();
  const returnedBy = (run: Digest): string[] => {
    let m = returned.get(run);
    if (!m) returned.set(run, (m = [...new Set(loadRun(archive, run).lines.flatMap((l) => (l.model ? [l.model] : [])))].sort()));
    return m;
  };
  const out: JudgeContestantFlag[] = [];
  for (const r of runs) {
    // A score whose grade is not in this store came from elsewhere (a fake in tests): it names no judge here.
    if (!archive.store.has(r.grade as Digest)) continue;
    const g = archive.get(r.grade as Digest).value as unknown as GradeValue;
    for (const j of g.judges ?? []) {
      const judgeReturned = [...new Set(j.runs.flatMap(returnedBy))].sort();
      const contestants: JudgeContestantFlag['contestants'] = [];
      for (const c of runs) {
        if (c.model === j.model) contestants.push({ runId: c.runId, model: c.model, by: 'requested' });
        else if ((c.providerModels ?? []).some((m) => judgeReturned.includes(m))) contestants.push({ runId: c.runId, model: c.model, by: 'returned' });
      }
      if (contestants.length) out.push({ runId: r.runId, model: r.model, grade: r.grade, judge: j.ref, judgeModel: j.model, judgeReturned, contestants });
    }
  }
  return out;
}
