import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Digest } from '../format/digest.ts';
import { TOP_DIR } from './limits.ts';
import { buildManifest, parseManifest } from './manifest.ts';
import type { ReadEntry } from './tar.ts';
import { Gate } from './verify.ts';

const D = `sha256:${'0'.repeat(64)}` as Digest;
const manifest = () =>
  parseManifest(
    buildManifest(
      [
        { path: 'a/b.txt', size: 3, digest: D },
        { path: 'Readme.md', size: 5, digest: D },
        { path: 'README.md', size: 5, digest: D }, // listed too: only the collision refuses it
      ],
      D,
    ).bytes,
  );
const file = (rel: string, size: number): ReadEntry => ({ path: `${TOP_DIR}/${rel}`, type: 'file', mode: 0o644, size, offset: 0 });
const dir = (rel: string): ReadEntry => ({ path: rel ? `${TOP_DIR}/${rel}` : TOP_DIR, type: 'dir', mode: 0o755, size: 0, offset: 0 });

let staging = '';
afterEach(() => rmSync(staging, { recursive: true, force: true }));
const fresh = () => (staging = mkdtempSync(join(tmpdir(), 'docket-gate-')));

describe('the extraction gate asks of each entry what the listing asks', () => {
  it('admits nothing before the manifest has parsed, nor after a manifest with an error', () => {
    const g = new Gate(fresh());
    expect(g.admit(file('a/b.txt', 3))).toBeNull();
    const bad = new Gate(staging);
    bad.open({ manifest: null, errors: ['not strict JSON'] });
    expect(bad.admit(file('a/b.txt', 3))).toBeNull();
    expect(existsSync(join(staging, TOP_DIR))).toBe(false);
  });

  it('admits listed files of the listed size and implied directories, and refuses everything else', () => {
    const g = new Gate(fresh());
    g.saw(`${TOP_DIR}/MANIFEST.json`);
    g.open(manifest());
    expect(g.admit(dir(''))).not.toBeNull();
    expect(g.admit(dir('a'))).not.toBeNull();
    expect(existsSync(join(staging, TOP_DIR, 'a'))).toBe(true);
    expect(g.admit(file('a/b.txt', 4))).toBeNull(); // size mismatch
    expect(g.admit(file('a/b.txt', 3))).toBeNull(); // its path was seen already (a duplicate after a refusal is still refused)
    expect(g.admit(file('Readme.md', 5))).toEqual({ path: `${TOP_DIR}/Readme.md`, abs: join(staging, TOP_DIR, 'Readme.md'), mode: 0o644 });
    expect(g.admit(file('README.md', 5))).toBeNull(); // collides with Readme.md
    expect(g.admit(file('Readme.md', 5))).toBeNull(); // duplicate
    expect(g.admit(file('extra.txt', 1))).toBeNull(); // not listed
    expect(g.admit(dir('z'))).toBeNull(); // a directory the manifest does not imply
    expect(g.admit(file('a', 0))).toBeNull(); // a file where the manifest implies a directory
    expect(g.admit(file('manifest.json', 1))).toBeNull(); // collides with the kept manifest
  });

  it('refuses, by the rule alone: a path outside the top directory, the manifest and its signature, a file also implied as a directory', () => {
    const g = new Gate(fresh());
    g.open(
      parseManifest(
        buildManifest(
          [
            { path: 'a/b.txt', size: 3, digest: D },
            { path: 'MANIFEST.json', size: 7, digest: D }, // listed: only the rule refuses it
            { path: 'MANIFEST.sig.json', size: 7, digest: D },
            { path: 'a', size: 1, digest: D }, // a file, and a directory of a/b.txt
          ],
          D,
        ).bytes,
      ),
    );
    // as long as the top directory's name, so that without the check it would land on a listed path
    const outside = { ...file('x', 3), path: `${TOP_DIR.slice(0, -1)}X/a/b.txt` };
    expect(g.admit(outside)).toBeNull();
    expect(g.admit(file('MANIFEST.json', 7))).toBeNull();
    expect(g.admit(file('MANIFEST.sig.json', 7))).toBeNull();
    expect(g.admit(file('a', 1))).toBeNull();
    expect(existsSync(join(staging, TOP_DIR))).toBe(false);
    expect(g.admit(file('a/b.txt', 3))).not.toBeNull(); // the gate is open: the refusals above are the rules'
  });

  it('refuses a directory, and the files in it, whose name exists without the gate having made it (a name the file system folds)', () => {
    const g = new Gate(fresh());
    g.open(manifest());
    expect(g.admit(dir(''))).not.toBeNull();
    mkdirSync(join(staging, TOP_DIR, 'a')); // as a case-folding file system would show an "A/" made earlier
    expect(g.admit(dir('a'))).toBeNull();
    expect(g.admit(file('a/b.txt', 3))).toBeNull();
    expect(g.admit(file('Readme.md', 5))).not.toBeNull(); // the rest is unaffected
  });

  it('refuses, instead of failing, an entry whose directory cannot be made because a file holds its name', () => {
    const g = new Gate(fresh());
    g.open(manifest());
    mkdirSync(join(staging, TOP_DIR));
    writeFileSync(join(staging, TOP_DIR, 'a'), 'x'); // as a case-insensitive file system would, for a file named A
    expect(g.admit(file('a/b.txt', 3))).toBeNull();
    expect(readFileSync(join(staging, TOP_DIR, 'a'), 'utf8')).toBe('x');
  });

  it('admits a listed file once, when its first entry agrees', () => {
    const g = new Gate(fresh());
    g.open(manifest());
    expect(g.admit(file('a/b.txt', 3))?.abs).toBe(join(staging, TOP_DIR, 'a', 'b.txt'));
    expect(existsSync(join(staging, TOP_DIR, 'a'))).toBe(true); // the parent, made for it
    expect(g.admit(file('a/b.txt', 3))).toBeNull();
  });
});
