import * as zlib from 'node:zlib';
import { inflateRawSync } from 'node:zlib';
import crc32 from 'crc-32';
import { createRequire } from 'node:module';
import { DocketError, EXIT } from '../errors.ts';

const require = createRequire(import.meta.url);
// pako loads on first encode (~27 ms of start-up): reading never needs it.
let pako: typeof import('pako') | null = null;

/**
 * The one encoder for digest-bearing bytes (docs/design.md §3). Node's zlib output varies with the
 * Node version and CPU, so it is used for reading only. pako is pure JS and gives the same bytes
 * everywhere; we emit raw deflate with it and write the gzip header and trailer ourselves, so every
 * header byte is ours: no name, MTIME 0, XFL 0, OS 0xff (unknown).
 */
export const PAKO_VERSION = '3.0.3';
export const DEFLATE_OPTIONS = { level: 6, windowBits: 15, memLevel: 8, strategy: 0, legacyHash: false, raw: true } as const;
export const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff);
export const ENCODER_ID = `pako@${PAKO_VERSION} deflateRaw level=6 windowBits=15 memLevel=8 strategy=0 legacyHash=false; gzip header 1f8b08000000000000ff`;

export function gzipCanonical(data: Uint8Array): Uint8Array {
  pako ??= require('pako') as typeof import('pako');
  const body = pako.deflateRaw(data, { ...DEFLATE_OPTIONS });
  const out = new Uint8Array(GZIP_HEADER.length + body.length + 8);
  out.set(GZIP_HEADER, 0);
  out.set(body, GZIP_HEADER.length);
  const view = new DataView(out.buffer);
  view.setUint32(out.length - 8, crc32.buf(data) >>> 0, true);
  view.setUint32(out.length - 4, data.length >>> 0, true);
  return out;
}

/** Bytes that fail the strict gzip rules (`EGZIP`) or inflate past the cap (`ETOOBIG`): damaged input, a finding. */
export class GzipError extends DocketError {
  declare readonly code: 'EGZIP' | 'ETOOBIG';
  constructor(code: 'EGZIP' | 'ETOOBIG', message: string) {
    super(code, message, {}, EXIT.FINDINGS);
    this.name = 'GzipError';
  }
}

/**
 * Strict reader: the exact canonical header, one deflate stream that ends exactly 8 bytes before the
 * end of the file, a matching CRC-32 and ISIZE, and at most `maxBytes` of output (an absolute cap,
 * because an all-zero bomb inflates ~1000:1). `into`: an Inflater that reuses its output memory
 * (see there); without one, the output is the caller's.
 */
export function gunzipStrict(bytes: Uint8Array, maxBytes: number, into?: Inflater): Uint8Array {
  if (bytes.length < GZIP_HEADER.length + 2 + 8) throw new GzipError('EGZIP', 'too short to be gzip');
  for (let i = 0; i < GZIP_HEADER.length; i++) {
    if (bytes[i] !== GZIP_HEADER[i]) throw new GzipError('EGZIP', `non-canonical gzip header (byte ${i} is 0x${bytes[i]!.toString(16).padStart(2, '0')}, expected 0x${GZIP_HEADER[i]!.toString(16).padStart(2, '0')})`);
  }
  const body = bytes.subarray(GZIP_HEADER.length, bytes.length - 8);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const crc = view.getUint32(bytes.length - 8, true);
  const isize = view.getUint32(bytes.length - 4, true); // also the output's size hint (checked below)
  const { out, consumed } = (into ?? FRESH).inflate(body, maxBytes, isize) ?? inflateFresh(body, maxBytes, isize);
  if (consumed !== body.length) throw new GzipError('EGZIP', `${body.length - consumed} bytes after the deflate stream (second member or junk)`);
  if (crcOf(out) !== crc) throw new GzipError('EGZIP', 'CRC-32 mismatch');
  if ((out.length >>> 0) !== isize) throw new GzipError('EGZIP', 'ISIZE mismatch');
  return out;
}

