import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import type { BankMeasured, WorktreeBank } from '../../replay/bank/drift.ts';
import { rankingJson } from '../../replay/scoring/report.ts';
import { currentBenchmarkVersion, loadRunsForScoring, unscoredRuns, type Unscored, type UngradedRun } from '../../replay/scoring/scoring-input.ts';
import { chooseVersion, formatCost, rankRuns, type Ranking } from '../../replay/scoring/scoring.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';
import { judgeContestantFlags, type JudgeContestantFlag } from '../../replay/scoring/judge-flags.ts';

export interface Args extends GlobalArgs {
  benchmarkVersion?: string;
  providerModels?: boolean;
}

interface MeasuredOn {
  banks: (BankMeasured & { changes?: number })[];
  worktree: { benchmarkVersion: string; drifted: boolean } | null; // null: no decision-bank.json here
}

/**
 * Which runs measured which bank and benchmark version, and whether the working tree is that bank.
 * Loaded once the ranking is printed: reading the working tree's bank is most of what follows it.
 */
async function measuredOn(archive: Archive, root: string | null): Promise<MeasuredOn> {
  const { banksMeasured, driftFrom, hasWorktreeBank, readWorktreeBank } = await import('../../replay/bank/drift.ts');
  const banks = banksMeasured(archive);
  if (root === null || !hasWorktreeBank(root) || banks.length === 0) return { banks, worktree: null };
  let tree: WorktreeBank;
  try {
    tree = readWorktreeBank(root);
  } catch {
    return { banks, worktree: null }; // an unreadable working-tree bank: validate/check say why
  }
  const drift = driftFrom(archive, banks, tree); // a damaged or missing bundle of the archive is a finding, as everywhere
  return {
    banks: drift.map((d) => ({ bank: d.bank, benchmarkVersion: d.benchmarkVersion, runs: d.runs, changes: d.changes.length })),
    worktree: { benchmarkVersion: drift[0]!.worktreeVersion, drifted: drift.some((d) => d.changes.length > 0) },
  };
}

/** The runs scoring leaves out, each with the command that brings it in (or why none does). */
export function printUnscored(unscored: readonly Unscored[]) {
  if (!unscored.length) return;
  line();
  line('not scored:');
  for (const u of unscored) line(`  ${u.runId}${u.run ? ` (${short(u.run)})` : ''}: ${u.why}${u.command ? `: run \`${u.command}\`` : ''}`);
}

function printMeasuredOn(m: MeasuredOn) {
  line();
  line('measured on:');
  for (const b of m.banks)
    line(
      `  benchmark version ${b.benchmarkVersion} (bank ${short(b.bank)}): ${b.runs.join(', ')}${b.changes ? ` — the working tree differs from it in ${b.changes} place(s): docket check lists them` : ''}`,
    );
  if (m.worktree && !m.worktree.drifted) line(`  the working tree's bank is this bank (benchmark version ${m.worktree.benchmarkVersion})`);
  else if (m.worktree) line(`  the working tree's bank is benchmark version ${m.worktree.benchmarkVersion}: no run measured it`);
}

const pct = (x: number | null | undefined) => (x === null || x === undefined ? '–' : (x * 100).toFixed(1));
const short = (d: string) => d.replace(/^sha256:/, '').slice(0, 12);

export function printLeaderboard(r: Ranking, opts: { providerModels?: boolean } = {}) {
  line(`benchmark version ${r.benchmarkVersion ?? 'none'} · protocol ${r.protocol.id} v${r.protocol.version} ${r.protocol.digest}`);
  if (r.rows.length === 0) line('no run is ranked on this benchmark version');
  else {
    const table = [['place', 'model', ...(opts.providerModels ? ['provider model'] : []), 'score', '95% interval', 'coverage', 'truncated', 'cost', 'run', 'grade']];
    for (const row of r.rows) {
      const s = row.score;
      table.push([
        String(row.place),
        s.model,
        ...(opts.providerModels ? [s.providerModels.join(' ') || '–'] : []),
        `${pct(s.score)} %`,
        `[${pct(s.interval?.low)}, ${pct(s.interval?.high)}]`,
        `${pct(s.coverage.fraction)} %`,
        String(s.coverage.truncated),
        formatCost(s.cost),
        short(s.run),
        short(s.grade),
      ]);
    }
    printTable(table, [false, false, ...(opts.providerModels ? [false] : []), true, true, true, true, false, false, false]);
    printKinds(r.rows);
    line();
    line('evidence:');
    for (const row of r.rows) line(`  ${row.score.model}: run ${row.score.run} grade ${row.score.grade}`);
    const shared = r.rows.filter((x) => x.test && !x.test.newPlace);
    if (shared.length) line(`shared places: ${shared.map((x) => `${x.score.model} ~ ${x.test!.against} (Holm p ${x.test!.adjustedP.toPrecision(3)})`).join('; ')}`);
  }
  const shown = r.refused.filter((f) => f.code !== 'other-version');
  if (shown.length) {
    line();
    line('not ranked:');
    for (const f of shown) line(`  ${f.score.model} ${f.score.runId} (${short(f.score.run)}): ${f.reason}`);
  }
  const other = r.refused.length - shown.length;
  if (other) line(`${other} run(s) on other benchmark versions are not shown (--benchmark-version V shows one)`);
}

