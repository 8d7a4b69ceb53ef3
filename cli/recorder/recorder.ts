import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Archive } from '../../replay/archive.ts';
import { currentBank, loadFrozenBank, type FrozenBank } from '../../replay/bank.ts';
import type { Digest } from '../../replay/digest.ts';
import { findingError, usageError, type DocketError } from '../../replay/errors.ts';
import { grader as graderFor, type Grader } from '../../replay/graders.ts';
import { classify, JournalTally, nextStep, RETRYABLE, slotKey, type JournalLine, type SlotState } from '../../replay/journal.ts';
import { checkRunId, defaultRunId, JOURNAL_FILE, loadRun, planRequests, planValue, publicUrl, readWorkJournal, runValue, SEGMENT_LINES, segmentValue, workDir, type Caps, type PlannedRequest, type PlanValue, type RunValue, type SealedStatus } from '../../replay/runs.ts';
import type { RunParams } from '../../replay/types.ts';
import { answeredWithoutCost, costRule, unknownCostError } from './cost-rule.ts';
import { exchange, type Exchange } from './http.ts';
import { isLoopback, redactor, secretsOf, type Redactor } from './secrets.ts';
import { createWorkDir, Journal, readPlanDigest, readStartedAt, releaseLock, removeWorkDir, takeLock, type WriteFn } from './workdir.ts';

/**
 * The run loop (issue 4): plan → store the plan → journal every attempt (fsync per line) → seal into
 * run-segment + run bundles → ref runs/<id> → remove the working directory. Resume continues a
 * journal: a slot whose last attempt is not final is asked again as its next attempt number.
 */

export interface NewRunOptions {
  model: string;
  baseUrl: string;
  repetitions: number;
  params: RunParams;
  graderRef: string;
  caps: Caps;
  runId?: string;
  pricePer1kTokens?: number;
  allowUnknownCost?: boolean; // --allow-unknown-cost (cli/recorder/cost-rule.ts)
}

export interface Connection {
  baseUrl?: string; // the full URL (may carry a query the provider needs); only its public form is recorded
  apiKey: string | null;
  backoffMs: number;
  timeoutMs?: number; // overrides the plan's on resume (operational, not part of the measurement)
  write?: WriteFn;
  signal?: AbortSignal; // SIGINT/SIGTERM
  onStart?: (runId: string) => void;
  onAttempt?: (line: JournalLine, done: number, planned: number) => void;
  allowUnknownCost?: boolean; // answers without a reported cost do not stop a cost-capped run
}

export interface RunResult {
  runId: string;
  status: SealedStatus;
  stopReason: string | null;
  digest: Digest;
  plan: Digest;
  run: RunValue;
}

// ---- planning ----

export interface Estimate {
  requests: number;
  promptTokens: number; // rough: UTF-8 bytes / 4 of the message texts
  completionTokens: number; // upper bound: max_tokens per request
  costUsd: number | null; // null without --price-per-1k-tokens
}

export function estimate(requests: readonly PlannedRequest[], params: RunParams, pricePer1k?: number): Estimate {
  let promptTokens = 0;
  for (const r of requests) {
    const msgs = (r.body as { messages: { content: string }[] }).messages;
    promptTokens += Math.ceil(msgs.reduce((n, m) => n + Buffer.byteLength(m.content, 'utf8'), 0) / 4);
  }
  const completionTokens = requests.length * params.max_tokens;
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
}

