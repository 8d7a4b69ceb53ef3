import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrozenTask } from '../bank/frozen.ts';
import type { JournalLine } from '../runs/journal.ts';
import { renderRubric } from '../runs/judge-request.ts';
import {
  applyVerdict,
  judgeDeclProblems,
  judgeEndpoint,
  judgeGrader,
  judgeRequestFor,
  judgeRequests,
  readVerdict,
  recordedJudgeReplies,
  replyTo,
  verdictRuleProblem,
  type JudgeReply,
} from './judges.ts';
import { gradeTaskAttempt, type TaskGradingContext } from './task-grading.ts';
import type { Digest } from '../format/digest.ts';
import { validateBundle } from '../format/schemas.ts';

const base = {
  id: 'quality',
  version: 1,
  model: 'judge-model',
  params: { temperature: 0, max_tokens: 16 },
  verdict: { pattern: 'SCORE: (\\d+)/10', scale: 10 },
  rubric: 'T: {{task}}\n<reply>{{reply}}</reply>\nR: {{reference}}',
};

describe('judge graders', () => {
  it('a score rule reads the first match out of its scale, clamped; a pass rule reads its word; nothing read is null, not 0', () => {
    expect(applyVerdict({ pattern: 'SCORE: (\\d+)', scale: 10 }, 'SCORE: 7/10, then SCORE: 2')).toBe(0.7);
    expect(applyVerdict({ pattern: 'SCORE: (\\d+)', scale: 10 }, 'SCORE: 12')).toBe(1);
    expect(applyVerdict({ pattern: 'SCORE: (\\d)', scale: 10 }, 'SCORE: 10/10')).toBe(0.1); // the one-digit bug the e2e test fixes
    expect(applyVerdict({ pattern: 'verdict: (pass|fail)', flags: 'i', pass: 'PASS' }, 'Verdict: PASS')).toBe(1);
    expect(applyVerdict({ pattern: 'verdict: (pass|fail)', flags: 'i', pass: 'PASS' }, 'Verdict: fail')).toBe(0);
    expect(applyVerdict({ pattern: 'SCORE: (\\d+)', scale: 10 }, 'I cannot grade this.')).toBeNull();
    expect(applyVerdict({ pattern: 'SCORE: (\\d+)', scale: 10 }, null)).toBeNull();
  });

  it('a verdict rule needs a compiling pattern with a group, and a scale or a pass word', () => {
    expect(verdictRuleProblem({ pattern: 'SCORE: (\\d+)', scale: 10 })).toBeNull();
    expect(verdictRuleProblem({ pattern: 'SCORE: \\d+', scale: 10 })).toMatch(/capturing group/);
    expect(verdictRuleProblem({ pattern: 'SCORE: (', scale: 10 })).toMatch(/does not compile/);
    expect(verdictRuleProblem({ pattern: 'SCORE: (\\d+)' })).toMatch(/scale/);
    expect(verdictRuleProblem({ pattern: '(PASS|FAIL)', pass: 'PASS' })).toBeNull();
  });

  it('the identity covers rubric, model, settings and rule; the requests do not depend on the rule', () => {
    const a = judgeGrader(base);
    for (const change of [{ rubric: `${base.rubric} ` }, { model: 'other' }, { params: { temperature: 0.5, max_tokens: 16 } }, { verdict: { pattern: 'S: (\\d+)', scale: 10 } }])
      expect(judgeGrader({ ...base, ...change }).value.digest).not.toBe(a.value.digest);
    const task = {
      id: 'capital-1',
      kind: 'answer',
      sourceEval: 'facts/capital',
      prompt: { text: 'Capital of Norway?' },
      max_tokens: 32,
      graders: [{ ref: 'judge@1', weight: 1, params: { judge: 'quality', reference: 'Oslo' } }],
    } as unknown as FrozenTask;
    const line = (seq: number, repetition: number, content: string | null, cls = 'answered') =>
      ({ seq, slot: { question: 'capital-1', permutation: 0, repetition }, attempt: 0, content, class: cls, final: true, finishReason: 'stop' }) as unknown as JournalLine;
    const lines = [line(0, 0, 'Oslo'), line(1, 1, null, 'provider_failure'), line(2, 2, '  '), line(3, 3, 'Bergen {{task}}')];
    const reqs = judgeRequests({ lines }, { tasks: [task] }, a);
    expect(reqs.map((r) => r.item)).toEqual([
      { task: 'capital-1', repetition: 0, seq: 0 },
      { task: 'capital-1', repetition: 3, seq: 3 },
    ]);
    expect((reqs[1]!.body as { messages: { content: string }[] }).messages[0]!.content).toBe('T: Capital of Norway?\n<reply>Bergen {{task}}</reply>\nR: Oslo'); // one pass
    const fixed = judgeRequests({ lines }, { tasks: [task] }, judgeGrader({ ...base, version: 2, verdict: { pattern: 'SCORE: (\\d)', scale: 10 } }));
    expect(fixed.map((r) => r.hash)).toEqual(reqs.map((r) => r.hash));
  });

  it('fills the rubric in one pass', () => {
    expect(renderRubric('{{reply}} / {{reference}}', { task: 't', reply: '{{reference}}', reference: 'r' })).toBe('{{reference}} / r');
  });

  it('grading reads the recorded judge reply: a failed call or an unreadable reply is a failed measurement (no score), none recorded is EJUDGEMISSING', () => {
    const j = judgeGrader(base);
    const task = {
      id: 'capital-1',
      kind: 'answer',
      sourceEval: 'facts/capital',
      prompt: { text: 'Capital of Norway?' },
      max_tokens: 32,
      graders: [
        { ref: 'judge@1', weight: 3, params: { judge: 'quality' } },
        { ref: 'answer@1', weight: 1, params: { match: 'exact', expected: 'Oslo' } },
      ],
    } as unknown as FrozenTask;
    const line = {
      seq: 4,
      slot: { question: 'capital-1', permutation: 0, repetition: 0 },
      attempt: 0,
      content: 'Oslo',
      class: 'answered',
      final: true,
      finishReason: 'stop',
    } as unknown as JournalLine;
    const hash = judgeRequestFor(j, task, 'Oslo', task.graders[0]!.params).hash;
    const run = `sha256:${'a'.repeat(64)}` as Digest;
    const grade = (reply: Partial<JudgeReply> | null) => {
      const replies = new Map<Digest, JudgeReply>(reply ? [[hash, { run, runId: 'judge-x', seq: 1, content: null, failed: false, model: 'judge-model', ...reply }]] : []);
      const ctx = { source: () => null as never, evidence: [], identity: () => null as never, judges: { graders: new Map([['quality', j]]), replies } } as unknown as TaskGradingContext;
      return gradeTaskAttempt(line, task, { question: 'capital-1', permutation: 0, repetition: 0, attempt: 0, seq: 4, inputHash: run }, ctx);
    };
    const ok = grade({ content: 'SCORE: 6/10' });
    expect(ok.score).toBeCloseTo((3 * 0.6 + 1) / 4);
    expect(ok.parts![0]).toMatchObject({ grader: 'quality@1', weight: 3, verdict: 'partial', score: 0.6, judge: { run, seq: 1 } });
    for (const r of [{ failed: true }, { content: 'I would rather not say.' }]) {
      const v = grade(r);
      expect(v).toMatchObject({ verdict: 'provider_failure', score: null });
      expect(v.parts![0]).toMatchObject({ verdict: 'provider_failure', score: null });
    }
    expect(() => grade(null)).toThrow(expect.objectContaining({ code: 'EJUDGEMISSING' }));
  });

  it('a per-criterion rule reads each criterion from the reply and maps them to the task score by its declared combine; the part keeps each score', () => {
    const criteria = [
      { name: 'correct', pattern: 'CORRECT: (\\d+)/5', scale: 5, weight: 3 },
      { name: 'clear', pattern: 'CLEAR: (yes|no)', pass: 'yes' },
    ];
    const reply = 'CORRECT: 4/5\nCLEAR: no';
    expect(readVerdict({ criteria, combine: 'weighted-mean' }, reply)).toEqual({
      score: (3 * 0.8 + 0) / 4,
      criteria: [
        { name: 'correct', score: 0.8 },
        { name: 'clear', score: 0 },
      ],
    });
    expect(readVerdict({ criteria, combine: 'min' }, reply).score).toBe(0);
    expect(readVerdict({ criteria, combine: 'all' }, 'CORRECT: 5/5 CLEAR: yes').score).toBe(1);
    expect(readVerdict({ criteria, combine: 'all' }, 'CORRECT: 4/5 CLEAR: yes').score).toBe(0);
    // a criterion not found: a failed measurement, not a 0; the criteria found are still kept
    expect(readVerdict({ criteria, combine: 'weighted-mean' }, 'CORRECT: 4/5')).toEqual({
      score: null,
      criteria: [
        { name: 'correct', score: 0.8 },
        { name: 'clear', score: null },
      ],
    });
    expect(verdictRuleProblem({ criteria, combine: 'weighted-mean' })).toBeNull();
    expect(verdictRuleProblem({ criteria } as never)).toMatch(/combine: one of weighted-mean, min, all/);
    expect(verdictRuleProblem({ criteria: [criteria[0]!, criteria[0]!], combine: 'min' })).toMatch(/used twice/);
    expect(verdictRuleProblem({ criteria: [{ name: 'x', pattern: 'X: \\d' }], combine: 'min' })).toMatch(/criterion x: the pattern needs a capturing group/);
    expect(verdictRuleProblem({ criteria, combine: 'min', pattern: '(x)', scale: 1 })).toMatch(/criteria and combine only/);
    expect(verdictRuleProblem({ pattern: '(x)', scale: 1, combine: 'min' })).toMatch(/combine goes with criteria/);
    // the part of a judge-graded task carries each criterion's score, and the identity covers the rule
    const j = judgeGrader({ ...base, verdict: { criteria, combine: 'weighted-mean' } });
    expect(j.value.digest).not.toBe(judgeGrader({ ...base, verdict: { criteria, combine: 'min' } }).value.digest);
    const task = {
      id: 'capital-1',
      kind: 'answer',
      sourceEval: 'facts/capital',
      prompt: { text: 'Capital of Norway?' },
      max_tokens: 32,
      graders: [{ ref: 'judge@1', weight: 1, params: { judge: 'quality' } }],
    } as unknown as FrozenTask;
    const line = {
      seq: 0,
      slot: { question: 'capital-1', permutation: 0, repetition: 0 },
      attempt: 0,
      content: 'Oslo',
      class: 'answered',
      final: true,
      finishReason: 'stop',
    } as unknown as JournalLine;
    const hash = judgeRequestFor(j, task, 'Oslo', task.graders[0]!.params).hash;
    const run = `sha256:${'b'.repeat(64)}` as Digest;
    const replies = new Map<Digest, JudgeReply>([[hash, { run, runId: 'judge-y', seq: 0, content: reply, failed: false, model: 'judge-model' }]]);
    const ctx = { source: () => null as never, evidence: [], identity: () => null as never, judges: { graders: new Map([['quality', j]]), replies } } as unknown as TaskGradingContext;
    const v = gradeTaskAttempt(line, task, { question: 'capital-1', permutation: 0, repetition: 0, attempt: 0, seq: 0, inputHash: run }, ctx);
    expect(v.score).toBeCloseTo(0.6);
    expect(v.parts![0]).toMatchObject({
      verdict: 'partial',
      criteria: [
        { name: 'correct', score: 0.8 },
        { name: 'clear', score: 0 },
      ],
    });
    // both archive: the judge grader with its rule, the verdict with its criteria
    expect(validateBundle(j.value).errors).toEqual([]);
    expect(validateBundle({ kind: 'grade-segment', schemaVersion: 1, run, first: 0, verdicts: [v] }).errors).toEqual([]);
    expect(() => judgeGrader({ ...base, verdict: { criteria, combine: 'median' } as never })).toThrow(/verdict\/combine must be equal to one of the allowed values/);
  });
});