/** The raw-deflate body inflated into a fresh buffer by zlib's one-shot call: the fallback (class Inflater). */
function inflateFresh(body: Uint8Array, maxBytes: number, hint: number): { out: Buffer; consumed: number } {
  let out: Buffer;
  let consumed: number;
  try {
    // The trailer's ISIZE (a hint only; checked below) sizes the output chunk: one chunk of about
    // the content's size avoids both re-assembly (two 1 MiB chunks for a 1.7 MB run segment were
    // joined by a copy: 113 -> 142 MB/s decoding segments without it) and the 4x-of-input guess
    // that mapped fresh 200 KB buffers for every 50 KB bundle (page faults dominate on this VM);
    // the 16 KiB default made big inputs ~2.5x slower. A lying ISIZE costs one allocation of at
    // most 16 MiB (and at most the cap), then fails below.
    const chunkSize = Math.min(16 << 20, Math.max(16 * 1024, Math.min(hint, maxBytes) + 1));
    const r = inflateRawSync(body, { info: true, maxOutputLength: Math.max(1, maxBytes), chunkSize }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
    out = r.buffer;
    consumed = r.engine.bytesWritten;
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ERR_BUFFER_TOO_LARGE') throw new GzipError('ETOOBIG', `inflates beyond the ${maxBytes}-byte cap`);
    throw new GzipError('EGZIP', `bad deflate stream: ${err.message}`);
  }
  return { out, consumed };
}

type SyncHandle = { writeSync(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): void };
type RawInflate = zlib.InflateRaw & { _handle?: SyncHandle; _writeState?: Uint32Array; errored?: Error | null };

/**
 * zlib's handle driven the way Node's own sync path drives it (`writeSync` into memory we choose),
 * never with output room past `maxBytes` + 1, so the cap does not depend on any chunk size:
 * ETOOBIG when zlib fills that one byte past the cap and returns, EGZIP when it reports an error
 * first. (zlib reads the header of the block after the one that filled the room before returning,
 * so a bad header right after byte `maxBytes` + 1 is EGZIP. zlib's one-shot call checks its cap
 * only between its own output chunks: a stream that crossed the cap and then turned corrupt inside
 * one chunk was EGZIP there, ETOOBIG here. It remains only as the fallback for a Node without
 * `writeSync`.)
 *
 * `reuse`: inflate into one output buffer kept from call to call; what gunzipStrict returns
 * through it is then valid only until its next call. For callers that check a text and let go of
 * it (verify's bundle checks, a release's, replay's journal segments): a fresh output buffer per
 * bundle is fresh memory, which faults in page by page on this VM (~16 faults per 64 KB bundle,
 * 41 % of a release verify's page faults). Without `reuse`, each output is a fresh buffer the
 * caller owns. One handle serves every call, reset in between, replaced after any failure.
 */
export class Inflater {
  private z: RawInflate | null = null;
  private buf: Buffer = EMPTY;
  // Whether this Node's zlib handle has the sync write, learnt from the first handle made. Never at
  // import: a worker thread terminated while it loads (verify's prestarted worker often is) must not
  // be inside a zlib constructor, where Node aborts the process ("close before init").
  private static usable: boolean | null = null;

  constructor(private readonly reuse = true) {}

  /** The output and the input bytes consumed, or undefined where the handle's sync write is missing. */
  inflate(body: Uint8Array, maxBytes: number, hint: number): { out: Buffer; consumed: number } | undefined {
    if (Inflater.usable === false) return undefined;
    if (Inflater.usable === null) {
      const z = this.handle();
      Inflater.usable = typeof z._handle?.writeSync === 'function' && z._writeState instanceof Uint32Array;
      if (!Inflater.usable) return this.drop(), undefined;
    }
    // +1: a stream that ends exactly at the hint is seen ending. A lying hint costs one buffer of at
    // most 16 MiB (and at most the cap), then fails the ISIZE check.
    const want = Math.min(hint, maxBytes, 16 << 20) + 1;
    if (!this.reuse || this.buf.length < want) this.buf = Buffer.allocUnsafeSlow(Math.max(want, this.reuse ? 256 * 1024 : 1024));
    try {
      return this.run(body, maxBytes);
    } catch (e) {
      this.drop(); // whatever failed, the handle may be inside a stream: never reuse it
      throw e;
    } finally {
      if (!this.reuse || this.buf.length > 16 << 20) this.buf = EMPTY; // hold no caller's buffer, nor a huge one
    }
  }

  private run(body: Uint8Array, maxBytes: number): { out: Buffer; consumed: number } {
    const z = this.handle();
    const h = z._handle!;
    const state = z._writeState!;
    let fill = 0;
    let off = 0;
    let left = body.length;
    for (;;) {
      const space = Math.min(this.buf.length, maxBytes + 1) - fill; // stop one byte past the cap, whatever comes after
      h.writeSync(zlib.constants.Z_FINISH, body, off, left, this.buf, fill, space);
      if (z.destroyed) throw new GzipError('EGZIP', `bad deflate stream: ${z.errored?.message ?? 'zlib error'}`);
      const used = left - state[1]!;
      off += used;
      left -= used;
      fill += space - state[0]!;
      if (fill > maxBytes) throw new GzipError('ETOOBIG', `inflates beyond the ${maxBytes}-byte cap`);
      if (state[0]! > 0) break; // room left under Z_FINISH without an error: the stream ended
      // Output full: grow, never past one byte over the cap (that byte is what proves the excess).
      const bigger = Buffer.allocUnsafeSlow(Math.min(this.buf.length * 2, maxBytes + 1));
      this.buf.copy(bigger, 0, 0, fill);
      this.buf = bigger;
    }
    z.reset();
    // A fresh output the caller keeps holds no more than it needs (growth doubles; the hint may lie).
    const out = !this.reuse && this.buf.length - fill > 1 << 20 ? Buffer.from(this.buf.subarray(0, fill)) : this.buf.subarray(0, fill);
    return { out, consumed: off };
  }

  private handle(): RawInflate {
    if (this.z) return this.z;
    const z = zlib.createInflateRaw() as RawInflate;
    z.on('error', () => {}); // read synchronously above; destroy() emits it again later
    return (this.z = z);
  }

  private drop(): void {
    if (this.z && !this.z.destroyed) this.z.close(); // an error has closed it already
    this.z = null;
  }
}

const EMPTY = Buffer.alloc(0);
const FRESH = new Inflater(false);

/** Native CRC-32 where Node has it (20.15+, 22.2+): ~10x the JS implementation; same value. */
const nativeCrc = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
function crcOf(data: Uint8Array): number {
  return crcUpdate(data, 0);
}

/** CRC-32 of `data` continuing from `crc` (the CRC of the bytes before it), as an unsigned number. */
export function crcUpdate(data: Uint8Array, crc: number): number {
  return nativeCrc ? nativeCrc(data, crc) >>> 0 : crc32.buf(data, crc | 0) >>> 0;
}
