import { byUtf8 } from '../format/utf8.ts';
import { resolveRunRef } from './run-ref.ts';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Archive } from '../store/archive.ts';
import { loadFrozenBank, type FrozenBank } from '../bank/frozen.ts';
import { BundleError, checkContent, decodeBundle } from '../format/bundle.ts';
import { isDigest, parseDigest, sha256, sha256Stream, type Digest } from '../format/digest.ts';
import { DocketError, usageError, type Code } from '../errors.ts';
import { redactionSummary } from '../store/redaction.ts';
import { finding, type Finding, type Severity } from '../findings.ts';
import { Inflater } from '../format/gzip.ts';
import { fastCanonicalText } from '../accel/jcs-fast.ts';
import { diffJson, type FieldDiff } from '../format/json-diff.ts';
import { chainBreaks, checkLine, type JournalLine } from './journal.ts';
import type { TaskValue } from '../bank/tasks.ts';
import type { Json } from '../format/json.ts';
import { REQUEST_FORMATS, requestHash } from './request.ts';
import { buildJudgeRequest, JUDGE_FORMAT, requestSetHash } from './judge-request.ts';
import { checkRunId, loadRun, planRequests, RUN_ID, WORK_DIR, type PlanValue, type RunValue, type SegmentValue } from './runs.ts';
import type { BundleRef } from '../format/schemas.ts';
import { projectSegment, type LineKey, type ProjectedSegment } from './segment-lines.ts';
import type { PromptTemplate, Question } from '../bank/types.ts';

/**
 * Request replay (docs/design.md "Replay"): from the archive alone, rebuild every request a sealed
 * run made with the recorder's own builder (`planRequests`), hash it, and hold it against the
 * journal; re-check the journal's hash chain; verify every bundle the run names, transitively.
 * Read-only and offline: nothing here writes, and nothing opens the index (a missing index would be
 * rebuilt, which is a write). Every problem becomes a coded finding; only unusable input (an
 * unknown run name) throws.
 *
 * Memory stays flat as runs grow: segments are decoded one at a time and dropped, the chain is
 * checked line by line, and the rebuilt requests are kept per (question, permutation), never per
 * slot or per line.
 */

export { diffJson, type FieldDiff };

/** What a replay finding names: its run, the bundle, where in it, and the slot and field diff of a request. */
type Where = {
  digest: string | null; // the bundle concerned
  path: string | null; // JSON pointer inside it, where it helps
  question?: string;
  permutation?: number;
  repetition?: number;
  attempt?: number;
  seq?: number;
  diff?: FieldDiff[];
};
export type ReplayData = { run: string } & Where;
export type ReplayFinding = Finding<ReplayData>;

/** What a step of the replay found, before `add` makes it a finding of its run. */
type Found = Where & { severity?: Severity; code: Code; message: string };

export interface RunReplay {
  run: string;
  digest: Digest | null;
  model: string | null;
  status: string | null;
  ok: boolean;
  lines: number; // journal lines read
  requests: number; // lines whose request was rebuilt and compared
  matched: number;
  mismatched: number;
  bundles: number; // bundles verified for this run (run, plan, bank, template, protocol, questions, sources, evidence, segments)
  chain: 'intact' | 'broken' | 'unchecked';
  findings: ReplayFinding[];
}

export interface ReplayReport {
  ok: boolean;
  archive: string;
  rebuiltFrom: 'archive' | 'worktree';
  selection: 'all' | 'named';
  runs: RunReplay[];
  requests: number;
  matched: number;
  mismatched: number;
  findings: number;
  skipped: { run: string; reason: string }[]; // working directories of runs not sealed yet
}

/** What requests are rebuilt from: the frozen bank the plan names, or (--against-worktree) the working tree's bank. */
export interface WorktreeBank {
  template: PromptTemplate;
  questions: Question[];
  tasks?: TaskValue[];
}

export interface ReplayOptions {
  runs?: string[]; // run ids or run-bundle digests; empty = every sealed run
  worktree?: WorktreeBank;
  maxFindingsPerCode?: number; // per run; the rest are counted in one summary finding
  maxDiffs?: number; // per run: mismatches past this get no field diff (the finding still names the slot)
  /** told which runs will be replayed, before any is (the CLI prints its header then) */
  onStart?: (s: { selection: 'all' | 'named'; runs: number }) => void;
}

