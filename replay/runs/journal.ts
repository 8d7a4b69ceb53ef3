import { closeSync, openSync, readSync } from 'node:fs';
import { isDigest, sha256, type Digest } from '../format/digest.ts';
import { DocketError, findingError } from '../errors.ts';
import { canonicalText, JsonError, parseCanonical, type Json } from '../format/json.ts';
import type { AttemptClass, Letter, Permutation, Slot } from '../bank/types.ts';
import { validateJournalLine } from '../format/schemas.ts';

/**
 * The run journal (docs/design.md "Runs and the journal"): one line per attempt, each line the RFC 8785
 * canonical JSON of a JournalLine followed by "\n". The line hash is SHA-256 of the canonical bytes
 * (without the newline); `prev` chains each line to the one before, and line 0 to the plan digest, so
 * an edited, dropped or reordered line breaks the chain. Pure and offline: the recorder writes with
 * it, replay and seal read with it.
 */

export type ResponseRecord = { status: number; body: Json } | { status: number; text: string; truncatedFrom?: number };

export interface JournalLine {
  seq: number;
  prev: Digest;
  slot: Slot;
  attempt: number; // 0-based within the slot
  requestHash: Digest;
  request?: Json; // the full body, only the first time its hash appears in the run
  response: ResponseRecord | null; // null: no HTTP response (network error, timeout, interrupted)
  content: string | null;
  model: string | null; // the model id the provider returned
  finishReason: string | null;
  usage: Json;
  costUsd: number | null; // provider-reported; unknown stays null, never 0
  latencyMs: number;
  errorClass: string | null;
  class: AttemptClass;
  final: boolean; // this attempt closes the slot
  provider?: string; // the provider name the response carried (OpenRouter's `provider`); absent when none
  decision?: DecisionRecord; // decision requests only: what the endpoint decided, as docket read it
}

/** A decision endpoint's answer (docs/design.md §9): `choice` is also the line's `content`, which the grader reads. */
export interface DecisionRecord {
  choice: string | null; // the option id returned (A–D as shown), null when none was readable
  probabilities: Record<string, number> | null; // per option id, as returned
  confidence: number | null;
}

export const ATTEMPT_CLASSES: readonly AttemptClass[] = ['answered', 'invalid', 'provider_failure', 'truncated', 'interrupted'];
/** Transport and overload failures worth retrying; everything else is final (or stops the run). */
export const RETRYABLE = new Set(['timeout', 'network', 'http_429', 'http_5xx', 'finish_error']);
/** Failures that stop the run at once, leaving the slot open for --resume. */
export const STOPPING = new Set(['http_401', 'http_403', 'interrupted']);
/** Text bodies (HTML, garbage) are kept up to this many UTF-8 bytes. */
export const MAX_TEXT_BYTES = 64 * 1024;

export function encodeLine(line: JournalLine): { text: string; hash: Digest } {
  const text = canonicalText(line);
  return { text, hash: sha256(text) };
}

export const lineHash = (line: JournalLine): Digest => encodeLine(line).hash;

export const slotKey = (s: Slot) => `${s.question}\u0000${s.permutation}\u0000${s.repetition}`;

/**
 * Planned slots, in run order: question (given order) × permutation × repetition, then task (given
 * order) × repetition. A task's slot names it in `question` (ids are unique across questions and
 * tasks) with permutation 0: a task has one form.
 */
export function planSlots(questions: readonly string[], permutations: number, repetitions: number, tasks: readonly string[] = []): Slot[] {
  const out: Slot[] = [];
  for (const question of questions)
    for (let permutation = 0; permutation < permutations; permutation++) for (let repetition = 0; repetition < repetitions; repetition++) out.push({ question, permutation, repetition });
  for (const question of tasks) for (let repetition = 0; repetition < repetitions; repetition++) out.push({ question, permutation: 0, repetition });
  return out;
}

// ---- parsing and validation ----

