import { statSync } from 'node:fs';
import type { Code } from '../errors.ts';
import type { Suite } from './layout.ts';
import type { TaskFile } from './tasks.ts';
import { gradersOf } from './tasks.ts';
import type { BankFile } from './types.ts';

/** A bank violation (bank.ts `Violation`, repeated here so this module needs nothing of bank.ts). */
export interface TaskViolation {
  code: Code;
  question: string | null;
  sourceEval: string | null;
  field: string | null;
  message: string;
}
/** bank.ts treePath: where a path the bank names really is, or why it is not usable. */
export type TreePath = (root: string, rel: string) => { abs: string; problem: null } | { abs: null; problem: string };

/**
 * The authoring rules of tasks (docs/design.md §7 "Tasks"), beyond the schema: unique ids (with the
 * questions), a source eval that exists, a prompt that is a file of it or text (or a history to
 * answer), a well-formed history (every tool result answers an assistant tool call before it), and
 * graders this docket knows with parameters they accept. Every violation is collected.
 */

/** The built-in task graders and the kinds they grade (docs/design.md §10 "Task graders"). */
export const TASK_GRADER_REFS: Readonly<Record<string, 'answer' | 'exec' | 'judge'>> = { 'answer@1': 'answer', 'exec@1': 'exec', 'judge@1': 'judge' };

/** judge@1's parameters: `judge` names one of the bank's `judges`; `reference` (optional) is what the rubric's {{reference}} stands for. */
function judgeParamsProblem(p: Params, judges: readonly string[]): string | null {
  if (typeof p.judge !== 'string') return `judge@1 needs {"judge": NAME}, one of the bank's judges (${judges.join(', ') || 'none declared'})`;
  if (!judges.includes(p.judge)) return `judge ${JSON.stringify(p.judge)} is not declared in decision-bank.json judges (${judges.join(', ') || 'none declared'})`;
  if (p.reference !== undefined && typeof p.reference !== 'string') return 'reference must be a string';
  const extra = Object.keys(p).filter((k) => k !== 'judge' && k !== 'reference');
  return extra.length ? `judge@1 takes judge and reference, not ${extra.join(', ')}` : null;
}
export const ANSWER_MATCHES = ['exact', 'regex', 'includes', 'numeric', 'json-match'] as const;
export const FILE_RULES = ['fenced-paths', 'single-block', 'whole-reply'] as const;
export const REPORT_FORMATS = ['junit', 'json'] as const;
export const EXEC_SCORES = ['fraction', 'all-or-nothing'] as const;

type Params = { [k: string]: unknown };

/** What is wrong with an answer@1 grader's parameters, or null. */
export function answerParamsProblem(p: Params): string | null {
  const match = p.match as string;
  if (!(ANSWER_MATCHES as readonly string[]).includes(match)) return `params.match must be one of ${ANSWER_MATCHES.join(', ')}, not ${JSON.stringify(match)}`;
  if (!('expected' in p)) return 'params.expected is missing';
  const e = p.expected;
  switch (match) {
    case 'exact':
      return typeof e === 'string' ? null : 'params.expected must be a string for match exact';
    case 'includes':
      return typeof e === 'string' || (Array.isArray(e) && e.length > 0 && e.every((x) => typeof x === 'string'))
        ? null
        : 'params.expected must be a string or a non-empty list of strings for match includes';
    case 'regex':
      if (typeof e !== 'string') return 'params.expected must be a regular expression (a string) for match regex';
      try {
        new RegExp(e, typeof p.flags === 'string' ? p.flags : '');
        return null;
      } catch (err) {
        return `params.expected is not a regular expression: ${(err as Error).message}`;
      }
    case 'numeric':
      if (typeof e !== 'number') return 'params.expected must be a number for match numeric';
      return p.tolerance === undefined || (typeof p.tolerance === 'number' && p.tolerance >= 0) ? null : 'params.tolerance must be a number ≥ 0';
    default:
      return null; // json-match: any JSON value
  }
}

const safeRel = (s: unknown) => typeof s === 'string' && s.length > 0 && !s.startsWith('/') && !s.includes('\\') && !s.split('/').some((x) => x === '..' || x === '.' || x === '');

/** What is wrong with an exec@1 grader's parameters, or null. */
export function execParamsProblem(p: Params): string | null {
  const files = p.files as Params | undefined;
  if (!files || !(FILE_RULES as readonly string[]).includes(files.rule as string)) return `params.files.rule must be one of ${FILE_RULES.join(', ')}`;
  if (files.rule !== 'fenced-paths' && !safeRel(files.path)) return `params.files.path must be a relative path inside the grading tree for rule ${String(files.rule)}`;
  const cmd = p.command;
  if (!Array.isArray(cmd) || cmd.length === 0 || !cmd.every((c) => typeof c === 'string' && c.length > 0)) return 'params.command must be a non-empty list of strings (the program and its arguments)';
  const report = p.report as Params | undefined;
  if (!report || !(REPORT_FORMATS as readonly string[]).includes(report.format as string) || !safeRel(report.path))
    return `params.report must be {format: ${REPORT_FORMATS.join(' | ')}, path: a relative path the command writes}`;
  if (p.score !== undefined && !(EXEC_SCORES as readonly string[]).includes(p.score as string)) return `params.score must be one of ${EXEC_SCORES.join(', ')}`;
  if (p.timeoutMs !== undefined && !(Number.isSafeInteger(p.timeoutMs) && (p.timeoutMs as number) >= 1)) return 'params.timeoutMs must be a positive integer';
  if (p.omit !== undefined && !(Array.isArray(p.omit) && p.omit.every(safeRel))) return 'params.omit must be a list of relative paths of the source eval';
  return null;
}

