import { describe, expect, it } from 'vitest';
import { PROTOCOL } from '../bank/protocol.ts';
import { encodeBundle } from '../format/bundle.ts';
import {
  assignPlaces,
  compareRuns,
  costOf,
  coverageOf,
  failuresOf,
  findRun,
  formatCost,
  mcnemarRuns,
  newestVersion,
  percent,
  protocolRef,
  rankRuns,
  scoreRun,
  type RunForScoring,
  type RunScore,
  type SlotOutcome,
  type Verdict,
} from './scoring.ts';
import { mcnemarExact } from './stats.ts';

/** One slot per verdict, permutations 0,1,2,... in order; key A, chosen A when correct. */
function slots(question: string, sourceEval: string, verdicts: Verdict[], extra: Partial<SlotOutcome> = {}): SlotOutcome[] {
  return verdicts.map((verdict, i) => ({
    question,
    sourceEval,
    permutation: i % 3,
    repetition: Math.floor(i / 3),
    verdict,
    chosen: verdict === 'correct' ? 'A' : verdict === 'incorrect' ? 'B' : null,
    key: 'A',
    answerText: verdict === 'truncated' || verdict === 'interrupted' ? null : `answer ${verdict}`,
    attempts: verdict === 'provider_failure' ? 3 : 1,
    costUsd: 0.001,
    unknownCostAttempts: 0,
    ...extra,
  }));
}

let n = 0;
function run(model: string, s: SlotOutcome[], over: Partial<RunForScoring> = {}): RunForScoring {
  n++;
  const hex = n.toString(16).padStart(64, '0');
  return {
    run: `sha256:${hex}`,
    grade: `sha256:${'f'.repeat(63)}${n % 10}`,
    runId: `run-${model}-${n}`,
    model,
    status: 'sealed',
    benchmarkVersion: 'v1',
    sealedAt: `2026-01-${String(10 + (n % 20)).padStart(2, '0')}T00:00:00Z`,
    planned: s.length,
    slots: s,
    ...over,
  };
}

const C: Verdict = 'correct';
const I: Verdict = 'incorrect';