export interface ParsedJournal {
  lines: JournalLine[];
  hashes: Digest[];
  head: Digest; // hash of the last line, or the plan digest when empty
  goodBytes: number; // byte length of the intact prefix (a torn tail is cut here before appending)
  torn: boolean;
}

const journalError = (lineNo: number, message: string, data: Record<string, unknown> = {}) => findingError('EJOURNAL', `journal line ${lineNo}: ${message}`, { line: lineNo, ...data });

/** One line's bytes (without the newline): parsed, checked and chained to `prev`. Returns the line and its hash. */
function readLine(raw: Uint8Array, lineNo: number, seq: number, prev: Digest): { line: JournalLine; hash: Digest } {
  let value: Json;
  try {
    value = parseCanonical(raw);
  } catch (e) {
    throw journalError(lineNo, e instanceof JsonError ? e.message : e instanceof DocketError ? e.message : String(e));
  }
  const line = checkLine(value, lineNo);
  const broken = chainBreaks(line, seq, prev)[0];
  if (broken) throw journalError(lineNo, broken.message);
  return { line, hash: sha256(raw) };
}

/**
 * Parse and check a journal held in memory (tests and small tools; the recorder and `docket runs`
 * stream it with `readJournal`). A last line without its newline is a torn write (a crash
 * mid-append): it is dropped, since it was never fsynced as a whole. Anything else that is wrong
 * (bad JSON, not canonical, bad fields, broken chain, wrong seq) is EJOURNAL naming the 1-based line.
 */
export function parseJournal(bytes: Uint8Array, planDigest: Digest): ParsedJournal {
  const lines: JournalLine[] = [];
  const hashes: Digest[] = [];
  let prev = planDigest;
  let start = 0;
  let torn = false;
  while (start < bytes.length) {
    const nl = bytes.indexOf(0x0a, start);
    if (nl < 0) {
      torn = true;
      break;
    }
    const { line, hash } = readLine(bytes.subarray(start, nl), lines.length + 1, lines.length, prev);
    prev = hash;
    lines.push(line);
    hashes.push(prev);
    start = nl + 1;
  }
  return { lines, hashes, head: prev, goodBytes: start, torn };
}

// ---- the head record and streaming reads (docs/design.md §9 "Journal head") ----

/**
 * The journal's head record (`journal.head` beside `journal.jsonl`): how many lines are committed
 * and the hash of the last one (the plan digest for none). The chain protects every line but the
 * last, whose successor would name its hash; the head record is that successor. The recorder
 * replaces it (temp, fsync, rename, fsync of the directory) after each line's append and fsync,
 * so a line is committed once the head names it.
 */
export interface HeadRecord {
  lines: number;
  head: Digest;
}

export const headText = (h: HeadRecord) => `${canonicalText({ head: h.head, lines: h.lines })}\n`;

export function parseHead(bytes: Uint8Array, path: string): HeadRecord {
  const bad = (why: string) =>
    findingError('EJOURNAL', `${path}: ${why}; the journal's head record is damaged, so its last line cannot be trusted (move the working directory away, or restore the record)`, { path });
  const text = Buffer.from(bytes).toString('utf8');
  if (!text.endsWith('\n')) throw bad('not one line ending in a newline');
  let v: Json;
  try {
    v = parseCanonical(Buffer.from(text.slice(0, -1)));
  } catch (e) {
    throw bad(e instanceof Error ? e.message : String(e));
  }
  if (!v || typeof v !== 'object' || Array.isArray(v) || Object.keys(v).length !== 2) throw bad('expected {"head", "lines"}');
  const r = v as Record<string, Json>;
  if (!isNat(r.lines) || !isDigest(r.head)) throw bad('expected {"head": <digest>, "lines": <count>}');
  return { lines: r.lines, head: r.head };
}

/** The longest line a journal may hold: a request plus an 8 MiB response body, escaped (a cap, so damage cannot make a reader buffer gigabytes). */
export const MAX_LINE_BYTES = 128 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;

