import { describe, expect, it } from 'vitest';
import { sha256, type Digest } from '../format/digest.ts';
import { DocketError } from '../errors.ts';
import { thrown } from '../../cli/dev/testkit/core.ts';
import fc from 'fast-check';
import { validateBundle } from '../format/schemas.ts';
import { chainBreaks, checkChain, checkLine, encodeLine, MAX_TEXT_BYTES, nextStep, parseJournal, planSlots, slotStates, summarize, textRecord, type JournalLine } from './journal.ts';

const PLAN = sha256('a plan') as Digest;
const REQ = sha256('a request') as Digest;

function chain(n: number, mutate: (i: number) => Partial<JournalLine> = () => ({})): { text: string; lines: JournalLine[] } {
  let prev = PLAN;
  const lines: JournalLine[] = [];
  let text = '';
  for (let i = 0; i < n; i++) {
    const line: JournalLine = {
      seq: i,
      prev,
      slot: { question: 'q1', permutation: i % 3, repetition: 0 },
      attempt: 0,
      requestHash: REQ,
      response: { status: 200, body: { ok: true } },
      content: 'B',
      model: 'm',
      finishReason: 'stop',
      usage: { prompt_tokens: 3 },
      costUsd: i % 2 ? null : 0.5,
      latencyMs: 1.5,
      errorClass: null,
      class: 'answered',
      final: true,
      ...mutate(i),
    };
    const e = encodeLine(line);
    text += `${e.text}\n`;
    prev = e.hash;
    lines.push(line);
  }
  return { text, lines };
}

const bytes = (s: string) => Buffer.from(s, 'utf8');

