import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Archive } from '../../replay/index/archive.ts';
import { currentBank, loadFrozenBank, type FrozenBank } from '../../replay/bank/frozen.ts';
import type { Digest } from '../../replay/format/digest.ts';
import type { Json } from '../../replay/format/json.ts';
import { DocketError, findingError, usageError } from '../../replay/errors.ts';
import { gradedAtNow, gradeRuns } from '../../replay/grading/grades.ts';
import { headGradeDigest, loadGrade, type GradeCounts } from '../../replay/grading/grade-records.ts';
import type { Grader } from '../../replay/grading/graders.ts';
import { DEFAULT_GRADER, resolveGrader, type SuiteGraders } from '../../replay/grading/suite-graders.ts';
import { packageFile } from '../../replay/package-files.ts';
import { classify, classifyTask, nextStep, RETRYABLE, slotKey, type JournalLine, type SlotState } from '../../replay/runs/journal.ts';
import {
  checkRunId,
  defaultRunId,
  JOURNAL_FILE,
  loadRun,
  planRequests,
  planValue,
  publicUrl,
  readWorkPlanRecord,
  workDir,
  type Caps,
  type PlannedRequest,
  type PlanValue,
  type RunValue,
  type SealedStatus,
} from '../../replay/runs/runs.ts';
import { kindOf, type RequestKind } from '../../replay/runs/request.ts';
import { requireRegistered } from '../../replay/runs/plans.ts';
import type { RunParams } from '../../replay/bank/types.ts';
import type { ItemKind } from '../../replay/bank/tasks.ts';
import { answeredWithoutCost, costRule, unknownCostError } from './cost-rule.ts';
import { exchange, type Exchange } from './http.ts';
import { backoff, jitter, SharedBackoff } from './rate-limit.ts';
import { sealedFromJournal, sealRun, slotOrder, streamSealed } from '../../replay/runs/seal.ts';
import { isLoopback, redactor, secretsOf, type Redactor } from './secrets.ts';
import { scanBytes, secretError, type SecretHit } from '../../replay/content/secrets.ts';
import { createWorkDir, Journal, readPlanDigest, readStartedAt, releaseLock, removeWorkDir, takeLock, type JournalFault, type JournalStats } from './workdir.ts';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from './concurrency.ts';
import type { ExecRunner } from '../../replay/grading/task-grading.ts';

export { DEFAULT_CONCURRENCY, MAX_CONCURRENCY };

/**
 * The run loop (issue 4): plan → store the plan → journal every attempt (fsync per line) → seal into
 * run-segment + run bundles → ref runs/<id> → remove the working directory. Resume continues a
 * journal: a slot whose last attempt is not final is asked again as its next attempt number.
 * Issue 24: up to --concurrency requests in flight (one loop per slot at a time), a shared backoff
 * (rate-limit.ts), and the seal order that makes the sealed run independent of N (replay/runs/seal.ts).
 */

export interface NewRunOptions {
  model: string;
  baseUrl: string;
  repetitions: number;
  params: RunParams;
  /** the grader (resolveGrader: a suite grader's NAME or NAME@N, decision@2, …); default: the bank's grader */
  graderRef?: string;
  /** the suite's graders (null outside a bank): where the bank's grader, and a suite grader named, come from */
  suite?: SuiteGraders | null;
  caps: Caps;
  runId?: string;
  pricePer1kTokens?: number;
  requestKind?: RequestKind; // chat (default) or decision; recorded in the plan as its requestFormat
  allowUnknownCost?: boolean; // --allow-unknown-cost (cli/recorder/cost-rule.ts)
  planRecord?: string; // --plan: the registered plan (record digest or prefix) this run must be exactly (design.md §22)
  kinds?: ItemKind[]; // --kind: ask only items of these kinds (default: every question and task)
}

/** Where time comes from: `ms` for latencies and backoff, `date` for startedAt/sealedAt. Injected in tests. */
export interface Clock {
  ms: () => number;
  date: () => Date;
}
export const SYSTEM_CLOCK: Clock = { ms: () => performance.now(), date: () => new Date() };

