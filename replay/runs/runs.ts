import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { byUtf8 } from '../format/utf8.ts';
import type { Archive } from '../store/archive.ts';
import type { FrozenBank, FrozenTask } from '../bank/frozen.ts';
import type { ItemKind } from '../bank/tasks.ts';
import { parseDigest, sha256, type Digest } from '../format/digest.ts';
import { DocketError, findingError, usageError } from '../errors.ts';
import { finding, type Finding } from '../findings.ts';
import { ATTEMPT_CLASSES, checkChain, JournalTally, parseHead, planSlots, readJournal, type JournalLine, type JournalRead, type JournalSummary } from './journal.ts';
import { canonicalBytes, type Json } from '../format/json.ts';
import { buildRequestFor, buildTaskRequest, formatOf, permutationsFor, PERMUTATIONS_PER_QUESTION, requestHash, type RequestKind } from './request.ts';
import type { Index } from '../store/sqlindex.ts';
import { judgeSlots, type JudgePlan } from './judge-request.ts';
import type { AttemptClass, Permutation, Question, RunParams, Slot } from '../bank/types.ts';
import { pidAlive } from '../store/temps.ts';

/**
 * Plans, runs and their status (docs/design.md "Runs and the journal"). Pure values plus offline
 * reads of the archive and of working directories; the recorder (cli/recorder/) is the online part.
 */

export const RUN_ID = /^(?!.*\.tmp-)[a-z0-9][a-z0-9._-]{0,63}$/; // never `.tmp-`: run ids name refs (replay/store/temps.ts)
export const SEGMENT_LINES = 2000;
export const WORK_DIR = 'runs';
export const PLAN_FILE = 'plan.digest';
export const JOURNAL_FILE = 'journal.jsonl';
export const HEAD_FILE = 'journal.head';
export const LOCK_FILE = 'lock';
export const STARTED_FILE = 'started-at';
export const PLAN_RECORD_FILE = 'plan-record'; // runs of a registered plan (docs/design.md §22): the plan record's digest

export type SealedStatus = 'sealed' | 'incomplete' | 'interrupted';
export type RunStatus = SealedStatus | 'in-progress' | 'unreadable';

export interface Caps {
  limitEvals: number | null;
  maxRequests: number | null;
  maxKnownCostUsd: number | null;
  retries: number;
  timeoutMs: number;
}

export interface PlanValue {
  kind: 'plan';
  schemaVersion: 1;
  bank: Digest;
  benchmarkVersion: Digest;
  requestFormat: string;
  questions: string[];
  tasks?: string[]; // task ids, sorted; present only when the run asks tasks (their slots follow the questions')
  permutations: number;
  repetitions: number;
  slots: number;
  model: string;
  baseUrl: string;
  params: RunParams;
  grader: { ref: string; digest: Digest };
  caps: Caps;
  requestHashes: Digest; // sha256 of the canonical JSON array of every slot's request hash, in slot order
  judge?: JudgePlan; // a judge run's plan (docs/design.md §9 "Judge runs"): the run it serves, its judge grader, the replies it judges
}

export interface RunValue {
  kind: 'run';
  schemaVersion: 1;
  id: string;
  plan: Digest;
  bank: Digest;
  benchmarkVersion: Digest;
  model: string;
  status: SealedStatus;
  stopReason: string | null;
  planned: number;
  done: number;
  attempts: number;
  classes: Record<AttemptClass, number>;
  knownCostUsd: number | null;
  head: Digest;
  segments: Digest[];
  startedAt: string;
  sealedAt: string;
  docketVersion: string;
  planRecord?: Digest | null; // the registered plan it ran; null: unregistered; absent: sealed before plan records existed
  serves?: Digest; // a judge run: the contestant run whose replies it judged (absent: a contestant run)
}

export interface SegmentValue {
  kind: 'run-segment';
  schemaVersion: 1;
  run: string;
  first: number;
  lines: JournalLine[];
}

export function checkRunId(id: string): string {
  if (!RUN_ID.test(id))
    throw usageError('ERUNID', `bad run id ${JSON.stringify(id)}: use 1–64 characters [a-z0-9._-], starting with a letter or digit, without ".tmp-" (reserved for temp files)`, { id });
  return id;
}

