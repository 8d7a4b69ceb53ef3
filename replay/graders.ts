import { readFileSync } from 'node:fs';
import { sha256, type Digest } from './digest.ts';
import { usageError } from './errors.ts';
import { canonicalBytes, type Json } from './json.ts';
import type { Letter, Permutation } from './types.ts';
import * as decisionV1 from './graders/decision-v1.ts';
import * as decisionV2 from './graders/decision-v2.ts';
import * as exactV1 from './graders/exact-v1.ts';

/**
 * Graders: pure functions with an identity (docs/design.md "Graders").
 * digest = sha256(canonical JSON of {id, version, config, source}), where `source` maps each file
 * holding the grading logic (the grader's own file and graders/common.ts) to its exact text.
 */
export interface GraderInput {
  content: string | null;
  finishReason: string | null;
  permutation: Permutation;
  key: Letter; // canonical
  options: string[]; // canonical order
}

export interface GraderResult {
  verdict: 'correct' | 'incorrect' | 'invalid' | 'truncated';
  shown: Letter | null; // the displayed letter the reply chose
  chosen: Letter | null; // that letter mapped back to the canonical order
}

export interface Grader {
  id: string;
  version: number;
  config: Json;
  digest: Digest;
  description: string;
  grade(input: GraderInput): GraderResult;
}

const COMMON = 'common.ts';

/** The exact text of grader source files, read from disk next to this module. */
export function graderSource(files: string[]): { [path: string]: string } {
  const source: { [path: string]: string } = {};
  for (const f of files) {
    const text = readFileSync(new URL(`./graders/${f}`, import.meta.url), 'utf8');
    // A Windows checkout (core.autocrlf) or an editor BOM must not change a grader's identity.
    source[`replay/graders/${f}`] = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  }
  return source;
}

export function graderDigest(id: string, version: number, config: Json, source: { [path: string]: string }): Digest {
  return sha256(canonicalBytes({ id, version, config, source }));
}

function define(
  id: string,
  version: number,
  config: Json,
  description: string,
  file: string,
  grade: (input: GraderInput) => GraderResult,
): Grader {
  const digest = graderDigest(id, version, config, graderSource([COMMON, file]));
  return Object.freeze({ id, version, config, digest, description, grade });
}

/** An exact-match grader with a chosen config (the config is part of its digest). */
export function exactGrader(config: exactV1.ExactConfig = exactV1.CONFIG): Grader {
  const cfg = { caseSensitive: config.caseSensitive };
  return define(exactV1.ID, exactV1.VERSION, cfg, exactV1.DESCRIPTION, 'exact-v1.ts', (input) => exactV1.grade(input, cfg));
}

/** Every built-in grader version, oldest first within an id. */
export const ALL_GRADERS: readonly Grader[] = Object.freeze([
  define(decisionV1.ID, decisionV1.VERSION, decisionV1.CONFIG, decisionV1.DESCRIPTION, 'decision-v1.ts', decisionV1.grade),
  define(decisionV2.ID, decisionV2.VERSION, decisionV2.CONFIG, decisionV2.DESCRIPTION, 'decision-v2.ts', decisionV2.grade),
  exactGrader(),
]);

function newest(id: string): Grader {
  const all = ALL_GRADERS.filter((g) => g.id === id);
  return all.reduce((a, b) => (b.version > a.version ? b : a));
}

export const CURRENT_GRADERS: { decision: Grader; exact: Grader } = Object.freeze({
  decision: newest('decision'),
  exact: newest('exact'),
});

/** 'decision' (the newest version), 'decision@1', 'exact@1', … Unknown → EGRADER (exit 2). */
export function grader(ref: string): Grader {
  const m = /^([a-z][a-z0-9-]*)(?:@([1-9][0-9]*))?$/.exec(ref);
  const known = ALL_GRADERS.filter((g) => g.id === m?.[1]);
  const found = m?.[2] === undefined ? (known.length > 0 ? newest(m![1]!) : undefined) : known.find((g) => g.version === Number(m[2]));
  if (!m || !found) {
    throw usageError('EGRADER', `unknown grader "${ref}" (known: ${ALL_GRADERS.map((g) => `${g.id}@${g.version}`).join(', ')})`, { ref });
  }
  return found;
}

/** The built-in grader with this digest, if any (grade records name graders by digest). */
export function graderByDigest(digest: string): Grader | undefined {
  return ALL_GRADERS.find((g) => g.digest === digest);
}
