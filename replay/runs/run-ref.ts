import type { Archive } from '../store/archive.ts';
import { usageError } from '../errors.ts';
import { WORK_DIR } from './runs.ts';

/**
 * The one run selector every command takes (issue #22): a run id, a full run digest, or a unique
 * prefix of a run digest (hex, at least 4 characters, with or without `sha256:`).
 */
export function matchRunRef<T>(items: readonly T[], ref: string, id: (t: T) => string, digest: (t: T) => string): { match?: T; candidates: T[] } {
  const exact = items.filter((t) => digest(t) === ref || id(t) === ref);
  if (exact.length) return { match: exact.length === 1 ? exact[0] : undefined, candidates: exact };
  const hex = digestPrefix(ref);
  if (hex === null) return { candidates: [] };
  const byPrefix = items.filter((t) =>
    digest(t)
      .replace(/^sha256:/, '')
      .startsWith(hex),
  );
  return { match: byPrefix.length === 1 ? byPrefix[0] : undefined, candidates: byPrefix };
}

/** The hex of a reference that can be a digest prefix, else null. */
export function digestPrefix(ref: string): string | null {
  const hex = ref.replace(/^sha256:/, '').toLowerCase();
  return /^[0-9a-f]{4,64}$/.test(hex) ? hex : null;
}

export interface SealedRunRef {
  id: string;
  digest: string;
}

/** The sealed runs of an archive (refs/runs/*) with the digest each ref holds; unreadable refs are left to verify/replay. */
export function sealedRunRefs(archive: Archive): SealedRunRef[] {
  const out: SealedRunRef[] = [];
  for (const r of archive.store.listRefs()) {
    if (!r.name.startsWith(`${WORK_DIR}/`)) continue;
    const id = r.name.slice(WORK_DIR.length + 1);
    let digest: string | null = null;
    try {
      digest = archive.ref(r.name);
    } catch {
      digest = null;
    }
    out.push({ id, digest: digest ?? '' });
  }
  return out;
}

/**
 * A reference to the name the run commands use: the run id when it names a sealed run (or a prefix
 * of one's digest), the reference itself otherwise (a full digest of an unreferenced run bundle, or
 * a name the caller reports as missing). An ambiguous prefix is a usage error listing the runs.
 */
export function resolveRunRef(archive: Archive, ref: string): string {
  const runs = sealedRunRefs(archive);
  const found = matchRunRef(
    runs,
    ref,
    (r) => r.id,
    (r) => r.digest,
  );
  if (found.match) return found.match.id;
  if (found.candidates.length > 1)
    throw ambiguousRun(
      ref,
      found.candidates.map((r) => ({ runId: r.id, run: r.digest })),
    );
  return ref;
}

export function ambiguousRun(ref: string, candidates: { runId: string; run: string }[]) {
  return usageError('EAMBIGUOUS', `${ref} matches ${candidates.length} runs: ${candidates.map((r) => `${r.runId} (${r.run})`).join(', ')}; give more digest characters or the run id`, {
    ref,
    candidates: candidates.map((r) => r.run),
  });
}
