/**
 * A one-pass check, over UTF-8 bytes, that a JSON text is in RFC 8785 canonical form. It is the fast
 * path of `parseCanonical` (json.ts): `true` means the bytes are certainly canonical and strict;
 * `false` means "not proven here", and the exact string scanner in json.ts has the final word. It
 * builds no strings, which matters: on this machine any fresh string over 128 KiB costs page faults
 * (docs/benchmarks.md), and the previous proof (`JSON.stringify` the parsed value and compare) made
 * one per bundle. Measured ~950 MB/s on eval records and ~680 MB/s on run segments (session 5)
 * against ~155 MB/s for stringify + compare.
 *
 * What it proves, for bytes that are valid UTF-8 and that JSON.parse accepts (the caller checks
 * both; JSON.parse, or json.ts `provenCanonical`'s control-byte check, is what rejects raw control
 * characters inside long strings, which this scan skips through with memchr):
 * - no whitespace outside strings and nothing after the value;
 * - strings use only the escapes JCS writes (`\" \\ \b \f \n \r \t`, and lowercase `\u00xx` for the
 *   other control characters). So no escaped surrogates, and valid UTF-8 has no raw ones: every
 *   string is well formed;
 * - numbers: integers of at most 15 digits (always safe, always in ECMAScript form) are checked
 *   here; any other number token is parsed and must print back unchanged, finite, and safe if integral;
 * - object members strictly increase in UTF-16 code-unit order, which also rules out duplicates.
 *   Raw UTF-8 bytes order keys the same way as UTF-16 units for characters below U+E000, so a key
 *   with an escape or a byte >= 0xEE (U+E000 and above) is left to the exact scanner.
 */
const ARRAY = 1;
const OBJECT = 2;
// Bytes of a string scanned one by one before switching to memchr. 32 measured +15 % on eval
// records against 64, and the same on run segments, where 16 lost 20 %.
const LONG_STRING = 32;

/**
 * Where the values at depth 1 and 2 start and end, and their member names, as the scan found them:
 * triples (START, depth, offset), (END, depth, offset), (KEY, nameStart, nameEnd) in text order.
 * `parseCanonical` uses them to parse a large text in pieces (json.ts).
 */
export const START = 1;
export const END = 2;
export const KEY = 3;
export const OUTLINE_DEPTH = 2;
/**
 * The deepest nesting any strict parse accepts (json.ts): evidence is a few levels deep, provider
 * bodies a few dozen. Deeper text would overflow the stack of every recursive walk after the parse
 * (schema checks, canonical serialization), so every parser refuses it with a JsonError instead.
 */
export const MAX_JSON_DEPTH = 1024; // = MAX_DEPTH in replay/accel/wasm/strict.c: every reader stops at the same depth

/**
 * Every container of a text in the order the containers open (pre-order), as triples in `a`:
 * offset of its opening bracket, offset just after its closing one, and the index in `a` of the
 * next container that opens after it. A walk that meets the same containers in the same order
 * jumps over any of them in O(1) (schema-bytes.ts). A typed array reused from text to text: a JS
 * array of this size, alive while the walk runs, was copied by every young-generation GC
 * (measured 30 % slower on run segments).
 */
export class Containers {
  a = new Int32Array(3 * 4096);
  n = 0;
  /** strict-wasm.ts: the generation of the loaded text this table was copied from, else -1. */
  loaded = -1;
  open(start: number): number {
    if (this.n + 3 > this.a.length) {
      const bigger = new Int32Array(this.a.length * 2);
      bigger.set(this.a);
      this.a = bigger;
    }
    const at = this.n;
    this.a[at] = start;
    this.n = at + 3;
    return at;
  }
  close(at: number, end: number) {
    this.a[at + 1] = end;
    this.a[at + 2] = this.n;
  }
}