/** <model-slug>-<utc yyyymmddThhmmss>-<4 hex> */
export function defaultRunId(model: string, now: Date, hex4: string): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, '')
    .toLowerCase(); // run ids are lowercase (they name refs)
  let slug = model
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 64 - stamp.length - 6)
    .replace(/[-._]+$/, '');
  if (!slug) slug = 'run';
  return checkRunId(`${slug}-${stamp}-${hex4}`);
}

/** The base URL as recorded: no userinfo, query or fragment (where credentials hide). */
export function publicUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw usageError('EURL', 'the base URL is not a valid absolute URL', {});
  }
  u.username = '';
  u.password = '';
  u.search = '';
  u.hash = '';
  return u.toString().replace(/\/$/, '');
}

/** The first N source evals (UTF-8 byte order, among those with questions) and their questions, sorted by id. */
export function selectQuestions(bank: FrozenBank, limitEvals: number | null): string[] {
  return selectItems(bank, limitEvals).questions;
}

/**
 * What a run asks: the questions and tasks of the first N source evals (UTF-8 byte order, among those
 * with items), of the kinds named (default: every kind), each list sorted by id. A bank of questions
 * only selects as before: its source evals are those with questions.
 */
export function selectItems(bank: FrozenBank, limitEvals: number | null, kinds?: readonly ItemKind[]): { questions: string[]; tasks: string[] } {
  const want = (k: ItemKind) => kinds === undefined || kinds.includes(k);
  const questions = want('choice') ? bank.questions : [];
  const tasks = bank.tasks.filter((t) => want(t.kind));
  const evals = [...new Set([...questions, ...tasks].map((q) => q.sourceEval))].sort(byUtf8);
  const keep = new Set(limitEvals === null ? evals : evals.slice(0, limitEvals));
  const ids = (xs: readonly { id: string; sourceEval: string }[]) =>
    xs
      .filter((q) => keep.has(q.sourceEval))
      .map((q) => q.id)
      .sort(byUtf8);
  return { questions: ids(questions), tasks: ids(tasks) };
}

/** One planned slot: a question's (with its permutation) or a task's (`task` set, `question` null). */
export type PlannedRequest = { slot: Slot; body: Json; hash: Digest } & ({ question: Question; task: null; permutation: Permutation } | { question: null; task: FrozenTask; permutation: null });

export type QuestionRequest = Extract<PlannedRequest, { task: null }>;
export const isQuestionRequest = (r: PlannedRequest): r is QuestionRequest => r.task === null;

/** Every planned slot with its request body and hash (the pure request builder: replay rebuilds the same bytes). */
export function planRequests(
  bank: FrozenBank,
  plan: Pick<PlanValue, 'questions' | 'permutations' | 'repetitions' | 'model' | 'params'> & { requestFormat?: string; tasks?: readonly string[] },
): PlannedRequest[] {
  const byId = new Map(bank.questions.map((q) => [q.id, q]));
  const taskById = new Map(bank.tasks.map((t) => [t.id, t]));
  const taskIds = new Set(plan.tasks ?? []);
  const bodies = new Map<string, { body: Json; hash: Digest; perm: Permutation | null }>();
  return planSlots(plan.questions, plan.permutations, plan.repetitions, plan.tasks).map((slot): PlannedRequest => {
    const k = `${slot.question}\u0000${slot.permutation}`;
    if (taskIds.has(slot.question)) {
      const t = taskById.get(slot.question);
      if (!t) throw findingError('EPLAN', `plan names task ${slot.question}, which is not in bank ${bank.digest}`, { question: slot.question });
      let b = bodies.get(k);
      if (!b) {
        const body = buildTaskRequest(t, plan.model, plan.params);
        bodies.set(k, (b = { body, hash: requestHash(body), perm: null }));
      }
      return { slot, question: null, task: t, permutation: null, body: b.body, hash: b.hash };
    }
    const q = byId.get(slot.question);
    if (!q) throw findingError('EPLAN', `plan names question ${slot.question}, which is not in bank ${bank.digest}`, { question: slot.question });
    let b = bodies.get(k);
    if (!b) {
      const perm = permutationsFor(q.id)[slot.permutation]!;
      const body = buildRequestFor(plan.requestFormat, bank.template, q, perm, plan.model, plan.params);
      b = { body, hash: requestHash(body), perm };
      bodies.set(k, b);
    }
    return { slot, question: q, task: null, permutation: b.perm!, body: b.body, hash: b.hash };
  });
}

