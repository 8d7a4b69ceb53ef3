import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../replay/format/digest.ts';
import { Store } from '../../replay/store/store.ts';
import { canaries } from '../dev/testkit/content.ts';
import { docket, tempDir, treeHashes } from '../dev/testkit/core.ts';

describe('docket put and docket index rebuild', () => {
  it('stores a JSON document as an attachment bundle and prints its descriptor', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'board.json'), '{"rows": [{"model": "x", "score": 71.3}]}');
    const r = docket(['--archive', 'evidence', 'put', 'board.json', '--json'], { cwd: dir });
    expect(r.status, r.stderr).toBe(0);
    expect(Object.keys(r.json).sort()).toEqual(['contentDigest', 'contentSize', 'digest', 'kind', 'ok', 'size']);
    expect(r.json.kind).toBe('attachment');
    const stored = new Store(join(dir, 'evidence'));
    const got = stored.get(r.json.digest);
    expect(got.value).toEqual({ kind: 'attachment', schemaVersion: 1, mediaType: 'application/json', name: 'board.json', body: { rows: [{ model: 'x', score: 71.3 }] } });
    expect(sha256(stored.getBytes(r.json.digest))).toBe(r.json.digest);
    // Same document again: same digest, nothing new written.
    const again = docket(['--archive', 'evidence', 'put', 'board.json', '--json'], { cwd: dir });
    expect(again.json.digest).toBe(r.json.digest);
    expect(stored.list().objects).toHaveLength(1);
  });

  it('refuses duplicate keys and unreadable files with coded errors (exit 2), writing nothing', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'dup.json'), '{"a": 1, "a": 2}');
    const r = docket(['--archive', 'evidence', 'put', 'dup.json', '--json'], { cwd: dir });
    expect(r.status).toBe(2);
    expect(r.json.error.code).toBe('EJSON');
    expect(r.json.error.message).toMatch(/dup\.json: duplicate key "a" at byte 9/);
    const missing = docket(['--archive', 'evidence', 'put', 'nope.json', '--json'], { cwd: dir });
    expect(missing.status).toBe(2);
    expect(missing.json.error.code).toBe('EREAD');
    expect(readdirSync(dir)).toEqual(['dup.json']);
  });

  it('index rebuild recreates the cache from the bundles alone', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), '[1]');
    writeFileSync(join(dir, 'b.json'), '[2]');
    docket(['--archive', 'evidence', 'put', 'a.json'], { cwd: dir });
    docket(['--archive', 'evidence', 'put', 'b.json'], { cwd: dir });
    for (const f of readdirSync(join(dir, 'evidence'))) if (f.startsWith('index.sqlite')) rmSync(join(dir, 'evidence', f));
    const objectsBefore = treeHashes(join(dir, 'evidence', 'objects'));
    const r = docket(['--archive', 'evidence', 'index', 'rebuild', '--json'], { cwd: dir });
    expect(r.status, r.stderr).toBe(0);
    expect(r.json).toMatchObject({ ok: true, objects: 2, refs: 0 });
    expect(treeHashes(join(dir, 'evidence', 'objects'))).toEqual(objectsBefore);
    expect(docket(['--archive', 'evidence', 'verify', '--json'], { cwd: dir }).json.ok).toBe(true);
  });

  it('refuses a document holding a secret (ESECRET, exit 1), naming file, line and rule, storing nothing and showing no secret', () => {
    const dir = tempDir();
    const c = canaries()[0]!;
    writeFileSync(join(dir, 'board.json'), `{\n  "note": "${c.text}"\n}`);
    const r = docket(['--archive', 'evidence', 'put', 'board.json', '--json'], { cwd: dir });
    expect(r.status).toBe(1);
    expect(r.json.error.code).toBe('ESECRET');
    expect(r.json.error.data.hits.map((h: { path: string; line: number; rule: string }) => [h.path, h.line, h.rule])).toEqual([['board.json', 2, c.rule]]);
    expect(r.stdout + r.stderr).not.toContain(c.secret);
    expect(treeHashes(dir)).toEqual({ 'board.json': sha256(readFileSync(join(dir, 'board.json'))) }); // no archive, no object
  });
});
