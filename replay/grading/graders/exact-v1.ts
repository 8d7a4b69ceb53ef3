// exact@1 — FROZEN (hashed into its digest). A deliberately simple second grader: the trimmed reply
// must be exactly a displayed letter or exactly the text of one option. It proves the grader
// interface admits more than the decision grader (a command grader for code outputs would fit too).
import type { Letter } from '../types.ts';
import type { GraderInput, GraderResult } from '../graders.ts';
import { INVALID, LETTERS, TRUNCATED, isLetter, isTruncated, judge } from './common.ts';

export const ID = 'exact';
export const VERSION = 1;
export interface ExactConfig { caseSensitive: boolean }
export const CONFIG: ExactConfig = { caseSensitive: true };
export const DESCRIPTION = 'trimmed reply equals a displayed letter or an option text exactly (config: caseSensitive)';

// toLowerCase, not toLocaleLowerCase: the result must not depend on the machine's locale.
const fold = (s: string, config: ExactConfig) => (config.caseSensitive ? s : s.toLowerCase());

/** The displayed letter the reply is exactly equal to (as a letter or as option text), or null. */
function shownLetter(reply: string, input: GraderInput, config: ExactConfig): Letter | null {
  const letter = config.caseSensitive ? reply : reply.toUpperCase();
  if (isLetter(letter)) return letter;
  const hits = LETTERS.filter((_, pos) => {
    const text = input.options[input.permutation[pos]!];
    return text !== undefined && fold(text.trim(), config) === fold(reply, config);
  });
  return hits.length === 1 ? hits[0]! : null; // two options with the same text: not decidable
}

export function grade(input: GraderInput, config: ExactConfig = CONFIG): GraderResult {
  if (isTruncated(input.content, input.finishReason)) return TRUNCATED;
  const shown = shownLetter((input.content ?? '').trim(), input, config);
  return shown === null ? INVALID : judge(shown, input.permutation, input.key);
}