const MAX_FINDINGS_PER_CODE = 200;
const MAX_DIFFS = 20;

// ---- run selection ----

export interface RunSelection {
  selection: 'all' | 'named';
  runs: { name: string; digest: Digest | null; error?: Found }[];
  skipped: { run: string; reason: string }[];
}

/** Sealed runs by name (refs/runs/<id>) or run-bundle digest; none named = every sealed run. */
export function selectRuns(archive: Archive, names: readonly string[]): RunSelection {
  const skipped = unsealed(archive.dir);
  if (!names.length) {
    const refs = archive.store.listRefs().filter((r) => r.name.startsWith(`${WORK_DIR}/`));
    const runs = refs
      .map((r) => r.name.slice(WORK_DIR.length + 1))
      .sort(byUtf8)
      .map((id) => refTarget(archive, id));
    return { selection: 'all', runs, skipped };
  }
  const runs = names.map((ref) => {
    const name = resolveRunRef(archive, ref); // run id, full digest or unique digest prefix → the run id
    if (name.startsWith('sha256:')) {
      const digest = parseDigest(name, 'run');
      if (!archive.store.has(digest)) throw usageError('ENORUN', `no run bundle ${digest} in ${archive.dir}`, { run: name });
      return { name: digest as string, digest };
    }
    checkRunId(name);
    if (!existsSync(join(archive.dir, 'refs', WORK_DIR, name))) {
      const hint = skipped.some((s) => s.run === name) ? ' (it is not sealed yet: `docket run --resume` or `--abandon` seals it)' : '';
      throw usageError('ENORUN', `no sealed run ${name} in ${archive.dir} (refs/runs/${name})${hint}`, { run: name });
    }
    return refTarget(archive, name);
  });
  return { selection: 'named', runs, skipped };
}

function refTarget(archive: Archive, id: string): RunSelection['runs'][number] {
  try {
    return { name: id, digest: archive.ref(`${WORK_DIR}/${id}`) };
  } catch (e) {
    const f: Found = {
      code: 'EREF',
      digest: null,
      path: `refs/${WORK_DIR}/${id}`,
      message: `ref runs/${id} does not hold one digest line: ${(e as Error).message}`,
    };
    return { name: id, digest: null, error: f };
  }
}

function unsealed(dir: string): { run: string; reason: string }[] {
  const base = join(dir, WORK_DIR);
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((id) => RUN_ID.test(id) && !existsSync(join(dir, 'refs', WORK_DIR, id)))
    .sort(byUtf8)
    .map((run) => ({ run, reason: 'not sealed (a working directory): nothing archived to replay yet' }));
}

// ---- bundle checks (as docket verify does), shared by every run of one replay ----

interface Checked {
  kind: string | null;
  refs: BundleRef[];
  value?: Json; // kept only for the small kinds replay reads
  content?: Uint8Array; // the canonical bytes, returned with a fresh read (never cached)
  error?: { code: Code; message: string };
}

const KEEP_VALUES = new Set(['run', 'plan', 'bank']);

/**
 * Reads and checks bundles (digest, strict gzip, capped inflate, strict canonical JSON, schema:
 * `decodeBundle`, the function `docket verify` uses) and remembers the outcome, so the bank, its
 * questions, sources and evidence are checked once however many runs share them.
 */
export class BundleChecker {
  private cache = new Map<Digest, Checked>();
  private readonly inflater = new Inflater(); // for segments: each is read to the end before the next
  constructor(readonly archive: Archive) {}

  /** Decode one bundle (once, unless its value is needed again); the value is kept only for run/plan/bank. */
  read(digest: Digest, needValue = false): Checked {
    const hit = this.cache.get(digest);
    if (hit && (hit.error || !needValue || hit.value !== undefined)) return hit;
    let out: Checked;
    const redacted = this.archive.store.has(digest) ? null : this.archive.store.redaction(digest);
    if (redacted) out = { kind: redacted.objectKind, refs: [], error: { code: 'EREDACTED', message: redactionSummary(redacted) } };
    else if (!this.archive.store.has(digest)) out = { kind: null, refs: [], error: { code: 'EMISSING', message: `${digest} is not in the archive` } };
    else {
      try {
        const bytes = this.archive.store.getBytes(digest);
        if (!needValue) {
          // Checked on its bytes, as `docket verify` checks it: no value is built.
          const c = checkContent(bytes, digest);
          out = { kind: c.kind, refs: c.refs };
        } else {
          const d = decodeBundle(bytes, digest);
          out = { kind: d.descriptor.kind, refs: d.refs, value: d.value, content: d.content };
        }
      } catch (e) {
        if (e instanceof BundleError || e instanceof DocketError) out = { kind: null, refs: [], error: { code: e.code, message: e.message } };
        else throw e;
      }
    }
    const { value, content, ...rest } = out;
    this.cache.set(digest, KEEP_VALUES.has(out.kind ?? '') ? { ...rest, value } : rest);
    return out;
  }

