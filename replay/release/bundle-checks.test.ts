import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeBundle } from '../format/bundle.ts';
import { sha256, type Digest } from '../format/digest.ts';
import { gzipCanonical } from '../format/gzip.ts';
import { canonicalBytes } from '../format/json.ts';
import { canaries } from '../../cli/dev/testkit/content.ts';
import { EXCLUDE } from '../bank/snapshot.ts';
import { BundleChecks } from './bundle-checks.ts';

function samples(): { rel: string; digest: Digest; bytes: Uint8Array; code: string | null }[] {
  const out: { rel: string; digest: Digest; bytes: Uint8Array; code: string | null }[] = [];
  for (let i = 0; i < 12; i++) {
    const bytes = encodeBundle({ kind: 'attachment', schemaVersion: 1, mediaType: 'text/plain', name: `n${i}`, body: 'x'.repeat(1000 * i) }).bytes;
    out.push({ rel: `ok-${i}`, digest: sha256(bytes), bytes, code: null });
  }
  const good = out[0]!;
  out.push({ rel: 'renamed', digest: out[1]!.digest, bytes: good.bytes, code: 'EDIGEST' });
  const schemaBad = gzipCanonical(canonicalBytes({ kind: 'attachment', schemaVersion: 1 }));
  out.push({ rel: 'schema', digest: sha256(schemaBad), bytes: schemaBad, code: 'ESCHEMA' });
  out.push({ rel: 'empty', digest: sha256(new Uint8Array(0)), bytes: new Uint8Array(0), code: 'ESIZE' });
  return out;
}

/** Feed every sample the way the read pass does: reserve, fill, submit; each written to `dir` when given. */
async function run(c: BundleChecks, dir?: string, waitForWorker = false) {
  for (const s of samples()) {
    const buf = c.reserve(s.bytes.length);
    buf.set(s.bytes);
    c.submit(buf, { rel: s.rel, digest: s.digest, path: `evidence/${s.rel}`, scan: false }, dir ? { path: `t/${s.rel}`, abs: join(dir, s.rel), mode: 0o644 } : undefined);
  }
  c.flush();
  if (waitForWorker) await until(() => c.results.size === samples().length);
  return c.finish();
}

/** Wait (up to 20 s, for a loaded machine) until `done()`; fail the test if it never is. */
async function until(done: () => boolean) {
  for (let i = 0; i < 2000 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!done()) throw new Error('timed out waiting for the worker');
}

/** The worker's first answer: it has started (a worker still starting takes nothing). */
async function started(c: BundleChecks) {
  const s = samples()[0]!;
  const buf = c.reserve(s.bytes.length);
  buf.set(s.bytes);
  c.submit(buf, { rel: 'warm-up', digest: s.digest, path: 'evidence/warm-up', scan: false });
  c.flush();
  await until(() => c.results.has('warm-up'));
  c.results.delete('warm-up');
  Object.assign(c.stats, { worker: 0, here: 0, takenBack: 0, wraps: 0 });
}

