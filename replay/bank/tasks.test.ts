import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchmarkVersion, validateBankFile } from './bank.ts';
import { discoverEvals, layoutOf } from './layout.ts';
import { taskMessages, taskValue, type TaskFile } from './tasks.ts';
import { messagesProblem } from './task-rules.ts';
import { buildTaskRequest, requestHash } from '../runs/request.ts';
import { planSlots } from '../runs/journal.ts';
import type { BankFile } from './types.ts';
import { sha256 } from '../format/digest.ts';

const exec: TaskFile = {
  id: 'sum-1',
  kind: 'exec',
  sourceEval: 'code/sum',
  prompt: { file: 'TASK.md' },
  max_tokens: 800,
  grader: {
    ref: 'exec@1',
    params: { files: { rule: 'single-block', path: 'solution.mjs' }, command: ['node', '--test'], report: { format: 'junit', path: 'report.xml' }, omit: ['solution.mjs'] },
  },
};

// A history that ends on a tool result: no trailing user turn.
const toolTask: TaskFile = {
  id: 'weather-1',
  kind: 'answer',
  sourceEval: 'code/sum',
  system: 'You are terse.',
  messages: [
    { role: 'user', content: 'How warm is it in Oslo?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } }] },
    { role: 'tool', tool_call_id: 'call_1', content: '{"celsius": 11}' },
  ],
  tools: [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }],
  max_tokens: 64,
  grader: { ref: 'answer@1', params: { match: 'numeric', expected: 11, tolerance: 0.5 } },
};

const snap = { entries: [{ path: 'TASK.md', type: 'file' as const, mode: 420 as const, size: 5, digest: sha256('Sum.\n'), encoding: 'utf8' as const, content: 'Sum.\n' }] };

