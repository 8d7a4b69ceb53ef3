import { cpSync, rmSync, truncateSync, unlinkSync, writeFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Archive } from '../index/archive.ts';
import { worktreeBank } from '../../cli/commands/replay-run.ts';
import { loadBankFile } from '../bank/bank.ts';
import { sha256, type Digest } from '../format/digest.ts';
import { DocketError } from '../errors.ts';
import { fastCanonicalText } from '../accel/jcs-fast.ts';
import { canonicalText, type Json } from '../format/json.ts';
import { lineHash, type JournalLine } from './journal.ts';
import { diffJson, lineSpans, replayArchive, type ReplayReport } from './replay.ts';
import { encodeBundle, decodeBundle } from '../format/bundle.ts';
import { loadRun, type RunValue, type SegmentValue } from './runs.ts';
import { Store } from '../store/store.ts';
import { REPO, tempDir, treeHashes } from '../../cli/dev/testkit/core.ts';
import { projectSegment } from './segment-lines.ts';

const SHIPPED = join(REPO, 'evidence');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of the shipped archive without its index cache (what a clean checkout has). */
function copyArchive(): string {
  const dir = join(tempDir('docket-replay-'), 'evidence');
  dirs.push(join(dir, '..'));
  cpSync(SHIPPED, dir, { recursive: true, filter: (src) => !src.includes('index.sqlite') });
  return dir;
}

/** Replay, asserting the archive is byte-for-byte unchanged afterwards (no file added, changed or removed). */
async function replayUnchanged(dir: string, opts: Parameters<typeof replayArchive>[1] = {}): Promise<ReplayReport> {
  const before = treeHashes(dir);
  const r = await replayArchive(new Archive(dir), opts);
  expect(treeHashes(dir)).toEqual(before);
  return r;
}

const codes = (r: ReplayReport) => r.runs.flatMap((x) => x.findings.map((f) => f.code));

/**
 * Rewrite a sealed run in a copied archive, as a forger would: edit journal lines, optionally re-chain
 * them (so the chain is intact and only the replay of requests can catch the edit), store the new
 * segment and run bundles and move refs/runs/<id>. Store (not Archive) is used so no index is made.
 */
function rewriteRun(dir: string, id: string, edit: (lines: JournalLine[]) => void, rechain: boolean): Digest {
  const a = new Archive(dir);
  const { run, lines } = loadRun(a, id);
  const copy = JSON.parse(JSON.stringify(lines)) as JournalLine[];
  edit(copy);
  let prev = run.plan;
  if (rechain)
    for (const l of copy) {
      l.prev = prev;
      prev = lineHash(l);
    }
  const store = new Store(dir);
  const seg: SegmentValue = { kind: 'run-segment', schemaVersion: 1, run: run.id, first: 0, lines: copy };
  const segDigest = store.put(seg).digest;
  const newRun: RunValue = { ...run, segments: [segDigest], head: rechain ? prev : run.head };
  const digest = store.put(newRun).digest;
  store.writeRef(`runs/${id}`, digest);
  return digest;
}

