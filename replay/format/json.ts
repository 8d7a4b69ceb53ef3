import { isAscii, isUtf8 } from 'node:buffer';
import canonicalize from 'canonicalize';
import { DocketError, EXIT, usageError } from '../errors.ts';
import { eachMember, strict, type Proof } from '../accel/strict-wasm.ts';

/**
 * The deepest nesting any strict parse accepts: evidence is a few levels deep, provider bodies a
 * few dozen. Deeper text would overflow the stack of every recursive walk after the parse (schema
 * checks, canonical serialization), so every parser refuses it with a JsonError instead. (The
 * accelerator stops at the same depth: strict-layout.ts MAX_DEPTH, held equal by a test.)
 */
export const MAX_JSON_DEPTH = 1024;
const TOO_DEEP = `nested deeper than ${MAX_JSON_DEPTH} levels`;

/**
 * JSON for evidence. Everything hashed is RFC 8785 (JCS) canonical JSON, serialized by the
 * `canonicalize` library (the RFC author's implementation). Everything read is parsed strictly:
 * I-JSON (RFC 7493) plus our integer rule, because JSON.parse silently takes the last of duplicate
 * keys, rounds 2^53+1 and turns 1e400 into Infinity.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** Text that is not strict JSON: what is wrong (`reason`) and where (`offset`, a byte offset). Readers rewrap it with their own code. */
export class JsonError extends DocketError {
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {
    super('EJSON', `${reason} at byte ${offset}`, { reason, offset }, EXIT.USAGE);
    this.name = 'JsonError';
  }
}

/** RFC 8785 canonical text. Throws on values JCS cannot represent (non-finite, undefined...). */
export function canonicalText(value: unknown): string {
  checkValue(value, '$');
  const text = canonicalize(value);
  if (text === undefined) throw usageError('EJSON', 'value has no JSON form');
  return text;
}

export function canonicalBytes(value: unknown): Uint8Array {
  return encoder.encode(canonicalText(value));
}

/** Validate an in-memory value against the strict rules (used before hashing anything). */
export function checkValue(value: unknown, path: string): void {
  if (value === null || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw usageError('EJSON', `${path}: non-finite number`, { path });
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) throw usageError('EJSON', `${path}: integer beyond ±(2^53-1)`, { path });
    return;
  }
  if (typeof value === 'string') {
    if (!value.isWellFormed()) throw usageError('EJSON', `${path}: lone surrogate in string`, { path });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => checkValue(v, `${path}[${i}]`));
    return;
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) throw usageError('EJSON', `${path}: not a plain object`, { path });
    for (const [k, v] of Object.entries(value)) {
      if (!k.isWellFormed()) throw usageError('EJSON', `${path}: lone surrogate in key`, { path });
      checkValue(v, `${path}.${k}`);
    }
    return;
  }
  throw usageError('EJSON', `${path}: ${typeof value} is not JSON`, { path });
}

/**
 * Parse canonical bundle content: the bytes must be exactly the RFC 8785 form of a strict value.
 * JSON.parse builds the value; the accelerator (accel/strict-wasm.ts) proves canonical form in one
 * pass over the bytes. Where it cannot vouch (a rare key, a text too large, or one that is not
 * canonical), the exact scanner below has the final word and names the reason.
 */
export function parseCanonical(bytes: Uint8Array): Json {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = isAscii(buf);
  if (!ascii && !isUtf8(buf)) throw new JsonError('invalid UTF-8', 0);
  // Proved before parsing: with the parsed value alive, every young-generation GC would copy it. A
  // container over 128 KiB is parsed in pieces of at most 64 KiB, whatever its size: decoding a
  // run segment of 1.7 MB whole made an external string, a fresh malloc'd copy each time (run
  // segments: 80 -> 120 MB/s in pieces).
  const s = strict();
  if (s?.prove(buf)) {
    try {
      const pieces = buf.length > LARGE_FROM && (buf[0] === 0x7b || buf[0] === 0x5b);
      return pieces ? parsePieces(buf, s.table(), ascii) : (JSON.parse(ascii ? asciiText(buf) : buf.toString('utf8')) as Json);
    } catch {
      // A proven text always parses: fall through to the reference, which names whatever is wrong.
    }
  }
  const text = buf.toString('utf8');
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch {
    new CanonicalScanner(text).document(); // names the position
    throw new JsonError('not JSON', 0);
  }
  new CanonicalScanner(text).document();
  return value;
}

/**
 * Whether the bytes are proven canonical and strict without parsing them: valid UTF-8, and the
 * accelerator's proof. The proof stays usable while the text is the accelerator's loaded one
 * (schema-bytes.ts walks it); null means "not proven": `parseCanonical` decides, and names the reason.
 */
