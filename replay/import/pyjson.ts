import { readString, skipWhitespace, type Json } from '../format/json.ts';
import { DocketError, EXIT, usageError } from '../errors.ts';

/**
 * JSON as Python's `json` module reads and writes it, for logs other frameworks wrote
 * (docs/import.md, docs/design.md §17). Python accepts what docket's strict JSON refuses: `NaN`,
 * `Infinity`, `-Infinity`, integers of any size, and duplicate member names (the last value wins,
 * at the first one's position). Values docket cannot hold as plain JSON get ONE lossless encoding,
 * so an imported value stays canonical JSON:
 *
 *   {"$float": "<text>"}  a float JSON cannot carry: NaN, Infinity, -Infinity, -0.0, or an
 *                         integral float beyond ±(2^53−1). <text> is what Python's json.dumps
 *                         writes for it ("NaN", "Infinity", "-0.0", "1e+300").
 *   {"$int": "<digits>"}  an integer beyond ±(2^53−1), in decimal ("-" for negatives).
 *   {"$obj": {...}}       a source object that would read as one of these: an object whose only
 *                         member is named "$float", "$int" or "$obj" (escaped, not decoded).
 *
 * With `floats: 'tagged'` every float (not only the ones above) is read as {"$float": repr}: the
 * form `pyDumps` needs to write `1.0` back as `1.0` (lm-eval's doc_hash is over Python's text).
 */
export type FloatMode = 'plain' | 'tagged';

export class PyJsonError extends DocketError {
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {
    super('EIMPORTJSON', `${reason} at character ${offset}`, { reason, offset }, EXIT.USAGE);
    this.name = 'PyJsonError';
  }
}

const RESERVED = new Set(['$float', '$int', '$obj']);
const NUMBER_RE = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/** Parse text as Python's json.loads does, encoding what JSON cannot hold (see above). */
export function parsePython(text: string, floats: FloatMode = 'plain'): Json {
  const p = new PyParser(text, floats);
  p.ws();
  const v = p.value(0);
  p.ws();
  if (p.i !== text.length) p.fail('data after the JSON value');
  return v;
}

/** Bytes to text as Python reads a log (UTF-8; a BOM is refused, as json.loads refuses it). */
export function decodeUtf8(bytes: Uint8Array, where: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw usageError('EIMPORTJSON', `${where}: not valid UTF-8`, { where });
  }
}

const MAX_DEPTH = 512;

