import type { Digest } from '../../replay/format/digest.ts';
import { encodeLine, slotKey, type JournalLine } from '../../replay/runs/journal.ts';

/**
 * The seal order (docs/design.md §9 "Sealing"). With N requests in flight, attempt lines land in
 * the working journal in completion order, each fsynced and chained to the one before (that chain is
 * the crash-safe record). A sealed run must not depend on N, so sealing rewrites the lines into one
 * order: slot in plan order, then attempt number. `seq` is renumbered, `prev` re-chained from the
 * plan digest, and the full request body is kept on the first line of each request hash in that
 * order (and dropped from the others). Every other field is the journaled attempt, unchanged.
 *
 * A journal written with one request in flight is already in this order, so this is the identity
 * on it (the shipped runs keep their bytes).
 */
export function sealLines(lines: readonly JournalLine[], slotOrder: readonly string[], planDigest: Digest): { lines: JournalLine[]; head: Digest } {
  const rank = new Map(slotOrder.map((k, i) => [k, i]));
  const bodies = new Map<Digest, JournalLine['request']>();
  for (const l of lines) if (l.request !== undefined && !bodies.has(l.requestHash)) bodies.set(l.requestHash, l.request);
  const rankOf = (l: JournalLine) => rank.get(slotKey(l.slot)) ?? Number.MAX_SAFE_INTEGER;
  // A line of a slot outside the plan cannot come from the recorder; it keeps its journal position
  // behind the planned ones (the sort is stable), and replay names it (ESLOT).
  const sorted = [...lines].sort((a, b) => rankOf(a) - rankOf(b) || a.attempt - b.attempt);
  const seen = new Set<Digest>();
  const out: JournalLine[] = [];
  let prev = planDigest;
  for (const [seq, l] of sorted.entries()) {
    const { request: _drop, seq: _seq, prev: _prev, ...rest } = l;
    const line = { seq, prev, ...rest } as JournalLine;
    if (!seen.has(l.requestHash)) {
      seen.add(l.requestHash);
      const body = bodies.get(l.requestHash);
      if (body !== undefined) line.request = body;
    }
    prev = encodeLine(line).hash;
    out.push(line);
  }
  return { lines: out, head: prev };
}