export function provenCanonical(bytes: Uint8Array): Proof | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!isAscii(buf) && !isUtf8(buf)) return null;
  const s = strict();
  return s?.prove(buf) ? s.proof() : null;
}

// V8 puts a string over 128 KiB in large-object space: fresh pages, faulted in one by one (decoding
// a 678 KB bundle ran at ~210 MB/s). Node makes a decoded buffer of EXTERNAL_FROM bytes or more an
// external string instead, a malloc'd copy that glibc recycles (docs/benchmarks.md).
const EXTERNAL_FROM = 0xfbee9 + 1; // node's EXTERN_APEX
const LARGE_FROM = 128 * 1024;
const PIECE = 64 * 1024;
let padded: Buffer | null = null;

/**
 * JSON.parse of a proven canonical container over 128 KiB, in pieces: the members of the values
 * at depths 1 and 2, read along the proof's table of containers (accel/strict-wasm.ts `eachMember`),
 * each piece at most 64 KiB where the text allows (~15 % faster than one padded parse for a 678 KB
 * text, ~50 % faster than one external string for a 1.7 MB run segment, and no dead 1 MB strings
 * waiting for a GC). The text is canonical, so every piece is valid JSON on its own. Only a single
 * value over 128 KiB (a long string) is still decoded whole (asciiText).
 */
function parsePieces(buf: Buffer, table: Int32Array, ascii: boolean): Json {
  const encoding = ascii ? 'latin1' : 'utf8';
  const whole = (s: number, e: number): Json => JSON.parse(ascii && e - s > LARGE_FROM ? asciiText(buf.subarray(s, e)) : buf.toString(encoding, s, e)) as Json;
  // A member at `depth` (the root's members are at 1): parsed whole, or member by member.
  const value = (s: number, e: number, record: number, depth: number): Json => (e - s <= PIECE || record < 0 || depth === PIECE_DEPTH ? whole(s, e) : container(record, depth + 1));
  const container = (record: number, depth: number): Json => {
    if (buf[table[record]!] === 0x5b) {
      const arr: Json[] = [];
      if (depth === PIECE_DEPTH) group(record, arr);
      else eachMember(buf, table, record, (_ns, _ne, s, e, r) => void arr.push(value(s, e, r, depth)));
      return arr;
    }
    const obj: { [key: string]: Json } = {};
    eachMember(buf, table, record, (ns, ne, s, e, r) => {
      const key = JSON.parse(buf.toString(encoding, ns - 1, ne + 1)) as string;
      const v = value(s, e, r, depth);
      // An own "__proto__" member, as JSON.parse makes it (plain assignment would set the prototype).
      if (key === '__proto__') Object.defineProperty(obj, key, { value: v, writable: true, enumerable: true, configurable: true });
      else obj[key] = v;
    });
    return obj;
  };
  // Array elements at the last depth (an eval record's answers, ~450 B each) in runs of up to 64
  // KiB, each run parsed as one array: one JSON.parse per element cost ~20 % more. The run is copied
  // between brackets into a scratch buffer (the input is never written to).
  const group = (record: number, arr: Json[]) => {
    let runStart = -1;
    let runEnd = -1;
    const flush = () => {
      if (runStart < 0) return;
      scratch[0] = 0x5b;
      buf.copy(scratch, 1, runStart, runEnd);
      scratch[runEnd - runStart + 1] = 0x5d;
      for (const v of JSON.parse(scratch.toString(encoding, 0, runEnd - runStart + 2)) as Json[]) arr.push(v);
      runStart = -1;
    };
    eachMember(buf, table, record, (_ns, _ne, s, e) => {
      if (runStart >= 0 && e - runStart > PIECE) flush();
      if (e - s > PIECE) return void arr.push(whole(s, e)); // one element, too big to copy
      if (runStart < 0) runStart = s;
      runEnd = e;
    });
    flush();
  };
  return container(0, 1);
}

/** The depth whose members are parsed whole (array elements in runs): the root's members are at 1. */
const PIECE_DEPTH = 2;

const scratch = Buffer.allocUnsafe(PIECE + 2);

/** Latin-1 decode of ASCII; between the two sizes, from a reused buffer padded with spaces past
 * EXTERNAL_FROM (JSON allows trailing whitespace; the byte scan has seen the real bytes). */
function asciiText(buf: Buffer): string {
  if (buf.length <= LARGE_FROM || buf.length >= EXTERNAL_FROM) return buf.toString('latin1');
  padded ??= Buffer.alloc(EXTERNAL_FROM, 0x20);
  buf.copy(padded);
  const text = padded.toString('latin1');
  padded.fill(0x20, 0, buf.length);
  return text;
}

const ESCAPES: Record<number, true> = { 0x22: true, 0x5c: true, 0x62: true, 0x66: true, 0x6e: true, 0x72: true, 0x74: true };

