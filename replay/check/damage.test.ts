import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BundleError } from '../format/bundle.ts';
import { DocketError, EXIT } from '../errors.ts';
import { Store } from '../store/store.ts';
import { tempDir } from '../../cli/dev/testkit/core.ts';

/** The shared read path: whatever command reads a bundle, damage reaches it as a coded finding. */
describe('Store.get on damaged input', () => {
  const store = new Store(tempDir());
  const d = store.put({ kind: 'attachment', schemaVersion: 1, mediaType: 'application/json', body: { n: 1 } }).digest;
  const path = store.objectPath(d);
  const good = readFileSync(path);

  it('a flipped bit is EDIGEST, a finding (exit 1) naming the digest and the archive-relative path', () => {
    const bad = Buffer.from(good);
    bad[bad.length - 3]! ^= 0x10;
    writeFileSync(path, bad);
    try {
      store.get(d);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(BundleError);
      expect(e).toBeInstanceOf(DocketError);
      const err = e as DocketError;
      expect(err.exitCode).toBe(EXIT.FINDINGS);
      expect(err.code).toBe('EDIGEST');
      expect(err.data).toMatchObject({ digest: d, path: expect.stringMatching(/^objects\/v1\/sha256\/[0-9a-f]{2}\/[0-9a-f]{62}\.json\.gz$/), stage: 'EDIGEST' });
      expect(err.message).toContain(d);
    } finally {
      writeFileSync(path, good);
    }
  });

  it('a missing object is EMISSING, a finding naming where it should be', () => {
    unlinkSync(path);
    try {
      store.get(d);
      expect.unreachable();
    } catch (e) {
      expect((e as DocketError).code).toBe('EMISSING');
      expect((e as DocketError).exitCode).toBe(EXIT.FINDINGS);
      expect((e as DocketError).message).toContain(path.slice(-20));
    } finally {
      writeFileSync(path, good);
    }
  });
});
