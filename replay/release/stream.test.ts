import { randomBytes } from 'node:crypto';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../digest.ts';
import { gzipCanonical } from '../gzip.ts';
import { tempDir } from '../test-helpers.ts';
import { tgzPass, type PassOptions } from './stream.ts';

/** Run one pass over `bytes` written to a file; returns the result and every output byte. */
async function pass(bytes: Uint8Array, opts: Partial<PassOptions>) {
  const file = join(tempDir('docket-stream-'), 'x.gz');
  writeFileSync(file, bytes);
  const fd = openSync(file, 'r');
  const out: Buffer[] = [];
  try {
    const r = await tgzPass(fd, bytes.length, { hash: true, maxOut: 1 << 30, onOutput: (c) => void out.push(Buffer.from(c)), ...opts });
    return { ...r, output: Buffer.concat(out) };
  } finally {
    closeSync(fd);
  }
}

describe('tgzPass hashing on a worker thread', () => {
  // ~5 MiB through 2 slots: the reader must wait for zlib and for the hasher over and over.
  const content = Buffer.concat([randomBytes(3 << 20), Buffer.alloc(2 << 20, 7)]);
  const gz = gzipCanonical(content);

  it('gives the digest, output and verdict of the inline hasher, slot reuse and all', async () => {
    const inline = await pass(gz, { hashThreadFrom: Infinity });
    const threaded = await pass(gz, { hashThreadFrom: 0, slots: 2 });
    expect(inline.digest).toBe(sha256(gz));
    expect(threaded.digest).toBe(inline.digest);
    expect(threaded.error).toBeNull();
    expect(threaded.output.equals(content)).toBe(true);
  });

  it('reports a bad CRC the same way, and still hashes every byte', async () => {
    const bad = Buffer.from(gz);
    bad[bad.length - 8]! ^= 0xff;
    const inline = await pass(bad, { hashThreadFrom: Infinity });
    const threaded = await pass(bad, { hashThreadFrom: 0, slots: 2 });
    expect(inline.error?.code).toBe('EGZIP');
    expect(threaded.error).toEqual(inline.error);
    expect(threaded.digest).toBe(sha256(bad));
  });

  it('keeps hashing to the end after the consumer stops the inflating', async () => {
    const threaded = await pass(gz, { hashThreadFrom: 0, slots: 2, onOutput: () => 'stop' });
    expect(threaded.digest).toBe(sha256(gz));
  });
});