class CanonicalScanner {
  i = 0;
  depth = 0;
  constructor(readonly s: string) {}
  fail(reason: string): never {
    // Name the most useful cause: a strict parse explains duplicate keys and the like precisely.
    try {
      parseStrict(this.s);
    } catch (e) {
      if (e instanceof JsonError) throw e;
    }
    throw new JsonError(`not RFC 8785 canonical form: ${reason}`, this.i);
  }
  document() {
    this.value();
    if (this.i !== this.s.length) this.fail('data after the value');
  }
  value(): void {
    const c = this.s.charCodeAt(this.i);
    if (c === 0x7b) return this.object();
    if (c === 0x5b) return this.array();
    if (c === 0x22) return this.string();
    if (this.s.startsWith('true', this.i)) this.i += 4;
    else if (this.s.startsWith('false', this.i)) this.i += 5;
    else if (this.s.startsWith('null', this.i)) this.i += 4;
    else this.number();
  }
  number() {
    NUMBER_RE.lastIndex = this.i;
    const m = NUMBER_RE.exec(this.s);
    if (!m || !m[0]) this.fail('unexpected token');
    const n = Number(m[0]);
    if (!Number.isFinite(n)) this.fail('number out of range');
    if (Number.isInteger(n) && !Number.isSafeInteger(n)) this.fail('integer beyond ±(2^53-1)');
    if (String(n) !== m[0]) this.fail(`number ${m[0]} is not in ECMAScript form (${String(n)})`);
    this.i += m[0].length;
  }
  // Set by string(): where the raw text between the quotes starts and ends, and whether it had escapes.
  start = 0;
  end = 0;
  escaped = false;
  string(): void {
    const s = this.s;
    const start = ++this.i;
    let escaped = false;
    for (;;) {
      const c = s.charCodeAt(this.i);
      if (c === 0x22) break;
      if (Number.isNaN(c)) this.fail('unterminated string');
      if (c < 0x20) this.fail('raw control character');
      if (c === 0x5c) {
        escaped = true;
        const e = s.charCodeAt(this.i + 1);
        if (ESCAPES[e]) this.i += 2;
        else if (e === 0x75) {
          // JCS writes \u only for control characters without a short form, as \u00xx lowercase.
          const hex = s.slice(this.i + 2, this.i + 6);
          const code = /^00[01][0-9a-f]$/.test(hex) ? parseInt(hex, 16) : -1;
          if (code < 0 || code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d) this.fail('needless or non-canonical \\u escape');
          this.i += 6;
        } else this.fail('bad escape');
      } else this.i++;
    }
    this.start = start;
    this.end = this.i++;
    this.escaped = escaped;
  }
  enter() {
    if (++this.depth > MAX_JSON_DEPTH) this.fail(TOO_DEEP);
  }
  array() {
    this.i++;
    if (this.s.charCodeAt(this.i) === 0x5d) {
      this.i++;
      return;
    }
    this.enter();
    for (;;) {
      this.value();
      const c = this.s.charCodeAt(this.i++);
      if (c === 0x5d) return void this.depth--;
      if (c !== 0x2c) {
        this.i--;
        this.fail('expected , or ]');
      }
    }
  }
  object() {
    this.i++;
    if (this.s.charCodeAt(this.i) === 0x7d) {
      this.i++;
      return;
    }
    this.enter();
    let prev: string | null = null;
    for (;;) {
      if (this.s.charCodeAt(this.i) !== 0x22) this.fail('expected a string key');
      const at = this.i;
      this.string();
      const key = this.escaped ? (JSON.parse(this.s.slice(this.start - 1, this.end + 1)) as string) : this.s.slice(this.start, this.end);
      if (prev !== null && !(prev < key)) {
        this.i = at;
        this.fail(prev === key ? `duplicate key ${JSON.stringify(key)}` : `key ${JSON.stringify(key)} out of order`);
      }
      prev = key;
      if (this.s.charCodeAt(this.i++) !== 0x3a) {
        this.i--;
        this.fail('expected :');
      }
      this.value();
      const c = this.s.charCodeAt(this.i++);
      if (c === 0x7d) return void this.depth--;
      if (c !== 0x2c) {
        this.i--;
        this.fail('expected , or }');
      }
    }
  }
}

/** Strict parse of arbitrary (non-canonical) JSON text or bytes: for user input and manifests. */
export function parseStrict(input: string | Uint8Array): Json {
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    try {
      text = utf8.decode(input);
    } catch {
      throw new JsonError('invalid UTF-8', 0);
    }
  }
  if (text.charCodeAt(0) === 0xfeff) throw new JsonError('byte order mark', 0);
  const p = new Parser(text);
  p.ws();
  const v = p.value();
  p.ws();
  if (p.i !== text.length) p.fail('data after the JSON value');
  return v;
}

