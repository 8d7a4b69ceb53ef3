import { existsSync } from 'node:fs';
import type { Archive } from '../../replay/index/archive.ts';
import { loadFrozenBank } from '../../replay/bank/frozen.ts';
import type { Digest } from '../../replay/format/digest.ts';
import type { Json } from '../../replay/format/json.ts';
import { findingError, usageError } from '../../replay/errors.ts';
import { bankGrader, suiteJudge, type SuiteGraders } from '../../replay/grading/suite-graders.ts';
import { judgeEndpoint, judgePlanValue, replyTo, judgeRequests, judgeRunId, judgesOfBank, recordedJudgeReplies, type JudgeGrader } from '../../replay/grading/judges.ts';
import { loadRun, workDir, type Caps, type PlannedRequest } from '../../replay/runs/runs.ts';
import { createWorkDir, readPlanDigest } from './workdir.ts';
import { recordPlanned, SYSTEM_CLOCK, type Connection, type RunResult } from './recorder.ts';

/**
 * Judge runs (docs/design.md §9 "Judge runs"): the calls of a judge grader, recorded exactly as a
 * contestant's are — a frozen plan stored before the first call (the run it serves, the judge
 * grader's bundle, the replies it judges), the hash-chained journal with every attempt and retry,
 * usage and cost, sealed into segments and a run bundle under refs/runs/judge-<hex>. The key is
 * the runner's (the connection's), sent only to the judge endpoint and redacted from what is
 * recorded; graded code never sees it. Grading then reads the recorded replies (judges.ts).
 */

export interface JudgeOptions {
  suite: SuiteGraders | null;
  baseUrl: string; // the judge endpoint (its public form is recorded in the plan)
  caps?: Partial<Caps>;
  /** the judge grader to record instead of the suite's current version (judge-check: the same rubric, settings and rule, another model) */
  override?: (j: JudgeGrader) => JudgeGrader;
}

export interface JudgedRun {
  judge: string; // the judge grader's ref
  runId: string | null; // the judge run recorded (null: every reply was already judged)
  digest: Digest | null;
  requests: number; // judge requests this run needed
  recorded: number; // of which were already recorded
  knownCostUsd: number | null;
}

const DEFAULT_CAPS: Caps = { limitEvals: null, maxRequests: null, maxKnownCostUsd: null, retries: 3, timeoutMs: 60_000 };

/**
 * Record, for a sealed contestant run, a judge run per judge its tasks name (the suite's current
 * version) holding every judge request not yet recorded for it. A judge run interrupted before its
 * seal has a working directory under the same id (the id is a function of what it asks): it is
 * continued, so no judge call is made twice.
 */
export async function judgeRun(archive: Archive, runRef: string, o: JudgeOptions, c: Connection): Promise<JudgedRun[]> {
  const contestant = loadRun(archive, runRef);
  if (contestant.run.serves) throw usageError('EUSAGE', `${contestant.run.id} is a judge run; name the run it judges (${contestant.plan.judge!.serves.runId})`, { runId: contestant.run.id });
  const bank = loadFrozenBank(archive, contestant.plan.bank);
  const names = judgesOfBank(bank, contestant.plan.tasks ?? []);
  const out: JudgedRun[] = [];
  if (!names.length) return out;
  const suite = o.suite;
  if (!suite)
    throw usageError('EJUDGEDECL', `run ${contestant.run.id} has judge-graded tasks; recording judge calls needs the suite's decision-bank.json (its judges): run from the bank root`, {
      runId: contestant.run.id,
    });
  const grader = bankGrader({ suite, archive });
  for (const name of names) {
    const d = suite.judges.get(name);
    if (!d) throw usageError('EJUDGE', `run ${contestant.run.id}: its tasks name judge ${name}, which decision-bank.json does not declare`, { judge: name });
    const declared = suiteJudge(suite, name, d.current, archive);
    const j: JudgeGrader = o.override ? o.override(declared) : declared;
    judgeEndpoint(j, o.baseUrl); // a judge that declares its endpoint is asked there only
    const all = judgeRequests(contestant, bank, j);
    const recorded = recordedJudgeReplies(archive, contestant.digest);
    const missing = all.filter((r) => !replyTo(recorded, j, r.hash));
    const row: JudgedRun = { judge: j.ref, runId: null, digest: null, requests: all.length, recorded: all.length - missing.length, knownCostUsd: null };
    out.push(row);
    if (!missing.length) continue;
    const plan = judgePlanValue(contestant, j, missing, o.baseUrl, { ...DEFAULT_CAPS, ...o.caps });
    const runId = judgeRunId(plan);
    // as docket run: a judge run that needs more requests than its cap does not start
    if (plan.caps.maxRequests !== null && missing.length > plan.caps.maxRequests)
      throw findingError('EBUDGET', `judge run ${runId} (judge ${j.ref} of run ${contestant.run.id}) not started: it needs ${missing.length} requests, over --max-requests ${plan.caps.maxRequests}`, {
        runId,
        reason: 'max-requests',
      });
    archive.put(j.value as unknown as Json); // the plan names the judge grader's bundle: stored first
    const planDigest = archive.put(plan).digest; // stored before the first call
    const dir = workDir(archive.dir, runId);
    if (existsSync(dir)) {
      if (readPlanDigest(dir) !== planDigest) throw usageError('ERUNEXISTS', `judge run ${runId} has a working directory for another plan (${dir}); move it away`, { runId });
    } else createWorkDir(archive.dir, runId, planDigest, (c.clock ?? SYSTEM_CLOCK).date().toISOString(), null);
    const requests: PlannedRequest[] = missing.map((r) => ({
      slot: { question: r.item.task, permutation: 0, repetition: r.item.repetition },
      body: r.body,
      hash: r.hash,
      question: null,
      task: r.task,
      permutation: null,
    }));
    const result: RunResult = await recordPlanned(archive, { runId, dir, planDigest, plan, requests, grader, suite, judge: true }, { ...c, judge: undefined, baseUrl: o.baseUrl });
    Object.assign(row, { runId, digest: result.digest, knownCostUsd: result.run.knownCostUsd });
    if (result.status === 'incomplete')
      throw findingError('EBUDGET', `judge run ${runId} stopped incomplete: ${result.stopReason ?? ''} (\`docket judge ${contestant.run.id}\` asks what it did not)`, {
        runId,
        reason: result.stopReason,
      });
    if (result.status !== 'sealed')
      throw usageError('EINTERRUPTED', `judge run ${runId} stopped ${result.status}: ${result.stopReason ?? ''} (\`docket judge ${contestant.run.id}\` asks what it did not)`, { runId });
  }
  return out;
}
