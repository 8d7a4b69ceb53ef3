import type { Digest } from '../format/digest.ts';
import type { Archive } from '../store/archive.ts';
import { redactionSummary, type RedactionRecord } from '../store/redaction.ts';

/**
 * Which results rest on redacted evidence (docs/design.md §23): for each root (a run, a grade), the
 * redacted objects it reaches through bundle references, read from the index's `edges` (a redacted
 * object's own references went with its content, so the walk stops at it). Free when the archive
 * holds no redaction record: nothing is read.
 */
export interface RestsOn {
  root: Digest;
  redacted: { digest: Digest; record: RedactionRecord; summary: string }[];
}

export function redactedUnder(archive: Archive, roots: readonly Digest[]): RestsOn[] {
  const records = archive.store.redactions();
  if (!records.length || !roots.length) return [];
  const known = new Set(records.map((r) => r.digest));
  const reach = archive.currentIndex().db.prepare('with recursive r(d) as (select ? union select e.dst from edges e join r on e.src = r.d) select d from r');
  const out: RestsOn[] = [];
  for (const root of [...new Set(roots)]) {
    const hit = (reach.all(root) as { d: Digest }[])
      .map((x) => x.d)
      .filter((d) => known.has(d))
      .sort();
    if (!hit.length) continue;
    out.push({
      root,
      redacted: hit.map((digest) => {
        const record = archive.store.redaction(digest)!;
        return { digest, record, summary: redactionSummary(record) };
      }),
    });
  }
  return out;
}

/** Per named result (a run with its grade, a leaderboard row), the redacted objects its roots reach, merged. */
export interface ResultRests {
  result: string;
  redacted: { digest: Digest; summary: string }[];
}

export function restsByResult(archive: Archive, results: readonly { result: string; roots: readonly (Digest | null | undefined)[] }[]): ResultRests[] {
  if (!archive.store.redactions().length) return [];
  const out: ResultRests[] = [];
  for (const r of results) {
    const seen = new Map<Digest, string>();
    for (const x of redactedUnder(
      archive,
      r.roots.filter((d): d is Digest => !!d),
    ))
      for (const d of x.redacted) seen.set(d.digest, d.summary);
    if (seen.size) out.push({ result: r.result, redacted: [...seen].sort(([a], [b]) => (a < b ? -1 : 1)).map(([digest, summary]) => ({ digest, summary })) });
  }
  return out;
}

/** One hint per result that rests on redacted evidence, then one line per redacted object, for a command's human output. */
export function restsLines(rests: readonly ResultRests[]): string[] {
  return rests.flatMap((r) => [`hint  HREDACTED ${r.result} rests on redacted evidence:`, ...r.redacted.map((x) => `    ${x.digest}: ${x.summary}`)]);
}
