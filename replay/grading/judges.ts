import { readFileSync } from 'node:fs';
import { byUtf8 } from '../format/utf8.ts';
import type { Archive } from '../store/archive.ts';
import { Index } from '../store/sqlindex.ts';
import type { FrozenBank, FrozenTask } from '../bank/frozen.ts';
import { treePath } from '../bank/bank.ts';
import { unsafeRelPath } from '../bank/layout.ts';
import { sha256, type Digest } from '../format/digest.ts';
import { encodeBundle } from '../format/bundle.ts';
import { canonicalBytes, type Json } from '../format/json.ts';
import { DocketError, findingError, usageError } from '../errors.ts';
import type { RunParams } from '../bank/types.ts';
import type { JournalLine } from '../runs/journal.ts';
import { requestHash } from '../runs/request.ts';
import { buildJudgeRequest, JUDGE_COMBINES, JUDGE_FORMAT, JUDGE_RUNTIME, requestSetHash, type JudgeCombine, type JudgeItem, type JudgeVerdictRule } from '../runs/judge-request.ts';
import { loadRun, publicUrl, WORK_DIR, type Caps, type LoadedRun, type PlanValue } from '../runs/runs.ts';
import { graderDigest } from './graders.ts';

/**
 * Judge graders (docs/design.md §10 "Judge graders"): a second model grades an `answer` task's reply
 * against a rubric. The suite declares each judge in decision-bank.json `judges` (versions, like its
 * own graders); a task hands its reply to one with the task grader `judge@1` ({"judge": NAME}).
 * A judge grader's identity covers its rubric text, model, request settings and verdict rule; its
 * bundle (`judge-grader`) holds them all, so the archive alone rebuilds every judge request and
 * re-applies the verdict rule. The calls themselves are judge runs (cli/recorder/judge.ts), found
 * here by the contestant run they serve and the request hash of each judge request.
 */

/** The task grader ref that hands a task's reply to a suite judge. */
export const JUDGE_REF = 'judge@1';

/** One version of a judge as decision-bank.json declares it. */
export interface JudgeVersionDecl {
  rubric: string; // a file, relative to the bank root
  model: string;
  /** the judge endpoint, when the suite pins it (its public form): part of the identity, and judge runs go nowhere else */
  endpoint?: string;
  params?: Partial<RunParams>;
  verdict: JudgeVerdictRule;
}
export interface JudgeDecl {
  current: number;
  versions: { [version: string]: JudgeVersionDecl };
}

/** The `judge-grader` bundle value: everything that decides a judge's requests and scores. */
export interface JudgeGraderValue {
  kind: 'judge-grader';
  schemaVersion: 1;
  id: string;
  version: number;
  digest: Digest;
  runtime: typeof JUDGE_RUNTIME;
  model: string;
  endpoint?: string;
  params: RunParams;
  verdict: JudgeVerdictRule;
  rubric: string;
}

/** A judge grader with its bundle's digest. */
export interface JudgeGrader {
  ref: string;
  value: JudgeGraderValue;
  bundle: Digest;
}

/** How a grade record names a judge grader and the judge runs whose replies it read. */
export interface JudgeIdentity {
  ref: string;
  id: string;
  version: number;
  digest: Digest;
  bundle: Digest;
  model: string;
  runs: Digest[];
}

export const DEFAULT_JUDGE_PARAMS: RunParams = { temperature: 0, max_tokens: 64 };
const NAME = /^[a-z][a-z0-9-]*$/;

// ---- the declaration ----

