import { isDigest, type Digest } from '../../replay/format/digest.ts';
import { findingError } from '../../replay/errors.ts';
import { canonicalBytes, parseStrict, type Json } from '../../replay/format/json.ts';
import { MAX_OBJECT_BYTES } from '../../replay/format/bundle.ts';
import { MAX_PACK_BYTES } from './pack-index.ts';
import { decodeRedaction, type RedactionRecord } from '../../replay/store/redaction.ts';

/**
 * How a docket archive and a docket release sit in an OCI registry (docs/design.md §19). An archive
 * (docket-archive/v2) is packs of bundles plus a pack index, each a blob; docket-archive/v1, one blob
 * per bundle, is still read. Manifests and configs are RFC 8785 JSON, so the same archive always
 * gives the same manifest digest.
 */
export const MEDIA = {
  manifest: 'application/vnd.oci.image.manifest.v1+json',
  index: 'application/vnd.oci.image.index.v1+json',
  archive: 'application/vnd.docket.archive.v1', // artifactType of archive manifests and their index
  archiveConfig: 'application/vnd.docket.archive.config.v1+json',
  bundle: 'application/vnd.docket.bundle.v1+gzip', // docket-archive/v1: one blob per bundle
  pack: 'application/vnd.docket.pack.v1', // docket-archive/v2: bundles back to back
  packIndex: 'application/vnd.docket.pack-index.v1', // docket-archive/v2: bundle -> pack, offset, length
  release: 'application/vnd.docket.release.v1', // artifactType of a release
  releaseConfig: 'application/vnd.docket.release.config.v1+json',
  releaseTarball: 'application/vnd.docket.release.v1.tar+gzip',
  releaseManifest: 'application/vnd.docket.release.manifest.v1+json',
  signature: 'application/vnd.docket.release.signature.v1', // artifactType of the signature referrer
  dsse: 'application/vnd.dsse.envelope.v1+json',
} as const;

export const TITLE = 'org.opencontainers.image.title';
export const ARCHIVE_FORMAT = 'docket-archive/v1';
export const ARCHIVE_FORMAT_V2 = 'docket-archive/v2';
/** The largest pack index read, in bytes (44 per bundle: about 1.5 million bundles). */
export const MAX_PACK_INDEX_BYTES = 64 * 1024 * 1024;
export const RELEASE_FORMAT = 'docket-release/v1';
export { DEFAULT_MANIFEST_LIMIT } from './manifest-limit.ts';

export interface Descriptor {
  mediaType: string;
  digest: Digest;
  size: number;
  artifactType?: string;
  annotations?: Record<string, string>;
}

export interface ImageManifest {
  schemaVersion: 2;
  mediaType: typeof MEDIA.manifest;
  artifactType: string;
  config: Descriptor;
  layers: Descriptor[];
  subject?: Descriptor;
  annotations?: Record<string, string>;
}

export interface ArchiveConfig {
  format: typeof ARCHIVE_FORMAT;
  part: number; // 0-based, of `parts`
  parts: number;
  refs: Record<string, Digest>; // the archive's refs whose target is a layer of this manifest
}

export const blobPath = (digest: Digest) => `objects/v1/sha256/${digest.slice(7, 9)}/${digest.slice(9)}.json.gz`;

export const packTitle = (digest: Digest) => `packs/${digest.slice(7)}.pack`;
export const PACK_INDEX_TITLE = 'packs/index';

export function packLayer(digest: Digest, size: number): Descriptor {
  return { mediaType: MEDIA.pack, digest, size, annotations: { [TITLE]: packTitle(digest) } };
}

export function packIndexLayer(digest: Digest, size: number): Descriptor {
  return { mediaType: MEDIA.packIndex, digest, size, annotations: { [TITLE]: PACK_INDEX_TITLE } };
}

export function bundleLayer(digest: Digest, size: number): Descriptor {
  return { mediaType: MEDIA.bundle, digest, size, annotations: { [TITLE]: blobPath(digest) } };
}

