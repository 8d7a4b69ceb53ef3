import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { currentBank } from '../../replay/bank/frozen.ts';
import { grader } from '../../replay/grading/graders.ts';
import { replayArchive } from '../../replay/runs/replay.ts';
import { buildDecisionRequest, DECISION_FORMAT, permutationsFor, requestHash } from '../../replay/runs/request.ts';
import { loadRun } from '../../replay/runs/runs.ts';
import type { ReferenceServer } from './reference-server.ts';
import { readDecision } from './decision.ts';
import { makePlan, startRun, type NewRunOptions } from './recorder.ts';
import { referenceServerFixture, runCli, scratchArchive, withArchiveAt } from '../dev/testkit/recorder.ts';

let dir: string;
let ref: ReferenceServer;
referenceServerFixture((d, r) => {
  dir = d;
  ref = r;
});

let n = 0;
function opts(model: string, over: Partial<NewRunOptions> = {}, caps: Partial<NewRunOptions['caps']> = {}): NewRunOptions {
  return {
    model,
    baseUrl: ref.baseUrl,
    repetitions: 1,
    params: { temperature: 0, max_tokens: 16 },
    graderRef: 'decision',
    runId: `d${++n}-${model}`,
    requestKind: 'decision',
    caps: { limitEvals: 2, maxRequests: null, maxKnownCostUsd: null, retries: 3, timeoutMs: 5000, ...caps },
    ...over,
  };
}
const withArchive = <T>(f: (a: Archive) => Promise<T>) => withArchiveAt(dir, f);