describe('replay of the shipped archive', () => {
  it('rebuilds every request of every sealed run from the archive and matches the journal', async () => {
    const r = await replayUnchanged(copyArchive());
    const a = new Archive(SHIPPED);
    const attempts = r.runs.map((x) => loadRun(a, x.run).lines.length);
    // the contestant runs and the judge runs that graded their judged tasks (truncator's replies were empty: none)
    expect(r.runs.map((x) => x.run).filter((id) => !id.startsWith('judge-'))).toEqual(['ref-coin-1', 'ref-flaky-1', 'ref-markdown-1', 'ref-oracle-1', 'ref-truncator-1']);
    expect(r.runs.filter((x) => x.run.startsWith('judge-'))).toHaveLength(4);
    expect(r.runs.map((x) => x.requests)).toEqual(attempts);
    expect(r.requests).toBe(attempts.reduce((n, x) => n + x, 0));
    expect(r).toMatchObject({ ok: true, selection: 'all', rebuiltFrom: 'archive', findings: 0, mismatched: 0 });
    expect(r.matched).toBe(r.requests);
    for (const run of r.runs) {
      expect(run).toMatchObject({ ok: true, chain: 'intact', findings: [] });
      // run + plan + bank + template + protocol + every question, its evidence and source snapshot + segments
      if (!run.run.startsWith('judge-')) expect(run.bundles).toBeGreaterThan(100);
    }
  });

  it('names runs by id or by run digest, and refuses an unknown run (usage error)', async () => {
    const a = new Archive(SHIPPED);
    const digest = a.ref('runs/ref-flaky-1')!;
    const r = await replayArchive(new Archive(SHIPPED), { runs: [digest, 'ref-oracle-1'] });
    expect(r.selection).toBe('named');
    expect(r.runs.map((x) => [x.run, x.digest])).toEqual([
      ['ref-flaky-1', digest],
      ['ref-oracle-1', a.ref('runs/ref-oracle-1')],
    ]);
    await expect(replayArchive(new Archive(SHIPPED), { runs: ['no-such-run'] })).rejects.toMatchObject({ code: 'ENORUN' });
    await expect(replayArchive(new Archive(SHIPPED), { runs: [`sha256:${'0'.repeat(64)}`] })).rejects.toMatchObject({ code: 'ENORUN' });
    await expect(replayArchive(new Archive(SHIPPED), { runs: ['Bad/Name'] })).rejects.toBeInstanceOf(DocketError);
  });

  it('--against-worktree: an unchanged working tree rebuilds the same requests', async () => {
    const bank = loadBankFile(REPO);
    const r = await replayArchive(new Archive(SHIPPED), { runs: ['ref-oracle-1'], worktree: worktreeBank(REPO) });
    expect(r).toMatchObject({ ok: true, rebuiltFrom: 'worktree', mismatched: 0 });
    expect(r.matched).toBe(bank.questions.length * 3 + bank.tasks!.length);
  });

  it('--against-worktree: an edited question stem breaks exactly its three requests, with a field diff', async () => {
    const bank = loadBankFile(REPO);
    const questions = bank.questions.map((q, i) => (i === 0 ? { ...q, stem: `${q.stem} (edited)` } : q));
    const r = await replayArchive(new Archive(SHIPPED), { runs: ['ref-oracle-1'], worktree: { ...worktreeBank(REPO), questions } });
    expect(r.ok).toBe(false);
    expect(r.mismatched).toBe(3);
    const mism = r.runs[0]!.findings.filter((f) => f.code === 'EREQUEST' && f.data.question);
    expect(mism.map((f) => [f.data.question, f.data.permutation, f.data.attempt])).toEqual([0, 1, 2].map((p) => [bank.questions[0]!.id, p, 0]));
    expect(mism[0]!.data.diff).toHaveLength(1);
    expect(mism[0]!.data.diff![0]!.path).toBe('/messages/1/content');
    expect(String(mism[0]!.data.diff![0]!.rebuilt)).toContain('(edited)');
    expect(String(mism[0]!.data.diff![0]!.stored)).not.toContain('(edited)');
    // and the plan's fingerprint of the request set no longer matches
    expect(r.runs[0]!.findings.some((f) => f.data.path === '/requestHashes')).toBe(true);
  });

  it('--against-worktree: a changed template breaks every request; a removed question is named', async () => {
    const bank = loadBankFile(REPO);
    const template = { ...bank.promptTemplate, system: `${bank.promptTemplate.system} Be brief.` };
    const questions = bank.questions.slice(1);
    const r = await replayArchive(new Archive(SHIPPED), { runs: ['ref-coin-1'], worktree: { template, questions } });
    expect(r.matched).toBe(0);
    expect(r.mismatched).toBe(141);
    const f = r.runs[0]!.findings;
    expect(f.find((x) => x.code === 'EQUESTION')?.data.question).toBe(bank.questions[0]!.id);
    expect(f.find((x) => x.data.diff)?.data.diff?.map((d) => d.path)).toEqual(['/messages/0/content']);
  });
});