export const jsonBytes = (v: unknown) => Buffer.from(canonicalBytes(v));

export function imageManifest(artifactType: string, config: Descriptor, layers: Descriptor[], extra: { subject?: Descriptor; annotations?: Record<string, string> } = {}): Buffer {
  const m: ImageManifest = { schemaVersion: 2, mediaType: MEDIA.manifest, artifactType, config, layers, ...extra };
  return jsonBytes(m);
}

export function imageIndex(artifactType: string, manifests: Descriptor[]): Buffer {
  return jsonBytes({ schemaVersion: 2, mediaType: MEDIA.index, artifactType, manifests });
}

/**
 * Split the layers (in digest order) into as few manifests as keep each under `limit` bytes. A
 * layer descriptor's size is known exactly (canonical JSON), so each part is filled greedily.
 */
export function splitLayers(layers: Descriptor[], limit: number): Descriptor[][] {
  const overhead = 1024; // the manifest's own fields and its config descriptor, with room to spare
  const parts: Descriptor[][] = [];
  let cur: Descriptor[] = [];
  let bytes = overhead;
  for (const l of layers) {
    const n = jsonBytes(l).length + 1;
    if (cur.length && bytes + n > limit) {
      parts.push(cur);
      cur = [];
      bytes = overhead;
    }
    cur.push(l);
    bytes += n;
  }
  if (cur.length) parts.push(cur);
  return parts;
}

// ---- reading what a registry sent (every field checked: the bytes came over a network) ----

const bad = (what: string, why: string) => findingError('EMANIFEST', `${what}: ${why}; refused, nothing written`, { what });

