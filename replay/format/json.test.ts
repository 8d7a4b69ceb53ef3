import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalChecks, canonicalText, JsonError, parseCanonical, parseStrict } from './json.ts';
import { useAccelerator } from '../accel/strict-wasm.ts';

const enc = (s: string) => new TextEncoder().encode(s);

/** Random JSON values: null, booleans, the given leaves, and arrays and objects of them (keys from `key`). */
const jsonValue = (leaves: fc.Arbitrary<unknown>[], key: fc.Arbitrary<string>) =>
  fc.letrec((tie) => ({
    v: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.boolean(), ...leaves, fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(key, tie('v'), { maxKeys: 4 })),
  })).v;

describe('parseStrict', () => {
  it('parses ordinary JSON like JSON.parse', () => {
    const text = '{"a":[1,-2.5e3,true,false,null,"x\\u00e9\\n"],"b":{}}';
    expect(parseStrict(text)).toEqual(JSON.parse(text));
  });
  it.each([
    ['duplicate key', '{"a":1,"a":2}', 'duplicate key'],
    ['nested duplicate key', '{"x":{"k":1,"k":1}}', 'duplicate key'],
    ['escaped lone high surrogate', '"\\ud800"', 'lone surrogate'],
    ['escaped lone low surrogate', '["\\udc00x"]', 'lone surrogate'],
    ['integer beyond 2^53', '9007199254740993', 'integer beyond'],
    ['negative integer beyond 2^53', '-9007199254740993', 'integer beyond'],
    ['overflow to Infinity', '1e400', 'out of range'],
    ['NaN literal', 'NaN', 'unexpected token'],
    ['trailing comma', '[1,]', 'unexpected token'],
    ['data after the value', '{} {}', 'data after'],
    ['leading zero', '01', 'data after'],
    ['control character', '"a\u0001"', 'control character'],
    ['single quotes', "{'a':1}", 'expected a string key'],
    ['unterminated', '{"a":1', 'expected , or }'],
  ])('rejects %s', (_name, text, reason) => {
    expect(() => parseStrict(text)).toThrowError(reason);
  });
  it('rejects a byte order mark and invalid UTF-8', () => {
    expect(() => parseStrict('\ufeff{}')).toThrow('byte order mark');
    expect(() => parseStrict(Uint8Array.of(0x22, 0xff, 0x22))).toThrow('invalid UTF-8');
  });
  it('accepts a well-formed surrogate pair and the largest safe integer', () => {
    expect(parseStrict('"\\ud83d\\ude00"')).toBe('😀');
    expect(parseStrict('9007199254740991')).toBe(9007199254740991);
  });
  it('reports the byte offset of a duplicate key', () => {
    try {
      parseStrict('{"a":1,"a":2}');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(JsonError);
      expect((e as JsonError).offset).toBe(7);
    }
  });
});

describe('canonicalText (RFC 8785)', () => {
  it('sorts keys by UTF-16 code units and serializes numbers the ECMAScript way', () => {
    // RFC 8785 §3.2.3 sorting example, reduced: "\u20ac" (U+20AC) sorts before "\ud83d\ude00" (U+1F600) in UTF-16.
    expect(canonicalText({ '😀': 1, '€': 2, a: 3, B: 4 })).toBe('{"B":4,"a":3,"€":2,"😀":1}');
    expect(canonicalText([1e-7, 0.1 + 0.2, -0, 100, 5e-324, 123.456])).toBe('[1e-7,0.30000000000000004,0,100,5e-324,123.456]');
    expect(canonicalText({ s: 'a"\\\n\u001f' })).toBe('{"s":"a\\"\\\\\\n\\u001f"}');
  });
  it('refuses values with no strict JSON form', () => {
    expect(() => canonicalText({ a: Number.NaN })).toThrow('non-finite');
    expect(() => canonicalText({ a: 2 ** 60 })).toThrow('integer beyond');
    expect(() => canonicalText({ a: '\ud800' })).toThrow('lone surrogate');
    expect(() => canonicalText({ a: new Date(0) })).toThrow('not a plain object');
  });
});

