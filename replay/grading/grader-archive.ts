import type { Archive } from '../store/archive.ts';
import { encodeBundle } from '../format/bundle.ts';
import { isDigest, type Digest } from '../format/digest.ts';
import { DocketError, findingError, usageError } from '../errors.ts';
import { RUNTIME, sandboxedGrade } from './grader-sandbox.ts';
import { graderDigest, type Grader, type GraderSource } from './graders.ts';
import type { Json } from '../format/json.ts';

/**
 * Archived graders (docs/design.md §10): a `grader` bundle holds a grader's identity and the exact
 * text of its grading code, so any grade record's grader can be re-run from the archive alone.
 * Every grade record written by `regrade` names the bundle of its grader (`grader.bundle`).
 */
export interface GraderBundleValue {
  kind: 'grader';
  schemaVersion: 1;
  id: string;
  version: number;
  config: Json;
  description: string;
  digest: Digest;
  runtime: typeof RUNTIME;
  source: GraderSource;
}

export function graderBundleValue(g: Grader): GraderBundleValue {
  return { kind: 'grader', schemaVersion: 1, id: g.id, version: g.version, config: g.config, description: g.description, digest: g.digest, runtime: RUNTIME, source: { ...g.source } };
}

const bundleDigests = new WeakMap<Grader, Digest>();
/** The digest the grader's bundle has (pure: the encoding is deterministic). */
export function graderBundleDigest(g: Grader): Digest {
  let d = bundleDigests.get(g);
  if (!d) bundleDigests.set(g, (d = encodeBundle(graderBundleValue(g)).descriptor.digest));
  return d;
}

/** Store a grader's bundle (idempotent: same grader, same bytes, same digest). */
export function archiveGrader(archive: Archive, g: Grader): Digest {
  return archive.put(graderBundleValue(g)).digest;
}

/**
 * A grader from its archived bundle: the identity is recomputed from the stored source (a bundle
 * whose source does not hash to its `digest` is EGRADERBUNDLE, exit 1) and `grade` runs that source
 * in the sandbox (grader-sandbox.ts), never docket's own copy.
 */
export function loadArchivedGrader(archive: Archive, bundle: Digest): Grader {
  const d = archive.get(bundle);
  if (d.descriptor.kind !== 'grader') throw findingError('EKIND', `${bundle} is a ${d.descriptor.kind} bundle, not a grader`, { digest: bundle });
  const v = d.value as unknown as GraderBundleValue;
  const ref = `${v.id}@${v.version}`;
  const actual = graderDigest(v.id, v.version, v.config, v.source);
  if (actual !== v.digest) throw findingError('EGRADERBUNDLE', `grader bundle ${bundle} (${ref}) claims digest ${v.digest}, but its source hashes to ${actual}`, { bundle, claimed: v.digest, actual });
  const grade = sandboxedGrade(v, `archived grader ${ref} ${v.digest} (bundle ${bundle})`);
  return Object.freeze({ id: v.id, version: v.version, config: v.config, digest: v.digest, description: v.description, source: Object.freeze({ ...v.source }), file: null, grade });
}

/** The bundle digests of every archived grader with this identity digest. */
export function graderBundlesFor(archive: Archive, digest: Digest): Digest[] {
  const out: Digest[] = [];
  const idx = archive.index();
  const indexed = new Set<string>();
  const consider = (bundle: Digest) => {
    const v = archive.get(bundle).value as unknown as GraderBundleValue;
    if (v.kind === 'grader' && v.digest === digest) out.push(bundle);
  };
  for (const row of idx.objects('grader')) consider(row.digest);
  if (out.length) return out;
  // The index is a cache and may predate objects copied in since: look at what it does not know.
  for (const row of idx.objects()) indexed.add(row.digest);
  for (const o of archive.store.list().objects) {
    if (indexed.has(o.digest)) continue;
    try {
      if (archive.get(o.digest).descriptor.kind === 'grader') consider(o.digest);
    } catch (e) {
      if (!(e instanceof DocketError)) throw e; // a damaged object is verify's finding, not this lookup's
    }
  }
  return out;
}

/** The archived grader with this identity digest (EGRADERNOTARCHIVED when the archive holds none), re-run from its bundle. */
export function archivedGraderByDigest(archive: Archive, spec: string): Grader {
  if (!isDigest(spec)) throw usageError('EGRADER', `--grader ${spec}: not a digest (sha256: + 64 lowercase hex) nor a grader ref`, { ref: spec });
  const [bundle] = graderBundlesFor(archive, spec);
  if (!bundle)
    throw findingError(
      'EGRADERNOTARCHIVED',
      `no grader with digest ${spec} is archived in ${archive.dir}; graders are archived by \`docket regrade\`. A grade record written before docket #18 names a digest whose source was not archived: re-run that version's pinned code by its ref instead (e.g. --grader decision@1)`,
      { digest: spec },
    );
  return loadArchivedGrader(archive, bundle);
}
