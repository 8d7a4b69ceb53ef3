import { randomBytes } from 'node:crypto';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../format/digest.ts';
import { constants as zlibConstants, deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { crcUpdate, GZIP_HEADER, gunzipStrict, gzipCanonical, GzipError } from '../format/gzip.ts';
import { tempDir } from '../../cli/dev/testkit/core.ts';
import { tgzPass, type PassOptions } from './stream.ts';
import { hasSyncWrite, rawInflater } from '../accel/zlib-handle.ts';
import { EventEmitter } from 'node:events';

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

/** Our canonical gzip framing around zlib's raw deflate (fast for big test inputs; the framing is what the passes check). */
function gz(content: Uint8Array): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crcUpdate(content, 0), 0);
  trailer.writeUInt32LE(content.length >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, deflateRawSync(content), trailer]);
}

/** The pass over `bytes` in a file: result, every output chunk's length, and the output. */
async function read(bytes: Uint8Array, options: Partial<PassOptions> = {}, stopAfter = Infinity) {
  const file = join(tempDir('docket-stream-'), 'x.gz');
  writeFileSync(file, bytes);
  const fd = openSync(file, 'r');
  try {
    const out: Buffer[] = [];
    const onOutput = (c: Buffer) => {
      out.push(Buffer.from(c));
      const r = options.onOutput?.(c);
      return out.length === stopAfter ? ('stop' as const) : r;
    };
    const r = await tgzPass(fd, bytes.length, { hash: true, maxOut: 1 << 30, ...options, onOutput });
    return { ...r, chunks: out.map((c) => c.length), output: Buffer.concat(out) };
  } finally {
    closeSync(fd);
  }
}

/** The in-memory reader's verdict (gunzipStrict: the same rules, gzip-rules.ts), as the pass words it. */
function inMemory(bytes: Uint8Array, maxOut: number): { error: { code: string; message: string } | null; output: Buffer } {
  try {
    return { error: null, output: Buffer.from(gunzipStrict(bytes, maxOut)) };
  } catch (e) {
    if (!(e instanceof GzipError)) throw e;
    return { error: { code: e.code === 'ETOOBIG' ? 'ETOTAL' : e.code, message: e.message }, output: Buffer.alloc(0) };
  }
}