describe('scoreRun: the protocol on hand-computed cases', () => {
  it('unequal question counts per source eval: equal weight per source eval, not per question', () => {
    const r = run('m', [
      ...slots('q1', 'cat1/x', [C, C, I]), // 2/3
      ...slots('q2', 'cat1/x', [C, C, C]), // 1
      ...slots('q3', 'cat2/y', ['incorrect', 'invalid', 'provider_failure']), // 0
    ]);
    const s = scoreRun(r);
    // (mean(2/3, 1) + 0) / 2 = 5/12; the plain question mean would be 5/9
    expect(s.score).toBeCloseTo(5 / 12, 12);
    expect(s.sourceEvals).toEqual([
      { name: 'cat1/x', score: expect.closeTo(5 / 6, 12), questions: 2 },
      { name: 'cat2/y', score: 0, questions: 1 },
    ]);
    expect(s.categories.map((c) => c.name)).toEqual(['cat1', 'cat2']);
    expect(s.coverage).toMatchObject({ planned: 9, scored: 9, correct: 5, incorrect: 2, invalid: 1, providerFailures: 1, truncated: 0, interrupted: 0, fraction: 1 });
    expect(s.passRate.correct).toBe(5);
    expect(s.passRate.trials).toBe(9);
  });

  it('invalid and provider failures count as incorrect; truncated are excluded and reported apart', () => {
    const r = run('m', [
      ...slots('q1', 'e/a', [C, 'truncated', I]), // 1/2: truncated left out of the denominator
      ...slots('q2', 'e/a', ['truncated', 'truncated', 'truncated']), // no counted slot: the question is left out
      ...slots('q3', 'e/b', [C, 'invalid', 'provider_failure']), // 1/3
    ]);
    const s = scoreRun(r);
    expect(s.score).toBeCloseTo((0.5 + 1 / 3) / 2, 12);
    expect(s.questions.map((q) => q.question)).toEqual(['q1', 'q3']);
    expect(s.coverage).toMatchObject({ planned: 9, scored: 5, truncated: 4, invalid: 1, providerFailures: 1, interrupted: 0 });
    expect(s.coverage.fraction).toBeCloseTo(5 / 9, 12);
  });

  it('an interrupted run: unrecorded planned slots and interrupted slots lower coverage, not the score', () => {
    const r = run('m', [...slots('q1', 'e/a', [C, C, 'interrupted']), ...slots('q2', 'e/a', [I])], { status: 'interrupted', planned: 9 });
    const s = scoreRun(r);
    expect(s.score).toBeCloseTo((1 + 0) / 2, 12);
    expect(s.coverage).toMatchObject({ planned: 9, scored: 3, interrupted: 1 + 5 });
    const ranking = rankRuns([r], 'v1');
    expect(ranking.rows).toEqual([]);
    expect(ranking.refused[0]).toMatchObject({ code: 'not-sealed' });
    expect(ranking.refused[0]!.reason).toContain('interrupted');
  });

  it('is deterministic and independent of slot order', () => {
    const s = [...slots('q1', 'e/a', [C, I, C]), ...slots('q2', 'e/b', [I, I, C]), ...slots('q3', 'e/b', [C, C, C]), ...slots('q4', 'f/c', [I, C, I])];
    const a = scoreRun(run('m', s));
    const b = scoreRun({ ...run('m', [...s].reverse()), run: a.run, grade: a.grade, runId: a.runId, sealedAt: a.sealedAt });
    expect(b).toEqual(a);
    expect(a.interval!.low).toBeLessThanOrEqual(a.score!);
    expect(a.interval!.high).toBeGreaterThanOrEqual(a.score!);
    expect(a.interval!.resamples).toBe(PROTOCOL.intervals.bootstrap.resamples);
  });

  it('a run with nothing counted has no score', () => {
    const s = scoreRun(run('m', slots('q', 'e/a', ['truncated'])));
    expect(s.score).toBeNull();
    expect(s.interval).toBeNull();
  });
});

describe('finish reasons per task kind', () => {
  it("counts the last attempt's finish_reason of each task slot; a question kind has none", () => {
    const task = (q: string, verdict: Verdict, finishReason: string | null, score: number | null) => slots(q, 'cat/t', [verdict], { kind: 'answer', score, finishReason });
    const r = run('m', [...task('t1', C, 'stop', 1), ...task('t2', 'truncated', 'length', null), ...task('t3', I, 'stop', 0), ...task('t4', I, null, 0), ...slots('q1', 'cat/q', [C])], {
      plannedByKind: { answer: 4, choice: 1 },
    });
    const s = scoreRun(r);
    expect(s.kinds?.answer?.finishReasons).toEqual({ length: 1, none: 1, stop: 2 });
    expect(Object.keys(s.kinds!.answer!.finishReasons!)).toEqual(['length', 'none', 'stop']); // sorted: the same bytes every time
    expect(s.kinds?.choice).not.toHaveProperty('finishReasons');
  });
});

describe('cost', () => {
  it('sums known cost and counts unknown attempts; unknown is never $0', () => {
    const s = [...slots('q', 'e/a', [C, C], { costUsd: 0.01 }), ...slots('r', 'e/a', [I], { costUsd: 0, unknownCostAttempts: 1 })];
    const c = costOf(s);
    expect(c).toEqual({ knownUsd: 0.02, unknownAttempts: 1, attempts: 3 });
    expect(formatCost(c)).toBe('$0.0200 + 1 attempts unknown');
    const allUnknown = costOf(slots('q', 'e/a', [C, I], { costUsd: 0, unknownCostAttempts: 1 }));
    expect(formatCost(allUnknown)).toBe('unknown (2 attempts)');
    expect(formatCost(allUnknown)).not.toContain('$0');
    expect(formatCost(costOf(slots('q', 'e/a', [C], { costUsd: 0.5 })))).toBe('$0.5000');
  });
});