export function parseJsonDoc(bytes: Uint8Array, what: string): Record<string, Json> {
  let v: Json;
  try {
    v = parseStrict(bytes);
  } catch (e) {
    throw bad(what, `not strict JSON (${(e as Error).message})`);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw bad(what, 'not a JSON object');
  return v as Record<string, Json>;
}

export function readDescriptor(v: Json | undefined, what: string, maxSize = Number.MAX_SAFE_INTEGER): Descriptor {
  const d = v as Record<string, Json> | null;
  if (!d || typeof d !== 'object' || Array.isArray(d)) throw bad(what, 'not a descriptor');
  if (typeof d.mediaType !== 'string') throw bad(what, 'no mediaType');
  if (!isDigest(d.digest)) throw bad(what, `digest ${JSON.stringify(d.digest)} is not sha256: + 64 lowercase hex`);
  if (typeof d.size !== 'number' || !Number.isSafeInteger(d.size) || d.size < 0 || d.size > maxSize) throw bad(what, `size ${JSON.stringify(d.size)} is not an integer from 0 to ${maxSize}`);
  const out: Descriptor = { mediaType: d.mediaType, digest: d.digest, size: d.size };
  if (typeof d.artifactType === 'string') out.artifactType = d.artifactType;
  if (d.annotations && typeof d.annotations === 'object' && !Array.isArray(d.annotations)) out.annotations = d.annotations as Record<string, string>;
  return out;
}

export function readManifest(bytes: Uint8Array, what: string): ImageManifest {
  const m = parseJsonDoc(bytes, what);
  if (m.schemaVersion !== 2 || m.mediaType !== MEDIA.manifest) throw bad(what, `not an OCI image manifest (mediaType ${JSON.stringify(m.mediaType)})`);
  if (!Array.isArray(m.layers)) throw bad(what, 'no layers list');
  return {
    schemaVersion: 2,
    mediaType: MEDIA.manifest,
    artifactType: typeof m.artifactType === 'string' ? m.artifactType : '',
    config: readDescriptor(m.config, `${what} config`, 1024 * 1024 * 64),
    layers: m.layers.map((l, i) => readDescriptor(l, `${what} layer ${i}`)),
    ...(m.subject ? { subject: readDescriptor(m.subject, `${what} subject`) } : {}),
  };
}

export function readIndex(bytes: Uint8Array, what: string): { artifactType: string; manifests: Descriptor[] } {
  const m = parseJsonDoc(bytes, what);
  if (m.schemaVersion !== 2 || m.mediaType !== MEDIA.index || !Array.isArray(m.manifests)) throw bad(what, 'not an OCI image index');
  return { artifactType: typeof m.artifactType === 'string' ? m.artifactType : '', manifests: m.manifests.map((d, i) => readDescriptor(d, `${what} manifest ${i}`)) };
}

/**
 * An archive part's layers: all docket bundles within the store's object cap (v1), or packs within
 * MAX_PACK_BYTES and pack indexes within MAX_PACK_INDEX_BYTES (v2). Which one the config says.
 */
export function checkArchiveManifest(m: ImageManifest, what: string, format: string) {
  if (m.artifactType !== MEDIA.archive || m.config.mediaType !== MEDIA.archiveConfig)
    throw bad(what, `not a docket archive (artifactType ${JSON.stringify(m.artifactType)}, config ${m.config.mediaType})`);
  const allowed: Record<string, number> = format === ARCHIVE_FORMAT ? { [MEDIA.bundle]: MAX_OBJECT_BYTES } : { [MEDIA.pack]: MAX_PACK_BYTES, [MEDIA.packIndex]: MAX_PACK_INDEX_BYTES };
  m.layers.forEach((l, i) => {
    const cap = allowed[l.mediaType];
    if (cap === undefined) throw bad(what, `layer ${i} has media type ${l.mediaType}, not ${Object.keys(allowed).join(' or ')} (${format})`);
    if (l.size > cap) throw bad(what, `layer ${i} (${l.mediaType}) is ${l.size} bytes, over its ${cap}-byte cap`);
  });
}

/** A v2 config: the archive's refs, the same blob for every part; and its redaction records (design.md §23), when it has any. */
export interface ArchiveConfigV2 {
  format: typeof ARCHIVE_FORMAT_V2;
  refs: Record<string, Digest>;
  redactions?: RedactionRecord[];
}

/** The config's format (v1 or v2), its refs, checked; anything else is EMANIFEST. */
export function readArchiveConfig(bytes: Uint8Array, what: string): ArchiveConfig | ArchiveConfigV2 {
  const c = parseJsonDoc(bytes, what);
  if (c.format !== ARCHIVE_FORMAT && c.format !== ARCHIVE_FORMAT_V2) throw bad(what, `format ${JSON.stringify(c.format)} is not ${ARCHIVE_FORMAT_V2} (or ${ARCHIVE_FORMAT})`);
  const refs = c.refs as Record<string, Json> | undefined;
  if (!refs || typeof refs !== 'object' || Array.isArray(refs)) throw bad(what, 'no refs object');
  for (const [k, v] of Object.entries(refs)) if (!isDigest(v)) throw bad(what, `ref ${k} holds ${JSON.stringify(v)}, not a digest`);
  if (c.format === ARCHIVE_FORMAT_V2) {
    if (c.redactions === undefined) return { format: ARCHIVE_FORMAT_V2, refs: refs as Record<string, Digest> };
    if (!Array.isArray(c.redactions)) throw bad(what, 'redactions is not an array');
    // Each record as a redaction file would hold it: canonical, its schema, named by its digest.
    const redactions = c.redactions.map((r, i) => {
      const d = (r as { digest?: unknown })?.digest;
      if (!isDigest(d)) throw bad(what, `redaction ${i} names no digest`);
      try {
        return decodeRedaction(canonicalBytes(r), d, `redaction ${i}`);
      } catch (e) {
        throw bad(what, (e as Error).message);
      }
    });
    return { format: ARCHIVE_FORMAT_V2, refs: refs as Record<string, Digest>, redactions };
  }
  return { format: ARCHIVE_FORMAT, part: Number(c.part), parts: Number(c.parts), refs: refs as Record<string, Digest> };
}
