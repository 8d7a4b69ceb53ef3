import { hexOf, sha256, type Digest } from '../../replay/format/digest.ts';
import type { RegistryClient } from './client.ts';
import { imageManifest, jsonBytes, MEDIA, readIndex, TITLE, type Descriptor } from './layout.ts';
import { ensureBlob, type BlobCounts } from './push.ts';
import { EMPTY_CONFIG } from './release.ts';

/**
 * Attestations attached to a release in a registry as OCI referrers (docs/design.md §19, §22): one
 * image manifest per DSSE envelope, artifactType application/vnd.docket.attestation.v1, the empty
 * config, one layer (the envelope, application/vnd.dsse.envelope.v1+json) and `subject` = the
 * release manifest. A registry with the OCI 1.1 referrers API indexes it (it answers OCI-Subject);
 * on one without (Distribution 2.8), the distribution spec's referrers tag schema stands in: the
 * image index tagged `sha256-<hex of the subject>` lists every referrer, and docket adds its
 * manifest to it (read, add, write: two pushes at once to one release may lose one entry, which
 * pushing again restores).
 */
export const ATTESTATION_ARTIFACT = 'application/vnd.docket.attestation.v1';
export const PREDICATE_ANNOTATION = 'in-toto.io/predicate-type';
export const referrersTag = (d: Digest) => `sha256-${hexOf(d)}`;

export interface AttestationToAttach {
  envelope: Buffer; // the DSSE envelope's JSON bytes
  predicateType: string;
  about: string; // what the statement is about, for the title (a run id, the tarball's name)
}

export interface AttachedReferrer {
  digest: Digest; // the referrer manifest
  predicateType: string;
  about: string;
  attached: 'referrer' | 'tag';
  tag: string | null;
}

export async function attachAttestations(client: RegistryClient, subject: Descriptor, list: AttestationToAttach[], counts: BlobCounts, chunkSize: number): Promise<AttachedReferrer[]> {
  const out: AttachedReferrer[] = [];
  if (!list.length) return out;
  counts.total++;
  await ensureBlob(client, { ...EMPTY_CONFIG, bytes: Buffer.from('{}') }, counts, chunkSize);
  for (const a of list) {
    const layer = { mediaType: MEDIA.dsse, digest: sha256(a.envelope), size: a.envelope.length };
    counts.total++;
    await ensureBlob(client, { ...layer, bytes: a.envelope }, counts, chunkSize);
    const annotations = { [PREDICATE_ANNOTATION]: a.predicateType };
    const bytes = imageManifest(ATTESTATION_ARTIFACT, EMPTY_CONFIG, [{ ...layer, annotations: { [TITLE]: `${a.about}.intoto.json` } }], { subject, annotations });
    const put = await client.putManifest(sha256(bytes), bytes, MEDIA.manifest);
    const descriptor: Descriptor = { mediaType: MEDIA.manifest, digest: put.digest, size: bytes.length, artifactType: ATTESTATION_ARTIFACT, annotations };
    if (put.subject) out.push({ digest: put.digest, predicateType: a.predicateType, about: a.about, attached: 'referrer', tag: null });
    else {
      await addToReferrersTag(client, subject.digest, descriptor);
      out.push({ digest: put.digest, predicateType: a.predicateType, about: a.about, attached: 'tag', tag: referrersTag(subject.digest) });
    }
  }
  return out;
}

/** The referrers tag schema (OCI distribution spec 1.1): the index under sha256-<hex> lists the subject's referrers. */
async function addToReferrersTag(client: RegistryClient, subject: Digest, d: Descriptor) {
  const tag = referrersTag(subject);
  const got = await client.getManifest(tag, [MEDIA.index]);
  const manifests = got ? readIndex(got.bytes, `referrers tag ${tag}`).manifests : [];
  if (manifests.some((m) => m.digest === d.digest)) return;
  await client.putManifest(tag, jsonBytes({ schemaVersion: 2, mediaType: MEDIA.index, manifests: [...manifests, d] }), MEDIA.index);
}

/** The attestation referrers of a manifest: the referrers API when the registry has one, else the referrers tag. */
export async function listAttestations(client: RegistryClient, subject: Digest): Promise<Descriptor[]> {
  const api = await client.referrers(subject);
  const idx = api ?? (await client.getManifest(referrersTag(subject), [MEDIA.index]))?.bytes ?? null;
  if (!idx) return [];
  return readIndex(idx, `referrers of ${subject}`).manifests.filter((m) => m.artifactType === ATTESTATION_ARTIFACT);
}
