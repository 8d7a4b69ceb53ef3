import { appendFileSync, closeSync, ftruncateSync, openSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sha256, type Digest } from '../../replay/format/digest.ts';
import { DocketError } from '../../replay/errors.ts';
import { encodeLine, parseJournal, readJournal, type JournalLine } from '../../replay/runs/journal.ts';
import { HEAD_FILE, JOURNAL_FILE, readWorkJournal } from '../../replay/runs/runs.ts';
import { tempDir } from '../dev/testkit/core.ts';
import { createWorkDir, Journal } from './workdir.ts';

/** Issue 19 (8, 10, 11): the journal's last line is anchored by the head record; reads stream. */
const PLAN = sha256('a plan') as Digest;
const REQ = sha256('a request') as Digest;

const attempt = (i: number, extra: Partial<JournalLine> = {}): Omit<JournalLine, 'seq' | 'prev'> => ({
  slot: { question: 'q1', permutation: i % 3, repetition: Math.floor(i / 3) },
  attempt: 0,
  requestHash: REQ,
  response: { status: 200, body: { ok: true } },
  content: 'B',
  model: 'm',
  finishReason: 'stop',
  usage: { prompt_tokens: 3 },
  costUsd: 0.25,
  latencyMs: 1.5,
  errorClass: null,
  class: 'answered',
  final: true,
  ...extra,
});

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

async function workdirWith(n: number, extra: (i: number) => Partial<JournalLine> = () => ({})): Promise<string> {
  const archive = tempDir('docket-head-');
  dirs.push(archive);
  const dir = createWorkDir(archive, 'r1', PLAN, '2026-01-01T00:00:00.000Z');
  const j = Journal.open(dir, PLAN);
  for (let i = 0; i < n; i++) j.append(attempt(i, extra(i)));
  await j.close();
  return dir;
}

function code(f: () => unknown): string | null {
  try {
    f();
  } catch (e) {
    if (e instanceof DocketError) return `${e.code}: ${e.message}`;
    throw e;
  }
  return null;
}

const journalBytes = (dir: string) => readFileSync(join(dir, JOURNAL_FILE));

/** Replace the last line with the re-encoded line after `edit` (a valid, canonical, chained line). */
function editLastLine(dir: string, edit: (l: JournalLine) => void) {
  const text = journalBytes(dir).toString('utf8');
  const lines = text.split('\n').slice(0, -1);
  const last = JSON.parse(lines.pop()!) as JournalLine;
  edit(last);
  writeFileSync(join(dir, JOURNAL_FILE), `${[...lines, encodeLine(last).text].join('\n')}\n`);
}

