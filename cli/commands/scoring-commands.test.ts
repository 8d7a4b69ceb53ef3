import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunForScoring, SlotOutcome, Verdict } from '../../replay/scoring/scoring.ts';
import type { Unscored } from '../../replay/scoring/scoring-input.ts';

/**
 * The five scoring commands end to end through cli/main.ts, with the archive adapter
 * (replay/scoring/scoring-input.ts) replaced by in-memory fakes.
 */
const fake = vi.hoisted(() => ({ runs: [] as RunForScoring[], unscored: [] as Unscored[] }));
vi.mock('../../replay/scoring/scoring-input.ts', () => ({
  loadRunsForScoring: () => fake.runs,
  currentBenchmarkVersion: () => null,
  unscoredRuns: () => fake.unscored,
  slotsWithAnswers: (_a: string, r: RunForScoring) => r.slots,
}));
const { main } = await import('../main.ts');

function slots(model: string, verdictOf: (q: number, p: number) => Verdict): SlotOutcome[] {
  const out: SlotOutcome[] = [];
  for (let q = 0; q < 10; q++) {
    for (let p = 0; p < 3; p++) {
      const verdict = verdictOf(q, p);
      out.push({
        question: `q${q}`,
        sourceEval: `cat${q % 2}/e${q % 4}`,
        permutation: p,
        repetition: 0,
        verdict,
        chosen: verdict === 'correct' ? 'A' : 'B',
        key: 'A',
        answerText: `${model} says ${verdict === 'correct' ? 'A' : 'B'}`,
        attempts: 1,
        costUsd: 0.001,
        unknownCostAttempts: 0,
      });
    }
  }
  return out;
}
const hex = (c: string) => `sha256:${c.repeat(64)}`;
const mk = (model: string, c: string, v: (q: number, p: number) => Verdict, over: Partial<RunForScoring> = {}): RunForScoring => {
  const s = slots(model, v);
  return { run: hex(c), grade: hex('f'), runId: `run-${model}`, model, status: 'sealed', benchmarkVersion: 'v1', sealedAt: `2026-01-0${c}T00:00:00Z`, planned: s.length, slots: s, ...over };
};
const RUNS = [mk('strong', '1', () => 'correct'), mk('weak', '2', (q) => (q < 3 ? 'correct' : q === 9 ? 'invalid' : 'incorrect')), mk('cut', '3', () => 'correct', { status: 'interrupted' })];

let out = '';
let dir = '';
const dirs: string[] = [];
beforeEach(() => {
  out = '';
  process.exitCode = undefined;
  vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  dir = mkdtempSync(join(tmpdir(), 'docket-scoring-'));
  dirs.push(dir);
  fake.runs = RUNS;
  fake.unscored = [];
});
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const docket = (...args: string[]) => main(['--archive', dir, ...args]);

describe('docket leaderboard', () => {
  it('prints place, score, interval, coverage, cost and digests; lists unranked runs with the reason', async () => {
    expect(await docket('leaderboard')).toBe(0);
    expect(out).toMatch(/^1\s+strong\s+100\.0 %/m);
    expect(out).toMatch(/^2\s+weak\s+/m);
    expect(out).toContain(`run ${hex('1')} grade ${hex('f')}`);
    expect(out).toMatch(/cut run-cut .*run is interrupted/);
  });
  it('--json has the documented shape', async () => {
    expect(await docket('leaderboard', '--json')).toBe(0);
    const j = JSON.parse(out);
    expect(j.protocol.id).toBe('docket-decision-scoring');
    expect(j.rows.map((r: { place: number; model: string }) => [r.place, r.model])).toEqual([
      [1, 'strong'],
      [2, 'weak'],
    ]);
    expect(j.rows[0]).toMatchObject({ score: 100, run: hex('1'), grade: hex('f'), coverage: { planned: 30, scored: 30 } });
    expect(typeof j.rows[1].low).toBe('number');
    expect(j.refused).toMatchObject([{ model: 'cut', code: 'not-sealed' }]);
  });
  it('an unknown benchmark version is a usage error; an empty archive is not', async () => {
    expect(await docket('leaderboard', '--benchmark-version', 'v9')).toBe(2);
    fake.runs = [];
    expect(await docket('leaderboard')).toBe(0);
    expect(out).toContain('holds no runs: record one with `docket run`');
  });
  const UNSCORED: Unscored[] = [
    { runId: 'fresh', run: hex('9'), why: 'sealed, not graded yet', command: 'docket regrade fresh' },
    { runId: 'cut-short', run: null, why: 'stopped before it was sealed', command: 'docket run --resume cut-short' },
  ];
  it('lists the runs it does not score with the command that scores them, never "no runs"', async () => {
    fake.unscored = UNSCORED;
    expect(await docket('leaderboard')).toBe(0);
    expect(out).toContain('not scored:\n  fresh (999999999999): sealed, not graded yet: run `docket regrade fresh`\n  cut-short: stopped before it was sealed: run `docket run --resume cut-short`');
    fake.runs = [];
    out = '';
    expect(await docket('leaderboard')).toBe(0);
    expect(out).not.toMatch(/no runs/i);
    expect(out).toContain('none is ranked');
    expect(out).toContain('docket regrade fresh');
    out = '';
    expect(await docket('leaderboard', '--json')).toBe(0);
    expect(JSON.parse(out).unscored).toEqual(UNSCORED);
  });
});

