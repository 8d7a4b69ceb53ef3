// Stages 1 and 2 of checking an object (size, then SHA-256 against its name), in plain JavaScript
// so `docket verify --quick` worker threads start without the TypeScript loader (~30 ms, not ~300).
// check-object.ts runs the same code inline and for full checks.
import { createHash, hash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';

const BUF = Buffer.allocUnsafe(1 << 20);

/**
 * @param {string} absPath
 * @param {string} rel
 * @param {string} digest the name the file was found under (never trusted)
 * @param {boolean} quick stream through a reused buffer instead of returning the bytes
 * @param {number | undefined} expectedSize the index's record, when there is one
 * @param {number} maxBytes the object cap
 */
export function checkSizeAndDigest(absPath, rel, digest, quick, expectedSize, maxBytes) {
  const r = { digest, path: rel, size: 0, passed: 0 };
  const fail = (stage, code, message) => ({ result: { ...r, failure: { stage, code, message } }, bytes: null });
  let size;
  try {
    size = statSync(absPath).size;
  } catch (e) {
    return fail('size', 'EREAD', `cannot read: ${e.message}`);
  }
  r.size = size;
  if (size === 0) return fail('size', 'ESIZE', 'empty object');
  if (size > maxBytes) return fail('size', 'ESIZE', `${size} bytes, over the ${maxBytes}-byte object cap`);
  if (expectedSize !== undefined && expectedSize !== size) return fail('size', 'ESIZE', `${size} bytes, the index records ${expectedSize}`);
  r.passed = 1;
  let bytes = null;
  let actual;
  if (quick) actual = hashFile(absPath);
  else {
    bytes = readFileSync(absPath);
    actual = `sha256:${hash('sha256', bytes, 'hex')}`;
  }
  if (actual !== digest) return fail('digest', 'EDIGEST', `content hashes to ${actual}`);
  r.passed = 2;
  return { result: r, bytes };
}

function hashFile(path) {
  const h = createHash('sha256');
  const fd = openSync(path, 'r');
  try {
    for (;;) {
      const n = readSync(fd, BUF, 0, BUF.length, null);
      if (n === 0) break;
      h.update(BUF.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
  return `sha256:${h.digest('hex')}`;
}