export function makePlan(archive: Archive, o: NewRunOptions, now = new Date()): Planned {
  const runId = o.runId !== undefined ? checkRunId(o.runId) : defaultRunId(o.model, now, randomBytes(2).toString('hex'));
  if (!o.model) throw usageError('EMODEL', '--model is required');
  const g = graderFor(o.graderRef);
  const bank = currentBank(archive);
  const { plan, requests } = planValue({
    bank,
    model: o.model,
    baseUrl: o.baseUrl,
    repetitions: o.repetitions,
    params: o.params,
    grader: { ref: `${g.id}@${g.version}`, digest: g.digest },
    caps: o.caps,
  });
  const est = estimate(requests, o.params, o.pricePer1kTokens);
  let refusal: string | null = null;
  if (o.caps.maxRequests !== null && plan.slots > o.caps.maxRequests) refusal = `the plan has ${plan.slots} requests, over --max-requests ${o.caps.maxRequests}`;
  else if (o.caps.maxKnownCostUsd !== null && est.costUsd !== null && est.costUsd > o.caps.maxKnownCostUsd) refusal = `the estimated cost $${est.costUsd} is over --max-known-cost-usd ${o.caps.maxKnownCostUsd}`;
  else if (plan.slots === 0) refusal = 'the plan has no requests';
  return { runId, bank, plan, requests, grader: g, estimate: est, refusal, costRule: costRule(o.caps.maxKnownCostUsd, o.allowUnknownCost ?? false, plan.baseUrl) };
}

// ---- starting and resuming ----

export async function startRun(archive: Archive, o: NewRunOptions, c: Connection): Promise<RunResult> {
  const p = makePlan(archive, o);
  c.onStart?.(p.runId);
  if (p.refusal) throw findingError('EBUDGET', `run ${p.runId} not started: ${p.refusal}`, { runId: p.runId, reason: p.refusal });
  if (archive.ref(`runs/${p.runId}`)) throw usageError('ERUNEXISTS', `run ${p.runId} is already sealed in ${archive.dir}`, { runId: p.runId });
  checkKey(o.baseUrl, c.apiKey);
  const planDigest = archive.put(p.plan).digest; // stored before the first call
  const dir = createWorkDir(archive.dir, p.runId, planDigest, new Date().toISOString());
  return record(archive, { runId: p.runId, dir, planDigest, plan: p.plan, requests: p.requests, grader: p.grader }, { ...c, baseUrl: c.baseUrl ?? o.baseUrl, allowUnknownCost: c.allowUnknownCost ?? o.allowUnknownCost });
}

export interface ResumeOptions {
  model?: string;
  baseUrl?: string;
  abandon?: boolean; // seal as it stands (status interrupted when slots remain), no calls
}

export async function resumeRun(archive: Archive, runId: string, r: ResumeOptions, c: Connection): Promise<RunResult> {
  checkRunId(runId);
  c.onStart?.(runId);
  const dir = workDir(archive.dir, runId);
  const sealed = archive.ref(`runs/${runId}`);
  if (sealed) return finishInterruptedSeal(archive, runId, sealed, dir);
  if (!existsSync(dir)) throw usageError('ENORUN', `no run ${runId} to resume: ${dir} does not exist and refs/runs/${runId} is not set`, { runId });
  const planDigest = readPlanDigest(dir);
  const plan = archive.get(planDigest).value as unknown as PlanValue;
  if (r.model !== undefined && r.model !== plan.model) throw usageError('EPLANMISMATCH', `run ${runId} was planned for model ${plan.model}, not ${r.model}`, { runId });
  if (r.baseUrl !== undefined && publicUrl(r.baseUrl) !== plan.baseUrl) throw usageError('EPLANMISMATCH', `run ${runId} was planned against ${plan.baseUrl}, not ${publicUrl(r.baseUrl)}`, { runId });
  const g = graderFor(plan.grader.ref);
  if (g.digest !== plan.grader.digest) throw findingError('EGRADER', `grader ${plan.grader.ref} has digest ${g.digest} here, but the plan recorded ${plan.grader.digest}`, { runId });
  const bank = loadFrozenBank(archive, plan.bank);
  const requests = planRequests(bank, plan);
  const baseUrl = r.baseUrl ?? plan.baseUrl;
  const ctx = { runId, dir, planDigest, plan, requests, grader: g };
  if (r.abandon) {
    takeLock(dir, runId);
    const j = Journal.open(dir, planDigest);
    j.close();
    return seal(archive, ctx, j.tally.done === plan.slots ? 'sealed' : 'interrupted', 'abandoned: sealed as it stood with --abandon');
  }
  checkKey(baseUrl, c.apiKey);
  return record(archive, ctx, { ...c, baseUrl });
}

