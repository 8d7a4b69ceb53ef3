import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { Digest } from '../format/digest.ts';
import { findingError } from '../errors.ts';
import { canonicalText, parseCanonical, type Json } from '../format/json.ts';
import { DocketError } from '../errors.ts';
import type { Archive } from '../store/archive.ts';
import { checkLine, encodeLine, JournalTally, slotKey, type JournalLine } from './journal.ts';
import { JOURNAL_FILE, readWorkJournal, runValue, SEGMENT_LINES, segmentValue, slotsOf, tryCache, type PlanValue, type RunValue, type SealedStatus } from './runs.ts';

/**
 * The seal order (docs/design.md §9 "Seal order"). With N requests in flight, attempt lines land in
 * the working journal in completion order, each fsynced and chained to the one before (that chain is
 * the crash-safe record). A sealed run must not depend on N, so sealing rewrites the lines into one
 * order: slot in plan order, then attempt number. `seq` is renumbered, `prev` re-chained from the
 * plan digest, and the full request body is kept on the first line of each request hash in that
 * order (and dropped from the others). Every other field is the journaled attempt, unchanged.
 *
 * A journal written with one request in flight is already in this order, so this is the identity
 * on it (the shipped runs keep their bytes).
 */

/** Renumbers and re-chains lines given in the seal order, one at a time. */
class Rechain {
  private readonly seen = new Set<Digest>();
  private seq = 0;
  head: Digest;
  constructor(
    planDigest: Digest,
    private readonly bodyOf: (hash: Digest) => Json | undefined,
  ) {
    this.head = planDigest;
  }

  next(l: JournalLine): JournalLine {
    const { request: _drop, seq: _seq, prev: _prev, ...rest } = l;
    const line = { seq: this.seq++, prev: this.head, ...rest } as JournalLine;
    if (!this.seen.has(l.requestHash)) {
      this.seen.add(l.requestHash);
      const body = this.bodyOf(l.requestHash);
      if (body !== undefined) line.request = body as JournalLine['request'];
    }
    this.head = encodeLine(line).hash;
    return line;
  }
}

/** The seal order of lines held in memory (a sort). */
export function sealLines(lines: readonly JournalLine[], slotOrder: readonly string[], planDigest: Digest): { lines: JournalLine[]; head: Digest } {
  const rank = new Map(slotOrder.map((k, i) => [k, i]));
  const bodies = new Map<Digest, Json>();
  for (const l of lines) if (l.request !== undefined && !bodies.has(l.requestHash)) bodies.set(l.requestHash, l.request);
  const rankOf = (l: JournalLine) => rank.get(slotKey(l.slot)) ?? Number.MAX_SAFE_INTEGER;
  // A line of a slot outside the plan cannot come from the recorder; it keeps its journal position
  // behind the planned ones (the sort is stable), and replay names it (ESLOT).
  const sorted = [...lines].sort((a, b) => rankOf(a) - rankOf(b) || a.attempt - b.attempt);
  const chain = new Rechain(planDigest, (h) => bodies.get(h));
  const out = sorted.map((l) => chain.next(l));
  return { lines: out, head: chain.head };
}

export interface SealedStream {
  head: Digest; // the sealed chain's head
  lines: number;
  /** How the lines were put in order: already in it (passed through), re-read from the file by offset, or (a journal the recorder cannot write) sorted in memory. */
  reorder: 'none' | 'offsets' | 'memory';
  buffered: number; // the most lines waiting at once for their slot's turn (as file offsets)
}

/**
 * Stream a working journal (checked against its head record) in the seal order: `emit` gets each
 * sealed line, in order. Memory does not grow with the journal:
 *
 * - One pass counts each slot's lines and checks whether the journal is already in the seal order
 *   (it is when one request was in flight): then a second pass hands the lines on as they are.
 * - Otherwise the second pass hands each line on when its slot's turn has come, and keeps only the
 *   file offset and length of a line that arrives early; when its slot's turn comes, it is read
 *   again from the file. A slot's lines are in attempt order in the journal (a slot stays with one
 *   request loop, and resume continues its attempt numbers), so a slot's turn ends after the
 *   number of lines the first pass counted. What waits is the lines written while an earlier slot
 *   was still open: about N slots' worth in a run recorded at N, 16 bytes each.
 * - A journal the recorder cannot have written (a line of a slot outside the plan, or a slot's
 *   attempts out of order) is sorted in memory, as `sealLines` does.
 *
 * The sealed lines are the same in every case (seal-order.test.ts holds the three to each other).
 */