describe('journal head record', () => {
  it('a changed costUsd in the last line is EJOURNAL on open, on read and in runs (the chain alone accepts it)', async () => {
    const dir = await workdirWith(3);
    editLastLine(dir, (l) => (l.costUsd = 99));
    expect(parseJournal(journalBytes(dir), PLAN).lines).toHaveLength(3); // the chain cannot see it
    expect(code(() => Journal.open(dir, PLAN))).toMatch(/^EJOURNAL: journal line 3: .*head record names/);
    expect(code(() => readWorkJournal(dir, PLAN))).toMatch(/^EJOURNAL/);
  });

  it('every single-byte change in the last line is EJOURNAL', async () => {
    const dir = await workdirWith(2);
    const orig = journalBytes(dir);
    const lastStart = orig.lastIndexOf(0x0a, orig.length - 2) + 1;
    let tried = 0;
    for (let at = lastStart; at < orig.length; at += 7) {
      for (const flip of [0x01, 0x20]) {
        const b = Buffer.from(orig);
        b[at] = b[at]! ^ flip;
        writeFileSync(join(dir, JOURNAL_FILE), b);
        expect(
          code(() => readWorkJournal(dir, PLAN)),
          `byte ${at} ^ ${flip}`,
        ).toMatch(/^EJOURNAL/);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(40);
  });

  it('a crash between a line and its head update: the uncommitted line is cut on open and asked again', async () => {
    const dir = await workdirWith(3);
    const committed = journalBytes(dir);
    const head = readFileSync(join(dir, HEAD_FILE));
    // What a crash right after the 4th line's fsync leaves: the line, and the old head record.
    const j = Journal.open(dir, PLAN);
    j.append(attempt(3));
    await j.close();
    writeFileSync(join(dir, HEAD_FILE), head);
    const r = readWorkJournal(dir, PLAN);
    expect(r).toMatchObject({ count: 3, unanchored: true, goodBytes: committed.length });
    const reopened = Journal.open(dir, PLAN);
    expect(reopened.count).toBe(3);
    await reopened.close();
    expect(journalBytes(dir).equals(committed)).toBe(true);
    expect(readWorkJournal(dir, PLAN)).toMatchObject({ count: 3, unanchored: false });
  });

  it('the head lagging by two lines, a lost line, a missing or damaged head record: EJOURNAL', async () => {
    const dir = await workdirWith(4);
    const full = journalBytes(dir);
    const head = readFileSync(join(dir, HEAD_FILE));
    writeFileSync(join(dir, HEAD_FILE), `{"head":"${encodeLineHash(dir, 2)}","lines":2}\n`);
    expect(code(() => readWorkJournal(dir, PLAN))).toMatch(/^EJOURNAL: journal line 4: the head record names 2 lines/);
    writeFileSync(join(dir, HEAD_FILE), head);
    writeFileSync(join(dir, JOURNAL_FILE), full.subarray(0, full.lastIndexOf(0x0a, full.length - 2) + 1)); // last line dropped
    expect(code(() => readWorkJournal(dir, PLAN))).toMatch(/^EJOURNAL: .*head record names 4 lines, the journal holds 3/);
    writeFileSync(join(dir, JOURNAL_FILE), full);
    writeFileSync(join(dir, HEAD_FILE), '{"head":"sha256:00","lines":4}\n');
    expect(code(() => readWorkJournal(dir, PLAN))).toMatch(/^EJOURNAL: .*journal\.head/);
    unlinkSync(join(dir, HEAD_FILE));
    expect(code(() => Journal.open(dir, PLAN))).toMatch(/^EJOURNAL: cannot read .*journal\.head/);
  });

  it('a torn last line after the committed ones is cut as before', async () => {
    const dir = await workdirWith(2);
    const committed = journalBytes(dir);
    appendFileSync(join(dir, JOURNAL_FILE), '{"attempt":0,"cla');
    const j = Journal.open(dir, PLAN);
    expect(j.count).toBe(2);
    await j.close();
    expect(journalBytes(dir).equals(committed)).toBe(true);
  });
});

describe('streaming reads', () => {
  it('lines across chunk boundaries and lines longer than a chunk read as parseJournal reads them', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024 + 17);
    const dir = await workdirWith(0);
    let prev = PLAN;
    let text = '';
    for (let i = 0; i < 4000; i++) {
      const e = encodeLine({ seq: i, prev, ...attempt(i, { content: i === 1500 ? big : `c${i}` }) } as JournalLine);
      text += `${e.text}\n`;
      prev = e.hash;
    }
    writeFileSync(join(dir, JOURNAL_FILE), text);
    writeFileSync(join(dir, HEAD_FILE), `{"head":"${prev}","lines":4000}\n`);
    const seen: JournalLine[] = [];
    const r = readWorkJournal(dir, PLAN, (l) => seen.push(l));
    const whole = parseJournal(journalBytes(dir), PLAN);
    expect(r.count).toBe(4000);
    expect(r.head).toBe(whole.head);
    expect(seen).toEqual(whole.lines);
    expect(seen[1500]!.content).toBe(big);
  });

  it('a journal over 2 GiB (sparse, no newline) is EJOURNAL, read only up to the line cap', async () => {
    const dir = await workdirWith(1);
    const fd = openSync(join(dir, JOURNAL_FILE), 'r+');
    ftruncateSync(fd, 2 ** 31 + 4096);
    closeSync(fd);
    expect(statSync(join(dir, JOURNAL_FILE)).size).toBeGreaterThan(2 ** 31);
    expect(code(() => readJournal(join(dir, JOURNAL_FILE), PLAN, null))).toMatch(/^EJOURNAL: journal line 2: longer than \d+ bytes without a newline/);
  });
});

function encodeLineHash(dir: string, n: number): string {
  const lines = journalBytes(dir).toString('utf8').split('\n');
  return sha256(lines[n - 1]!);
}