export function checkConcurrency(n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_CONCURRENCY) throw usageError('EUSAGE', `--concurrency must be an integer from 1 to ${MAX_CONCURRENCY}, not ${n}`, { concurrency: n });
  return n;
}

export interface Connection {
  concurrency?: number; // requests in flight at once (default DEFAULT_CONCURRENCY); operational, never recorded
  clock?: Clock;
  baseUrl?: string; // the full URL (may carry a query the provider needs); only its public form is recorded
  apiKey: string | null;
  backoffMs: number;
  timeoutMs?: number; // overrides the plan's on resume (operational, not part of the measurement)
  journalFault?: JournalFault; // tests: a disk that fails after some lines
  journalStats?: JournalStats; // filled in when given (the benchmark's fsync rate)
  signal?: AbortSignal; // SIGINT/SIGTERM
  onStart?: (runId: string) => void;
  onAttempt?: (line: JournalLine, done: number, planned: number) => void;
  allowUnknownCost?: boolean; // answers without a reported cost do not stop a cost-capped run
  exec?: ExecRunner; // runs exec tasks' tests when the run is graded on seal (cli/offline/exec.ts)
  /** records the judge runs a sealed run's judge-graded tasks need, before it is graded (cli/recorder/judge.ts) */
  judge?: (archive: Archive, runId: string) => Promise<void>;
}

export interface RunResult {
  runId: string;
  status: SealedStatus;
  stopReason: string | null;
  digest: Digest;
  plan: Digest;
  run: RunValue;
  grade: SealGrade;
}

/**
 * How the run was graded as it was sealed (docs/design.md §9 "Grading on seal"): a complete run
 * gets its grade record at once, written by `docket regrade`'s own code (grades.ts gradeRuns);
 * a run sealed incomplete or interrupted is not graded, and says how to grade it.
 */
export type SealGrade = { status: 'graded'; grade: Digest; grader: { ref: string; digest: Digest }; counts: GradeCounts } | { status: 'ungraded'; reason: string; command: string };

// ---- planning ----

export interface Estimate {
  requests: number;
  promptTokens: number; // rough: UTF-8 bytes / 4 of the message texts
  completionTokens: number; // upper bound: max_tokens per request
  costUsd: number | null; // null without --price-per-1k-tokens
}

/** The text a request sends: its messages (chat), or its stem and options (decision). */
function promptText(body: Json): string[] {
  const b = body as { messages?: { content: string }[]; stem?: string; options?: { text: string }[] };
  return b.messages ? b.messages.map((m) => (typeof m.content === 'string' ? m.content : '')) : [b.stem ?? '', ...(b.options ?? []).map((o) => o.text)];
}

export function estimate(requests: readonly PlannedRequest[], params: RunParams, pricePer1k?: number): Estimate {
  let promptTokens = 0;
  let decisions = 0;
  for (const r of requests) {
    promptTokens += Math.ceil(promptText(r.body).reduce((n, t) => n + Buffer.byteLength(t, 'utf8'), 0) / 4);
    if (!(r.body as { messages?: unknown }).messages) decisions++;
  }
  // A decision endpoint generates no text: its requests count no completion tokens.
  const completionTokens = (requests.length - decisions) * params.max_tokens;
  const costUsd = pricePer1k === undefined ? null : Math.round(((promptTokens + completionTokens) / 1000) * pricePer1k * 1e6) / 1e6;
  return { requests: requests.length, promptTokens, completionTokens, costUsd };
}

export interface Planned {
  runId: string;
  bank: FrozenBank;
  plan: PlanValue;
  requests: PlannedRequest[];
  grader: Grader;
  estimate: Estimate;
  refusal: string | null; // why the plan may not start (a cap), or null
  costRule: string | null; // how --max-known-cost-usd treats unknown cost, or null without the cap
  planRecord: Digest | null; // the registered plan this is (--plan), or null: unregistered
}

