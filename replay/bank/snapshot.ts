import { readFileSync, readlinkSync } from 'node:fs';
import { byUtf8 } from '../format/utf8.ts';
import { DEFAULT_CONFIG, refuseTooBig, selectContent, type ContentConfig, type Lister, type Selection } from '../content/policy.ts';
import { applyAllowances, scanBytes, secretError, type SecretHit } from '../content/secrets.ts';
import { sha256, type Digest } from '../format/digest.ts';

/**
 * Source snapshots (docs/design.md §7): a source eval's file tree as a bundle value. Paths are
 * POSIX, relative to the source eval directory, ordered by UTF-8 bytes (never localeCompare). The
 * tree digest is over length-prefixed fields, so no file content or name can imitate a separator.
 */
/**
 * Schema 1's `exclude` field: a fixed value, no longer the rules in force. What a snapshot holds is
 * decided by the content policy (replay/content/policy.ts, docs/design.md "Content policy"); the
 * field keeps its old value so a tree the policy selects as before keeps its digest (and the bank
 * its benchmark version).
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
  /** denied paths stored because the bank config names them (content.include); present only when some are */
  allowedDenied?: { path: string; rule: string }[];
  /** scanner hits the bank config allows (content.allowSecrets); present only when some are */
  allowedSecrets?: { path: string; line: number; rule: string; digest: Digest }[];
}

export interface SnapshotOptions {
  config?: ContentConfig;
  lister?: Lister;
  /** collects scanner hits not allowed (the caller refuses once, for every eval); absent: refuse here */
  hits?: SecretHit[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const enc = new TextEncoder();

export { byUtf8 };

/** A source eval: its id (`<category>/<eval>`) and its folder relative to the bank root (replay/bank/layout.ts). */
export interface SourceEvalAt {
  id: string;
  dir: string;
}

/** The content policy's view of one source eval (`docket snapshot --list`). */
export function selectSource(root: string, at: SourceEvalAt, opts: SnapshotOptions = {}): Selection {
  return selectContent(root, [at.dir], { config: opts.config, lister: opts.lister });
}

/** The snapshot's paths are relative to the eval's folder, so where the eval root is never enters its bytes. */
export function snapshotSource(root: string, at: SourceEvalAt, opts: SnapshotOptions = {}): SourceSnapshot {
  const config = opts.config ?? DEFAULT_CONFIG;
  const sourceEval = at.id;
  const prefix = `${at.dir}/`;
  const selection = selectSource(root, at, opts);
  refuseTooBig(selection);
  const entries: SourceEntry[] = [];
  const hits: SecretHit[] = [];
  for (const f of selection.included) {
    const path = f.path.slice(prefix.length);
    if (f.type === 'symlink') {
      const target = readlinkSync(f.abs);
      hits.push(...scanBytes(f.path, target));
      entries.push({ path, type: 'symlink', target });
      continue;
    }
    const bytes = readFileSync(f.abs);
    hits.push(...scanBytes(f.path, bytes));
    let content: string;
    let encoding: 'utf8' | 'base64' = 'utf8';
    try {
      content = utf8.decode(bytes);
      if (!content.isWellFormed()) throw new Error('not well-formed');
    } catch {
      content = bytes.toString('base64');
      encoding = 'base64';
    }
    entries.push({ path, type: 'file', mode: f.executable ? 493 : 420, size: bytes.length, digest: sha256(bytes), encoding, content });
  }
  entries.sort((a, b) => byUtf8(a.path, b.path));
  const { refused, allowed } = applyAllowances(hits, config.allowSecrets);
  if (opts.hits) opts.hits.push(...refused);
  else if (refused.length) throw secretError(refused, `docket snapshot of ${at.dir}`);
  const snap: SourceSnapshot = { kind: 'source', schemaVersion: 1, sourceEval, exclude: EXCLUDE, entries, treeDigest: treeDigest(entries) };
  if (selection.allowed.length) snap.allowedDenied = selection.allowed;
  if (allowed.length) snap.allowedSecrets = allowed.map((h) => ({ path: h.path, line: h.line, rule: h.rule, digest: h.digest }));
  return snap;
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
