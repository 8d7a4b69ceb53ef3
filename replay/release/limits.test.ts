import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteLength, collisionKey, LIMITS, unsafePath } from './limits.ts';

// The rules as first written, without the ASCII shortcuts: the shortcuts must never change a verdict.
const utf8 = new TextEncoder();
const slowKey = (p: string) => p.normalize('NFKC').toLowerCase().normalize('NFKC');
const slowNfc = (p: string) => p.normalize('NFC') !== p;

const paths = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }), // lone surrogates included
  fc.constantFrom('A/B.txt', 'ﬁle', 'Å', 'Å', 'K', 'decision-verification/Ⅻ.md', 'x\u0301'),
);

describe('release path rules', () => {
  it('the ASCII shortcuts give the same collision keys, byte lengths and verdicts as the full rules', () => {
    fc.assert(
      fc.property(paths, (p) => {
        expect(collisionKey(p)).toBe(slowKey(p));
        expect(byteLength(p)).toBe(utf8.encode(p).length);
        const why = unsafePath(p, LIMITS);
        if (why?.reason === 'not in Unicode NFC form') expect(slowNfc(p)).toBe(true);
        else if (why === null) expect(slowNfc(p)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('still refuses non-NFC names and finds Unicode collisions', () => {
    expect(unsafePath('decision-verification/e\u0301')?.reason).toBe('not in Unicode NFC form');
    expect(collisionKey('decision-verification/K')).toBe(collisionKey('decision-verification/k')); // Kelvin sign
    expect(collisionKey('ABC/Readme.MD')).toBe('abc/readme.md');
  });
});
