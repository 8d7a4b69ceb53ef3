import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sha256, type Digest } from '../../replay/format/digest.ts';
import { Archive } from '../../replay/index/archive.ts';
import { BundleChecks } from '../../replay/release/bundle-checks.ts';
import { Store } from '../../replay/store/store.ts';
import { tempDir } from '../dev/testkit/core.ts';
import type { RegistryClient } from './client.ts';
import { PULL_RING_BYTES, packVerdict, streamPack, type Wanted } from './pack-stream.ts';

/**
 * A pull streams a pack through a small shared ring to the checking worker (issue #39: peak RSS
 * bounded whatever the archive). When the ring is full the stream waits for the worker: this
 * thread never checks a bundle itself, and never holds more than the bundle it is collecting.
 */
function pack(n: number): { bytes: Buffer; wanted: Wanted[] } {
  const dir = join(tempDir('docket-pack-stream-'), 'evidence');
  const a = new Archive(dir);
  for (let i = 0; i < n; i++) a.put({ kind: 'attachment', schemaVersion: 1, mediaType: 'text/plain', name: `b${i}.txt`, body: randomBytes(96 * 1024).toString('base64') });
  a.close();
  const parts = new Store(dir).list().objects.map((o) => ({ digest: o.digest as Digest, bytes: readFileSync(join(dir, o.path)) }));
  let offset = 0;
  const wanted = parts.map((p) => {
    const w = { digest: p.digest, offset, length: p.bytes.length, rel: p.digest };
    offset += p.bytes.length;
    return w;
  });
  return { bytes: Buffer.concat(parts.map((p) => p.bytes)), wanted };
}

/** A registry that answers the pack in one piece: the whole pack arrives before the worker has checked anything. */
function client(bytes: Buffer): RegistryClient {
  return { ref: { host: 'x', repository: 'r', tag: 't', digest: null }, openBlob: async () => ({ status: 200, headers: {}, body: Readable.from([bytes]) }) } as unknown as RegistryClient;
}

describe('streamPack', () => {
  it('waits for the worker when the ring is full: every bundle checked there, none on this thread', async () => {
    const { bytes, wanted } = pack(60); // ~6 MB: more than twice the ring
    expect(bytes.length).toBeGreaterThan(2 * PULL_RING_BYTES);
    const checks = new BundleChecks(1, PULL_RING_BYTES);
    try {
      const r = await streamPack(client(bytes), { digest: sha256(bytes), size: bytes.length }, wanted, checks, null);
      await checks.settle();
      expect(r.problem).toBeNull();
      expect(checks.stats.here).toBe(0);
      expect(checks.stats.worker).toBe(wanted.length);
      expect(checks.stats.wraps).toBeGreaterThan(0);
      const v = packVerdict(sha256(bytes), wanted, r.problem, checks, 'refused');
      expect(v.findings).toEqual([]);
      expect(v.ok).toBe(true);
    } finally {
      await checks.close();
    }
  });

  it('without a worker this thread checks each bundle as it completes (the same verdicts)', async () => {
    const { bytes, wanted } = pack(6);
    const checks = new BundleChecks(0, PULL_RING_BYTES);
    const damaged = Buffer.from(bytes);
    damaged[wanted[3]!.offset + 20]! ^= 0xff;
    const r = await streamPack(client(damaged), { digest: sha256(bytes), size: bytes.length }, wanted, checks, null);
    await checks.settle();
    expect(checks.stats.here).toBe(wanted.length);
    const v = packVerdict(sha256(bytes), wanted, r.problem, checks, 'refused');
    expect(v.ok).toBe(false);
    expect(v.findings.map((f) => f.code)).toContain('EDIGEST');
    expect(v.findings.some((f) => f.message.includes(wanted[3]!.digest))).toBe(true);
  });
});
