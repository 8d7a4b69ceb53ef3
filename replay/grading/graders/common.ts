// Shared grading steps. Part of every grader's identity: replay/graders.ts hashes this file's text
// (as the logical module "common") into each grader digest and archives it with each grader, so a
// change here is visibly a change to every grader that uses it. It imports only types: an archived
// grader runs from its own source alone (docs/design.md §10), so what grading needs at run time is here.
import type { Letter, Permutation } from '../types.ts';
import type { GraderResult } from '../graders.ts';

export const LETTERS: readonly Letter[] = ['A', 'B', 'C', 'D'];

/** The displayed letter → its canonical letter (the request format's mapping, replay/request.ts). */
export function toCanonical(perm: Permutation, shown: string): string {
  const pos = LETTERS.indexOf(shown as Letter);
  return pos < 0 ? shown : LETTERS[perm[pos]!]!;
}

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
