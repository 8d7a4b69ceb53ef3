import { existsSync, readFileSync } from 'node:fs';
import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import { auditPublished, parsePublished } from '../../replay/scoring/audit.ts';
import type { Digest } from '../../replay/format/digest.ts';
import { usageError, type DocketError } from '../../replay/errors.ts';
import { archiveGrader, loadArchivedGrader } from '../../replay/grading/grader-archive.ts';
import { ALL_GRADERS, assertGradersPinned, refOf } from '../../replay/grading/graders.ts';
import { diffVerdicts, gradedAtNow, gradeRuns, prepareRegrade, type Flip, type RegradeOptions, type RegradeRunResult } from '../../replay/grading/grades.ts';
import { suiteGradersAt, type SuiteGraders } from '../../replay/grading/suite-graders.ts';
import { gradeChain } from '../../replay/grading/grade-records.ts';
import { resolveRunRef } from '../../replay/runs/run-ref.ts';
import { WORK_DIR } from '../../replay/runs/runs.ts';
import { currentBenchmarkVersion, loadRunsForScoring } from '../../replay/scoring/scoring-input.ts';
import { auditSelective } from '../../replay/scoring/selective-input.ts';
import { judgeContestantFlags } from '../../replay/scoring/judge-flags.ts';
import { chooseVersion, rankRuns } from '../../replay/scoring/scoring.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { execRunner } from '../offline/exec.ts';
import { requireDir } from '../paths.ts';
import type { CheckStep } from './check-steps.ts';

export interface Args extends GlobalArgs {
  runs?: string[];
  all: boolean;
  grader?: string;
  'set-current': boolean;
  imported?: boolean;
  'archive-graders': boolean;
}

/** The sealed contestant run ids of an archive (refs/runs/*, judge runs left out: they are not graded), sorted. */
export function sealedRunIds(archive: Archive): string[] {
  return archive.store
    .listRefs()
    .filter((r) => r.name.startsWith(`${WORK_DIR}/`))
    .map((r) => r.name.slice(WORK_DIR.length + 1))
    .filter((id) => !isJudgeRun(archive, id))
    .sort();
}

/** Whether refs/runs/<id> names a judge run (a run bundle with `serves`); a damaged one is left to the grading that reads it. */
function isJudgeRun(archive: Archive, id: string): boolean {
  try {
    return (archive.get(archive.ref(`${WORK_DIR}/${id}`)!).value as { serves?: unknown }).serves !== undefined;
  } catch {
    return false;
  }
}

/** Run `f` on the archive at `dir`, closing it (and its index) whatever `f` does. */
export function withArchive<T>(dir: string, f: (a: Archive) => T): T {
  const a = new Archive(dir);
  try {
    return f(a);
  } finally {
    a.close();
  }
}

/** `docket regrade`: grade the named runs (grades.ts gradeRuns, the path `docket run` grades by too). */
export function regrade(archiveDir: string, refs: string[], opts: RegradeOptions & { packages?: string | null }): { runs: RegradeRunResult[]; flips: Flip[] } {
  const { packages = null, ...rest } = opts;
  return withArchive(archiveDir, (archive) => gradeRuns(archive, refs, { ...rest, exec: rest.exec ?? execRunner({ packages }) }));
}

/** `regrade --archive-graders`: every pinned built-in grader's bundle, stored (idempotent). */
function archiveBuiltinGraders(dir: string, json: boolean) {
  assertGradersPinned();
  const archive = new Archive(dir);
  try {
    const graders = ALL_GRADERS.map((g) => ({ ref: refOf(g), digest: g.digest, bundle: archiveGrader(archive, g) }));
    if (json) return printJson({ ok: true, graders });
    for (const g of graders) line(`${g.ref} ${g.digest}: bundle ${g.bundle}`);
  } finally {
    archive.close();
  }
}

const short = (d: string) => d.replace(/^sha256:/, '').slice(0, 12);

/** One flip as regrade and grader diff print it: where, both verdicts, both graders. */
export function flipLine(f: Flip): string {
  return `  flip ${f.runId} ${f.question} permutation ${f.permutation} repetition ${f.repetition} attempt ${f.attempt}${f.final ? '' : ' (retried)'}: ${f.old} → ${f.new}  [${f.oldGraderRef} ${short(f.oldGrader)} → ${f.newGraderRef} ${short(f.newGrader)}]`;
}

