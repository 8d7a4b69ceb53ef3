import { createHash } from 'node:crypto';

/**
 * The statistics behind every score docket prints: Wilson intervals, seeded bootstraps (plain,
 * clustered, paired), the exact McNemar test and the Holm adjustment. Pure and deterministic:
 * every random draw comes from a PRNG seeded by a string, so the same archive always prints the
 * same numbers. docs/scoring.md states each method exactly.
 */

/** A PRNG returning uniform floats in [0, 1). */
export type Rng = () => number;

/**
 * xoshiro128** (Blackman & Vigna) over a 4-word state; `next()` returns the next uint32 / 2^32. The
 * state lives in four int32 fields of one object, so the bootstraps' loops (millions of draws per
 * ranking) call a method V8 inlines rather than a closure over a typed array (2× faster from cold).
 */
export class Xoshiro128ss {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(state: Uint32Array) {
    this.s0 = state[0]! | 0;
    this.s1 = state[1]! | 0;
    this.s2 = state[2]! | 0;
    this.s3 = state[3]! | 0;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1; // the all-zero state is a fixed point
  }

  next(): number {
    const s1 = this.s1;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result / 4294967296;
  }
}

// On int32 bit patterns: the result is made unsigned only where it becomes a number.
function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/**
 * The generator seeded from SHA-256(seed): the first 16 bytes of the hash are the four 32-bit
 * little-endian state words. A string seed (not Math.random, not a clock) keeps runs reproducible
 * across machines and Node versions.
 */
export function seededGenerator(seed: string): Xoshiro128ss {
  const h = createHash('sha256').update(seed, 'utf8').digest();
  return new Xoshiro128ss(new Uint32Array([h.readUInt32LE(0), h.readUInt32LE(4), h.readUInt32LE(8), h.readUInt32LE(12)]));
}

/** The same stream as a function. */
export function seededRng(seed: string): Rng {
  const g = seededGenerator(seed);
  return () => g.next();
}

export function xoshiro128ss(state: Uint32Array): Rng {
  const g = new Xoshiro128ss(state);
  return () => g.next();
}

/** The standard normal quantile (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs 0 < p < 1, got ${p}`);
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  let x: number;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  } else if (p <= 1 - lo) {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  return x;
}

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval for `successes` out of `trials` (two-sided, default 95 %). */
export function wilson(successes: number, trials: number, confidence = 0.95): Interval {
  if (trials <= 0) return { low: 0, high: 1 };
  if (successes < 0 || successes > trials) throw new RangeError(`wilson: ${successes} successes out of ${trials} trials`);
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const p = successes / trials;
  const z2n = (z * z) / trials;
  const denom = 1 + z2n;
  const centre = (p + z2n / 2) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials))) / denom;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Type-7 quantile (linear interpolation between order statistics; R's and numpy's default) of sorted values. */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

export interface BootstrapOptions {
  resamples: number;
  confidence: number;
  seed: string;
}

export interface BootstrapResult extends Interval {
  estimate: number;
  resamples: number;
}

export const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);

/** The percentile interval of a list of resampled statistics. */
function percentile(stats: number[], estimate: number, opts: BootstrapOptions): BootstrapResult {
  stats.sort((x, y) => x - y);
  const alpha = (1 - opts.confidence) / 2;
  return { estimate, low: quantileSorted(stats, alpha), high: quantileSorted(stats, 1 - alpha), resamples: opts.resamples };
}

/** Percentile bootstrap of the mean of independent values (resampled with replacement). */
export function bootstrapMean(values: readonly number[], opts: BootstrapOptions): BootstrapResult {
  if (values.length === 0) return { estimate: Number.NaN, low: Number.NaN, high: Number.NaN, resamples: 0 };
  const g = seededGenerator(opts.seed);
  const stats: number[] = [];
  for (let r = 0; r < opts.resamples; r++) {
    let sum = 0;
    for (let i = 0; i < values.length; i++) sum += values[Math.floor(g.next() * values.length)]!;
    stats.push(sum / values.length);
  }
  return percentile(stats, mean(values), opts);
}

/** Equal weight per cluster: the mean over clusters of each cluster's mean. */
export function clusteredMean(clusters: readonly (readonly number[])[]): number {
  return mean(clusters.filter((c) => c.length > 0).map(mean));
}