describe('recorded judge replies', () => {
  const run = `sha256:${'c'.repeat(64)}` as Digest;
  const judgeRunBundle = `sha256:${'d'.repeat(64)}` as Digest;
  /** An archive whose index names one judge run bundle serving `run`; listing refs (reading every judge-* run) is refused. */
  const indexed = mkdtempSync(join(tmpdir(), 'docket-judge-replies-'));
  writeFileSync(join(indexed, 'index.sqlite'), ''); // the index exists: it is what is asked
  const fakeArchive = (o: { rehash?: { code: 'EDIGEST'; message: string } | null; serves?: Digest; head?: Digest | null; dir?: string }) => {
    const queries: string[] = [];
    const archive = {
      dir: o.dir ?? indexed,
      currentIndex: () => ({
        db: {
          prepare: (sql: string) => {
            queries.push(sql);
            return { pluck: () => ({ all: (d: Digest) => (d === run ? [judgeRunBundle] : []) }) };
          },
        },
      }),
      store: {
        rehash: () => o.rehash ?? null,
        listRefs: () => {
          throw new Error('read every ref');
        },
      },
      listedRefs: () => {
        throw new Error('read every ref');
      },
      get: () => ({ value: { kind: 'run', id: 'judge-0123', serves: o.serves ?? run } }),
      ref: () => (o.head === undefined ? null : o.head),
    };
    return { archive: archive as unknown as Parameters<typeof recordedJudgeReplies>[0], queries };
  };

  it('finds the judge runs through the index, re-hashes each bundle it names, and holds the index to the bytes', () => {
    // not the run's head any more: nothing read (and no ref listed)
    const { archive, queries } = fakeArchive({ head: null });
    expect(recordedJudgeReplies(archive, run).size).toBe(0);
    // with no index yet, the refs are read instead (a reader never creates the index for this)
    expect(() => recordedJudgeReplies(fakeArchive({ dir: mkdtempSync(join(tmpdir(), 'docket-judge-noindex-')) }).archive, run)).toThrow('read every ref');
    expect(queries.join(' ')).toMatch(/FROM edges e JOIN objects o .* e\.pointer = '\/serves'/);
    // a damaged bundle the index names is a finding, not skipped
    expect(() => recordedJudgeReplies(fakeArchive({ rehash: { code: 'EDIGEST', message: 'bytes hash to sha256:00' } }).archive, run)).toThrow(
      expect.objectContaining({ code: 'EDIGEST', message: expect.stringContaining(judgeRunBundle) }),
    );
    // the index saying it serves the run while its bytes say otherwise: EINDEX
    expect(() => recordedJudgeReplies(fakeArchive({ serves: `sha256:${'e'.repeat(64)}` as Digest }).archive, run)).toThrow(expect.objectContaining({ code: 'EINDEX' }));
  });
});

