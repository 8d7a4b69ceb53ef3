// decision@2 — the current decision grader, FROZEN once shipped (its text is hashed into its digest).
// It fixes decision@1, which read only a bare capital letter and so scored every reply of the
// reference contender "markdown" ("**B**", "Answer: (b)") as invalid.
import type { Letter } from '../types.ts';
import type { GraderInput, GraderResult } from '../graders.ts';
import { INVALID, TRUNCATED, isTruncated, judge, single } from './common.ts';

export const ID = 'decision';
export const VERSION = 2;
export const CONFIG = {};
export const DESCRIPTION =
  'reads a bare letter, **B** / **C)**, "Answer: (b)", "Answer: D", "The answer is C", a letter alone on a line, an echoed option line "C) ...", a leading "B, because ..."; several different letters → invalid';

// The whole reply is one letter, optionally bold, parenthesised, or followed by ")" "." ":".
// A lone lower-case letter is unambiguous only when it is the entire reply.
const WHOLE = /^\s*(?:\*\*|__)?\s*(?:\(([A-Da-d])\)|([A-Da-d])\)?)\s*[.:]?\s*(?:\*\*|__)?\s*$/;

// "answer", "final answer", "correct answer", then "is" and/or a separator, with markdown emphasis
// allowed around each part. Case-insensitive: it is the label, not the letter.
const LABEL = /\b(?:final\s+|correct\s+)?answer\b[*_]*\s*(?:is\b)?[*_\s]*([:=\-–—])?[*_\s]*/gi;

// A bold capital letter anywhere: **B**, __C__, **(D)**, **C)**.
const BOLD = /(\*\*|__)\s*\(?([A-D])\)?[.:]?\s*\1/g;
// A line holding only a capital (or parenthesised) letter.
const LINE = /^[ \t]*(?:\*\*|__)?[ \t]*(?:\(([A-Da-d])\)|([A-D])\)?)[ \t]*[.:]?[ \t]*(?:\*\*|__)?[ \t]*$/gm;
// An echoed option line: "C) 42" or "(C) 42" at the start of a line.
const ECHO = /^[ \t]*(?:\(([A-D])\)|([A-D])\))[ \t]+\S/gm;

// After a bare capital letter, what may follow so it is a letter and not a word ("A closure...").
const AFTER_CAPITAL = /^[*_]*(?:\s*$|\s*\n|[.,;:!?)\]]|\s+(?:or|and|because|since|as)\b|\s+[-–—(/]|\/)/;
// After a bare lower-case letter: only the end of the line (e.g. "Answer: b").
const AFTER_LOWER = /^[*_]*\s*\.?[*_]*[ \t]*(?:$|\r?\n)/;
// Joins a list of letters: "B or C", "B, C", "B/C", "B and C".
const JOIN = /^[*_]*\s*(?:,|\/|\bor\b|\band\b)\s*[*_]*\s*/;

/** One letter at the start of `s` (after a label, or opening the reply), or null. `separated`: the label had ":" etc. */
function readOne(s: string, separated: boolean): { letter: string; rest: string } | null {
  const paren = /^\(([A-Da-d])\)/.exec(s) ?? /^([a-d])\)/.exec(s);
  if (paren) return { letter: paren[1]!, rest: s.slice(paren[0].length) };
  const capital = /^([A-D])(?![\w'’])\)?/.exec(s);
  if (capital) {
    const rest = s.slice(capital[0].length);
    return capital[0].endsWith(')') || AFTER_CAPITAL.test(rest) ? { letter: capital[1]!, rest } : null;
  }
  const lower = /^([a-d])(?![\w'’])/.exec(s);
  if (lower && separated && AFTER_LOWER.test(s.slice(1))) return { letter: lower[1]!, rest: s.slice(1) };
  return null;
}

/** A letter, or a hedged list of letters ("B or C", "B, C"), at the start of `s`. */
function letterList(s: string, separated: boolean): string[] {
  const out: string[] = [];
  let one = readOne(s, separated);
  while (one) {
    out.push(one.letter);
    const join = JOIN.exec(one.rest);
    if (!join) break;
    one = readOne(one.rest.slice(join[0].length), true);
  }
  return out;
}

/** Every letter named right after each answer label. */
function labelled(text: string): string[] {
  return Array.from(text.matchAll(LABEL), (m) => letterList(text.slice(m.index + m[0].length), m[1] !== undefined)).flat();
}

/** Letters the reply opens with: "B, because …", "C. The …", "A or B". */
function leading(text: string): string[] {
  return letterList(text.replace(/^\s*[*_]*/, ''), false);
}

function captures(text: string, re: RegExp): string[] {
  return Array.from(text.matchAll(re), (m) => (m.slice(1).find((g) => g !== undefined && /^[A-Da-d]$/.test(g)) ?? ''));
}

/** The displayed letter the reply chooses, or null when it names none or several. */
export function extract(content: string): Letter | null {
  const whole = WHOLE.exec(content);
  if (whole) return single([whole[1] ?? whole[2]!]);
  return single([...labelled(content), ...captures(content, BOLD), ...captures(content, LINE), ...captures(content, ECHO), ...leading(content)].filter((l) => l !== ''));
}

export function grade(input: GraderInput): GraderResult {
  if (isTruncated(input.content, input.finishReason)) return TRUNCATED;
  const shown = extract(input.content ?? '');
  return shown === null ? INVALID : judge(shown, input.permutation, input.key);
}