export interface JournalRead {
  count: number; // committed lines
  head: Digest; // hash of the last committed line (the plan digest for none)
  goodBytes: number; // byte length of the committed prefix: a writer cuts the file here before appending
  torn: boolean; // a last line without its newline (a crash mid-append)
  unanchored: boolean; // one complete line past the head record (a crash between its append and the head update)
}

/**
 * Stream a journal file line by line, in constant memory in its length (one chunk plus the line
 * being read, at most MAX_LINE_BYTES). Every line is parsed, checked and chained; `visit` sees each
 * committed line in order. With `anchor` (the head record), the line count and the last committed
 * line's hash must match it; at most one complete line may follow it (the head lags by one when a
 * crash fell between a line's fsync and the head update): that line is checked like the others but
 * reported as `unanchored`, never visited, and not counted — it was not committed, so a writer cuts
 * it off and asks the attempt again, like a torn one. Without `anchor` every line counts.
 */
export function readJournal(path: string, planDigest: Digest, anchor: HeadRecord | null, visit?: (line: JournalLine, hash: Digest) => void): JournalRead {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    throw findingError('EJOURNAL', `cannot read the journal ${path} (${(e as NodeJS.ErrnoException).code ?? 'error'})`, { path });
  }
  let seen = 0; // complete lines read
  let prev = planDigest;
  let committed = { count: 0, head: planDigest, bytes: 0 };
  let unanchored = false;
  let pending: Buffer[] = []; // the current line's bytes so far
  let pendingBytes = 0;
  let pos = 0; // file offset of the next chunk
  let lineStart = 0; // file offset of the current line
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  const take = (raw: Uint8Array, end: number) => {
    const lineNo = seen + 1;
    if (anchor && seen > anchor.lines) throw journalError(lineNo, `the head record names ${anchor.lines} lines, but ${lineNo} follow (at most one may be past it, after a crash)`, { path });
    const { line, hash } = readLine(raw, lineNo, seen, prev);
    seen++;
    prev = hash;
    if (anchor && seen === anchor.lines + 1) {
      unanchored = true;
      return;
    }
    if (anchor && seen === anchor.lines && hash !== anchor.head)
      throw journalError(lineNo, `the line hashes to ${hash}, but the head record names ${anchor.head} (the last line was changed)`, { path });
    visit?.(line, hash);
    committed = { count: seen, head: hash, bytes: end };
  };
  try {
    for (;;) {
      const n = readSync(fd, chunk, 0, CHUNK_BYTES, pos);
      if (n === 0) break;
      let from = 0;
      for (;;) {
        const nl = chunk.indexOf(0x0a, from);
        if (nl < 0 || nl >= n) break;
        const piece = chunk.subarray(from, nl);
        const raw = pendingBytes ? Buffer.concat([...pending, piece]) : piece;
        take(raw, pos + nl + 1);
        pending = [];
        pendingBytes = 0;
        from = nl + 1;
        lineStart = pos + from;
      }
      if (from < n) {
        pending.push(Buffer.from(chunk.subarray(from, n)));
        pendingBytes += n - from;
        if (pendingBytes > MAX_LINE_BYTES) throw journalError(seen + 1, `longer than ${MAX_LINE_BYTES} bytes without a newline (from byte ${lineStart}): not a journal line`, { path });
      }
      pos += n;
    }
  } finally {
    closeSync(fd);
  }
  if (anchor && committed.count < anchor.lines)
    throw journalError(committed.count + 1, `missing: the head record names ${anchor.lines} lines, the journal holds ${committed.count} (lines were lost or cut)`, { path });
  if (anchor && anchor.lines === 0 && anchor.head !== planDigest)
    throw findingError('EJOURNAL', `${path}: the head record names ${anchor.head} for an empty journal, not the plan digest ${planDigest}`, { path });
  return { count: committed.count, head: committed.head, goodBytes: committed.bytes, torn: pendingBytes > 0, unanchored };
}