/** `ends`, when given, is emptied and receives the text's containers (see Containers). */
export function isCanonicalBytes(bytes: Uint8Array, outline: number[] | null = null, ends: Containers | null = null): boolean {
  const b = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = b.length;
  const kind: number[] = [];
  const keyStart: number[] = []; // the previous member name of each open object
  const keyEnd: number[] = [];
  const open: number[] = []; // per depth: the open container's index in `ends`
  if (ends !== null) {
    ends.n = 0;
    ends.loaded = -1;
  }
  let depth = 0;
  let i = 0;
  nextQuote = -1;
  nextSlash = -1;
  for (;;) {
    // A value starts at i.
    if (outline !== null && depth > 0 && depth <= OUTLINE_DEPTH) outline.push(START, depth, i);
    const c = b[i];
    if (c === 0x22) {
      i = stringEnd(b, i + 1, n);
      if (i < 0) return false;
    } else if (c === 0x7b || c === 0x5b) {
      const close = c === 0x7b ? 0x7d : 0x5d;
      if (b[++i] === close) {
        i++;
        if (ends !== null) ends.close(ends.open(i - 2), i);
      } else {
        if (depth >= MAX_JSON_DEPTH) return false; // not vouched for: the exact scanner names the depth
        if (ends !== null) open[depth] = ends.open(i - 1);
        kind[depth] = c === 0x7b ? OBJECT : ARRAY;
        keyStart[depth] = -1;
        depth++;
        if (c === 0x7b) {
          i = member(b, i, keyStart, keyEnd, depth - 1);
          if (i < 0) return false;
          if (outline !== null && depth <= OUTLINE_DEPTH) outline.push(KEY, keyStart[depth - 1]!, keyEnd[depth - 1]!);
        }
        continue;
      }
    } else if (c === 0x74) {
      if (b[i + 1] !== 0x72 || b[i + 2] !== 0x75 || b[i + 3] !== 0x65) return false;
      i += 4;
    } else if (c === 0x66) {
      if (b[i + 1] !== 0x61 || b[i + 2] !== 0x6c || b[i + 3] !== 0x73 || b[i + 4] !== 0x65) return false;
      i += 5;
    } else if (c === 0x6e) {
      if (b[i + 1] !== 0x75 || b[i + 2] !== 0x6c || b[i + 3] !== 0x6c) return false;
      i += 4;
    } else {
      i = numberEnd(b, i);
      if (i < 0) return false;
    }
    // After a value: close what ends here, then step to the next value.
    for (;;) {
      if (depth === 0) return i === n;
      if (outline !== null && depth <= OUTLINE_DEPTH) outline.push(END, depth, i);
      const d = b[i];
      if (kind[depth - 1] === ARRAY) {
        if (d === 0x2c) {
          i++;
          break;
        }
        if (d !== 0x5d) return false;
        i++;
        depth--;
        if (ends !== null) ends.close(open[depth]!, i);
        continue;
      }
      if (d === 0x7d) {
        i++;
        depth--;
        if (ends !== null) ends.close(open[depth]!, i);
        continue;
      }
      if (d !== 0x2c) return false;
      i = member(b, i + 1, keyStart, keyEnd, depth - 1);
      if (i < 0) return false;
      if (outline !== null && depth <= OUTLINE_DEPTH) outline.push(KEY, keyStart[depth - 1]!, keyEnd[depth - 1]!);
      break;
    }
  }
}

/** A member name and its colon at i; checks order against the previous name. Returns where the value starts. */
function member(b: Buffer, i: number, keyStart: number[], keyEnd: number[], level: number): number {
  if (b[i] !== 0x22) return -1;
  const start = i + 1;
  // One pass: a name with an escape, a raw control byte or a byte >= 0xEE is left to the exact scanner.
  let end = start;
  for (;;) {
    const x = b[end];
    if (x === 0x22) break;
    if (x === undefined || x === 0x5c || x >= 0xee || x < 0x20) return -1;
    end++;
  }
  const after = end + 1;
  const prev = keyStart[level]!;
  if (prev >= 0 && !bytesLess(b, prev, keyEnd[level]!, start, end)) return -1;
  keyStart[level] = start;
  keyEnd[level] = end;
  return b[after] === 0x3a ? after + 1 : -1;
}

function bytesLess(b: Uint8Array, s1: number, e1: number, s2: number, e2: number): boolean {
  const l1 = e1 - s1;
  const l2 = e2 - s2;
  const m = l1 < l2 ? l1 : l2;
  for (let k = 0; k < m; k++) {
    const x = b[s1 + k]!;
    const y = b[s2 + k]!;
    if (x !== y) return x < y;
  }
  return l1 < l2;
}

/**
 * The next quote and backslash at or after the position they were searched from (n: none before the
 * end). Positions only move forward within a document, so a remembered one that is still ahead of
 * the scan is still the next one, and each byte is searched at most once per document: prose with
 * an escaped newline every line costs two memchr calls per escape, not a byte-by-byte loop.
 */
let nextQuote = -1;
let nextSlash = -1;

