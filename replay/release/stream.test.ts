import { randomBytes } from 'node:crypto';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../format/digest.ts';
import { constants as zlibConstants, deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { crcUpdate, GZIP_HEADER, gzipCanonical } from '../format/gzip.ts';
import { tempDir } from '../../cli/dev/testkit/core.ts';
import { ringPass, streamPass, tgzPass, type PassOptions } from './stream.ts';
import { hasSyncWrite, rawInflater } from '../accel/zlib-handle.mjs';
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

/** Both passes over the same file: result, every output chunk's length, and the output. */
async function both(bytes: Uint8Array, options: Partial<PassOptions> | (() => Partial<PassOptions>) = {}, stopAfter = Infinity) {
  const file = join(tempDir('docket-stream-'), 'x.gz');
  writeFileSync(file, bytes);
  const fd = openSync(file, 'r');
  try {
    const run = async (which: typeof streamPass) => {
      const opts = typeof options === 'function' ? options() : options; // a function: fresh state per pass
      const out: Buffer[] = [];
      const onOutput = (c: Buffer) => {
        out.push(Buffer.from(c));
        const r = opts.onOutput?.(c);
        return out.length === stopAfter ? ('stop' as const) : r;
      };
      const r = await which(fd, bytes.length, { hash: true, maxOut: 1 << 30, ...opts, onOutput });
      return { ...r!, chunks: out.map((c) => c.length), output: Buffer.concat(out) };
    };
    return { stream: await run(streamPass), ring: await run(ringPass as typeof streamPass) };
  } finally {
    closeSync(fd);
  }
}

describe('ringPass (read, hash and inflate on a worker, into reused shared memory) against streamPass', () => {
  // 24 MiB of output through an 8-slot ring: it wraps three times.
  const content = Buffer.concat([randomBytes(9 << 20), Buffer.alloc(6 << 20, 7), randomBytes(9 << 20)]);
  const good = gz(content);

  it('gives the same digest, verdict and output on a clean file', async () => {
    const { stream, ring } = await both(good);
    expect(ring.error).toBeNull();
    expect(ring.digest).toBe(sha256(good));
    expect(ring.output.equals(content)).toBe(true);
    expect(ring.chunks.every((n) => n === 1 << 20 || n === content.length % (1 << 20))).toBe(true); // full slots, then the rest
    expect(ring.output.equals(stream.output)).toBe(true);
    expect([ring.digest, ring.error, ring.outBytes]).toEqual([stream.digest, stream.error, stream.outBytes]);
  });

  it('agrees on every corruption: flipped bytes, truncation, junk after, a second member, caps', async () => {
    // 11 MiB of output: the 8-slot ring fills, so the worker waits for slots with errors in play.
    const small = gz(Buffer.concat([randomBytes(1 << 20), Buffer.alloc(2 << 20, 3), randomBytes(1 << 20), Buffer.alloc(7 << 20, 5)]));
    const mutations = fc.oneof(
      fc.record({ flip: fc.integer({ min: 0, max: small.length - 1 }), bits: fc.integer({ min: 1, max: 255 }) }),
      fc.record({ cut: fc.integer({ min: 0, max: small.length - 1 }) }),
      fc.record({ junk: fc.uint8Array({ minLength: 1, maxLength: 40 }) }),
      fc.record({ maxOut: fc.integer({ min: 0, max: 12 << 20 }) }),
    );
    await fc.assert(
      fc.asyncProperty(mutations, async (m) => {
        let bytes: Buffer = small;
        let maxOut = 1 << 30;
        if ('flip' in m) (bytes = Buffer.from(small))[m.flip]! ^= m.bits;
        else if ('cut' in m) bytes = small.subarray(0, m.cut);
        else if ('junk' in m) bytes = Buffer.concat([small, m.junk]);
        else maxOut = m.maxOut;
        const { stream, ring } = await both(bytes, { maxOut });
        expect(ring.error).toEqual(stream.error);
        expect(ring.digest).toBe(stream.digest);
        if (stream.error) {
          // Output before an error is not a result: the ring hands on all it inflated, the stream may
          // drop what was queued when the error came, or stop at the cap at its own chunk. Both are
          // prefixes of the same inflation.
          const [short, long] = ring.output.length <= stream.output.length ? [ring.output, stream.output] : [stream.output, ring.output];
          expect(long.subarray(0, short.length).equals(short)).toBe(true);
          return;
        }
        expect(ring.output.equals(stream.output)).toBe(true);
        expect(ring.outBytes).toBe(stream.outBytes);
      }),
      { numRuns: 80 },
    );
    const second = await both(Buffer.concat([small, gz(Buffer.from('more'))]));
    expect(second.ring.error?.message).toMatch(/after the deflate stream/);
    expect(second.ring.error).toEqual(second.stream.error);
  });

  it('stops inflating when told, delivers nothing after, and still hashes every byte', async () => {
    const { stream, ring } = await both(good, {}, 3);
    expect(ring.chunks.length).toBe(3);
    expect(stream.chunks.length).toBe(3);
    expect(ring.output.equals(content.subarray(0, 3 << 20))).toBe(true);
    expect(ring.digest).toBe(sha256(good));
    expect(ring.error).toBeNull();
    expect(stream.digest).toBe(ring.digest);
  });

  it('reports nothing found after the chunk the consumer stopped at, however far ahead the worker read', async () => {
    // 3 MiB of output: the whole stream fits in the ring, so the worker reaches its end (and the
    // fault there) long before the consumer has said 'stop' at its second chunk.
    const short = gz(Buffer.concat([randomBytes(1 << 20), Buffer.alloc(2 << 20, 3)]));
    for (const tail of [Buffer.from('junk'), null]) {
      const bytes = tail ? Buffer.concat([short, tail]) : Buffer.from(short);
      if (!tail) bytes[bytes.length - 8]! ^= 1; // a bad CRC instead
      const slow = { onOutput: () => {
        const until = performance.now() + 5; // a slow consumer: the worker runs the whole ring ahead
        while (performance.now() < until);
      } };
      const { stream, ring } = await both(bytes, slow, 2);
      expect(stream.error).toBeNull();
      expect(ring.error).toBeNull();
      expect(ring.digest).toBe(sha256(bytes));
      const full = await both(bytes);
      expect(full.ring.error?.code).toBe('EGZIP'); // the same file read to the end is refused
      expect(full.ring.error).toEqual(full.stream.error);
    }
  });

  it('drops an error found while filling the slot the consumer stopped at, as the stream never sees it', async () => {
    // Stored blocks of random bytes (one byte-aligned block header every 65,535 data bytes) up to
    // just past the third 1 MiB read piece, then a block of the invalid type 3 early in the fourth.
    // Pieces 1-3 fill slots 0 and 1 and most of slot 2; the fourth piece's call fails, so slot 2 is
    // posted partly filled after the error, tagged 2. A consumer that stops once it has seen over
    // 2 MiB stops at slot 2 in the ring, and after piece 3's output in the stream, before the error.
    const blocks: Buffer[] = [];
    const errorAt = 3 * (1 << 20) + 100; // in piece 4, before the output reaches the end of slot 2
    let input = GZIP_HEADER.length;
    while (input < errorAt) {
      const n = Math.min(65_535, errorAt - input - 5);
      const len = Buffer.alloc(4);
      len.writeUInt16LE(n, 0);
      len.writeUInt16LE(~n & 0xffff, 2);
      blocks.push(Buffer.of(0x00), len, randomBytes(n));
      input += 5 + n;
    }
    expect(input).toBe(errorAt);
    const bytes = Buffer.concat([GZIP_HEADER, ...blocks, Buffer.of(0x07), randomBytes(1 << 20), Buffer.alloc(8)]);
    const stopPast2MiB = () => {
      let seen = 0;
      return { onOutput: (c: Buffer) => ((seen += c.length) > 2 << 20 ? ('stop' as const) : undefined) };
    };
    const { stream, ring } = await both(bytes, stopPast2MiB);
    expect(ring.chunks.slice(0, 2)).toEqual([1 << 20, 1 << 20]);
    expect(ring.chunks[2]).toBeLessThan(1 << 20); // the partial slot, posted after the error
    expect(stream.error).toBeNull();
    expect(ring.error).toBeNull();
    const full = await both(bytes);
    expect(full.ring.error?.message).toBe('bad deflate stream: invalid block type');
    expect(full.ring.error).toEqual(full.stream.error);
  });

  it('says the file changed, in both passes, whatever else went wrong first', async () => {
    // A compressed block first (random bytes would be stored, where a flip breaks only the CRC):
    // the flip is a deflate error at once, long before the read finds the file's end moved.
    const zeros = Buffer.alloc(4 << 20, 7);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crcUpdate(zeros, 0), 0);
    trailer.writeUInt32LE(zeros.length, 4);
    const body = Buffer.concat([deflateRawSync(zeros, { finishFlush: zlibConstants.Z_SYNC_FLUSH }), Buffer.of(0x07), randomBytes(40 << 20)]); // 0x07: a block of the invalid type 3
    const corrupt = Buffer.concat([GZIP_HEADER, body, trailer]);
    const early = (await both(corrupt)).ring.error;
    expect(early?.message).toMatch(/bad deflate stream/);
    for (const [bytes, claimed, what] of [
      [corrupt, corrupt.length + 100, /ended at byte/],
      [corrupt, corrupt.length - 100, /grew past/],
    ] as const) {
      const file = join(tempDir('docket-stream-'), 'x.gz');
      writeFileSync(file, bytes);
      const fd = openSync(file, 'r');
      try {
        for (const which of [streamPass, ringPass]) {
          const r = (await which(fd, claimed, { hash: true, maxOut: 1 << 30, onOutput: () => undefined }))!;
          expect(r.error?.code, r.via).toBe('ECHANGED');
          expect(r.error?.message).toMatch(what);
        }
      } finally {
        closeSync(fd);
      }
    }
  });

  it('tgzPass takes the ring from the size given, and the stream below it', async () => {
    const file = join(tempDir('docket-stream-'), 'x.gz');
    writeFileSync(file, good);
    const fd = openSync(file, 'r');
    try {
      const workers = async (ringFrom: number) => {
        let n = 0;
        const r = await tgzPass(fd, good.length, { hash: true, maxOut: 1 << 30, ringFrom, onOutput: (c) => void (n += c.length) });
        return { r, n };
      };
      for (const [from, via] of [[0, 'ring'], [good.length, 'ring'], [good.length + 1, 'stream'], [Infinity, 'stream']] as const) {
        const { r, n } = await workers(from);
        expect(r.via).toBe(via);
        expect(r.error).toBeNull();
        expect(n).toBe(content.length);
        expect(r.digest).toBe(sha256(good));
      }
    } finally {
      closeSync(fd);
    }
  });
});

