import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Digest } from '../../replay/format/digest.ts';
import { usageError } from '../../replay/errors.ts';
import { finding, type Finding } from '../../replay/findings.ts';
import { Archive } from '../../replay/index/archive.ts';
import { Index } from '../../replay/store/sqlindex.ts';
import { Store } from '../../replay/store/store.ts';
import { tempName } from '../../replay/store/temps.ts';
import { writeRedaction } from '../../replay/store/redaction.ts';
import { readArchive, type RemoteArchive } from './artifact.ts';
import type { RegistryClient } from './client.ts';
import { Committer } from './commit.ts';
import { IndexCache } from './index-cache.ts';
import { bundleChecks, packVerdict, spansOf, streamPack, type Wanted } from './pack-stream.ts';
import { eachBudget, eachLimit } from './pool.ts';
import { formatRef } from './ref.ts';

export interface PullReport {
  ok: boolean;
  ref: string;
  digest: Digest | null; // the top manifest pulled (null with --all-tags)
  tags: string[] | null; // --all-tags: the tags whose archives were pulled
  manifests: number;
  bundles: { total: number; present: number; fetched: number; bytes: number };
  packs: { total: number; fetched: number; bytes: number }; // packs that held a bundle missing here; bytes downloaded
  refs: { written: number; unchanged: number; conflicts: string[] };
  findings: Finding[];
}

export interface PullOptions {
  concurrency: number;
  replaceRefs: boolean;
  allTags?: boolean; // every docket archive in the repository, whatever its tag
  cache?: IndexCache;
  onProgress?: (done: number, total: number) => void;
}

/**
 * What the packs streamed at once may weigh together (a heavier pack alone): each pack its bytes
 * plus PER_BUNDLE for each bundle wanted from it (the per-bundle state a pack holds while it
 * streams, is checked and committed: names, temps, verdicts). Two default packs of large bundles;
 * one at a time of small ones (a 16 MiB pack of 1.5 KB bundles holds ~11,000).
 */
const IN_FLIGHT = 40 * 1024 * 1024;
const PER_BUNDLE = 2048;

/** The archives to pull: the one REF names, or with --all-tags every tag's that is a docket archive. */
async function resolve(client: RegistryClient, opts: PullOptions, cache: IndexCache): Promise<{ archives: RemoteArchive[]; tags: string[] | null }> {
  const ref = client.ref;
  if (!opts.allTags) {
    const a = await readArchive(client, ref.digest ?? ref.tag!, cache);
    if (!a) throw usageError('ENOTFOUND', `${formatRef(ref)} does not exist in the registry`, { ref: formatRef(ref) });
    return { archives: [a], tags: null };
  }
  const tags = (await client.tags()).sort();
  const found: (RemoteArchive | null)[] = new Array(tags.length).fill(null);
  await eachLimit(tags, opts.concurrency, async (t, i) => {
    found[i] = await readArchive(client, t, cache, true);
  });
  const archives = found.filter((a): a is RemoteArchive => a !== null);
  if (!archives.length) throw usageError('ENOTFOUND', `${formatRef(ref)} holds no docket archive under any tag (${tags.length} tags)`, { ref: formatRef(ref) });
  return { archives, tags: tags.filter((_, i) => found[i]) };
}

/**
 * Every bundle of the archives, each once (the first archive that lists it says where), in digest
 * order: a merge of their pack indexes, which are already in that order. `(archive, entry)` pairs.
 */
function* union(archives: RemoteArchive[]): Generator<[number, number]> {
  const at = archives.map(() => 0);
  for (;;) {
    let best = -1;
    for (let s = 0; s < archives.length; s++) {
      if (at[s]! >= archives[s]!.index.entries) continue;
      if (best < 0 || Buffer.compare(archives[s]!.index.rawDigest(at[s]!), archives[best]!.index.rawDigest(at[best]!)) < 0) best = s;
    }
    if (best < 0) return;
    const d = archives[best]!.index.rawDigest(at[best]!);
    yield [best, at[best]!];
    for (let s = 0; s < archives.length; s++) if (at[s]! < archives[s]!.index.entries && archives[s]!.index.rawDigest(at[s]!).equals(d)) at[s]!++;
  }
}

/** Refs of every archive; a name two archives point different ways is a conflict, written by neither. */
function mergeRefs(archives: RemoteArchive[]) {
  const refs = new Map<string, { digest: Digest; from: string }>();
  const clashes: Finding[] = [];
  const clashed = new Set<string>();
  for (const a of archives)
    for (const [name, d] of Object.entries(a.refs)) {
      const had = refs.get(name);
      if (!had) refs.set(name, { digest: d, from: a.reference });
      else if (had.digest !== d && !clashed.has(name)) {
        clashed.add(name);
        clashes.push(finding('EREFCONFLICT', `ref ${name} is ${had.digest} in ${had.from} and ${d} in ${a.reference}; written from neither (pull one tag to take its ref)`, { digest: d }));
      }
    }
  for (const name of clashed) refs.delete(name);
  return { refs: new Map([...refs].map(([n, r]) => [n, r.digest])), clashes };
}

