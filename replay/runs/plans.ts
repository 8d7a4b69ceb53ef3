import type { Archive } from '../store/archive.ts';
import { type Finding, finding } from '../findings.ts';
import { isDigest, type Digest } from '../format/digest.ts';
import { DocketError, findingError, usageError } from '../errors.ts';
import type { Json } from '../format/json.ts';
import { diffJson } from '../format/json-diff.ts';
import { matchRunRef } from './run-ref.ts';
import { tryCache, type PlanValue } from './runs.ts';

/**
 * Plan records (docs/design.md §22): the archive's append-only, hash-chained plan log. A record
 * registers one frozen plan (the `plan` bundle a run would store: bank and so benchmark version and
 * protocol, grader, model, repetitions, request settings with their seed, caps, endpoint) before any
 * call, with the time and the digest of the record before it. `refs/plans/head` names the newest.
 * `docket run --plan DIGEST` runs exactly the registered plan, and the sealed run names the record.
 */

export const PLAN_LOG_REF = 'plans/head';

export interface PlanRecordValue {
  kind: 'plan-record';
  schemaVersion: 1;
  seq: number; // position in the log, 0 for the first record
  previous: Digest | null; // the record before it; null only at seq 0
  plan: Digest; // the frozen plan bundle
  model: string; // the plan's, repeated so a listing needs no second read (checked equal)
  benchmarkVersion: Digest; // likewise
  committedAt: string;
}

export interface PlanRecord {
  digest: Digest;
  value: PlanRecordValue;
}

export function planRecordValue(plan: Digest, p: Pick<PlanValue, 'model' | 'benchmarkVersion'>, previous: PlanRecord | null, committedAt: string): PlanRecordValue {
  return {
    kind: 'plan-record',
    schemaVersion: 1,
    seq: previous ? previous.value.seq + 1 : 0,
    previous: previous?.digest ?? null,
    plan,
    model: p.model,
    benchmarkVersion: p.benchmarkVersion,
    committedAt,
  };
}

/** One plan record, of that kind (else EPLANRECORD naming what the digest is). */
export function loadPlanRecord(archive: Archive, digest: Digest): PlanRecord {
  const d = archive.get(digest);
  if (d.descriptor.kind !== 'plan-record') throw findingError('EPLANRECORD', `${digest} is a ${d.descriptor.kind} bundle, not a plan record`, { digest });
  return { digest, value: d.value as unknown as PlanRecordValue };
}

/**
 * Append a record for `plan` to the log: store the plan, then, as the archive's one writer (so two
 * commits chain one after the other), the record naming the current head, then move the head.
 */
export function commitPlan(archive: Archive, plan: PlanValue, committedAt: string): { record: PlanRecord; plan: Digest; finished: Digest | null } {
  const planDigest = archive.put(plan).digest;
  tryCache(() => archive.currentIndex()); // brought up to date before the writer's transaction, which then only reads it
  return archive.writing(() => {
    const finished = finishInterruptedCommit(archive);
    const head = archive.ref(PLAN_LOG_REF);
    const previous = head ? loadPlanRecord(archive, head) : null;
    const value = planRecordValue(planDigest, plan, previous, committedAt);
    const digest = archive.put(value).digest;
    archive.setRef(PLAN_LOG_REF, digest);
    return { record: { digest, value }, plan: planDigest, finished };
  });
}

/** A record stored by a commit killed before it moved the head: the only one off the log, and it follows the head. */
const interruptedCommit = (log: Pick<PlanLog, 'head' | 'records' | 'offChain'>): PlanRecord | null => {
  const [r] = log.offChain;
  return log.offChain.length === 1 && r!.value.previous === log.head && r!.value.seq === (log.records.at(-1)?.value.seq ?? -1) + 1 ? r! : null;
};

/**
 * A commit killed between storing its record and moving the head leaves that record off the log:
 * the next commit finishes it (moves the head to it) before appending, as `run --resume` finishes
 * a seal. Anything else off the log is a fork, not a crash, and stays EPLANLOG.
 */
function finishInterruptedCommit(archive: Archive): Digest | null {
  const r = interruptedCommit(readPlanLog(archive));
  if (r) archive.setRef(PLAN_LOG_REF, r.digest);
  return r?.digest ?? null;
}

export interface PlanLog {
  head: Digest | null;
  records: PlanRecord[]; // the chain from the first record to the head, in log order
  offChain: PlanRecord[]; // plan records in the archive that the chain does not reach (a fork, a moved head)
  findings: Finding[]; // EPLANLOG: what is wrong with the log
}

/**
 * The plan log as the archive holds it: the chain from refs/plans/head back to its first record,
 * each record checked against the one before it (seq, previous) and against its plan (model and
 * benchmark version), plus every plan record the chain does not reach. Every bundle is read through
 * the store (digest-checked); a missing or damaged one is a coded error, as for any read.
 */
