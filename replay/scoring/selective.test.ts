import { finding } from '../findings.ts';
import { describe, expect, it } from 'vitest';
import { sha256, type Digest } from '../format/digest.ts';
import type { History, HistoryRun } from '../runs/history.ts';
import type { PlanRecord } from '../runs/plans.ts';
import { selectiveAudit, type PublishedRun } from './selective.ts';

const V = sha256('benchmark version') as Digest;
const d = (s: string) => sha256(s) as Digest;

function run(id: string, startedAt: string, over: Partial<HistoryRun> = {}): HistoryRun {
  return { digest: d(id), runId: id, model: 'm', benchmarkVersion: V, status: 'sealed', planRecord: null, startedAt, sealedAt: startedAt, planned: 144, done: 144, current: true, ...over };
}
function plan(seq: number, previous: Digest | null, model = 'm'): PlanRecord {
  return {
    digest: d(`plan ${seq}`),
    value: { kind: 'plan-record', schemaVersion: 1, seq, previous, plan: d(`frozen ${seq}`), model, benchmarkVersion: V, committedAt: `2026-01-0${seq + 1}T00:00:00Z` },
  };
}
const history = (runs: HistoryRun[], records: PlanRecord[] = []): History => ({ log: { head: records.at(-1)?.digest ?? null, records, offChain: [], findings: [] }, runs });
const published = (r: string, score: number): PublishedRun => ({ model: 'm', benchmarkVersion: V, where: 'rows[0]', run: d(r), score, decimals: 1 });
const scores = new Map<string, number | null>([
  [d('r1'), 64.0],
  [d('r2'), 61.2],
  [d('r3'), 71.3],
  [d('r4'), 66.8],
]);

describe('the selective-reporting rule (scoring.md "Selective reporting")', () => {
  it('three sealed runs of one model, the best published: ESELECTIVE naming the other two with their scores', () => {
    const h = history([run('r1', '2026-01-01'), run('r2', '2026-01-02'), run('r3', '2026-01-03')]);
    const r = selectiveAudit([published('r3', 71.3)], h, scores);
    expect(r.ok).toBe(false);
    expect(r.rows[0]).toMatchObject({ status: 'selected', rule: 'unregistered', expected: { runId: 'r1' } });
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ severity: 'error', code: 'ESELECTIVE', data: { path: 'rows[0]', digest: d('r3'), others: [{ runId: 'r1' }, { runId: 'r2' }] } });
    expect(r.findings[0]!.message).toContain('published 71.3 (run r3); 2 other runs: 64.0 (r1), 61.2 (r2)');
    expect(r.rows[0]!.runs.map((x) => [x.runId, x.published, x.expected])).toEqual([
      ['r1', false, true],
      ['r2', false, false],
      ['r3', true, false],
    ]);
  });

  it('--allow-selected makes it a hint and says so; the first complete run published is clean, with a hint that nothing was registered', () => {
    const h = history([run('r1', '2026-01-01'), run('r2', '2026-01-02'), run('r3', '2026-01-03')]);
    const allowed = selectiveAudit([published('r3', 71.3)], h, scores, { allowSelected: true });
    expect(allowed).toMatchObject({ ok: true, allowSelected: true, findings: [{ severity: 'hint', code: 'HSELECTED' }] });
    expect(allowed.findings[0]!.message).toContain('allowed by --allow-selected');
    const first = selectiveAudit([published('r1', 64.0)], h, scores);
    expect(first).toMatchObject({ ok: true, rows: [{ status: 'first', rule: 'unregistered' }], findings: [{ severity: 'hint', code: 'HUNREGISTERED' }] });
  });

  it('an incomplete (stopped) run before it does not count as the first complete run; a later complete one published is still selected', () => {
    const h = history([run('r1', '2026-01-01', { status: 'incomplete', done: 40 }), run('r2', '2026-01-02'), run('r3', '2026-01-03')]);
    expect(selectiveAudit([published('r2', 61.2)], h, scores).rows[0]!.status).toBe('first');
    expect(selectiveAudit([published('r3', 71.3)], h, scores).findings[0]!.message).toContain('64.0 (r1, incomplete)');
  });

  it('the first complete run of the first registered plan published is clean; a stopped and a never-run plan are listed', () => {
    const p0 = plan(0, null);
    const p1 = plan(1, p0.digest);
    const p2 = plan(2, p1.digest);
    const h = history(
      [
        run('r1', '2026-01-01', { planRecord: p0.digest }), // the first registered plan, run to the end
        run('r2', '2026-01-02', { planRecord: p1.digest, status: 'incomplete', done: 12 }), // stopped by a budget
        run('r3', '2026-01-03', { planRecord: p0.digest }), // the same plan run again
      ],
      [p0, p1, p2],
    );
    const r = selectiveAudit([published('r1', 64.0)], h, scores);
    expect(r).toMatchObject({ ok: true, findings: [], rows: [{ status: 'first', rule: 'registered' }] });
    expect(r.rows[0]!.plans.map((p) => [p.seq, p.status, p.runs])).toEqual([
      [0, 'complete', ['r1', 'r3']],
      [1, 'stopped', ['r2']],
      [2, 'never run', []],
    ]);
    expect(selectiveAudit([published('r3', 71.3)], h, scores).findings[0]!.code).toBe('ESELECTIVE'); // a second run of the plan
  });

  it('with a registered plan, an unregistered run published is selected even when it came first; a first plan never completed selects every run', () => {
    const p0 = plan(0, null);
    const h = history([run('r1', '2026-01-01'), run('r2', '2026-01-02', { planRecord: p0.digest })], [p0]);
    expect(selectiveAudit([published('r1', 64.0)], h, scores).findings[0]!.message).toContain('was first completed by run r2');
    expect(selectiveAudit([published('r2', 61.2)], h, scores).ok).toBe(true);
    const stopped = history([run('r2', '2026-01-02', { planRecord: p0.digest, status: 'interrupted' }), run('r4', '2026-01-03')], [p0]);
    const r = selectiveAudit([published('r4', 66.8)], stopped, scores);
    expect(r.findings[0]).toMatchObject({ code: 'ESELECTIVE', message: expect.stringContaining('has no complete run (stopped)') });
  });

  it('other models and versions are not counted; a broken plan log fails the audit', () => {
    const h = history([run('r1', '2026-01-01', { model: 'other' }), run('r2', '2026-01-02', { benchmarkVersion: d('old') }), run('r3', '2026-01-03')]);
    expect(selectiveAudit([published('r3', 71.3)], h, scores)).toMatchObject({ ok: true, rows: [{ status: 'first', runs: [{ runId: 'r3' }] }] });
    const broken = { ...h, log: { ...h.log, findings: [finding('EPLANLOG', 'off the log', { path: 'refs/plans/head', digest: null })] } };
    expect(selectiveAudit([published('r3', 71.3)], broken, scores).ok).toBe(false);
  });
});
