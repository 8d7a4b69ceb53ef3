import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sha256, type Digest } from '../format/digest.ts';
import { encodeLine, headText, planSlots, slotKey, type JournalLine } from './journal.ts';
import { HEAD_FILE, JOURNAL_FILE } from './runs.ts';
import type { Slot } from '../bank/types.ts';
import { prng } from '../../cli/dev/crash/harness.ts';
import { sealLines, streamSealed } from './seal.ts';

const PLAN = sha256('plan') as Digest;
const QUESTIONS = ['q-a', 'q-b', 'q-c', 'q-d', 'q-e'];
const ORDER = planSlots(QUESTIONS, 3, 2).map(slotKey); // 30 slots; the two repetitions of a slot share a request hash

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

const hashOf = (s: Slot) => sha256(`${s.question}/${s.permutation}`) as Digest;

/** A working directory whose journal holds these attempts in this order, chained, with its head record. */
function workDirWith(attempts: { slot: Slot; attempt: number; final: boolean }[]): { dir: string; lines: JournalLine[] } {
  const dir = mkdtempSync(join(tmpdir(), 'docket-seal-order-'));
  dirs.push(dir);
  const lines: JournalLine[] = [];
  const seen = new Set<Digest>();
  let prev = PLAN;
  let text = '';
  for (const [seq, a] of attempts.entries()) {
    const requestHash = hashOf(a.slot);
    const line: JournalLine = {
      seq,
      prev,
      slot: a.slot,
      attempt: a.attempt,
      requestHash,
      ...(seen.has(requestHash) ? {} : { request: { model: 'm', messages: [{ role: 'user', content: `${a.slot.question}/${a.slot.permutation}` }], temperature: 0, max_tokens: 16 } }),
      response: { status: 200, body: { n: seq } },
      content: 'A',
      model: 'm',
      finishReason: 'stop',
      usage: null,
      costUsd: null,
      latencyMs: seq,
      errorClass: a.final ? null : 'http_5xx',
      class: a.final ? 'answered' : 'provider_failure',
      final: a.final,
    };
    seen.add(requestHash);
    const e = encodeLine(line);
    text += `${e.text}\n`;
    prev = e.hash;
    lines.push(line);
  }
  writeFileSync(join(dir, JOURNAL_FILE), text);
  writeFileSync(join(dir, HEAD_FILE), headText({ lines: lines.length, head: prev }));
  return { dir, lines };
}

const slotOf = (k: string): Slot => {
  const [question, permutation, repetition] = k.split('\u0000');
  return { question: question!, permutation: Number(permutation), repetition: Number(repetition) };
};

/** What N request loops leave: slots taken in plan order, each slot's attempts in order, interleaved at random; some slots never reached. */
function completionOrder(seed: number, n: number, reached: number) {
  const rand = prng(seed);
  const out: { slot: Slot; attempt: number; final: boolean }[] = [];
  const loops: { slot: Slot; left: number; attempt: number }[] = [];
  let next = 0;
  const take = () => (next < reached ? { slot: slotOf(ORDER[next++]!), left: 1 + Math.floor(rand() * 3), attempt: 0 } : null);
  for (let i = 0; i < n; i++) {
    const t = take();
    if (t) loops.push(t);
  }
  while (loops.length) {
    const i = Math.floor(rand() * loops.length);
    const l = loops[i]!;
    l.left--;
    out.push({ slot: l.slot, attempt: l.attempt++, final: l.left === 0 });
    if (l.left === 0) {
      const t = take();
      if (t) loops[i] = t;
      else loops.splice(i, 1);
    }
  }
  return out;
}

function sealedBoth(dir: string, lines: JournalLine[]) {
  const streamed: JournalLine[] = [];
  const s = streamSealed(dir, PLAN, ORDER, (l) => streamed.push(l));
  const sorted = sealLines(lines, ORDER, PLAN);
  return { s, streamed, sorted };
}

describe('streamSealed', () => {
  it('a journal already in the seal order is passed through as it is (the identity)', () => {
    const { dir, lines } = workDirWith(completionOrder(1, 1, ORDER.length));
    const { s, streamed, sorted } = sealedBoth(dir, lines);
    expect(s.reorder).toBe('none');
    expect(streamed).toEqual(lines);
    expect(sorted.lines).toEqual(lines);
    expect(s.head).toBe(sorted.head);
  });

  it('journals in completion order (N = 2…16, some slots never reached) seal exactly as the in-memory sort, holding only early lines as offsets', () => {
    let reordered = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const n = 2 + (seed % 15);
      const { dir, lines } = workDirWith(completionOrder(seed, n, seed % 4 === 0 ? ORDER.length - 7 : ORDER.length));
      const { s, streamed, sorted } = sealedBoth(dir, lines);
      expect(streamed, `seed ${seed}`).toEqual(sorted.lines);
      expect(s.head).toBe(sorted.head);
      expect(s.lines).toBe(lines.length);
      if (s.reorder === 'offsets') {
        reordered++;
        expect(s.buffered).toBeLessThan(lines.length);
      }
    }
    expect(reordered).toBeGreaterThan(50);
  });

  it('a slot resumed after the others finished (its lines far apart) waits for it, and seals the same', () => {
    const first = completionOrder(7, 8, ORDER.length).filter((a) => !(a.slot.question === 'q-a' && a.slot.permutation === 0 && a.slot.repetition === 0 && a.final));
    const resumed = { slot: slotOf(ORDER[0]!), attempt: first.filter((a) => slotKey(a.slot) === ORDER[0]).length, final: true };
    const { dir, lines } = workDirWith([...first, resumed]);
    const { s, streamed, sorted } = sealedBoth(dir, lines);
    expect(s.reorder).toBe('offsets');
    expect(streamed).toEqual(sorted.lines);
    expect(s.buffered).toBeGreaterThan(lines.length / 2); // everything after slot 0 waited, as offsets
  });

  it('a journal the recorder cannot write (attempts of a slot out of order, a slot outside the plan) is sorted in memory, the same way', () => {
    const order = completionOrder(3, 4, ORDER.length);
    const i = order.findIndex((a) => a.attempt === 1);
    const j = order.findIndex((a) => slotKey(a.slot) === slotKey(order[i]!.slot) && a.attempt === 0);
    [order[i], order[j]] = [order[j]!, order[i]!];
    const swapped = workDirWith(order);
    const a = sealedBoth(swapped.dir, swapped.lines);
    expect(a.s.reorder).toBe('memory');
    expect(a.streamed).toEqual(a.sorted.lines);
    const outside = workDirWith([...completionOrder(4, 4, 10), { slot: { question: 'q-z', permutation: 0, repetition: 0 }, attempt: 0, final: true }]);
    const b = sealedBoth(outside.dir, outside.lines);
    expect(b.s.reorder).toBe('memory');
    expect(b.streamed).toEqual(b.sorted.lines);
  });

  it('a journal changed between the passes is EJOURNAL, not a wrong seal', () => {
    const { dir } = workDirWith(completionOrder(5, 8, ORDER.length));
    let calls = 0;
    expect(() =>
      streamSealed(dir, PLAN, ORDER, () => {
        if (++calls === 3) writeFileSync(join(dir, JOURNAL_FILE), 'x'.repeat(40_000)); // the file under the reader is replaced
      }),
    ).toThrow(/EJOURNAL|journal/);
  });
});
