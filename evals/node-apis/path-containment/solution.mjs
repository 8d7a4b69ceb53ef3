import path from 'node:path';

/**
 * Resolve `requested` (untrusted, e.g. from a URL or archive entry) against
 * `root` and return the absolute path, or throw if it would escape `root`.
 */
export function resolveInside(root, requested) {
  const base = path.resolve(root);
  const target = path.resolve(base, requested);
  const rel = path.relative(base, target);
  const escapes =
    rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel);
  if (escapes) {
    throw new Error(`path escapes root: ${JSON.stringify(requested)}`);
  }
  return target;
}

/** True when `candidate` is `root` itself or lies somewhere below it. */
export function isInside(root, candidate) {
  const rel = path.relative(path.resolve(root), path.resolve(candidate));
  return !(rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel));
}
