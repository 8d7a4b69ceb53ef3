import { type Finding, finding } from '../findings.ts';
import type { Digest } from '../format/digest.ts';
import { planStatus, type History, type HistoryRun, type HistoryStatus, type PlanStatus } from '../runs/history.ts';

/**
 * The selective-reporting audit (docs/scoring.md "Selective reporting", docs/design.md §22): a
 * published number may not be the best of several tries. For every published row it lists every
 * run of that model on that benchmark version the archive holds (sealed, stopped or still a
 * working directory) and every plan registered for them (run or not), and requires the published
 * run to be the one the rule names:
 *
 * - with a registered plan for the model and version: the first complete run of the first
 *   registered plan (log order);
 * - with none: the first complete run of the model and version (start order).
 *
 * Anything else is ESELECTIVE (HSELECTED with --allow-selected, which the report says). Pure: the
 * caller reads the archive (runs/history.ts) and the scores.
 */

export interface PublishedRun {
  model: string;
  benchmarkVersion: string | null; // the version the row claims; null: the run's own
  where: string;
  run: Digest | null; // the run the published number rests on (audit resolved it); null: none found
  score: number; // percent, as published
  decimals: number; // precision as published
}

export interface ListedRun {
  run: Digest | null;
  runId: string;
  status: HistoryStatus;
  planRecord: Digest | null;
  startedAt: string;
  score: number | null; // percent under the current grade; null: not graded (or not sealed)
  published: boolean;
  expected: boolean; // the run the rule names
}

export interface ListedPlan {
  record: Digest;
  seq: number;
  committedAt: string;
  status: PlanStatus;
  runs: string[]; // run ids
}

export interface SelectiveRow {
  model: string;
  benchmarkVersion: string;
  where: string;
  rule: 'registered' | 'unregistered';
  status: 'first' | 'selected' | 'unchecked';
  published: { run: Digest | null; score: number };
  expected: { run: Digest; runId: string } | null;
  runs: ListedRun[];
  plans: ListedPlan[];
  message: string;
  findings: Finding[];
}

export interface SelectiveReport {
  ok: boolean;
  allowSelected: boolean;
  rows: SelectiveRow[];
  findings: Finding[]; // every row's, plus the plan log's own (EPLANLOG)
}

export function selectiveAudit(published: readonly PublishedRun[], history: History, scores: ReadonlyMap<string, number | null>, opts: { allowSelected?: boolean } = {}): SelectiveReport {
  const allowSelected = opts.allowSelected ?? false;
  const rows = published.map((p) => selectiveRow(p, history, scores, allowSelected));
  const findings = [...history.log.findings, ...rows.flatMap((r) => r.findings)];
  return { ok: findings.every((f) => f.severity !== 'error'), allowSelected, rows, findings };
}