function printRun(r: RegradeRunResult, flips: Flip[]) {
  const c = r.counts;
  const tally = `${c.slots} slots: ${c.correct} correct, ${c.incorrect} incorrect, ${c.invalid} invalid, ${c.truncated} truncated, ${c.provider_failure} provider failures, ${c.interrupted} interrupted`;
  if (r.status === 'unchanged') {
    line(`${r.runId}: unchanged (${r.grader.ref} ${r.grader.digest}); current grade ${r.current}`);
    return;
  }
  const from = r.previousGrader ? `${r.previousGrader.ref} ${r.previousGrader.digest} → ` : 'first grade: ';
  line(`${r.runId}: ${from}${r.grader.ref} ${r.grader.digest} (grader bundle ${r.grader.bundle})`);
  line(`  grade ${r.grade}${r.previous ? ` (previous ${r.previous})` : ''}`);
  if (!r.isCurrent)
    line(
      `  kept in the chain, not current: ${r.grader.ref} is not the bank's current grader, so the leaderboard still ranks ${r.current ? `grade ${r.current}` : 'no grade of this run'} (--set-current makes this one current)`,
    );
  else if (r.setCurrent) line(`  current by --set-current (recorded in the grade): the leaderboard ranks it although ${r.grader.ref} is not the bank's current grader`);
  line(`  ${tally}; ${r.flips} flip(s)${r.isCurrent ? '' : ' against the current grade'}`);
  for (const f of flips) line(flipLine(f));
  for (const w of r.warnings) line(`  warning ${w.code}: ${w.message}`);
}

// ---- steps of `docket check` (npm start; listed in check-steps.ts) ----

/** Re-grade every run in memory with the bank's current grader (and exec tasks' tests, with the suite's packages); nothing is written. */
export function regradeCheck(archiveDir: string, suite: SuiteGraders | null = null, packages: string | null = null): CheckStep {
  const exec = execRunner({ packages });
  const archive = new Archive(archiveDir);
  try {
    const ids = sealedRunIds(archive);
    const graders = new Map<string, number>();
    const problems: string[] = [];
    let wouldFlip = 0;
    let recorded = 0;
    let kept = 0;
    const recordedFrom = new Set<string>();
    const archivedGraders = new Set<Digest>();
    for (const id of ids) {
      const chain = gradeChain(archive, id);
      if (!chain.length) {
        problems.push(`${id} has no grade`);
        continue;
      }
      const p = prepareRegrade(archive, id, { gradedAt: 'check', suite, exec });
      const cur = p.base!; // the run's current grade (else the newest)
      graders.set(cur.value.grader.ref, (graders.get(cur.value.grader.ref) ?? 0) + 1);
      if (cur.value.run !== p.run.digest || cur.value.current === false) problems.push(`${id} has no current grade of its run bundle (run docket regrade ${id})`);
      const pg = cur.value.grader;
      if (pg.digest !== p.grader.digest)
        problems.push(
          `${id} is scored by ${pg.ref} ${pg.digest}${cur.value.setCurrent ? ' (made current by regrade --set-current)' : ''}, the bank's current grader is ${p.grade.grader.ref} ${p.grader.digest} (run docket regrade ${id})`,
        );
      else if (!pg.bundle) problems.push(`${id}'s grade names no archived grader (run docket regrade --all to archive it)`);
      else archivedGraders.add(pg.bundle);
      wouldFlip += p.flips.length;
      const inputs = p.grade.warnings.filter((w) => w.code === 'WINPUT').length;
      if (inputs) problems.push(`${id}: ${inputs} stored input(s) changed since graded`);
      kept += chain.filter((g) => g.value.current === false).length;
      for (let i = 0; i + 1 < chain.length; i++) {
        const d = diffVerdicts({ verdicts: chain[i + 1]!.verdicts, grader: chain[i + 1]!.value.grader }, { verdicts: chain[i]!.verdicts, grader: chain[i]!.value.grader }, p.run.lines, {
          digest: p.run.digest,
          id,
        });
        recorded += d.flips.length;
        if (d.flips.length) recordedFrom.add(chain[i + 1]!.value.grader.ref);
      }
    }
    for (const b of archivedGraders) {
      try {
        loadArchivedGrader(archive, b); // its source must hash to the digest the grades name, and compile
      } catch (e) {
        problems.push(`archived grader ${b}: ${(e as DocketError).code ?? 'ERROR'}: ${(e as Error).message}`);
      }
    }
    if (wouldFlip) problems.push(`re-grading with the bank's current grader would flip ${wouldFlip} verdict(s) (run docket regrade --all)`);
    const by = [...graders.entries()].map(([ref, n]) => `${n} run${n === 1 ? '' : 's'} graded by ${ref}`).join(', ') || 'no graded runs';
    const history = recorded ? ` (${recorded} flip${recorded === 1 ? '' : 's'} recorded from ${[...recordedFrom].sort().join(', ')} in the archive)` : '';
    const others = kept ? `; ${kept} grade${kept === 1 ? '' : 's'} by other graders kept in the chains, not current` : '';
    const summary = problems.length ? `${by}; ${problems.join('; ')}` : `${by}; re-grading changes nothing${history}${others}`;
    return { name: 'regrade check', ok: problems.length === 0, summary };
  } finally {
    archive.close();
  }
}

