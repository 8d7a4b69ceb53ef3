// The one module loader for docket's TypeScript: cli/docket.mjs and the worker threads load their
// entry module through importTs. It takes the ahead-of-time bundle (cli/dev/build.mjs) when that bundle's
// stamp matches the current sources byte for byte, and otherwise registers tsx and loads the sources.
// A stale or missing bundle is never used: the sources are the truth, the bundle only a start-up cache.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const ROOT = new URL('../../', import.meta.url);
export const DEFAULT_BUNDLE_DIR = new URL('node_modules/.cache/docket/', ROOT);
export const STAMP_NAME = 'stamp.json';
export const STAMP_FORMAT = 1;
/** The global a bundle reads its project root from (set before a bundle is imported). */
export const ROOT_SYMBOL = 'docket.root';
/**
 * Source entry (relative to the root) → bundle file.
 * @type {Record<string, string>}
 */
export const BUNDLE_ENTRIES = { 'cli/main.ts': 'main.mjs', 'replay/check/check-object.ts': 'check-object.mjs', 'cli/registry/store-worker.ts': 'store-worker.mjs' };

/**
 * SHA-256 over every input's path, size and bytes, in the stamp's order.
 * @param {URL} root
 * @param {string[]} inputs
 * @returns {string}
 */
export function inputsDigest(root, inputs) {
  const h = createHash('sha256');
  for (const rel of inputs) {
    const bytes = readFileSync(new URL(rel, root));
    h.update(`${rel}\0${bytes.length}\0`);
    h.update(bytes);
  }
  return `sha256:${h.digest('hex')}`;
}

/**
 * The bundle file for `source` when a fresh bundle exists, else null (and why, for tests).
 * @param {URL} source
 * @returns {{ url: URL | null; why: string | null }}
 */
export function freshBundle(source, dir = DEFAULT_BUNDLE_DIR, root = ROOT) {
  if (process.env.DOCKET_NO_BUNDLE) return { url: null, why: 'DOCKET_NO_BUNDLE is set' };
  const rel = source.href.startsWith(root.href) ? source.href.slice(root.href.length) : null;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(new URL(STAMP_NAME, dir), 'utf8'));
  } catch {
    return { url: null, why: 'no bundle' };
  }
  const out = rel === null ? undefined : stamp?.entries?.[rel];
  if (stamp?.format !== STAMP_FORMAT || typeof out !== 'string' || !Array.isArray(stamp.inputs)) return { url: null, why: `no bundle entry for ${rel ?? source.href}` };
  try {
    if (inputsDigest(root, stamp.inputs) !== stamp.digest) return { url: null, why: 'the sources changed since the bundle was built' };
  } catch {
    return { url: null, why: 'a bundled source is gone' };
  }
  return { url: new URL(out, dir), why: null };
}

/**
 * Load a TypeScript module of this project: bundled when fresh, else through tsx.
 * @param {URL} source
 * @returns {Promise<any>} the module's namespace (its exports are typed where it is imported)
 */
export async function importTs(source) {
  const { url } = freshBundle(source);
  if (url) {
    /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis))[Symbol.for(ROOT_SYMBOL)] = ROOT.href;
    return import(url.href);
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import(source.href);
}