  /**
   * A run segment's journal lines, proven valid on its bytes without building the segment
   * (segment-lines.ts); null when that does not prove it, and `read` then decides. Its `content`
   * is valid until the next call: the text is inflated into memory reused from segment to segment.
   */
  projectSegment(digest: Digest): ProjectedSegment | null {
    if (this.cache.get(digest)?.error || !this.archive.store.has(digest)) return null;
    const p = projectSegment(this.archive.store.getBytes(digest), digest, this.inflater);
    if (p) this.cache.set(digest, { kind: 'run-segment', refs: [] });
    return p;
  }
}

// ---- the replay ----

export async function replayArchive(archive: Archive, opts: ReplayOptions = {}): Promise<ReplayReport> {
  const sel = selectRuns(archive, opts.runs ?? []);
  opts.onStart?.({ selection: sel.selection, runs: sel.runs.length });
  const checker = new BundleChecker(archive);
  const banks = new Map<Digest, FrozenBank | DocketError>();
  const runs: RunReplay[] = [];
  for (const r of sel.runs) {
    runs.push(replayRun(archive, checker, banks, r, opts));
    await new Promise((resolve) => setImmediate(resolve)); // let a progress printer or a signal in between runs
  }
  const sum = (k: 'requests' | 'matched' | 'mismatched') => runs.reduce((n, r) => n + r[k], 0);
  const findings = runs.reduce((n, r) => n + r.findings.filter((f) => f.severity === 'error').length, 0);
  return {
    ok: runs.every((r) => r.ok),
    archive: archive.dir,
    rebuiltFrom: opts.worktree ? 'worktree' : 'archive',
    selection: sel.selection,
    runs,
    requests: sum('requests'),
    matched: sum('matched'),
    mismatched: sum('mismatched'),
    findings,
    skipped: sel.skipped,
  };
}

interface Rebuilt {
  body: Json;
  hash: Digest;
}