export async function pullArchive(client: RegistryClient, archiveDir: string, opts: PullOptions): Promise<PullReport> {
  await client.ping();
  const cache = opts.cache ?? new IndexCache();
  const { archives, tags } = await resolve(client, opts, cache);
  const report: PullReport = {
    ok: false,
    ref: formatRef(client.ref),
    digest: tags ? null : archives[0]!.digest,
    tags,
    manifests: archives.reduce((n, a) => n + a.manifests, 0),
    bundles: { total: 0, present: 0, fetched: 0, bytes: 0 },
    packs: { total: 0, fetched: 0, bytes: 0 },
    refs: { written: 0, unchanged: 0, conflicts: [] },
    findings: [],
  };
  mkdirSync(archiveDir, { recursive: true });
  const store = new Store(archiveDir);

  // The plan: for each pack holding a bundle that is not here, which entries, each as one number
  // (archive × 2^32 + entry: no object per bundle while a 10^5-bundle plan waits).
  const plan = new Map<Digest, { size: number; entries: number[] }>();
  let needBytes = 0;
  const redactedHere = new Set<string>(store.redactions().map((r) => r.digest)); // never brought back (design.md §23)
  for (const [s, i] of union(archives)) {
    report.bundles.total++;
    const index = archives[s]!.index;
    if (store.has(index.digest(i)) || (redactedHere.size && redactedHere.has(index.digest(i)))) {
      report.bundles.present++;
      continue;
    }
    const p = index.packDigest(index.pack(i));
    let slot = plan.get(p);
    if (!slot) plan.set(p, (slot = { size: index.packSize(index.pack(i)), entries: [] }));
    slot.entries.push(s * 2 ** 32 + i);
    needBytes += index.length(i);
  }
  report.packs.total = plan.size;
  const needed = report.bundles.total - report.bundles.present;

  const checks = bundleChecks(needBytes);
  const committer = new Committer(store);
  const shards = new Set<string>();
  let done = 0;
  try {
    await eachBudget(
      [...plan.entries()],
      opts.concurrency,
      IN_FLIGHT,
      ([, p]) => p.size + p.entries.length * PER_BUNDLE,
      async ([packDigest, { size, entries }]) => {
        const wanted: Wanted[] = entries
          .map((e) => {
            const index = archives[Math.floor(e / 2 ** 32)]!.index;
            const i = e % 2 ** 32;
            const digest = index.digest(i);
            const final = store.objectPath(digest);
            const dir = dirname(final);
            if (!shards.has(dir)) {
              mkdirSync(dir, { recursive: true });
              shards.add(dir);
            }
            return { digest, offset: index.offset(i), length: index.length(i), rel: digest, to: { path: digest, abs: `${dir}/${tempName()}`, mode: 0o644 } };
          })
          .sort((a, b) => a.offset - b.offset);
        const temps = () => {
          for (const w of wanted) rmSync(w.to!.abs, { force: true });
        };
        let problem = null;
        try {
          for (const span of spansOf(size, wanted) ?? [null]) {
            const r = await streamPack(client, { digest: packDigest, size }, wanted, checks, span);
            report.packs.bytes += r.bytes;
            problem ??= r.problem;
            if (r.whole) break;
          }
          report.packs.fetched++;
          await checks.settle();
        } catch (e) {
          await checks.settle().catch(() => {});
          temps();
          throw e;
        }
        const verdict = packVerdict(packDigest, wanted, problem, checks, `pack refused: none of the ${wanted.length} bundles wanted from it was stored`);
        if (!verdict.ok) {
          report.findings.push(...verdict.findings);
          temps();
          return;
        }
        try {
          await committer.commit(wanted.map((w) => ({ temp: w.to!.abs, digest: w.digest })));
        } catch (e) {
          temps();
          throw e;
        }
        report.bundles.fetched += wanted.length;
        report.bundles.bytes += wanted.reduce((n, w) => n + w.length, 0);
        done += wanted.length;
        opts.onProgress?.(done, needed);
      },
    );
  } finally {
    await checks.close();
  }

  // Redaction records (design.md §23): written where the object is not stored; a local copy that
  // still holds the content is left to `docket redact` (pull never deletes).
  for (const r of archives.flatMap((a) => a.redactions)) {
    if (store.has(r.digest)) {
      report.findings.push(
        finding(
          'HREDACTED',
          `${report.ref} redacted ${r.digest}, but this archive still holds its content: \`docket redact ${r.digest} --reason …\` takes it out here too`,
          { digest: r.digest },
          'hint',
        ),
      );
    } else writeRedaction(archiveDir, r);
  }
  const { refs, clashes } = mergeRefs(archives);
  for (const [name, d] of refs)
    if (!store.has(d) && !store.redaction(d)) report.findings.push(finding('EREF', `ref ${name} points to ${d}, which the pull did not bring; ref not written`, { digest: d }));
  if (report.findings.some((f) => f.severity === 'error')) return report; // refs only once everything they need is in the store
  for (const [name, d] of [...refs].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const local = store.readRef(name);
    if (local === d) report.refs.unchanged++;
    else if (local && !opts.replaceRefs) report.refs.conflicts.push(name);
    else {
      store.writeRef(name, d);
      report.refs.written++;
    }
  }
  // An index already here is kept in step (a fresh pull makes none: it is a cache, built on first use).
  if (Index.exists(archiveDir)) {
    const archive = new Archive(archiveDir);
    try {
      archive.currentIndex();
    } finally {
      archive.close();
    }
  }
  for (const name of report.refs.conflicts)
    report.findings.push(
      finding('EREFCONFLICT', `ref ${name} is ${store.readRef(name)} here and ${refs.get(name)} in ${report.ref}; kept the local one (--replace-refs takes the registry's)`, {
        digest: refs.get(name)!,
      }),
    );
  report.findings.push(...clashes);
  report.ok = !report.findings.some((f) => f.severity === 'error');
  return report;
}
