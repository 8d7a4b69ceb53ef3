import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocketError } from '../errors.ts';
import { canonicalBytes } from '../format/json.ts';
import { decodeRedaction, listRedactions, redactionDate, redactionRel, writeRedaction, type RedactionRecord } from './redaction.ts';
import { Store } from './store.ts';

/** The redaction record (docs/design.md §23): its checks, its date, and what the store does with a redacted digest. */
const dirs: string[] = [];
const scratch = () => {
  const d = mkdtempSync(join(tmpdir(), 'docket-redaction-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof DocketError) return e.code;
    throw e;
  }
  return null;
};

function record(digest: string, over: Partial<RedactionRecord> = {}): RedactionRecord {
  return {
    kind: 'redaction',
    schemaVersion: 1,
    digest: digest as RedactionRecord['digest'],
    size: 10,
    objectKind: 'attachment',
    reason: 'rotated',
    redactedAt: '2027-01-15T08:00:00Z',
    rules: ['openrouter-key'],
    ...over,
  };
}

describe('a redaction record', () => {
  const d = `sha256:${'ab'.repeat(32)}`;
  it('reads back exactly as written; anything else is EREDACTION', () => {
    const bytes = canonicalBytes(record(d));
    expect(decodeRedaction(bytes, d as never, 'x')).toEqual(record(d));
    expect(code(() => decodeRedaction(bytes, `sha256:${'cd'.repeat(32)}` as never, 'x'))).toBe('EREDACTION'); // not its name
    expect(code(() => decodeRedaction(Buffer.from(JSON.stringify(record(d), null, 1)), d as never, 'x'))).toBe('EREDACTION'); // not canonical
    expect(code(() => decodeRedaction(canonicalBytes({ ...record(d), extra: 1 }), d as never, 'x'))).toBe('EREDACTION');
    expect(code(() => decodeRedaction(canonicalBytes(record(d, { rules: ['b-rule', 'a-rule'] })), d as never, 'x'))).toBe('EREDACTION'); // unsorted
    expect(code(() => decodeRedaction(canonicalBytes(record(d, { redactedAt: '2027-01-15' })), d as never, 'x'))).toBe('EREDACTION');
    expect(code(() => decodeRedaction(Buffer.alloc(0), d as never, 'x'))).toBe('EREDACTION');
  });

  it('is dated by SOURCE_DATE_EPOCH when set, to the second', () => {
    expect(redactionDate({ SOURCE_DATE_EPOCH: '1800000000' })).toBe('2027-01-15T08:00:00Z');
    expect(redactionDate({})).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('is written once, never over another', () => {
    const dir = scratch();
    expect(writeRedaction(dir, record(d))).toBe(true);
    expect(writeRedaction(dir, record(d, { reason: 'again' }))).toBe(false);
    expect(JSON.parse(readFileSync(join(dir, redactionRel(d as never)), 'utf8')).reason).toBe('rotated');
    expect(listRedactions(dir).records.map((r) => r.digest)).toEqual([d]);
  });
});

describe('the store and a redacted digest', () => {
  it('reads are EREDACTED, the bytes are never stored again, and the digest stays a Merkle leaf', () => {
    const dir = scratch();
    const store = new Store(dir);
    const desc = store.put({ kind: 'attachment', schemaVersion: 1, mediaType: 'text/plain', body: 'x' });
    const bytes = readFileSync(store.objectPath(desc.digest));
    writeRedaction(dir, record(desc.digest, { size: bytes.length }));
    rmSync(store.objectPath(desc.digest));
    expect(code(() => store.get(desc.digest))).toBe('EREDACTED');
    expect(code(() => store.putBytes(bytes, desc.digest))).toBe('EREDACTED');
    expect(existsSync(store.objectPath(desc.digest))).toBe(false);
    expect(store.leaves()).toEqual([desc.digest]);
    const other = `sha256:${'0'.repeat(64)}`;
    expect(code(() => store.get(other as never))).toBe('EMISSING');
    writeFileSync(join(dir, redactionRel(desc.digest)), '{}');
    expect(code(() => store.get(desc.digest))).toBe('EREDACTION');
  });
});