/**
 * Two-stage clustered percentile bootstrap of `clusteredMean`: draw clusters with replacement, then
 * draw values with replacement within each drawn cluster (its own size). Clusters are taken in the
 * order given; callers sort them (by source eval, then question id) so the draws are reproducible.
 */
export function clusteredBootstrap(clusters: readonly (readonly number[])[], opts: BootstrapOptions): BootstrapResult {
  const kept = clusters.filter((c) => c.length > 0);
  if (kept.length === 0) return { estimate: Number.NaN, low: Number.NaN, high: Number.NaN, resamples: 0 };
  const g = seededGenerator(opts.seed);
  const stats: number[] = [];
  for (let r = 0; r < opts.resamples; r++) {
    let total = 0;
    for (let k = 0; k < kept.length; k++) {
      const cluster = kept[Math.floor(g.next() * kept.length)]!;
      let sum = 0;
      for (let i = 0; i < cluster.length; i++) sum += cluster[Math.floor(g.next() * cluster.length)]!;
      total += sum / cluster.length;
    }
    stats.push(total / kept.length);
  }
  return percentile(stats, clusteredMean(kept), opts);
}

/**
 * A clustered percentile bootstrap of any statistic of clusters (scoring.ts kindScores): clusters
 * drawn with replacement, then elements within each drawn cluster, with the same generator and
 * order of draws as clusteredBootstrap. Resamples whose statistic is null are left out.
 */
export function bootstrapStatistic<T>(clusters: readonly (readonly T[])[], stat: (cs: readonly (readonly T[])[]) => number | null, opts: BootstrapOptions): BootstrapResult | null {
  const kept = clusters.filter((c) => c.length > 0);
  const estimate = stat(kept);
  if (kept.length === 0 || estimate === null) return null;
  const g = seededGenerator(opts.seed);
  const stats: number[] = [];
  for (let r = 0; r < opts.resamples; r++) {
    const drawn: T[][] = [];
    for (let k = 0; k < kept.length; k++) {
      const cluster = kept[Math.floor(g.next() * kept.length)]!;
      const d: T[] = [];
      for (let i = 0; i < cluster.length; i++) d.push(cluster[Math.floor(g.next() * cluster.length)]!);
      drawn.push(d);
    }
    const v = stat(drawn);
    if (v !== null) stats.push(v);
  }
  return percentile(stats, estimate, opts);
}

/**
 * Paired bootstrap: a[i][j] and b[i][j] are the same unit (question j of cluster i) measured on two
 * runs. The statistic is the clustered mean of the differences a − b, resampled as in
 * clusteredBootstrap, so the pairing is kept in every draw.
 */
export function pairedBootstrap(a: readonly (readonly number[])[], b: readonly (readonly number[])[], opts: BootstrapOptions): BootstrapResult {
  if (a.length !== b.length || a.some((c, i) => c.length !== b[i]!.length)) throw new RangeError('pairedBootstrap: the two sides must have the same shape');
  const diffs = a.map((c, i) => c.map((x, j) => x - b[i]![j]!));
  return clusteredBootstrap(diffs, opts);
}

/** log C(n, k) via log-gamma-free summation (n is a count of slots: small). */
function logChoose(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
  return s;
}

export interface McNemar {
  /** discordant pairs: A correct and B not */
  b: number;
  /** discordant pairs: B correct and A not */
  c: number;
  p: number;
}

/**
 * Exact two-sided McNemar test: under H0 the b discordant pairs of n = b + c are Binomial(n, 1/2);
 * p = min(1, 2 · P(X ≤ min(b, c))). No discordant pairs → p = 1.
 */
export function mcnemarExact(b: number, c: number): McNemar {
  const n = b + c;
  if (n === 0) return { b, c, p: 1 };
  const k = Math.min(b, c);
  let tail = 0;
  for (let i = 0; i <= k; i++) tail += Math.exp(logChoose(n, i) - n * Math.LN2);
  return { b, c, p: Math.min(1, 2 * tail) };
}

/** Holm step-down adjusted p-values, in the order given (monotone, capped at 1). */
export function holm(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p || x.i - y.i);
  const adjusted = new Array<number>(m).fill(1);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}
