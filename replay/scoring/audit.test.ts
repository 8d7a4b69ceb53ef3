import { describe, expect, it } from 'vitest';
import { auditPublished, parsePublished, precisionTolerance, type Published } from './audit.ts';
import { DocketError } from '../errors.ts';
import type { RunForScoring, SlotOutcome, Verdict } from './scoring.ts';

function slots(question: string, sourceEval: string, verdicts: Verdict[]): SlotOutcome[] {
  return verdicts.map((verdict, i) => ({ question, sourceEval, permutation: i, repetition: 0, verdict, chosen: null, key: 'A', answerText: null, attempts: 1, costUsd: 0, unknownCostAttempts: 1 }));
}
const C: Verdict = 'correct';
const I: Verdict = 'incorrect';
const T: Verdict = 'truncated';
const RUN = `sha256:${'a'.repeat(64)}`;

// Score 41.6667 %: source eval x = mean(2/3, 1), source eval y = 0 (see scoring.test.ts); full coverage, so rankable
const evidence: RunForScoring = {
  run: RUN,
  grade: `sha256:${'b'.repeat(64)}`,
  runId: 'run-1',
  model: 'model-a',
  status: 'sealed',
  benchmarkVersion: 'v1',
  sealedAt: '2026-01-01T00:00:00Z',
  planned: 9,
  benchmark: 'docket-decisions',
  providerModels: ['model-a'],
  slots: [...slots('q1', 'c/x', [C, C, I]), ...slots('q2', 'c/x', [C, C, C]), ...slots('q3', 'd/y', [I, I, I])],
};

const pubJson = (rows: unknown[], extra: Record<string, unknown> = {}) => JSON.stringify({ benchmark: 'docket-decisions', benchmarkVersion: 'v1', ...extra, rows });
const audit = (text: string, runs = [evidence], tolerance?: number) => auditPublished(parsePublished(text, 'pub.json'), runs, { tolerance, currentVersion: 'v1' });
const one = (score: number | string, extra: Record<string, unknown> = {}) => audit(pubJson([{ model: 'model-a', score, ...extra }])).rows[0]!;

describe('parsing a published leaderboard', () => {
  it('reads JSON rows with their precision', () => {
    const p = parsePublished(
      pubJson(
        [
          { model: 'm', score: 71.3, run: RUN, questions: 48, attempts: 144 },
          { model: 'n', score: '71.30' },
        ],
        { benchmarkVersion: 'v1' },
      ),
      'x.json',
    );
    expect(p).toMatchObject({ format: 'json', benchmark: 'docket-decisions', benchmarkVersion: 'v1' });
    expect(p.rows[0]).toMatchObject({ model: 'm', score: 71.3, decimals: 1, run: RUN, questions: 48, attempts: 144 });
    expect(p.rows[1]).toMatchObject({ score: 71.3, decimals: 2 }); // a string keeps trailing zeros
  });
  it('reads CSV with optional columns and quoted fields', () => {
    const p = parsePublished(`model,score,run,attempts,benchmark,benchmarkVersion,providerModel\n"gpt, large",71.30,${RUN},,b,v1,\nsmall,9,,12,b,v1,small-2026 small-2027\n`, 'x.csv');
    expect(p.format).toBe('csv');
    expect(p.rows).toEqual([
      { model: 'gpt, large', score: 71.3, decimals: 2, run: RUN, benchmark: 'b', benchmarkVersion: 'v1', where: 'line 2' },
      { model: 'small', score: 9, decimals: 0, attempts: 12, benchmark: 'b', benchmarkVersion: 'v1', providerModels: ['small-2026', 'small-2027'], where: 'line 3' },
    ]);
  });
  it('rejects malformed input with a coded usage error naming the place', () => {
    const code = (text: string, name = 'x.json') => {
      try {
        parsePublished(text, name);
      } catch (e) {
        expect(e).toBeInstanceOf(DocketError);
        return `${(e as DocketError).code} ${(e as DocketError).message}`;
      }
      return 'accepted';
    };
    expect(code('{"benchmark":"b","rows":[],"rows":[]}')).toMatch(/^EJSON/);
    expect(code(pubJson([{ model: 'm', score: 101 }]))).toMatch(/EPUBLISHED .*rows\[0\]\.score/);
    expect(code(pubJson([{ model: 'm', score: 1, extra: 1 }]))).toMatch(/unknown field "extra"/);
    expect(code(pubJson([{ model: 'm', score: 1, run: 'abc' }]))).toMatch(/run digest/);
    expect(code(pubJson([{ model: 'm', score: '7e1' }]))).toMatch(/plain decimal/);
    expect(code('score,model\n1,m', 'x.csv')).toMatch(/must start with model,score/);
    expect(code('model,score,colour\nm,1,red', 'x.csv')).toMatch(/unknown column/);
    const H = 'model,score,benchmark,benchmarkVersion';
    expect(code('model,score\nm,1', 'x.csv')).toMatch(/no benchmark column/);
    expect(code(`${H}\nm,1,b,v1,2`, 'x.csv')).toMatch(/line 2: 5 fields/);
    expect(code(`${H},questions\nm,1,b,v1,x`, 'x.csv')).toMatch(/non-negative integer/);
    expect(code(`${H}\nm,1,b,`, 'x.csv')).toMatch(/line 2\.benchmarkVersion: is empty/);
    expect(code(JSON.stringify({ benchmark: 'b', rows: [] }))).toMatch(/benchmarkVersion: is required/);
    expect(code(pubJson([{ model: 'm', score: 1, providerModel: 7 }]))).toMatch(/providerModel/);
  });
  it('tolerance is half a unit of the last published digit', () => {
    expect(precisionTolerance(1)).toBeCloseTo(0.05, 15);
    expect(precisionTolerance(0)).toBe(0.5);
    expect(precisionTolerance(2)).toBeCloseTo(0.005, 15);
  });
});