describe('bad input: coded findings, nothing changed', () => {
  it('a run naming a question digest that is missing: EREF for it, EBANK (nothing rebuilt)', async () => {
    const dir = copyArchive();
    const a = new Archive(dir);
    const { plan } = loadRun(a, 'ref-oracle-1');
    const bank = a.get(plan.bank).value as { questions: { id: string; digest: Digest }[] };
    const gone = bank.questions[5]!.digest;
    unlinkSync(a.store.objectPath(gone));
    const r = await replayUnchanged(dir);
    expect(r.ok).toBe(false);
    for (const run of r.runs) {
      expect(run.ok).toBe(false);
      expect(run.requests).toBe(0);
      const eref = run.findings.find((f) => f.code === 'EREF')!;
      expect(eref.message).toContain(gone);
      expect(eref.data.path).toBe('/questions/5/digest');
      expect(run.findings.some((f) => f.code === 'EBANK')).toBe(true);
      expect(run.chain).toBe('intact'); // the journal itself is fine
    }
  });

  it('a truncated run bundle: EDIGEST for that run, the others replay', async () => {
    const dir = copyArchive();
    const a = new Archive(dir);
    const digest = a.ref('runs/ref-coin-1')!;
    const path = a.store.objectPath(digest);
    truncateSync(path, Math.floor(statSync(path).size / 2));
    const r = await replayUnchanged(dir);
    const coin = r.runs.find((x) => x.run === 'ref-coin-1')!;
    expect(coin).toMatchObject({ ok: false, requests: 0, chain: 'unchecked' });
    expect(coin.findings.map((f) => f.code)).toEqual(['EDIGEST']);
    // the others replay, but for the judge run that serves it: its requests are built from coin's replies
    expect(r.runs.filter((x) => !x.ok).map((x) => (x.run === 'ref-coin-1' ? x.run : x.run.slice(0, 6)))).toEqual(['judge-', 'ref-coin-1']);
    expect(r.ok).toBe(false);
  });

  it('a broken journal chain (one edited line): one EJOURNAL naming the line after it', async () => {
    const dir = copyArchive();
    rewriteRun(
      dir,
      'ref-oracle-1',
      (lines) => {
        lines[10]!.content = 'Z';
      },
      false,
    );
    const r = await replayUnchanged(dir, { runs: ['ref-oracle-1'] });
    const run = r.runs[0]!;
    expect(run.ok).toBe(false);
    expect(run.chain).toBe('broken');
    expect(run.findings.map((f) => [f.code, f.data.seq])).toEqual([['EJOURNAL', 11]]);
    expect(run.matched).toBe(160); // requests are still rebuilt and matched
  });

  it('a dropped last line: the head no longer matches', async () => {
    const dir = copyArchive();
    rewriteRun(dir, 'ref-oracle-1', (lines) => void lines.pop(), false);
    const r = await replayUnchanged(dir, { runs: ['ref-oracle-1'] });
    expect(codes(r).sort()).toEqual(['EJOURNAL']);
    expect(r.runs[0]!.findings[0]!.data.path).toBe('/attempts');
  });

  it('a forged stored request, re-chained: EREQUEST naming the slot, with a field diff', async () => {
    const dir = copyArchive();
    let slot: JournalLine['slot'] | undefined;
    rewriteRun(
      dir,
      'ref-oracle-1',
      (lines) => {
        const l = lines[7]!;
        slot = l.slot;
        const req = l.request as { messages: { content: string }[] };
        req.messages[1]!.content = req.messages[1]!.content.replace('A)', 'A) [forged]');
        l.requestHash = sha256(canonicalText(l.request)); // consistent with itself: only a rebuild catches it
      },
      true,
    );
    const r = await replayUnchanged(dir, { runs: ['ref-oracle-1'] });
    const run = r.runs[0]!;
    expect(run.chain).toBe('intact');
    expect(run.mismatched).toBe(1);
    const f = run.findings.find((x) => x.code === 'EREQUEST' && x.data.seq === 7)!;
    expect(slot).toMatchObject({ permutation: 1, repetition: 0 }); // slot order: question × permutation × repetition
    expect(f.data).toMatchObject({ ...slot, attempt: 0 });
    expect(f.message).toContain(`question ${slot!.question}, permutation 1, repetition 0, attempt 0`);
    expect(f.data.diff).toEqual([expect.objectContaining({ path: '/messages/1/content' })]);
    expect(String(f.data.diff![0]!.stored)).toContain('[forged]');
  });

  it('a stored request that does not hash to its requestHash: EREQUEST', async () => {
    const dir = copyArchive();
    rewriteRun(
      dir,
      'ref-oracle-1',
      (lines) => {
        (lines[3]!.request as { temperature: number }).temperature = 1;
      },
      true,
    );
    const r = await replayUnchanged(dir, { runs: ['ref-oracle-1'] });
    const f = r.runs[0]!.findings.filter((x) => x.code === 'EREQUEST');
    expect(f).toHaveLength(1);
    expect(f[0]!.message).toContain('the stored request hashes to');
    expect(f[0]!.data.diff).toEqual([{ path: '/temperature', rebuilt: 0, stored: 1 }]);
  });

  it('a line for a slot the plan does not have: ESLOT', async () => {
    const dir = copyArchive();
    rewriteRun(
      dir,
      'ref-oracle-1',
      (lines) => {
        lines[0]!.slot = { ...lines[0]!.slot, repetition: 4 };
      },
      true,
    );
    const r = await replayUnchanged(dir, { runs: ['ref-oracle-1'] });
    expect(codes(r)).toEqual(['ESLOT']);
    expect(r.runs[0]!.findings[0]!.data).toMatchObject({ seq: 0, repetition: 4 });
  });

  it('a missing segment and a malformed run ref: EREF', async () => {
    const dir = copyArchive();
    const a = new Archive(dir);
    const oracle = loadRun(a, 'ref-oracle-1');
    unlinkSync(a.store.objectPath(oracle.run.segments[0]!));
    writeFileSync(join(dir, 'refs', 'runs', 'ref-coin-1'), 'not a digest\n');
    const r = await replayUnchanged(dir);
    const o = r.runs.find((x) => x.run === 'ref-oracle-1')!;
    expect(o.findings.map((f) => f.code)).toEqual(['EREF', 'EJOURNAL']);
    expect(o.chain).toBe('broken');
    const c = r.runs.find((x) => x.run === 'ref-coin-1')!;
    expect(c.findings.map((f) => [f.code, f.data.path])).toEqual([['EREF', 'refs/runs/ref-coin-1']]);
  });

  it('caps findings per code and counts the rest', async () => {
    const bank = loadBankFile(REPO);
    const template = { ...bank.promptTemplate, user: `${bank.promptTemplate.user}!` };
    const r = await replayArchive(new Archive(SHIPPED), { runs: ['ref-coin-1'], worktree: { ...worktreeBank(REPO), template }, maxFindingsPerCode: 5, maxDiffs: 2 });
    const f = r.runs[0]!.findings;
    expect(f.filter((x) => x.data.diff)).toHaveLength(2);
    expect(f.at(-1)!.message).toMatch(/^140 more EREQUEST findings/); // 144 mismatches + the requestHashes finding, 5 listed
    expect(r.mismatched).toBe(144);
  });
});

