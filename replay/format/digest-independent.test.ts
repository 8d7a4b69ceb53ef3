import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPO, tempDir } from '../../cli/dev/testkit/core.ts';
import { checkSizeAndDigest } from '../accel/check-size-digest.ts';
import { sha256, sha256Stream } from './digest.ts';

/**
 * docket's digests come from node:crypto (the fast path). @noble/hashes is a second, independent
 * SHA-256 (audited pure JavaScript, no OpenSSL): every digest path of docket must agree with it, on
 * generated inputs and on every object of the shipped archive, whose file name is its digest.
 */
const independent = (bytes: Uint8Array) => `sha256:${bytesToHex(nobleSha256(bytes))}`;

describe('SHA-256 against an independent implementation (@noble/hashes)', () => {
  it('sha256() and sha256Stream() in any chunking, on inputs around the block and padding boundaries', () => {
    const sizes = fc.oneof(fc.constantFrom(0, 1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 129), fc.nat(4096));
    fc.assert(
      fc.property(
        sizes.chain((n) => fc.tuple(fc.uint8Array({ minLength: n, maxLength: n }), fc.array(fc.nat(n), { maxLength: 5 }))),
        ([bytes, cuts]) => {
          const want = independent(bytes);
          expect(sha256(bytes)).toBe(want);
          const s = sha256Stream();
          let at = 0;
          for (const c of [...cuts].sort((a, b) => a - b)) {
            s.update(bytes.subarray(at, c));
            at = Math.max(at, c);
          }
          s.update(bytes.subarray(at));
          expect(s.digest()).toBe(want);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('strings are hashed as their UTF-8 bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(sha256(s)).toBe(independent(new TextEncoder().encode(s)));
      }),
      { numRuns: 200 },
    );
  });

  it('verify’s file path (check-size-digest), one-shot and streamed past its 1 MiB buffer', () => {
    const dir = tempDir('docket-digest-');
    for (const size of [1, 1 << 20, (1 << 20) + 1, 3 * (1 << 20) + 17]) {
      const bytes = new Uint8Array(size).map((_, i) => (i * 7 + size) & 0xff);
      const file = join(dir, `f${size}`);
      writeFileSync(file, bytes);
      const want = independent(bytes) as `sha256:${string}`;
      expect(checkSizeAndDigest(file, `f${size}`, want, true, size, 1 << 30).result.failure).toBeUndefined();
      expect(checkSizeAndDigest(file, `f${size}`, sha256('other'), true, size, 1 << 30).result.failure?.code).toBe('EDIGEST');
    }
  });

  it('every object of the shipped archive is named by the SHA-256 of its bytes', () => {
    const objects = join(REPO, 'evidence', 'objects', 'v1', 'sha256');
    let n = 0;
    for (const fan of readdirSync(objects)) {
      for (const name of readdirSync(join(objects, fan))) {
        expect(independent(readFileSync(join(objects, fan, name)))).toBe(`sha256:${fan}${name.replace(/\.json\.gz$/, '')}`);
        n++;
      }
    }
    expect(n).toBeGreaterThan(100);
  });
});
