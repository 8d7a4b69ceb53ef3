import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ArgumentsCamelCase } from 'yargs';
import { DocketError, usageError } from '../../replay/errors.ts';
import { buildReport, DEFAULT_REPORT_TITLE, type ReportText } from '../../replay/scoring/report.ts';
import { loadBankFile } from '../../replay/bank/bank.ts';
import { currentBank } from '../../replay/bank/frozen.ts';
import { Archive } from '../../replay/index/archive.ts';
import { currentBenchmarkVersion, loadRunsForScoring } from '../../replay/scoring/scoring-input.ts';
import { chooseVersion, rankRuns, type Ranking, type RunForScoring } from '../../replay/scoring/scoring.ts';
import { taskDetails, type TaskDetail } from '../../replay/scoring/task-details.ts';
import { judgeContestantFlags, type JudgeContestantFlag } from '../../replay/scoring/judge-flags.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { makeDir, requireDir } from '../paths.ts';

export interface Args extends GlobalArgs {
  out: string;
  benchmarkVersion?: string;
}

/**
 * The page names the bank, never docket (decision-bank.json `report.title` and `report.text`):
 * without a title, the bank's name — the working tree's, else the frozen bank's — and "leaderboard".
 */
export function reportPage(root: string | null, archiveDir: string): ReportText {
  if (root !== null) {
    try {
      const bank = loadBankFile(root);
      const r = bank.report ?? {};
      return { title: r.title ?? `${bank.name} ${DEFAULT_REPORT_TITLE}`, ...(r.text ? { text: r.text } : {}) };
    } catch (e) {
      if (!(e instanceof DocketError)) throw e; // an unreadable working-tree bank: validate says why; the frozen name still serves
    }
  }
  const archive = new Archive(archiveDir);
  try {
    return { title: archive.ref('bank/current') ? `${currentBank(archive).name} ${DEFAULT_REPORT_TITLE}` : DEFAULT_REPORT_TITLE };
  } finally {
    archive.close();
  }
}

/** The task slots of every ranked run with tasks, for the page's per-task sections. */
function rankedTaskDetails(archiveDir: string, runs: readonly RunForScoring[], rows: Ranking['rows']): Map<string, TaskDetail[]> {
  const out = new Map<string, TaskDetail[]>();
  const ranked = new Set(rows.map((r) => r.score.run));
  const tasked = runs.filter((r) => ranked.has(r.run) && r.slots.some((s) => s.kind));
  if (!tasked.length) return out;
  const archive = new Archive(archiveDir);
  try {
    for (const r of tasked) out.set(r.run, taskDetails(archive, r));
  } finally {
    archive.close();
  }
  return out;
}

/** Scores judged by a ranked contestant (as leaderboard prints them). */
function rankedJudgeFlags(archiveDir: string, runs: readonly RunForScoring[], rows: Ranking['rows']): JudgeContestantFlag[] {
  const ranked = new Set(rows.map((r) => r.score.run));
  const archive = new Archive(archiveDir);
  try {
    return judgeContestantFlags(
      archive,
      runs.filter((r) => ranked.has(r.run)),
    );
  } finally {
    archive.close();
  }
}

export function runReport(argv: ArgumentsCamelCase<Args>) {
  requireDir(argv.archive, 'archive');
  if (!argv.json) line(`report: ranking the runs of ${argv.archive} into ${argv.out}`); // before the work
  const runs = loadRunsForScoring(argv.archive, undefined, { answers: false, earlier: false });
  const ranking = rankRuns(runs, chooseVersion(runs, argv.benchmarkVersion, currentBenchmarkVersion(argv.archive)));
  const report = buildReport(ranking, reportPage(argv.bankRoot ?? null, argv.archive), rankedTaskDetails(argv.archive, runs, ranking.rows), rankedJudgeFlags(argv.archive, runs, ranking.rows));
  const html = join(argv.out, 'index.html');
  const json = join(argv.out, 'report.json');
  makeDir(argv.out, `the report ${argv.out}`);
  try {
    writeFileSync(html, report.html);
    writeFileSync(json, `${JSON.stringify(report.json, null, 2)}\n`);
  } catch (e) {
    throw usageError('EWRITE', `cannot write the report to ${argv.out}: ${(e as Error).message}`, { path: argv.out });
  }
  if (argv.json) printJson({ ok: true, html, json, rows: report.json.rows.length, refused: report.json.refused.length });
  else {
    if (runs.length === 0) line(`no runs in the archive ${argv.archive}: the report says so`);
    line(`wrote ${html} and ${json} (${report.json.rows.length} ranked, ${report.json.refused.length} not ranked)`);
  }
}
