import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBundle, encodeBundle, BundleError } from './bundle.ts';
import { isDigest, parseDigest, sha256 } from './digest.ts';
import { gzipCanonical } from './gzip.ts';

// Strict JSON values: no -0 (JCS writes it as 0), only safe integers, well-formed strings.
const strictJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0) && (!Number.isInteger(d) || Number.isSafeInteger(d))),
    fc.string({ unit: 'grapheme' }),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.string({ unit: 'grapheme', maxLength: 8 }), tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('bundles', () => {
  it('round-trip: random JSON → bundle → read gives the same value and digest', () => {
    fc.assert(
      fc.property(strictJson, (body) => {
        const value = { kind: 'attachment', schemaVersion: 1, mediaType: 'application/json', body };
        const a = encodeBundle(value);
        const d = decodeBundle(a.bytes, a.descriptor.digest);
        expect(d.value).toEqual(JSON.parse(JSON.stringify(value)));
        expect(d.descriptor).toEqual(a.descriptor);
        expect(encodeBundle(d.value).descriptor.digest).toBe(a.descriptor.digest); // same value → same bytes
      }),
      { numRuns: 300 },
    );
  });
  it('key order in the input does not change the digest', () => {
    const a = encodeBundle({ kind: 'attachment', schemaVersion: 1, mediaType: 'x', body: { b: 1, a: 2 } });
    const b = encodeBundle({ body: { a: 2, b: 1 }, mediaType: 'x', schemaVersion: 1, kind: 'attachment' });
    expect(a.descriptor.digest).toBe(b.descriptor.digest);
  });
  it('refuses to write schema-invalid or unknown-kind values', () => {
    expect(() => encodeBundle({ kind: 'attachment', schemaVersion: 1, body: 1 })).toThrow(/mediaType/);
    expect(() => encodeBundle({ kind: 'attachment', schemaVersion: 1, mediaType: 'x', body: 1, extra: true })).toThrow(/extra/);
    expect(() => encodeBundle({ kind: 'nope', schemaVersion: 1 })).toThrow(/unknown kind/);
  });
  it('reads by stages: digest, gzip, JSON, schema', () => {
    const stage = (bytes: Uint8Array, expected?: `sha256:${string}`) => {
      try {
        decodeBundle(bytes, expected);
        return 'ok';
      } catch (e) {
        return (e as BundleError).code;
      }
    };
    const good = encodeBundle({ kind: 'attachment', schemaVersion: 1, mediaType: 'x', body: [1] });
    expect(stage(good.bytes, good.descriptor.digest)).toBe('ok');
    expect(stage(good.bytes, sha256('other'))).toBe('EDIGEST');
    expect(stage(Buffer.from('not gzip at all, not at all'))).toBe('EGZIP');
    expect(stage(gzipCanonical(Buffer.from('{"kind":"attachment","kind":"x"}')))).toBe('EJSON');
    expect(stage(gzipCanonical(Buffer.from('{"body":1,"kind":"attachment","schemaVersion":2}')))).toBe('ESCHEMA');
  });
});

describe('digests', () => {
  it.each(['sha256:' + 'A'.repeat(64), 'sha256:' + 'a'.repeat(63), 'sha512:' + 'a'.repeat(64), 'sha256:../' + 'a'.repeat(61), 'a'.repeat(64), 42, null])('rejects %s', (v) => {
    expect(isDigest(v)).toBe(false);
    expect(() => parseDigest(v)).toThrow(/not a digest/);
  });
  it('accepts the one form', () => {
    expect(parseDigest(sha256('x'))).toBe(sha256('x'));
  });
});
