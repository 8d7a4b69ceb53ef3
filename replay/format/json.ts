import { isAscii, isUtf8 } from 'node:buffer';
import canonicalize from 'canonicalize';
import { Containers, END, hasControlByte, isCanonicalBytes, KEY, MAX_JSON_DEPTH, OUTLINE_DEPTH, START } from '../accel/canonical-bytes.ts';

export { MAX_JSON_DEPTH };
const TOO_DEEP = `nested deeper than ${MAX_JSON_DEPTH} levels`;
import { DocketError, EXIT, usageError } from '../errors.ts';
import { strict } from '../accel/strict-wasm.ts';

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
 * JSON.parse builds the value; `isCanonicalBytes` proves canonical form in one pass over the bytes
 * (no whitespace, members in strictly increasing UTF-16 order — which also rules out duplicate keys
 * —, numbers exactly as ECMAScript prints them and safe if integral, only the escapes JCS emits).
 * Where that fast check cannot vouch (a rare key, or a text that is not canonical), the exact
 * scanner below has the final word and names the reason.
 *
 * `outline`, when given, receives the scan's outline of the values at depths 1 and 2 (canonical-
 * bytes.ts), or is left empty when the scan could not vouch for the text: replay finds journal lines
 * in it instead of scanning the segment again.
 */
export function parseCanonical(bytes: Uint8Array, outline?: number[]): Json {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = isAscii(buf);
  if (!ascii && !isUtf8(buf)) throw new JsonError('invalid UTF-8', 0);
  // Scan before parsing: with the parsed value alive, every young-generation GC the scan triggers
  // would copy it (measured 35 % slower on run segments). A container over 128 KiB is parsed in
  // pieces of at most 64 KiB, whatever its size: decoding a run segment of 1.7 MB whole made an
  // external string, a fresh malloc'd copy each time (run segments: 80 -> 120 MB/s in pieces).
  const pieces = buf.length > LARGE_FROM && (buf[0] === 0x7b || buf[0] === 0x5b);
  if (outline) outline.length = 0; // offsets from another text would misplace every piece
  const marks: number[] | null = outline ?? (pieces ? [] : null);
  const canonical = isCanonicalBytes(buf, marks);
  if (!canonical && marks) marks.length = 0;
  const text = canonical ? null : buf.toString('utf8'); // the exact scanner's input, decoded once
  let value: Json;
  try {
    if (text !== null) value = JSON.parse(text) as Json;
    else value = pieces && marks ? parsePieces(buf, marks, ascii) : (JSON.parse(ascii ? asciiText(buf) : buf.toString('utf8')) as Json);
  } catch {
    new CanonicalScanner(text ?? buf.toString('utf8')).document(); // names the position
    throw new JsonError('not JSON', 0);
  }
  if (text !== null) new CanonicalScanner(text).document();
  return value;
}

/**
 * Whether the bytes are proven canonical and strict without parsing them: valid UTF-8, the fast
 * scan's proof (`isCanonicalBytes`, or its WebAssembly build from 512 bytes on: strict-wasm.ts,
 * design.md §6), and no raw control byte anywhere (canonical JSON escapes every
 * one inside strings and allows none outside; the scan leaves that check to JSON.parse, which this
 * path does not run). Returns the scan's table of containers (schema-bytes.ts walks with it), a
 * table reused by the next call; null means "not proven": `parseCanonical` decides, and names the
 * reason.
 */
export function provenCanonical(bytes: Uint8Array): Containers | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!isAscii(buf) && !isUtf8(buf)) return null;
  const s = buf.length >= WASM_FROM ? strict() : null;
  const proven = s ? s.prove(buf) : null;
  if (proven !== null) {
    if (!proven) return null;
    s!.tableInto(CONTAINERS);
    return CONTAINERS;
  }
  if (!isCanonicalBytes(buf, null, CONTAINERS) || hasControlByte(buf)) return null;
  return CONTAINERS;
}

// Shorter texts are scanned in JS: copying them into the module's memory costs more than it saves.
const WASM_FROM = 512;

// Reused from text to text: every caller walks the table before it proves another text.
const CONTAINERS = new Containers();

