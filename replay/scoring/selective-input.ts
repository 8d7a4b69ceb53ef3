import type { Archive } from '../store/archive.ts';
import { readHistory } from '../runs/history.ts';
import type { AuditReport, Published } from './audit.ts';
import { scoreRun, type RunForScoring } from './scoring.ts';
import { selectiveAudit, type PublishedRun, type SelectiveReport } from './selective.ts';

/**
 * The selective-reporting step of `docket audit` (and of `docket check`'s audit step): the audit
 * has resolved each published row to a run; this reads the archive's history (every run and the
 * plan log) and the current scores of those models' runs, then applies the rule (selective.ts).
 */
export function auditSelective(archive: Archive, pub: Published, report: AuditReport, runs: readonly RunForScoring[], opts: { allowSelected?: boolean } = {}): SelectiveReport {
  const rows: PublishedRun[] = report.rows.map((row, i) => {
    const p = pub.rows[i]!;
    return { model: row.model, benchmarkVersion: p.benchmarkVersion ?? pub.benchmarkVersion, where: row.where, run: row.run as PublishedRun['run'], score: row.published, decimals: p.decimals };
  });
  // The rule counts the runs of the published run's own model (a row may name it otherwise: the audit's identity mismatch).
  const modelOf = new Map(runs.map((r) => [r.run as string, r.model]));
  const models = new Set(rows.map((r) => (r.run && modelOf.get(r.run)) || r.model));
  const scores = new Map<string, number | null>();
  for (const r of runs) {
    if (!models.has(r.model)) continue;
    const s = scoreRun(r, { interval: false }).score;
    scores.set(r.run, s === null ? null : s * 100);
  }
  return selectiveAudit(rows, readHistory(archive), scores, opts);
}
