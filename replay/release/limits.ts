/**
 * Release caps (docs/design.md "Releases"). Absolute byte caps, not ratios: an all-zero gzip bomb
 * inflates ~1000:1, so a ratio alone would still let a 2 GiB file expand to terabytes.
 */
import type { Code } from '../codes.ts';

export interface Limits {
  fileBytes: number; // the .tgz itself
  totalBytes: number; // the whole uncompressed tar stream (headers included)
  entryBytes: number; // one file
  entries: number; // tar entries (files, directories, pax headers)
  pathBytes: number; // a full path inside the tar, UTF-8 bytes
  depth: number; // path segments
  manifestBytes: number; // MANIFEST.json
  sigBytes: number; // MANIFEST.sig.json
}

const GiB = 1024 ** 3;
export const LIMITS: Readonly<Limits> = {
  fileBytes: 2 * GiB,
  totalBytes: 8 * GiB,
  entryBytes: 1 * GiB,
  entries: 100_000,
  pathBytes: 255,
  depth: 32,
  manifestBytes: 64 * 1024 * 1024,
  sigBytes: 1024 * 1024,
};

export const TOP_DIR = 'decision-verification';
export const MANIFEST_NAME = 'MANIFEST.json';
export const SIG_NAME = 'MANIFEST.sig.json';
export const DEFAULT_OUT = 'decision-verification.tgz';

export const byteLength = (s: string) => Buffer.byteLength(s, 'utf8');

// Every path of a release is checked a few times (walk, listing, gate): ASCII paths, nearly all of
// them, skip the Unicode normalizations, which are the identity on ASCII.
// eslint-disable-next-line no-control-regex
const ASCII = /^[\u0000-\u007f]*$/;

/**
 * Why a relative path is unsafe to create on some file system, or null when it is fine. The same
 * rule is applied when packing (refuse to ship it) and when verifying (refuse to extract it).
 */
export function unsafePath(p: string, limits: Limits = LIMITS): { code: Code; reason: string } | null {
  if (p.length === 0) return { code: 'EPATH', reason: 'empty path' };
  if (p.startsWith('/')) return { code: 'EPATH', reason: 'absolute path' };
  if (p.includes('\\')) return { code: 'EPATH', reason: 'backslash in path (a separator on Windows)' };
  if (/^[A-Za-z]:/.test(p) || p.includes(':')) return { code: 'EPATH', reason: 'colon in path (drive letter or alternate data stream on Windows)' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(p)) return { code: 'EPATH', reason: 'control character in path' };
  const parts = p.split('/');
  if (parts.some((s) => s === '..')) return { code: 'EPATH', reason: 'parent-directory (..) segment' };
  if (parts.some((s) => s === '' || s === '.')) return { code: 'EPATH', reason: 'empty or "." segment' };
  if (!ASCII.test(p) && p.normalize('NFC') !== p) return { code: 'EPATH', reason: 'not in Unicode NFC form' };
  if (byteLength(p) > limits.pathBytes) return { code: 'EPATHLEN', reason: `${byteLength(p)} bytes, over the ${limits.pathBytes}-byte path cap` };
  if (parts.length > limits.depth) return { code: 'EDEPTH', reason: `${parts.length} levels deep, over the ${limits.depth}-level cap` };
  return null;
}

/** Two names that may land on the same file on a case-insensitive or normalizing file system. */
export function collisionKey(p: string): string {
  return ASCII.test(p) ? p.toLowerCase() : p.normalize('NFKC').toLowerCase().normalize('NFKC');
}