describe('journal', () => {
  it('round-trips a chain; the head is the last line hash, line 0 chains to the plan', () => {
    const { text, lines } = chain(4);
    const p = parseJournal(bytes(text), PLAN);
    expect(p.lines).toEqual(lines);
    expect(p.torn).toBe(false);
    expect(p.goodBytes).toBe(bytes(text).length);
    expect(p.lines[0]!.prev).toBe(PLAN);
    expect(p.head).toBe(sha256(text.split('\n')[3]!));
    expect(checkChain(lines as never, PLAN).head).toBe(p.head);
  });

  it('drops a torn last line (no newline) and reports where the intact prefix ends', () => {
    const { text } = chain(3);
    const cut = text.slice(0, text.length - 20); // the third line loses its tail and newline
    const p = parseJournal(bytes(cut), PLAN);
    expect(p.torn).toBe(true);
    expect(p.lines).toHaveLength(2);
    expect(p.goodBytes).toBe(bytes(text.split('\n').slice(0, 2).join('\n') + '\n').length);
  });

  it('a complete line without its newline is also torn (it was never fully written)', () => {
    const { text } = chain(2);
    const p = parseJournal(bytes(text.slice(0, -1)), PLAN);
    expect(p.lines).toHaveLength(1);
    expect(p.torn).toBe(true);
  });

  it('a broken line that is not the last is EJOURNAL naming its line number', () => {
    const { text } = chain(3);
    const rows = text.split('\n');
    rows[1] = rows[1]!.slice(0, 30);
    const e = thrown(() => parseJournal(bytes(rows.join('\n')), PLAN));
    expect(e.code).toBe('EJOURNAL');
    expect(e.data.line).toBe(2);
  });

  it('an edited line breaks the chain at the next line', () => {
    const { text } = chain(3);
    const edited = text.replace('"content":"B"', '"content":"C"');
    const e = thrown(() => parseJournal(bytes(edited), PLAN));
    expect(e.code).toBe('EJOURNAL');
    expect(e.data.line).toBe(2);
    expect(e.message).toContain('chain broken');
  });

  it('a journal started for another plan fails at line 1', () => {
    const { text } = chain(2);
    expect(thrown(() => parseJournal(bytes(text), sha256('other') as Digest)).data.line).toBe(1);
  });

  it('rejects non-canonical lines and unknown fields', () => {
    const { text } = chain(1);
    const spaced = `${text.replace('{"attempt":0,', '{"attempt": 0,')}`;
    expect(thrown(() => parseJournal(bytes(spaced), PLAN)).code).toBe('EJOURNAL');
    const extra = encodeLine({ ...chain(1).lines[0]!, apiKey: 'x' } as never).text;
    expect(thrown(() => parseJournal(bytes(`${extra}\n`), PLAN)).message).toContain('must NOT have additional properties: apiKey');
  });

  it('checks a line by the run-segment schema: a line passes exactly when a segment holding it passes', () => {
    const base = chain(1).lines[0]!;
    const field = fc.constantFrom(...(Object.keys(base) as (keyof JournalLine)[]), 'request', 'provider', 'decision', 'apiKey');
    const junk = fc.oneof(
      fc.constantFrom(
        null,
        -1,
        0,
        1.5,
        2 ** 53,
        '',
        'x',
        true,
        [],
        {},
        { status: 200 },
        { status: 200, body: null },
        { status: -1, text: 'x' },
        { choice: 'A', probabilities: null, confidence: null },
        { model: 'm', messages: [], temperature: 0, max_tokens: 1 },
        PLAN,
        'answered',
        'nonsense',
      ),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const edit = fc.tuple(field, fc.option(junk, { nil: undefined }));
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 3 }), (edits) => {
        const line: Record<string, unknown> = { ...base };
        for (const [k, v] of edits) {
          if (v === undefined) delete line[k];
          else line[k] = v;
        }
        const segment = { kind: 'run-segment', schemaVersion: 1, run: 'r1', first: 0, lines: [line] };
        let lineOk = true;
        try {
          checkLine(line as never, 1);
        } catch (e) {
          expect((e as DocketError).code).toBe('EJOURNAL');
          lineOk = false;
        }
        expect(lineOk).toBe(validateBundle(JSON.parse(JSON.stringify(segment))).ok);
      }),
      { numRuns: 300 },
    );
  });

  it('checks the chain with one rule: seq and prev, both reported, and nothing allocated when intact', () => {
    expect(chainBreaks({ seq: 0, prev: PLAN }, 0, PLAN)).toBe(chainBreaks({ seq: 3, prev: REQ }, 3, REQ));
    expect(chainBreaks({ seq: 0, prev: PLAN }, 0, PLAN)).toEqual([]);
    expect(chainBreaks({ seq: 2, prev: PLAN }, 1, REQ).map((b) => b.field)).toEqual(['seq', 'prev']);
    expect(chainBreaks({ seq: 0, prev: REQ }, 0, PLAN)[0]!.message).toBe(`prev is ${REQ}, but the plan hashes to ${PLAN} (chain broken: a line before it was edited, dropped or reordered)`);
    expect(chainBreaks({ seq: 4, prev: REQ }, 4, PLAN)[0]!.message).toContain('but line 4 hashes to');
    // the three readers give the same verdict on the same damage
    const { text, lines } = chain(3);
    const swapped = [lines[0]!, lines[2]!, lines[1]!];
    const whole = thrown(() => parseJournal(bytes(swapped.map((l) => encodeLine(l).text).join('\n') + '\n'), PLAN));
    const sealed = thrown(() => checkChain(swapped as never, PLAN));
    expect(sealed.message).toBe(whole.message);
    expect(whole.message).toBe(`journal line 2: ${chainBreaks(swapped[1]!, 1, encodeLine(lines[0]!).hash)[0]!.message}`);
    expect(text).toContain('"seq":2');
  });

  it('keeps slot bookkeeping: attempts, finality and retryable failures', () => {
    const { lines } = chain(3, (i) => ({
      slot: { question: 'q', permutation: 0, repetition: 0 },
      attempt: i,
      final: i === 2,
      errorClass: i < 2 ? 'http_429' : null,
      class: i < 2 ? 'provider_failure' : 'answered',
    }));
    const s = slotStates(lines).values().next().value!;
    expect(s).toEqual({ attempts: 3, final: true, retryableFailures: 2 });
    const sum = summarize(lines);
    expect(sum.done).toBe(1);
    expect(sum.classes.provider_failure).toBe(2);
    expect(sum.knownCostUsd).toBe(1);
    expect(sum.unknownCostAttempts).toBe(1);
  });

  it('plans slots question × permutation × repetition', () => {
    const s = planSlots(['a', 'b'], 3, 2);
    expect(s).toHaveLength(12);
    expect(s[0]).toEqual({ question: 'a', permutation: 0, repetition: 0 });
    expect(s[1]).toEqual({ question: 'a', permutation: 0, repetition: 1 });
    expect(s[11]).toEqual({ question: 'b', permutation: 2, repetition: 1 });
  });

  it('decides what follows an attempt', () => {
    expect(nextStep(null, 0, 3)).toBe('final');
    expect(nextStep('http_429', 0, 3)).toBe('retry');
    expect(nextStep('http_5xx', 3, 3)).toBe('final'); // the provider answered, four times
    expect(nextStep('network', 3, 3)).toBe('stop'); // nothing answered: stop, resumable
    expect(nextStep('timeout', 0, 0)).toBe('stop');
    expect(nextStep('http_401', 0, 3)).toBe('stop');
    expect(nextStep('interrupted', 0, 3)).toBe('stop');
    expect(nextStep('bad_body', 0, 3)).toBe('final');
    expect(nextStep('http_404', 0, 3)).toBe('final');
  });

  it('keeps at most 64 KiB of a text body, on a character boundary', () => {
    const r = textRecord(502, 'é'.repeat(MAX_TEXT_BYTES)) as { text: string; truncatedFrom: number };
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(MAX_TEXT_BYTES);
    expect(r.text.endsWith('é')).toBe(true);
    expect(r.truncatedFrom).toBe(MAX_TEXT_BYTES * 2);
    expect(textRecord(200, '<html>')).toEqual({ status: 200, text: '<html>' });
  });
});