/**
 * Running totals over a journal's lines, in memory bounded by the plan (one entry per slot and per
 * distinct request), never by the journal's length: what the recorder resumes from and `runs` lists.
 */
export class JournalTally {
  readonly states = new Map<string, SlotState>();
  readonly seenHashes = new Set<Digest>();
  readonly classes = Object.fromEntries(ATTEMPT_CLASSES.map((c) => [c, 0])) as Record<AttemptClass, number>;
  attempts = 0;
  done = 0;
  knownCostUsd = 0;
  unknownCostAttempts = 0;
  answeredWithoutCost = 0; // a reply with no provider-reported cost (the recorder's unknown-cost rule)

  add(l: JournalLine): void {
    const k = slotKey(l.slot);
    const s = this.states.get(k) ?? { attempts: 0, final: false, retryableFailures: 0 };
    s.attempts++;
    if (l.errorClass !== null && RETRYABLE.has(l.errorClass)) s.retryableFailures++;
    if (l.final && !s.final) {
      s.final = true;
      this.done++;
    }
    this.states.set(k, s);
    this.seenHashes.add(l.requestHash);
    this.attempts++;
    this.classes[l.class]++;
    if (l.costUsd === null) this.unknownCostAttempts++;
    else this.knownCostUsd += l.costUsd;
    if (l.errorClass === null && l.costUsd === null) this.answeredWithoutCost++;
  }

  summary(): JournalSummary {
    return { done: this.done, attempts: this.attempts, classes: { ...this.classes }, knownCostUsd: this.knownCostUsd, unknownCostAttempts: this.unknownCostAttempts };
  }
}

/** A line that does not sit where it claims in the hash chain: which field, and what is wrong. */
export interface ChainBreak {
  field: 'seq' | 'prev';
  message: string;
}
const INTACT: readonly ChainBreak[] = Object.freeze([]);

/**
 * The hash chain's rule for one line (§9): the line at 0-based position `seq` carries that number
 * and names `prev`, the hash of the line before it (the plan digest for line 0). Every reader of a
 * journal (the working file, sealed segments, replay) checks its lines with this; each reports the
 * breaks its own way. Where and how the previous hash was taken is the caller's (from the line's
 * bytes when it has them, else from its canonical form).
 */
export function chainBreaks(line: Pick<JournalLine, 'seq' | 'prev'>, seq: number, prev: Digest): readonly ChainBreak[] {
  if (line.seq === seq && line.prev === prev) return INTACT; // the common case allocates nothing
  const out: ChainBreak[] = [];
  if (line.seq !== seq) out.push({ field: 'seq', message: `seq is ${line.seq}, expected ${seq}` });
  if (line.prev !== prev)
    out.push({ field: 'prev', message: `prev is ${line.prev}, but ${seq ? `line ${seq}` : 'the plan'} hashes to ${prev} (chain broken: a line before it was edited, dropped or reordered)` });
  return out;
}

/** Check a chain of already-parsed lines (from sealed segments) against the plan digest. */
export function checkChain(lines: readonly Json[], planDigest: Digest): { lines: JournalLine[]; head: Digest } {
  let prev = planDigest;
  const out: JournalLine[] = [];
  lines.forEach((value, i) => {
    const line = checkLine(value, i + 1);
    const broken = chainBreaks(line, i, prev)[0];
    if (broken) throw journalError(i + 1, broken.message);
    prev = lineHash(line);
    out.push(line);
  });
  return { lines: out, head: prev };
}

const isNat = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * A journal line's fields, checked against the journal line of the run-segment schema
 * (docs/schemas/run-segment.schema.json `$defs/line`): the working journal is held to the rules its
 * sealed segments will be.
 */
export function checkLine(v: Json, lineNo: number): JournalLine {
  const r = validateJournalLine(v);
  if (!r.ok) throw journalError(lineNo, r.errors.join('; '));
  return v as unknown as JournalLine;
}

// ---- slot bookkeeping ----

