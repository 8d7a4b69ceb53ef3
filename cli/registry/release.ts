import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { hexOf, sha256, type Digest } from '../../replay/format/digest.ts';
import { findingError, usageError } from '../../replay/errors.ts';
import { LIMITS, MANIFEST_NAME, SIG_NAME } from '../../replay/release/limits.ts';
import { MAX_OBJECT_BYTES } from '../../replay/format/bundle.ts';
import type { RegistryClient } from './client.ts';
import { imageManifest, jsonBytes, MEDIA, readManifest, readIndex, RELEASE_FORMAT, TITLE, type Descriptor } from './layout.ts';
import { ensureBlob, type BlobCounts } from './push.ts';
import { formatRef } from './ref.ts';
import { attachAttestations, type AttachedReferrer, type AttestationToAttach } from './referrers.ts';

/**
 * A release in a registry (docs/design.md "Registries"): an image manifest, artifactType
 * application/vnd.docket.release.v1, whose layers are the tarball and its MANIFEST.json; the DSSE
 * signature (MANIFEST.sig.json) is a second manifest whose `subject` is the release, found through
 * the referrers API or, where the registry has none, the tag sha256-<hex of the release>.sig.
 */
export const EMPTY_CONFIG: Descriptor = { mediaType: 'application/vnd.oci.empty.v1+json', digest: sha256('{}'), size: 2 };
export const sigTag = (d: Digest) => `sha256-${hexOf(d)}.sig`;

export interface ReleasePushReport {
  ok: true;
  ref: string;
  digest: Digest; // the release manifest
  tarball: Digest;
  signature: { digest: Digest; attached: 'referrer' | 'tag'; tag: string | null } | null;
  attestations: AttachedReferrer[]; // referrers.ts
  blobs: BlobCounts;
}

/** Push a release that `docket verify` has just passed (`tree`: its verified decision-verification/ directory). */
export async function pushRelease(client: RegistryClient, file: string, tarball: Digest, tree: string, chunkSize: number, attestations: AttestationToAttach[] = []): Promise<ReleasePushReport> {
  const ref = client.ref;
  if (!ref.tag || ref.digest) throw usageError('EREF', `release push names its target by tag: ${formatRef(ref)}`);
  await client.ping();
  const counts: BlobCounts = { total: 0, present: 0, uploaded: 0, bytes: 0 };
  const tgz = { mediaType: MEDIA.releaseTarball, digest: tarball, size: statSync(file).size };
  const manifestBytes = readFileSync(join(tree, MANIFEST_NAME));
  const sigPath = join(tree, SIG_NAME);
  const sigBytes = existsSync(sigPath) ? readFileSync(sigPath) : null;
  const manifestLayer = { mediaType: MEDIA.releaseManifest, digest: sha256(manifestBytes), size: manifestBytes.length };
  const configBytes = jsonBytes({ format: RELEASE_FORMAT, tarball: tgz.digest, manifest: manifestLayer.digest, signed: !!sigBytes });
  const config = { mediaType: MEDIA.releaseConfig, digest: sha256(configBytes), size: configBytes.length };
  for (const b of [
    { ...tgz, path: file },
    { ...manifestLayer, bytes: manifestBytes },
    { ...config, bytes: configBytes },
  ]) {
    counts.total++;
    await ensureBlob(client, b, counts, chunkSize);
  }
  const layers: Descriptor[] = [
    { ...tgz, annotations: { [TITLE]: basename(file) } },
    { ...manifestLayer, annotations: { [TITLE]: MANIFEST_NAME } },
  ];
  const releaseBytes = imageManifest(MEDIA.release, config, layers);
  const release = await client.putManifest(ref.tag, releaseBytes, MEDIA.manifest);
  let signature: ReleasePushReport['signature'] = null;
  if (sigBytes) {
    const sigLayer = { mediaType: MEDIA.dsse, digest: sha256(sigBytes), size: sigBytes.length };
    for (const b of [
      { ...EMPTY_CONFIG, bytes: Buffer.from('{}') },
      { ...sigLayer, bytes: sigBytes },
    ]) {
      counts.total++;
      await ensureBlob(client, b, counts, chunkSize);
    }
    const subject = { mediaType: MEDIA.manifest, digest: release.digest, size: releaseBytes.length };
    const sigManifest = imageManifest(MEDIA.signature, EMPTY_CONFIG, [{ ...sigLayer, annotations: { [TITLE]: SIG_NAME } }], { subject });
    const put = await client.putManifest(sha256(sigManifest), sigManifest, MEDIA.manifest);
    if (put.subject) signature = { digest: put.digest, attached: 'referrer', tag: null };
    else {
      // No OCI 1.1 referrers here (the registry did not answer OCI-Subject): the tag cosign uses.
      await client.putManifest(sigTag(release.digest), sigManifest, MEDIA.manifest);
      signature = { digest: put.digest, attached: 'tag', tag: sigTag(release.digest) };
    }
  }
  const subject = { mediaType: MEDIA.manifest, digest: release.digest, size: releaseBytes.length };
  const attached = await attachAttestations(client, subject, attestations, counts, chunkSize);
  return { ok: true, ref: formatRef(ref), digest: release.digest, tarball: tgz.digest, signature, attestations: attached, blobs: counts };
}