/** One sealed run: bundles, chain, slots and requests. */
export function replayRun(archive: Archive, checker: BundleChecker, banks: Map<Digest, FrozenBank | DocketError>, sel: RunSelection['runs'][number], opts: ReplayOptions = {}): RunReplay {
  const out: RunReplay = { run: sel.name, digest: sel.digest, model: null, status: null, ok: false, lines: 0, requests: 0, matched: 0, mismatched: 0, bundles: 0, chain: 'unchecked', findings: [] };
  const cap = opts.maxFindingsPerCode ?? MAX_FINDINGS_PER_CODE;
  const counts = new Map<Code, number>();
  const add = ({ code, message, severity = 'error', ...where }: Found) => {
    const n = (counts.get(code) ?? 0) + 1;
    counts.set(code, n);
    if (n <= cap) out.findings.push(finding(code, message, { run: out.run, ...where }, severity));
  };
  const finish = () => {
    for (const [code, n] of counts)
      if (n > cap) out.findings.push(finding(code, `${n - cap} more ${code} findings in this run (only the first ${cap} are listed)`, { run: out.run, digest: null, path: null }));
    out.ok = !out.findings.some((f) => f.severity === 'error') && out.mismatched === 0;
    return out;
  };
  if (sel.error) {
    add(sel.error);
    return finish();
  }
  const runDigest = sel.digest!;

  // 1. Every bundle the run names, transitively (segments are checked as they are streamed below).
  const walk = walkBundles(checker, runDigest, 'run', add);
  out.bundles = walk.checked;
  const run = walk.root as unknown as RunValue | undefined;
  if (!run) return finish();
  out.run = run.id;
  out.model = run.model;
  out.status = run.status;
  for (const f of out.findings) f.data.run = run.id;
  if (sel.name !== runDigest && sel.name !== run.id) add({ code: 'ERUN', digest: runDigest, path: '/id', message: `refs/runs/${sel.name} points to a run bundle whose id is ${run.id}` });
  const planChecked = checker.read(run.plan, true);
  const plan = planChecked.kind === 'plan' ? (planChecked.value as unknown as PlanValue) : undefined;
  if (!plan) {
    add({ code: 'EPLAN', digest: run.plan, path: null, message: `run ${run.id}: its plan ${run.plan} cannot be read, so no request can be rebuilt` });
    return finish();
  }
  checkRunAgainstPlan(run, plan, add);

  // 2. The builder's inputs: the frozen bank the plan names (never the working tree), or the worktree.
  // A judge run's requests are rebuilt from the archived reply it judged, the archived rubric and the judge's settings.
  const judge = plan.judge ? judgeRebuilder(archive, banks, plan, add) : null;
  const rebuild = judge ? (q: string, _p: number, rep = 0) => judge(q, rep) : rebuilder(archive, banks, plan, opts.worktree, add);

  // 3. The journal, segment by segment.
  const planQuestions = new Set(plan.questions);
  const planTaskIds = new Set(plan.tasks ?? []);
  const judgeSlotKeys = plan.judge ? new Set(plan.judge.items.map((i) => `${i.task}\0${i.repetition}`)) : null;
  const stored = new Map<Digest, Json>(); // request bodies stored in the journal, by hash (one per distinct request)
  let diffs = 0;
  const maxDiffs = opts.maxDiffs ?? MAX_DIFFS;
  let prev: Digest = run.plan;
  let chainOk = true;
  let chainChecked = true;
  for (const [i, sd] of run.segments.entries()) {
    const read = readSegment(checker, sd, run, out.lines, i, add);
    out.bundles++;
    if (!read) {
      chainChecked = false; // lines are missing: nothing after the gap can be chained
      continue;
    }
    const { first, lines: raws, projected, spans, content } = read;
    for (let j = 0; j < raws.length; j++) {
      const seq = out.lines++;
      let line: LineKey | JournalLine;
      try {
        line = projected ? (raws[j] as LineKey) : checkLine(raws[j] as Json, seq + 1); // projected: the schema has checked what checkLine checks
      } catch (e) {
        chainOk = false;
        add({ code: 'EJOURNAL', digest: sd, path: `/lines/${seq - first}`, seq, message: `run ${run.id}, ${(e as Error).message}` });
        continue;
      }
      const where = { question: line.slot.question, permutation: line.slot.permutation, repetition: line.slot.repetition, attempt: line.attempt, seq };
      const hash = spans && content ? sha256(content.subarray(spans[2 * j]!, spans[2 * j + 1]!)) : sha256(fastCanonicalText(line));
      if (chainChecked) {
        for (const b of chainBreaks(line, seq, prev)) {
          chainOk = false;
          add({ code: 'EJOURNAL', digest: sd, path: `/lines/${seq - first}/${b.field}`, ...where, message: `run ${run.id}, journal line ${seq + 1}: ${b.message}` });
        }
      }
      prev = hash; // re-anchor after a break, so one edited line is one finding, not one per later line
      chainChecked = true;

      const s = line.slot;
      const planned = judgeSlotKeys
        ? judgeSlotKeys.has(`${s.question}\0${s.repetition}`) && s.permutation === 0
        : planQuestions.has(s.question)
          ? s.permutation < plan.permutations
          : planTaskIds.has(s.question) && s.permutation === 0;
      if (!planned || s.repetition >= plan.repetitions) {
        add({
          code: 'ESLOT',
          digest: sd,
          path: `/lines/${seq - first}/slot`,
          ...where,
          message: `run ${run.id}, journal line ${seq + 1}: slot (${s.question}, permutation ${s.permutation}, repetition ${s.repetition}) is not a planned slot`,
        });
      }
      if (line.request !== undefined && !stored.has(line.requestHash)) stored.set(line.requestHash, line.request);
      const storedHash = line.request !== undefined ? sha256(fastCanonicalText(line.request)) : null;
      const want = rebuild(s.question, s.permutation, s.repetition);
      if (!want) continue; // not rebuildable (reported once per question by the rebuilder)
      out.requests++;
      const hashOk = want.hash === line.requestHash;
      const storedOk = storedHash === null || storedHash === line.requestHash;
      if (hashOk && storedOk) {
        out.matched++;
        continue;
      }
      out.mismatched++;
      const body = line.request ?? stored.get(line.requestHash);
      const why = !hashOk
        ? `the rebuilt request hashes to ${want.hash}, the journal records ${line.requestHash}`
        : `the stored request hashes to ${storedHash}, the journal records ${line.requestHash}`;
      const diff = body === undefined || diffs >= maxDiffs ? undefined : diffJson(want.body, body);
      if (diff) diffs++;
      add({
        code: 'EREQUEST',
        digest: sd,
        path: `/lines/${seq - first}`,
        ...where,
        message: `run ${run.id}, question ${s.question}, permutation ${s.permutation}, repetition ${s.repetition}, attempt ${line.attempt}: ${why}${body === undefined ? ' (the journal stores no body for this hash, so no field diff)' : diff?.length === 0 ? ' (the bodies are equal field by field)' : ''}`,
        ...(diff ? { diff } : {}),
      });
    }
  }
  if (chainChecked && out.lines === run.attempts && prev !== run.head) {
    chainOk = false;
    add({ code: 'EJOURNAL', digest: runDigest, path: '/head', message: `run ${run.id}: the segments chain to ${prev}, the run names head ${run.head} (lines were dropped or appended)` });
  }
  if (out.lines !== run.attempts)
    add({ code: 'EJOURNAL', digest: runDigest, path: '/attempts', message: `run ${run.id}: ${out.lines} journal lines in the segments, the run records ${run.attempts} attempts` });
  out.chain = !chainOk || out.lines !== run.attempts ? 'broken' : 'intact';

  // 4. The plan's fingerprint of the whole request set, recomputed in slot order.
  if (judge) checkJudgeRequestHashes(plan, judge, add);
  else checkRequestHashes(plan, rebuild, add);
  return finish();
}