export function streamSealed(dir: string, planDigest: Digest, slotOrder: readonly string[], emit: (l: JournalLine) => void): SealedStream {
  const rank = new Map(slotOrder.map((k, i) => [k, i]));
  const counts = new Uint32Array(slotOrder.length);
  const lastAttempt = new Float64Array(slotOrder.length).fill(-1);
  const bodies = new Map<Digest, Json>();
  let inOrder = true;
  let sortable = true; // every line in the plan, and each slot's attempts increasing
  let lastRank = -1;
  let lastRankAttempt = -1;
  const first = readWorkJournal(dir, planDigest, (l) => {
    const r = rank.get(slotKey(l.slot));
    if (l.request !== undefined && !bodies.has(l.requestHash)) bodies.set(l.requestHash, l.request);
    if (r === undefined) {
      sortable = inOrder = false;
      return;
    }
    if (r < lastRank || (r === lastRank && l.attempt < lastRankAttempt)) inOrder = false;
    lastRank = r;
    lastRankAttempt = l.attempt;
    if (l.attempt <= lastAttempt[r]!) sortable = false;
    lastAttempt[r] = l.attempt;
    counts[r]!++;
  });
  if (inOrder) {
    const r = readWorkJournal(dir, planDigest, emit);
    return { head: r.head, lines: r.count, reorder: 'none', buffered: 0 };
  }
  const chain = new Rechain(planDigest, (h) => bodies.get(h));
  if (!sortable) {
    const all: JournalLine[] = [];
    readWorkJournal(dir, planDigest, (l) => all.push(l));
    const sealed = sealLines(all, slotOrder, planDigest);
    sealed.lines.forEach(emit);
    return { head: sealed.head, lines: sealed.lines.length, reorder: 'memory', buffered: all.length };
  }
  const path = join(dir, JOURNAL_FILE);
  const fd = openSync(path, 'r');
  try {
    const waiting = new Map<number, number[]>(); // slot rank → [offset, length, offset, length, …] in journal order
    let held = 0;
    let buffered = 0;
    let turn = 0; // the slot whose lines are handed on now
    let done = 0; // its lines handed on so far
    let pos = 0; // file offset of the line being visited
    const give = (l: JournalLine) => {
      emit(chain.next(l));
      done++;
    };
    /** Past every slot whose lines are all handed on; the next slot's early lines are read back first. */
    const advance = () => {
      while (turn < counts.length && done === counts[turn]) {
        turn++;
        done = 0;
        const early = waiting.get(turn);
        if (!early) continue;
        waiting.delete(turn);
        held -= early.length / 2;
        for (let i = 0; i < early.length; i += 2) give(readBack(fd, path, early[i]!, early[i + 1]!));
      }
    };
    advance(); // slots with no line at all
    const second = readWorkJournal(dir, planDigest, (l) => {
      const length = Buffer.byteLength(canonicalText(l)) + 1; // a committed line is its canonical text and "\n"
      const r = rank.get(slotKey(l.slot))!;
      if (r === turn) {
        give(l);
        advance();
      } else {
        const list = waiting.get(r) ?? [];
        list.push(pos, length);
        waiting.set(r, list);
        buffered = Math.max(buffered, ++held);
      }
      pos += length;
    });
    if (second.count !== first.count || held !== 0 || turn !== counts.length)
      throw findingError('EJOURNAL', `${path}: the journal changed while it was being sealed (${first.count} lines, then ${second.count}; ${held} left unsealed)`, { path });
    return { head: chain.head, lines: second.count, reorder: 'offsets', buffered };
  } finally {
    closeSync(fd);
  }
}

/** One committed line, read again at its offset: it must be exactly one line there. */
function readBack(fd: number, path: string, offset: number, length: number): JournalLine {
  const buf = Buffer.allocUnsafe(length);
  let n = 0;
  while (n < length) {
    const got = readSync(fd, buf, n, length - n, offset + n);
    if (got === 0) break;
    n += got;
  }
  const nl = buf.indexOf(0x0a);
  if (n !== length || nl !== length - 1) throw findingError('EJOURNAL', `${path}: the line at byte ${offset} is no longer where it was read (the journal changed while it was being sealed)`, { path });
  return checkLine(parseCanonical(buf.subarray(0, nl)), 0);
}

// ---- sealing a working directory into run bundles ----

export interface SealInput {
  runId: string;
  dir: string; // the working directory
  planDigest: Digest;
  plan: PlanValue;
  status: SealedStatus;
  stopReason: string | null;
  startedAt: string;
  sealedAt: string;
  docketVersion: string;
  planRecord?: Digest | null; // the registered plan it ran (--plan); null: unregistered
}

