// Stages 1 and 2 of checking an object (size, then SHA-256 against its name), in plain JavaScript
// so `docket verify --quick` worker threads start without any TypeScript (ready ~65 ms after the spawn here).
// check-object.ts runs the same code inline and for full checks.
import { createHash, hash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

const BUF = Buffer.allocUnsafe(1 << 20);

/**
 * @param {string} absPath
 * @param {string} rel
 * @param {string} digest the name the file was found under (never trusted)
 * @param {boolean} quick only hash: the bytes are not returned
 * Returns the bytes for a full check; they may sit in a buffer the next call reuses.
 * @param {number | undefined} expectedSize the index's record, when there is one
 * @param {number} maxBytes the object cap
 */
export function checkSizeAndDigest(absPath, rel, digest, quick, expectedSize, maxBytes) {
  const r = { digest, path: rel, size: 0, passed: 0 };
  const fail = (stage, code, message) => ({ result: { ...r, failure: { stage, code, message } }, bytes: null });
  let fd;
  try {
    fd = openSync(absPath, 'r');
  } catch (e) {
    return fail('size', 'EREAD', `cannot read: ${e.message}`);
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
    let bytes = null;
    let actual;
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

/**
 * Why an object of `size` bytes fails the size stage, or null. Shared with checks of in-memory bytes.
 * @param {number} size
 * @param {number} maxBytes
 * @param {number | undefined} expectedSize
 */
export function sizeProblem(size, maxBytes, expectedSize) {
  if (size === 0) return 'empty object';
  if (size > maxBytes) return `${size} bytes, over the ${maxBytes}-byte object cap`;
  if (expectedSize !== undefined && expectedSize !== size) return `${size} bytes, the index records ${expectedSize}`;
  return null;
}

function readFully(fd, buf, size) {
  let off = 0;
  while (off < size) {
    const n = readSync(fd, buf, off, size - off, off);
    if (n === 0) break;
    off += n;
  }
  return off;
}

function hashStream(fd) {
  const h = createHash('sha256');
  for (let pos = 0; ; ) {
    const n = readSync(fd, BUF, 0, BUF.length, pos);
    if (n === 0) break;
    pos += n;
    h.update(BUF.subarray(0, n));
  }
  return `sha256:${h.digest('hex')}`;
}