describe('ranking', () => {
  const good = (q: number, vs: Verdict[]) => Array.from({ length: q }, (_, i) => slots(`q${i}`, `e/s${i % 3}`, vs)).flat();

  it('refuses runs below 97 % coverage with the reason, accepts 97 % exactly', () => {
    const full = good(100, [C]);
    const low = run('low', [...full.slice(0, 96), ...full.slice(96).map((s) => ({ ...s, verdict: 'truncated' as Verdict }))]);
    const ok = run('ok', [...full.slice(0, 97), ...full.slice(97).map((s) => ({ ...s, verdict: 'interrupted' as Verdict }))]);
    expect(coverageOf(low).fraction).toBeCloseTo(0.96, 12);
    const r = rankRuns([low, ok], 'v1');
    expect(r.rows.map((x) => x.score.model)).toEqual(['ok']);
    expect(r.refused).toHaveLength(1);
    expect(r.refused[0]).toMatchObject({ code: 'low-coverage' });
    expect(r.refused[0]!.reason).toMatch(/96\.0 % is below 97 %/);
  });

  it('ranks only the chosen benchmark version, and the newest eligible run per model', () => {
    const s = good(10, [C, C, I]);
    const old = run('m', s, { sealedAt: '2026-01-01T00:00:00Z' });
    const newer = run('m', good(10, [C, C, C]), { sealedAt: '2026-02-01T00:00:00Z' });
    const newestBroken = run('m', s, { sealedAt: '2026-03-01T00:00:00Z', status: 'incomplete' });
    const otherVersion = run('m', s, { benchmarkVersion: 'v0', sealedAt: '2026-04-01T00:00:00Z' });
    const r = rankRuns([old, newer, newestBroken, otherVersion], 'v1');
    expect(r.rows.map((x) => x.score.run)).toEqual([newer.run]);
    expect(Object.fromEntries(r.refused.map((x) => [x.score.run, x.code]))).toEqual({ [old.run]: 'superseded', [newestBroken.run]: 'not-sealed', [otherVersion.run]: 'other-version' });
    expect(rankRuns([old, newer, newestBroken, otherVersion], 'v0').rows.map((x) => x.score.run)).toEqual([otherVersion.run]);
    expect(newestVersion([old, newer, otherVersion])).toBe('v0');
    expect(newestVersion([])).toBeNull();
  });

  it('models that are not significantly different share a place; a clearly worse one starts a new place', () => {
    const a = run('alpha', good(10, [C, C, C]));
    const b = run('beta', good(10, [C, C, C]));
    const c = run('gamma', good(10, [I, I, I]));
    const r = rankRuns([c, b, a], 'v1');
    expect(r.rows.map((x) => [x.place, x.score.model])).toEqual([
      [1, 'alpha'],
      [1, 'beta'],
      [3, 'gamma'],
    ]);
    expect(r.rows[2]!.test).toMatchObject({ against: 'alpha', newPlace: true, mcnemar: { b: 30, c: 0 } });
    expect(r.protocol).toEqual(protocolRef());
    expect(r.protocol.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("the protocol digest written down is the protocol bundle's digest", () => {
    expect(protocolRef().digest).toBe(encodeBundle(PROTOCOL).descriptor.digest);
  });
});

describe('assignPlaces: Holm over the adjacent steps', () => {
  const fake = (model: string, score: number) => ({ model, score }) as unknown as RunScore;
  const models = [fake('A', 0.9), fake('B', 0.8), fake('C', 0.7)];
  const table = (ps: Record<string, number>) => (x: RunScore, y: RunScore) => ({ b: 0, c: 0, p: ps[x.model + y.model]! });
  const places = (ps: Record<string, number>) => assignPlaces(models, table(ps)).map((r) => r.place);

  it('raw p below 0.05 but Holm-adjusted above: one shared place', () => {
    expect(places({ AB: 0.039, BC: 0.039, AC: 0.039 })).toEqual([1, 1, 1]);
  });
  it('a significant first step, then a tie', () => {
    expect(places({ AB: 0.01, BC: 0.5, AC: 0.01 })).toEqual([1, 2, 2]);
  });
  it('the test is against the first model of the current place', () => {
    expect(places({ AB: 0.5, BC: 0.001, AC: 0.001 })).toEqual([1, 1, 3]);
    expect(places({ AB: 0.5, BC: 0.001, AC: 0.3 })).toEqual([1, 1, 1]);
    const rows = assignPlaces(models, table({ AB: 0.5, BC: 0.001, AC: 0.001 }));
    expect(rows[2]!.test).toMatchObject({ against: 'A', adjustedP: expect.closeTo(0.002, 12) });
  });
  it('no models, no rows', () => {
    expect(assignPlaces([], table({}))).toEqual([]);
  });
});

describe('compare', () => {
  it('McNemar on shared counted slots: b=1, c=9 gives p 0.02148', () => {
    // 12 shared slots; A right / B wrong on 1, B right / A wrong on 9, 2 concordant; a truncated slot is not shared
    const va: Verdict[] = [C, I, I, I, I, I, I, I, I, I, C, C];
    const vb: Verdict[] = [I, C, C, C, C, C, C, C, C, C, C, C];
    const a = run('a', [...va.flatMap((v, i) => slots(`q${i}`, 'e/x', [v])), ...slots('qt', 'e/x', ['truncated'])]);
    const b = run('b', [...vb.flatMap((v, i) => slots(`q${i}`, 'e/x', [v])), ...slots('qt', 'e/x', [C])]);
    const m = mcnemarRuns(a, b);
    expect(m).toEqual(mcnemarExact(1, 9));
    expect(m.p).toBeCloseTo(0.02148, 5);
    const cmp = compareRuns(a, b);
    expect(cmp.sharedSlots).toBe(12);
    expect(cmp.sharedQuestions).toBe(12);
    expect(cmp.difference!.estimate).toBeCloseTo(3 / 12 - 11 / 12, 12);
    expect(cmp.difference!.high).toBeLessThan(0);
    expect(compareRuns(a, b)).toEqual(cmp); // fixed seed
  });
  it('runs with no shared questions have no difference and p = 1', () => {
    const cmp = compareRuns(run('a', slots('q1', 'e/x', [C])), run('b', slots('q2', 'e/x', [C])));
    expect(cmp.difference).toBeNull();
    expect(cmp.mcnemar.p).toBe(1);
  });
});

describe('failures and lookup', () => {
  it('lists incorrect, invalid, truncated and failed slots, nothing else', () => {
    const r = run('m', [...slots('q2', 'e/b', [C, 'interrupted', 'truncated']), ...slots('q1', 'e/a', [I, 'invalid', 'provider_failure'])]);
    expect(failuresOf(r).map((s) => [s.question, s.verdict])).toEqual([
      ['q1', 'incorrect'],
      ['q1', 'invalid'],
      ['q1', 'provider_failure'],
      ['q2', 'truncated'],
    ]);
  });
  it('finds a run by digest, unique prefix or run id', () => {
    const a = run('a', slots('q', 'e/a', [C]));
    const b = run('b', slots('q', 'e/a', [C]));
    expect(findRun([a, b], a.run).run).toBe(a);
    expect(findRun([a, b], b.runId).run).toBe(b);
    expect(findRun([a, b], a.run.slice(7, 7 + 64)).run).toBe(a);
    expect(findRun([a, b], '0000').run).toBeUndefined(); // ambiguous prefix
    expect(findRun([a, b], '0000').candidates).toHaveLength(2);
    expect(findRun([a, b], 'nope').candidates).toHaveLength(0);
  });
  it('percent rounds to 4 decimals and keeps null', () => {
    expect(percent(5 / 12)).toBe(41.6667);
    expect(percent(null)).toBeNull();
  });
});