describe('diffJson', () => {
  it('names every differing leaf by JSON pointer, with absent sides left out', () => {
    expect(diffJson({ a: 1, b: [1, 2], 'c/d': 'x', e: { f: true } }, { a: 1, b: [1, 3, 4], 'c/d': 'y', g: null })).toEqual([
      { path: '/b/1', rebuilt: 2, stored: 3 },
      { path: '/b/2', stored: 4 },
      { path: '/c~1d', rebuilt: 'x', stored: 'y' },
      { path: '/e', rebuilt: { f: true } },
      { path: '/g', stored: null },
    ]);
    expect(diffJson({ a: [1] }, { a: [1] })).toEqual([]);
    expect(diffJson(1, 'x')).toEqual([{ path: '/', rebuilt: 1, stored: 'x' }]);
  });
});

// ---- the fast RFC 8785 serializer against the reference (canonicalText) ----

const text = fc.string({ unit: 'grapheme' });
const anyText = fc.oneof(text, fc.string({ unit: 'binary' }), fc.constantFrom('', '"', '\\', '\u0000\u001f\u007f', '\u2028\u2029', '€𝄞', '__proto__', '10', '9', 'a\u0000b'));
const num = fc.oneof(
  fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e21, 1e-7, 5e-324, 0.1, 1.7976931348623157e308),
);
const request = fc.record(
  {
    model: anyText,
    messages: fc.array(fc.record({ role: fc.constantFrom('system', 'user', 'assistant'), content: anyText }), { maxLength: 4 }),
    temperature: num,
    max_tokens: fc.integer({ min: 0, max: 100000 }),
    seed: fc.integer(),
    top_p: fc.double({ min: 0, max: 1, noNaN: true }),
  },
  { requiredKeys: ['model', 'messages', 'temperature', 'max_tokens'] },
);
const jsonish: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.boolean(), num, anyText, fc.array(tie('v'), { maxLength: 5 }), fc.dictionary(anyText, tie('v'), { maxKeys: 6 })),
})).v;

/** Both serializers, as text or the error code (both must refuse the same values). */
const both = (v: unknown) => [attempt(() => fastCanonicalText(v)), attempt(() => canonicalText(v))];
function attempt(f: () => string): string {
  try {
    return f();
  } catch (e) {
    return `error ${(e as DocketError).code}`;
  }
}