function selectiveRow(p: PublishedRun, history: History, scores: ReadonlyMap<string, number | null>, allowSelected: boolean): SelectiveRow {
  const publishedRun = p.run ? history.runs.find((r) => r.digest === p.run) : undefined;
  // The published run's own model and version: a row that names others is the audit's identity mismatch.
  const model = publishedRun?.model ?? p.model;
  const version = publishedRun?.benchmarkVersion ?? p.benchmarkVersion ?? '';
  const runs = history.runs.filter((r) => r.model === model && r.benchmarkVersion === version);
  const plans = history.log.records.filter((r) => r.value.model === model && r.value.benchmarkVersion === version);
  const firstComplete = (pool: HistoryRun[]) => pool.find((r) => r.status === 'sealed' && r.digest !== null);
  const expected = plans.length ? firstComplete(runs.filter((r) => r.planRecord === plans[0]!.digest)) : firstComplete(runs);
  const fmt = (x: number | null) => (x === null ? 'not graded' : x.toFixed(p.decimals));
  const scoreOf = (r: HistoryRun) => (r.digest ? (scores.get(r.digest) ?? null) : null);
  const listed: ListedRun[] = runs.map((r) => ({
    run: r.digest,
    runId: r.runId,
    status: r.status,
    planRecord: r.planRecord ?? null,
    startedAt: r.startedAt,
    score: scoreOf(r),
    published: r.digest !== null && r.digest === p.run,
    expected: r === expected,
  }));
  const listedPlans: ListedPlan[] = plans.map((rec) => ({
    record: rec.digest,
    seq: rec.value.seq,
    committedAt: rec.value.committedAt,
    status: planStatus(rec, runs),
    runs: runs.filter((r) => r.planRecord === rec.digest).map((r) => r.runId),
  }));
  const rule = plans.length ? 'registered' : 'unregistered';
  const base = { model: p.model, benchmarkVersion: version, where: p.where, rule, published: { run: p.run, score: p.score }, runs: listed, plans: listedPlans } as const;
  if (!p.run || !publishedRun)
    return { ...base, status: 'unchecked', expected: null, message: `${p.model}: ${p.run ? `run ${p.run} is not in the archive` : 'no run to check'} (the audit says why)`, findings: [] };

  const others = runs.filter((r) => r.digest !== p.run);
  const othersText = others.length
    ? `${others.length} other run${others.length === 1 ? '' : 's'}: ${others.map((r) => `${fmt(scoreOf(r))} (${r.runId}${r.status === 'sealed' ? '' : `, ${r.status}`})`).join(', ')}`
    : 'no other run';
  const head = `${p.model}: published ${p.score.toFixed(p.decimals)} (run ${publishedRun?.runId ?? p.run})`;
  const stopped = listedPlans.filter((x) => x.status !== 'complete');
  const plansText = plans.length
    ? `; ${plans.length} registered plan${plans.length === 1 ? '' : 's'}${stopped.length ? ` (${stopped.map((x) => `${x.record.slice(0, 19)}… ${x.status}`).join(', ')})` : ''}`
    : '';
  const where = { path: p.where, digest: p.run };
  if (expected && expected.digest === p.run) {
    const findings: Finding[] = [];
    if (!plans.length)
      findings.push(
        finding(
          'HUNREGISTERED',
          `${p.model}: no plan was registered for this version, so only the runs in this archive count (runs made elsewhere cannot); register the next one with \`docket plan commit\``,
          where,
          'hint',
        ),
      );
    const of = plans.length ? `the first registered plan ${plans[0]!.digest.slice(0, 19)}…` : `${model} on this version (no plan registered)`;
    return { ...base, status: 'first', expected: { run: expected.digest!, runId: expected.runId }, message: `${head} is the first complete run of ${of}; ${othersText}${plansText}`, findings };
  }
  const why = plans.length
    ? expected
      ? `the first registered plan ${plans[0]!.digest} (committed ${plans[0]!.value.committedAt}) was first completed by run ${expected.runId} (${fmt(scoreOf(expected))})`
      : `the first registered plan ${plans[0]!.digest} (committed ${plans[0]!.value.committedAt}) has no complete run (${listedPlans[0]!.status})`
    : expected
      ? `no plan was registered, so the first complete run counts: ${expected.runId} (${fmt(scoreOf(expected))})`
      : 'no plan was registered and no run is complete';
  const message = `${head}; ${othersText}${plansText}; ${why}`;
  const data = { ...where, model: p.model, benchmarkVersion: version, expected: expected ? expected.digest : null, others: others.map((r) => ({ run: r.digest, runId: r.runId, score: scoreOf(r) })) };
  const selected: Finding = allowSelected
    ? finding('HSELECTED', `${message} (allowed by --allow-selected)`, data, 'hint')
    : finding('ESELECTIVE', `${message}: publish that run, or pass --allow-selected to report this without failing`, data);
  return { ...base, status: 'selected', expected: expected ? { run: expected.digest!, runId: expected.runId } : null, message, findings: [selected] };
}