// V8 puts a string over 128 KiB in large-object space: fresh pages, faulted in one by one (decoding
// a 678 KB bundle ran at ~210 MB/s). Node makes a decoded buffer of EXTERNAL_FROM bytes or more an
// external string instead, a malloc'd copy that glibc recycles (docs/benchmarks.md).
const EXTERNAL_FROM = 0xfbee9 + 1; // node's EXTERN_APEX
const LARGE_FROM = 128 * 1024;
const PIECE = 64 * 1024;
let padded: Buffer | null = null;

/**
 * JSON.parse of a canonical container over 128 KiB, one piece per value at depth 1 or 2, each
 * piece at most 64 KiB where the outline allows (~15 % faster than one padded parse for a 678 KB
 * text, ~50 % faster than one external string for a 1.7 MB run segment, and no dead 1 MB strings
 * waiting for a GC). The outline comes from the scan, which proved the text canonical, so every
 * piece is valid JSON on its own. Only a single value over 128 KiB (a long string) is still decoded
 * whole (asciiText).
 */
function parsePieces(buf: Buffer, outline: number[], ascii: boolean): Json {
  const encoding = ascii ? 'latin1' : 'utf8';
  const whole = (s: number, e: number): Json => JSON.parse(ascii && e - s > LARGE_FROM ? asciiText(buf.subarray(s, e)) : buf.toString(encoding, s, e)) as Json;
  let k = 0; // cursor into the outline triples
  const endOf = (depth: number): number => {
    for (let j = k + 3; ; j += 3) if (outline[j] === END && outline[j + 1] === depth) return j;
  };
  // The container starting at s whose members are at `depth` and are next in the outline.
  const container = (s: number, depth: number): Json => {
    if (buf[s] === 0x5b) {
      const arr: Json[] = [];
      while (outline[k] === START && outline[k + 1] === depth) {
        if (depth === OUTLINE_DEPTH) group(arr);
        else arr.push(member(depth));
      }
      return arr;
    }
    const obj: { [key: string]: Json } = {};
    while (outline[k] === KEY) {
      const key = JSON.parse(buf.toString(encoding, outline[k + 1]! - 1, outline[k + 2]! + 1)) as string;
      k += 3;
      const v = member(depth);
      // An own "__proto__" member, as JSON.parse makes it (plain assignment would set the prototype).
      if (key === '__proto__') Object.defineProperty(obj, key, { value: v, writable: true, enumerable: true, configurable: true });
      else obj[key] = v;
    }
    return obj;
  };
  // The value whose START is at the cursor; leaves the cursor after its END.
  const member = (depth: number): Json => {
    const s = outline[k + 2]!;
    const j = endOf(depth);
    const e = outline[j + 2]!;
    if (e - s <= PIECE || depth === OUTLINE_DEPTH || (buf[s] !== 0x7b && buf[s] !== 0x5b) || j === k + 3) {
      k = j + 3;
      return whole(s, e);
    }
    k += 3;
    const v = container(s, depth + 1);
    k = j + 3;
    return v;
  };
  // Array elements at the outline's last depth (an eval record's answers, ~450 B each) in runs of up
  // to 64 KiB, each run parsed as one array: one JSON.parse per element cost ~20 % more. The run
  // is copied between brackets into a scratch buffer (the input is never written to).
  const group = (arr: Json[]) => {
    const s = outline[k + 2]!;
    let j = k; // the last element of the run
    while (outline[j + 6] === START && outline[j + 7] === OUTLINE_DEPTH && outline[j + 11]! - s <= PIECE) j += 6;
    const e = outline[j + 5]!;
    k = j + 6;
    if (e - s > PIECE) return void arr.push(whole(s, e)); // one element, too big to copy
    scratch[0] = 0x5b;
    buf.copy(scratch, 1, s, e);
    scratch[e - s + 1] = 0x5d;
    for (const v of JSON.parse(scratch.toString(encoding, 0, e - s + 2)) as Json[]) arr.push(v);
  };
  return container(0, 1);
}

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

/** For tests: whether the fast path vouches for a text, and whether the exact scanner accepts it. */
export const canonicalChecks = {
  fast(text: string): boolean {
    try {
      JSON.parse(text); // the byte scan's contract: it vouches only for text JSON.parse accepts
    } catch {
      return false;
    }
    return isCanonicalBytes(encoder.encode(text));
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
