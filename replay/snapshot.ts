import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { sha256, type Digest } from './digest.ts';

/**
 * Source snapshots (docs/design.md §7): a source eval's file tree as a bundle value. Paths are
 * POSIX, relative to the source eval directory, ordered by UTF-8 bytes (never localeCompare). The
 * tree digest is over length-prefixed fields, so no file content or name can imitate a separator.
 */
export const EXCLUDE = {
  dirs: ['.cache', '.git', '_generated', 'build', 'coverage', 'dist', 'node_modules'],
  files: ['*.db', '*.db-journal', '*.db-shm', '*.db-wal', '*.log', '*.sqlite', '*.sqlite-journal', '*.sqlite-shm', '*.sqlite-wal', '.DS_Store'],
};

export type SourceEntry =
  | { path: string; type: 'file'; mode: 420 | 493; size: number; digest: Digest; encoding: 'utf8' | 'base64'; content: string }
  | { path: string; type: 'symlink'; target: string };

export interface SourceSnapshot {
  kind: 'source';
  schemaVersion: 1;
  sourceEval: string;
  exclude: typeof EXCLUDE;
  entries: SourceEntry[];
  treeDigest: Digest;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const enc = new TextEncoder();

export function byUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function excludedFile(name: string): boolean {
  return EXCLUDE.files.some((p) => (p.startsWith('*') ? name.endsWith(p.slice(1)) : name === p));
}

export function snapshotSource(root: string, sourceEval: string): SourceSnapshot {
  const base = join(root, 'evals', sourceEval);
  const entries: SourceEntry[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(join(base, rel))) {
      const relPath = rel ? `${rel}/${name}` : name;
      const st = lstatSync(join(base, relPath));
      if (st.isSymbolicLink()) entries.push({ path: relPath, type: 'symlink', target: readlinkSync(join(base, relPath)) });
      else if (st.isDirectory()) {
        if (!EXCLUDE.dirs.includes(name)) walk(relPath);
      } else if (st.isFile()) {
        if (excludedFile(name)) continue;
        const bytes = readFileSync(join(base, relPath));
        let content: string;
        let encoding: 'utf8' | 'base64' = 'utf8';
        try {
          content = utf8.decode(bytes);
          if (!content.isWellFormed()) throw new Error('not well-formed');
        } catch {
          content = bytes.toString('base64');
          encoding = 'base64';
        }
        // git records only the executable bit, so that is all a snapshot records.
        entries.push({ path: relPath, type: 'file', mode: st.mode & 0o111 ? 493 : 420, size: bytes.length, digest: sha256(bytes), encoding, content });
      }
    }
  };
  walk('');
  entries.sort((a, b) => byUtf8(a.path, b.path));
  return { kind: 'source', schemaVersion: 1, sourceEval, exclude: EXCLUDE, entries, treeDigest: treeDigest(entries) };
}

/**
 * SHA-256 over "docket-tree-v1\n" then, per entry in order:
 *   u32be(len path) path  u8(type: 1 file, 2 symlink)
 *   file:    u32be(mode) u64be(size) digest(32 raw bytes)
 *   symlink: u32be(len target) target
 */
export function treeDigest(entries: SourceEntry[]): Digest {
  const parts: Uint8Array[] = [enc.encode('docket-tree-v1\n')];
  for (const e of entries) {
    const path = enc.encode(e.path);
    parts.push(u32(path.length), path);
    if (e.type === 'file') {
      const size = Buffer.alloc(8);
      size.writeBigUInt64BE(BigInt(e.size));
      parts.push(Uint8Array.of(1), u32(e.mode), size, Buffer.from(e.digest.slice(7), 'hex'));
    } else {
      const target = enc.encode(e.target);
      parts.push(Uint8Array.of(2), u32(target.length), target);
    }
  }
  return sha256(Buffer.concat(parts));
}

function u32(n: number): Uint8Array {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}