export function makePlan(archive: Archive, o: NewRunOptions, now = new Date()): Planned {
  const runId = o.runId !== undefined ? checkRunId(o.runId) : defaultRunId(o.model, now, randomBytes(2).toString('hex'));
  if (!o.model) throw usageError('EMODEL', '--model is required');
  const g = resolveGrader({ suite: o.suite ?? null, archive }, o.graderRef ?? o.suite?.defaultRef ?? DEFAULT_GRADER);
  const bank = currentBank(archive);
  const { plan, requests } = planValue({
    bank,
    model: o.model,
    baseUrl: o.baseUrl,
    repetitions: o.repetitions,
    params: o.params,
    grader: { ref: `${g.id}@${g.version}`, digest: g.digest },
    caps: o.caps,
    requestKind: o.requestKind ?? bank.template.requestKind ?? 'chat', // the run's flag, else the bank's template
    kinds: o.kinds,
  });
  const est = estimate(requests, o.params, o.pricePer1kTokens);
  let refusal: string | null = null;
  if (o.caps.maxRequests !== null && plan.slots > o.caps.maxRequests) refusal = `the plan has ${plan.slots} requests, over --max-requests ${o.caps.maxRequests}`;
  else if (o.caps.maxKnownCostUsd !== null && est.costUsd !== null && est.costUsd > o.caps.maxKnownCostUsd)
    refusal = `the estimated cost $${est.costUsd} is over --max-known-cost-usd ${o.caps.maxKnownCostUsd}`;
  else if (plan.slots === 0) refusal = 'the plan has no requests';
  // --plan: what was just frozen must be the registered plan, byte for byte (any difference refuses).
  const planRecord = o.planRecord === undefined ? null : requireRegistered(archive, o.planRecord, plan).digest;
  return { runId, bank, plan, requests, grader: g, estimate: est, refusal, costRule: costRule(o.caps.maxKnownCostUsd, o.allowUnknownCost ?? false, plan.baseUrl), planRecord };
}

// ---- starting and resuming ----

export async function startRun(archive: Archive, o: NewRunOptions, c: Connection): Promise<RunResult> {
  const p = makePlan(archive, o);
  c.onStart?.(p.runId);
  if (p.refusal) throw findingError('EBUDGET', `run ${p.runId} not started: ${p.refusal}`, { runId: p.runId, reason: p.refusal });
  if (archive.ref(`runs/${p.runId}`)) throw usageError('ERUNEXISTS', `run ${p.runId} is already sealed in ${archive.dir}`, { runId: p.runId });
  checkKey(o.baseUrl, c.apiKey);
  const planDigest = archive.put(p.plan).digest; // stored before the first call
  const dir = createWorkDir(archive.dir, p.runId, planDigest, (c.clock ?? SYSTEM_CLOCK).date().toISOString(), p.planRecord);
  return record(
    archive,
    { runId: p.runId, dir, planDigest, plan: p.plan, requests: p.requests, grader: p.grader, suite: o.suite ?? null },
    { ...c, baseUrl: c.baseUrl ?? o.baseUrl, allowUnknownCost: c.allowUnknownCost ?? o.allowUnknownCost },
  );
}

export interface ResumeOptions {
  model?: string;
  baseUrl?: string;
  abandon?: boolean; // seal as it stands (status interrupted when slots remain), no calls
  suite?: SuiteGraders | null; // the suite's graders, as NewRunOptions.suite
}