export function readPlanLog(archive: Archive): PlanLog {
  const head = archive.ref(PLAN_LOG_REF);
  const findings: Finding[] = [];
  const add = (digest: Digest | null, message: string) => findings.push(finding('EPLANLOG', message, { path: `refs/${PLAN_LOG_REF}`, digest }));
  const chain: PlanRecord[] = [];
  for (let d = head; d; ) {
    const r = loadPlanRecord(archive, d);
    const after = chain[chain.length - 1];
    if (after && r.value.seq !== after.value.seq - 1) add(r.digest, `record ${r.digest} has seq ${r.value.seq}, but the record after it has seq ${after.value.seq}`);
    if ((r.value.previous === null) !== (r.value.seq === 0)) add(r.digest, `record ${r.digest} has seq ${r.value.seq} and previous ${r.value.previous}: only the first record (seq 0) has none`);
    const plan = archive.get(r.value.plan).value as unknown as PlanValue;
    if (plan.model !== r.value.model || plan.benchmarkVersion !== r.value.benchmarkVersion)
      add(r.digest, `record ${r.digest} names model ${r.value.model} on ${r.value.benchmarkVersion}, but its plan ${r.value.plan} is for ${plan.model} on ${plan.benchmarkVersion}`);
    chain.push(r);
    if (chain.length > 1_000_000) throw findingError('EPLANLOG', `the plan log from ${head} does not end`, { head });
    d = r.value.previous;
  }
  chain.reverse();
  const on = new Set(chain.map((r) => r.digest));
  const offChain = bundlesOfKind(archive, 'plan-record')
    .filter((d) => !on.has(d))
    .map((d) => loadPlanRecord(archive, d));
  const interrupted = interruptedCommit({ head, records: chain, offChain });
  for (const r of offChain)
    add(
      r.digest,
      `plan record ${r.digest} (seq ${r.value.seq}, ${r.value.model}, committed ${r.value.committedAt}) is not on the plan log that refs/${PLAN_LOG_REF} ends at${r === interrupted ? ': a commit interrupted before it moved the head; the next `docket plan commit` finishes it' : ''}`,
    );
  return { head, records: chain, offChain, findings };
}

/**
 * Every bundle of one kind: the index's rows, plus any object the index does not know (a copy, a
 * pull killed midway). Where the index cannot be opened or written (a read-only archive), every
 * object is read instead: the bundles, not the cache, are the truth.
 */
export function bundlesOfKind(archive: Archive, kind: string): Digest[] {
  const out = new Set<Digest>();
  const indexed = new Set<string>();
  tryCache(() => {
    const idx = archive.currentIndex();
    for (const row of idx.objects()) {
      indexed.add(row.digest);
      if (row.kind === kind) out.add(row.digest);
    }
  });
  for (const o of archive.store.list().objects) {
    if (indexed.has(o.digest)) continue;
    try {
      if (archive.get(o.digest).descriptor.kind === kind) out.add(o.digest);
    } catch (e) {
      if (!(e instanceof DocketError)) throw e; // a damaged object is verify's finding
    }
  }
  return [...out].sort();
}

/** A plan record named by full digest or unique prefix (as runs are named). */
export function resolvePlanRecord(archive: Archive, ref: string): PlanRecord {
  if (isDigest(ref)) return loadPlanRecord(archive, ref);
  const all = bundlesOfKind(archive, 'plan-record');
  const found = matchRunRef(
    all,
    ref,
    () => '',
    (d) => d,
  );
  if (found.match) return loadPlanRecord(archive, found.match);
  if (found.candidates.length > 1) throw usageError('EAMBIGUOUS', `${ref} matches ${found.candidates.length} plan records: ${found.candidates.join(', ')}; give more digest characters`, { ref });
  throw usageError('EPLANRECORD', `no plan record ${ref} in ${archive.dir}: \`docket plan list\` shows the plan log`, { ref });
}

/**
 * `docket run --plan DIGEST`: the plan this run would freeze must be the registered plan, byte for
 * byte (the same plan bundle digest). Any difference refuses the run, naming each field.
 */
export function requireRegistered(archive: Archive, ref: string, planned: PlanValue): PlanRecord {
  const record = resolvePlanRecord(archive, ref);
  const registered = archive.get(record.value.plan).value as unknown as PlanValue;
  const diffs = diffJson(planned as unknown as Json, registered as unknown as Json);
  if (diffs.length) {
    const show = (v: Json | undefined) => (v === undefined ? '(absent)' : JSON.stringify(v));
    throw usageError(
      'EPLANMISMATCH',
      `this run is not the plan registered as ${record.digest} (committed ${record.value.committedAt}): ${diffs
        .map((d) => `${d.path}: registered ${show(d.stored)}, this run ${show(d.rebuilt)}`)
        .join('; ')}. Run it with the settings \`docket plan commit\` was given (\`docket plan show ${record.digest}\` prints them), or commit a new plan`,
      { planRecord: record.digest, differences: diffs },
    );
  }
  return record;
}