/** What is wrong with the bank's `judges` (the schema has checked the types), each naming its member. */
export function judgeDeclProblems(root: string, bank: unknown, opts: { files: boolean } = { files: true }): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  const judges = ((bank ?? {}) as { judges?: Record<string, JudgeDecl> }).judges ?? {};
  for (const [name, d] of Object.entries(judges)) {
    const at = `judges.${name}`;
    if (!NAME.test(name)) out.push({ field: at, message: `judge name ${JSON.stringify(name)} must match [a-z][a-z0-9-]*` });
    const versions = d?.versions ?? {};
    if (!Object.hasOwn(versions, String(d?.current)))
      out.push({ field: `${at}.current`, message: `current version ${JSON.stringify(d?.current)} is not one of versions (${Object.keys(versions).join(', ') || 'none'})` });
    for (const [n, v] of Object.entries(versions)) {
      const vat = `${at}.versions.${n}`;
      if (!/^[1-9][0-9]*$/.test(n)) out.push({ field: `${at}.versions`, message: `version "${n}" must be a positive integer` });
      const bad = typeof v.rubric === 'string' ? unsafeRelPath(v.rubric) : 'is not a path';
      if (bad) out.push({ field: `${vat}.rubric`, message: `the rubric ${JSON.stringify(v.rubric)} ${bad}` });
      else if (opts.files) {
        const p = treePath(root, v.rubric);
        if (p.problem !== null) out.push({ field: `${vat}.rubric`, message: `the rubric ${p.problem}` });
      }
      if (v.endpoint !== undefined && !endpointOk(v.endpoint)) out.push({ field: `${vat}.endpoint`, message: `the endpoint ${JSON.stringify(v.endpoint)} is not an absolute http(s) URL` });
      const problem = verdictRuleProblem(v.verdict);
      if (problem) out.push({ field: `${vat}.verdict`, message: problem });
    }
  }
  return out;
}