describe('a judge that declares its endpoint', () => {
  it('has it in its identity, is asked there only, and reads only replies recorded there', () => {
    const plain = judgeGrader(base);
    expect('endpoint' in plain.value).toBe(false); // undeclared: the identity is what it was
    const at = judgeGrader({ ...base, endpoint: 'https://judge.example/v1' });
    const elsewhere = judgeGrader({ ...base, endpoint: 'https://other.example/v1' });
    expect(new Set([plain.value.digest, at.value.digest, elsewhere.value.digest]).size).toBe(3);
    expect(judgeEndpoint(at, 'https://user:pw@judge.example/v1/?x=1')).toBe('https://user:pw@judge.example/v1/?x=1');
    expect(() => judgeEndpoint(at, 'https://other.example/v1')).toThrow(expect.objectContaining({ code: 'EJUDGEDECL', message: expect.stringContaining('another endpoint') }));
    expect(judgeEndpoint(plain, 'https://anywhere.example/v1')).toBe('https://anywhere.example/v1');
    const hash = `sha256:${'f'.repeat(64)}` as Digest;
    const reply = { run: hash, runId: 'judge-1', seq: 0, content: 'SCORE: 9/10', failed: false, model: 'judge-model' };
    const replies = new Map<string, JudgeReply>([
      [hash, reply],
      [`${hash} https://other.example/v1`, reply],
    ]);
    expect(replyTo(replies, plain, hash)).toBe(reply);
    expect(replyTo(replies, elsewhere, hash)).toBe(reply);
    expect(replyTo(replies, at, hash)).toBeUndefined(); // recorded at another endpoint: a new judge run is needed
    expect(
      judgeDeclProblems('/nonexistent', { judges: { q: { current: 1, versions: { '1': { rubric: 'q.md', model: 'm', endpoint: 'judge.example', verdict: base.verdict } } } } }, { files: false }),
    ).toEqual([{ field: 'judges.q.versions.1.endpoint', message: 'the endpoint "judge.example" is not an absolute http(s) URL' }]);
  });
});