export async function resumeRun(archive: Archive, runId: string, r: ResumeOptions, c: Connection): Promise<RunResult> {
  checkRunId(runId);
  c.onStart?.(runId);
  const dir = workDir(archive.dir, runId);
  const sealed = archive.ref(`runs/${runId}`);
  if (sealed) return await finishInterruptedSeal(archive, runId, sealed, dir, r.suite ?? null, c.exec, c.judge);
  if (c.concurrency !== undefined) checkConcurrency(c.concurrency);
  if (!existsSync(dir)) throw usageError('ENORUN', `no run ${runId} to resume: ${dir} does not exist and refs/runs/${runId} is not set`, { runId });
  const planDigest = readPlanDigest(dir);
  const plan = archive.get(planDigest).value as unknown as PlanValue;
  if (plan.judge)
    throw usageError('EUSAGE', `${runId} is a judge run (it judges the replies of ${plan.judge.serves.runId}): \`docket judge ${plan.judge.serves.runId} --base-url URL\` continues it`, { runId });
  // A seal killed between the run bundle and its ref: that bundle is the run; adopt it, ask nothing more.
  const orphan = sealedFromJournal(archive, runId, dir, planDigest, plan);
  if (orphan) {
    archive.setRef(`runs/${runId}`, orphan.digest);
    return await finishInterruptedSeal(archive, runId, orphan.digest, dir, r.suite ?? null, c.exec, c.judge);
  }
  if (r.model !== undefined && r.model !== plan.model) throw usageError('EPLANMISMATCH', `run ${runId} was planned for model ${plan.model}, not ${r.model}`, { runId });
  if (r.baseUrl !== undefined && publicUrl(r.baseUrl) !== plan.baseUrl) throw usageError('EPLANMISMATCH', `run ${runId} was planned against ${plan.baseUrl}, not ${publicUrl(r.baseUrl)}`, { runId });
  const g = resolveGrader({ suite: r.suite ?? null, archive }, plan.grader.ref);
  if (g.digest !== plan.grader.digest) throw findingError('EGRADER', `grader ${plan.grader.ref} has digest ${g.digest} here, but the plan recorded ${plan.grader.digest}`, { runId });
  const bank = loadFrozenBank(archive, plan.bank);
  const requests = planRequests(bank, plan);
  const baseUrl = r.baseUrl ?? plan.baseUrl;
  const ctx = { runId, dir, planDigest, plan, requests, grader: g, suite: r.suite ?? null };
  if (r.abandon) {
    takeLock(dir, runId);
    const j = Journal.open(dir, planDigest);
    await j.close();
    return await seal(archive, ctx, j.tally.done === plan.slots ? 'sealed' : 'interrupted', 'abandoned: sealed as it stood with --abandon', c.clock, c.exec);
  }
  checkKey(baseUrl, c.apiKey);
  return record(archive, ctx, { ...c, baseUrl });
}

/** A crash after the ref was written but before the working directory was removed (and perhaps before the grade). */
async function finishInterruptedSeal(archive: Archive, runId: string, digest: Digest, dir: string, suite: SuiteGraders | null, exec?: ExecRunner, judge?: Connection['judge']): Promise<RunResult> {
  const loaded = loadRun(archive, digest);
  // A directory without its journal is what an older docket's interrupted removal left: the run is sealed.
  if (existsSync(dir) && existsSync(join(dir, JOURNAL_FILE))) {
    const j = Journal.open(dir, loaded.run.plan);
    await j.close();
    const { head } = streamSealed(dir, loaded.run.plan, slotOrder(loaded.plan), () => {});
    if (head !== loaded.run.head)
      throw findingError('ESEALED', `run ${runId} is sealed as ${digest}, but its working directory holds a different journal (sealed head ${head}); move ${dir} away`, { runId });
  } else if (!existsSync(dir)) throw usageError('ESEALED', `run ${runId} is already sealed (${digest}, status ${loaded.run.status})`, { runId, digest });
  if (!loaded.run.serves) await judgeSealed(archive, runId, digest, loaded.run.status, judge);
  const grade = loaded.run.serves ? judgeRunGrade : gradeSealed(archive, runId, digest, loaded.run.status, suite, exec);
  removeWorkDir(archive.dir, runId);
  return { runId, status: loaded.run.status, stopReason: loaded.run.stopReason, digest, plan: loaded.run.plan, run: loaded.run, grade };
}