type Add = (f: Found) => void;

function checkRunAgainstPlan(run: RunValue, plan: PlanValue, add: Add) {
  if (run.bank !== plan.bank) add({ code: 'EPLAN', digest: run.plan, path: '/bank', message: `run ${run.id} names bank ${run.bank}, its plan names ${plan.bank}` });
  if (run.model !== plan.model) add({ code: 'EPLAN', digest: run.plan, path: '/model', message: `run ${run.id} names model ${run.model}, its plan names ${plan.model}` });
  const tasks = plan.tasks?.length ?? 0;
  const slots = plan.judge ? plan.judge.items.length : (plan.questions.length * plan.permutations + tasks) * plan.repetitions;
  if (plan.judge && run.serves !== plan.judge.serves.run)
    add({ code: 'EPLAN', digest: run.plan, path: '/judge/serves', message: `judge run ${run.id} names the run it serves as ${run.serves ?? 'none'}, its plan names ${plan.judge.serves.run}` });
  if (plan.judge && (plan.slots !== slots || run.planned !== slots))
    add({ code: 'EPLAN', digest: run.plan, path: '/slots', message: `judge run ${run.id}: ${slots} judged replies; the plan says ${plan.slots} slots, the run ${run.planned}` });
  else if (plan.slots !== slots || run.planned !== slots)
    add({
      code: 'EPLAN',
      digest: run.plan,
      path: '/slots',
      message: `run ${run.id}: ${plan.questions.length} questions × ${plan.permutations} permutations${tasks ? ` + ${tasks} tasks,` : ''} × ${plan.repetitions} repetitions = ${slots} slots; the plan says ${plan.slots}, the run ${run.planned}`,
    });
  if (!REQUEST_FORMATS.includes(plan.requestFormat) && !(plan.judge && plan.requestFormat === JUDGE_FORMAT))
    add({
      code: 'EFORMAT',
      digest: run.plan,
      path: '/requestFormat',
      message: `run ${run.id} was planned with request format ${plan.requestFormat}; this docket builds ${REQUEST_FORMATS.join(' and ')}`,
    });
}

/**
 * (question, permutation) → the rebuilt body and hash, built once with `planRequests` (the
 * recorder's builder) and cached: repetitions of a slot share one body. Returns null for a question
 * that cannot be rebuilt (reported once).
 */