describe('parseCanonical', () => {
  it('accepts exactly the canonical bytes', () => {
    expect(parseCanonical(enc('{"a":[1,"x"],"b":null}'))).toEqual({ a: [1, 'x'], b: null });
  });
  it.each([
    ['spacing', '{"a": 1}'],
    ['key order', '{"b":1,"a":2}'],
    ['duplicate key', '{"a":1,"a":1}'],
    ['number form', '{"a":1.0}'],
    ['needless escape', '{"a":"\\u0041"}'],
  ])('rejects non-canonical %s', (_n, text) => {
    expect(() => parseCanonical(enc(text))).toThrow(JsonError);
  });
  it('names a duplicate key when that is the reason', () => {
    expect(() => parseCanonical(enc('{"a":1,"a":1}'))).toThrow('duplicate key');
  });
});

describe("the accelerator's canonical proof is sound (differential against the exact scanner)", () => {
  const value = jsonValue(
    [
      fc.integer({ min: -1e6, max: 1e6 }),
      fc.constantFrom(0.5, 1e-7, 1e11, 123.456, -2.5e-9, 100, 4.35),
      fc.string({ unit: fc.constantFrom('a', 'b', 'Z', '1', '"', '\\', '/', '\n', '\u0001', '\u001f', '\u007f', 'é', '😀', '\ue000', ' ', 'e', '.') }),
      fc.string({ unit: fc.constantFrom('a', 'b', 'Z', '1', '"', '\\', '/', '\n', '\u0001', 'é', '😀', ' '), minLength: 30, maxLength: 90 }),
    ],
    fc.string({ unit: fc.constantFrom('a', 'b', 'B', '_', '0', '9', 'é', '"', '\ue000', '😀', '\uffff'), maxLength: 3 }),
  );
  const mutations: ((t: string) => string)[] = [
    (t) => t,
    (t) => t.replace(':', ': '),
    (t) => t.replace(',', ' ,'),
    (t) => t.replace(/"a"/, '"\\u0061"'),
    (t) => t.replace('/', '\\/'),
    (t) => t.replace(/(\d+)(?![\d.e])/, '$1.0'),
    (t) => t.replace(/\b100\b/, '1e2'),
    (t) => t.replace(/\b4.35\b/, '435E-2'),
    (t) => t.replace(/^\{"([^"]*)":([^,}]*)/, '{"$1":$2,"$1":$2'),
    (t) => t.replace(/\{"([^"]+)":(\d+),"([^"]+)":(\d+)/, '{"$3":$4,"$1":$2'),
    (t) => `${t} `,
    (t) => t.replace(/([:,[])0(?=[,\]}])/, '$1-0'),
    (t) => t.replace(/\\u001f/, '\\u001F'),
    (t) => t.replace(/([:,[])(\d+)(?=[,\]}])/, '$1$2000000000000000'),
    (t) => t.replace(/\\n/, '\\u000a'),
    (t) => t.replace(/é/, '\\u00e9'),
    (t) => t.replace(/\\n/, '\n'), // a raw control character, maybe deep inside a long string
    (t) => t.replace(/(.{40})\\u0001/, '$1\u0001'),
  ];
  it('never accepts a text the exact scanner rejects, and accepts plain canonical texts', () => {
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: mutations.length - 1 }), (v, m) => {
        const text = mutations[m]!(canonicalText(v));
        if (canonicalChecks.fast(text)) expect(canonicalChecks.exact(text)).toBe(true);
        // parseCanonical agrees with the exact scanner either way (fast path or fallback).
        let accepted = true;
        try {
          parseCanonical(new TextEncoder().encode(text));
        } catch {
          accepted = false;
        }
        expect(accepted).toBe(canonicalChecks.exact(text));
      }),
      { numRuns: 3000 },
    );
  });
  it('catches the same-length number forms and dropped duplicates', () => {
    expect(canonicalChecks.fast('{"a":1e2}')).toBe(false);
    expect(canonicalChecks.fast('{"a":100}')).toBe(true);
    expect(canonicalChecks.fast('{"a":1,"a":1}')).toBe(false);
    expect(canonicalChecks.fast('{"b":1,"1":2}')).toBe(false);
    expect(canonicalChecks.fast('{"1":2,"b":1}')).toBe(true); // JSON.stringify would list "1" first either way
    expect(canonicalChecks.fast('[-0]')).toBe(false);
    expect(canonicalChecks.fast('[123456789012345,-123456789012345]')).toBe(true);
    expect(canonicalChecks.fast('[1234567890123456]')).toBe(true); // 16 digits, still safe: printed back
    expect(canonicalChecks.fast('[12345678901234567]')).toBe(false); // beyond 2^53
    expect(canonicalChecks.fast(`[1${'0'.repeat(400)}]`)).toBe(false);
  });
  it('vouches for every canonical text whose keys are plain (so the fast path is really taken)', () => {
    const plain = jsonValue(
      [fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d) || Number.isSafeInteger(d)), fc.integer(), fc.string({ unit: 'grapheme' })],
      fc.string({ unit: fc.constantFrom('a', 'b', 'B', '_', '0', '9', 'é', '"', 'ж', '\u0001'), maxLength: 3 }),
    );
    fc.assert(
      fc.property(plain, (v) => {
        const text = canonicalText(v);
        expect(canonicalChecks.fast(text)).toBe(!/\\/.test(text.match(/"(?:[^"\\]|\\.)*":/g)?.join('') ?? ''));
      }),
      { numRuns: 2000 },
    );
  });
  it('decides decimal tokens exactly as the ECMAScript round trip does', () => {
    const digits = (min: number, max: number) => fc.integer({ min, max }).chain((n) => fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), minLength: n, maxLength: n }));
    const token = fc.tuple(
      fc.boolean(),
      fc.oneof(
        fc.constant('0'),
        fc.tuple(fc.constantFrom('1', '4', '9'), digits(0, 17)).map(([a, b]) => a + b),
      ),
      digits(1, 22),
    );
    fc.assert(
      fc.property(token, ([neg, int, frac]) => {
        const t = `${neg ? '-' : ''}${int}.${frac}`;
        expect(canonicalChecks.fast(`[${t}]`)).toBe(String(Number(t)) === t);
      }),
      { numRuns: 5000 },
    );
    for (const t of ['0.000001', '0.0000001', '123456789012345.5', '1.5', '1.50', '0.1', '-0.000114', '9007199254740993.5', '0.10000000000000001', '0.30000000000000004']) {
      expect(canonicalChecks.fast(`[${t}]`)).toBe(String(Number(t)) === t);
    }
  });
  it('checks escapes and raw control characters deep inside long strings', () => {
    const long = 'x'.repeat(100);
    expect(canonicalChecks.fast(`["${long}\\n${long}\\u0001${long}"]`)).toBe(true);
    expect(canonicalChecks.fast(`["${long}\u0001${long}"]`)).toBe(false);
    expect(canonicalChecks.fast(`["${long}\n"]`)).toBe(false);
    expect(canonicalChecks.fast(`["${long}\\/${long}"]`)).toBe(false);
    expect(canonicalChecks.fast(`["${long}\\u0041${long}"]`)).toBe(false);
    expect(canonicalChecks.fast(`["${long}\\u001F"]`)).toBe(false);
    expect(() => parseCanonical(enc(`["${long}\u0001${long}"]`))).toThrow(JsonError);
    expect(() => parseCanonical(enc(`["${long}\n"]`))).toThrow(JsonError);
  });
  it('surrogate-pair and private-use keys go to the exact scanner, which orders them by UTF-16 units', () => {
    const t = '{"\ud83d\ude00":1,"\ue000":2}'; // U+1F600 sorts before U+E000 in UTF-16
    expect(canonicalChecks.fast(t)).toBe(false);
    expect(canonicalChecks.exact(t)).toBe(true);
    expect(parseCanonical(enc(t))).toEqual({ '\u{1F600}': 1, '\ue000': 2 });
    // The other order ascends by UTF-8 bytes but not by UTF-16 units: not canonical, and the fast
    // scan must not vouch for it on the bytes' order.
    const wrong = '{"\ue000":2,"\ud83d\ude00":1}';
    expect(canonicalChecks.fast(wrong)).toBe(false);
    expect(canonicalChecks.exact(wrong)).toBe(false);
    expect(() => parseCanonical(enc(wrong))).toThrow(JsonError);
  });
});