export interface PlanInput {
  bank: FrozenBank;
  model: string;
  baseUrl: string;
  repetitions: number;
  params: RunParams;
  grader: { ref: string; digest: Digest };
  caps: Caps;
  requestKind?: RequestKind; // default chat
  kinds?: readonly ItemKind[]; // default: every kind (a decision run asks questions only)
}

export function planValue(input: PlanInput): { plan: PlanValue; requests: PlannedRequest[] } {
  const kind = input.requestKind ?? 'chat';
  const { questions, tasks } = selectItems(input.bank, input.caps.limitEvals, kind === 'decision' ? ['choice'] : input.kinds);
  // `tasks` is written only when the run asks some: a plan of questions keeps its bytes.
  const base = { questions, ...(tasks.length ? { tasks } : {}), permutations: PERMUTATIONS_PER_QUESTION, repetitions: input.repetitions, model: input.model, params: input.params };
  const requestFormat = formatOf(kind);
  const requests = planRequests(input.bank, { ...base, requestFormat });
  const plan: PlanValue = {
    kind: 'plan',
    schemaVersion: 1,
    bank: input.bank.digest,
    benchmarkVersion: input.bank.benchmarkVersion,
    requestFormat,
    ...base,
    slots: requests.length,
    baseUrl: publicUrl(input.baseUrl),
    grader: input.grader,
    caps: input.caps,
    requestHashes: sha256(canonicalBytes(requests.map((r) => r.hash))),
  };
  return { plan, requests };
}

export const segmentValue = (runId: string, first: number, lines: JournalLine[]): SegmentValue => ({ kind: 'run-segment', schemaVersion: 1, run: runId, first, lines });

export function segmentValues(runId: string, lines: readonly JournalLine[], size = SEGMENT_LINES): SegmentValue[] {
  const out: SegmentValue[] = [];
  for (let first = 0; first < lines.length; first += size) out.push(segmentValue(runId, first, lines.slice(first, first + size)));
  return out;
}

/**
 * A working directory's journal, streamed and checked against its head record (journal.ts
 * readJournal). A missing or damaged head record is EJOURNAL: without it the last line is unprotected.
 */
export function readWorkJournal(dir: string, planDigest: Digest, visit?: (line: JournalLine) => void): JournalRead {
  const headPath = join(dir, HEAD_FILE);
  let bytes: Buffer;
  try {
    bytes = readFileSync(headPath);
  } catch (e) {
    throw findingError(
      'EJOURNAL',
      `cannot read ${headPath} (${(e as NodeJS.ErrnoException).code ?? 'error'}): without the head record the journal's last line cannot be checked; move ${dir} away to start over`,
      { path: headPath },
    );
  }
  return readJournal(join(dir, JOURNAL_FILE), planDigest, parseHead(bytes, headPath), visit);
}

export interface RunInput {
  id: string;
  planDigest: Digest;
  plan: PlanValue;
  summary: JournalSummary;
  head: Digest;
  segments: Digest[];
  status: SealedStatus;
  stopReason: string | null;
  startedAt: string;
  sealedAt: string;
  docketVersion: string;
  planRecord?: Digest | null; // the recorder always gives it (null: unregistered); absent leaves the member out
}

export function runValue(r: RunInput): RunValue {
  const s = r.summary;
  return {
    kind: 'run',
    schemaVersion: 1,
    id: r.id,
    plan: r.planDigest,
    bank: r.plan.bank,
    benchmarkVersion: r.plan.benchmarkVersion,
    model: r.plan.model,
    status: r.status,
    stopReason: r.stopReason,
    planned: r.plan.slots,
    done: s.done,
    attempts: s.attempts,
    classes: s.classes,
    knownCostUsd: s.attempts - s.unknownCostAttempts > 0 ? Math.round(s.knownCostUsd * 1e12) / 1e12 : null, // rounded: float sums drift in the last digit
    head: r.head,
    segments: r.segments,
    startedAt: r.startedAt,
    sealedAt: r.sealedAt,
    docketVersion: r.docketVersion,
    ...(r.planRecord !== undefined ? { planRecord: r.planRecord } : {}),
    ...(r.plan.judge ? { serves: r.plan.judge.serves.run } : {}),
  };
}