/** A crash after the ref was written but before the working directory was removed. */
function finishInterruptedSeal(archive: Archive, runId: string, digest: Digest, dir: string): RunResult {
  const loaded = loadRun(archive, digest);
  // A directory without its journal is what an older docket's interrupted removal left: the run is sealed.
  if (existsSync(dir) && !existsSync(join(dir, JOURNAL_FILE))) removeWorkDir(archive.dir, runId);
  else if (existsSync(dir)) {
    const j = Journal.open(dir, loaded.run.plan);
    j.close();
    if (j.head !== loaded.run.head) throw findingError('ESEALED', `run ${runId} is sealed as ${digest}, but its working directory holds a different journal (head ${j.head}); move ${dir} away`, { runId });
    removeWorkDir(archive.dir, runId);
  } else throw usageError('ESEALED', `run ${runId} is already sealed (${digest}, status ${loaded.run.status})`, { runId, digest });
  return { runId, status: loaded.run.status, stopReason: loaded.run.stopReason, digest, plan: loaded.run.plan, run: loaded.run };
}

function checkKey(baseUrl: string, apiKey: string | null) {
  let u: URL;
  try {
    u = new URL(baseUrl);
  } catch {
    throw usageError('EURL', 'the base URL is not a valid absolute URL');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw usageError('EURL', `the base URL must be http(s), not ${u.protocol}`);
  if (!apiKey && !isLoopback(u)) throw usageError('ENOKEY', `no API key for ${publicUrl(baseUrl)}: set the variable named by --api-key-env, or pass --env-file (a key is optional only for loopback endpoints)`);
}

// ---- the loop ----

interface RunCtx {
  runId: string;
  dir: string;
  planDigest: Digest;
  plan: PlanValue;
  requests: PlannedRequest[];
  grader: Grader;
}

function chatUrl(baseUrl: string): string {
  const u = new URL(baseUrl);
  u.username = '';
  u.password = '';
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/chat/completions`;
  return u.toString();
}

/** Deterministic jitter: a run's backoff schedule is a function of its id, slot and attempt. */
function jitter(runId: string, key: string, attempt: number): number {
  const h = createHash('sha256').update(`docket-backoff\0${runId}\0${key}\0${attempt}`).digest();
  return h.readUInt32BE(0) / 0xffffffff;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

async function record(archive: Archive, ctx: RunCtx, c: Connection & { baseUrl: string }): Promise<RunResult> {
  takeLock(ctx.dir, ctx.runId);
  let journal: Journal | null = null;
  try {
    journal = Journal.open(ctx.dir, ctx.planDigest, c.write);
    const stop = await loop(ctx, journal, c);
    journal.close();
    if (stop.kind === 'error') throw stop.error;
    return seal(archive, ctx, stop.status, stop.reason);
  } finally {
    journal?.close();
    releaseLock(ctx.dir);
  }
}

type Stop = { kind: 'seal'; status: SealedStatus; reason: string | null } | { kind: 'error'; error: DocketError };

async function loop(ctx: RunCtx, journal: Journal, c: Connection & { baseUrl: string }): Promise<Stop> {
  const { plan, runId } = ctx;
  const url = chatUrl(c.baseUrl);
  const redact: Redactor = redactor(secretsOf(c.apiKey, c.baseUrl));
  const interrupt = c.signal ?? new AbortController().signal;
  // The loop's own bookkeeping starts from copies of the journal's totals as opened (append updates those).
  const states = new Map([...journal.tally.states].map(([k, st]) => [k, { ...st }]));
  const seenHashes = new Set(journal.tally.seenHashes);
  let attempts = journal.count;
  let knownCost = journal.tally.knownCostUsd;
  let done = journal.tally.done;
  let costUnknown = journal.tally.answeredWithoutCost > 0; // cost-rule.ts answeredWithoutCost, counted as the journal was read
  const timeoutMs = c.timeoutMs ?? plan.caps.timeoutMs;
  const resumeHint = `resume with \`docket run --resume ${runId}\``;

  for (const req of ctx.requests) {
    const key = slotKey(req.slot);
    const st: SlotState = states.get(key) ?? { attempts: 0, final: false, retryableFailures: 0 };
    states.set(key, st);
    while (!st.final) {
      if (plan.caps.maxRequests !== null && attempts >= plan.caps.maxRequests) return { kind: 'seal', status: 'incomplete', reason: `max-requests: ${attempts} attempts reached --max-requests ${plan.caps.maxRequests}` };
      if (plan.caps.maxKnownCostUsd !== null && knownCost >= plan.caps.maxKnownCostUsd) return { kind: 'seal', status: 'incomplete', reason: `max-known-cost-usd: known cost $${round(knownCost)} reached ${plan.caps.maxKnownCostUsd}` };
      if (plan.caps.maxKnownCostUsd !== null && costUnknown && !c.allowUnknownCost) return { kind: 'error', error: unknownCostError(runId, plan.baseUrl, plan.caps.maxKnownCostUsd) };
      if (interrupt.aborted) return { kind: 'error', error: usageError('EINTERRUPTED', `run ${runId} interrupted; the journal is intact: ${resumeHint}`, { runId }) };

      const ex: Exchange = await exchange(req.body, { url, apiKey: c.apiKey, timeoutMs, interrupt, redact });
      const cls = classify(ex, ctx.grader, req.permutation, req.question.key, [...req.question.options]);
      const next = nextStep(ex.errorClass, st.retryableFailures, plan.caps.retries);
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
      });
      seenHashes.add(req.hash);
      attempts++;
      st.attempts++;
      if (ex.errorClass !== null && RETRYABLE.has(ex.errorClass)) st.retryableFailures++;
      if (ex.costUsd !== null) knownCost += ex.costUsd;
      if (answeredWithoutCost(ex)) costUnknown = true;
      if (next === 'final') {
        st.final = true;
        done++;
      }
      c.onAttempt?.(line, done, plan.slots);
      if (next === 'stop') return { kind: 'error', error: stopError(runId, ex, plan, resumeHint) };
      if (next === 'retry') await sleep(backoff(c.backoffMs, st.retryableFailures, ex.retryAfterMs, jitter(runId, key, st.attempts)), interrupt);
    }
  }
  return { kind: 'seal', status: 'sealed', reason: null };
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** Exponential backoff with jitter in [0.5, 1.5) × base × 2^(n-1), at least Retry-After, at most 60 s. */
export function backoff(baseMs: number, failures: number, retryAfterMs: number | null, j: number): number {
  const exp = Math.min(baseMs * 2 ** Math.max(0, failures - 1) * (0.5 + j), 60_000);
  return Math.max(exp, retryAfterMs ?? 0);
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
      return usageError('EUNREACHABLE', `cannot reach ${where} (${ex.detail ?? 'network error'}) after ${plan.caps.retries + 1} tries; the run stopped with the slot open: ${resumeHint} once the endpoint is up`, data);
  }
}

