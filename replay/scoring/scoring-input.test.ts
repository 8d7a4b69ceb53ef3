import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Archive } from '../index/archive.ts';
import { currentBank } from '../bank/frozen.ts';
import { sha256 } from '../format/digest.ts';
import { gradeLines } from '../grading/grades.ts';
import { type LoadedGrade } from '../grading/grade-records.ts';
import { grader } from '../grading/graders.ts';
import type { JournalLine } from '../runs/journal.ts';
import type { LoadedRun, PlanValue, RunValue } from '../runs/runs.ts';
import { currentBenchmarkVersion, loadRunsForScoring, slotOutcomes } from './scoring-input.ts';
import { REPO, tempDir } from '../../cli/dev/testkit/core.ts';

const EVIDENCE = join(REPO, 'evidence');
const tmp = tempDir('docket-scoring-input-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('loadRunsForScoring on the shipped archive', () => {
  const runs = loadRunsForScoring(EVIDENCE);
  const byId = new Map(runs.map((r) => [r.runId, r]));
  const a = new Archive(EVIDENCE);
  const bank = currentBank(a);
  a.close();

  it('every sealed, graded run, every planned slot, keys and source evals from the frozen bank', () => {
    expect([...byId.keys()]).toEqual(['ref-coin-1', 'ref-flaky-1', 'ref-markdown-1', 'ref-oracle-1', 'ref-truncator-1']);
    for (const r of runs) {
      expect(r.slots).toHaveLength(r.planned);
      expect(r.planned).toBe(bank.questions.length * 3 + bank.tasks.length); // every question × 3 permutations, every task once
      expect(r.benchmarkVersion).toBe(bank.benchmarkVersion);
      const s = r.slots[4]!;
      const q = bank.questions.find((x) => x.id === s.question)!;
      expect([s.key, s.sourceEval]).toEqual([q.key, q.sourceEval]);
    }
    expect(
      byId
        .get('ref-oracle-1')!
        .slots.filter((s) => !s.kind)
        .every((s) => s.verdict === 'correct' && s.chosen === s.key),
    ).toBe(true);
    expect(
      byId
        .get('ref-oracle-1')!
        .slots.filter((s) => s.kind)
        .map((s) => s.kind),
    ).toHaveLength(bank.tasks.length);
  });

  it('truncated slots, retries and unknown costs come through as recorded', () => {
    const count = (id: string, v: string) => byId.get(id)!.slots.filter((s) => s.verdict === v).length;
    expect(count('ref-truncator-1', 'truncated')).toBe(25); // 19 questions, 6 tasks
    const flaky = byId.get('ref-flaky-1')!.slots;
    expect(flaky.reduce((n, s) => n + s.attempts, 0)).toBe(185); // 160 slots + 25 retried failures
    expect(flaky.reduce((n, s) => n + s.unknownCostAttempts, 0)).toBe(25); // failed attempts report no cost
    expect(byId.get('ref-coin-1')!.slots.every((s) => s.costUsd === 0 && s.unknownCostAttempts === 1)).toBe(true);
  });

  it('the grader fix: markdown is scored by its current grade; the earlier grade (decision@1) had every slot invalid', () => {
    const md = byId.get('ref-markdown-1')!;
    expect(md.slots.filter((s) => s.verdict === 'invalid')).toHaveLength(0);
    // The record before the fix: decision@1 read no reply of a question (its tasks were graded as now).
    expect(md.earlierGrades).toHaveLength(1);
    const before = md.earlierGrades![0]!.slots;
    expect(before.filter((s) => !s.kind).every((s) => s.verdict === 'invalid')).toBe(true);
    expect(before.filter((s) => s.kind).map((s) => s.verdict)).toEqual(md.slots.filter((s) => s.kind).map((s) => s.verdict));
    expect(md.earlierGrades!.map((g) => g.grade)).not.toContain(md.grade);
  });

  it('currentBenchmarkVersion is the version of refs/bank/current', () => {
    expect(currentBenchmarkVersion(EVIDENCE)).toBe(bank.benchmarkVersion);
    expect(currentBenchmarkVersion(join(tmp, 'empty'))).toBeNull();
  });

  it('a run without a grade is not scored', () => {
    const dir = join(tmp, 'ungraded');
    cpSync(EVIDENCE, dir, { recursive: true });
    for (const f of readdirSync(join(dir, 'refs/grades'))) if (f !== 'ref-coin-1') rmSync(join(dir, 'refs/grades', f));
    expect(loadRunsForScoring(dir).map((r) => r.runId)).toEqual(['ref-coin-1']);
  });

  it('slots never closed are interrupted; cost sums known costs and counts unknown ones', () => {
    const q = bank.questions[0]!;
    const l = (seq: number, permutation: number, attempt: number, over: Partial<JournalLine>): JournalLine => ({
      seq,
      prev: sha256(`p${seq}`),
      slot: { question: q.id, permutation, repetition: 0 },
      attempt,
      requestHash: sha256(`r${permutation}`),
      response: null,
      content: q.key,
      model: 'm',
      finishReason: 'stop',
      usage: null,
      costUsd: 0.25,
      latencyMs: 1,
      errorClass: null,
      class: 'answered',
      final: true,
      ...over,
    });
    // permutation 0: a failure then an answer; permutation 1: only a failure, still open; permutation 2: no record at all
    const lines = [
      l(0, 0, 0, { class: 'provider_failure', errorClass: 'http_429', content: null, costUsd: null, final: false }),
      l(1, 0, 1, {}),
      l(2, 1, 0, { class: 'provider_failure', errorClass: 'http_5xx', content: null, costUsd: null, final: false }),
    ];
    const run = { digest: sha256('run'), run: { id: 'x' } as RunValue, plan: { questions: [q.id], permutations: 3, repetitions: 1 } as unknown as PlanValue, lines } as LoadedRun;
    const verdicts = gradeLines(lines, bank, grader('decision@2'));
    const g: LoadedGrade = { digest: sha256('g'), value: {} as never, verdicts };
    const slots = slotOutcomes(run, bank, g);
    expect(slots.map((s) => [s.permutation, s.verdict, s.attempts, s.costUsd, s.unknownCostAttempts])).toEqual([
      [0, 'correct', 2, 0.25, 1],
      [1, 'interrupted', 1, 0, 1],
      [2, 'interrupted', 0, 0, 0],
    ]);
    expect(() => slotOutcomes(run, bank, { ...g, verdicts: verdicts.slice(1) })).toThrow(/2 verdicts/);
  });
});
