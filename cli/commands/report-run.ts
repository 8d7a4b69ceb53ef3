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
import { judgeContestantFlags } from '../../replay/scoring/judge-flags.ts';
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

/** What the page shows beside the ranking: the task slots of ranked runs with tasks, and the scores a ranked contestant judged. */
function pageExtras(archive: Archive, runs: readonly RunForScoring[], rows: Ranking['rows']) {
  const rankedRuns = new Set(rows.map((r) => r.score.run));
  const ranked = runs.filter((r) => rankedRuns.has(r.run));
  const details = new Map<string, TaskDetail[]>(ranked.filter((r) => r.slots.some((s) => s.kind)).map((r) => [r.run, taskDetails(archive, r)]));
  return { details, judged: judgeContestantFlags(archive, ranked) };
}

export function runReport(argv: ArgumentsCamelCase<Args>) {
  requireDir(argv.archive, 'archive');
  if (!argv.json) line(`report: ranking the runs of ${argv.archive} into ${argv.out}`); // before the work
  const archive = new Archive(argv.archive); // one archive (and index) for every read
  let runs: RunForScoring[];
  let ranking: Ranking;
  let extras: ReturnType<typeof pageExtras>;
  try {
    runs = loadRunsForScoring(archive, undefined, { answers: false, earlier: false });
    ranking = rankRuns(runs, chooseVersion(runs, argv.benchmarkVersion, currentBenchmarkVersion(archive)));
    extras = pageExtras(archive, runs, ranking.rows);
  } finally {
    archive.close();
  }
  const report = buildReport(ranking, reportPage(argv.bankRoot ?? null, argv.archive), extras.details, extras.judged);
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
