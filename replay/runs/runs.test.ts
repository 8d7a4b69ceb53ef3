import { describe, expect, it } from 'vitest';
import { Archive } from '../index/archive.ts';
import { currentBank } from '../bank/frozen.ts';
import { DocketError } from '../errors.ts';
import { canonicalBytes } from '../format/json.ts';
import { sha256 } from '../format/digest.ts';
import { buildRequest, permutationsFor, requestHash } from './request.ts';
import { checkRunId, defaultRunId, planValue, segmentValues, selectQuestions } from './runs.ts';
import { encodeBundle } from '../format/bundle.ts';
import type { JournalLine } from './journal.ts';

const archive = () => new Archive(new URL('../../evidence/', import.meta.url).pathname);
const caps = { limitEvals: null, maxRequests: null, maxKnownCostUsd: null, retries: 3, timeoutMs: 1000 };
const grader = { ref: 'decision@2', digest: sha256('g') };

describe('runs (pure parts)', () => {
  it('run ids: validated, and a default <model-slug>-<utc>-<hex>', () => {
    expect(defaultRunId('openai/GPT-4o mini', new Date('2026-03-04T05:06:07.890Z'), 'ab12')).toBe('openai-gpt-4o-mini-20260304t050607-ab12');
    expect(() => checkRunId('Bad/Id')).toThrow(DocketError);
    expect(() => checkRunId('a'.repeat(65))).toThrow(DocketError);
    expect(checkRunId('ref-oracle-1')).toBe('ref-oracle-1');
  });

  it('plans with the pure request builder: the same plan twice, hashes matching buildRequest', () => {
    const a = archive();
    const bank = currentBank(a);
    a.close();
    const input = { bank, model: 'm', baseUrl: 'http://u:p@127.0.0.1:9/v1?key=k', repetitions: 2, params: { temperature: 0, max_tokens: 16 }, grader, caps: { ...caps, limitEvals: 3 } };
    const p1 = planValue(input);
    const p2 = planValue(input);
    expect(encodeBundle(p1.plan).descriptor.digest).toBe(encodeBundle(p2.plan).descriptor.digest);
    expect(p1.plan.baseUrl).toBe('http://127.0.0.1:9/v1');
    expect(p1.plan.questions).toEqual(selectQuestions(bank, 3));
    expect(new Set(p1.plan.questions.map((id) => bank.questions.find((q) => q.id === id)!.sourceEval)).size).toBe(3);
    expect(p1.plan.slots).toBe(p1.plan.questions.length * 3 * 2);
    const r = p1.requests[3]!; // question 0, permutation 1, repetition 1
    expect(r.slot).toEqual({ question: p1.plan.questions[0], permutation: 1, repetition: 1 });
    const q = bank.questions.find((x) => x.id === r.slot.question)!;
    expect(r.hash).toBe(requestHash(buildRequest(bank.template, q, permutationsFor(q.id)[1]!, 'm', { temperature: 0, max_tokens: 16 })));
    expect(p1.plan.requestHashes).toBe(sha256(canonicalBytes(p1.requests.map((x) => x.hash))));
  });

  it('segments hold at most 2000 lines each, in order', () => {
    const lines = Array.from({ length: 4500 }, (_, i) => ({ seq: i }) as unknown as JournalLine);
    const segs = segmentValues('r1', lines);
    expect(segs.map((s) => [s.first, s.lines.length])).toEqual([
      [0, 2000],
      [2000, 2000],
      [4000, 500],
    ]);
  });
});