/** A plan's slots, in slot order: a judge run's items, else questions × permutations × repetitions then tasks × repetitions. */
export function slotsOf(plan: Pick<PlanValue, 'questions' | 'permutations' | 'repetitions' | 'tasks' | 'judge'>): Slot[] {
  return plan.judge ? judgeSlots(plan.judge) : planSlots(plan.questions, plan.permutations, plan.repetitions, plan.tasks);
}

// ---- reading sealed runs ----

export interface LoadedRun {
  digest: Digest;
  run: RunValue;
  plan: PlanValue;
  lines: JournalLine[];
}

/** A sealed run by id (refs/runs/<id>) or run-bundle digest, with its journal re-chained from the segments. */
export function loadRun(archive: Archive, idOrDigest: string): LoadedRun {
  const digest = idOrDigest.startsWith('sha256:') ? parseDigest(idOrDigest) : archive.ref(`runs/${checkRunId(idOrDigest)}`);
  if (!digest) throw usageError('ENORUN', `no sealed run ${idOrDigest} in ${archive.dir} (refs/runs/${idOrDigest})`, { run: idOrDigest });
  const run = archive.get(digest).value as unknown as RunValue;
  if (run.kind !== 'run') throw findingError('EKIND', `${digest} is a ${run.kind} bundle, not a run`, { digest });
  const plan = archive.get(run.plan).value as unknown as PlanValue;
  const all: Json[] = [];
  for (const sd of run.segments) {
    const seg = archive.get(sd).value as unknown as SegmentValue;
    if (seg.kind !== 'run-segment' || seg.run !== run.id || seg.first !== all.length) throw findingError('ESEGMENT', `segment ${sd} of run ${run.id} is out of place`, { digest: sd });
    all.push(...(seg.lines as unknown as Json[]));
  }
  const { lines, head } = checkChain(all, run.plan);
  if (head !== run.head) throw findingError('EJOURNAL', `run ${run.id}: the segments chain to ${head}, the run names head ${run.head}`, { run: run.id });
  return { digest, run, plan, lines };
}

// ---- status of every run: sealed (refs) and working directories ----

export interface RunRow {
  id: string;
  model: string | null;
  status: RunStatus;
  planned: number | null;
  done: number;
  attempts: number;
  digest: Digest | null; // the sealed run bundle
  plan: Digest | null;
  stopReason: string | null;
}

export const workDir = (archiveDir: string, id: string) => join(archiveDir, WORK_DIR, id);

export { pidAlive };

/** The pid holding a working directory, if that process is alive. */
export function lockHolder(dir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dir, LOCK_FILE), 'utf8').trim());
    return pidAlive(pid) && pid !== process.pid ? pid : null;
  } catch {
    return null;
  }
}

/** The registered plan a working directory runs (`docket run --plan`, design.md §22), or null: unregistered. */
export function readWorkPlanRecord(dir: string): Digest | null {
  const p = join(dir, PLAN_RECORD_FILE);
  return existsSync(p) ? parseDigest(readFileSync(p, 'utf8').trim(), p) : null;
}

/** A working directory read tolerantly (for listing: a broken journal shows up, it does not crash the list). */
export function workDirRow(archive: Archive, id: string): RunRow {
  const dir = workDir(archive.dir, id);
  const row: RunRow = { id, model: null, status: lockHolder(dir) ? 'in-progress' : 'interrupted', planned: null, done: 0, attempts: 0, digest: null, plan: null, stopReason: null };
  try {
    const planDigest = parseDigest(readFileSync(join(dir, PLAN_FILE), 'utf8').trim());
    const plan = archive.get(planDigest).value as unknown as PlanValue;
    row.plan = planDigest;
    row.model = plan.model;
    row.planned = plan.slots;
    const t = new JournalTally();
    readWorkJournal(dir, planDigest, (l) => t.add(l));
    row.done = t.done;
    row.attempts = t.attempts;
  } catch (e) {
    row.status = 'unreadable';
    row.stopReason = `unreadable working directory: ${(e as Error).message}`;
  }
  return row;
}

