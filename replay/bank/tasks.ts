import { sha256, type Digest } from '../format/digest.ts';
import { byUtf8 } from '../format/utf8.ts';
import { canonicalBytes, type Json } from '../format/json.ts';
import type { SourceSnapshot } from './snapshot.ts';

/**
 * Tasks (docs/design.md §7 "Tasks"): bank items beside the multiple-choice questions. An `answer`
 * task's free-form reply is graded by an answer grader; an `exec` task's reply is code, graded by
 * running the suite's tests on it (docket-exec/1). A task names its prompt (a file of its source eval,
 * read from the source snapshot, or inline text), an optional system prompt and message history
 * (assistant tool calls and tool results included: a task may open on a tool result with no trailing
 * user turn), its `max_tokens` and its graders. Pure values: reading the working tree is bank.ts's.
 */

export type TaskKind = 'answer' | 'exec';
export const TASK_KINDS: readonly TaskKind[] = ['answer', 'exec'];
/** Every kind of bank item: a question is `choice`. */
export type ItemKind = 'choice' | TaskKind;
export const ITEM_KINDS: readonly ItemKind[] = ['choice', 'answer', 'exec'];

/** One message of a task's history, as the chat-completions API takes it (passed through verbatim). */
export type TaskMessage = { [k: string]: Json };

/** One grader a task is graded by: its ref, its weight among the task's graders, its parameters. */
export interface GraderUse {
  ref: string;
  weight?: number;
  params?: Json;
}

/** A task as decision-bank.json writes it. */
export interface TaskFile {
  id: string;
  kind: TaskKind;
  sourceEval: string;
  prompt?: { text: string } | { file: string };
  system?: string;
  messages?: TaskMessage[];
  tools?: Json[];
  max_tokens: number;
  grader?: GraderUse;
  graders?: GraderUse[];
}

/** A task frozen: its prompt read (from the source snapshot when it names a file), its graders as one list. */
export interface TaskValue {
  id: string;
  kind: TaskKind;
  sourceEval: string;
  prompt: { text: string; file?: string } | null;
  system?: string;
  messages?: TaskMessage[];
  tools?: Json[];
  max_tokens: number;
  graders: { ref: string; weight: number; params: Json }[];
}

/** A task's graders as one list: `grader` is `graders` with one entry of weight 1. */
export function gradersOf(t: Pick<TaskFile, 'grader' | 'graders'>): TaskValue['graders'] {
  const list = t.graders ?? (t.grader ? [t.grader] : []);
  return list.map((g) => ({ ref: g.ref, weight: g.weight ?? 1, params: g.params ?? {} }));
}

/** The text of a file of a source snapshot, or null when it holds no such UTF-8 file. */
export function snapshotText(snap: Pick<SourceSnapshot, 'entries'>, path: string): string | null {
  const e = snap.entries.find((x) => x.path === path);
  return e && e.type === 'file' && e.encoding === 'utf8' ? e.content : null;
}

/**
 * The frozen value of a task. A prompt file is read from the source snapshot (what is archived),
 * never from the working tree; null when the snapshot lacks it (validate reports it).
 */
export function taskValue(t: TaskFile, snap: Pick<SourceSnapshot, 'entries'> | null): TaskValue | null {
  let prompt: TaskValue['prompt'] = null;
  if (t.prompt && 'file' in t.prompt) {
    const text = snap ? snapshotText(snap, t.prompt.file) : null;
    if (text === null) return null;
    prompt = { text, file: t.prompt.file };
  } else if (t.prompt && 'text' in t.prompt) prompt = { text: t.prompt.text };
  const v: TaskValue = { id: t.id, kind: t.kind, sourceEval: t.sourceEval, prompt, max_tokens: t.max_tokens, graders: gradersOf(t) };
  if (t.system !== undefined) v.system = t.system;
  if (t.messages !== undefined) v.messages = t.messages;
  if (t.tools !== undefined) v.tools = t.tools;
  return v;
}

/** Frozen task values of a bank file from its source snapshots (sourceEval → snapshot); tasks that cannot be read are left out. */
export function taskValues(tasks: readonly TaskFile[] | undefined, snapshots: ReadonlyMap<string, Pick<SourceSnapshot, 'entries'>>): TaskValue[] {
  const out: TaskValue[] = [];
  for (const t of tasks ?? []) {
    const v = taskValue(t, snapshots.get(t.sourceEval) ?? null);
    if (v) out.push(v);
  }
  return out.sort((a, b) => byUtf8(a.id, b.id));
}

/** What the benchmark version holds of the tasks: the sorted SHA-256 of each task's canonical value. */
export function taskDigests(tasks: readonly TaskValue[]): Digest[] {
  return tasks.map((t) => sha256(canonicalBytes(t as unknown as Json))).sort();
}

/**
 * The chat messages a task sends: its system prompt, its history as written, then the prompt as the
 * last user turn (none when the task has no prompt: it may end on a tool result).
 */
export function taskMessages(t: Pick<TaskValue, 'system' | 'messages' | 'prompt'>): Json[] {
  const out: Json[] = [];
  if (t.system !== undefined) out.push({ role: 'system', content: t.system });
  for (const m of t.messages ?? []) out.push(m);
  if (t.prompt) out.push({ role: 'user', content: t.prompt.text });
  return out;
}

/** The kind of a bank item id: a task's kind, else `choice`. */
export function itemKind(id: string, tasks: ReadonlyMap<string, Pick<TaskValue, 'kind'>>): ItemKind {
  return tasks.get(id)?.kind ?? 'choice';
}