describe('BundleChecks', () => {
  it('gives the same results inline, in a worker, and when the worker falls behind', async () => {
    const sizes = samples().map((x) => x.bytes.length);
    const tiny = Math.max(...sizes) + 64; // a ring that holds about one bundle: it fills at once
    const worker = new BundleChecks(1);
    await started(worker);
    const small = new BundleChecks(1, tiny);
    await started(small);
    const runs = [await run(new BundleChecks(0)), await run(worker, undefined, true)]; // inline only; a started worker, waited for
    const empty = samples().filter((x) => x.bytes.length === 0).length; // never in the ring: checked here at once
    expect(empty).toBe(1);
    expect(worker.stats).toEqual({ worker: samples().length - empty, here: empty, takenBack: 0, wraps: 0 });
    // Made just before its run: its worker has (almost surely) not loaded by the time finish()
    // comes, so this thread takes the bundles back, newest first; whichever side claims each one,
    // every bundle is checked exactly once.
    const unstarted = new BundleChecks(1);
    runs.push(await run(unstarted));
    expect(unstarted.stats.here).toBe(empty);
    expect(unstarted.stats.takenBack + unstarted.stats.worker).toBe(samples().length - empty);
    // The ring holds one bundle, and answers cannot arrive while the samples are submitted: one goes
    // to the ring (checked by the worker, or taken back), every other one is checked here.
    runs.push(await run(small));
    expect(small.stats.here).toBeGreaterThan(0);
    expect(small.stats.here + small.stats.worker + small.stats.takenBack).toBe(samples().length);
    for (const s of samples()) {
      for (const r of runs) {
        const got = r.get(s.rel)!;
        expect(got.failure?.code ?? null, s.rel).toBe(s.code);
        expect(got).toEqual(runs[0]!.get(s.rel));
      }
    }
    expect(runs.every((r) => r.size === samples().length)).toBe(true);
  });

  it('reuses ring slices only once answered: many bundles through a ring of about two, with pauses for answers', async () => {
    const N_RING = 3000;
    const all = samples();
    const biggest = all.reduce((a, b) => (b.bytes.length > a.bytes.length ? b : a));
    const ring = 2 * biggest.bytes.length + 100;
    const c = new BundleChecks(1, ring);
    await started(c);
    const expected = await run(new BundleChecks(0));
    const sent: { name: string; s: (typeof all)[number] }[] = [];
    const submit = (s: (typeof all)[number]) => {
      const name = `${s.rel}#${sent.length}`;
      const buf = c.reserve(s.bytes.length);
      buf.set(s.bytes);
      c.submit(buf, { rel: name, digest: s.digest, path: `evidence/${name}`, scan: false });
      sent.push({ name, s });
      return name;
    };
    for (let i = 0; i < N_RING; i++) {
      submit(all[i % all.length]!);
      if (i % 3 === 0) c.flush();
      if (i % 13 === 0) await new Promise((r) => setImmediate(r)); // some answers come in, slices free up
      if (i % 101 === 0) {
        // A wrap for certain: with the ring empty, A is posted and B only queued; once A is answered,
        // the free space is before B and not after it, so C (as big as A) must go to the start.
        c.flush();
        await until(() => c.results.size === sent.length);
        const a = submit(biggest);
        c.flush();
        submit(biggest);
        await until(() => c.results.has(a));
        submit(biggest);
      }
    }
    const got = await c.finish();
    for (const { name, s } of sent) expect({ ...got.get(name)!, path: s.rel }, name).toEqual(expected.get(s.rel));
    expect(got.size).toBe(sent.length);
    expect(c.stats.worker).toBeGreaterThan(0);
    expect(c.stats.wraps, 'the ring wrapped around').toBeGreaterThan(0);
  });

  it('writes each bundle it is given a place for, and hashes exactly the bytes written', async () => {
    for (const c of [new BundleChecks(0), new BundleChecks(1), new BundleChecks(1, 3000)]) {
      const dir = mkdtempSync(join(tmpdir(), 'docket-bc-'));
      try {
        const results = await run(c, dir);
        for (const s of samples()) {
          const onDisk = readFileSync(join(dir, s.rel));
          expect(Buffer.compare(onDisk, Buffer.from(s.bytes)), s.rel).toBe(0);
          expect(c.written.get(`t/${s.rel}`), s.rel).toBe(sha256(onDisk));
        }
        expect(results.get('renamed')!.failure?.message).toContain(sha256(samples()[0]!.bytes)); // the digest of what was written
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('never overwrites: a name already taken is left alone, reported as not written, and the bundle still checked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docket-bc-'));
    try {
      const s = samples()[3]!;
      const other = samples()[4]!;
      for (const workers of [0, 1]) {
        const target = join(dir, `x${workers}`);
        writeFileSync(target, other.bytes); // already there
        const c = new BundleChecks(workers);
        if (workers) await started(c);
        const buf = c.reserve(s.bytes.length);
        buf.set(s.bytes);
        c.submit(buf, { rel: s.rel, digest: s.digest, path: `evidence/${s.rel}`, scan: false }, { path: 't/x', abs: target, mode: 0o644 });
        c.flush();
        if (workers) await until(() => c.results.has(s.rel));
        const results = await c.finish();
        expect(workers ? c.stats.worker : c.stats.here, 'the path under test').toBe(1);
        expect(c.written.has('t/x')).toBe(false);
        expect(results.get(s.rel)!.failure).toBeUndefined();
        expect(Buffer.compare(readFileSync(target), Buffer.from(other.bytes))).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('scans what the content rule names beside the check, in the worker and inline alike', async () => {
    const [a, b] = canaries();
    const plain = Buffer.from(`notes\n${a!.text}\n`);
    const source = encodeBundle({
      kind: 'source',
      schemaVersion: 1,
      sourceEval: 'cat/one',
      exclude: EXCLUDE,
      entries: [{ path: 'TASK.md', type: 'file', mode: 420, size: 1, digest: sha256('x'), encoding: 'utf8', content: `# task\n${b!.text}\n` }],
      treeDigest: sha256('t'),
    }).bytes;
    const other = encodeBundle({ kind: 'attachment', schemaVersion: 1, mediaType: 'text/plain', name: 'n', body: a!.text }).bytes; // every evidence object is scanned (design.md §20)
    const found: string[][] = [];
    for (const workers of [0, 1]) {
      const c = new BundleChecks(workers);
      if (workers) await started(c);
      const entries = [
        { bytes: plain, entry: { rel: 'evals/x/notes.md', digest: null, path: 'evals/x/notes.md', scan: true } },
        { bytes: plain, entry: { rel: 'evals/x/quiet.md', digest: null, path: 'evals/x/quiet.md', scan: false } },
        { bytes: source, entry: { rel: 'objects/s', digest: sha256(source), path: 'evidence/objects/s.json.gz', scan: true } },
        { bytes: other, entry: { rel: 'objects/o', digest: sha256(other), path: 'evidence/objects/o.json.gz', scan: true } },
      ];
      for (const { bytes, entry } of entries) {
        const buf = c.reserve(bytes.length);
        buf.set(bytes);
        c.submit(buf, entry);
      }
      c.flush();
      if (workers) await until(() => c.results.size === 2 && c.scanned.size === 3);
      await c.finish();
      expect(workers ? c.stats.worker : c.stats.here, 'the path under test').toBe(4);
      expect(c.results.get('objects/s')!.kind).toBe('source');
      found.push([...c.scanned].flatMap(([path, hits]) => hits.map((h) => `${path}|${h.path}|${h.line}|${h.rule}`)).sort());
    }
    expect(found[0]).toEqual([
      'evals/x/notes.md|evals/x/notes.md|2|openrouter-key',
      'evidence/objects/o.json.gz|evidence/objects/o.json.gz|1|openrouter-key',
      'evidence/objects/s.json.gz|evidence/objects/s.json.gz (evals/cat/one/TASK.md)|2|anthropic-key',
    ]);
    expect(found[1]).toEqual(found[0]);
  });
});