export function leaderboardCheck(archiveDir: string): CheckStep {
  const runs = loadRunsForScoring(archiveDir);
  const ranking = rankRuns(runs, chooseVersion(runs, undefined, currentBenchmarkVersion(archiveDir)));
  const shown = ranking.refused.filter((r) => r.code !== 'other-version');
  const refused = shown.length
    ? `, ${shown.length} refused (${shown.map((r) => `${r.score.model}: ${r.code === 'low-coverage' ? `coverage ${(r.score.coverage.fraction * 100).toFixed(1)} % < 97 %` : r.code}`).join('; ')})`
    : '';
  const top = ranking.rows[0];
  const topText = top ? `; top: ${top.score.model} ${((top.score.score ?? 0) * 100).toFixed(1)} %` : '';
  // A judge that is also ranked is said, never hidden: it may have moved the ranking (a hint, not a failure).
  const ranked = new Set(ranking.rows.map((r) => r.score.run));
  const flags = withArchive(archiveDir, (a) => judgeContestantFlags(a, runs.filter((r) => ranked.has(r.run))));
  const judges = [...new Set(flags.map((f) => `${f.judge} (model ${f.judgeModel})`))];
  const flagText = flags.length ? `; judge is a contestant: ${flags.length} score${flags.length === 1 ? '' : 's'} graded by ${judges.join(', ')}, also ranked` : '';
  return { name: 'leaderboard', ok: true, summary: `${ranking.rows.length} ranked${refused}${topText}${flagText} (docket leaderboard)` };
}

export const PUBLISHED_EXAMPLE = 'docs/examples/published-leaderboard.json';

export function auditCheck(archiveDir: string, file = PUBLISHED_EXAMPLE): CheckStep[] {
  if (!existsSync(file)) return [];
  const published = parsePublished(readFileSync(file, 'utf8'), file);
  const archive = new Archive(archiveDir);
  let r, selective;
  try {
    const runs = loadRunsForScoring(archive);
    r = auditPublished(published, runs, { currentVersion: currentBenchmarkVersion(archive) });
    selective = auditSelective(archive, published, r, runs); // no number picked among others (design.md §22)
  } finally {
    archive.close();
  }
  const n = r.rows.length;
  const selected = selective.rows.filter((x) => x.status === 'selected').length;
  const unregistered = selective.rows.filter((x) => x.status === 'first' && x.rule === 'unregistered').length;
  const numbers =
    r.ok && r.counts.unverifiable === 0
      ? `${n} published number${n === 1 ? '' : 's'} reproduced (${file})`
      : `${r.counts.reproduced} reproduced, ${r.counts.mismatch} mismatch, ${r.counts.unverifiable} unverifiable of ${n} in ${file} (docket audit --published ${file})`;
  const choice = selective.ok
    ? `; each the first complete run of its model${unregistered ? ` (${unregistered} with no registered plan)` : ''}`
    : `; ${selected} selected among other runs${selective.findings.some((f) => f.code === 'EPLANLOG') ? ', the plan log is broken' : ''} (docket audit --published ${file})`;
  return [{ name: 'audit', ok: r.ok && selective.ok, summary: numbers + choice }];
}

export async function runRegrade(argv: ArgumentsCamelCase<Args>) {
  if (argv.imported) return (await import('./import-run.ts')).regradeImportedCommand(argv, argv.runs ?? []);
  requireDir(argv.archive, 'archive');
  if (argv['archive-graders']) return archiveBuiltinGraders(argv.archive, argv.json);
  const named = argv.runs ?? [];
  if (argv.all && named.length) throw usageError('EUSAGE', 'name runs or pass --all, not both');
  let refs = named;
  if (argv.all) {
    const a = new Archive(argv.archive);
    try {
      refs = sealedRunIds(a);
    } finally {
      a.close();
    }
  } else if (!named.length) throw usageError('EUSAGE', 'name the runs to regrade (run ids or digests) or pass --all');
  else refs = withArchive(argv.archive, (a) => named.map((n) => resolveRunRef(a, n)));
  const suite = suiteGradersAt(argv.bankRoot);
  if (!argv.json && refs.length) line(`regrade ${refs.length} run(s) of ${argv.archive} with ${argv.grader ?? `the bank's current grader (${suite?.defaultRef ?? 'decision'})`}`); // before the work
  const { runs, flips } = regrade(argv.archive, refs, { grader: argv.grader, gradedAt: gradedAtNow(), suite, setCurrent: argv['set-current'], packages: argv.bankRoot ?? null });
  const graded = runs.filter((r) => r.status === 'graded').length;
  if (argv.json) return printJson({ ok: true, runs, graded, flips, count: flips.length });
  if (!runs.length) return line(`no sealed runs in ${argv.archive}`);
  for (const r of runs)
    printRun(
      r,
      flips.filter((f) => f.run === r.run),
    );
  line(`${graded} of ${runs.length} run(s) graded, ${runs.length - graded} unchanged; ${flips.length} flip(s)${graded ? `; refs/${'grades'}/<run-id> moved, older grade records kept` : ''}`);
}
