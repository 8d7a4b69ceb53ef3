import * as zlib from 'node:zlib';
import { inflateRawSync } from 'node:zlib';
import crc32 from 'crc-32';
import { createRequire } from 'node:module';
import { DocketError, EXIT } from '../errors.ts';
import { endProblem, headerProblem, longEnough, RULES, TRAILER } from './gzip-rules.ts';
import { rawInflater, type RawInflater } from '../accel/zlib-handle.ts';

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
 * Strict reader (docs/design.md §3; the rules and their words are gzip-rules.ts's): the exact
 * canonical header, one deflate stream that ends exactly 8 bytes before the end of the file, a
 * matching CRC-32 and ISIZE, and at most `maxBytes` of output (an absolute cap, because an all-zero
 * bomb inflates ~1000:1). Without `into` this is the reference, zlib's one-shot call, and the output
 * is a fresh buffer, the caller's; with an Inflater (the accelerator, below), the output is in its
 * reused memory, valid until its next use.
 */
export function gunzipStrict(bytes: Uint8Array, maxBytes: number, into?: Inflater): Uint8Array {
  if (!longEnough(bytes.length, GZIP_HEADER)) throw new GzipError('EGZIP', RULES.tooShort);
  const bad = headerProblem(bytes.subarray(0, GZIP_HEADER.length), GZIP_HEADER);
  if (bad) throw new GzipError('EGZIP', bad);
  const body = bytes.subarray(GZIP_HEADER.length, bytes.length - TRAILER);
  const trailer = Buffer.from(bytes.buffer, bytes.byteOffset + bytes.length - TRAILER, TRAILER);
  const isize = trailer.readUInt32LE(4); // also the output's size hint (checked below)
  const { out, consumed } = into?.inflate(body, maxBytes, isize) ?? inflateBody(body, maxBytes, isize);
  const problem = endProblem({ ended: true, consumed, body: body.length, trailer, crc: crcOf(out), outBytes: out.length });
  if (problem) throw new GzipError('EGZIP', problem);
  return out;
}

/**
 * The accelerator of strict gunzip for bundles: zlib's handle (accel/zlib-handle.ts, the one user
 * of Node-private APIs besides the release ring) inflating into one output buffer kept from call to
 * call, so a thread that checks bundle after bundle and lets each go (verify's bundle checks, a
 * release's, replay's journal segments) does not fault in fresh memory for each: full verify of
 * 210 MB peaked at about 60 MB less RSS this way (docs/benchmarks.md). The same verdicts and
 * messages as the reference, cap included: zlib never gets output room past one byte over the cap,
 * so ETOOBIG is exactly "that byte was produced before an error" (gzip.test.ts holds the two
 * together). One handle serves every call, reset in between, replaced after any failure. Where the
 * handle fails its feature test, `inflate` returns undefined and the reference runs.
 */
export class Inflater {
  private z: RawInflater | null = null;
  private buf: Buffer = EMPTY;
  // Whether this Node's zlib has the handle, learnt from the first one made. Never at import: a
  // worker thread terminated while it loads (verify's prestarted worker often is) must not be inside
  // a zlib constructor, where Node aborts the process ("close before init").
  private usable: boolean | null = null;

  /** The output and the input bytes consumed, or undefined where the handle is unavailable. */
  inflate(body: Uint8Array, maxBytes: number, hint: number): { out: Buffer; consumed: number } | undefined {
    if (this.usable === false) return undefined;
    this.z ??= rawInflater();
    this.usable = this.z !== null;
    if (!this.z) return undefined;
    // +1: a stream that ends exactly at the hint is seen ending. A lying hint costs one buffer of at
    // most 16 MiB (and at most the cap), then fails the ISIZE check.
    const want = Math.min(hint, maxBytes, 16 << 20) + 1;
    if (this.buf.length < want) this.buf = Buffer.allocUnsafeSlow(Math.max(want, 256 * 1024));
    try {
      return this.run(this.z, body, maxBytes);
    } catch (e) {
      this.z.close(); // whatever failed, the handle may be inside a stream: never reuse it
      this.z = null;
      throw e;
    } finally {
      if (this.buf.length > 16 << 20) this.buf = EMPTY; // hold no huge buffer between calls
    }
  }

  private run(z: RawInflater, body: Uint8Array, maxBytes: number): { out: Buffer; consumed: number } {
    let fill = 0;
    let off = 0;
    let left = body.length;
    for (;;) {
      const space = Math.min(this.buf.length, maxBytes + 1) - fill; // stop one byte past the cap, whatever comes after
      if (!z.write(zlib.constants.Z_FINISH, body, off, left, this.buf, fill, space)) throw new GzipError('EGZIP', RULES.badDeflate(z.error ?? 'zlib error'));
      const used = left - z.availIn;
      off += used;
      left -= used;
      fill += space - z.availOut;
      if (fill > maxBytes) throw new GzipError('ETOOBIG', RULES.overCap(maxBytes));
      if (z.availOut > 0) break; // room left under Z_FINISH without an error: the stream ended
      // Output full: grow, never past one byte over the cap (that byte is what proves the excess).
      const bigger = Buffer.allocUnsafeSlow(Math.min(this.buf.length * 2, maxBytes + 1));
      this.buf.copy(bigger, 0, 0, fill);
      this.buf = bigger;
    }
    z.reset();
    return { out: this.buf.subarray(0, fill), consumed: off };
  }
}

const EMPTY = Buffer.alloc(0);

/**
 * The raw-deflate body inflated by zlib's one-shot call, capped at `maxBytes`. The call checks its
 * cap only between output chunks, so where it fails the outcome is decided again with one chunk of
 * exactly `maxBytes` + 1 bytes: whichever comes first, that byte past the cap (ETOOBIG) or an error
 * zlib reports (EGZIP), decides, whatever chunk size was tried first. (zlib reads the header of the
 * block after the one that filled the room before it returns, so a bad header right after byte
 * `maxBytes` + 1 is EGZIP.) zlib's smallest chunk is 64 bytes: a cap below 63 is checked on the output.
 */
function inflateBody(body: Uint8Array, maxBytes: number, hint: number): { out: Buffer; consumed: number } {
  // The trailer's ISIZE (a hint only; checked after) sizes the output chunk: one chunk of about the
  // content's size avoids both re-assembly (two 1 MiB chunks for a 1.7 MB run segment were joined
  // by a copy: 113 -> 142 MB/s decoding segments without it) and the 4x-of-input guess that mapped
  // fresh 200 KB buffers for every 50 KB bundle (page faults dominate on this VM); the 16 KiB default
  // made big inputs ~2.5x slower. A lying ISIZE costs one allocation of at most 16 MiB (and at most
  // the cap), then fails the ISIZE check.
  const guess = Math.min(16 << 20, Math.max(16 * 1024, Math.min(hint, maxBytes) + 1));
  try {
    return oneShot(body, maxBytes, guess);
  } catch (e) {
    const exact = Math.max(MIN_CHUNK, maxBytes + 1);
    // No redo where the chunk was already exact, or where no output of this body can reach the
    // cap (deflate expands at most 1032:1): the redo allocates the whole cap.
    if (!(e instanceof GzipError) || guess === exact || MAX_RATIO * (body.length + 1) <= maxBytes) throw e;
    return oneShot(body, maxBytes, exact);
  }
}

const MIN_CHUNK = zlib.constants.Z_MIN_CHUNK;
/** Deflate's largest expansion: a 258-byte match in two bits. */
const MAX_RATIO = 1032;

function oneShot(body: Uint8Array, maxBytes: number, chunkSize: number): { out: Buffer; consumed: number } {
  let r: { buffer: Buffer; engine: { bytesWritten: number } };
  try {
    r = inflateRawSync(body, { info: true, maxOutputLength: Math.max(1, maxBytes), chunkSize }) as unknown as typeof r;
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ERR_BUFFER_TOO_LARGE') throw new GzipError('ETOOBIG', RULES.overCap(maxBytes));
    throw new GzipError('EGZIP', RULES.badDeflate(err.message));
  }
  if (r.buffer.length > maxBytes) throw new GzipError('ETOOBIG', RULES.overCap(maxBytes)); // a cap of 0
  return { out: r.buffer, consumed: r.engine.bytesWritten };
}

/** Native CRC-32 where Node has it (20.15+, 22.2+): ~10x the JS implementation; same value. */
const nativeCrc = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
function crcOf(data: Uint8Array): number {
  return crcUpdate(data, 0);
}

/** CRC-32 of `data` continuing from `crc` (the CRC of the bytes before it), as an unsigned number. */
export function crcUpdate(data: Uint8Array, crc: number): number {
  return nativeCrc ? nativeCrc(data, crc) >>> 0 : crc32.buf(data, crc | 0) >>> 0;
}
