import * as zlib from 'node:zlib';
import { inflateRawSync } from 'node:zlib';
import crc32 from 'crc-32';
import { createRequire } from 'node:module';
import { endProblem, headerProblem, longEnough, RULES, TRAILER } from './gzip-rules.mjs';

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

export class GzipError extends Error {
  constructor(
    readonly code: 'EGZIP' | 'ETOOBIG',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Strict reader (docs/design.md §3; the rules and their words are gzip-rules.mjs's): the exact
 * canonical header, one deflate stream that ends exactly 8 bytes before the end of the file, a
 * matching CRC-32 and ISIZE, and at most `maxBytes` of output (an absolute cap, because an all-zero
 * bomb inflates ~1000:1). The output is a fresh buffer, the caller's.
 */
export function gunzipStrict(bytes: Uint8Array, maxBytes: number): Uint8Array {
  if (!longEnough(bytes.length, GZIP_HEADER)) throw new GzipError('EGZIP', RULES.tooShort);
  const bad = headerProblem(bytes.subarray(0, GZIP_HEADER.length), GZIP_HEADER);
  if (bad) throw new GzipError('EGZIP', bad);
  const body = bytes.subarray(GZIP_HEADER.length, bytes.length - TRAILER);
  const trailer = Buffer.from(bytes.buffer, bytes.byteOffset + bytes.length - TRAILER, TRAILER);
  const isize = trailer.readUInt32LE(4); // also the output's size hint (checked below)
  const { out, consumed } = inflateBody(body, maxBytes, isize);
  const problem = endProblem({ ended: true, consumed, body: body.length, trailer, crc: crcOf(out), outBytes: out.length });
  if (problem) throw new GzipError('EGZIP', problem);
  return out;
}

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
