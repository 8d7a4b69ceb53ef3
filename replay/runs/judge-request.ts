import { sha256, type Digest } from '../format/digest.ts';
import { canonicalBytes, type Json } from '../format/json.ts';
import type { RunParams, Slot } from '../bank/types.ts';
import type { TaskValue } from '../bank/tasks.ts';

/**
 * Judge requests (docs/design.md §10 "Judge graders", §9 "Judge runs"): the pure builder the judge
 * recorder, grading and replay all call, so a replay rebuilds every judge request byte for byte from
 * the archived contestant reply, the archived rubric and the judge's request settings.
 */

/** The request format of a judge run's plan. */
export const JUDGE_FORMAT = 'docket-judge-v1';
/** The runtime contract of a judge grader. */
export const JUDGE_RUNTIME = 'docket-judge/1';

/**
 * How the judge's reply becomes a score: the first match of `pattern`, its first group a number out
 * of `scale`, or (`pass` set) equal to `pass`. Or per criterion: `criteria`, each read like that
 * from the same reply, and `combine` the declared rule that maps their scores to the task's score.
 */
export interface JudgeVerdictRule {
  pattern?: string;
  flags?: string;
  scale?: number;
  pass?: string;
  criteria?: JudgeCriterion[];
  combine?: JudgeCombine;
}

/** One criterion of a per-criterion verdict rule: its name, its own pattern and scale (or pass word), its weight (default 1). */
export interface JudgeCriterion {
  name: string;
  pattern: string;
  flags?: string;
  scale?: number;
  pass?: string;
  weight?: number;
}

/** weighted-mean: Σ weight × score / Σ weight; min: the lowest criterion score; all: 1 when every criterion scores 1, else 0. */
export type JudgeCombine = 'weighted-mean' | 'min' | 'all';
export const JUDGE_COMBINES: readonly JudgeCombine[] = ['weighted-mean', 'min', 'all'];

/** What decides a judge's requests (and, with `verdict`, its scores): the archived judge grader's members. */
export interface JudgeSpec {
  model: string;
  params: RunParams;
  rubric: string;
}

/** One reply a judge run judges: the contestant attempt (`seq`) of a task slot. */
export interface JudgeItem {
  task: string;
  repetition: number;
  seq: number;
}

/** What a judge run's plan says beyond a contestant plan's. */
export interface JudgePlan {
  serves: { run: Digest; runId: string };
  grader: Digest; // the judge-grader bundle
  items: JudgeItem[];
}

/** The text `{{task}}` stands for: the task's prompt, else its messages as `role: content` lines. */
export function taskText(t: Pick<TaskValue, 'prompt' | 'messages' | 'system'>): string {
  if (t.prompt) return t.prompt.text;
  return (t.messages ?? []).map((m) => `${String(m.role)}: ${typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? m.tool_calls ?? null)}`).join('\n');
}

/** The rubric with its placeholders filled, in one pass (a reply containing "{{task}}" is never substituted again). */
export function renderRubric(rubric: string, fields: { task: string; reply: string; reference: string }): string {
  return rubric.replace(/\{\{(task|reply|reference)\}\}/g, (_, name: 'task' | 'reply' | 'reference') => fields[name]);
}

/** judge + task + reply → the exact chat-completions request body sent to the judge. */
export function buildJudgeRequest(judge: JudgeSpec, task: Pick<TaskValue, 'prompt' | 'messages' | 'system'>, reply: string, reference: string | undefined): Json {
  const body: { [k: string]: Json } = {
    model: judge.model,
    messages: [{ role: 'user', content: renderRubric(judge.rubric, { task: taskText(task), reply, reference: reference ?? '' }) }],
    temperature: judge.params.temperature,
    max_tokens: judge.params.max_tokens,
  };
  if (judge.params.seed !== undefined) body.seed = judge.params.seed;
  if (judge.params.top_p !== undefined) body.top_p = judge.params.top_p;
  return body;
}

/** A judge run's slots: one per item, in item order (task, then repetition). */
export const judgeSlots = (j: Pick<JudgePlan, 'items'>): Slot[] => j.items.map((i) => ({ question: i.task, permutation: 0, repetition: i.repetition }));

/** A judge plan's requestHashes: SHA-256 of the RFC 8785 array of its slots' request hashes, in slot order. */
export const requestSetHash = (hashes: readonly Digest[]): Digest => sha256(canonicalBytes([...hashes]));