/** Banks with tasks: each model's score per kind, with its items, coverage and, for tasks, why the replies stopped. */
function printKinds(rows: Ranking['rows']) {
  if (!rows.some((x) => x.score.kinds)) return;
  line();
  line("per kind (finish: the last attempt's finish_reason per task slot):");
  for (const row of rows) {
    const kinds = Object.entries(row.score.kinds ?? {}).map(([k, v]) => {
      const finish = v!.finishReasons
        ? `; finish ${Object.entries(v!.finishReasons)
            .map(([f, n]) => `${f} ${n}`)
            .join(', ')}`
        : '';
      return `${k} ${pct(v!.score)} % (n ${v!.items}, coverage ${pct(v!.coverage.fraction)} %${finish})`;
    });
    line(`  ${row.score.model}: ${kinds.join(' · ')}`);
  }
}

/** Every score graded by a judge that is also a ranked contestant (replay/scoring/judge-flags.ts). */
export function printJudgeFlags(flags: readonly JudgeContestantFlag[]) {
  if (!flags.length) return;
  line();
  line('judge is a contestant:');
  for (const f of flags)
    line(
      `  ${f.model} (${f.runId}): graded by judge ${f.judge} (model ${f.judgeModel}${f.judgeReturned.length ? `, returned ${f.judgeReturned.join(' ')}` : ''}), which is also ranked: ${f.contestants.map((c) => `${c.runId} (${c.by} model ${c.by === 'requested' ? c.model : f.judgeReturned.join(' ')})`).join(', ')}`,
    );
}

export function printTable(rows: string[][], rightAlign: boolean[]) {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows)
    line(
      r
        .map((cell, c) => (rightAlign[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
        .join('  ')
        .trimEnd(),
    );
}

export async function runLeaderboard(argv: ArgumentsCamelCase<Args>) {
  requireDir(argv.archive, 'archive');
  const archive = new Archive(argv.archive);
  try {
    const ungraded: UngradedRun[] = [];
    const runs = loadRunsForScoring(archive, ungraded, { answers: false, earlier: false });
    const unscored = unscoredRuns(archive, ungraded);
    const ranking = rankRuns(runs, chooseVersion(runs, argv.benchmarkVersion, currentBenchmarkVersion(archive)));
    const ranked = new Set(ranking.rows.map((r) => r.score.run));
    const judged = judgeContestantFlags(
      archive,
      runs.filter((r) => ranked.has(r.run)),
    );
    // The ranking is printed as soon as it is known; what the runs measured follows it.
    if (!argv.json && runs.length) {
      printLeaderboard(ranking, { providerModels: argv.providerModels });
      printJudgeFlags(judged);
    }
    const measured = await measuredOn(archive, argv.bankRoot ?? null);
    if (argv.json) printJson({ ...rankingJson(ranking), judgeIsContestant: judged, measuredOn: measured.banks, worktree: measured.worktree, unscored });
    else if (runs.length === 0 && unscored.length === 0) line(`the archive ${argv.archive} holds no runs: record one with \`docket run\` (or bring logs in with \`docket import\`)`);
    else {
      if (runs.length) printMeasuredOn(measured);
      else line(`no run in the archive ${argv.archive} is graded yet, so none is ranked`);
      printUnscored(unscored);
    }
  } finally {
    archive.close();
  }
}