/** A history's shape problems: roles, tool calls with ids, and tool results that answer one. */
export function messagesProblem(messages: unknown[]): string | null {
  const calls = new Set<string>();
  for (const [i, m] of messages.entries()) {
    const r = m as Params;
    const role = r?.role;
    if (role !== 'system' && role !== 'user' && role !== 'assistant' && role !== 'tool') return `messages[${i}].role must be system, user, assistant or tool`;
    if (role === 'assistant' && r.tool_calls !== undefined) {
      if (!Array.isArray(r.tool_calls)) return `messages[${i}].tool_calls must be a list`;
      for (const [j, c] of r.tool_calls.entries()) {
        const call = c as Params;
        const fn = call?.function as Params | undefined;
        if (typeof call?.id !== 'string' || typeof fn?.name !== 'string' || typeof fn?.arguments !== 'string')
          return `messages[${i}].tool_calls[${j}] must be {id, type: "function", function: {name, arguments (a JSON string)}}`;
        calls.add(call.id);
      }
    } else if (typeof r.content !== 'string') return `messages[${i}].content must be a string`;
    if (role === 'tool' && (typeof r.tool_call_id !== 'string' || !calls.has(r.tool_call_id)))
      return `messages[${i}] is a tool result whose tool_call_id ${JSON.stringify(r.tool_call_id)} answers no tool call of an assistant message before it`;
  }
  return null;
}

export function validateTasks(root: string, bank: BankFile, suite: Suite, questionIds: ReadonlySet<string>, treePath: TreePath): TaskViolation[] {
  const v: TaskViolation[] = [];
  const add = (code: Code, t: TaskFile, field: string | null, message: string) => v.push({ code, question: t.id, sourceEval: t.sourceEval, field, message });
  const seen = new Set<string>();
  for (const t of Array.isArray(bank.tasks) ? bank.tasks : []) {
    if (!t || typeof t !== 'object' || typeof t.id !== 'string' || typeof t.sourceEval !== 'string') continue; // the schema said so
    if (questionIds.has(t.id) || seen.has(t.id)) add('EDUPID', t, 'id', `duplicate id ${t.id}: questions and tasks share one namespace`);
    seen.add(t.id);
    const dir = suite.dirOf(t.sourceEval);
    if (dir === undefined) {
      if (!suite.refused.has(t.sourceEval)) add('ESOURCE', t, 'sourceEval', `source eval ${t.sourceEval} does not exist`);
    } else if (t.prompt && 'file' in t.prompt && typeof t.prompt.file === 'string') {
      const at = treePath(root, `${dir}/${t.prompt.file}`);
      if (at.problem) add('ETASKPROMPT', t, 'prompt.file', `the prompt file ${at.problem}`);
      else if (at.abs !== null && !statSync(at.abs).isFile()) add('ETASKPROMPT', t, 'prompt.file', `the prompt file ${dir}/${t.prompt.file} is not a file`);
    }
    if (!t.prompt && !(Array.isArray(t.messages) && t.messages.length)) add('ETASKPROMPT', t, 'prompt', 'a task needs a prompt ({"file": …} or {"text": …}) or a message history to answer');
    if (Array.isArray(t.messages)) {
      const problem = messagesProblem(t.messages);
      if (problem) add('ETASKMESSAGES', t, 'messages', problem);
    }
    if (t.grader !== undefined && t.graders !== undefined) add('ETASKGRADER', t, 'graders', 'name a task\'s grader with "grader" or "graders", not both');
    const graders = gradersOf(t);
    if (graders.length === 0) add('ETASKGRADER', t, 'grader', `a task needs a grader (${Object.keys(TASK_GRADER_REFS).join(', ')})`);
    for (const [i, g] of graders.entries()) {
      const field = t.graders ? `graders[${i}]` : 'grader';
      const kind = TASK_GRADER_REFS[g.ref];
      if (!kind) {
        add('ETASKGRADER', t, field, `unknown task grader ${JSON.stringify(g.ref)} (known: ${Object.keys(TASK_GRADER_REFS).join(', ')})`);
        continue;
      }
      if (kind === 'exec' && t.kind !== 'exec') add('ETASKGRADER', t, field, `${g.ref} grades exec tasks; this task is ${t.kind}`);
      if (kind === 'judge' && t.kind !== 'answer') add('ETASKGRADER', t, field, `${g.ref} grades answer tasks; this task is ${t.kind}`);
      if (!(g.weight > 0)) add('ETASKGRADER', t, `${field}.weight`, 'a weight must be a number > 0');
      const p = (g.params ?? {}) as Params;
      const judges = Object.keys(((bank as { judges?: Record<string, unknown> }).judges ?? {}) as object);
      const problem = kind === 'answer' ? answerParamsProblem(p) : kind === 'judge' ? judgeParamsProblem(p, judges) : execParamsProblem(p);
      if (problem) add('ETASKGRADER', t, `${field}.params`, problem);
    }
    if (t.kind === 'exec' && !graders.some((g) => TASK_GRADER_REFS[g.ref] === 'exec')) add('ETASKGRADER', t, 'grader', 'an exec task needs the exec@1 grader (its test command)');
  }
  return v;
}
