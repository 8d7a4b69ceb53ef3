import type { Digest } from '../../replay/format/digest.ts';
import { usageError } from '../../replay/errors.ts';
import { finding, type Finding } from '../../replay/findings.ts';
import { readArchive } from './artifact.ts';
import type { RegistryClient } from './client.ts';
import { IndexCache } from './index-cache.ts';
import { bundleChecks, packVerdict, streamPack, type Wanted } from './pack-stream.ts';
import { eachLimit } from './pool.ts';
import { formatRef } from './ref.ts';

/**
 * `docket verify HOST/REPO:TAG` of an archive: every pack streamed and every bundle checked as a
 * pull checks it (digest, strict gzip, capped inflate, canonical JSON, schema), each pack's own size
 * and digest, and every reference (the refs in the config, and each bundle's references to others)
 * resolved inside the artifact. Read-only: nothing is written anywhere but the pack-index cache.
 */
export interface RemoteVerifyReport {
  ok: boolean;
  ref: string;
  digest: Digest;
  format: string;
  manifests: number;
  packs: number;
  bundles: number;
  bytes: number; // downloaded
  refs: number;
  findings: Finding[];
}

export async function verifyRemoteArchive(client: RegistryClient, opts: { concurrency: number; cache?: IndexCache; onProgress?: (done: number, total: number) => void }): Promise<RemoteVerifyReport> {
  await client.ping();
  const ref = client.ref;
  const a = await readArchive(client, ref.digest ?? ref.tag!, opts.cache ?? new IndexCache());
  if (!a) throw usageError('ENOTFOUND', `${formatRef(ref)} does not exist in the registry`, { ref: formatRef(ref) });
  const x = a.index;
  const byPack: number[][] = Array.from({ length: x.packs }, () => []);
  let total = 0;
  for (let i = 0; i < x.entries; i++) {
    byPack[x.pack(i)]!.push(i);
    total += x.length(i);
  }
  const report: RemoteVerifyReport = {
    ok: false,
    ref: formatRef(ref),
    digest: a.digest,
    format: a.format,
    manifests: a.manifests,
    packs: x.packs,
    bundles: x.entries,
    bytes: 0,
    refs: Object.keys(a.refs).length,
    findings: [],
  };
  // Digests the artifact's redaction records stand in for (design.md §23): references to them resolve.
  const redacted = new Set<string>(a.redactions.map((r) => r.digest));
  const checks = bundleChecks(total);
  let done = 0;
  try {
    await eachLimit(byPack, opts.concurrency, async (entries, p) => {
      const wanted: Wanted[] = entries.map((i) => ({ digest: x.digest(i), offset: x.offset(i), length: x.length(i), rel: x.digest(i) })).sort((u, v) => u.offset - v.offset);
      const pack = { digest: x.packDigest(p), size: x.packSize(p) };
      const r = await streamPack(client, pack, wanted, checks, null);
      report.bytes += r.bytes;
      await checks.settle();
      const verdict = packVerdict(pack.digest, wanted, r.problem, checks, 'a pull would store none of this pack');
      report.findings.push(...verdict.findings);
      for (const res of verdict.results)
        for (const to of res.refs ?? [])
          if (x.find(to.digest as Digest) < 0 && !redacted.has(to.digest))
            report.findings.push(finding('EREF', `bundle ${res.digest} refers to ${to.digest}, which ${report.ref} does not hold`, { digest: res.digest }));
      opts.onProgress?.((done += wanted.length), x.entries);
    });
  } finally {
    await checks.close();
  }
  for (const [name, d] of Object.entries(a.refs))
    if (x.find(d) < 0 && !redacted.has(d)) report.findings.push(finding('EREF', `ref ${name} points to ${d}, which ${report.ref} does not hold`, { digest: d }));
  report.ok = report.findings.length === 0;
  return report;
}
