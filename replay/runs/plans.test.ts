import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO, tempDir } from '../../cli/dev/testkit/core.ts';
import { DocketError } from '../errors.ts';
import type { Digest } from '../format/digest.ts';
import { Archive } from '../index/archive.ts';
import { commitPlan, loadPlanRecord, PLAN_LOG_REF, planRecordValue, readPlanLog, requireRegistered } from './plans.ts';
import type { PlanValue } from './runs.ts';

let archive: Archive;
let plan: PlanValue;

beforeEach(() => {
  const dir = join(tempDir('docket-plans-'), 'evidence');
  cpSync(join(REPO, 'evidence', 'objects'), join(dir, 'objects'), { recursive: true });
  archive = new Archive(dir);
  const shipped = readFileSync(join(REPO, 'evidence', 'refs', 'runs', 'ref-coin-1'), 'utf8').trim() as Digest;
  const run = archive.get(shipped).value as { plan: Digest };
  plan = archive.get(run.plan).value as unknown as PlanValue;
});
afterEach(() => archive.close());

const codes = () => readPlanLog(archive).findings.map((f) => f.code);

describe('the plan log (design.md §22)', () => {
  it('appends hash-chained records: seq, previous, the frozen plan; refs/plans/head names the newest', () => {
    const a = commitPlan(archive, plan, '2026-12-01T00:00:00.000Z');
    const b = commitPlan(archive, { ...plan, repetitions: 2 }, '2026-12-02T00:00:00.000Z');
    expect(a.record.value).toMatchObject({ kind: 'plan-record', seq: 0, previous: null, plan: a.plan, model: 'coin', benchmarkVersion: plan.benchmarkVersion });
    expect(b.record.value).toMatchObject({ seq: 1, previous: a.record.digest });
    expect(archive.ref(PLAN_LOG_REF)).toBe(b.record.digest);
    const log = readPlanLog(archive);
    expect(log.records.map((r) => r.digest)).toEqual([a.record.digest, b.record.digest]);
    expect(log.findings).toEqual([]);
    // The same flags freeze the same plan: its digest does not depend on when it was committed.
    expect(commitPlan(archive, plan, '2026-12-03T00:00:00.000Z').plan).toBe(a.plan);
  });

  it('a commit killed before it moved the head is EPLANLOG until the next commit finishes it; a fork stays EPLANLOG', () => {
    const a = commitPlan(archive, plan, '2026-12-01T00:00:00.000Z');
    const orphan = archive.put(planRecordValue(a.plan, plan, a.record, '2026-12-02T00:00:00.000Z')).digest; // stored, head not moved
    expect(readPlanLog(archive).findings).toEqual([
      expect.objectContaining({ code: 'EPLANLOG', data: expect.objectContaining({ digest: orphan }), message: expect.stringContaining('the next `docket plan commit` finishes it') }),
    ]);
    const c = commitPlan(archive, plan, '2026-12-03T00:00:00.000Z');
    expect(c.finished).toBe(orphan);
    expect(c.record.value).toMatchObject({ seq: 2, previous: orphan });
    expect(codes()).toEqual([]);
    // Two records after the same one: a fork, which no commit resolves.
    archive.put(planRecordValue(a.plan, plan, loadPlanRecord(archive, orphan), '2026-12-04T00:00:00.000Z'));
    commitPlan(archive, { ...plan, repetitions: 3 }, '2026-12-05T00:00:00.000Z');
    expect(codes()).toEqual(['EPLANLOG']);
  });

  it('a record that names another model than its plan, or a head moved back, is EPLANLOG', () => {
    const a = commitPlan(archive, plan, '2026-12-01T00:00:00.000Z');
    const liar = archive.put({ ...planRecordValue(a.plan, plan, a.record, '2026-12-02T00:00:00.000Z'), model: 'oracle' }).digest;
    archive.setRef(PLAN_LOG_REF, liar);
    expect(readPlanLog(archive).findings.map((f) => f.message)).toEqual([expect.stringContaining('names model oracle')]);
    const b = commitPlan(archive, plan, '2026-12-03T00:00:00.000Z');
    archive.setRef(PLAN_LOG_REF, a.record.digest); // the newest records dropped from the log
    expect(
      readPlanLog(archive)
        .offChain.map((r) => r.digest)
        .sort(),
    ).toEqual([b.record.digest, liar].sort());
    expect(codes()).toEqual(['EPLANLOG', 'EPLANLOG']);
  });

  it('run --plan: the plan a run would freeze must be the registered one, else EPLANMISMATCH naming each field', () => {
    const a = commitPlan(archive, plan, '2026-12-01T00:00:00.000Z');
    expect(requireRegistered(archive, a.record.digest.slice(0, 16), plan).digest).toBe(a.record.digest);
    let e: unknown;
    try {
      requireRegistered(archive, a.record.digest, { ...plan, params: { ...plan.params, seed: 7 }, model: 'oracle' });
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(DocketError);
    expect((e as DocketError).code).toBe('EPLANMISMATCH');
    expect((e as DocketError).message).toContain('/model: registered "coin", this run "oracle"; /params/seed: registered (absent), this run 7');
    expect(() => requireRegistered(archive, 'sha256:0000', plan)).toThrow(/no plan record sha256:0000/);
  });
});