describe('docket compare and failures', () => {
  it('compare prints the paired difference and McNemar', async () => {
    expect(await docket('compare', 'run-strong', hex('2').slice(0, 12), '--json')).toBe(0);
    const j = JSON.parse(out);
    expect(j).toMatchObject({ sharedQuestions: 10, sharedSlots: 30, mcnemar: { aOnlyCorrect: 21, bOnlyCorrect: 0 } });
    expect(j.difference.estimate).toBeGreaterThan(0);
    expect(j.mcnemar.p).toBeLessThan(0.001);
  });
  it('compare of an unknown run exits 2 with ENORUN', async () => {
    expect(await docket('compare', 'run-strong', 'nope', '--json')).toBe(2);
    expect(JSON.parse(out).error.code).toBe('ENORUN');
  });
  it('failures and compare of a run that is not scored name the command that scores it (ENOGRADE)', async () => {
    fake.unscored = [
      { runId: 'fresh', run: hex('9'), why: 'sealed, not graded yet', command: 'docket regrade fresh' },
      { runId: 'cut-short', run: null, why: 'stopped before it was sealed', command: 'docket run --resume cut-short' },
    ];
    expect(await docket('failures', 'fresh', '--json')).toBe(2);
    expect(JSON.parse(out).error).toMatchObject({ code: 'ENOGRADE', message: expect.stringContaining('run `docket regrade fresh` first') });
    out = '';
    expect(await docket('compare', 'run-strong', 'cut-short', '--json')).toBe(2);
    expect(JSON.parse(out).error).toMatchObject({ code: 'ENOGRADE', message: expect.stringContaining('run `docket run --resume cut-short` first') });
    out = '';
    expect(await docket('failures', 'nope', '--json')).toBe(2);
    expect(JSON.parse(out).error.message).toContain('the archive holds 3 scored run(s) and 2 not scored');
  });
  it('failures lists the slots with answer text, choice and key', async () => {
    expect(await docket('failures', 'run-weak', '--json')).toBe(0);
    const j = JSON.parse(out);
    expect(j.count).toBe(21);
    expect(j.failures[0]).toMatchObject({ verdict: expect.stringMatching(/incorrect|invalid/), chosen: 'B', key: 'A', answerText: 'weak says B' });
    out = '';
    expect(await docket('failures', 'run-weak')).toBe(0);
    expect(out).toContain('invalid  chosen B  key A');
  });
});

describe('docket audit', () => {
  const write = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  it('reproduced rows exit 0; one unit off in the last digit exits 1', async () => {
    const weak = JSON.parse((await docket('leaderboard', '--json'), out)).rows[1].score as number;
    const good = weak.toFixed(1);
    const off = (Number(good) + 0.1).toFixed(1);
    out = '';
    expect(await docket('audit', '--published', write('ok.csv', `model,score,benchmark,benchmarkVersion\nstrong,100.0,b,v1\nweak,${good},b,v1\n`))).toBe(0);
    expect(out).toContain('2 reproduced, 0 mismatch, 0 unverifiable');
    out = '';
    expect(await docket('audit', '--published', write('bad.json', JSON.stringify({ benchmark: 'b', benchmarkVersion: 'v1', rows: [{ model: 'weak', score: Number(off) }] })), '--json')).toBe(1);
    expect(JSON.parse(out)).toMatchObject({ ok: false, rows: [{ status: 'mismatch', published: Number(off) }] });
  });
  it('an unreadable or malformed file exits 2', async () => {
    expect(await docket('audit', '--published', join(dir, 'missing.json'))).toBe(2);
    expect(await docket('audit', '--published', write('x.json', '{"rows": 1}'))).toBe(2);
  });
});

describe('docket report', () => {
  it('writes index.html and report.json', async () => {
    const to = join(dir, 'site');
    expect(await docket('report', '--out', to)).toBe(0);
    expect(existsSync(join(to, 'index.html'))).toBe(true);
    const j = JSON.parse(readFileSync(join(to, 'report.json'), 'utf8'));
    expect(j).toMatchObject({ kind: 'docket-report', rows: [{ model: 'strong' }, { model: 'weak' }] });
    expect(readFileSync(join(to, 'index.html'), 'utf8')).toContain('weak');
  });
});
