// answer@1 — FROZEN (hashed into its digest). Grades a free-form reply against what the task
// declares (params): exact, regex, includes, numeric (with tolerance) or json-match. An empty reply
// cut by the token limit is truncated (did not answer); an empty reply that stopped is invalid (0).
import type { TaskGraderInput, TaskGraderResult } from '../graders.ts';
import { isTruncated } from './common.ts';

export const ID = 'answer';
export const VERSION = 1;
export const CONFIG = {};
export const DESCRIPTION = 'a free-form reply against the task: exact, regex, includes, numeric with tolerance, json-match';

type Params = { match: string; expected: unknown; tolerance?: number; flags?: string; caseSensitive?: boolean; mode?: string };

const scored = (score: number): TaskGraderResult => ({ verdict: score >= 1 ? 'correct' : score <= 0 ? 'incorrect' : 'partial', score });

// toLowerCase, not toLocaleLowerCase: the result must not depend on the machine's locale.
const fold = (s: string, p: Params) => (p.caseSensitive === false ? s.toLowerCase() : s);

/** The last number in the reply (digits with an optional sign, fraction and exponent; `_` and `,` between digits dropped). */
function lastNumber(reply: string): number | null {
  const all = reply.match(/[-+]?\d(?:[\d_,]*\d)?(?:\.\d+)?(?:[eE][-+]?\d+)?/g);
  if (!all) return null;
  const n = Number(all[all.length - 1]!.replace(/[_,]/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** The reply as JSON: the whole reply, or the body of its one fenced block. */
function replyJson(reply: string): { ok: true; value: unknown } | { ok: false } {
  const fenced = /^```[a-zA-Z]*\n([\s\S]*?)\n?```$/.exec(reply);
  try {
    return { ok: true, value: JSON.parse(fenced ? fenced[1]! : reply) };
  } catch {
    return { ok: false };
  }
}

/** expected ⊆ actual: equal scalars, every member of an expected object, arrays equal element by element. */
function matches(expected: unknown, actual: unknown, subset: boolean): boolean {
  if (expected === null || typeof expected !== 'object') return expected === actual;
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => matches(e, actual[i], subset));
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  if (!subset && Object.keys(a).length !== Object.keys(e).length) return false;
  return Object.keys(e).every((k) => Object.prototype.hasOwnProperty.call(a, k) && matches(e[k], a[k], subset));
}

export function grade(input: TaskGraderInput): TaskGraderResult {
  if (isTruncated(input.content, input.finishReason)) return { verdict: 'truncated', score: null };
  const reply = (input.content ?? '').trim();
  if (reply === '') return { verdict: 'invalid', score: 0 };
  const p = input.params as Params;
  switch (p.match) {
    case 'exact':
      return scored(fold(reply, p) === fold(String(p.expected).trim(), p) ? 1 : 0);
    case 'regex':
      return scored(new RegExp(String(p.expected), p.flags ?? '').test(reply) ? 1 : 0);
    case 'includes': {
      const want = Array.isArray(p.expected) ? (p.expected as string[]) : [String(p.expected)];
      return scored(want.filter((w) => fold(reply, p).includes(fold(w, p))).length / want.length);
    }
    case 'numeric': {
      const n = lastNumber(reply);
      if (n === null) return { verdict: 'invalid', score: 0 };
      return scored(Math.abs(n - Number(p.expected)) <= (p.tolerance ?? 0) ? 1 : 0);
    }
    case 'json-match': {
      const j = replyJson(reply);
      if (!j.ok) return { verdict: 'invalid', score: 0 };
      return scored(matches(p.expected, j.value, p.mode === 'subset') ? 1 : 0);
    }
    default:
      return { verdict: 'invalid', score: 0 };
  }
}
