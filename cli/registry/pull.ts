import { mkdirSync } from 'node:fs';
import { Archive } from '../../replay/index/archive.ts';
import { BundleError, checkContent, descriptorOf } from '../../replay/format/bundle.ts';
import type { Digest } from '../../replay/format/digest.ts';
import { DocketError, EXIT, usageError, type Code } from '../../replay/errors.ts';
import { finding, type Finding } from '../../replay/findings.ts';
import type { RegistryClient } from './client.ts';
import { checkArchiveManifest, MEDIA, parseJsonDoc, readArchiveConfig, readIndex, readManifest, type Descriptor } from './layout.ts';
import { eachLimit } from './pool.ts';
import { formatRef } from './ref.ts';
import { StorePool } from './store-pool.ts';

export interface PullReport {
  ok: boolean;
  ref: string;
  digest: Digest | null;
  manifests: number;
  blobs: { total: number; present: number; fetched: number; bytes: number };
  refs: { written: number; unchanged: number; conflicts: string[] };
  findings: Finding[];
}

export interface PullOptions {
  concurrency: number;
  replaceRefs: boolean;
  onProgress?: (done: number, total: number) => void;
}

const ACCEPT = [MEDIA.index, MEDIA.manifest];
const POOL_FROM = 32; // blobs: below this, starting threads costs more than it saves
const POOL_SIZE = 3; // fsyncs in flight; more than the cores, since they mostly wait

/** Every manifest of the archive at `ref`, each checked against its digest and docket's layout. */
async function fetchManifests(client: RegistryClient): Promise<{ digest: Digest; parts: { layers: Descriptor[]; config: Descriptor }[] }> {
  const ref = client.ref;
  const reference = ref.digest ?? ref.tag!;
  const top = await client.getManifest(reference, ACCEPT);
  if (!top) throw usageError('ENOTFOUND', `${formatRef(ref)} does not exist in the registry`, { ref: formatRef(ref) });
  let manifests: { bytes: Buffer; digest: Digest }[];
  if (parseJsonDoc(top.bytes, `manifest ${top.digest}`).mediaType === MEDIA.index) {
    const index = readIndex(top.bytes, `index ${top.digest}`);
    if (index.artifactType !== MEDIA.archive)
      throw usageError('ENOTARCHIVE', `${formatRef(ref)} is not a docket archive (artifactType ${JSON.stringify(index.artifactType)})`, { ref: formatRef(ref) });
    manifests = [];
    for (const d of index.manifests) {
      if (d.mediaType !== MEDIA.manifest) throw usageError('ENOTARCHIVE', `index ${top.digest} lists a ${d.mediaType}, not an image manifest`, { ref: formatRef(ref) });
      const m = await client.getManifest(d.digest, [MEDIA.manifest]);
      if (!m) throw usageError('ENOTFOUND', `manifest ${d.digest} listed by ${formatRef(ref)} is not in the registry`, { digest: d.digest });
      manifests.push(m);
    }
  } else manifests = [top];
  const parts = manifests.map((m) => {
    const parsed = readManifest(m.bytes, `manifest ${m.digest}`);
    if (parsed.artifactType !== MEDIA.archive)
      throw usageError('ENOTARCHIVE', `${formatRef(ref)} is not a docket archive (artifactType ${JSON.stringify(parsed.artifactType)})`, { ref: formatRef(ref) });
    checkArchiveManifest(parsed, `manifest ${m.digest}`);
    return { layers: parsed.layers, config: parsed.config };
  });
  return { digest: top.digest, parts };
}

/**
 * Objects already here but not in the index (a pull killed between a worker's durable write and the
 * main thread's index update) are indexed now, from their own checked bytes.
 */
function indexPresent(archive: Archive, layers: Descriptor[], report: PullReport) {
  const idx = archive.index();
  for (const l of layers) {
    if (!archive.store.has(l.digest) || idx.object(l.digest)) continue;
    try {
      const bytes = archive.store.getBytes(l.digest);
      const checked = checkContent(bytes, l.digest);
      archive.putEncoded({ bytes, descriptor: descriptorOf(checked, bytes.length), refs: checked.refs });
    } catch (e) {
      if (!(e instanceof BundleError)) throw e;
      report.findings.push(finding('ECORRUPT', `the local object ${l.digest} is damaged (${e.code}: ${e.message}); run 'docket repair', then pull again`, { digest: l.digest }));
    }
  }
}

