import type { Digest } from '../../replay/format/digest.ts';
import { findingError, usageError } from '../../replay/errors.ts';
import type { RegistryClient } from './client.ts';
import type { IndexCache } from './index-cache.ts';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_V2, checkArchiveManifest, MEDIA, parseJsonDoc, readArchiveConfig, readIndex, readManifest, type Descriptor, type ImageManifest } from './layout.ts';
import { encodePackIndex, PackIndex } from './pack-index.ts';
import type { RedactionRecord } from '../../replay/store/redaction.ts';

/**
 * An archive artifact in a registry, read and checked (docs/design.md §19): its manifests, refs, and
 * where each bundle is. A v1 artifact (one blob per bundle) is read as packs of one bundle each, so
 * pull and verify have one way to fetch either.
 */
export interface RemoteArchive {
  reference: string; // the tag or digest it was read by
  digest: Digest; // of the top manifest (or index)
  format: typeof ARCHIVE_FORMAT | typeof ARCHIVE_FORMAT_V2;
  manifests: number;
  refs: Record<string, Digest>;
  /** redaction records the artifact carries (design.md §23): the objects they name are in no pack */
  redactions: RedactionRecord[];
  index: PackIndex;
  indexLayer: Descriptor | null; // v2: the pack index blob
}

export const ACCEPT = [MEDIA.index, MEDIA.manifest];

/** The artifactType of whatever REF names (for `verify REF`, which takes a release or an archive); null when absent. */
export async function artifactTypeOf(client: RegistryClient, reference: string): Promise<string | null> {
  const top = await client.getManifest(reference, ACCEPT);
  if (!top) return null;
  const doc = parseJsonDoc(top.bytes, `manifest ${top.digest}`);
  return typeof doc.artifactType === 'string' ? doc.artifactType : '';
}

/**
 * Read the archive at `reference`. Null when there is nothing there, or (with `quiet`) when what is
 * there is not a docket archive, e.g. a release under another tag of the same repository.
 */
export async function readArchive(client: RegistryClient, reference: string, cache: IndexCache | null, quiet = false): Promise<RemoteArchive | null> {
  const shown = `${client.ref.host}/${client.ref.repository}${reference.startsWith('sha256:') ? '@' : ':'}${reference}`;
  const notArchive = (type: string) => {
    if (quiet) return null;
    throw usageError('ENOTARCHIVE', `${shown} is not a docket archive (artifactType ${JSON.stringify(type)})`, { ref: shown });
  };
  const top = await client.getManifest(reference, ACCEPT);
  if (!top) return null;
  let manifests: { bytes: Buffer; digest: Digest }[];
  if (parseJsonDoc(top.bytes, `manifest ${top.digest}`).mediaType === MEDIA.index) {
    const index = readIndex(top.bytes, `index ${top.digest}`);
    if (index.artifactType !== MEDIA.archive) return notArchive(index.artifactType);
    manifests = [];
    for (const d of index.manifests) {
      if (d.mediaType !== MEDIA.manifest) throw usageError('ENOTARCHIVE', `index ${top.digest} lists a ${d.mediaType}, not an image manifest`, { ref: shown });
      const m = await client.getManifest(d.digest, [MEDIA.manifest]);
      if (!m) throw usageError('ENOTFOUND', `manifest ${d.digest} listed by ${shown} is not in the registry`, { digest: d.digest });
      manifests.push(m);
    }
  } else manifests = [top];
  const parts: ImageManifest[] = [];
  for (const m of manifests) {
    const parsed = readManifest(m.bytes, `manifest ${m.digest}`);
    if (parsed.artifactType !== MEDIA.archive) return notArchive(parsed.artifactType);
    parts.push(parsed);
  }
  // Configs: one per part in v1, one shared by every part in v2; each fetched once.
  const configs = new Map<Digest, ReturnType<typeof readArchiveConfig>>();
  for (const p of parts) if (!configs.has(p.config.digest)) configs.set(p.config.digest, readArchiveConfig(await client.getBlob(p.config.digest, p.config.size), `config ${p.config.digest}`));
  const formats = new Set([...configs.values()].map((c) => c.format));
  if (formats.size !== 1) throw findingError('EMANIFEST', `${shown} mixes configs of ${[...formats].join(' and ')}; refused, nothing written`, { ref: shown });
  const format = [...formats][0]!;
  parts.forEach((p, i) => checkArchiveManifest(p, `manifest ${manifests[i]!.digest}`, format));
  const refs: Record<string, Digest> = {};
  for (const c of configs.values()) Object.assign(refs, c.refs);
  const redactions = [...configs.values()].flatMap((c) => ('redactions' in c ? (c.redactions ?? []) : []));
  const base = { reference, digest: top.digest, format, manifests: parts.length, refs, redactions };
  const layers = parts.flatMap((p) => p.layers);
  if (format === ARCHIVE_FORMAT) {
    const bundles = [...new Map(layers.map((l) => [l.digest, l])).values()];
    const bytes = encodePackIndex(
      bundles.map((l) => ({ digest: l.digest, size: l.size })),
      bundles.map((l) => ({ digest: l.digest, pack: l.digest, offset: 0, length: l.size })),
    );
    return { ...base, index: PackIndex.parse(bytes, `the layers of ${shown}`), indexLayer: null };
  }
  const indexLayers = layers.filter((l) => l.mediaType === MEDIA.packIndex);
  if (indexLayers.length !== 1) throw findingError('EMANIFEST', `${shown} names ${indexLayers.length} pack indexes, not one; refused, nothing written`, { ref: shown });
  const indexLayer = indexLayers[0]!;
  const index = PackIndex.parse(await fetchIndex(client, indexLayer, cache), `pack index ${indexLayer.digest} of ${shown}`);
  checkPacksListed(index, layers, shown);
  return { ...base, index, indexLayer };
}

/** The pack index blob, from the cache when it holds these bytes, else fetched (digest and size checked) and cached. */
export async function fetchIndex(client: RegistryClient, layer: Descriptor, cache: IndexCache | null): Promise<Buffer> {
  const cached = cache?.get(layer.digest);
  if (cached && cached.length === layer.size) return cached;
  const bytes = await client.getBlob(layer.digest, layer.size);
  cache?.put(layer.digest, bytes);
  return bytes;
}

/**
 * The packs the index names are exactly the manifests' pack layers, sizes included: a layer keeps its
 * blob alive in the registry, and a pull trusts no size but the one both agree on.
 */
function checkPacksListed(index: PackIndex, layers: Descriptor[], shown: string) {
  const listed = new Map<Digest, number>();
  for (const l of layers) if (l.mediaType === MEDIA.pack) listed.set(l.digest, l.size);
  const bad = (why: string) => findingError('EMANIFEST', `${shown}: ${why}; refused, nothing written`, { ref: shown });
  if (listed.size !== index.packs) throw bad(`the manifests list ${listed.size} packs and the pack index ${index.packs}`);
  for (let p = 0; p < index.packs; p++) {
    const size = listed.get(index.packDigest(p));
    if (size === undefined) throw bad(`pack ${index.packDigest(p)} is in the pack index but no manifest lists it`);
    if (size !== index.packSize(p)) throw bad(`pack ${index.packDigest(p)} is ${size} bytes in the manifest and ${index.packSize(p)} in the pack index`);
  }
}