/**
 * The journals of every working directory (runs not yet sealed, or sealed and not yet cleaned up),
 * read and checked against their head records as `--resume` would read them: damage is a finding
 * (EJOURNAL), never left for the resume to discover. A directory whose recorder is alive is
 * being written: it is counted in `live` and not read (its head record moves as it is read).
 * Paths are relative to the archive.
 */
export function checkWorkJournals(archiveDir: string): { checked: number; live: number; findings: Finding[] } {
  const base = join(archiveDir, WORK_DIR);
  const out = { checked: 0, live: 0, findings: [] as Finding[] };
  if (!existsSync(base)) return out;
  for (const id of readdirSync(base).sort(byUtf8)) {
    const dir = join(base, id);
    if (!RUN_ID.test(id) || !statSync(dir).isDirectory()) continue; // a dot-dir is a run being created
    if (lockHolder(dir)) {
      out.live++;
      continue;
    }
    out.checked++;
    const rel = join(WORK_DIR, id);
    try {
      const planDigest = parseDigest(readFileSync(join(dir, PLAN_FILE), 'utf8').trim(), `${rel}/${PLAN_FILE}`);
      readWorkJournal(dir, planDigest);
    } catch (e) {
      if (!(e instanceof DocketError)) {
        const code = (e as NodeJS.ErrnoException).code ?? 'error';
        out.findings.push(
          finding('EJOURNAL', `${rel}: cannot read ${PLAN_FILE} (${code}): the run cannot be resumed; move ${rel} away to start over`, { path: join(rel, PLAN_FILE), digest: null, run: id }),
        );
      } else out.findings.push(finding('EJOURNAL', `${rel}: ${e.code === 'EJOURNAL' ? '' : `${e.code}: `}${e.message}`, { path: rel, digest: null, run: id }));
    }
  }
  return out;
}

export function listRuns(archive: Archive): RunRow[] {
  const rows = new Map<string, RunRow>();
  const idx = runsIndex(archive);
  const byDigest = idx?.db.prepare('SELECT id, model, status, planned, done, attempts, plan, stop_reason AS stopReason FROM runs WHERE digest = ?');
  for (const r of archive.store.listRefs()) {
    if (!r.name.startsWith(`${WORK_DIR}/`)) continue;
    const id = r.name.slice(WORK_DIR.length + 1);
    const digest = parseDigest(r.raw.trim(), `ref ${r.name}`);
    let row = byDigest?.get(digest) as Omit<RunRow, 'digest'> | undefined;
    if (!row) {
      // Not indexed (the cache cannot be written here, or the bundle is damaged): the bundle decides.
      const v = archive.get(digest).value as unknown as RunValue;
      row = { id: v.id, model: v.model, status: v.status, planned: v.planned, done: v.done, attempts: v.attempts, plan: v.plan, stopReason: v.stopReason };
    }
    rows.set(id, { ...row, id, digest });
  }
  const base = join(archive.dir, WORK_DIR);
  if (existsSync(base)) {
    for (const id of readdirSync(base)) {
      if (!RUN_ID.test(id) || rows.has(id)) continue; // a dot-dir is a run being created
      rows.set(id, workDirRow(archive, id));
    }
  }
  return [...rows.values()].sort((a, b) => byUtf8(a.id, b.id));
}

/**
 * The index brought up to date, or null when it cannot be opened, created or written (a read-only
 * archive, a full disk): listing then reads every run bundle instead, since the bundles, not the
 * cache, are the truth.
 */
function runsIndex(archive: Archive): Index | null {
  let idx: Index | null = null;
  return tryCache(() => {
    idx = archive.currentIndex();
  })
    ? idx
    : null;
}

/** Run a cache operation; false when the file system or SQLite refused it (errors of the cache, not of the evidence). */
export function tryCache(f: () => void): boolean {
  try {
    f();
    return true;
  } catch (e) {
    const err = e as { name?: string; code?: unknown; syscall?: unknown };
    if (err?.name === 'SqliteError' || (typeof err?.code === 'string' && typeof err.syscall === 'string')) return false;
    throw e;
  }
}

export { ATTEMPT_CLASSES };