export async function pullArchive(client: RegistryClient, archiveDir: string, opts: PullOptions): Promise<PullReport> {
  await client.ping();
  const { digest, parts } = await fetchManifests(client);
  const refs: Record<string, Digest> = {};
  for (const p of parts) {
    const config = readArchiveConfig(await client.getBlob(p.config.digest, p.config.size), `config ${p.config.digest}`);
    Object.assign(refs, config.refs);
  }
  const layers = [...new Map(parts.flatMap((p) => p.layers).map((l) => [l.digest, l])).values()];
  const report: PullReport = {
    ok: false,
    ref: formatRef(client.ref),
    digest,
    manifests: parts.length,
    blobs: { total: layers.length, present: 0, fetched: 0, bytes: 0 },
    refs: { written: 0, unchanged: 0, conflicts: [] },
    findings: [],
  };
  mkdirSync(archiveDir, { recursive: true });
  const archive = new Archive(archiveDir);
  try {
    const missing = layers.filter((l) => !archive.store.has(l.digest));
    report.blobs.present = layers.length - missing.length;
    indexPresent(archive, layers, report);
    let done = 0;
    // Many blobs: check and write them on worker threads, whose fsyncs overlap; a few: right here.
    const pool = missing.length >= POOL_FROM ? new StorePool(archive.dir, POOL_SIZE) : null;
    const refuse = (l: Descriptor, code: Code, message: string) =>
      report.findings.push(finding(code, `blob ${l.digest} is not a valid docket bundle (${message}); refused, nothing written`, { digest: l.digest }));
    try {
      await eachLimit(missing, opts.concurrency, async (l) => {
        try {
          const bytes = await client.getBlob(l.digest, l.size);
          if (pool) {
            const r = await pool.put(bytes, l.digest);
            if (!r.ok) {
              if (r.bundle) refuse(l, r.code, r.message);
              else if (r.exitCode === EXIT.FINDINGS) report.findings.push(finding(r.code, r.message, { digest: l.digest }));
              else throw new DocketError(r.code, r.message, { digest: l.digest }, r.exitCode as 2);
              return;
            }
            archive.putEncoded({ bytes, descriptor: r.descriptor, refs: r.refs }); // already durable: re-hashed, then indexed
          } else {
            const checked = checkContent(bytes, l.digest, l.digest); // gzip, canonical JSON, schema: before the store sees it
            archive.putEncoded({ bytes, descriptor: descriptorOf(checked, bytes.length), refs: checked.refs });
          }
          report.blobs.fetched++;
          report.blobs.bytes += bytes.length;
        } catch (e) {
          if (e instanceof BundleError) refuse(l, e.code, e.message);
          else if (e instanceof DocketError && e.exitCode === EXIT.FINDINGS) report.findings.push(finding(e.code, e.message, { digest: l.digest }));
          else throw e;
        } finally {
          opts.onProgress?.(++done, missing.length);
        }
      });
    } finally {
      pool?.close();
    }
    for (const [name, d] of Object.entries(refs))
      if (!archive.store.has(d)) report.findings.push(finding('EREF', `ref ${name} points to ${d}, which the pull did not bring; ref not written`, { digest: d }));
    if (report.findings.length) return report; // refs only once everything they need is in the store
    for (const [name, d] of Object.entries(refs).sort(([a], [b]) => (a < b ? -1 : 1))) {
      const local = archive.ref(name);
      if (local === d) report.refs.unchanged++;
      else if (local && !opts.replaceRefs) report.refs.conflicts.push(name);
      else {
        archive.setRef(name, d);
        report.refs.written++;
      }
    }
    for (const name of report.refs.conflicts)
      report.findings.push(
        finding('EREFCONFLICT', `ref ${name} is ${archive.ref(name)} here and ${refs[name]} in ${report.ref}; kept the local one (--replace-refs takes the registry's)`, { digest: refs[name]! }),
      );
    report.ok = report.findings.length === 0;
    return report;
  } finally {
    archive.close();
  }
}