describe('the decision request kind', () => {
  it('the request is typed fields in the permutation order, no messages and no generation settings', () => {
    const q = {
      id: 'q1',
      sourceEval: 'x/y',
      stem: 'Which?',
      options: ['zero', 'one', 'two', 'three'] as [string, string, string, string],
      key: 'B' as const,
      claim: '',
      doesNotEstablish: '',
      probe: '',
    };
    const body = buildDecisionRequest(q, [2, 0, 3, 1], 'm');
    expect(body).toEqual({
      model: 'm',
      question_id: 'q1',
      stem: 'Which?',
      options: [
        { id: 'A', text: 'two' },
        { id: 'B', text: 'zero' },
        { id: 'C', text: 'three' },
        { id: 'D', text: 'one' },
      ],
      answer_format: 'choice',
    });
  });

  it('oracle through /v1/decisions: every slot answered and correct, the decision recorded, replay rebuilds and matches every request', async () => {
    const r = await withArchive((a) => startRun(a, opts('oracle'), { apiKey: null, backoffMs: 1 }));
    expect(r.status).toBe('sealed');
    const { plan, lines, bank } = await withArchive(async (a) => ({ ...loadRun(a, r.runId), bank: currentBank(a) }));
    expect(plan.requestFormat).toBe(DECISION_FORMAT);
    const g = grader('decision');
    for (const l of lines) {
      const q = bank.questions.find((x) => x.id === l.slot.question)!;
      const perm = permutationsFor(q.id)[l.slot.permutation]!;
      expect(l.requestHash).toBe(requestHash(buildDecisionRequest(q, perm, 'oracle')));
      expect(l.class).toBe('answered');
      expect(l.decision!.choice).toBe(l.content);
      expect(Object.keys(l.decision!.probabilities!).sort()).toEqual(['A', 'B', 'C', 'D']);
      expect(l.decision!.confidence).toBe(l.decision!.probabilities![l.content!]);
      expect(l.costUsd).toBeGreaterThan(0);
      expect(l.model).toBe('docket-reference/oracle-v1');
      expect(g.grade({ content: l.content, finishReason: l.finishReason, permutation: perm, key: q.key, options: [...q.options] }).verdict).toBe('correct');
    }
    expect(lines.filter((l) => l.request).every((l) => !('messages' in (l.request as object)) && !('max_tokens' in (l.request as object)))).toBe(true);
    const rep = await replayArchive(new Archive(dir), { runs: [r.runId] });
    expect(rep.ok).toBe(true);
    expect(rep.matched).toBe(lines.length);
  });

  it('flaky through /v1/decisions (whole bank, N = 8): 429/500 retried as attempts; replay matches', async () => {
    const r = await withArchive((a) => startRun(a, opts('flaky', {}, { limitEvals: null }), { apiKey: null, backoffMs: 1, concurrency: 8 }));
    expect(r.status).toBe('sealed');
    const { lines } = await withArchive(async (a) => loadRun(a, r.runId));
    expect(lines.some((l) => l.errorClass === 'http_429' && !l.final)).toBe(true);
    expect(r.run.done).toBe(144);
    expect((await replayArchive(new Archive(dir), { runs: [r.runId] })).ok).toBe(true);
  }, 30_000);

  it('a decision request whose rebuilt body differs is a replay mismatch (the decision kind is really checked)', async () => {
    const r = await withArchive((a) => startRun(a, opts('coin'), { apiKey: null, backoffMs: 1 }));
    // Replay against a working-tree bank whose first question has another stem: its requests must mismatch.
    const bank = await withArchive(async (a) => currentBank(a));
    const [first, ...rest] = bank.questions;
    const rep = await replayArchive(new Archive(dir), { runs: [r.runId], worktree: { template: bank.template, questions: [{ ...first!, stem: `${first!.stem} (edited)` }, ...rest] } });
    expect(rep.ok).toBe(false);
    expect(rep.mismatched).toBeGreaterThan(0);
  });

  it('the CLI: --request-kind decision in a dry run and a real run', async () => {
    const dry = await runCli(['run', '--archive', dir, '--dry-run', '--json', '--model', 'oracle', '--request-kind', 'decision', '--limit-evals', '1']);
    expect(dry.code).toBe(0);
    const j = JSON.parse(dry.stdout);
    expect(j.plan.requestFormat).toBe('docket-decision-v1');
    expect(j.estimate.completionTokens).toBe(0);
    const out = await runCli([
      'run',
      '--archive',
      dir,
      '--json',
      '--model',
      'oracle',
      '--base-url',
      ref.baseUrl,
      '--request-kind',
      'decision',
      '--limit-evals',
      '1',
      '--run-id',
      'cli-dec',
      '--concurrency',
      '3',
    ]);
    expect(out.stderr).toBe('');
    expect(JSON.parse(out.stdout)).toMatchObject({ status: 'sealed', classes: { answered: JSON.parse(out.stdout).planned } });
    const bad = await runCli(['run', '--archive', dir, '--model', 'oracle', '--base-url', ref.baseUrl, '--concurrency', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--concurrency must be an integer from 1 to 64');
  }, 30_000);
});

describe('the bank selects the kind', () => {
  it('a bank whose template says requestKind decision plans decision requests; --request-kind chat overrides it', async () => {
    const d2 = scratchArchive();
    try {
      const a = new Archive(d2);
      try {
        const cur = a.ref('bank/current')!;
        const bank = a.get(cur).value as Record<string, unknown> & { template: string };
        const t = a.get(bank.template as never).value as Record<string, unknown>;
        const template = a.put({ ...t, requestKind: 'decision' } as never).digest;
        a.setRef('bank/current', a.put({ ...bank, template } as never).digest);
        const byBank = makePlan(a, { ...opts('oracle', { requestKind: undefined }) });
        expect(byBank.plan.requestFormat).toBe(DECISION_FORMAT);
        expect(byBank.requests[0]!.body).toHaveProperty('question_id');
        expect(makePlan(a, opts('oracle', { requestKind: 'chat' })).plan.requestFormat).toBe('openai-chat-v1');
        // The shipped bank names no kind: chat.
        a.setRef('bank/current', cur);
        expect(makePlan(a, opts('oracle', { requestKind: undefined })).plan.requestFormat).toBe('openai-chat-v1');
      } finally {
        a.close();
      }
    } finally {
      rmSync(d2, { recursive: true, force: true });
    }
  });
});

describe('reading decision responses', () => {
  it('probabilities as a map or as [{id, probability}]; a body without choice is null (bad_body)', () => {
    expect(
      readDecision({
        choice: 'C',
        probabilities: [
          { id: 'C', probability: 0.7 },
          { id: 'A', probability: 0.3 },
        ],
        confidence: 0.7,
        model: 'm',
        usage: { cost: 0.01 },
        provider: 'P',
      }),
    ).toEqual({
      content: 'C',
      finishReason: null,
      model: 'm',
      usage: { cost: 0.01 },
      costUsd: 0.01,
      provider: 'P',
      decision: { choice: 'C', probabilities: { C: 0.7, A: 0.3 }, confidence: 0.7 },
    });
    expect(readDecision({ choice: null })?.decision).toEqual({ choice: null, probabilities: null, confidence: null });
    expect(readDecision({ choices: [] })).toBeNull();
  });
});

describe('OpenAI-compatible details, recorded per attempt', () => {
  it('usage with reasoning and cached tokens, usage.cost, returned model, provider; content_filter, tool_calls; finish_reason error retried', async () => {
    let i = 0;
    const replies = [
      { finish_reason: 'error', content: '' },
      { finish_reason: 'stop', content: 'B' },
      { finish_reason: 'content_filter', content: '' },
      { finish_reason: 'tool_calls', content: null },
    ];
    const s = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const r = replies[Math.min(i++, replies.length - 1)]!;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            model: 'vendor/model-2026-01',
            provider: 'SomeCloud',
            choices: [{ index: 0, message: { role: 'assistant', content: r.content }, finish_reason: r.finish_reason }],
            usage: { prompt_tokens: 10, completion_tokens: 40, total_tokens: 50, cost: 0.00042, completion_tokens_details: { reasoning_tokens: 32 }, prompt_tokens_details: { cached_tokens: 8 } },
          }),
        );
      });
    });
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`;
    try {
      const r = await withArchive((a) => startRun(a, opts('x', { baseUrl: url, requestKind: 'chat', runId: 'oai-1' }, { limitEvals: 1 }), { apiKey: null, backoffMs: 1, concurrency: 1 }));
      const { lines } = await withArchive(async (a) => loadRun(a, r.runId));
      expect(lines.slice(0, 4).map((l) => [l.finishReason, l.errorClass, l.class, l.final])).toEqual([
        ['error', 'finish_error', 'provider_failure', false],
        ['stop', null, 'answered', true],
        ['content_filter', null, 'invalid', true],
        ['tool_calls', null, 'invalid', true],
      ]);
      for (const l of lines) {
        expect(l).toMatchObject({ model: 'vendor/model-2026-01', provider: 'SomeCloud', costUsd: 0.00042 });
        expect(l.usage).toMatchObject({ completion_tokens_details: { reasoning_tokens: 32 }, prompt_tokens_details: { cached_tokens: 8 } });
      }
      expect((await replayArchive(new Archive(dir), { runs: ['oai-1'] })).ok).toBe(true); // the new fields pass the segment schema
    } finally {
      await new Promise<void>((r) => s.close(() => r()));
    }
  });
});