export interface FetchedRelease {
  dir: string; // a private temp directory; the caller removes it
  file: string; // the tarball, digest-checked
  manifestDigest: Digest;
  manifestJson: Buffer; // the MANIFEST.json layer
  signature: Buffer | null; // the DSSE envelope found as a referrer or under the .sig tag
  cleanup: () => void;
}

/** Fetch a release for `docket verify REF`: every blob checked against its digest before it is used. */
export async function fetchRelease(client: RegistryClient): Promise<FetchedRelease> {
  await client.ping();
  const reference = client.ref.digest ?? client.ref.tag!;
  const got = await client.getManifest(reference, [MEDIA.manifest]);
  if (!got) throw usageError('ENOTFOUND', `${formatRef(client.ref)} does not exist in the registry`, { ref: formatRef(client.ref) });
  const m = readManifest(got.bytes, `manifest ${got.digest}`);
  if (m.artifactType !== MEDIA.release)
    throw usageError('ENOTRELEASE', `${formatRef(client.ref)} is not a docket release (artifactType ${JSON.stringify(m.artifactType)})`, { ref: formatRef(client.ref) });
  const tgz = m.layers.find((l) => l.mediaType === MEDIA.releaseTarball);
  const man = m.layers.find((l) => l.mediaType === MEDIA.releaseManifest);
  if (!tgz || !man) throw findingError('EMANIFEST', `release ${got.digest} lacks its ${!tgz ? 'tarball' : 'MANIFEST.json'} layer`, { digest: got.digest });
  if (tgz.size > LIMITS.fileBytes || man.size > MAX_OBJECT_BYTES) throw findingError('ESIZE', `release ${got.digest} lists a layer over docket's release caps`, { digest: got.digest });
  const dir = mkdtempSync(join(tmpdir(), '.docket-fetch-'));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    const file = join(dir, 'decision-verification.tgz');
    const fd = openSync(file, 'wx', 0o600);
    try {
      await client.getBlobToFile(tgz.digest, tgz.size, fd);
    } finally {
      closeSync(fd);
    }
    const manifestJson = await client.getBlob(man.digest, man.size);
    const signature = await findSignature(client, got.digest);
    return { dir, file, manifestDigest: got.digest, manifestJson, signature, cleanup };
  } catch (e) {
    cleanup();
    throw e;
  }
}

async function findSignature(client: RegistryClient, subject: Digest): Promise<Buffer | null> {
  let sigManifest: Digest | null = null;
  const referrers = await client.referrers(subject);
  if (referrers) {
    const idx = readIndex(referrers, `referrers of ${subject}`);
    sigManifest = idx.manifests.find((d) => d.artifactType === MEDIA.signature)?.digest ?? null;
  }
  const got = await client.getManifest(sigManifest ?? sigTag(subject), [MEDIA.manifest]);
  if (!got) return null;
  const m = readManifest(got.bytes, `signature manifest ${got.digest}`);
  if (m.artifactType !== MEDIA.signature || m.subject?.digest !== subject)
    throw findingError('ESIGREF', `the signature manifest ${got.digest} does not name release ${subject} as its subject`, { digest: got.digest });
  const layer = m.layers.find((l) => l.mediaType === MEDIA.dsse);
  if (!layer) throw findingError('ESIGREF', `the signature manifest ${got.digest} has no ${MEDIA.dsse} layer`, { digest: got.digest });
  return client.getBlob(layer.digest, layer.size);
}
