import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Archive } from '../index/archive.ts';
import { decodeBundle, encodeBundle } from '../format/bundle.ts';
import { sha256, type Digest } from '../format/digest.ts';
import { gzipCanonical } from '../format/gzip.ts';
import { canonicalBytes } from '../format/json.ts';
import { checkLine, lineHash, type JournalLine } from './journal.ts';
import { lineSpans, replayArchive } from './replay.ts';
import { loadRun, type RunValue, type SegmentValue } from './runs.ts';
import { projectSegment } from './segment-lines.ts';
import { Store } from '../store/store.ts';
import { strict, useAccelerator } from '../accel/strict-wasm.ts';
import { REPO, shippedBundles, tempDir } from '../../cli/dev/testkit/core.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Every run segment of the shipped archive, as stored bytes with their digests. */
const shippedSegments = (): { bytes: Uint8Array; digest: Digest }[] =>
  shippedBundles()
    .filter((b) => (b.value as { kind?: string }).kind === 'run-segment')
    .map(({ bytes, digest }) => ({ bytes, digest }));

/** What replay reads of a line, from its parsed value. */
const key = (l: JournalLine) => ({
  seq: l.seq,
  prev: l.prev,
  slot: l.slot,
  attempt: l.attempt,
  requestHash: l.requestHash,
  ...(l.request === undefined ? {} : { request: l.request }),
  status: l.response ? l.response.status : null,
});

function sameAsParsed(bytes: Uint8Array, digest: Digest) {
  const d = decodeBundle(bytes, digest);
  const seg = d.value as unknown as SegmentValue;
  // Without the accelerator nothing is projected (replay decodes the segment instead: the reference).
  useAccelerator(false);
  try {
    expect(projectSegment(bytes, digest)).toBeNull();
  } finally {
    useAccelerator(true);
  }
  const p = projectSegment(bytes, digest);
  expect(p).not.toBeNull();
  expect(p!.run).toBe(seg.run);
  expect(p!.first).toBe(seg.first);
  expect(p!.lines).toEqual(seg.lines.map((l, i) => key(checkLine(l as never, i + 1))));
  expect([...p!.spans]).toEqual([...lineSpans(d.content!, seg)!]);
  // Each span is exactly the line's RFC 8785 text: the bytes the journal chain hashes.
  seg.lines.forEach((l, i) => expect(lineHash(l)).toBe(lineHash(JSON.parse(Buffer.from(p!.content.subarray(p!.spans[2 * i]!, p!.spans[2 * i + 1]!)).toString('utf8')))));
}

describe('projectSegment', () => {
  const shipped = shippedSegments();

  it('reads every shipped segment exactly as parsing it and checkLine would', () => {
    expect(shipped.length).toBeGreaterThan(0);
    const valid = strict()!.stats.valid;
    for (const s of shipped) sameAsParsed(s.bytes, s.digest);
    expect(strict()!.stats.valid - valid).toBe(shipped.length); // the module walked every one itself
  });

  it('agrees with parsing on lines with escapes, non-ASCII questions, stored requests, text and null responses', () => {
    const base = decodeBundle(shipped[0]!.bytes, shipped[0]!.digest).value as unknown as SegmentValue;
    const line = base.lines[0]!;
    const str = fc.string({ unit: fc.constantFrom('a', 'é', '😀', '"', '\\', '\n', '\u0001', '/', 'z'), maxLength: 12 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ question: str, status: fc.option(fc.nat(599), { nil: null }), text: fc.option(str, { nil: null }), request: fc.boolean(), seq: fc.nat(2 ** 40), rep: fc.nat(9) }), {
          minLength: 1,
          maxLength: 5,
        }),
        (specs) => {
          const lines = specs.map((sp, i): JournalLine => {
            const l: JournalLine = { ...line, seq: sp.seq + i, slot: { question: sp.question, permutation: i % 3, repetition: sp.rep }, content: sp.text };
            l.response = sp.status === null ? null : sp.text === null ? { status: sp.status, body: { text: sp.question, n: [1, 2.5, null] } } : { status: sp.status, text: sp.text };
            if (sp.request) l.request = { model: 'm', messages: [{ role: 'user', content: sp.question }], temperature: 0, max_tokens: 8 };
            else delete l.request;
            return l;
          });
          const seg: SegmentValue = { ...base, run: 'run-x', first: specs.length, lines };
          const e = encodeBundle(seg);
          sameAsParsed(e.bytes, e.descriptor.digest);
        },
      ),
      { numRuns: 150, seed: 29 },
    );
  });

  it('returns null, never a half-read segment, for what it cannot prove: another kind, a wrong digest, a schema error', () => {
    const s = shipped[0]!;
    const other = encodeBundle({ kind: 'attachment', schemaVersion: 1, mediaType: 'x', body: null });
    expect(projectSegment(other.bytes, other.descriptor.digest)).toBeNull();
    expect(projectSegment(s.bytes, other.descriptor.digest)).toBeNull();
    const seg = decodeBundle(s.bytes, s.digest).value as unknown as SegmentValue;
    // Valid JSON and canonical, but a line's attempt is negative: the schema walk fails at that line.
    const bad = { ...seg, lines: seg.lines.map((l, i) => (i === seg.lines.length - 1 ? { ...l, attempt: -1 } : l)) };
    const bytes = gzipCanonical(canonicalBytes(bad));
    expect(projectSegment(bytes, sha256(bytes))).toBeNull();
    expect(() => decodeBundle(bytes, sha256(bytes))).toThrow('/lines/');
  });

  it('a negative response status breaks the run-segment schema, as checkLine says: replay reports the segment, verify the bundle', async () => {
    const dir = join(tempDir('docket-seglines-'), 'evidence');
    dirs.push(join(dir, '..'));
    cpSync(join(REPO, 'evidence'), dir, { recursive: true, filter: (src) => !src.includes('index.sqlite') });
    const a = new Archive(dir);
    const id = new Store(dir)
      .listRefs()
      .find((r) => r.name.startsWith('runs/'))!
      .name.slice('runs/'.length);
    const { run, lines } = loadRun(a, id);
    const copy = JSON.parse(JSON.stringify(lines)) as JournalLine[];
    const at = copy.findIndex((l) => l.response !== null);
    copy[at]!.response!.status = -5;
    expect(() => checkLine(copy[at] as never, at + 1)).toThrow(/\/response\/status must be >= 0/);
    let prev = run.plan;
    for (const l of copy) {
      l.prev = prev;
      prev = lineHash(l);
    }
    const seg = { kind: 'run-segment', schemaVersion: 1, run: run.id, first: 0, lines: copy } satisfies SegmentValue;
    expect(() => encodeBundle(seg)).toThrow(/minimum|>= 0/); // the recorder could not store it
    const bytes = gzipCanonical(canonicalBytes(seg)); // a hand-made one
    const segDigest = sha256(bytes);
    const store = new Store(dir);
    store.putBytes(bytes, segDigest);
    expect(projectSegment(bytes, segDigest)).toBeNull();
    const newRun: RunValue = { ...run, segments: [segDigest], head: prev };
    store.writeRef(`runs/${id}`, store.put(newRun).digest);
    const r = await replayArchive(new Archive(dir), { runs: [id] });
    const f = r.runs[0]!.findings.filter((x) => x.data.digest === segDigest);
    expect(f.map((x) => x.code)).toEqual(['ESCHEMA']);
    expect(f[0]!.message).toMatch(/status/);
    expect(r.ok).toBe(false);
  });
});
