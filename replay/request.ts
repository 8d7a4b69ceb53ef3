import { createHash } from 'node:crypto';
import { sha256, type Digest } from './digest.ts';
import { canonicalBytes, type Json } from './json.ts';
import { LETTERS, type Permutation, type PromptTemplate, type Question, type RunParams } from './types.ts';

/**
 * The pure request builder (docs/design.md §8). The recorder and replay both call buildRequest, so a
 * replay rebuilds every request byte for byte. Changing anything here changes every request hash:
 * bump REQUEST_FORMAT and the benchmark version moves with it.
 */
export const REQUEST_FORMAT = 'openai-chat-v1';
export const PERMUTATIONS_PER_QUESTION = 3;

/**
 * Three distinct option orders per question, the same for every model: a Fisher–Yates shuffle driven
 * by SHA-256("docket-perm\0" + id + "\0" + k + "\0" + counter), skipping repeats. The first is the
 * identity, so the canonical order is always measured.
 */
export function permutationsFor(questionId: string): Permutation[] {
  const perms: Permutation[] = [[0, 1, 2, 3]];
  for (let k = 1; perms.length < PERMUTATIONS_PER_QUESTION; k++) {
    const bytes = createHash('sha256').update(`docket-perm\0${questionId}\0${k}`).digest();
    const p: Permutation = [0, 1, 2, 3];
    for (let i = 3; i > 0; i--) {
      const j = bytes[i]! % (i + 1);
      [p[i], p[j]] = [p[j]!, p[i]!];
    }
    if (!perms.some((q) => q.every((v, i) => v === p[i]))) perms.push(p);
  }
  return perms;
}

/** The user message: the template's placeholders filled with the permuted options. */
export function renderPrompt(template: PromptTemplate, q: Question, perm: Permutation): { system: string; user: string } {
  const shown: Record<string, string> = { stem: q.stem };
  perm.forEach((canonical, pos) => {
    shown[LETTERS[pos]!] = q.options[canonical]!;
  });
  // One pass over the template, so option text containing "{{A}}" is never substituted again.
  const user = template.user.replace(/\{\{(stem|A|B|C|D)\}\}/g, (_, name: string) => shown[name]!);
  return { system: template.system, user };
}

/** question + permutation + config → the exact chat-completions request body. */
export function buildRequest(template: PromptTemplate, q: Question, perm: Permutation, model: string, params: RunParams): Json {
  const { system, user } = renderPrompt(template, q, perm);
  const body: { [k: string]: Json } = {
    model,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
    temperature: params.temperature,
    max_tokens: params.max_tokens,
  };
  if (params.seed !== undefined) body.seed = params.seed;
  if (params.top_p !== undefined) body.top_p = params.top_p;
  return body;
}

/** The request hash: SHA-256 of the RFC 8785 bytes of the body. */
export function requestHash(body: Json): Digest {
  return sha256(canonicalBytes(body));
}

/** Map a displayed letter back to the canonical option letter. */
export function toCanonical(perm: Permutation, shown: string): string {
  const pos = LETTERS.indexOf(shown as never);
  return pos < 0 ? shown : LETTERS[perm[pos]!]!;
}
