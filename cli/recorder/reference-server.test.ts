import { describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { currentBank } from '../../replay/bank/frozen.ts';
import { DocketError } from '../../replay/errors.ts';
import { grader } from '../../replay/grading/graders.ts';
import { buildDecisionRequest, buildRequest, permutationsFor } from '../../replay/runs/request.ts';
import { CONTENDERS, startReferenceServer, type ReferenceServer } from './reference-server.ts';
import { referenceServerFixture } from '../dev/testkit/recorder.ts';

let dir: string;
let ref: ReferenceServer;
referenceServerFixture((d, r) => {
  dir = d;
  ref = r;
});

const post = (body: unknown) => fetch(`${ref.baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('serve-reference', () => {
  it('refuses a non-loopback host', async () => {
    await expect(startReferenceServer({ archive: dir, port: 0, host: '0.0.0.0' })).rejects.toSatisfy((e: unknown) => e instanceof DocketError && e.code === 'ENOTLOOPBACK');
  });

  it('lists its contenders at GET /v1/models', async () => {
    const j = (await (await fetch(`${ref.baseUrl}/models`)).json()) as { data: { id: string }[] };
    expect(j.data.map((m) => m.id)).toEqual(CONTENDERS.map((c) => c.id));
    expect(j.data.map((m) => m.id)).toEqual(['oracle', 'coin', 'markdown', 'truncator', 'flaky', 'hostile', 'judge-neutral', 'judge-flaky']);
  });

  it('judge-neutral (and markdown asked to judge) answer SCORE: n/10 from the reply between <reply> tags', async () => {
    const ask = async (model: string, content: string) =>
      ((await (await post({ model, messages: [{ role: 'user', content }], max_tokens: 16 })).json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content;
    expect(await ask('judge-neutral', 'Grade: <reply>no idea</reply>')).toBe('SCORE: 1/10'); // not a reply any contender gives
    expect(await ask('markdown', 'Grade: <reply>no idea</reply>')).toBe('SCORE: 1/10');
    expect(await ask('judge-neutral', 'What is 2 + 2?')).toMatch(/only judge/);
  });

  it('judge-flaky fails about half of its judge requests once (429 or 500), then answers as judge-neutral', async () => {
    const statuses: number[][] = [];
    for (let i = 0; i < 12; i++) {
      const body = { model: 'judge-flaky', messages: [{ role: 'user', content: `Grade: <reply>reply ${i}</reply>` }], max_tokens: 16 };
      const first = await post(body);
      await first.text();
      const second = await post(body);
      statuses.push([first.status, second.status]);
      expect(second.status).toBe(200);
      expect(((await second.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe('SCORE: 1/10');
    }
    const failed = statuses.filter(([s]) => s !== 200);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(12);
    for (const [s] of failed) expect([429, 500]).toContain(s);
  });

  it('oracle knows the shown letter of the key under every permutation; replies are deterministic', async () => {
    const a = new Archive(dir);
    const bank = currentBank(a);
    a.close();
    const g = grader('decision');
    for (const q of bank.questions.slice(0, 4)) {
      for (const perm of permutationsFor(q.id)) {
        const body = buildRequest(bank.template, q, perm, 'oracle', { temperature: 0, max_tokens: 16 });
        const r1 = (await (await post(body)).json()) as { choices: { message: { content: string } }[]; usage: { cost?: number; prompt_tokens: number } };
        const r2 = await (await post(body)).json();
        expect(r2).toEqual(r1);
        const content = r1.choices[0]!.message.content;
        expect(content).toMatch(/^[ABCD]$/);
        expect(g.grade({ content, finishReason: 'stop', permutation: perm, key: q.key, options: [...q.options] }).verdict).toBe('correct');
        expect(r1.usage.cost).toBeGreaterThan(0);
        expect(r1.usage.prompt_tokens).toBeGreaterThan(0);
      }
    }
  });

  it('POST /v1/decisions: oracle chooses the shown key with probabilities summing to ~1; coin is seeded; a chat body there is 400', async () => {
    const a = new Archive(dir);
    const bank = currentBank(a);
    a.close();
    const decide = (body: unknown) => fetch(`${ref.baseUrl}/decisions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    for (const q of bank.questions.slice(0, 3)) {
      for (const perm of permutationsFor(q.id)) {
        const r = (await (await decide(buildDecisionRequest(q, perm, 'oracle'))).json()) as {
          choice: string;
          probabilities: Record<string, number>;
          confidence: number;
          model: string;
          usage: { cost: number };
        };
        expect(r.choice).toBe('ABCD'[perm.indexOf('ABCD'.indexOf(q.key))]);
        expect(Object.values(r.probabilities).reduce((x, y) => x + y, 0)).toBeCloseTo(1, 4);
        expect(r.confidence).toBe(r.probabilities[r.choice]);
        expect(r.model).toBe('docket-reference/oracle-v1');
        expect(r.usage.cost).toBeGreaterThan(0);
        const c = buildDecisionRequest(q, perm, 'coin');
        expect(await (await decide(c)).json()).toEqual(await (await decide(c)).json());
      }
    }
    const chat = buildRequest(bank.template, bank.questions[0]!, [0, 1, 2, 3], 'oracle', { temperature: 0, max_tokens: 16 });
    expect((await decide(chat)).status).toBe(400);
  });

  it('unknown model → 404 JSON; locked → 401; html → an HTML page; bad JSON → 400', async () => {
    const body = { model: 'nope', messages: [{ role: 'user', content: 'hi' }] };
    const r404 = await post(body);
    expect(r404.status).toBe(404);
    expect(((await r404.json()) as { error: { code: string } }).error.code).toBe('model_not_found');
    expect((await post({ ...body, model: 'locked' })).status).toBe(401);
    const html = await post({ ...body, model: 'html' });
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(await html.text()).toContain('<html>');
    const bad = await fetch(`${ref.baseUrl}/chat/completions`, { method: 'POST', body: '{"model":' });
    expect(bad.status).toBe(400);
  });

  it('markdown writes **X** or Answer: (x); coin reports no cost; flaky fails a request at most once', async () => {
    const a = new Archive(dir);
    const bank = currentBank(a);
    a.close();
    const formats = new Set<string>();
    let flakyFailures = 0;
    for (const q of bank.questions) {
      const perm = permutationsFor(q.id)[1]!;
      const md = (await (await post(buildRequest(bank.template, q, perm, 'markdown', { temperature: 0, max_tokens: 16 }))).json()) as { choices: { message: { content: string } }[] };
      const c = md.choices[0]!.message.content;
      expect(c).toMatch(/^(\*\*[ABCD]\*\*|Answer: \([abcd]\))$/);
      formats.add(c.startsWith('**') ? 'bold' : 'answer');
      const coin = (await (await post(buildRequest(bank.template, q, perm, 'coin', { temperature: 0, max_tokens: 16 }))).json()) as { usage: { cost?: number } };
      expect(coin.usage.cost).toBeUndefined();
      const fb = buildRequest(bank.template, q, perm, 'flaky', { temperature: 0, max_tokens: 16 });
      const first = await post(fb);
      if (first.status !== 200) {
        expect([429, 500]).toContain(first.status);
        flakyFailures++;
        expect((await post(fb)).status).toBe(200);
      }
    }
    expect(formats).toEqual(new Set(['bold', 'answer']));
    expect(flakyFailures).toBeGreaterThan(0);
    expect(flakyFailures).toBeLessThan(bank.questions.length / 2);
  });
});