class PyParser {
  i = 0;
  constructor(
    readonly s: string,
    readonly floats: FloatMode,
  ) {}
  fail(reason: string): never {
    throw new PyJsonError(reason, this.i);
  }
  ws() {
    this.i = skipWhitespace(this.s, this.i);
  }
  value(depth: number): Json {
    if (depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH}`);
    const c = this.s[this.i];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    if (this.s.startsWith('true', this.i)) return this.word(4, true);
    if (this.s.startsWith('false', this.i)) return this.word(5, false);
    if (this.s.startsWith('null', this.i)) return this.word(4, null);
    if (this.s.startsWith('NaN', this.i)) return this.word(3, { $float: 'NaN' });
    if (this.s.startsWith('Infinity', this.i)) return this.word(8, { $float: 'Infinity' });
    if (this.s.startsWith('-Infinity', this.i)) return this.word(9, { $float: '-Infinity' });
    return this.number();
  }
  word<T extends Json>(n: number, v: T): T {
    this.i += n;
    return v;
  }
  number(): Json {
    NUMBER_RE.lastIndex = this.i;
    const m = NUMBER_RE.exec(this.s);
    if (!m || m[0].length === 0) this.fail('unexpected character');
    this.i += m[0].length;
    const text = m[0];
    if (m[1] === undefined && m[2] === undefined) {
      const big = BigInt(text);
      if (big > BigInt(Number.MAX_SAFE_INTEGER) || big < -BigInt(Number.MAX_SAFE_INTEGER)) return { $int: big.toString() };
      return Number(text);
    }
    const x = Number(text); // Python's float(): correctly rounded, ±inf on overflow
    return this.floats === 'tagged' ? { $float: pyFloatRepr(x) } : encodeFloat(x);
  }
  string(): string {
    // Python keeps a lone surrogate from an escape; docket cannot hash one (§2): readString refuses it by name.
    const [out, next] = readString(this.s, this.i, (reason) => this.fail(reason));
    this.i = next;
    return out;
  }
  array(depth: number): Json[] {
    this.i++;
    const out: Json[] = [];
    this.ws();
    if (this.s[this.i] === ']') {
      this.i++;
      return out;
    }
    for (;;) {
      this.ws();
      out.push(this.value(depth + 1));
      this.ws();
      const c = this.s[this.i++];
      if (c === ']') return out;
      if (c !== ',') {
        this.i--;
        this.fail('expected , or ]');
      }
    }
  }
  object(depth: number): Json {
    this.i++;
    // A Map keeps the first position of a repeated name and takes its last value, as dict() does.
    const out = new Map<string, Json>();
    this.ws();
    if (this.s[this.i] === '}') {
      this.i++;
      return {};
    }
    for (;;) {
      this.ws();
      if (this.s[this.i] !== '"') this.fail('expected a string key');
      const k = this.string();
      this.ws();
      if (this.s[this.i++] !== ':') {
        this.i--;
        this.fail('expected :');
      }
      this.ws();
      out.set(k, this.value(depth + 1));
      this.ws();
      const c = this.s[this.i++];
      if (c === '}') break;
      if (c !== ',') {
        this.i--;
        this.fail('expected , or }');
      }
    }
    const obj: { [k: string]: Json } = {};
    for (const [k, v] of out) {
      if (k === '__proto__') Object.defineProperty(obj, k, { value: v, writable: true, enumerable: true, configurable: true });
      else obj[k] = v;
    }
    if (out.size === 1 && RESERVED.has(out.keys().next().value!)) return { $obj: obj };
    return obj;
  }
}

/** A float as docket holds it: a plain number where JSON can carry it exactly, else {"$float": repr}. */
export function encodeFloat(x: number): Json {
  if (!Number.isFinite(x) || Object.is(x, -0) || (Number.isInteger(x) && !Number.isSafeInteger(x))) return { $float: pyFloatRepr(x) };
  return x;
}

/** What Python's json.dumps writes for a float: repr(x), with NaN / Infinity / -Infinity. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  // toExponential() with no argument gives the shortest digits that round-trip, as repr does.
  const [mant, expText] = x.toExponential().split('e') as [string, string];
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  const exp = Number(expText);
  const sign = neg ? '-' : '';
  // repr switches to exponent form when the decimal point would be left of 4 zeros or past 16 digits.
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp).toString().padStart(2, '0');
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
  const frac = digits.slice(exp + 1);
  return `${sign}${intPart}.${frac || '0'}`;
}

/** The number an encoded value stands for (NaN, ±Infinity, big values rounded), or null if it is not a number. */
export function numberOf(v: Json | undefined): number | null {
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const keys = Object.keys(v);
    if (keys.length === 1 && typeof v.$float === 'string') return v.$float === 'NaN' ? NaN : Number(v.$float);
    if (keys.length === 1 && typeof v.$int === 'string') return Number(v.$int);
  }
  return null;
}

/**
 * Python's json.dumps(value, indent=2, ensure_ascii=False) for a value read with floats 'tagged'
 * (every plain number there is an int). Keys keep their order, as Python's dict does.
 */
export function pyDumps(v: Json, indent = 2): string {
  return dump(v, indent, 0);
}

function dump(v: Json, indent: number, level: number): string {
  if (v === null) return 'null';
  if (v === true) return 'true';
  if (v === false) return 'false';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return pyString(v);
  const pad = (n: number) => '\n' + ' '.repeat(indent * n);
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return '[' + v.map((x) => pad(level + 1) + dump(x, indent, level + 1)).join(',') + pad(level) + ']';
  }
  const keys = Object.keys(v);
  if (keys.length === 1) {
    if (keys[0] === '$float' && typeof v.$float === 'string') return v.$float;
    if (keys[0] === '$int' && typeof v.$int === 'string') return v.$int;
    if (keys[0] === '$obj' && v.$obj && typeof v.$obj === 'object' && !Array.isArray(v.$obj)) return dumpObject(v.$obj, indent, level);
  }
  return dumpObject(v, indent, level);
}

function dumpObject(v: { [k: string]: Json }, indent: number, level: number): string {
  const keys = Object.keys(v);
  if (keys.length === 0) return '{}';
  const pad = (n: number) => '\n' + ' '.repeat(indent * n);
  return '{' + keys.map((k) => pad(level + 1) + pyString(k) + ': ' + dump(v[k]!, indent, level + 1)).join(',') + pad(level) + '}';
}

const SHORT: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/** A string as json.dumps(ensure_ascii=False) writes it: only ", \ and control characters escaped. */
export function pyString(s: string): string {
  // eslint-disable-next-line no-control-regex
  return '"' + s.replace(/[\u0000-\u001f"\\]/g, (c) => SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '"';
}