export interface Sealed {
  digest: Digest;
  run: RunValue;
  /** The run bundle was already in the store (a seal killed before its ref was written): adopted, not written again. */
  adopted: boolean;
}

/** The plan's slots in order, as the seal order ranks them. */
export const slotOrder = (plan: Pick<PlanValue, 'questions' | 'permutations' | 'repetitions' | 'tasks' | 'judge'>): string[] => slotsOf(plan).map(slotKey);

/**
 * Seal a working directory (docs/design.md §9): what is on disk, re-read and re-checked against its
 * head record, in the seal order, one segment's lines at a time; then the run bundle and
 * refs/runs/<id>. One run id has at most one sealed bundle: before the run bundle is written, the
 * store is searched for one already sealed from this journal (a seal killed between the bundle's
 * link and the ref's rename); that one is adopted and its ref written. A sealed bundle of the id
 * from another journal is ESEALED, and nothing is written.
 */
export function sealRun(archive: Archive, s: SealInput): Sealed {
  const tally = new JournalTally();
  const segments: Digest[] = [];
  let batch: JournalLine[] = [];
  const flush = () => {
    if (batch.length) segments.push(archive.put(segmentValue(s.runId, tally.attempts - batch.length, batch)).digest);
    batch = [];
  };
  const { head } = streamSealed(s.dir, s.planDigest, slotOrder(s.plan), (l) => {
    tally.add(l);
    batch.push(l);
    if (batch.length === SEGMENT_LINES) flush();
  });
  flush();
  const existing = sealedBundles(archive, s.runId);
  const same = existing.find((e) => e.run.head === head && e.run.plan === s.planDigest);
  if (same) {
    archive.setRef(`runs/${s.runId}`, same.digest);
    return { ...same, adopted: true };
  }
  if (existing.length) throw otherSeal(s.runId, existing[0]!.digest, s.dir);
  const run = runValue({
    id: s.runId,
    planDigest: s.planDigest,
    plan: s.plan,
    summary: tally.summary(),
    head,
    segments,
    status: s.status,
    stopReason: s.stopReason,
    startedAt: s.startedAt,
    sealedAt: s.sealedAt,
    docketVersion: s.docketVersion,
    planRecord: s.planRecord,
  });
  const digest = archive.put(run).digest;
  archive.setRef(`runs/${s.runId}`, digest);
  return { digest, run, adopted: false };
}

/**
 * The run bundle already sealed from this working directory's journal, if a seal was killed before
 * its ref was written (resume adopts it instead of recording on); null when there is none.
 * ESEALED when the store holds a sealed bundle of this id from another journal.
 */
export function sealedFromJournal(archive: Archive, runId: string, dir: string, planDigest: Digest, plan: PlanValue): { digest: Digest; run: RunValue } | null {
  const existing = sealedBundles(archive, runId);
  if (!existing.length) return null;
  const { head } = streamSealed(dir, planDigest, slotOrder(plan), () => {});
  const same = existing.find((e) => e.run.head === head && e.run.plan === planDigest);
  if (!same) throw otherSeal(runId, existing[0]!.digest, dir);
  return same;
}

const otherSeal = (runId: string, digest: Digest, dir: string) =>
  findingError('ESEALED', `run ${runId} already has a sealed bundle ${digest} from another journal than the one in ${dir}; nothing was written: move ${dir} away`, { runId, digest });

/**
 * Every intact run bundle of this id in the store, whatever its ref says: found through the index
 * (brought up to date with the store first), else by reading every object; each candidate is read
 * from the store (its bytes checked), never taken from the index.
 */
function sealedBundles(archive: Archive, runId: string): { digest: Digest; run: RunValue }[] {
  let candidates: Digest[] | null = null;
  tryCache(() => {
    candidates = archive.currentIndex().db.prepare('SELECT digest FROM runs WHERE id = ? ORDER BY digest').pluck().all(runId) as Digest[];
  });
  const out: { digest: Digest; run: RunValue }[] = [];
  const consider = (d: Digest, kind?: string) => {
    try {
      if (kind !== undefined && kind !== 'run') return;
      const b = archive.get(d);
      const v = b.value as unknown as RunValue;
      if (b.descriptor.kind === 'run' && v.id === runId) out.push({ digest: d, run: v });
    } catch (e) {
      if (!(e instanceof DocketError)) throw e; // a damaged bundle is verify's finding, not a seal
    }
  };
  if (candidates) for (const d of candidates as Digest[]) consider(d);
  else for (const o of archive.store.list().objects) consider(o.digest);
  return out;
}