const NUMBER_RE = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class Parser {
  i = 0;
  depth = 0;
  constructor(readonly s: string) {}
  enter() {
    if (++this.depth > MAX_JSON_DEPTH) this.fail(TOO_DEEP);
  }
  fail(reason: string): never {
    throw new JsonError(reason, this.i);
  }
  ws() {
    this.i = skipWhitespace(this.s, this.i);
  }
  value(): Json {
    const c = this.s[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === 't') return this.literal('true', true);
    if (c === 'f') return this.literal('false', false);
    if (c === 'n') return this.literal('null', null);
    return this.number();
  }
  literal<T extends Json>(word: string, v: T): T {
    if (this.s.startsWith(word, this.i)) {
      this.i += word.length;
      return v;
    }
    return this.fail('unexpected token');
  }
  number(): number {
    NUMBER_RE.lastIndex = this.i;
    const m = NUMBER_RE.exec(this.s);
    if (!m || m[0].length === 0) this.fail('unexpected token');
    const n = Number(m[0]);
    if (!Number.isFinite(n)) this.fail('number out of range');
    if (Number.isInteger(n) && !Number.isSafeInteger(n)) this.fail('integer beyond ±(2^53-1)');
    this.i += m[0].length;
    return n;
  }
  string(): string {
    const [out, next] = readString(this.s, this.i, (reason) => this.fail(reason));
    this.i = next;
    return out;
  }
  array(): Json[] {
    this.i++;
    this.enter();
    const out: Json[] = [];
    this.ws();
    if (this.s[this.i] === ']') {
      this.i++;
      this.depth--;
      return out;
    }
    for (;;) {
      this.ws();
      out.push(this.value());
      this.ws();
      const c = this.s[this.i++];
      if (c === ']') {
        this.depth--;
        return out;
      }
      if (c !== ',') {
        this.i--;
        this.fail('expected , or ]');
      }
    }
  }
  object(): { [k: string]: Json } {
    this.i++;
    this.enter();
    const out: { [k: string]: Json } = Object.create(null);
    this.ws();
    if (this.s[this.i] === '}') {
      this.i++;
      this.depth--;
      return Object.setPrototypeOf(out, Object.prototype);
    }
    for (;;) {
      this.ws();
      if (this.s[this.i] !== '"') this.fail('expected a string key');
      const keyAt = this.i;
      const k = this.string();
      if (Object.prototype.hasOwnProperty.call(out, k)) {
        this.i = keyAt;
        this.fail(`duplicate key ${JSON.stringify(k)}`);
      }
      this.ws();
      if (this.s[this.i++] !== ':') {
        this.i--;
        this.fail('expected :');
      }
      this.ws();
      out[k] = this.value();
      this.ws();
      const c = this.s[this.i++];
      if (c === '}') {
        this.depth--;
        return Object.setPrototypeOf(out, Object.prototype);
      }
      if (c !== ',') {
        this.i--;
        this.fail('expected , or }');
      }
    }
  }
}

/** For tests: whether the accelerator vouches for a text, and whether the exact scanner accepts it. */
export const canonicalChecks = {
  /** true: proven; false: not proven (the reference decides); null: not decided (or no accelerator). */
  fast(text: string): boolean | null {
    const b = Buffer.from(text, 'utf8');
    if (!isUtf8(b)) return false;
    return strict()?.prove(b) ?? null;
  },
  exact(text: string): boolean {
    try {
      new CanonicalScanner(text).document();
      return true;
    } catch {
      return false;
    }
  },
};

/** The index of the first byte at or after `i` that is not JSON whitespace (RFC 8259: space, LF, CR, tab). */
export function skipWhitespace(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    i++;
  }
  return i;
}

/**
 * The JSON string that opens at `s[i]` (a quote): its value and the index just past its closing
 * quote. RFC 8259 escapes only; a control character, a bad escape or a lone surrogate (which
 * cannot be hashed, §2) is refused through `fail`. Shared by every strict parser (replay/import's
 * Python-JSON reader too), so there is one rule for strings.
 */
export function readString(s: string, i: number, fail: (reason: string) => never): [string, number] {
  i++; // opening quote
  let out = '';
  let start = i;
  for (;;) {
    if (i >= s.length) fail('unterminated string');
    const c = s.charCodeAt(i);
    if (c === 0x22) break;
    if (c < 0x20) fail('control character in string');
    if (c === 0x5c) {
      out += s.slice(start, i);
      const e = s[i + 1];
      const esc = e === undefined ? undefined : STRING_ESCAPES[e];
      if (esc !== undefined) {
        out += esc;
        i += 2;
      } else if (e === 'u') {
        const hex = s.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('bad \\u escape');
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
      } else fail('bad escape');
      start = i;
    } else i++;
  }
  out += s.slice(start, i);
  if (!out.isWellFormed()) fail('lone surrogate in string');
  return [out, i + 1]; // past the closing quote
}
const STRING_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