describe('zlib-handle.mjs: the one use of Node-private APIs, feature-tested, with the public stream as fallback', () => {
  it('finds the sync write on this Node, and refuses an object without it', () => {
    const real = rawInflater();
    expect(real).not.toBeNull(); // this Node has it: the ring pass really runs in the tests above
    real!.close();
    const plain = Object.assign(new EventEmitter(), { destroy: () => undefined });
    expect(rawInflater(() => plain as never)).toBeNull();
    expect(rawInflater(() => Object.assign(plain, { _handle: { writeSync: () => undefined }, _writeState: [0, 0] }) as never)).toBeNull(); // a state that is not Node's
    expect(hasSyncWrite({ writeSync() {} }, new Uint32Array(2))).toBe(true);
    expect(hasSyncWrite({}, new Uint32Array(2))).toBe(false);
    expect(hasSyncWrite({ writeSync() {} }, new Uint32Array(1))).toBe(false);
  });

  it('without the handle (DOCKET_ZLIB_HANDLE=0: a Node that lacks it), tgzPass falls back to the stream and finds the same things', async () => {
    const content = Buffer.concat([randomBytes(3 << 20), Buffer.alloc(2 << 20, 7)]);
    const good = gz(content);
    const bad = Buffer.from(good);
    bad[bad.length - 8]! ^= 0xff;
    for (const bytes of [good, bad, good.subarray(0, good.length - 1000)]) {
      const ring = await pass(bytes, { ringFrom: 0 });
      const saved = process.env.DOCKET_ZLIB_HANDLE;
      process.env.DOCKET_ZLIB_HANDLE = '0'; // a worker's environment is a copy of ours when it starts
      let fallback;
      try {
        expect(rawInflater()).toBeNull();
        fallback = await pass(bytes, { ringFrom: 0 });
      } finally {
        if (saved === undefined) delete process.env.DOCKET_ZLIB_HANDLE;
        else process.env.DOCKET_ZLIB_HANDLE = saved;
      }
      expect(ring.via).toBe('ring');
      expect(fallback.via).toBe('stream');
      // The verdict and the digest; the output too when clean (before an error, the two hand on
      // different amounts: each stops at its own chunk, as the corruption test above allows).
      expect([fallback.digest, fallback.error]).toEqual([ring.digest, ring.error]);
      if (!ring.error) expect(fallback.output.equals(ring.output)).toBe(true);
    }
  });
});
