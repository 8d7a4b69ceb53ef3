import { rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Parser, type ReadEntry as NodeTarEntry } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../cli/dev/testkit/core.ts';
import { makeTree, rawFile, tarOf } from '../../cli/dev/testkit/release.ts';
import { LIMITS } from './limits.ts';
import { packRelease } from './pack.ts';
import { parseTar } from './tar.ts';

/**
 * node-tar (`tar`, a dev dependency) is the reader most of npm's world uses: docket's writer must
 * produce what it reads, entry for entry and byte for byte. docket keeps its own reader for releases
 * (docs/design.md, dependencies): node-tar by default reports a link or a path leaving the tree with a
 * warning and goes on, where a release verifier must refuse the whole tarball; the second test
 * shows the difference on one hostile tarball.
 */
interface Seen {
  path: string;
  type: string;
  size: number;
  mode: number;
  mtime: number;
  bytes: Buffer;
}

function readWithNodeTar(tar: Uint8Array): Promise<{ entries: Seen[]; warnings: string[] }> {
  return new Promise((resolve, reject) => {
    const entries: Seen[] = [];
    const warnings: string[] = [];
    const parser = new Parser({
      onwarn: (code: string) => void warnings.push(code),
      onReadEntry: (e: NodeTarEntry) => {
        const chunks: Buffer[] = [];
        e.on('data', (c: Buffer) => chunks.push(c));
        e.on('end', () => entries.push({ path: e.path, type: e.type, size: e.size ?? 0, mode: e.mode ?? 0, mtime: e.mtime?.getTime() ?? -1, bytes: Buffer.concat(chunks) }));
      },
    });
    parser.on('end', () => resolve({ entries, warnings }));
    parser.on('error', reject);
    parser.end(Buffer.from(tar));
  });
}

const dir = tempDir('docket-tar-interop-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('docket’s release tar, read by node-tar', () => {
  it('the same entries, types, sizes, modes, mtimes and bytes as docket’s own reader sees, with no warning', async () => {
    makeTree(dir, 5);
    const { bytes } = await packRelease({ root: dir, workers: 0 });
    const tar = gunzipSync(bytes);
    const ours = parseTar(tar, LIMITS);
    expect(ours.issues).toEqual([]);
    const theirs = await readWithNodeTar(tar);
    expect(theirs.warnings).toEqual([]);
    expect(theirs.entries.map((e) => e.path.replace(/\/$/, ''))).toEqual(ours.entries.map((e) => e.path));
    for (const [i, e] of ours.entries.entries()) {
      const t = theirs.entries[i]!;
      expect(t.type).toBe(e.type === 'dir' ? 'Directory' : 'File');
      expect(t.size).toBe(e.size);
      expect(t.mode).toBe(e.mode);
      expect(t.mtime).toBe(0);
      if (e.type === 'file') expect(t.bytes.equals(Buffer.from(tar.subarray(e.offset, e.offset + e.size))), e.path).toBe(true);
    }
  });

  it('a path leaving the tree: node-tar lists it with a warning at most, docket refuses it', async () => {
    const tar = tarOf([rawFile('decision-verification/ok.txt', 'fine'), rawFile('decision-verification/../escape.txt', 'out')]);
    const theirs = await readWithNodeTar(tar);
    expect(theirs.entries.map((e) => e.path)).toContain('decision-verification/../escape.txt'); // listed, as read
    const ours = parseTar(tar, LIMITS);
    expect(ours.entries.map((e) => e.path)).toEqual(['decision-verification/ok.txt']);
    expect(ours.issues.map((i) => i.path)).toEqual(['decision-verification/../escape.txt']);
  });
});
