import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Archive } from '../index/archive.ts';
import { encodeBundle } from '../format/bundle.ts';
import { Index } from './sqlindex.ts';
import { INDEX_SCHEMA } from '../index/schema.ts';
import { Store } from './store.ts';
import { tempDir } from '../../cli/dev/testkit/core.ts';

const doc = (n: number) => ({ kind: 'attachment', schemaVersion: 1, mediaType: 'application/json', body: { n } });

describe('Store', () => {
  it('stores objects at a path derived from the digest and the format version', () => {
    const s = new Store(tempDir());
    const d = s.put(doc(1));
    const hex = d.digest.slice(7);
    expect(s.objectPath(d.digest)).toBe(join(s.dir, 'objects', 'v1', 'sha256', hex.slice(0, 2), `${hex.slice(2)}.json.gz`));
    expect(s.get(d.digest).value).toEqual(doc(1));
    expect(s.list().objects.map((o) => o.digest)).toEqual([d.digest]);
  });
  it('leaves no temp files and deduplicates identical writes', () => {
    const s = new Store(tempDir());
    const a = s.put(doc(2));
    const again = encodeBundle(doc(2));
    expect(s.putBytes(again.bytes)).toBe(false);
    expect(a.digest).toBe(again.descriptor.digest);
    const l = s.list();
    expect(l.temps).toEqual([]);
    expect(l.objects).toHaveLength(1);
  });
  it('never overwrites an existing object, and re-hashes it instead of trusting it', () => {
    const s = new Store(tempDir());
    const d = s.put(doc(3));
    const path = s.objectPath(d.digest);
    writeFileSync(path, 'corrupted');
    expect(() => s.putBytes(encodeBundle(doc(3)).bytes)).toThrow(/not overwritten/);
    expect(readFileSync(path, 'utf8')).toBe('corrupted');
  });
  it('refuses path-like or malformed digests before building a path', () => {
    const s = new Store(tempDir());
    expect(() => s.objectPath('sha256:../../etc/passwd' as never)).toThrow(/not a digest/);
  });
  it('refs hold one digest line and are validated on read', () => {
    const s = new Store(tempDir());
    const d = s.put(doc(4));
    s.writeRef('runs/r1', d.digest);
    expect(readFileSync(join(s.dir, 'refs', 'runs', 'r1'), 'utf8')).toBe(`${d.digest}\n`);
    expect(s.readRef('runs/r1')).toBe(d.digest);
    expect(() => s.writeRef('../x', d.digest)).toThrow(/bad ref name/);
    writeFileSync(join(s.dir, 'refs', 'runs', 'r1'), 'garbage\n');
    expect(() => s.readRef('runs/r1')).toThrow(/not a digest/);
  });
});

describe('Index', () => {
  it('is a cache: a rebuild from the bundles alone answers the same queries', () => {
    const dir = tempDir();
    const a = new Archive(dir);
    const ds = [1, 2, 3].map((n) => a.put(doc(n)));
    a.setRef('bank/current', ds[0]!.digest);
    const before = { objects: a.index().objects(), refs: a.index().refs() };
    a.close();
    for (const f of readdirSync(dir)) if (f.startsWith('index.sqlite')) writeFileSync(join(dir, f), 'trash');
    const b = new Archive(dir);
    const idx = b.rebuildIndex();
    expect({ objects: idx.objects(), refs: idx.refs() }).toEqual(before);
    expect(before.objects).toHaveLength(3);
    b.close();
  });
  it('refuses an index from another schema version', () => {
    const dir = tempDir();
    const a = new Archive(dir);
    a.put(doc(1));
    a.index().db.prepare("UPDATE meta SET value = '99' WHERE key = 'schemaVersion'").run();
    a.close();
    expect(() => Index.openReadOnly(dir, INDEX_SCHEMA)).toThrow(/index rebuild/);
    expect(existsSync(join(dir, 'index.sqlite'))).toBe(true);
  });
});
