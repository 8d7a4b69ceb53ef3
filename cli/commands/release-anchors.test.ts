import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { docket, tempDir } from '../dev/testkit/core.ts';
import { makeTree } from '../dev/testkit/release.ts';

/**
 * A release against its published anchors, offline (docs/design.md §22): a signed checkpoint of its
 * Merkle root, an attestation about the tarball, and `audit --from` reading the archive inside it.
 * One small tree, packed twice (the second with one more bundle), shared by every test.
 */
const dir = tempDir('docket-anchors-');
const key = join(dir, 'release.key');
const tgz = join(dir, 'release.tgz');
const other = join(dir, 'other.tgz');
const json = (args: string[]) => {
  const r = docket([...args, '--json']);
  return { status: r.status, json: JSON.parse(r.stdout || '{}') };
};

beforeAll(() => {
  const root = join(dir, 'tree');
  makeTree(root);
  expect(docket(['release', 'keygen', '--out', key]).status).toBe(0);
  expect(docket(['-C', root, 'release', 'pack', '--out', tgz]).status).toBe(0);
  const a = new Archive(join(root, 'evidence'));
  a.put({ kind: 'attachment', schemaVersion: 1, mediaType: 'text/plain', body: 'one more bundle' });
  a.close();
  expect(docket(['-C', root, 'release', 'pack', '--out', other]).status).toBe(0);
}, 60_000);

describe('a release against a signed checkpoint, an attestation, and audit --from', () => {
  it("a checkpoint of the release's Merkle root verifies with it; forged, or of another release, it does not", () => {
    const note = join(dir, 'release.note');
    const made = json(['release', 'checkpoint', tgz, '--key', key, '--origin', 'example.org/evals/releases', '--out', note]);
    expect(made.status).toBe(0);
    expect(made.json).toMatchObject({
      origin: 'example.org/evals/releases',
      size: 3,
      root: expect.stringMatching(/^sha256:/),
      verifierKey: expect.stringMatching(/^example\.org\/evals\/releases\+[0-9a-f]{8}\+/),
    });
    const ok = json(['verify', tgz, '--checkpoint', note, '--key', `${key}.pub`]);
    expect(ok.status).toBe(0);
    expect(ok.json).toMatchObject({ ok: true, checkpointTree: 'objects' });
    expect(ok.json.findings.map((f: { code: string }) => f.code)).toEqual(['HUNANCHORED']); // the checkpoint anchors the evidence, not the whole tarball
    const elsewhere = json(['verify', other, '--checkpoint', note, '--key', `${key}.pub`]);
    expect(elsewhere.status).toBe(1);
    expect(elsewhere.json.findings.map((f: { code: string }) => f.code)).toContain('ECHECKPOINTROOT');
    writeFileSync(join(dir, 'forged.note'), readFileSync(note, 'utf8').replace('\n3\n', '\n4\n'));
    const forged = json(['verify', tgz, '--checkpoint', join(dir, 'forged.note'), '--key', `${key}.pub`]);
    expect(forged.status).toBe(1);
    expect(forged.json.findings.map((f: { code: string }) => f.code)).toContain('ECHECKPOINTSIG');
  });

  it('an attestation about the tarball verifies with it, and not with another release', () => {
    const att = join(dir, 'release.intoto.json');
    expect(json(['attest', tgz, '--key', key, '--out', att])).toMatchObject({ status: 0, json: { subject: { name: 'release.tgz' }, attestation: null } });
    const ok = json(['verify', '--attestation', att, '--key', `${key}.pub`, tgz]);
    expect(ok.status).toBe(0);
    expect(ok.json).toMatchObject({ ok: true, evidence: tgz, claimsChecked: 0 });
    const wrong = json(['verify', '--attestation', att, '--key', `${key}.pub`, other]);
    expect(wrong.status).toBe(1);
    expect(wrong.json.findings.map((f: { code: string }) => f.code)).toEqual(['EATTESTSUBJECT']);
  });

  it('audit --from reads the archive inside a verified release, and refuses an unanchored one', () => {
    const board = join(dir, 'board.json');
    writeFileSync(board, JSON.stringify({ benchmark: 'fixture', benchmarkVersion: `sha256:${'0'.repeat(64)}`, rows: [] }));
    const digest = json(['verify', tgz]).json.digest;
    const r = json(['audit', '--published', board, '--from', tgz, '--expect', digest]);
    expect(r.status).toBe(0);
    expect(r.json).toMatchObject({ ok: true, release: { file: tgz, digest, anchored: 'expect' }, selective: { ok: true, rows: [] } });
    expect(json(['audit', '--published', board, '--from', tgz]).json.error.code).toBe('EUNANCHORED');
  });
});
