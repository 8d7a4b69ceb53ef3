import { describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { planSlots, slotKey } from '../../replay/runs/journal.ts';
import { loadRun } from '../../replay/runs/runs.ts';
import { backoff, parseRetryAfter, SharedBackoff } from './rate-limit.ts';
import { sealLines } from '../../replay/runs/seal.ts';
import { REPO } from '../dev/testkit/recorder.ts';

describe('Retry-After', () => {
  const now = Date.parse('2026-12-01T12:00:00Z');
  it('reads delay-seconds (also fractional) and caps at 60 s', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 1.5 ', now)).toBe(1500);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('3600', now)).toBe(60_000);
  });
  it('reads an HTTP-date (IMF-fixdate, RFC 850, asctime); a past date is 0', () => {
    expect(parseRetryAfter('Tue, 01 Dec 2026 12:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Tuesday, 01-Dec-26 12:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('Tue Dec  1 12:00:05 2026', now)).not.toBeNull();
    expect(parseRetryAfter('Tue, 01 Dec 2026 11:00:00 GMT', now)).toBe(0);
  });
  it('anything else is no hint', () => {
    for (const v of [null, '', '-5', '1e3', 'soon', 'NaN']) expect(parseRetryAfter(v, now)).toBeNull();
  });
  it('the backoff is at least Retry-After', () => {
    expect(backoff(10, 1, 5000, 0.5)).toBe(5000);
    expect(backoff(1000, 3, null, 0)).toBe(2000);
  });
});

describe('the shared backoff', () => {
  it('pushes only extend it; every waiter waits for the latest', async () => {
    let t = 0;
    const g = new SharedBackoff(() => t);
    g.push(100);
    g.push(50);
    expect(g.remaining()).toBe(100);
    t = 60;
    expect(g.remaining()).toBe(40);
    const real = new SharedBackoff();
    real.push(80);
    const t0 = Date.now();
    await Promise.all([real.wait(), real.wait()]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(75);
  });
});

describe('the seal order', () => {
  it('is the identity on every shipped run (recorded one request at a time): same lines, same head', () => {
    const a = new Archive(`${REPO}evidence`);
    try {
      const ids = a.store
        .listRefs()
        .filter((r) => r.name.startsWith('runs/'))
        .map((r) => r.name.slice(5));
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) {
        const run = loadRun(a, id);
        const order = planSlots(run.plan.questions, run.plan.permutations, run.plan.repetitions, run.plan.tasks).map(slotKey);
        const sealed = sealLines(run.lines, order, run.run.plan);
        expect(sealed.head).toBe(run.run.head);
        expect(sealed.lines).toEqual(run.lines);
      }
    } finally {
      a.close();
    }
  });

  it('sorts by slot then attempt, renumbers, re-chains, and keeps the body on the first line of each hash', () => {
    const a = new Archive(`${REPO}evidence`);
    try {
      const run = loadRun(a, 'ref-flaky-1');
      const order = planSlots(run.plan.questions, run.plan.permutations, run.plan.repetitions, run.plan.tasks).map(slotKey);
      // Completion order: reversed, and the bodies moved to whichever line now comes first.
      const shuffled = [...run.lines].reverse().map((l, i) => ({ ...l, seq: i }));
      const seen = new Set<string>();
      for (const l of shuffled) {
        const body = run.lines.find((x) => x.requestHash === l.requestHash && x.request)?.request;
        delete l.request;
        if (!seen.has(l.requestHash)) {
          seen.add(l.requestHash);
          l.request = body;
        }
      }
      const sealed = sealLines(shuffled, order, run.run.plan);
      expect(sealed.head).toBe(run.run.head);
      expect(sealed.lines).toEqual(run.lines);
    } finally {
      a.close();
    }
  });
});
