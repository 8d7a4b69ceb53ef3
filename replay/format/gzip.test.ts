import crc32lib from 'crc-32';
import fc from 'fast-check';
import { constants as zlibConstants, deflateRawSync, gunzipSync, gzipSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sha256 } from './digest.ts';
import { crcUpdate, GZIP_HEADER, gunzipStrict, gzipCanonical, GzipError, Inflater } from './gzip.ts';
import { prng } from '../../cli/dev/testkit/core.ts';

/** ~1.5 MB of realistic eval-record JSON, the same on every machine (small inputs hide encoder drift). */
function goldenInput(): Uint8Array {
  const rnd = prng(20261129);
  const words = ['alpha', 'beta', 'gamma', 'delta', 'the', 'model', 'answer', 'is', 'B', 'request', 'sha256', 'token'];
  const records = [];
  for (let i = 0; i < 6000; i++) {
    const text = Array.from({ length: 8 + Math.floor(rnd() * 24) }, () => words[Math.floor(rnd() * words.length)]).join(' ');
    records.push({
      seq: i,
      question: `q-${Math.floor(rnd() * 500)}`,
      latencyMs: Math.floor(rnd() * 5000),
      content: text,
      usage: { prompt: Math.floor(rnd() * 900), completion: Math.floor(rnd() * 30) },
    });
  }
  return new TextEncoder().encode(JSON.stringify(records));
}

describe('gzipCanonical: the pinned encoder', () => {
  it('produces golden bytes for a >= 1 MB input (pins pako 3.0.3 and every option)', () => {
    const input = goldenInput();
    expect(input.length).toBeGreaterThan(1_000_000);
    expect(sha256(input)).toBe('sha256:c93c94cd37142a51bca39ff4491bf35da9178bd1597d2063d738f094a11d0b75');
    const out = gzipCanonical(input);
    expect(out.length).toBe(190376);
    expect(sha256(out)).toBe('sha256:5d7009faae5d8e067596b44604b53fe56ccd350f3d77609ea976254005a1f7c9');
  });
  it('writes the fixed header: no name, MTIME 0, XFL 0, OS 0xff', () => {
    const out = gzipCanonical(new TextEncoder().encode('{}'));
    expect([...out.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  });
  it('round-trips through node zlib and the strict reader', () => {
    const input = goldenInput();
    const out = gzipCanonical(input);
    expect(Buffer.compare(gunzipSync(out), Buffer.from(input))).toBe(0);
    expect(Buffer.compare(Buffer.from(gunzipStrict(out, 1 << 24)), Buffer.from(input))).toBe(0);
  });
});

describe('gunzipStrict', () => {
  const good = gzipCanonical(new TextEncoder().encode('{"kind":"attachment","n":' + '1'.repeat(10) + '}'));
  const expectCode = (bytes: Uint8Array, code: string, msg: RegExp) => {
    try {
      gunzipStrict(bytes, 1 << 20);
      expect.unreachable('accepted hostile gzip');
    } catch (e) {
      expect(e).toBeInstanceOf(GzipError);
      expect((e as GzipError).code).toBe(code);
      expect((e as GzipError).message).toMatch(msg);
    }
  };
  it('rejects node zlib output (its header differs: OS byte)', () => expectCode(gzipSync(Buffer.from('{}')), 'EGZIP', /non-canonical gzip header \(byte 9/));
  it('rejects a file name flag', () => {
    const b = Buffer.from(good);
    b[3] = 0x08;
    expectCode(b, 'EGZIP', /byte 3/);
  });
  it('rejects a non-zero MTIME', () => {
    const b = Buffer.from(good);
    b[4] = 1;
    expectCode(b, 'EGZIP', /byte 4/);
  });
  it('rejects a second member', () => expectCode(Buffer.concat([good, good]), 'EGZIP', /after the deflate stream/));
  it('rejects trailing junk', () => expectCode(Buffer.concat([good, Buffer.from('junk')]), 'EGZIP', /after the deflate stream|bad deflate/));
  it('rejects truncation', () => expectCode(good.subarray(0, good.length - 3), 'EGZIP', /./));
  it('rejects a bad CRC', () => {
    const b = Buffer.from(good);
    b[b.length - 8]! ^= 0xff;
    expectCode(b, 'EGZIP', /CRC-32/);
  });
  it('rejects a bad ISIZE', () => {
    const b = Buffer.from(good);
    b[b.length - 1]! ^= 0x01;
    expectCode(b, 'EGZIP', /ISIZE/);
  });
  it('stops a bomb at the absolute cap', () => {
    const bomb = gzipCanonical(new Uint8Array(4 << 20)); // 4 MiB of zeros, ~4 KB compressed
    expect(bomb.length).toBeLessThan(10_000);
    expectCode(bomb, 'ETOOBIG', /cap/);
  });
  it('accepts exactly the header it writes', () => {
    expect([...GZIP_HEADER]).toEqual([...good.subarray(0, 10)]);
  });
});

describe('crcUpdate', () => {
  it('continues a CRC-32 across pieces: any split gives the one-shot value, which matches crc-32', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), fc.nat(), (data, cut) => {
        const at = data.length ? cut % data.length : 0;
        const whole = crcUpdate(data, 0);
        expect(crcUpdate(data.subarray(at), crcUpdate(data.subarray(0, at), 0))).toBe(whole);
        expect(whole).toBe(crc32lib.buf(data) >>> 0);
      }),
    );
  });
});

