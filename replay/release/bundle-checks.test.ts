import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeBundle } from '../bundle.ts';
import { sha256, type Digest } from '../digest.ts';
import { gzipCanonical } from '../gzip.ts';
import { canonicalBytes } from '../json.ts';
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
async function run(c: BundleChecks, dir?: string, pauseMs = 0) {
  for (const s of samples()) {
    const buf = c.reserve(s.bytes.length);
    buf.set(s.bytes);
    c.submit(buf, s.rel, s.digest, dir ? { path: `t/${s.rel}`, abs: join(dir, s.rel), mode: 0o644 } : undefined);
  }
  c.flush();
  if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
  return c.finish();
}

/** The worker's first answer: it has started (a worker still starting takes nothing). */
async function started(c: BundleChecks) {
  const s = samples()[0]!;
  const buf = c.reserve(s.bytes.length);
  buf.set(s.bytes);
  c.submit(buf, 'warm-up', s.digest);
  c.flush();
  for (let i = 0; i < 200 && !c.results.has('warm-up'); i++) await new Promise((r) => setTimeout(r, 10));
  c.results.delete('warm-up');
}

describe('BundleChecks', () => {
  it('gives the same results inline, in a worker, and when the worker falls behind', async () => {
    const worker = new BundleChecks(1);
    await started(worker);
    const runs = [
      await run(new BundleChecks(0)), // inline only
      await run(worker, undefined, 500), // a ring large enough, a worker that has started and time to work: all to the worker
      await run(new BundleChecks(1)), // the worker is still starting when finish() comes: this thread takes them back, newest first
      await run(new BundleChecks(1, 3000)), // the ring is nearly always full: most go inline, slices wrap around
    ];
    for (const s of samples()) {
      for (const r of runs) {
        const got = r.get(s.rel)!;
        expect(got.failure?.code ?? null, s.rel).toBe(s.code);
        expect(got).toEqual(runs[0]!.get(s.rel));
      }
    }
    expect(runs.every((r) => r.size === samples().length)).toBe(true);
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

  it('never overwrites: a file already at the place is a failure, not a silent replacement', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docket-bc-'));
    try {
      const s = samples()[3]!;
      for (const workers of [0, 1]) {
        const c = new BundleChecks(workers);
        const first = c.reserve(s.bytes.length);
        first.set(s.bytes);
        c.submit(first, s.rel, s.digest, { path: 't/x', abs: join(dir, `x${workers}`), mode: 0o644 });
        await c.finish();
        const again = new BundleChecks(workers);
        const buf = again.reserve(s.bytes.length);
        buf.set(samples()[4]!.bytes.subarray(0, s.bytes.length));
        const submit = async () => {
          again.submit(buf, s.rel, s.digest, { path: 't/x', abs: join(dir, `x${workers}`), mode: 0o644 });
          await again.finish();
        };
        await expect(submit()).rejects.toThrow(/EEXIST/);
        await again.close();
        expect(Buffer.compare(readFileSync(join(dir, `x${workers}`)), Buffer.from(s.bytes))).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
