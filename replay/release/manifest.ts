import { readFileSync } from 'node:fs';
import { byUtf8 } from '../format/utf8.ts';
import type { Digest } from '../format/digest.ts';
import { ENCODER_ID } from '../format/gzip.ts';
import { canonicalBytes, JsonError, parseStrict } from '../format/json.ts';
import { packageFile } from '../package-files.ts';
import { schemaErrorText, type Validator } from '../format/schemas.ts';
import { releaseManifest } from '../format/validators.generated.ts';

/**
 * MANIFEST.json: canonical JSON (RFC 8785) listing every file of the release except itself and its
 * signature. Its schema is docs/schemas/release/manifest.schema.json: a subdirectory, so the bundle
 * loader (replay/format/schemas.ts) never mistakes it for a bundle kind.
 */
export interface ManifestEntry {
  path: string; // relative to decision-verification/
  size: number;
  digest: Digest;
}
export interface Manifest {
  kind: 'release-manifest';
  schemaVersion: 1;
  docketVersion: string;
  encoder: string;
  merkleRoot: Digest;
  entries: ManifestEntry[];
}

/** docket's own version (the tool that packs), read from its install. */
export const DOCKET_VERSION: string = (JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string }).version;

export function buildManifest(entries: ManifestEntry[], merkleRoot: Digest, docketVersion = DOCKET_VERSION): { manifest: Manifest; bytes: Uint8Array } {
  const sorted = [...entries].sort((a, b) => byUtf8(a.path, b.path));
  const manifest: Manifest = { kind: 'release-manifest', schemaVersion: 1, docketVersion, encoder: ENCODER_ID, merkleRoot, entries: sorted };
  return { manifest, bytes: canonicalBytes(manifest) };
}

/** Parse MANIFEST.json bytes; every rule broken is returned (duplicate keys, schema, order, canonical form). */
export function parseManifest(bytes: Uint8Array): { manifest: Manifest | null; errors: string[] } {
  let value: unknown;
  try {
    value = parseStrict(bytes);
  } catch (e) {
    return { manifest: null, errors: [e instanceof JsonError ? `not strict JSON: ${e.message}` : String(e)] };
  }
  // Its schema is docs/schemas/release/manifest.schema.json, compiled by ajv into validators.generated.ts.
  const validate = releaseManifest as Validator;
  if (!validate(value)) return { manifest: null, errors: (validate.errors ?? []).map(schemaErrorText) };
  const m = value as Manifest;
  const errors: string[] = [];
  if (!Buffer.from(canonicalBytes(m)).equals(Buffer.from(bytes))) errors.push('not in RFC 8785 canonical form');
  for (let i = 1; i < m.entries.length; i++) {
    const c = byUtf8(m.entries[i - 1]!.path, m.entries[i]!.path);
    if (c === 0) errors.push(`duplicate entry ${m.entries[i]!.path}`);
    else if (c > 0) errors.push(`entries not sorted by UTF-8 byte order at ${m.entries[i]!.path}`);
  }
  return { manifest: errors.length ? null : m, errors };
}
