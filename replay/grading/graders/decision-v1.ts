// decision@1 — FROZEN. Its text is hashed into its digest (replay/graders.ts), and archived grade
// records name that digest. Fixes go into a new version (decision-v2.ts), never here.
import type { GraderInput, GraderResult } from '../graders.ts';
import { INVALID, TRUNCATED, isTruncated, judge } from './common.ts';

export const ID = 'decision';
export const VERSION = 1;
export const CONFIG = {};
export const DESCRIPTION = 'reads a bare capital-letter reply: B, B., (B), B)';

// The whole reply is one capital letter, optionally in parentheses or followed by ")" and/or ".".
const BARE = /^\s*(?:\(([A-D])\)|([A-D])\)?)\.?\s*$/;

export function grade(input: GraderInput): GraderResult {
  if (isTruncated(input.content, input.finishReason)) return TRUNCATED;
  const m = BARE.exec(input.content ?? '');
  const shown = m?.[1] ?? m?.[2];
  if (shown === undefined) return INVALID;
  return judge(shown as 'A' | 'B' | 'C' | 'D', input.permutation, input.key);
}
