// Shared grading steps. Part of every grader's identity: replay/graders.ts hashes this file's text
// into each grader digest, so a change here is visibly a change to every grader that uses it.
import { toCanonical } from '../request.ts';
import { LETTERS, type Letter, type Permutation } from '../types.ts';
import type { GraderResult } from '../graders.ts';

/**
 * The scoring protocol's "truncated": the provider stopped on the token limit and nothing came
 * back. A failed measurement, not a wrong answer. A reply cut off after a letter is still graded.
 */
export function isTruncated(content: string | null, finishReason: string | null): boolean {
  return finishReason === 'length' && (content === null || content.trim() === '');
}

export const TRUNCATED: GraderResult = { verdict: 'truncated', shown: null, chosen: null };
export const INVALID: GraderResult = { verdict: 'invalid', shown: null, chosen: null };

export function isLetter(v: string): v is Letter {
  return (LETTERS as readonly string[]).includes(v);
}

/** Map the displayed letter back through the permutation and compare it with the canonical key. */
export function judge(shown: Letter, perm: Permutation, key: Letter): GraderResult {
  const chosen = toCanonical(perm, shown);
  if (!isLetter(chosen)) return INVALID;
  return { verdict: chosen === key ? 'correct' : 'incorrect', shown, chosen };
}

/** Exactly one distinct letter named → that letter; none or several → null (invalid). */
export function single(letters: Iterable<string>): Letter | null {
  const distinct = new Set(Array.from(letters, (l) => l.toUpperCase()));
  if (distinct.size !== 1) return null;
  const [only] = distinct;
  return only !== undefined && isLetter(only) ? only : null;
}
