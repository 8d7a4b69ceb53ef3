// The strict gunzip rules (docs/design.md §3): our fixed header, one raw-deflate member ending
// exactly 8 bytes before the end, a matching CRC-32 and ISIZE, an absolute cap on the output. Every
// reader applies them through these functions and names problems in these words: gzip.ts for a
// bundle in memory (the one-shot reference and the Inflater), release/stream.ts for a release read
// as a stream.

export const TRAILER = 8; // CRC-32, ISIZE

/**
 * The error a pass holds once `next` is found, `held` being the one it holds so far: the first,
 * except that ECHANGED (the file changed while read) replaces any other, since it explains them.
 */
export function heldError<E extends { code: string }>(held: E | null, next: E): E {
  if (next.code === 'ECHANGED') return held?.code === 'ECHANGED' ? held : next;
  return held ?? next;
}

export const RULES = {
  tooShort: 'too short to be gzip',
  badDeflate: (why: string) => `bad deflate stream: ${why}`,
  overCap: (maxOut: number) => `inflates beyond the ${maxOut}-byte cap (an absolute cap: gzip bomb)`,
  shrank: (pos: number, size: number) => `the file ended at byte ${pos} of ${size} while being read: it changed during verification; verify a copy nothing writes to`,
  grew: (size: number) => `the file grew past its ${size} bytes while being read: it changed during verification; verify a copy nothing writes to`,
};

/** Whether a file of `size` bytes can hold our header, a deflate stream and the trailer. */
export const longEnough = (size: number, header: Uint8Array): boolean => size >= header.length + 2 + TRAILER;

/** What is wrong with the first header bytes of the file, or null. */
export function headerProblem(head: Uint8Array, header: Uint8Array): string | null {
  const i = head.findIndex((b, k) => b !== header[k]);
  if (i < 0) return null;
  return `non-canonical gzip header (byte ${i} is 0x${head[i]!.toString(16).padStart(2, '0')}, expected 0x${header[i]!.toString(16).padStart(2, '0')})`;
}

/** The end checks, in order, once the whole body was fed: null when the member is whole and exact. */
export function endProblem({ ended, consumed, body, trailer, crc, outBytes }: { ended: boolean; consumed: number; body: number; trailer: Buffer; crc: number; outBytes: number }): string | null {
  if (!ended) return 'the deflate stream does not end';
  if (consumed !== body) return `${body - consumed} bytes after the deflate stream (second member or junk)`;
  if (trailer.readUInt32LE(0) !== crc >>> 0) return 'CRC-32 mismatch';
  if (trailer.readUInt32LE(4) !== outBytes >>> 0) return 'ISIZE mismatch';
  return null;
}

/**
 * One piece read at file offset `at`, as both passes take it: its header bytes go to `head` and its
 * trailer bytes (from `bodyEnd`) to `trailer`; `bad` is the header's problem once the header is
 * whole (checked only while `checkHeader`); `body` is the piece's part of the deflate body (maybe empty).
 */
export function takePiece(piece: Buffer, at: number, header: Uint8Array, head: Buffer, trailer: Buffer, bodyEnd: number, checkHeader: boolean): { bad: string | null; body: Buffer } {
  copyRange(piece, at, 0, header.length, head, 0);
  copyRange(piece, at, bodyEnd, bodyEnd + trailer.length, trailer, bodyEnd);
  const end = at + piece.length;
  const bad = checkHeader && at < header.length && end >= header.length ? headerProblem(head, header) : null;
  const from = Math.max(at, header.length);
  const to = Math.min(end, bodyEnd);
  return { bad, body: piece.subarray(from - at, Math.max(from, to) - at) };
}

/** Copy the part of `piece` (which starts at stream offset `at`) inside [from, to) into `into` (which starts at `base`). */
function copyRange(piece: Buffer, at: number, from: number, to: number, into: Buffer, base: number): void {
  const lo = Math.max(at, from);
  const hi = Math.min(at + piece.length, to);
  if (hi > lo) piece.copy(into, lo - base, lo - at, hi - at);
}