function rebuilder(
  archive: Archive,
  banks: Map<Digest, FrozenBank | DocketError>,
  plan: PlanValue,
  worktree: WorktreeBank | undefined,
  add: Add,
): (question: string, permutation: number) => Rebuilt | null {
  let bank: FrozenBank | null = null;
  if (worktree) {
    bank = {
      digest: plan.bank,
      name: 'working tree',
      version: '',
      benchmarkVersion: plan.benchmarkVersion,
      template: worktree.template,
      templateDigest: plan.bank,
      protocolDigest: plan.bank,
      questions: worktree.questions as FrozenBank['questions'],
      tasks: (worktree.tasks ?? []) as FrozenBank['tasks'],
    };
  } else {
    let b = banks.get(plan.bank);
    if (!b) {
      try {
        b = loadFrozenBank(archive, plan.bank);
      } catch (e) {
        if (!(e instanceof DocketError)) throw e; // a BundleError is one
        b = e;
      }
      banks.set(plan.bank, b);
    }
    if (b instanceof DocketError) add({ code: 'EBANK', digest: plan.bank, path: null, message: `bank ${plan.bank} does not load (${b.code}: ${b.message}), so no request can be rebuilt` });
    else bank = b;
  }
  const cache = new Map<string, Rebuilt[] | null>();
  const planTasks = new Set(plan.tasks ?? []);
  return (question, permutation) => {
    if (!bank) return null;
    let perms = cache.get(question);
    if (perms === undefined) {
      try {
        const task = planTasks.has(question);
        const one = { questions: task ? [] : [question], tasks: task ? [question] : [] };
        perms = planRequests(bank, { ...one, permutations: plan.permutations, repetitions: 1, model: plan.model, params: plan.params, requestFormat: plan.requestFormat }).map((r) => ({
          body: r.body,
          hash: r.hash,
        }));
      } catch (e) {
        if (!(e instanceof DocketError)) throw e;
        perms = null;
        add({
          code: 'EQUESTION',
          digest: plan.bank,
          path: null,
          question,
          message: `${planTasks.has(question) ? 'task' : 'question'} ${question} is not in ${worktree ? 'the working tree bank' : `bank ${plan.bank}`}, so its requests cannot be rebuilt`,
        });
      }
      cache.set(question, perms);
    }
    return perms?.[permutation] ?? null;
  };
}

/**
 * (task, repetition) → a judge run's rebuilt request: the contestant reply the plan's item names (read
 * from the run it serves, its journal re-chained), the task from the frozen bank, the rubric, model
 * and settings from the archived judge grader. Returns null for an item that cannot be rebuilt
 * (reported once).
 */
function judgeRebuilder(archive: Archive, banks: Map<Digest, FrozenBank | DocketError>, plan: PlanValue, add: Add): (task: string, repetition: number) => Rebuilt | null {
  const j = plan.judge!;
  const out = new Map<string, Rebuilt>();
  try {
    const g = archive.get(j.grader).value as unknown as { kind: string; id: string; model: string; params: PlanValue['params']; rubric: string };
    if (g.kind !== 'judge-grader') throw usageError('EKIND', `${j.grader} is a ${g.kind} bundle, not a judge grader`);
    let bank = banks.get(plan.bank);
    if (!bank) banks.set(plan.bank, (bank = loadFrozenBank(archive, plan.bank)));
    if (bank instanceof DocketError) throw bank;
    const contestant = loadRun(archive, j.serves.run);
    const tasks = new Map(bank.tasks.map((t) => [t.id, t]));
    for (const item of j.items) {
      const task = tasks.get(item.task);
      const line = contestant.lines[item.seq];
      if (!task || !line || line.slot.question !== item.task || line.slot.repetition !== item.repetition || line.content === null) {
        add({
          code: 'EREQUEST',
          digest: j.serves.run,
          path: null,
          question: item.task,
          repetition: item.repetition,
          message: `judge run item ${item.task} repetition ${item.repetition}: attempt ${item.seq} of run ${j.serves.runId} is not a reply to that task slot, so its judge request cannot be rebuilt`,
        });
        continue;
      }
      const use = task.graders.find((x) => x.ref === 'judge@1' && (x.params as { judge?: unknown }).judge === g.id);
      const reference = (use?.params as { reference?: unknown } | undefined)?.reference;
      const body = buildJudgeRequest({ model: plan.model, params: plan.params, rubric: g.rubric }, task, line.content, typeof reference === 'string' ? reference : undefined);
      out.set(`${item.task}\0${item.repetition}`, { body, hash: requestHash(body) });
    }
  } catch (e) {
    if (!(e instanceof DocketError)) throw e;
    add({
      code: 'EBANK',
      digest: j.serves.run,
      path: null,
      message: `judge run: the run it serves (${j.serves.runId}), its bank or its judge grader does not load (${e.code}: ${e.message}), so no judge request can be rebuilt`,
    });
    return () => null;
  }
  return (task, repetition) => out.get(`${task}\0${repetition}`) ?? null;
}