/** From just after an opening quote to just after the closing one, or -1. */
function stringEnd(b: Buffer, i: number, n: number): number {
  // Short strings (names, ids, enums): byte by byte.
  const stop = Math.min(n, i + LONG_STRING);
  while (i < stop) {
    const c = b[i]!;
    if (c === 0x22) return i + 1;
    if (c < 0x20) return -1;
    if (c === 0x5c) break;
    i++;
  }
  if (i >= n) return -1;
  // A long string or one with escapes: memchr for the quote and the backslash. Raw control
  // characters are not looked for from here on: JSON.parse rejects them (see the contract).
  for (;;) {
    if (nextQuote < i) {
      nextQuote = b.indexOf(0x22, i);
      if (nextQuote < 0) nextQuote = n;
    }
    if (nextSlash < i) {
      nextSlash = b.indexOf(0x5c, i);
      if (nextSlash < 0) nextSlash = n;
    }
    if (nextQuote < nextSlash) return nextQuote + 1;
    if (nextSlash >= n) return -1;
    i = nextSlash;
    // An escape at i: only the ones JCS writes.
    const e = b[i + 1];
    if (e === 0x22 || e === 0x5c || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
      i += 2;
      continue;
    }
    // \u00xx (lowercase hex) only for a control character that has no short form.
    if (e !== 0x75 || b[i + 2] !== 0x30 || b[i + 3] !== 0x30) return -1;
    const hi = b[i + 4];
    const lo = b[i + 5]!;
    if (hi !== 0x30 && hi !== 0x31) return -1;
    const low = lo >= 0x30 && lo <= 0x39 ? lo - 0x30 : lo >= 0x61 && lo <= 0x66 ? lo - 0x57 : -1;
    if (low < 0) return -1;
    const code = (hi - 0x30) * 16 + low;
    if (code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d) return -1;
    i += 6;
  }
}

const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;

/** From the first byte of a number token to just after it, or -1 when it is not canonical here. */
function numberEnd(b: Uint8Array, i: number): number {
  const start = i;
  if (b[i] === 0x2d) i++;
  const first = i;
  if (b[i] === 0x30) i++;
  else if (isDigit(b[i])) while (isDigit(b[++i]));
  else return -1;
  const c = b[i];
  if (c !== 0x2e && c !== 0x65 && c !== 0x45) {
    const digits = i - first;
    if (digits === 1 && b[first] === 0x30 && first > start) return -1; // -0 prints as 0
    return digits <= 15 ? i : numberPrintsBack(b, start, i);
  }
  let fractionEnd = -1;
  if (c === 0x2e) {
    if (!isDigit(b[++i])) return -1;
    while (isDigit(b[++i]));
    fractionEnd = i;
  }
  if (b[i] === 0x65 || b[i] === 0x45) {
    if (b[++i] === 0x2b || b[i] === 0x2d) i++;
    if (!isDigit(b[i])) return -1;
    while (isDigit(b[++i]));
    return numberPrintsBack(b, start, i);
  }
  return plainDecimalIsCanonical(b, first, fractionEnd) ? i : numberPrintsBack(b, start, i);
}

/**
 * `I.F` with no exponent, from the first digit of I to the end of F: canonical without a round trip
 * when it has at most 15 significant digits (DBL_DIG: such a decimal is the shortest form of its
 * double), F does not end in 0, and a value below 1 has at most five zeros after the point
 * (ECMAScript prints 1e-7 and smaller in exponent form). Anything else takes the round trip.
 */
function plainDecimalIsCanonical(b: Uint8Array, first: number, end: number): boolean {
  if (b[end - 1] === 0x30) return false;
  let sig = first; // where the significant digits start
  if (b[first] === 0x30) {
    sig = first + 2;
    while (b[sig] === 0x30) sig++;
    if (sig - (first + 2) > 5) return false;
    return end - sig <= 15;
  }
  return end - sig - 1 <= 15; // minus the point
}

export function numberPrintsBack(b: Uint8Array, start: number, end: number): number {
  if (end - start > 32) return -1; // no canonical number is this long ("-1.2345678901234567e-308" is 24)
  let token = '';
  for (let k = start; k < end; k++) token += String.fromCharCode(b[k]!);
  const v = Number(token);
  if (!Number.isFinite(v) || (Number.isInteger(v) && !Number.isSafeInteger(v))) return -1;
  return String(v) === token ? end : -1;
}

/**
 * Whether any byte is below 0x20. Four words at a time: a word w holds such a byte exactly when
 * (w - 0x20202020) & ~w & 0x80808080 is non-zero, except that a borrow out of a byte that really is
 * below 0x20 can flag its neighbour, so a flagged run is confirmed byte by byte (~7 GB/s here,
 * against ~1.2 GB/s for a plain byte loop).
 */
export function hasControlByte(b: Uint8Array): boolean {
  const n = b.length;
  let i = 0;
  while (i < n && (b.byteOffset + i) & 3) if (b[i++]! < 0x20) return true;
  const words = new Uint32Array(b.buffer, b.byteOffset + i, (n - i) >>> 2);
  const m = words.length;
  let k = 0;
  for (; k + 4 <= m; k += 4) {
    const w0 = words[k]!;
    const w1 = words[k + 1]!;
    const w2 = words[k + 2]!;
    const w3 = words[k + 3]!;
    if ((((w0 - 0x20202020) & ~w0) | ((w1 - 0x20202020) & ~w1) | ((w2 - 0x20202020) & ~w2) | ((w3 - 0x20202020) & ~w3)) & 0x80808080) break;
  }
  for (let j = i + 4 * k; j < n; j++) if (b[j]! < 0x20) return true;
  return false;
}
