import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DIGEST_PATTERN, isDigest, matchesDigestPattern, sha256 } from './digest.ts';
import type { Json } from './json.ts';
import { validateBundle } from './schemas.ts';
import { Store } from '../store/store.ts';
import { REPO } from '../../cli/dev/testkit/core.ts';

const REFERENCE = new RegExp(DIGEST_PATTERN);
const good = sha256('docket');

describe('matchesDigestPattern', () => {
  it('decides exactly as the pattern does', () => {
    // Valid digests with one character replaced, cut, or extended; and arbitrary strings.
    const near = fc.tuple(fc.nat(72), fc.string({ unit: 'binary', minLength: 0, maxLength: 2 }), fc.boolean()).map(([at, ins, cut]) => {
      const i = Math.min(at, good.length);
      return good.slice(0, i) + ins + good.slice(cut ? i + 1 : i);
    });
    fc.assert(
      fc.property(
        fc.oneof(near, fc.string({ unit: 'binary' }), fc.constantFrom(good, good.toUpperCase(), `sha256:${'g'.repeat(64)}`, `SHA256:${good.slice(7)}`, good.slice(0, 70), `${good}0`, '')),
        (s) => {
          expect(matchesDigestPattern(s)).toBe(REFERENCE.test(s));
        },
      ),
      { numRuns: 3000 },
    );
    for (const c of ['/', ':', '`', 'g', 'A', 'F', '\u0130', '\u{1F600}']) expect(matchesDigestPattern(good.slice(0, 70) + c), c).toBe(REFERENCE.test(good.slice(0, 70) + c));
    expect(isDigest(good)).toBe(true);
    expect(isDigest(7)).toBe(false);
  });

  it('is what the schemas use for the digest pattern, and the other patterns still apply', () => {
    const store = new Store(join(REPO, 'evidence'));
    const grade = store
      .list()
      .objects.map((o) => store.get(o.digest).value)
      .find((v) => (v as { kind?: string }).kind === 'grade') as Record<string, unknown>;
    expect(grade).toBeDefined();
    const errorsOf = (v: unknown) => {
      const r = validateBundle(v as Json);
      return r.ok ? [] : r.errors;
    };
    expect(errorsOf(grade)).toEqual([]);
    expect(errorsOf({ ...grade, run: String(grade.run).toUpperCase().replace('SHA256:', 'sha256:') }).join(' ')).toMatch(/\/run .*pattern/);
    expect(errorsOf({ ...grade, run: `${String(grade.run)}0` }).join(' ')).toMatch(/\/run .*pattern/);
    expect(errorsOf({ ...grade, runId: 'Not An Id' }).join(' ')).toMatch(/\/runId .*pattern/); // a RegExp pattern
  });
});