describe('tgzPass against the in-memory reader (the same rules, streamed)', () => {
  // 24 MiB of output: 24 chunks through the reused read slots.
  const content = Buffer.concat([randomBytes(9 << 20), Buffer.alloc(6 << 20, 7), randomBytes(9 << 20)]);
  const good = gz(content);

  it('gives the digest, verdict and output on a clean file, in chunks of 1 MiB', async () => {
    const r = await read(good);
    expect(r.error).toBeNull();
    expect(r.digest).toBe(sha256(good));
    expect(r.output.equals(content)).toBe(true);
    expect(r.outBytes).toBe(content.length);
    expect(r.chunks.every((n) => n <= 1 << 20)).toBe(true);
  });

  it('agrees on every corruption: flipped bytes, truncation, junk after, a second member, caps', async () => {
    const small = gz(Buffer.concat([randomBytes(1 << 20), Buffer.alloc(2 << 20, 3), randomBytes(1 << 20), Buffer.alloc(7 << 20, 5)]));
    const mutations = fc.oneof(
      fc.record({ flip: fc.integer({ min: 0, max: small.length - 1 }), bits: fc.integer({ min: 1, max: 255 }) }),
      fc.record({ cut: fc.integer({ min: 0, max: small.length - 1 }) }),
      fc.record({ junk: fc.uint8Array({ minLength: 1, maxLength: 40 }) }),
      fc.record({ maxOut: fc.integer({ min: 64, max: 12 << 20 }) }),
    );
    await fc.assert(
      fc.asyncProperty(mutations, async (m) => {
        let bytes: Buffer = small;
        let maxOut = 64 << 20;
        if ('flip' in m) (bytes = Buffer.from(small))[m.flip]! ^= m.bits;
        else if ('cut' in m) bytes = small.subarray(0, m.cut);
        else if ('junk' in m) bytes = Buffer.concat([small, m.junk]);
        else maxOut = m.maxOut;
        const r = await read(bytes, { maxOut });
        const reference = inMemory(bytes, maxOut);
        expect(r.error).toEqual(reference.error);
        expect(r.digest).toBe(sha256(bytes));
        // Output before an error is not a result: the pass may drop what was queued when the error came.
        if (!r.error) expect(r.output.equals(reference.output)).toBe(true);
      }),
      { numRuns: 80 },
    );
    const second = await read(Buffer.concat([small, gz(Buffer.from('more'))]));
    expect(second.error?.message).toMatch(/after the deflate stream/);
  });

  it('stops inflating when told, delivers nothing after, and still hashes every byte', async () => {
    const r = await read(good, {}, 3);
    expect(r.chunks.length).toBe(3);
    expect(r.output.equals(content.subarray(0, r.output.length))).toBe(true);
    expect(r.digest).toBe(sha256(good));
    expect(r.error).toBeNull();
  });

  it('reports nothing found after the chunk the consumer stopped at', async () => {
    const short = gz(Buffer.concat([randomBytes(1 << 20), Buffer.alloc(2 << 20, 3)]));
    for (const tail of [Buffer.from('junk'), null]) {
      const bytes = tail ? Buffer.concat([short, tail]) : Buffer.from(short);
      if (!tail) bytes[bytes.length - 8]! ^= 1; // a bad CRC instead
      const r = await read(bytes, {}, 2);
      expect(r.error).toBeNull();
      expect(r.digest).toBe(sha256(bytes));
      expect((await read(bytes)).error?.code).toBe('EGZIP'); // the same file read to the end is refused
    }
  });

  it('says the file changed, whatever else went wrong first', async () => {
    // A compressed block first (random bytes would be stored, where a flip breaks only the CRC):
    // the flip is a deflate error at once, long before the read finds the file's end moved.
    const zeros = Buffer.alloc(4 << 20, 7);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crcUpdate(zeros, 0), 0);
    trailer.writeUInt32LE(zeros.length, 4);
    const body = Buffer.concat([deflateRawSync(zeros, { finishFlush: zlibConstants.Z_SYNC_FLUSH }), Buffer.of(0x07), randomBytes(40 << 20)]); // 0x07: a block of the invalid type 3
    const corrupt = Buffer.concat([GZIP_HEADER, body, trailer]);
    expect((await read(corrupt)).error?.message).toMatch(/bad deflate stream/);
    for (const [bytes, claimed, what] of [
      [corrupt, corrupt.length + 100, /ended at byte/],
      [corrupt, corrupt.length - 100, /grew past/],
    ] as const) {
      const file = join(tempDir('docket-stream-'), 'x.gz');
      writeFileSync(file, bytes);
      const fd = openSync(file, 'r');
      try {
        const r = await tgzPass(fd, claimed, { hash: true, maxOut: 1 << 30, onOutput: () => undefined });
        expect(r.error?.code).toBe('ECHANGED');
        expect(r.error?.message).toMatch(what);
      } finally {
        closeSync(fd);
      }
    }
  });
});

describe('zlib-handle.ts: the one use of Node-private APIs, feature-tested (format/gzip.test.ts runs the fallback)', () => {
  it('finds the sync write on this Node, and refuses an object without it', () => {
    const real = rawInflater();
    expect(real).not.toBeNull(); // this Node has it: the Inflater really runs in gzip.test.ts
    real!.close();
    const plain = Object.assign(new EventEmitter(), { destroy: () => undefined });
    expect(rawInflater(() => plain as never)).toBeNull();
    expect(rawInflater(() => Object.assign(plain, { _handle: { writeSync: () => undefined }, _writeState: [0, 0] }) as never)).toBeNull(); // a state that is not Node's
    expect(hasSyncWrite({ writeSync() {} }, new Uint32Array(2))).toBe(true);
    expect(hasSyncWrite({}, new Uint32Array(2))).toBe(false);
    expect(hasSyncWrite({ writeSync() {} }, new Uint32Array(1))).toBe(false);
  });
});
