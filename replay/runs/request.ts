import { createHash } from 'node:crypto';
import { sha256, type Digest } from '../format/digest.ts';
import { canonicalBytes, type Json } from '../format/json.ts';
import { LETTERS, type Permutation, type PromptTemplate, type Question, type RunParams } from '../bank/types.ts';
import { taskMessages, type TaskValue } from '../bank/tasks.ts';

/**
 * The pure request builder (docs/design.md §8). The recorder and replay both call buildRequest, so a
 * replay rebuilds every request byte for byte. Changing anything here changes every request hash:
 * bump REQUEST_FORMAT and the benchmark version moves with it.
 */
export const REQUEST_FORMAT = 'openai-chat-v1';
/** The typed decision request (docs/design.md §8): question id, stem, options, answer format; no messages. */
export const DECISION_FORMAT = 'docket-decision-v1';
export const REQUEST_FORMATS: readonly string[] = [REQUEST_FORMAT, DECISION_FORMAT];
export type RequestKind = 'chat' | 'decision';
export const REQUEST_KINDS: readonly RequestKind[] = ['chat', 'decision'];
/** The plan records the format; the kind is read from it (a plan without a decision format is chat). */
export const kindOf = (requestFormat: string | undefined): RequestKind => (requestFormat === DECISION_FORMAT ? 'decision' : 'chat');
export const formatOf = (kind: RequestKind): string => (kind === 'decision' ? DECISION_FORMAT : REQUEST_FORMAT);
/** What a decision request asks for: the `id` of exactly one of the options, in `choice`. */
export const DECISION_ANSWER_FORMAT = 'choice';
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

/**
 * question + permutation + model → the exact decision request body: the options in the
 * permutation's displayed order, labelled A–D like the chat prompt shows them. Generation settings
 * (temperature, max_tokens, seed, top_p) are not sent: a decision endpoint has none.
 */
export function buildDecisionRequest(q: Question, perm: Permutation, model: string): Json {
  return {
    model,
    question_id: q.id,
    stem: q.stem,
    options: perm.map((canonical, pos) => ({ id: LETTERS[pos]!, text: q.options[canonical]! })),
    answer_format: DECISION_ANSWER_FORMAT,
  };
}

/**
 * task + model → the exact chat-completions request body of a task (docs/design.md §8 "Tasks"): its
 * system prompt, history and prompt as messages (tasks/taskMessages), its own max_tokens, the run's
 * temperature, seed and top_p, and its tool definitions when it has any. A decision run asks
 * no tasks (a decision endpoint answers questions only).
 */
export function buildTaskRequest(t: Pick<TaskValue, 'system' | 'messages' | 'prompt' | 'max_tokens' | 'tools'>, model: string, params: RunParams): Json {
  const body: { [k: string]: Json } = { model, messages: taskMessages(t), temperature: params.temperature, max_tokens: t.max_tokens };
  if (params.seed !== undefined) body.seed = params.seed;
  if (params.top_p !== undefined) body.top_p = params.top_p;
  if (t.tools !== undefined) body.tools = t.tools;
  return body;
}

/** The body for a plan's request format (the one entry point the recorder and replay call). */
export function buildRequestFor(requestFormat: string | undefined, template: PromptTemplate, q: Question, perm: Permutation, model: string, params: RunParams): Json {
  return kindOf(requestFormat) === 'decision' ? buildDecisionRequest(q, perm, model) : buildRequest(template, q, perm, model, params);
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
