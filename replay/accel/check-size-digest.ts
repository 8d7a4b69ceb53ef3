// Stages 1 and 2 of checking an object (size, then SHA-256 against its name), on their own so
// `docket verify --quick` worker threads load only this (ready ~65 ms after the spawn here).
// check-object.ts runs the same code inline and for full checks.
import { createHash, hash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
/** format/digest.ts's Digest, spelled out: accel/ sits below format/ and imports nothing above it. */
type Digest = `sha256:${string}`;

export interface SizeDigestResult {
  digest: Digest;
  path: string;
  size: number;
  passed: number;
  failure?: { stage: 'size' | 'digest'; code: 'ESIZE' | 'EDIGEST' | 'EREAD'; message: string };
}

const BUF = Buffer.allocUnsafe(1 << 20);

/**
 * `digest` is the name the file was found under (never trusted); `quick`: only hash, the bytes are
 * not returned; `expectedSize`: the index's record, when there is one; `maxBytes`: the object cap.
 * Returns the bytes for a full check; they may sit in a buffer the next call reuses.
 */
export function checkSizeAndDigest(
  absPath: string,
  rel: string,
  digest: Digest,
  quick: boolean,
  expectedSize: number | undefined,
  maxBytes: number,
): { result: SizeDigestResult; bytes: Buffer | null } {
  const r: SizeDigestResult = { digest, path: rel, size: 0, passed: 0 };
  const fail = (stage: 'size' | 'digest', code: 'ESIZE' | 'EDIGEST' | 'EREAD', message: string) => ({ result: { ...r, failure: { stage, code, message } }, bytes: null });
  let fd;
  try {
    fd = openSync(absPath, 'r');
  } catch (e) {
    return fail('size', 'EREAD', `cannot read: ${(e as Error).message}`);
  }
  try {
    const size = fstatSync(fd).size; // the size of what we read, not of whatever the name points to later
    r.size = size;
    const problem = sizeProblem(size, maxBytes, expectedSize);
    if (problem) return fail('size', 'ESIZE', problem);
    r.passed = 1;
    // Objects that fit the reused buffer: one read, one-shot hash (measured ~15 % faster than a
    // Hash object per file). Full checks get the bytes for the later stages: in the reused buffer
    // too, so they are valid only until the next call (check-object.ts decodes them at once; a
    // fresh buffer per object cost ~10 % of a full check in page faults here).
    const into = size <= BUF.length ? BUF : Buffer.allocUnsafe(quick ? 0 : size);
    let bytes: Buffer | null = null;
    let actual: string;
    if (into.length) {
      const n = readFully(fd, into, size);
      if (n !== size) return fail('size', 'ESIZE', `changed while being read (${n} of ${size} bytes)`);
      bytes = quick ? null : into.subarray(0, n);
      actual = `sha256:${hash('sha256', into.subarray(0, n), 'hex')}`;
    } else actual = hashStream(fd);
    if (actual !== digest) return fail('digest', 'EDIGEST', `content hashes to ${actual}`);
    r.passed = 2;
    return { result: r, bytes };
  } finally {
    closeSync(fd);
  }
}

/** Why an object of `size` bytes fails the size stage, or null. Shared with checks of in-memory bytes. */
export function sizeProblem(size: number, maxBytes: number, expectedSize: number | undefined): string | null {
  if (size === 0) return 'empty object';
  if (size > maxBytes) return `${size} bytes, over the ${maxBytes}-byte object cap`;
  if (expectedSize !== undefined && expectedSize !== size) return `${size} bytes, the index records ${expectedSize}`;
  return null;
}

function readFully(fd: number, buf: Buffer, size: number): number {
  let off = 0;
  while (off < size) {
    const n = readSync(fd, buf, off, size - off, off);
    if (n === 0) break;
    off += n;
  }
  return off;
}

function hashStream(fd: number): string {
  const h = createHash('sha256');
  for (let pos = 0; ; ) {
    const n = readSync(fd, BUF, 0, BUF.length, pos);
    if (n === 0) break;
    pos += n;
    h.update(BUF.subarray(0, n));
  }
  return `sha256:${h.digest('hex')}`;
}