describe('gunzipStrict against a plain restatement of the rules, and its cap', () => {
  const outcome = (f: () => Uint8Array) => {
    try {
      return { ok: Buffer.from(f()).toString('base64') };
    } catch (e) {
      if (!(e instanceof GzipError)) throw e;
      return { code: e.code, message: e.message };
    }
  };
  /** The rules of design.md §3 stated directly, with zlib's one-shot call where no cap can bite. */
  const oneShot = (b: Uint8Array): Uint8Array => {
    if (b.length < 20) throw new GzipError('EGZIP', 'too short to be gzip');
    for (let i = 0; i < GZIP_HEADER.length; i++)
      if (b[i] !== GZIP_HEADER[i])
        throw new GzipError('EGZIP', `non-canonical gzip header (byte ${i} is 0x${b[i]!.toString(16).padStart(2, '0')}, expected 0x${GZIP_HEADER[i]!.toString(16).padStart(2, '0')})`);
    const body = b.subarray(10, b.length - 8);
    let r: { buffer: Buffer; engine: { bytesWritten: number } };
    try {
      r = inflateRawSync(body, { info: true }) as unknown as typeof r;
    } catch (e) {
      throw new GzipError('EGZIP', `bad deflate stream: ${(e as Error).message}`);
    }
    if (r.engine.bytesWritten !== body.length) throw new GzipError('EGZIP', `${body.length - r.engine.bytesWritten} bytes after the deflate stream (second member or junk)`);
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    if (crcUpdate(r.buffer, 0) !== view.getUint32(b.length - 8, true)) throw new GzipError('EGZIP', 'CRC-32 mismatch');
    if (r.buffer.length >>> 0 !== view.getUint32(b.length - 4, true)) throw new GzipError('EGZIP', 'ISIZE mismatch');
    return r.buffer;
  };
  const rnd = prng(7);
  const texts = [0, 1, 100, 70_000, 300_000, 1_200_000].map((n) => new TextEncoder().encode(Array.from({ length: n }, () => 'abcdefgh'[Math.floor(rnd() * 8)]).join('')));
  const samples = texts.map((t) => gzipCanonical(t));
  const mutation = fc.tuple(
    fc.integer({ min: 0, max: samples.length - 1 }),
    fc.oneof(
      fc.record({ flip: fc.nat(), bits: fc.integer({ min: 1, max: 255 }) }),
      fc.record({ cut: fc.nat() }),
      fc.record({ junk: fc.uint8Array({ minLength: 1, maxLength: 20 }) }),
      fc.record({ isize: fc.nat() }), // a lying size hint: the first output chunk is sized from it
      fc.constant({}),
    ),
  );
  const apply = (k: number, m: object) => {
    let b = Buffer.from(samples[k]!);
    if ('flip' in m) b[(m.flip as number) % b.length]! ^= (m as unknown as { bits: number }).bits;
    else if ('cut' in m) b = b.subarray(0, (m.cut as number) % b.length);
    else if ('junk' in m) b = Buffer.concat([b, m.junk as Uint8Array]);
    else if ('isize' in m) b.writeUInt32LE((m.isize as number) % (4 << 20), b.length - 4);
    return b;
  };

  it('accepts and rejects exactly what the rules say, message for message, below the cap', () => {
    fc.assert(
      fc.property(mutation, ([k, m]) => {
        const b = apply(k, m);
        expect(outcome(() => gunzipStrict(b, 1 << 24))).toEqual(outcome(() => oneShot(b)));
      }),
      { numRuns: 300 },
    );
  });

  /** N zeros, then a block of the invalid type 3; `isize` is the trailer's size hint (true or not). */
  const badAfter = (n: number, isize = n) => {
    const zeros = new Uint8Array(n);
    const body = Buffer.concat([deflateRawSync(zeros, { finishFlush: zlibConstants.Z_SYNC_FLUSH }), Buffer.of(0x07)]);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crcUpdate(zeros, 0), 0);
    trailer.writeUInt32LE(isize >>> 0, 4);
    return Buffer.concat([GZIP_HEADER, body, trailer]);
  };

  it('decides the cap exactly: past it before the error is ETOOBIG, a bad header right at it EGZIP (the reference and the accelerator)', () => {
    for (const into of [undefined, new Inflater(), new Inflater()]) {
      if (into) gunzipStrict(samples[5]!, 1 << 21, into); // a reused buffer far bigger than the cap changes nothing
      expect(outcome(() => gunzipStrict(badAfter(70_000), 65_536, into))).toEqual({ code: 'ETOOBIG', message: 'inflates beyond the 65536-byte cap (an absolute cap: gzip bomb)' });
      expect(outcome(() => gunzipStrict(badAfter(70_000), 100_000, into))).toEqual({ code: 'EGZIP', message: 'bad deflate stream: invalid block type' });
      // zlib reads the next block's header before returning from a full buffer (design.md §3)
      expect(outcome(() => gunzipStrict(badAfter(65_537), 65_536, into))).toMatchObject({ code: 'EGZIP' });
      expect(outcome(() => gunzipStrict(badAfter(65_538), 65_536, into))).toMatchObject({ code: 'ETOOBIG' });
      expect(outcome(() => gunzipStrict(samples[1]!, 0, into))).toMatchObject({ code: 'ETOOBIG' });
      expect(outcome(() => gunzipStrict(samples[1]!, 1, into))).toEqual({ ok: Buffer.from(texts[1]!).toString('base64') });
      expect(outcome(() => gunzipStrict(samples[0]!, 0, into))).toEqual({ ok: '' });
    }
  });

  it("the accelerator (zlib's handle, reused memory) gives the reference's verdict, message for message, at every cap, through every corruption", () => {
    const into = new Inflater();
    fc.assert(
      fc.property(mutation, fc.oneof(fc.constant(1 << 24), fc.integer({ min: 64, max: 1_300_000 })), ([k, m], cap) => {
        const b = apply(k, m);
        expect(outcome(() => gunzipStrict(b, cap, into))).toEqual(outcome(() => gunzipStrict(b, cap)));
      }),
      { numRuns: 400 },
    );
  });

  it('reuses its memory: an output is valid until the next call, and an error does not break it', () => {
    const into = new Inflater();
    const first = gunzipStrict(samples[3]!, 1 << 20, into);
    expect(Buffer.from(first).equals(Buffer.from(texts[3]!))).toBe(true);
    const second = gunzipStrict(samples[2]!, 1 << 20, into);
    expect(second.buffer).toBe(first.buffer); // the same memory, refilled
    expect(() => gunzipStrict(samples[3]!.subarray(0, 500), 1 << 20, into)).toThrow(GzipError);
    expect(() => gunzipStrict(samples[4]!, 1000, into)).toThrow(/cap/);
    for (const k of [5, 4, 0, 3, 1]) expect(Buffer.from(gunzipStrict(samples[k]!, 1 << 21, into)).equals(Buffer.from(texts[k]!))).toBe(true);
  });

  it("without zlib's handle (DOCKET_ZLIB_HANDLE=0: a Node that lacks it), an Inflater takes the reference, with the same verdicts", () => {
    const saved = process.env.DOCKET_ZLIB_HANDLE;
    process.env.DOCKET_ZLIB_HANDLE = '0';
    try {
      const into = new Inflater();
      expect(into.inflate(samples[2]!.subarray(10, -8), 1 << 20, 100)).toBeUndefined();
      const owned = gunzipStrict(samples[3]!, 1 << 20, into);
      expect(owned.buffer).not.toBe(gunzipStrict(samples[3]!, 1 << 20, into).buffer); // fresh outputs: the reference's
      for (const b of [samples[3]!, badAfter(70_000), Buffer.concat([samples[2]!, Buffer.of(1)])])
        expect(outcome(() => gunzipStrict(b, 65_536, into))).toEqual(outcome(() => gunzipStrict(b, 65_536, new Inflater())));
    } finally {
      if (saved === undefined) delete process.env.DOCKET_ZLIB_HANDLE;
      else process.env.DOCKET_ZLIB_HANDLE = saved;
    }
  });

  it('the cap depends on no chunk size: a stream that turns bad after N bytes gets the same verdict whatever its size hint says', () => {
    fc.assert(
      fc.property(fc.constantFrom(200, 4096, 65_536, 100_000, 300_000), fc.integer({ min: -300, max: 600 }), fc.nat(1 << 22), (cap, delta, hint) => {
        const n = Math.max(0, cap + delta);
        const honest = outcome(() => gunzipStrict(badAfter(n), cap));
        expect(outcome(() => gunzipStrict(badAfter(n, hint), cap))).toEqual(honest);
        if (n <= cap) expect(honest).toMatchObject({ code: 'EGZIP' });
        if (n >= cap + 300) expect(honest).toMatchObject({ code: 'ETOOBIG' });
      }),
      { numRuns: 150 },
    );
  });

  it("every output is the caller's: a later call leaves it unchanged", () => {
    const first = gunzipStrict(samples[3]!, 1 << 20);
    const copy = Buffer.from(first);
    gunzipStrict(samples[2]!, 1 << 20);
    expect(() => gunzipStrict(samples[3]!.subarray(0, 500), 1 << 20)).toThrow(GzipError);
    expect(Buffer.from(first).equals(copy)).toBe(true);
    expect(copy.equals(Buffer.from(texts[3]!))).toBe(true);
  });
});
