import { describe, expect, it } from 'vitest';
import { bootstrapMean, clusteredBootstrap, clusteredMean, holm, mcnemarExact, normalQuantile, pairedBootstrap, quantileSorted, seededRng, wilson, xoshiro128ss } from './stats.ts';

const OPTS = { resamples: 2000, confidence: 0.95, seed: 'test-seed' };

describe('wilson', () => {
  it('matches the known interval for 7/10', () => {
    const w = wilson(7, 10);
    expect(w.low).toBeCloseTo(0.3968, 4);
    expect(w.high).toBeCloseTo(0.8922, 4);
  });
  it('handles the edges 0/10 and 10/10', () => {
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(wilson(10, 10).high).toBe(1);
    expect(wilson(10, 10).low).toBeCloseTo(0.7225, 4);
  });
  it('is the whole range with no trials and refuses impossible counts', () => {
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
    expect(() => wilson(11, 10)).toThrow(RangeError);
  });
});

describe('normalQuantile', () => {
  it('gives the familiar z values', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963985, 8);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 12);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326347874, 8);
  });
});

describe('exact McNemar', () => {
  it('b=1, c=9 gives p = 22/1024', () => {
    const m = mcnemarExact(1, 9);
    expect(m.p).toBeCloseTo(0.021484375, 9);
    expect(mcnemarExact(9, 1).p).toBeCloseTo(0.021484375, 9); // symmetric
  });
  it('b=0, c=5 gives p = 2/32; balanced tables and empty tables give 1', () => {
    expect(mcnemarExact(0, 5).p).toBeCloseTo(0.0625, 12);
    expect(mcnemarExact(5, 5).p).toBe(1);
    expect(mcnemarExact(0, 0).p).toBe(1);
  });
  it('stays finite for large tables', () => {
    const m = mcnemarExact(400, 600);
    expect(m.p).toBeGreaterThan(0);
    expect(m.p).toBeLessThan(1e-9);
  });
});

describe('holm', () => {
  it('adjusts step-down and keeps the input order', () => {
    const adj = holm([0.01, 0.04, 0.03]);
    expect(adj[0]).toBeCloseTo(0.03, 12);
    expect(adj[1]).toBeCloseTo(0.06, 12);
    expect(adj[2]).toBeCloseTo(0.06, 12);
  });
  it('caps at 1 and is monotone in the sorted order', () => {
    expect(holm([0.5, 0.6])).toEqual([1, 1]);
    const adj = holm([0.001, 0.02, 0.04, 0.3]);
    [0.004, 0.06, 0.08, 0.3].forEach((x, k) => expect(adj[k]).toBeCloseTo(x, 12));
    expect(holm([])).toEqual([]);
  });
});

describe('seeded PRNG', () => {
  it('follows the xoshiro128** reference sequence for state [1,2,3,4]', () => {
    const rng = xoshiro128ss(new Uint32Array([1, 2, 3, 4]));
    expect([rng(), rng(), rng()].map((x) => x * 2 ** 32)).toEqual([11520, 0, 5927040]);
  });
  it('same seed → same stream; different seed → different stream', () => {
    const a = seededRng('docket-bootstrap-v1');
    const b = seededRng('docket-bootstrap-v1');
    const c = seededRng('docket-bootstrap-v2');
    const xa = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(xa);
    expect(Array.from({ length: 5 }, c)).not.toEqual(xa);
    for (const x of xa) expect(x >= 0 && x < 1).toBe(true);
  });
  it('is roughly uniform', () => {
    const rng = seededRng('uniform');
    const n = 20000;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += rng();
    expect(sum / n).toBeGreaterThan(0.49);
    expect(sum / n).toBeLessThan(0.51);
  });
});

describe('bootstraps', () => {
  const values = [1, 0, 1, 1, 0, 1, 0.5, 1, 0, 1, 1, 0.25];
  it('type-7 quantile interpolates', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4], 0)).toBe(1);
    expect(quantileSorted([1, 2, 3, 4], 1)).toBe(4);
  });
  it('same seed → same interval; another seed → a different one', () => {
    const a = bootstrapMean(values, OPTS);
    expect(bootstrapMean(values, OPTS)).toEqual(a);
    const b = bootstrapMean(values, { ...OPTS, seed: 'other' });
    expect([b.low, b.high]).not.toEqual([a.low, a.high]);
    expect(a.low).toBeLessThan(a.estimate);
    expect(a.high).toBeGreaterThan(a.estimate);
  });
  it('a constant sample has a zero-width interval', () => {
    const r = clusteredBootstrap([[0.5, 0.5], [0.5]], OPTS);
    expect(r).toMatchObject({ estimate: 0.5, low: 0.5, high: 0.5 });
  });
  it('clustered: the estimate gives every cluster equal weight, and the interval is reproducible', () => {
    const clusters = [[1, 1, 1, 1], [0], [1, 0]];
    expect(clusteredMean(clusters)).toBeCloseTo((1 + 0 + 0.5) / 3, 12);
    const a = clusteredBootstrap(clusters, OPTS);
    expect(a.estimate).toBeCloseTo(0.5, 12);
    expect(clusteredBootstrap(clusters, OPTS)).toEqual(a);
    expect(a.low).toBeGreaterThanOrEqual(0);
    expect(a.high).toBeLessThanOrEqual(1);
    expect(a.low).toBeLessThan(a.high);
  });
  it('draw exactly what they drew before the generator became a class (published intervals keep their digits)', () => {
    // Pinned from the closure-over-Uint32Array generator this replaced: every bootstrap, every digit.
    const clusters = Array.from({ length: 48 }, (_, i) => Array.from({ length: 1 + (i % 4) }, (_, j) => ((i * 7 + j * 3) % 5) / 4));
    expect(clusteredBootstrap(clusters, { resamples: 2000, confidence: 0.95, seed: 'docket-bootstrap-v1' })).toEqual({
      estimate: 0.4852430555555556,
      low: 0.407107204861111,
      high: 0.5638129340277778,
      resamples: 2000,
    });
    expect(bootstrapMean(clusters.flat(), { resamples: 500, confidence: 0.9, seed: 'x' })).toEqual({
      estimate: 0.4895833333333333,
      low: 0.43322916666666667,
      high: 0.5416666666666666,
      resamples: 500,
    });
    const flipped = clusters.map((c) => c.map((v) => 1 - v));
    expect(pairedBootstrap(clusters, flipped, { resamples: 300, confidence: 0.95, seed: 'docket-paired-v1' })).toEqual({
      estimate: -0.02951388888888889,
      low: -0.16972656249999998,
      high: 0.1324001736111111,
      resamples: 300,
    });
  });
  it('clustered: empty clusters are left out, no clusters gives NaN', () => {
    expect(clusteredBootstrap([[1], []], OPTS).estimate).toBe(1);
    expect(Number.isNaN(clusteredBootstrap([], OPTS).estimate)).toBe(true);
  });
  it('paired: the difference of identical runs is exactly 0; a uniform gain is that gain', () => {
    const a = [
      [1, 0, 1],
      [0.5, 1],
    ];
    expect(pairedBootstrap(a, a, OPTS)).toMatchObject({ estimate: 0, low: 0, high: 0 });
    const b = a.map((c) => c.map((x) => x - 0.25));
    const r = pairedBootstrap(a, b, OPTS);
    expect(r.estimate).toBeCloseTo(0.25, 12);
    expect(r.low).toBeCloseTo(0.25, 12);
    expect(r.high).toBeCloseTo(0.25, 12);
    expect(() => pairedBootstrap(a, [[1]], OPTS)).toThrow(RangeError);
  });
});