const endpointOk = (url: string) => {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** The endpoint a judge run of `j` goes to: `baseUrl`, which must be the declared endpoint when the judge declares one (another endpoint is another judge: a new version). */
export function judgeEndpoint(j: JudgeGrader, baseUrl: string): string {
  if (j.value.endpoint !== undefined && publicUrl(baseUrl) !== j.value.endpoint)
    throw usageError(
      'EJUDGEDECL',
      `judge ${j.ref} is declared at ${j.value.endpoint}; ${publicUrl(baseUrl)} is another endpoint, so another judge: pass --base-url ${j.value.endpoint}, or declare the new endpoint in a new version`,
      { judge: j.ref, endpoint: j.value.endpoint },
    );
  return baseUrl;
}

/** Why a verdict rule cannot be applied, or null. */
export function verdictRuleProblem(rule: JudgeVerdictRule | undefined): string | null {
  if (rule && rule.criteria !== undefined) {
    if (rule.pattern !== undefined || rule.scale !== undefined || rule.pass !== undefined || rule.flags !== undefined)
      return 'a per-criterion rule has criteria and combine only (each criterion its own pattern and scale or pass word)';
    if (!Array.isArray(rule.criteria) || rule.criteria.length === 0) return 'criteria must list at least one criterion';
    if (!JUDGE_COMBINES.includes(rule.combine as JudgeCombine)) return `a per-criterion rule needs combine: one of ${JUDGE_COMBINES.join(', ')} (how the criteria scores make the task's score)`;
    const names = new Set<string>();
    for (const [i, c] of rule.criteria.entries()) {
      if (typeof c?.name !== 'string' || !c.name) return `criteria[${i}] needs a name`;
      if (names.has(c.name)) return `criteria[${i}]: the name ${JSON.stringify(c.name)} is used twice`;
      names.add(c.name);
      if (c.weight !== undefined && !(typeof c.weight === 'number' && c.weight > 0)) return `criterion ${c.name}: weight must be > 0`;
      const p = singleRuleProblem(c);
      if (p) return `criterion ${c.name}: ${p}`;
    }
    return null;
  }
  if (rule?.combine !== undefined) return 'combine goes with criteria';
  return singleRuleProblem(rule);
}

function singleRuleProblem(rule: Pick<JudgeVerdictRule, 'pattern' | 'flags' | 'scale' | 'pass'> | undefined): string | null {
  if (!rule || typeof rule.pattern !== 'string') return 'a verdict rule needs a pattern (a regular expression whose first group is the score, or the pass/fail word), or criteria';
  let re: RegExp;
  try {
    re = new RegExp(rule.pattern, rule.flags ?? '');
  } catch (e) {
    return `the pattern does not compile: ${(e as Error).message}`;
  }
  if (new RegExp(`${re.source}|`, rule.flags ?? '').exec('')!.length < 2) return 'the pattern needs a capturing group: the score, or the pass/fail word';
  if (rule.pass === undefined && !(typeof rule.scale === 'number' && rule.scale > 0)) return 'a score rule needs a scale > 0 (the score out of it), or `pass` for a pass/fail rule';
  return null;
}

/** A suite judge version, read from the working tree (its rubric file, CRLF → LF): a draft until its grade records name it. */
export function judgeFromDecl(root: string, name: string, version: number, d: JudgeVersionDecl): JudgeGrader {
  const at = treePath(root, d.rubric);
  if (at.problem !== null) throw usageError('EJUDGEDECL', `judge ${name}@${version}: the rubric ${at.problem}`, { judge: `${name}@${version}` });
  const rubric = readFileSync(at.abs, 'utf8')
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n');
  const params: RunParams = { ...DEFAULT_JUDGE_PARAMS, ...(d.params ?? {}) } as RunParams;
  return judgeGrader({ id: name, version, model: d.model, ...(d.endpoint === undefined ? {} : { endpoint: publicUrl(d.endpoint) }), params, verdict: d.verdict, rubric });
}

/** A judge grader's identity: graders.ts's digest over {id, version, config: {runtime, model, endpoint?, params, verdict}, source: {rubric}} (`endpoint` only when declared). */
export function judgeGrader(j: { id: string; version: number; model: string; endpoint?: string; params: RunParams; verdict: JudgeVerdictRule; rubric: string }): JudgeGrader {
  const at = j.endpoint === undefined ? {} : { endpoint: j.endpoint };
  const config = { runtime: JUDGE_RUNTIME, model: j.model, ...at, params: j.params, verdict: j.verdict } as unknown as Json;
  const digest = graderDigest(j.id, j.version, config, { rubric: j.rubric });
  const value: JudgeGraderValue = {
    kind: 'judge-grader',
    schemaVersion: 1,
    id: j.id,
    version: j.version,
    digest,
    runtime: JUDGE_RUNTIME,
    model: j.model,
    ...at,
    params: j.params,
    verdict: j.verdict,
    rubric: j.rubric,
  };
  return { ref: `${j.id}@${j.version}`, value, bundle: encodeBundle(value as unknown as Json).descriptor.digest };
}

/** An archived judge grader; one whose members do not hash to its digest is EGRADERBUNDLE. */
export function loadJudgeGrader(archive: Archive, bundle: Digest): JudgeGrader {
  const d = archive.get(bundle);
  if (d.descriptor.kind !== 'judge-grader') throw findingError('EKIND', `${bundle} is a ${d.descriptor.kind} bundle, not a judge grader`, { digest: bundle });
  const v = d.value as unknown as JudgeGraderValue;
  const g = judgeGrader(v);
  if (g.value.digest !== v.digest)
    throw findingError('EGRADERBUNDLE', `judge grader bundle ${bundle} (${v.id}@${v.version}) claims digest ${v.digest}, but its members hash to ${g.value.digest}`, { bundle });
  return { ...g, bundle };
}

/**
 * A judge grader some grade record names (found by the index's edges from `grade` bundles to
 * `judge-grader` bundles, each re-read from its bytes, which loadJudgeGrader re-hashes) with `j`'s
 * id and version but another digest, or null: the same version with other members would be another
 * judge passing under a name grades already use. (judge-check's graders, another model under the
 * same name, grade nothing and are not counted.)
 */
export function archivedJudgeConflict(archive: Archive, j: JudgeGrader): { bundle: Digest; digest: Digest } | null {
  const bundles = Index.exists(archive.dir)
    ? (archive
        .currentIndex()
        .db.prepare("SELECT DISTINCT e.dst FROM edges e JOIN objects s ON s.digest = e.src AND s.kind = 'grade' JOIN objects d ON d.digest = e.dst AND d.kind = 'judge-grader' ORDER BY e.dst")
        .pluck()
        .all() as Digest[])
    : judgeGradersOfGradeChains(archive);
  for (const b of bundles) {
    if (b === j.bundle) continue;
    const v = loadJudgeGrader(archive, b).value;
    if (v.id === j.value.id && v.version === j.value.version && v.digest !== j.value.digest) return { bundle: b, digest: v.digest };
  }
  return null;
}

/**
 * The judge-grader bundles the grade records of refs/grades/* and their chains name, read from the
 * bundles (an archive with no index yet: `check` and `regrade --dry-run` never create one for this).
 */
function judgeGradersOfGradeChains(archive: Archive): Digest[] {
  const out = new Set<Digest>();
  for (const r of archive.store.listRefs()) {
    if (!r.name.startsWith('grades/')) continue;
    const seen = new Set<Digest>();
    for (let d = archive.ref(r.name); d && !seen.has(d); ) {
      seen.add(d);
      let v: { previous?: Digest | null; judges?: { bundle?: Digest }[] };
      try {
        v = archive.get(d).value as typeof v;
      } catch (e) {
        if (!(e instanceof DocketError)) throw e;
        break; // a damaged grade is verify's finding
      }
      for (const x of v.judges ?? []) if (x.bundle) out.add(x.bundle);
      d = v.previous ?? null;
    }
  }
  return [...out].sort(byUtf8);
}

// ---- the verdict ----

/** The judge's reply → a score in [0, 1], or null when the rule finds none (a failed measurement, not a 0). */
export function applyVerdict(rule: JudgeVerdictRule, reply: string | null): number | null {
  return readVerdict(rule, reply).score;
}

/** A reply read by a verdict rule: the task's score, and with a per-criterion rule each criterion's score (null: not found in the reply). */
export interface VerdictReading {
  score: number | null;
  criteria?: { name: string; score: number | null }[];
}

/** The reply read by the rule; a per-criterion rule scores each criterion, then combines them (any criterion not found: the score is null). */
export function readVerdict(rule: JudgeVerdictRule, reply: string | null): VerdictReading {
  if (!rule.criteria) return { score: readOne(rule as Required<Pick<JudgeVerdictRule, 'pattern'>> & JudgeVerdictRule, reply) };
  const criteria = rule.criteria.map((c) => ({ name: c.name, score: readOne(c, reply) }));
  if (criteria.some((c) => c.score === null)) return { score: null, criteria };
  const scores = criteria.map((c) => c.score!);
  let score: number;
  if (rule.combine === 'min') score = Math.min(...scores);
  else if (rule.combine === 'all') score = scores.every((x) => x >= 1) ? 1 : 0;
  else {
    const w = rule.criteria.map((c) => c.weight ?? 1);
    score = scores.reduce((n, x, i) => n + x * w[i]!, 0) / w.reduce((n, x) => n + x, 0);
  }
  return { score, criteria };
}

function readOne(rule: { pattern: string; flags?: string; scale?: number; pass?: string }, reply: string | null): number | null {
  if (reply === null) return null;
  const m = new RegExp(rule.pattern, (rule.flags ?? '').replace('g', '')).exec(reply);
  if (!m || m[1] === undefined) return null;
  if (rule.pass !== undefined) return m[1] === rule.pass ? 1 : 0;
  const n = Number(m[1]);
  if (!Number.isFinite(n)) return null;
  return Math.min(1, Math.max(0, n / rule.scale!));
}

// ---- which replies a judge judges, and its requests ----

export const judgeName = (params: Json): string | null => {
  const j = (params as { judge?: unknown } | null)?.judge;
  return typeof j === 'string' ? j : null;
};
const referenceOf = (params: Json): string | undefined => {
  const r = (params as { reference?: unknown } | null)?.reference;
  return typeof r === 'string' ? r : undefined;
};

/** Whether an attempt's reply is judged: it answered with some text (a failure, an interrupt, an empty reply are graded without a judge). */
export const judged = (line: Pick<JournalLine, 'class' | 'content'>): boolean => line.class !== 'provider_failure' && line.class !== 'interrupted' && (line.content ?? '').trim() !== '';

/** The judge request of one attempt's reply, for the task's judge grader use `params`. */
export function judgeRequestFor(j: JudgeGrader, task: FrozenTask, content: string, params: Json): { body: Json; hash: Digest } {
  const body = buildJudgeRequest({ model: j.value.model, params: j.value.params, rubric: j.value.rubric }, task, content, referenceOf(params));
  return { body, hash: requestHash(body) };
}

export interface JudgeRequest {
  item: JudgeItem;
  task: FrozenTask;
  body: Json;
  hash: Digest;
}

/** Every reply of a run the judge `j` judges (tasks whose graders name it), one per slot, in slot order (task id, repetition). */
export function judgeRequests(run: Pick<LoadedRun, 'lines'>, bank: Pick<FrozenBank, 'tasks'>, j: JudgeGrader): JudgeRequest[] {
  const tasks = new Map(bank.tasks.map((t) => [t.id, t]));
  const bySlot = new Map<string, JudgeRequest>();
  for (const line of run.lines) {
    const task = tasks.get(line.slot.question);
    const use = task?.graders.find((g) => g.ref === JUDGE_REF && judgeName(g.params) === j.value.id);
    if (!task || !use || !judged(line)) continue;
    const { body, hash } = judgeRequestFor(j, task, line.content!, use.params);
    bySlot.set(`${task.id}\0${line.slot.repetition}`, { item: { task: task.id, repetition: line.slot.repetition, seq: line.seq }, task, body, hash });
  }
  return [...bySlot.values()].sort((a, b) => byUtf8(a.item.task, b.item.task) || a.item.repetition - b.item.repetition);
}

/** The judge names a bank's tasks hand replies to. */
export function judgesOfBank(bank: Pick<FrozenBank, 'tasks'>, taskIds?: readonly string[]): string[] {
  const ids = taskIds ? new Set(taskIds) : null;
  const names = new Set<string>();
  for (const t of bank.tasks) if (!ids || ids.has(t.id)) for (const g of t.graders) if (g.ref === JUDGE_REF && judgeName(g.params)) names.add(judgeName(g.params)!);
  return [...names].sort(byUtf8);
}

/** A judge run's frozen plan: the run it serves, its judge grader, the replies it judges, the judge's model, endpoint and settings. */
export function judgePlanValue(contestant: Pick<LoadedRun, 'digest' | 'run' | 'plan'>, j: JudgeGrader, requests: readonly JudgeRequest[], baseUrl: string, caps: Caps): PlanValue {
  return {
    kind: 'plan',
    schemaVersion: 1,
    bank: contestant.plan.bank,
    benchmarkVersion: contestant.plan.benchmarkVersion,
    requestFormat: JUDGE_FORMAT,
    questions: [],
    tasks: [...new Set(requests.map((r) => r.item.task))].sort(byUtf8),
    permutations: 1,
    repetitions: contestant.plan.repetitions,
    slots: requests.length,
    model: j.value.model,
    baseUrl: publicUrl(baseUrl),
    params: j.value.params,
    grader: { ref: j.ref, digest: j.value.digest },
    caps,
    requestHashes: requestSetHash(requests.map((r) => r.hash)),
    judge: { serves: { run: contestant.digest, runId: contestant.run.id }, grader: j.bundle, items: requests.map((r) => r.item) },
  };
}

/** The judge run id of a plan: `judge-` + 20 hex of what it asks, so asking again for the same replies finds (or resumes) the same run. */
export const judgeRunId = (plan: Pick<PlanValue, 'requestHashes' | 'model' | 'baseUrl' | 'judge'>): string =>
  `judge-${sha256(canonicalBytes({ serves: plan.judge!.serves.run, requests: plan.requestHashes, model: plan.model, baseUrl: plan.baseUrl })).slice(7, 27)}`;

// ---- the recorded replies ----

/** A judge's recorded reply to one request: the judge run and attempt, and what came back. */
export interface JudgeReply {
  run: Digest;
  runId: string;
  seq: number;
  content: string | null;
  failed: boolean; // the judge call failed (provider failure, interrupt): a failed measurement
  model: string | null; // what the judge endpoint returned
}

/**
 * Every final judge reply recorded for a contestant run, by request hash. The judge runs serving it
 * are found through the index, the store's own record of each bundle's references (its `edges`
 * from run bundles whose `serves` names the run, brought up to date with the store first), not by
 * decoding every judge-* run bundle. No answer rests on the cache: each bundle found is re-hashed
 * against its name (a damaged one is its own finding), read from its bytes (its `serves` must name
 * the run), its ref refs/runs/<id> (read from the store) must still name it, and its journal is
 * read from the bundles themselves.
 */
export function recordedJudgeReplies(archive: Archive, run: Digest): Map<string, JudgeReply> {
  const out = new Map<string, JudgeReply>();
  const found = Index.exists(archive.dir) ? servingRunsFromIndex(archive, run) : servingRunsFromRefs(archive, run);
  const heads: { id: string; digest: Digest }[] = [];
  for (const digest of found) {
    const bad = archive.store.rehash(digest);
    if (bad) throw findingError(bad.code, `judge run bundle ${digest}, which the index says serves run ${run}, is damaged (${bad.message}): run \`docket verify\``, { digest });
    const value = archive.get(digest).value as unknown as { id: string; serves?: Digest };
    if (value.serves !== run) throw findingError('EINDEX', `the index says run bundle ${digest} serves ${run}; its bytes say ${value.serves ?? 'nothing'}: run \`docket index rebuild\``, { digest });
    if (archive.ref(`${WORK_DIR}/${value.id}`) === digest) heads.push({ id: value.id, digest }); // an older bundle of a run is not its record
  }
  heads.sort((a, b) => byUtf8(a.id, b.id));
  for (const { id } of heads) {
    let loaded: LoadedRun;
    try {
      loaded = loadRun(archive, id);
    } catch (e) {
      if (!(e instanceof DocketError)) throw e;
      continue; // a damaged run is verify's finding; its replies are not there to read
    }
    for (const l of loaded.lines) {
      if (!l.final) continue;
      const reply = { run: loaded.digest, runId: id, seq: l.seq, content: l.content, failed: l.class === 'provider_failure' || l.class === 'interrupted', model: l.model };
      if (!out.has(l.requestHash)) out.set(l.requestHash, reply);
      const at = `${l.requestHash} ${loaded.plan.baseUrl}`; // for a judge that declares its endpoint (replyTo)
      if (!out.has(at)) out.set(at, reply);
    }
  }
  return out;
}

/** The run bundles whose `serves` names `run`, by the index's edges. */
function servingRunsFromIndex(archive: Archive, run: Digest): Digest[] {
  return archive
    .currentIndex()
    .db.prepare("SELECT e.src FROM edges e JOIN objects o ON o.digest = e.src AND o.kind = 'run' WHERE e.dst = ? AND e.pointer = '/serves' ORDER BY e.src")
    .pluck()
    .all(run) as Digest[];
}

/**
 * The same without an index (an archive no command has indexed yet): the bundles refs/runs/* name,
 * read. A reader such as `check` or `regrade --dry-run` never creates the index just for this.
 */
function servingRunsFromRefs(archive: Archive, run: Digest): Digest[] {
  const out: Digest[] = [];
  for (const r of archive.store.listRefs()) {
    if (!r.name.startsWith(`${WORK_DIR}/`) || !r.name.slice(WORK_DIR.length + 1).startsWith('judge-')) continue;
    const d = archive.ref(r.name);
    if (!d) continue;
    try {
      if ((archive.get(d).value as { serves?: Digest }).serves === run) out.push(d);
    } catch (e) {
      if (!(e instanceof DocketError)) throw e; // a damaged bundle is verify's finding
    }
  }
  return out.sort(byUtf8);
}

/** The recorded reply of judge `j` to a request: any judge run's, or, for a judge that declares its endpoint, only a judge run's at that endpoint. */
export const replyTo = (replies: ReadonlyMap<string, JudgeReply>, j: JudgeGrader, hash: Digest): JudgeReply | undefined =>
  replies.get(j.value.endpoint === undefined ? hash : `${hash} ${j.value.endpoint}`);

/** What grading reads of the judges: the judge graders by name, and the recorded replies. */
export interface JudgeContext {
  graders: ReadonlyMap<string, JudgeGrader>;
  replies: ReadonlyMap<string, JudgeReply>; // by request hash, and by `hash baseUrl` (replyTo)
}