describe('auditing against the evidence', () => {
  it('reproduces a correctly rounded number and catches one unit changed in the last digit', () => {
    expect(one(41.7)).toMatchObject({ status: 'reproduced', recomputed: 41.6667, tolerance: expect.closeTo(0.05, 12) });
    expect(one(41.8)).toMatchObject({ status: 'mismatch', difference: expect.closeTo(0.1333, 4) });
    expect(one(41.6)).toMatchObject({ status: 'mismatch' });
    expect(one('41.67')).toMatchObject({ status: 'reproduced' });
    expect(one('41.68')).toMatchObject({ status: 'mismatch' });
    expect(one('41.6667')).toMatchObject({ status: 'reproduced' });
    expect(one('41.6668')).toMatchObject({ status: 'mismatch' });
    expect(one(42)).toMatchObject({ status: 'reproduced' }); // integer precision: ±0.5
  });
  it('an explicit tolerance overrides the published precision', () => {
    expect(audit(pubJson([{ model: 'model-a', score: 41.8 }]), [evidence], 0.2).rows[0]!.status).toBe('reproduced');
    expect(audit(pubJson([{ model: 'model-a', score: 41.7 }]), [evidence], 0.01).rows[0]!.status).toBe('mismatch');
  });
  it('ok is false on any mismatch, and on an unverifiable row unless allowed', () => {
    const text = pubJson([
      { model: 'model-a', score: 41.7 },
      { model: 'ghost', score: 50 },
      { model: 'model-a', score: 41.7, run: `sha256:${'c'.repeat(64)}` },
    ]);
    const r = audit(text);
    expect(r.rows.map((x) => x.status)).toEqual(['reproduced', 'unverifiable', 'unverifiable']);
    expect(r.rows[1]!.notes[0]).toMatch(/no run of ghost/);
    expect(r.rows[2]!.notes[0]).toMatch(/not in the archive \(it holds 1 other run/);
    expect(r).toMatchObject({ ok: false, counts: { reproduced: 1, mismatch: 0, unverifiable: 2 } });
    expect(auditPublished(parsePublished(text, 'x.json'), [evidence], { allowUnverifiable: true }).ok).toBe(true);
    expect(audit(pubJson([{ model: 'model-a', score: 41.8 }])).ok).toBe(false);
    expect(audit(pubJson([{ model: 'model-a', score: 41.8 }]), []).rows[0]!.status).toBe('unverifiable');
  });
  it('explains a number that counted truncated attempts as incorrect (excluded attempts)', () => {
    // truncated as 0: source eval y gets q4 = 0 too, still 0 → same score; use a run where it matters
    const r = { ...evidence, slots: [...slots('q1', 'c/x', [C, T, C]), ...slots('q2', 'd/y', [C, C, C])] }; // protocol: 1; truncated as 0: (2/3 + 1)/2
    const row = audit(pubJson([{ model: 'model-a', score: 83.3, attempts: 6 }]), [r]).rows[0]!;
    expect(row.status).toBe('mismatch');
    expect(row.recomputed).toBe(100);
    expect(row.explanations.map((e) => e.kind)).toEqual(['excluded-attempts', 'excluded-attempts']);
    expect(row.explanations[0]!.message).toMatch(/truncated-empty attempts are scored as incorrect/);
    expect(row.explanations[1]!.message).toMatch(/published over 6 attempts; the evidence scores 5/);
  });
  it('explains a number from before a regrade', () => {
    const regraded = { ...evidence, earlierGrades: [{ grade: `sha256:${'e'.repeat(64)}`, slots: evidence.slots.map((s) => ({ ...s, verdict: 'correct' as Verdict })) }] };
    const row = audit(pubJson([{ model: 'model-a', score: 100 }]), [regraded]).rows[0]!;
    expect(row.status).toBe('mismatch');
    expect(row.explanations[0]).toMatchObject({ kind: 'newer-regrade' });
    expect(row.explanations[0]!.message).toContain(`sha256:${'e'.repeat(64)}`);
  });
  it('a different benchmark version is an identity mismatch even when the number matches; says when nothing explains a number', () => {
    const row = audit(pubJson([{ model: 'model-a', score: 41.7, run: RUN }], { benchmarkVersion: 'v0' })).rows[0]!;
    expect(row).toMatchObject({ status: 'mismatch', identity: [{ field: 'benchmarkVersion', published: 'v0', recorded: 'v1' }], explanations: [] });
    expect(one(12.3).explanations).toEqual([{ kind: 'unexplained', message: expect.stringMatching(/cannot tell/) }]);
    expect(one(41.7).identity).toEqual([]);
  });
  it('checks the model against the requested model, and a providerModel, when given, against the provider-returned ids', () => {
    const renamed = audit(pubJson([{ model: 'model-b', score: 41.7, run: RUN }])).rows[0]!;
    expect(renamed.status).toBe('mismatch');
    expect(renamed.identity.map((m) => m.field)).toEqual(['model']);
    expect(audit(pubJson([{ model: 'model-b', providerModel: 'model-b', score: 41.7, run: RUN }])).rows[0]!.identity.map((m) => m.field)).toEqual(['model', 'providerModel']);
    // No providerModel (issue #37): not a mismatch; a hint names the ids to publish.
    const dated = { ...evidence, providerModels: ['model-a-2026-01-01'] };
    const plain = audit(pubJson([{ model: 'model-a', score: 41.7 }]), [dated]).rows[0]!;
    expect(plain).toMatchObject({ status: 'reproduced', identity: [] });
    expect(plain.notes).toEqual([expect.stringMatching(/^hint: the row names no providerModel; .*publish providerModel "model-a-2026-01-01"/)]);
    expect(one(41.7).notes).toEqual([]); // answered as the model it asked for: nothing to say
    expect(audit(pubJson([{ model: 'model-a', providerModel: 'model-a-2026-01-01', score: 41.7 }]), [dated]).rows[0]!.status).toBe('reproduced');
    expect(audit(pubJson([{ model: 'model-a', providerModel: 'model-a-2027', score: 41.7 }]), [dated]).rows[0]!.identity.map((m) => m.field)).toEqual(['providerModel']);
    expect(audit(pubJson([{ model: 'model-a', score: 41.7 }], { benchmark: 'other' })).rows[0]!.identity.map((m) => m.field)).toEqual(['benchmark']);
  });
  it('a published number for a run the protocol refuses to rank is a mismatch, and says why', () => {
    const partial = { ...evidence, status: 'incomplete' as const };
    const row = audit(pubJson([{ model: 'model-a', score: 41.7 }]), [partial]).rows[0]!;
    expect(row.status).toBe('mismatch');
    expect(row.identity).toEqual([expect.objectContaining({ field: 'rankable', message: 'published, but not rankable: run is incomplete, not sealed and complete' })]);
    expect(row.notes.join(' ')).toMatch(/no ranked run.*incomplete/);
    const low = { ...evidence, planned: 10 };
    expect(audit(pubJson([{ model: 'model-a', score: 41.7 }]), [low]).rows[0]!.identity[0]!.message).toBe('published, but not rankable: coverage 90.0 % < 97 % (9 of 10 slots scored)');
  });
  it('a fraction published for a percent: a mismatch naming the slip', () => {
    const row = one('0.417');
    expect(row.status).toBe('mismatch');
    expect(row.explanations).toEqual([{ kind: 'fraction-not-percent', message: expect.stringMatching(/published 0\.417 reads as a fraction: as a percent it is 41\.7/) }]);
    expect(one('0.5').explanations.map((e) => e.kind)).toEqual(['unexplained']); // 50 % is not what the evidence gives
  });
  it('two rows whose numbers were swapped: each names the other', () => {
    const other: RunForScoring = {
      ...evidence,
      run: `sha256:${'c'.repeat(64)}`,
      runId: 'run-2',
      model: 'model-b',
      providerModels: ['model-b'],
      slots: evidence.slots.map((s) => ({ ...s, verdict: C })),
    };
    const r = audit(
      pubJson([
        { model: 'model-a', score: 100, run: RUN },
        { model: 'model-b', score: 41.7, run: other.run },
      ]),
      [evidence, other],
    );
    expect(r.rows.map((x) => x.status)).toEqual(['mismatch', 'mismatch']);
    expect(r.rows[0]!.explanations).toEqual([{ kind: 'swapped', message: expect.stringMatching(/published 100 is what the evidence gives model-b \(rows\[1\].*the two rows' numbers are swapped/) }]);
    expect(r.rows[1]!.explanations).toEqual([{ kind: 'swapped', message: expect.stringMatching(/published 41\.7 is what the evidence gives model-a \(rows\[0\]/) }]);
  });
  it("docket's own leaderboard --json and report.json are read as they are", () => {
    const ranking = {
      ok: true,
      protocol: { id: 'p', version: 1, digest: 'sha256:x' },
      benchmark: 'docket-decisions',
      benchmarkVersion: 'v1',
      scale: 'percent',
      rows: [{ place: 1, model: 'model-a', score: 41.6667, run: RUN, providerModels: ['model-a'], coverage: { scored: 9 }, categories: [] }],
      refused: [{ model: 'x', score: 12 }],
      measuredOn: [],
    };
    const p = parsePublished(JSON.stringify(ranking), 'board.json');
    expect(p).toMatchObject({ format: 'docket', benchmark: 'docket-decisions', benchmarkVersion: 'v1' });
    expect(p.rows).toEqual([{ model: 'model-a', score: 41.6667, decimals: 4, run: RUN, attempts: 9, providerModels: ['model-a'], where: 'rows[0]' }]);
    expect(auditPublished(p, [evidence]).ok).toBe(true);
    const report = { ...ranking, kind: 'docket-report', title: 't' };
    expect(auditPublished(parsePublished(JSON.stringify(report), 'report.json'), [evidence]).ok).toBe(true);
    const off = { ...ranking, rows: [{ ...ranking.rows[0], score: 41.6 }] };
    expect(auditPublished(parsePublished(JSON.stringify(off), 'board.json'), [evidence]).rows[0]!.status).toBe('mismatch'); // four decimals: ±0.00005
    expect(() => parsePublished(JSON.stringify({ ...ranking, benchmarkVersion: null, rows: [] }), 'board.json')).toThrow(/ranked no run/);
  });
  it('is pure and deterministic', () => {
    const p: Published = parsePublished(pubJson([{ model: 'model-a', score: 41.7 }]), 'x.json');
    expect(auditPublished(p, [evidence])).toEqual(auditPublished(p, [evidence]));
  });
});
