import { Archive } from '../store/archive.ts';
import { loadFrozenBank, type FrozenBank } from '../bank/bank.ts';
import type { Digest } from '../format/digest.ts';
import { findingError } from '../errors.ts';
import { gradeChain, type LoadedGrade, type VerdictRecord } from '../grading/grades.ts';
import { planSlots, slotKey, type JournalLine } from '../runs/journal.ts';
import { loadRun, WORK_DIR, type LoadedRun } from '../runs/runs.ts';
import type { RunForScoring, SlotOutcome } from './scoring.ts';

/**
 * The adapter from the archive to the scoring code (docs/scoring.md "Input: slots"): every sealed
 * run (refs/runs/*) that has a current grade (refs/grades/<run-id>) becomes a RunForScoring whose
 * slots are the plan's slots, each the verdict of its final attempt under that grade. Planned slots
 * with no final attempt are 'interrupted'. Runs without a grade are not scored (`docket regrade`
 * grades them). Read-only.
 */

const withArchive = <T>(archive: string | Archive, fn: (a: Archive) => T): T => {
  if (archive instanceof Archive) return fn(archive);
  const a = new Archive(archive);
  try {
    return fn(a);
  } finally {
    a.close();
  }
};

/** A sealed run left out of scoring because it has no grade yet (requireRun names it). */
export interface UngradedRun {
  runId: string;
  run: Digest;
}

export function loadRunsForScoring(archive: string | Archive, ungraded?: UngradedRun[]): RunForScoring[] {
  return withArchive(archive, (a) => {
    const banks = new Map<string, FrozenBank>();
    const bankOf = (d: Digest) => banks.get(d) ?? banks.set(d, loadFrozenBank(a, d)).get(d)!;
    const out: RunForScoring[] = [];
    const runRefs = a.store
      .listRefs()
      .filter((r) => r.name.startsWith(`${WORK_DIR}/`))
      .map((r) => r.name.slice(WORK_DIR.length + 1))
      .sort();
    for (const id of runRefs) {
      const run = loadRun(a, id);
      const chain = gradeChain(a, id).filter((g) => g.value.run === run.digest); // a grade of an older bundle of this id is not this run's
      const current = chain[0];
      if (!current) {
        ungraded?.push({ runId: run.run.id, run: run.digest });
        continue;
      }
      const bank = bankOf(run.plan.bank);
      out.push({
        run: run.digest,
        grade: current.digest,
        runId: run.run.id,
        model: run.run.model,
        status: run.run.status,
        benchmarkVersion: run.run.benchmarkVersion,
        benchmark: bank.name,
        providerModels: providerModels(run.lines),
        sealedAt: run.run.sealedAt,
        // Coverage is measured against the benchmark, not the run's own plan: a run planned with
        // --limit-evals measured part of the bank and must not rank beside runs of all of it.
        planned: bank.questions.length * run.plan.permutations * run.plan.repetitions,
        slots: slotOutcomes(run, bank, current),
        earlierGrades: chain.slice(1).map((g) => ({ grade: g.digest, slots: slotOutcomes(run, bank, g) })),
      });
    }
    return out;
  });
}

/** The distinct model ids the provider answered as, in code-point order (attempts without a reply have none). */
function providerModels(lines: readonly JournalLine[]): string[] {
  return [...new Set(lines.map((l) => l.model).filter((m): m is string => m !== null))].sort();
}

/** Every planned slot with the verdict of its final attempt; a slot never closed is 'interrupted'. */
export function slotOutcomes(run: LoadedRun, bank: FrozenBank, grade: LoadedGrade): SlotOutcome[] {
  const verdicts = grade.verdicts;
  if (verdicts.length !== run.lines.length) {
    throw findingError('EGRADE', `grade ${grade.digest} has ${verdicts.length} verdicts; run ${run.run.id} has ${run.lines.length} attempts`, { grade: grade.digest, run: run.digest });
  }
  const questions = new Map(bank.questions.map((q) => [q.id, q]));
  const bySlot = new Map<string, { lines: JournalLine[]; verdicts: VerdictRecord[] }>();
  run.lines.forEach((l, i) => {
    const k = slotKey(l.slot);
    const e = bySlot.get(k) ?? { lines: [], verdicts: [] };
    e.lines.push(l);
    e.verdicts.push(verdicts[i]!);
    bySlot.set(k, e);
  });
  return planSlots(run.plan.questions, run.plan.permutations, run.plan.repetitions).map((slot) => {
    const q = questions.get(slot.question);
    if (!q) throw findingError('EPLAN', `run ${run.run.id} plans question ${slot.question}, which is not in bank ${bank.digest}`, { question: slot.question });
    const e = bySlot.get(slotKey(slot)) ?? { lines: [], verdicts: [] };
    const fi = e.lines.findIndex((l) => l.final);
    const last = fi >= 0 ? fi : e.lines.length - 1;
    const known = e.lines.filter((l) => l.costUsd !== null);
    return {
      question: slot.question,
      sourceEval: q.sourceEval,
      permutation: slot.permutation,
      repetition: slot.repetition,
      verdict: fi >= 0 ? e.verdicts[fi]!.verdict : 'interrupted',
      chosen: fi >= 0 ? e.verdicts[fi]!.chosen : null,
      key: q.key,
      answerText: last >= 0 ? e.lines[last]!.content : null,
      attempts: e.lines.length,
      costUsd: Math.round(known.reduce((s, l) => s + l.costUsd!, 0) * 1e12) / 1e12, // float sums drift in the last digit
      unknownCostAttempts: e.lines.length - known.length,
    };
  });
}

/** The benchmark version of the archive's current bank (refs/bank/current); null when it has none. */
export function currentBenchmarkVersion(archive: string | Archive): string | null {
  return withArchive(archive, (a) => {
    const d = a.ref('bank/current');
    if (!d) return null;
    const bank = a.get(d).value as { kind?: string; benchmarkVersion?: string };
    return bank.kind === 'bank' && typeof bank.benchmarkVersion === 'string' ? bank.benchmarkVersion : null;
  });
}
