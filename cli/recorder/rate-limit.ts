import { createHash } from 'node:crypto';

/**
 * Rate limits (issue 24): the Retry-After header in both of its forms, the backoff delay, and the
 * one pause every worker of a run waits on, so that N requests in flight slow down together after
 * a 429 or 503 instead of each hammering the provider on its own schedule.
 */

/** Retry-After is never honoured beyond this: a provider asking for longer is retried at the cap. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Retry-After (RFC 9110 §10.2.3): delay-seconds ("120", also fractional "1.5" as some providers send)
 * or an HTTP-date ("Wed, 21 Oct 2026 07:28:00 GMT", and the obsolete RFC 850 / asctime forms
 * Date.parse also reads). A date in the past is 0; anything unreadable is null (no hint).
 */
export function parseRetryAfter(v: string | null, nowMs: number = Date.now()): number | null {
  if (v === null) return null;
  const s = v.trim();
  if (!s) return null;
  if (/^\d+(\.\d+)?$/.test(s)) return Math.min(Number(s) * 1000, MAX_RETRY_AFTER_MS);
  if (!/[a-z]/i.test(s)) return null; // "-5", "1e3": not a delay and not a date
  const at = Date.parse(s);
  if (!Number.isFinite(at)) return null;
  return Math.min(Math.max(0, at - nowMs), MAX_RETRY_AFTER_MS);
}

/**
 * Deterministic jitter in [0, 1): a function of the run's backoff seed (its run id, recorded in the
 * run bundle), the slot and the attempt, so a run's backoff schedule can be recomputed.
 */
export function jitter(seed: string, slotKey: string, attempt: number): number {
  const h = createHash('sha256').update(`docket-backoff\0${seed}\0${slotKey}\0${attempt}`).digest();
  return h.readUInt32BE(0) / 0xffffffff;
}

/** Exponential backoff with jitter in [0.5, 1.5) × base × 2^(n-1), at least Retry-After, at most 60 s. */
export function backoff(baseMs: number, failures: number, retryAfterMs: number | null, j: number): number {
  const exp = Math.min(baseMs * 2 ** Math.max(0, failures - 1) * (0.5 + j), MAX_RETRY_AFTER_MS);
  return Math.max(exp, retryAfterMs ?? 0);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * The shared pause. A retryable failure pushes "not before now + delay"; every worker waits for it
 * before it starts its next request, so one 429 holds back all N. Pushes only ever extend it.
 */
export class SharedBackoff {
  private until = 0;
  constructor(private readonly now: () => number = Date.now) {}

  push(delayMs: number) {
    this.until = Math.max(this.until, this.now() + delayMs);
  }

  /** Milliseconds still to wait (0 when open). */
  remaining(): number {
    return Math.max(0, this.until - this.now());
  }

  /** Resolves once the pause is over (re-checked after each sleep: another worker may have extended it) or on abort. */
  async wait(signal?: AbortSignal): Promise<void> {
    for (let ms = this.remaining(); ms > 0 && !signal?.aborted; ms = this.remaining()) await sleep(ms, signal);
  }
}