/** A judge plan's requestHashes over its items' rebuilt requests, in item order. */
function checkJudgeRequestHashes(plan: PlanValue, rebuild: (task: string, repetition: number) => Rebuilt | null, add: Add) {
  const hashes: Digest[] = [];
  for (const i of plan.judge!.items) {
    const r = rebuild(i.task, i.repetition);
    if (!r) return;
    hashes.push(r.hash);
  }
  const got = requestSetHash(hashes);
  if (got !== plan.requestHashes)
    add({ code: 'EREQUEST', digest: null, path: '/requestHashes', message: `the judge plan's requestHashes is ${plan.requestHashes}; the rebuilt judge request set hashes to ${got}` });
}

/** plan.requestHashes = SHA-256 of the RFC 8785 array of every slot's request hash, in slot order (streamed: digests are plain ASCII strings). */
function checkRequestHashes(plan: PlanValue, rebuild: (q: string, p: number) => Rebuilt | null, add: Add) {
  const h = sha256Stream();
  let first = true;
  h.update('[');
  const items: [string, number][] = [...plan.questions.map((q): [string, number] => [q, plan.permutations]), ...(plan.tasks ?? []).map((t): [string, number] => [t, 1])];
  for (const [q, permutations] of items) {
    for (let p = 0; p < permutations; p++) {
      const r = rebuild(q, p);
      if (!r) return; // already reported: the set cannot be rebuilt
      // The slot's hash once per repetition, hashed in runs of up to 1024 (one update per slot cost
      // ~4 % of a replay of 200k attempts).
      const item = `"${r.hash}"`;
      for (let rep = 0; rep < plan.repetitions; ) {
        const n = Math.min(1024, plan.repetitions - rep);
        h.update(first ? item + `,${item}`.repeat(n - 1) : `,${item}`.repeat(n));
        first = false;
        rep += n;
      }
    }
  }
  h.update(']');
  const got = h.digest();
  if (got !== plan.requestHashes)
    add({ code: 'EREQUEST', digest: null, path: '/requestHashes', message: `the plan's requestHashes is ${plan.requestHashes}; the rebuilt request set hashes to ${got}` });
}

/** Breadth-first over bundleRef edges from the run: every referenced bundle checked once, except segments (streamed). */
function walkBundles(checker: BundleChecker, root: Digest, kind: string, add: Add): { root?: Json; checked: number } {
  const seen = new Set<Digest>([root]);
  const queue: { digest: Digest; kind: string | null; from: { digest: Digest; pointer: string } | null }[] = [{ digest: root, kind, from: null }];
  let rootValue: Json | undefined;
  let checked = 0;
  for (let i = 0; i < queue.length; i++) {
    const { digest, kind: want, from } = queue[i]!;
    const c = checker.read(digest, i === 0);
    checked++;
    if (c.error?.code === 'EREDACTED' && i > 0) {
      // Its content is gone by design (design.md §23): the run rests on it, and says so. What needs
      // the content (the bank to rebuild requests from, a segment) fails where it is read.
      add({
        code: 'HREDACTED',
        severity: 'hint',
        digest,
        path: null,
        message: `this run rests on redacted evidence: ${from ? `${from.pointer} of ${from.digest} names ` : ''}${digest}, ${c.error.message}`,
      });
      continue;
    }
    if (c.error) {
      if (c.error.code === 'EMISSING')
        add({
          code: 'EREF',
          digest: from?.digest ?? digest,
          path: from?.pointer ?? null,
          message: from ? `${from.pointer} of ${from.digest} names ${digest}, which is not in the archive` : `run bundle ${digest} is not in the archive`,
        });
      else add({ code: c.error.code, digest, path: null, message: `${want ?? 'bundle'} ${digest}: ${c.error.message}` });
      continue;
    }
    if (want && c.kind !== want) {
      add({
        code: 'EREF',
        digest: from?.digest ?? digest,
        path: from?.pointer ?? null,
        message: `${from ? `${from.pointer} of ${from.digest} names` : 'the run ref names'} ${digest}, a ${c.kind} bundle, where a ${want} is required`,
      });
      continue;
    }
    if (i === 0) rootValue = c.value;
    for (const ref of c.refs) {
      const d = ref.digest as Digest;
      if (ref.kind === 'run-segment' || seen.has(d) || !isDigest(d)) continue;
      seen.add(d);
      queue.push({ digest: d, kind: ref.kind, from: { digest, pointer: ref.pointer } });
    }
  }
  return { root: rootValue, checked };
}