export interface SlotState {
  attempts: number; // attempts journaled so far (the next attempt's number)
  final: boolean;
  retryableFailures: number; // counted against --retries
}

export function slotStates(lines: readonly JournalLine[]): Map<string, SlotState> {
  const t = new JournalTally();
  for (const l of lines) t.add(l);
  return t.states;
}

export interface JournalSummary {
  done: number; // slots with a final attempt
  attempts: number;
  classes: Record<AttemptClass, number>;
  knownCostUsd: number; // sum of provider-reported costs (unknown costs are not guessed)
  unknownCostAttempts: number;
}

export function summarize(lines: readonly JournalLine[]): JournalSummary {
  const t = new JournalTally();
  for (const l of lines) t.add(l);
  return t.summary();
}

// ---- classification (pure) ----

export interface Observed {
  errorClass: string | null; // transport/HTTP/body failure, or null when a well-formed reply came back
  content: string | null;
  finishReason: string | null;
}

/** What classify asks of a grader (grading/graders.ts `Grader`, which sits above runs/): read a choice. */
export interface ChoiceReader {
  grade(input: { content: string | null; finishReason: string | null; permutation: Permutation; key: Letter; options: string[] }): { verdict: string };
}

/**
 * The attempt's class. Correct vs incorrect is deliberately not decided here: grading is a separate,
 * re-runnable step (docket regrade). The grader only tells whether a choice was readable at all.
 */
export function classify(o: Observed, g: ChoiceReader, perm: Permutation, key: Letter, options: string[]): AttemptClass {
  if (o.errorClass === 'interrupted') return 'interrupted';
  if (o.errorClass !== null) return 'provider_failure';
  const r = g.grade({ content: o.content, finishReason: o.finishReason, permutation: perm, key, options });
  if (r.verdict === 'truncated') return 'truncated';
  if (r.verdict === 'invalid') return 'invalid';
  return 'answered';
}

/**
 * A task attempt's class (docs/design.md §9): no grader reads it here (an exec grader runs the
 * suite's tests: that is grading, a separate step). An empty reply cut by the token limit is
 * `truncated` (did not answer); an empty reply that stopped is `invalid` (answered nothing: scores 0);
 * any text is `answered`, a cut-off reply included (it is graded).
 */
export function classifyTask(o: Observed): AttemptClass {
  if (o.errorClass === 'interrupted') return 'interrupted';
  if (o.errorClass !== null) return 'provider_failure';
  const empty = o.content === null || o.content.trim() === '';
  if (empty) return o.finishReason === 'length' ? 'truncated' : 'invalid';
  return 'answered';
}

/** Transport failures: nothing answered. When retries run out the run stops (resumable) instead of closing the slot. */
export const TRANSPORT = new Set(['timeout', 'network']);

export type Next = 'final' | 'retry' | 'stop';

/**
 * What follows an attempt: it closes its slot ('final'), the slot is asked again after a backoff
 * ('retry'), or the run stops with the slot open so --resume picks it up ('stop': 401/403, an
 * interrupt, or an endpoint that stayed unreachable through every retry).
 */
export function nextStep(errorClass: string | null, retryableFailuresBefore: number, retries: number): Next {
  if (errorClass === null) return 'final';
  if (STOPPING.has(errorClass)) return 'stop';
  if (RETRYABLE.has(errorClass)) {
    if (retryableFailuresBefore + 1 <= retries) return 'retry';
    return TRANSPORT.has(errorClass) ? 'stop' : 'final';
  }
  return 'final'; // other 4xx, bad bodies: the provider answered, and asking again would not help
}

/** Keep at most MAX_TEXT_BYTES of a non-JSON body, cut on a character boundary. */
export function textRecord(status: number, text: string): ResponseRecord {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= MAX_TEXT_BYTES) return { status, text };
  let end = MAX_TEXT_BYTES;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return { status, text: bytes.subarray(0, end).toString('utf8'), truncatedFrom: bytes.length };
}