// ---- sealing ----

function seal(archive: Archive, ctx: RunCtx, status: SealedStatus, stopReason: string | null): RunResult {
  // Seal what is on disk, re-read and re-checked against its head record, not what is in memory;
  // streamed: one segment's lines at a time.
  const tally = new JournalTally();
  const segments: Digest[] = [];
  let batch: JournalLine[] = [];
  const flush = () => {
    if (batch.length) segments.push(archive.put(segmentValue(ctx.runId, tally.attempts - batch.length, batch)).digest);
    batch = [];
  };
  const j = readWorkJournal(ctx.dir, ctx.planDigest, (l) => {
    tally.add(l);
    batch.push(l);
    if (batch.length === SEGMENT_LINES) flush();
  });
  flush();
  const run = runValue({
    id: ctx.runId,
    planDigest: ctx.planDigest,
    plan: ctx.plan,
    summary: tally.summary(),
    head: j.head,
    segments,
    status,
    stopReason,
    startedAt: readStartedAt(ctx.dir),
    sealedAt: new Date().toISOString(),
    docketVersion: DOCKET_VERSION,
  });
  const digest = archive.put(run).digest;
  archive.setRef(`runs/${ctx.runId}`, digest);
  removeWorkDir(archive.dir, ctx.runId); // only now: the sealed run is safely named
  return { runId: ctx.runId, status, stopReason, digest, plan: ctx.planDigest, run };
}

const DOCKET_VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
