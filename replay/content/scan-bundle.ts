import { MAX_CONTENT_BYTES } from '../format/bundle.ts';
import { gunzipStrict } from '../format/gzip.ts';
import { scanBytes, type SecretHit } from './secrets.ts';

/**
 * The scanner over stored and shipped evidence: a bundle is inflated and read as the JSON it holds;
 * a source bundle's files are read one by one (decoded from base64 where stored so), so a hit names
 * the file and line inside the snapshot, not just the bundle.
 */
const OBJECT = /^evidence\/objects\/.*\.json\.gz$/;

/** Scan one file as it would ship under `path` (release-relative). */
export function scanShipped(path: string, bytes: Uint8Array): SecretHit[] {
  if (!OBJECT.test(path)) return scanBytes(path, bytes);
  let json: Uint8Array;
  try {
    json = gunzipStrict(bytes, MAX_CONTENT_BYTES);
  } catch {
    return scanBytes(path, bytes); // not a bundle after all: the raw bytes are what ships (verify reports the damage)
  }
  return scanBundleContent(path, json);
}

/**
 * Scan a bundle's inflated JSON; source snapshots file by file, as `<path> (<eval file>)`. With
 * `recorded`, a hit the snapshot itself records as allowed (its `allowedSecrets`: the bank's
 * allowance by path and digest when it was made) is left out: what ships it (push) honours the
 * bank's word, where `docket verify` reports every exposure.
 */
export function scanBundleContent(path: string, json: Uint8Array, opts: { recorded?: boolean } = {}): SecretHit[] {
  const source = parseSource(json);
  if (!source) return scanBytes(path, json);
  const allowed = new Set(opts.recorded ? (source.allowedSecrets ?? []).map((a) => `${a.path}\0${a.digest}`) : []);
  const hits: SecretHit[] = [];
  for (const e of source.entries) {
    const file = `evals/${source.sourceEval}/${e.path}`;
    const where = `${path} (${file})`;
    const found = e.type === 'symlink' ? scanBytes(where, e.target ?? '') : scanBytes(where, e.encoding === 'base64' ? Buffer.from(e.content ?? '', 'base64') : (e.content ?? ''));
    hits.push(...found.filter((h) => !allowed.has(`${file}\0${h.digest}`)).map((h) => ({ ...h, file })));
  }
  return hits;
}

interface SourceLike {
  sourceEval: string;
  entries: { path: string; type: string; encoding?: string; content?: string; target?: string }[];
  allowedSecrets?: { path: string; digest: string }[];
}

function parseSource(json: Uint8Array): SourceLike | null {
  // Cheap test first: most bundles are not sources (canonical JSON has no spaces).
  if (Buffer.from(json.buffer, json.byteOffset, json.length).indexOf('"kind":"source"') === -1) return null;
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(json.buffer, json.byteOffset, json.length).toString('utf8'));
  } catch {
    return null;
  }
  const s = v as Partial<SourceLike> & { kind?: unknown };
  if (s?.kind !== 'source' || typeof s.sourceEval !== 'string' || !Array.isArray(s.entries)) return null;
  if (!s.entries.every((e) => e && typeof e.path === 'string' && typeof e.type === 'string')) return null;
  return s as SourceLike;
}