describe('tasks', () => {
  it('reads a prompt file from the source snapshot, and knows no prompt when the snapshot lacks it', () => {
    expect(taskValue(exec, snap)?.prompt).toEqual({ text: 'Sum.\n', file: 'TASK.md' });
    expect(taskValue(exec, { entries: [] })).toBeNull();
    expect(taskValue(toolTask, null)?.graders).toEqual([{ ref: 'answer@1', weight: 1, params: { match: 'numeric', expected: 11, tolerance: 0.5 } }]);
  });

  it('builds a task request that ends on the tool result, with its own max_tokens and tools', () => {
    const v = taskValue(toolTask, null)!;
    const body = buildTaskRequest(v, 'm', { temperature: 0, max_tokens: 16, seed: 7 }) as { messages: { role: string }[]; max_tokens: number; tools: unknown[]; seed: number };
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(body.max_tokens).toBe(64);
    expect(body.seed).toBe(7);
    expect(body.tools).toHaveLength(1);
    const withPrompt = taskMessages(taskValue(exec, snap)!);
    expect(withPrompt).toEqual([{ role: 'user', content: 'Sum.\n' }]);
    expect(requestHash(body as never)).not.toBe(requestHash(buildTaskRequest(v, 'other', { temperature: 0, max_tokens: 16, seed: 7 })));
  });

  it('adds tasks to the benchmark version only when there are some', () => {
    const parts = { protocol: sha256('p'), template: sha256('t'), questions: [], sources: [] };
    expect(benchmarkVersion({ ...parts, tasks: [] })).toBe(benchmarkVersion(parts));
    const one = benchmarkVersion({ ...parts, tasks: [taskValue(exec, snap)!] });
    expect(one).not.toBe(benchmarkVersion(parts));
    expect(benchmarkVersion({ ...parts, tasks: [taskValue(exec, { entries: [{ ...snap.entries[0]!, content: 'Other.\n' }] })!] })).not.toBe(one);
  });

  it('plans task slots after the question slots, one form each', () => {
    expect(planSlots(['q'], 2, 2, ['t'])).toEqual([
      { question: 'q', permutation: 0, repetition: 0 },
      { question: 'q', permutation: 0, repetition: 1 },
      { question: 'q', permutation: 1, repetition: 0 },
      { question: 'q', permutation: 1, repetition: 1 },
      { question: 't', permutation: 0, repetition: 0 },
      { question: 't', permutation: 0, repetition: 1 },
    ]);
  });

  it('holds a history to tool results that answer an earlier call', () => {
    expect(messagesProblem(toolTask.messages!)).toBeNull();
    expect(messagesProblem([{ role: 'tool', tool_call_id: 'x', content: '1' }])).toMatch(/answers no tool call/);
    expect(messagesProblem([{ role: 'robot', content: 'x' }])).toMatch(/role/);
  });

  describe('validate', () => {
    const root = mkdtempSync(join(tmpdir(), 'docket-tasks-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, 'evals/code/sum'), { recursive: true });
    writeFileSync(join(root, 'evals/code/sum/TASK.md'), 'Sum.\n');
    writeFileSync(join(root, 'evals/code/sum/solution.mjs'), 'export const sum = (a, b) => a + b;\n');
    const bank = (tasks: unknown[]): BankFile =>
      ({
        schemaVersion: 1,
        name: 'b',
        version: '1',
        description: '',
        keyBalanceTolerance: 0,
        promptTemplate: { id: 't', version: 1, system: 's', user: '{{stem}}', answerFormat: 'a' },
        questions: [],
        tasks,
        omissions: [],
      }) as BankFile;
    const codes = (tasks: unknown[]) =>
      validateBankFile(root, bank(tasks))
        .filter((v) => v.code !== 'ELOCK')
        .map((v) => `${v.code} ${v.field}`);

    it('accepts well-formed tasks, and a task covers its source eval', () => {
      expect(codes([exec, toolTask])).toEqual([]);
      expect(discoverEvals(root, layoutOf(bank([]))).evals.map((e) => e.id)).toEqual(['code/sum']);
    });

    it('names what is wrong with a task', () => {
      expect(codes([exec, { ...exec }])).toEqual(['EDUPID id']);
      expect(codes([{ ...exec, prompt: { file: 'NOPE.md' } }])).toEqual(['ETASKPROMPT prompt.file']);
      expect(codes([{ ...toolTask, messages: undefined }])).toEqual(['ETASKPROMPT prompt']);
      expect(codes([{ ...toolTask, grader: { ref: 'answer@1', params: { match: 'regex', expected: '(' } } }])).toEqual(['ETASKGRADER grader.params']);
      expect(codes([{ ...toolTask, grader: { ref: 'nope@1' } }])).toEqual(['ETASKGRADER grader']);
      expect(codes([{ ...exec, grader: { ref: 'answer@1', params: { match: 'exact', expected: 'x' } } }])).toEqual(['ETASKGRADER grader']);
      expect(codes([{ ...exec, grader: { ...exec.grader!, params: { files: { rule: 'single-block' }, command: [], report: { format: 'junit', path: 'r.xml' } } } }])).toEqual([
        'ETASKGRADER grader.params',
      ]);
      expect(codes([{ ...exec, sourceEval: 'code/none' }])).toEqual(['EUNCOVERED null', 'ESOURCE sourceEval']);
    });

    it('refuses a source eval whose folder the content policy leaves out (it would never be archived)', () => {
      // `deny *-wal` (SQLite journals) matches a folder named sqlite-wal too: its task would silently vanish from the frozen bank
      mkdirSync(join(root, 'evals/code/sqlite-wal'), { recursive: true });
      writeFileSync(join(root, 'evals/code/sqlite-wal/TASK.md'), 'WAL.\n');
      writeFileSync(join(root, 'evals/code/sqlite-wal/solution.md'), 'readers.\n');
      try {
        const wal = { ...exec, id: 'wal-1', sourceEval: 'code/sqlite-wal' };
        const v = validateBankFile(root, bank([exec, wal])).filter((x) => x.code === 'ESOURCE');
        expect(v.map((x) => [x.sourceEval, x.message])).toEqual([['code/sqlite-wal', expect.stringContaining('the content policy leaves evals/code/sqlite-wal/ out (deny *-wal)')]]);
      } finally {
        rmSync(join(root, 'evals/code/sqlite-wal'), { recursive: true, force: true });
      }
    });
  });
});