describe('fastCanonicalText = canonicalText (RFC 8785)', () => {
  it('is byte-identical on request-shaped values', () => {
    fc.assert(
      fc.property(request, (r) => {
        const [fast, ref] = both(r);
        expect(fast).toBe(ref);
      }),
      { numRuns: 2000 },
    );
  });

  it('is byte-identical on arbitrary JSON values, and refuses what canonicalText refuses', () => {
    fc.assert(
      fc.property(jsonish, (v) => {
        const [fast, ref] = both(v);
        expect(fast).toBe(ref);
      }),
      { numRuns: 2000 },
    );
    for (const bad of [Number.NaN, Infinity, 2 ** 53, { a: undefined }, '\ud800', { '\udc00': 1 }, new Date(0), [() => 1]]) {
      const [fast, ref] = both(bad);
      expect(fast).toMatch(/^error EJSON/);
      expect(ref).toMatch(/^error EJSON/);
    }
  });

  it('hashes every shipped journal line to the line hash the chain records', () => {
    const a = new Archive(SHIPPED);
    const { lines } = loadRun(a, 'ref-markdown-1');
    for (let i = 1; i < lines.length; i++) expect(sha256(fastCanonicalText(lines[i - 1]))).toBe(lines[i]!.prev);
  });
});

describe('lineSpans: the bytes of each journal line inside a canonical segment', () => {
  // Both ways of finding the lines: scanning the bytes (after a parse), and the accelerator's projection.
  const spansOf = (seg: SegmentValue) => {
    const enc = encodeBundle(seg);
    const d = decodeBundle(enc.bytes, enc.descriptor.digest);
    const scanned = lineSpans(d.content!, seg);
    const projected = projectSegment(enc.bytes, enc.descriptor.digest);
    // Null: the accelerator left the text to the reference (a key with an escape, say).
    if (projected) expect(projected.spans).toEqual(scanned);
    return { spans: scanned, content: d.content!, projected: projected !== null };
  };

  it('slices exactly the RFC 8785 text of every line (shipped runs)', () => {
    const a = new Archive(SHIPPED);
    for (const id of ['ref-flaky-1', 'ref-markdown-1']) {
      const run = a.get(a.ref(`runs/${id}`)!).value as unknown as RunValue;
      const d = a.get(run.segments[0]!);
      const seg = d.value as unknown as SegmentValue;
      const spans = lineSpans(d.content!, seg)!;
      expect(spans).not.toBeNull();
      const both = spansOf(seg);
      expect(both.projected).toBe(true);
      expect(both.spans).toEqual(spans);
      seg.lines.forEach((l, i) => expect(Buffer.from(d.content!.subarray(spans[2 * i]!, spans[2 * i + 1]!)).toString('utf8')).toBe(canonicalText(l)));
    }
  });

  it('is exact on lines whose strings and bodies hold brackets, quotes, escapes and nested lines', () => {
    const a = new Archive(SHIPPED);
    const { lines } = loadRun(a, 'ref-oracle-1');
    const strict = jsonish.filter((v) => !attempt(() => canonicalText(v)).startsWith('error'));
    const nasty = ['{"attempt":0}', '\\"]}', '"', '\\', '[[[', '}}}],', '€𝄞\u0000\n', ''];
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.nat(lines.length - 1),
            fc.oneof(fc.constantFrom(...nasty), fc.string({ unit: 'binary' })).filter((t) => t.isWellFormed()),
            strict,
          ),
          { minLength: 0, maxLength: 8 },
        ),
        (picks) => {
          const ls = picks.map(([i, text, body]) => ({ ...lines[i]!, content: text, response: { status: 200, body: { attempt: { '{': text }, v: body } } }) as JournalLine);
          const seg: SegmentValue = { kind: 'run-segment', schemaVersion: 1, run: 'r', first: 4000, lines: ls };
          const { spans, content } = spansOf(seg);
          expect(spans).not.toBeNull();
          ls.forEach((l, i) => expect(Buffer.from(content.subarray(spans![2 * i]!, spans![2 * i + 1]!)).toString('utf8')).toBe(canonicalText(l)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('returns null when the bytes are not laid out as a segment (the caller serializes instead)', () => {
    const a = new Archive(SHIPPED);
    const { lines } = loadRun(a, 'ref-oracle-1');
    const seg: SegmentValue = { kind: 'run-segment', schemaVersion: 1, run: 'r', first: 0, lines: lines.slice(0, 3) };
    const { content } = spansOf(seg);
    expect(lineSpans(content, { ...seg, first: 1 })).toBeNull();
    expect(lineSpans(content, { ...seg, lines: lines.slice(0, 2) })).toBeNull();
    expect(lineSpans(content, { ...seg, lines: lines.slice(0, 4) })).toBeNull();
  });
});