function checkKey(baseUrl: string, apiKey: string | null) {
  let u: URL;
  try {
    u = new URL(baseUrl);
  } catch {
    throw usageError('EURL', 'the base URL is not a valid absolute URL');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw usageError('EURL', `the base URL must be http(s), not ${u.protocol}`);
  if (!apiKey && !isLoopback(u))
    throw usageError('ENOKEY', `no API key for ${publicUrl(baseUrl)}: set the variable named by --api-key-env, or pass --env-file (a key is optional only for loopback endpoints)`);
}

// ---- the loop ----

interface RunCtx {
  runId: string;
  dir: string;
  planDigest: Digest;
  plan: PlanValue;
  requests: PlannedRequest[];
  grader: Grader;
  suite: SuiteGraders | null;
  /** a judge run (cli/recorder/judge.ts): sealed, never graded (its replies grade the run it serves) */
  judge?: boolean;
}

/** What a judge run gets instead of a grade. */
const judgeRunGrade: SealGrade = { status: 'ungraded', reason: 'a judge run is not graded: its replies grade the run it serves', command: '' };

/** Record the judge runs a run just sealed needs, before it is graded; a failure leaves it sealed and ungraded, as a grading failure does. */
async function judgeSealed(archive: Archive, runId: string, digest: Digest, status: SealedStatus, judge: Connection['judge']): Promise<void> {
  if (!judge || status !== 'sealed') return;
  try {
    await judge(archive, runId);
  } catch (e) {
    if (!(e instanceof DocketError)) throw e;
    removeWorkDir(archive.dir, runId);
    throw new DocketError(
      e.code,
      `run ${runId} is sealed (${digest}) but its judge runs were not recorded: ${e.message}. \`docket judge ${runId} --base-url URL\` records them and grades it`,
      { ...e.data, runId, digest },
      e.exitCode,
    );
  }
}

/** Record a planned run whose working directory exists (the judge recorder's entry: cli/recorder/judge.ts). */
export const recordPlanned = (archive: Archive, ctx: RunCtx, c: Connection & { baseUrl: string }): Promise<RunResult> => record(archive, ctx, c);
export type { RunCtx };

/** Appended to --base-url: …/v1/chat/completions, or …/v1/decisions (README "The decision endpoint"). */
export const ENDPOINT_PATHS: Record<RequestKind, string> = { chat: 'chat/completions', decision: 'decisions' };

function endpointUrl(baseUrl: string, path: string): string {
  const u = new URL(baseUrl);
  u.username = '';
  u.password = '';
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/${path}`;
  return u.toString();
}

async function record(archive: Archive, ctx: RunCtx, c: Connection & { baseUrl: string }): Promise<RunResult> {
  takeLock(ctx.dir, ctx.runId);
  let journal: Journal | null = null;
  try {
    journal = Journal.open(ctx.dir, ctx.planDigest, c.journalFault ?? null);
    const stop = await loop(ctx, journal, c);
    await journal.close();
    if (c.journalStats) Object.assign(c.journalStats, journal.stats);
    if (stop.kind === 'error') throw stop.error;
    return await seal(archive, ctx, stop.status, stop.reason, c.clock, c.exec, c.judge);
  } finally {
    await journal?.close();
    releaseLock(ctx.dir);
  }
}

type Stop = { kind: 'seal'; status: SealedStatus; reason: string | null } | { kind: 'error'; error: DocketError };

/**
 * The run's shared state while N workers record: what is started, what is known, and the first
 * reason to stop. Workers take slots in plan order; a slot belongs to one worker until it is final
 * (its retries stay with it), so no slot is asked by two workers at once.
 */
interface Shared {
  started: number; // attempts journaled or in flight: --max-requests counts these
  knownCost: number;
  costUnknown: boolean; // an answer came back without a reported cost (cost-rule.ts)
  done: number;
  stop: Stop | null; // once set, no worker starts another request
  gate: SharedBackoff;
}

async function loop(ctx: RunCtx, journal: Journal, c: Connection & { baseUrl: string }): Promise<Stop> {
  const { plan, runId } = ctx;
  const kind = kindOf(plan.requestFormat);
  const url = endpointUrl(c.baseUrl, ENDPOINT_PATHS[kind]);
  const redact: Redactor = redactor(secretsOf(c.apiKey, c.baseUrl));
  const interrupt = c.signal ?? new AbortController().signal;
  // The loop's own bookkeeping starts from copies of the journal's totals as opened (append updates those).
  const states = new Map([...journal.tally.states].map(([k, st]) => [k, { ...st }]));
  const seenHashes = new Set(journal.tally.seenHashes);
  const timeoutMs = c.timeoutMs ?? plan.caps.timeoutMs;
  const resumeHint = `resume with \`docket run --resume ${runId}\``;
  const concurrency = checkConcurrency(c.concurrency ?? DEFAULT_CONCURRENCY);
  const clock = c.clock ?? SYSTEM_CLOCK;
  const sh: Shared = {
    started: journal.count,
    knownCost: journal.tally.knownCostUsd,
    costUnknown: journal.tally.answeredWithoutCost > 0, // cost-rule.ts answeredWithoutCost, counted as the journal was read
    done: journal.tally.done,
    stop: null,
    gate: new SharedBackoff(), // real time, whatever the injected clock says
  };
  // Slow start: one request goes out alone, and the other workers join once the endpoint has
  // answered with anything that does not stop the run. A wrong key or a dead endpoint therefore
  // costs what it costs at N = 1 (one 401; one slot's retries), not N of them.
  let openPool = () => {};
  const pool = new Promise<void>((resolve) => (openPool = resolve));
  const stopOnce = (s: Stop) => {
    sh.stop ??= s;
    openPool();
  };

  /** Why no new request may start now, or null. */
  const refusal = (): Stop | null => {
    if (sh.stop) return sh.stop;
    if (plan.caps.maxRequests !== null && sh.started >= plan.caps.maxRequests)
      return { kind: 'seal', status: 'incomplete', reason: `max-requests: ${sh.started} attempts reached --max-requests ${plan.caps.maxRequests}` };
    if (plan.caps.maxKnownCostUsd !== null && sh.knownCost >= plan.caps.maxKnownCostUsd)
      return { kind: 'seal', status: 'incomplete', reason: `max-known-cost-usd: known cost $${round(sh.knownCost)} reached ${plan.caps.maxKnownCostUsd}` };
    if (plan.caps.maxKnownCostUsd !== null && sh.costUnknown && !c.allowUnknownCost) return { kind: 'error', error: unknownCostError(runId, plan.baseUrl, plan.caps.maxKnownCostUsd) };
    if (interrupt.aborted) return { kind: 'error', error: usageError('EINTERRUPTED', `run ${runId} interrupted; the journal is intact: ${resumeHint}`, { runId }) };
    return null;
  };

  async function runSlot(req: PlannedRequest) {
    const key = slotKey(req.slot);
    const st: SlotState = states.get(key) ?? { attempts: 0, final: false, retryableFailures: 0 };
    states.set(key, st);
    while (!st.final) {
      await sh.gate.wait(interrupt); // a shared pause after any worker's 429/503/5xx/transport failure
      const no = refusal();
      if (no) return stopOnce(no);
      sh.started++; // counted before the request goes out: the cap is never passed, whatever N
      const ex: Exchange = await exchange(req.body, { url, apiKey: c.apiKey, timeoutMs, interrupt, redact, clock: clock.ms, kind });
      const cls = req.task ? classifyTask(ex) : classify(ex, ctx.grader, req.permutation, req.question.key, [...req.question.options]);
      const next = nextStep(ex.errorClass, st.retryableFailures, plan.caps.retries);
      // What would be journaled is read by the secret scanner first, after the redaction of the key
      // docket sent (issue #33): a hit journals nothing of this attempt and stops the run, its journal intact.
      const hits = attemptSecrets(runId, req, ex, !seenHashes.has(req.hash));
      if (hits.length) return stopOnce({ kind: 'error', error: secretError(hits, `docket run ${runId}`) });
      // An append chains and encodes the line at once, on this thread, so lines from N workers
      // never interleave: the journal has one writer (this object). Its commit (fsyncs) runs off
      // the main thread, one line after another, while the other workers' requests go on.
      const line = journal.append({
        slot: req.slot,
        attempt: st.attempts,
        requestHash: req.hash,
        ...(seenHashes.has(req.hash) ? {} : { request: req.body }),
        response: ex.response,
        content: ex.content,
        model: ex.model,
        finishReason: ex.finishReason,
        usage: ex.usage,
        costUsd: ex.costUsd,
        latencyMs: ex.latencyMs,
        errorClass: ex.errorClass,
        class: cls,
        final: next === 'final',
        ...(ex.provider !== null ? { provider: ex.provider } : {}),
        ...(ex.decision ? { decision: ex.decision } : {}),
      });
      seenHashes.add(req.hash);
      st.attempts++;
      if (ex.errorClass !== null && RETRYABLE.has(ex.errorClass)) st.retryableFailures++;
      if (ex.costUsd !== null) sh.knownCost += ex.costUsd;
      if (answeredWithoutCost(ex)) sh.costUnknown = true; // before the pool opens: the others see it
      if (next === 'final') {
        st.final = true;
        sh.done++;
      }
      // The attempt counts (is reported, and may be sealed) once its line is durable.
      const durable = journal
        .durable()
        .then(() => c.onAttempt?.(line, sh.done, plan.slots))
        .catch((e: unknown) => stopOnce({ kind: 'error', error: e as DocketError })); // never an unhandled rejection
      // The shared pause goes up before anyone else can start (the pool opening included).
      if (next === 'retry') sh.gate.push(backoff(c.backoffMs, st.retryableFailures, ex.retryAfterMs, jitter(runId, key, st.attempts)));
      if (ex.response !== null && next !== 'stop') openPool();
      // This worker sends nothing more until its line is durable: an attempt is in flight from its
      // request until then, at most N are, and a crash loses at most those N.
      await durable;
      if (next === 'stop') return stopOnce({ kind: 'error', error: stopError(runId, ex, plan, resumeHint) });
    }
  }

  const open = ctx.requests.filter((r) => !states.get(slotKey(r.slot))?.final);
  let next = 0;
  async function worker(n: number) {
    try {
      if (n > 0) await pool;
      while (!sh.stop && next < open.length) await runSlot(open[next++]!);
    } catch (e) {
      // A failed journal write (EDISKFULL, EJOURNALWRITE): the other workers start nothing more,
      // finish the attempt they have in flight, and then the error surfaces.
      stopOnce({ kind: 'error', error: e as DocketError });
    }
  }
  const workers = Array.from({ length: Math.min(concurrency, open.length) }, (_, n) => worker(n));
  void workers[0]?.finally(openPool); // the first worker ran out of slots: nothing is left to wait for
  await Promise.all(workers);
  await journal.durable().catch((e: unknown) => stopOnce({ kind: 'error', error: e as DocketError }));
  return sh.stop ?? { kind: 'seal', status: 'sealed', reason: null };
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The secret scanner over what one attempt would put in the journal: the response as journaled
 * (the body or text, the key docket sent already replaced) and, the first time its hash is seen,
 * the request body. Hits are named by run, slot and attempt; never by the secret.
 */
function attemptSecrets(runId: string, req: PlannedRequest, ex: Exchange, withRequest: boolean): SecretHit[] {
  const where = `${runId} ${req.slot.question}/${req.slot.permutation}/${req.slot.repetition}`;
  const hits = ex.response === null ? [] : scanBytes(`${where} (response)`, JSON.stringify(ex.response));
  if (withRequest) hits.push(...scanBytes(`${where} (request)`, JSON.stringify(req.body)));
  return hits;
}

function stopError(runId: string, ex: Exchange, plan: PlanValue, resumeHint: string): DocketError {
  const where = plan.baseUrl;
  const data = { runId, errorClass: ex.errorClass };
  switch (ex.errorClass) {
    case 'http_401':
    case 'http_403':
      return usageError('EAUTH', `${where} refused the credentials (HTTP ${ex.errorClass.slice(5)}); nothing more was attempted. Fix the key, then ${resumeHint}`, data);
    case 'interrupted':
      return usageError('EINTERRUPTED', `run ${runId} interrupted; the attempt in flight is journaled as interrupted: ${resumeHint}`, data);
    case 'timeout':
      return usageError('ETIMEOUT', `${where} did not answer within ${plan.caps.timeoutMs} ms, ${plan.caps.retries + 1} times in a row; the run stopped with the slot open: ${resumeHint}`, data);
    default:
      return usageError(
        'EUNREACHABLE',
        `cannot reach ${where} (${ex.detail ?? 'network error'}) after ${plan.caps.retries + 1} tries; the run stopped with the slot open: ${resumeHint} once the endpoint is up`,
        data,
      );
  }
}

// ---- sealing ----

async function seal(archive: Archive, ctx: RunCtx, status: SealedStatus, stopReason: string | null, clock: Clock = SYSTEM_CLOCK, exec?: ExecRunner, judge?: Connection['judge']): Promise<RunResult> {
  // The core seals (replay/runs/seal.ts): what is on disk, in the seal order, never a second bundle per run id.
  const sealed = sealRun(archive, {
    runId: ctx.runId,
    dir: ctx.dir,
    planDigest: ctx.planDigest,
    plan: ctx.plan,
    status,
    stopReason,
    startedAt: readStartedAt(ctx.dir),
    sealedAt: clock.date().toISOString(),
    docketVersion: DOCKET_VERSION,
    planRecord: readWorkPlanRecord(ctx.dir),
  });
  const { digest, run } = sealed;
  // Judged and graded before the working directory goes, so that a crash in between is finished by --resume.
  if (!ctx.judge) await judgeSealed(archive, ctx.runId, digest, run.status, judge);
  const grade = ctx.judge ? judgeRunGrade : gradeSealed(archive, ctx.runId, digest, run.status, ctx.suite, exec);
  removeWorkDir(archive.dir, ctx.runId); // only now: the sealed run is safely named and graded
  return { runId: ctx.runId, status: run.status, stopReason: run.stopReason, digest, plan: ctx.planDigest, run, grade };
}

/**
 * Grade a run just sealed, as `docket regrade RUN` would (the same function, so the same record;
 * the grader is the newest version of the one the plan names). A run already graded for this run
 * bundle (a seal finished by --resume after a crash) keeps its grade. A grading failure leaves the
 * run sealed: the working directory is removed and the error names `docket regrade`.
 */
function gradeSealed(archive: Archive, runId: string, digest: Digest, status: SealedStatus, suite: SuiteGraders | null, exec?: ExecRunner): SealGrade {
  const command = `docket regrade ${runId}`;
  if (status !== 'sealed') return { status: 'ungraded', reason: `a run sealed ${status} is not graded, so it is not ranked; \`${command}\` grades what it holds`, command };
  try {
    const current = headGradeDigest(archive, runId);
    const done = current ? loadGrade(archive, current) : null;
    if (current && done?.value.run === digest) return { status: 'graded', grade: current, grader: { ref: done.value.grader.ref, digest: done.value.grader.digest }, counts: done.value.counts };
    const r = gradeRuns(archive, [runId], { gradedAt: gradedAtNow(), suite, exec }).runs[0]!;
    return { status: 'graded', grade: r.current!, grader: r.grader, counts: r.counts };
  } catch (e) {
    if (!(e instanceof DocketError)) throw e;
    removeWorkDir(archive.dir, runId);
    throw new DocketError(e.code, `run ${runId} is sealed (${digest}) but was not graded: ${e.message}. Once that is fixed, \`${command}\` grades it`, { ...e.data, runId, digest }, e.exitCode);
  }
}

const DOCKET_VERSION: string = (JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string }).version;