describe('parseCanonical of containers over 128 KiB (parsed in pieces)', () => {
  const small = jsonValue(
    [fc.integer(), fc.constantFrom(0.5, 1e-7, 123.456), fc.string({ unit: fc.constantFrom('a', 'é', '😀', '"', '\\', '\n', '\u0001') })],
    fc.constantFrom('a', 'b', '__proto__', '1', '10', 'é'),
  );
  /** A big value around `v`: big and small members at depth 1 and 2, a big string leaf, a "__proto__" member. */
  const big = (v: unknown, n: number, wide: boolean) => {
    const o: Record<string, unknown> = {
      list: Array.from({ length: n }, (_, i) => ({ i, v })),
      nested: { inner: Array.from({ length: n }, () => v), tail: v, wide: wide ? Array.from({ length: n * 4 }, (_, i) => [i, v]) : [] },
      text: 'x'.repeat(wide ? 140_000 : 10),
      mixed: [v, { big: 'y'.repeat(wide ? 70_000 : 5) }, v, v], // an element over 64 KiB between small ones
      empty: {},
      none: [],
    };
    Object.defineProperty(o, '__proto__', { value: { v }, enumerable: true, writable: true, configurable: true });
    return o;
  };
  const same = (a: unknown, b: unknown) => {
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(Object.getPrototypeOf(a)).toBe(Object.getPrototypeOf(b));
    expect(Object.getOwnPropertyNames(a)).toEqual(Object.getOwnPropertyNames(b));
  };
  it('gives exactly what JSON.parse gives, own "__proto__" members and key order included', () => {
    fc.assert(
      fc.property(small, fc.integer({ min: 200, max: 2500 }), fc.boolean(), (v, n, wide) => {
        const text = canonicalText(big(v, n, wide));
        fc.pre(text.length > 128 * 1024 && Buffer.byteLength(text) < 1_000_000);
        const parsed = parseCanonical(enc(text)) as Record<string, unknown>;
        const reference = JSON.parse(text) as Record<string, unknown>;
        same(parsed, reference);
        same(parsed.nested, reference.nested);
        same(parsed['__proto__'], reference['__proto__']);
      }),
      { numRuns: 40 },
    );
  });
  it('and above 1 MB (run segments): the same value as JSON.parse, ASCII or not', () => {
    for (const v of ['x', 'é😀', { __proto__: 1, a: [1, 'b'] }]) {
      const text = canonicalText(big(v, 15000, true));
      expect(Buffer.byteLength(text)).toBeGreaterThan(1_100_000);
      const parsed = parseCanonical(enc(text)) as Record<string, unknown>;
      const reference = JSON.parse(text) as Record<string, unknown>;
      same(parsed, reference);
      same(parsed['__proto__'], reference['__proto__']);
    }
  });
  it("is the reference's value, text after text (each read along its own table of containers)", () => {
    const a = canonicalText(big('a', 3000, false));
    const b = canonicalText(big('bb', 2500, true));
    for (const t of [a, b, a]) {
      const fast = parseCanonical(enc(t));
      useAccelerator(false);
      try {
        same(parseCanonical(enc(t)), fast);
      } finally {
        useAccelerator(true);
      }
      same(fast, JSON.parse(t));
    }
  });
  it('still rejects what the exact scanner rejects at that size', () => {
    const text = canonicalText(big('x', 2000, true));
    expect(() => parseCanonical(enc(text.replace('"i":5,', '"i":5 ,')))).toThrow(JsonError);
    expect(() => parseCanonical(enc(text.replace('"i":5,', '"i":5.0,')))).toThrow(JsonError);
    expect(() => parseCanonical(enc(`${text} `))).toThrow(JsonError);
  });
});

describe('parseCanonical on large ASCII texts (decoded padded, past the external-string size)', () => {
  const big = (n: number, tag: string) => canonicalText({ items: Array.from({ length: n }, (_, i) => ({ i, tag, text: 'x'.repeat(40) })) });
  it('gives the value JSON.parse gives, call after call, with no bytes left over from a longer text', () => {
    const a = big(4000, 'a'); // ~280 KB
    const b = big(2500, 'b'); // shorter: must not see a's tail
    expect(a.length).toBeGreaterThan(128 * 1024);
    expect(parseCanonical(enc(a))).toEqual(JSON.parse(a));
    expect(parseCanonical(enc(b))).toEqual(JSON.parse(b));
    expect(parseCanonical(enc(a))).toEqual(JSON.parse(a));
  });
  it('still rejects trailing whitespace and junk in the real bytes', () => {
    const a = big(3000, 'c');
    expect(() => parseCanonical(enc(`${a} `))).toThrow('data after the value');
    expect(() => parseCanonical(enc(`${a}x`))).toThrow(JsonError);
    expect(() => parseCanonical(enc(a.replace('"i":7,', '"i":7 ,')))).toThrow(JsonError);
  });
});