interface SegmentRead {
  first: number;
  lines: readonly (LineKey | JournalLine | Json)[]; // projected lines are checked; others go through checkLine
  projected: boolean;
  spans: Uint32Array | null;
  content: Uint8Array | null;
}

/** One segment, checked like any bundle and against its place in the run. */
function readSegment(checker: BundleChecker, sd: Digest, run: RunValue, linesSoFar: number, index: number, add: Add): SegmentRead | null {
  const placed = (segRun: string, first: number) => {
    if (segRun !== run.id || first !== linesSoFar)
      add({ code: 'ESEGMENT', digest: sd, path: '/first', message: `run ${run.id}: segment ${index} belongs to run ${segRun} at line ${first}; expected run ${run.id} at line ${linesSoFar}` });
  };
  const p = checker.projectSegment(sd);
  if (p) {
    placed(p.run, p.first);
    return { first: p.first, lines: p.lines, projected: true, spans: p.spans, content: p.content };
  }
  const c = checker.read(sd, true);
  if (c.error) {
    if (c.error.code === 'EMISSING') add({ code: 'EREF', digest: sd, path: `/segments/${index}`, message: `run ${run.id}: segment ${index} (${sd}) is not in the archive` });
    else if (c.error.code === 'EREDACTED')
      add({ code: 'EREDACTED', digest: sd, path: `/segments/${index}`, message: `run ${run.id}: segment ${index} (${sd}) is redacted (${c.error.message}): its journal lines cannot be replayed` });
    else add({ code: c.error.code, digest: sd, path: null, message: `run ${run.id}: segment ${index}: ${c.error.message}` });
    return null;
  }
  if (c.kind !== 'run-segment') {
    add({ code: 'EREF', digest: sd, path: `/segments/${index}`, message: `run ${run.id}: segment ${index} names ${sd}, a ${c.kind} bundle` });
    return null;
  }
  const seg = c.value as unknown as SegmentValue;
  placed(seg.run, seg.first);
  const content = c.content ?? null;
  return { first: seg.first, lines: seg.lines, projected: false, content, spans: content ? lineSpans(content, seg) : null };
}

/**
 * Where each journal line sits in a segment's canonical bytes. decodeBundle has verified those bytes
 * are exactly the RFC 8785 form of the segment, so each line's slice is exactly its own RFC 8785 form
 * (the text the journal hashed): hashing the slice gives the line hash without serializing the line
 * again, which is most of the per-line cost. The layout is fixed by the schema and canonical key
 * order: `{"first":N,"kind":"run-segment","lines":[L0,L1,…],"run":…`. Returns null when the bytes
 * do not have that shape (the caller then serializes each line instead).
 */
export function lineSpans(content: Uint8Array, seg: SegmentValue): Uint32Array | null {
  const prefix = Buffer.from(`{"first":${seg.first},"kind":"run-segment","lines":[`, 'utf8');
  if (content.length < prefix.length || Buffer.compare(prefix, content.subarray(0, prefix.length)) !== 0) return null;
  const n = seg.lines.length;
  const spans = new Uint32Array(n * 2);
  let i = prefix.length;
  if (n === 0) return content[i] === 0x5d ? spans : null;
  let k = 0;
  let depth = 0;
  let inString = false;
  let start = i;
  // Byte-level scan: in UTF-8 every byte of a multi-byte character is >= 0x80, so quotes, backslashes
  // and brackets are found exactly.
  for (; i < content.length; i++) {
    const b = content[i]!;
    if (inString) {
      if (b === 0x5c)
        i++; // skip the escaped byte
      else if (b === 0x22) inString = false;
      continue;
    }
    if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) {
      if (depth++ === 0) start = i;
    } else if (b === 0x7d || b === 0x5d) {
      if (depth === 0) break; // the closing ] of the lines array
      if (--depth === 0) {
        if (k === n) return null;
        spans[2 * k] = start;
        spans[2 * k + 1] = i + 1;
        k++;
      }
    }
  }
  return k === n && content[i] === 0x5d ? spans : null;
}
