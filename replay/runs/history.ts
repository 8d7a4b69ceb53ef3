import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Archive } from '../store/archive.ts';
import { parseDigest, type Digest } from '../format/digest.ts';
import { DocketError } from '../errors.ts';
import { byUtf8 } from '../format/utf8.ts';
import { bundlesOfKind, readPlanLog, type PlanLog, type PlanRecord } from './plans.ts';
import { lockHolder, PLAN_FILE, readWorkPlanRecord, RUN_ID, STARTED_FILE, WORK_DIR, workDir, type PlanValue, type RunValue } from './runs.ts';

/**
 * Everything an archive holds about what was run (docs/design.md §22): the plan log and every run,
 * sealed (every `run` bundle, not only the ones refs/runs names) or still a working directory. The
 * selective-reporting audit and `docket plan list` read it; `release pack` refuses what a release
 * would leave out. Every bundle is read through the store, digest-checked.
 */

export type HistoryStatus = RunValue['status'] | 'in-progress' | 'unsealed';

export interface HistoryRun {
  digest: Digest | null; // the sealed run bundle; null for a working directory
  runId: string;
  model: string;
  benchmarkVersion: Digest;
  status: HistoryStatus; // `unsealed`: a working directory no live recorder holds (stopped; resumable)
  planRecord: Digest | null | undefined; // the registered plan it ran; null: unregistered; undefined: sealed before plan records existed
  startedAt: string;
  sealedAt: string | null;
  planned: number;
  done: number;
  current: boolean; // refs/runs/<id> names this bundle
}

export interface History {
  log: PlanLog;
  runs: HistoryRun[]; // in start order (startedAt, then sealedAt, then run id)
}

export function readHistory(archive: Archive): History {
  const log = readPlanLog(archive);
  const sealedIds = new Set<string>();
  // One run sealed twice (a seal finished by --resume after a crash leaves its first, unreferenced
  // bundle: same id, plan and journal head, another sealedAt) is one run: the bundle the ref names
  // is kept, else the last sealed. Another run under a reused id has another head, and counts.
  const sealed = new Map<string, HistoryRun>();
  for (const d of bundlesOfKind(archive, 'run')) {
    const v = archive.get(d).value as unknown as RunValue;
    sealedIds.add(v.id);
    // A judge run (it serves a contestant run) grades; it measures no model: never a run of its model.
    if (v.serves) continue;
    const run: HistoryRun = {
      digest: d,
      runId: v.id,
      model: v.model,
      benchmarkVersion: v.benchmarkVersion,
      status: v.status,
      planRecord: v.planRecord,
      startedAt: v.startedAt,
      sealedAt: v.sealedAt,
      planned: v.planned,
      done: v.done,
      current: archive.ref(`${WORK_DIR}/${v.id}`) === d,
    };
    const key = `${v.id}\u0000${v.plan}\u0000${v.head}`;
    const other = sealed.get(key);
    if (!other || (!other.current && (run.current || run.sealedAt! > other.sealedAt!))) sealed.set(key, run);
  }
  const runs = [...sealed.values()];
  runs.push(...workingRuns(archive, sealedIds));
  runs.sort((a, b) => byUtf8(a.startedAt, b.startedAt) || byUtf8(a.sealedAt ?? '~', b.sealedAt ?? '~') || byUtf8(a.runId, b.runId) || byUtf8(a.digest ?? '', b.digest ?? ''));
  return { log, runs };
}

/** Runs not sealed yet: working directories under runs/ (their plan read from the store). */
function workingRuns(archive: Archive, sealedIds: Set<string>): HistoryRun[] {
  const base = join(archive.dir, WORK_DIR);
  if (!existsSync(base)) return [];
  const out: HistoryRun[] = [];
  for (const id of readdirSync(base).sort(byUtf8)) {
    if (!RUN_ID.test(id) || sealedIds.has(id)) continue; // a dot-dir is a run being created; a sealed one is finishing its removal
    const dir = workDir(archive.dir, id);
    let plan: PlanValue;
    let planRecord: Digest | null;
    try {
      plan = archive.get(parseDigest(readFileSync(join(dir, PLAN_FILE), 'utf8').trim())).value as unknown as PlanValue;
      planRecord = readWorkPlanRecord(dir);
    } catch (e) {
      if (e instanceof DocketError || (e as NodeJS.ErrnoException).code === 'ENOENT') continue; // unreadable: `docket runs` and verify say so
      throw e;
    }
    if (plan.judge) continue; // a judge run being recorded (above)
    let startedAt = 'unknown';
    try {
      startedAt = readFileSync(join(dir, STARTED_FILE), 'utf8').trim() || 'unknown';
    } catch {}
    out.push({
      digest: null,
      runId: id,
      model: plan.model,
      benchmarkVersion: plan.benchmarkVersion,
      status: lockHolder(dir) ? 'in-progress' : 'unsealed',
      planRecord,
      startedAt,
      sealedAt: null,
      planned: plan.slots,
      done: 0,
      current: false,
    });
  }
  return out;
}

/** How far a registered plan got, from the runs that name it. */
export type PlanStatus = 'complete' | 'in-progress' | 'unsealed' | 'stopped' | 'never run';

export function planStatus(record: PlanRecord, runs: readonly HistoryRun[]): PlanStatus {
  const own = runs.filter((r) => r.planRecord === record.digest);
  if (own.some((r) => r.status === 'sealed')) return 'complete';
  if (own.some((r) => r.status === 'in-progress')) return 'in-progress';
  if (own.some((r) => r.status === 'unsealed')) return 'unsealed';
  return own.length ? 'stopped' : 'never run';
}

/**
 * What a release of this archive would leave out of the history of the models it publishes (every
 * model with a sealed run or a registered plan), each as a sentence naming it: runs still in a
 * working directory (a release ships bundles, not journals), runs naming a plan record the log does
 * not hold, and what breaks the plan log itself. `release pack` refuses while any is left.
 */
export function historyGaps(h: History): string[] {
  const published = new Set([...h.runs.filter((r) => r.digest !== null).map((r) => r.model), ...h.log.records.map((r) => r.value.model)]);
  const onLog = new Set(h.log.records.map((r) => r.digest));
  const out: string[] = [];
  for (const r of h.runs) {
    if (!published.has(r.model)) continue;
    if (r.digest === null)
      out.push(
        `run ${r.runId} of ${r.model}${r.planRecord ? ` (registered plan ${r.planRecord})` : ''} is still a working directory (${r.status}): finish it (\`docket run --resume ${r.runId}\`) or seal it as it stands (\`docket run --resume ${r.runId} --abandon\`)`,
      );
    else if (r.planRecord && !onLog.has(r.planRecord)) out.push(`run ${r.runId} of ${r.model} ran plan record ${r.planRecord}, which is not on the plan log`);
  }
  out.push(...h.log.findings.map((f) => f.message));
  return out;
}
