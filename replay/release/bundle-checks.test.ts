import { describe, expect, it } from 'vitest';
import { encodeBundle } from '../bundle.ts';
import { sha256, type Digest } from '../digest.ts';
import { gzipCanonical } from '../gzip.ts';
import { canonicalBytes } from '../json.ts';
import { BundleChecks } from './bundle-checks.ts';

/** Fresh, transferable copies: the worker takes ownership of what it is sent. */
const owned = (b: Uint8Array) => {
  const out = Buffer.allocUnsafeSlow(b.length);
  out.set(b);
  return out;
};

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

describe('BundleChecks', () => {
  it('gives the same results inline, in a worker, and when the worker falls behind', async () => {
    const runs = await Promise.all(
      [
        new BundleChecks(0), // inline only
        new BundleChecks(1), // all to the worker
        new BundleChecks(1, 3000), // most go inline: the worker's queue is nearly always full
      ].map(async (c) => {
        for (const s of samples()) c.check(owned(s.bytes), s.rel, s.digest);
        return c.finish();
      }),
    );
    for (const s of samples()) {
      for (const r of runs) {
        const got = r.get(s.rel)!;
        expect(got.failure?.code ?? null, s.rel).toBe(s.code);
        expect(got).toEqual(runs[0]!.get(s.rel));
      }
    }
    expect(runs.every((r) => r.size === samples().length)).toBe(true);
  });
});
