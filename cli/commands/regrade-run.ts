import { existsSync, readFileSync } from 'node:fs';
import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import { auditPublished, parsePublished } from '../../replay/scoring/audit.ts';
import type { Digest } from '../../replay/format/digest.ts';
import { usageError, type DocketError } from '../../replay/errors.ts';
import { archiveGrader, loadArchivedGrader } from '../../replay/grading/grader-archive.ts';
import { ALL_GRADERS, assertGradersPinned, refOf } from '../../replay/grading/graders.ts';
import { diffVerdicts, gradedAtNow, gradeRuns, prepareRegrade, type Flip, type RegradeRunResult } from '../../replay/grading/grades.ts';
import { gradeChain } from '../../replay/grading/grade-records.ts';
import { resolveRunRef } from '../../replay/runs/run-ref.ts';
import { WORK_DIR } from '../../replay/runs/runs.ts';
import { currentBenchmarkVersion, loadRunsForScoring } from '../../replay/scoring/scoring-input.ts';
import { chooseVersion, rankRuns } from '../../replay/scoring/scoring.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { execRunner } from '../offline/exec.ts';
import { requireDir } from '../paths.ts';
import type { CheckStep } from './check-steps.ts';

export interface Args extends GlobalArgs {
  runs?: string[];
  all: boolean;
  grader?: string;
  imported?: boolean;
  'archive-graders': boolean;
}

/** The sealed run ids of an archive (refs/runs/*), sorted. */
export function sealedRunIds(archive: Archive): string[] {
  return archive.store
    .listRefs()
    .filter((r) => r.name.startsWith(`${WORK_DIR}/`))
    .map((r) => r.name.slice(WORK_DIR.length + 1))
    .sort();
}

function withArchive<T>(dir: string, f: (a: Archive) => T): T {
  const a = new Archive(dir);
  try {
    return f(a);
  } finally {
    a.close();
  }
}

/** `docket regrade`: grade the named runs (grades.ts gradeRuns, the path `docket run` grades by too). */
export function regrade(archiveDir: string, refs: string[], opts: { grader?: string; gradedAt: string; packages?: string | null }): { runs: RegradeRunResult[]; flips: Flip[] } {
  return withArchive(archiveDir, (archive) => gradeRuns(archive, refs, { ...opts, exec: execRunner({ packages: opts.packages }) }));
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

function printRun(r: RegradeRunResult, flips: Flip[]) {
  const c = r.counts;
  const tally = `${c.slots} slots: ${c.correct} correct, ${c.incorrect} incorrect, ${c.invalid} invalid, ${c.truncated} truncated, ${c.provider_failure} provider failures, ${c.interrupted} interrupted`;
  if (r.status === 'unchanged') {
    line(`${r.runId}: unchanged (${r.grader.ref} ${r.grader.digest}); current grade ${r.current}`);
    return;
  }
  const from = r.previousGrader ? `${r.previousGrader.ref} ${r.previousGrader.digest} → ` : 'first grade: ';
  line(`${r.runId}: ${from}${r.grader.ref} ${r.grader.digest}`);
  line(`  grade ${r.grade}${r.previous ? ` (previous ${r.previous})` : ''}`);
  line(`  ${tally}; ${r.flips} flip(s)`);
  for (const f of flips) {
    line(
      `  flip ${f.question} permutation ${f.permutation} repetition ${f.repetition} attempt ${f.attempt}${f.final ? '' : ' (retried)'}: ${f.old} → ${f.new}  [${f.oldGraderRef} ${short(f.oldGrader)} → ${f.newGraderRef} ${short(f.newGrader)}]`,
    );
  }
  for (const w of r.warnings) line(`  warning ${w.code}: ${w.message}`);
}

// ---- steps of `docket check` (npm start; listed in check-steps.ts) ----

/** Re-grade every run in memory with the current graders; nothing is written. */
export function regradeCheck(archiveDir: string, packages: string | null = null): CheckStep {
  const exec = execRunner({ packages });
  const archive = new Archive(archiveDir);
  try {
    const ids = sealedRunIds(archive);
    const graders = new Map<string, number>();
    const problems: string[] = [];
    let wouldFlip = 0;
    let recorded = 0;
    const recordedFrom = new Set<string>();
    const archivedGraders = new Set<Digest>();
    for (const id of ids) {
      const chain = gradeChain(archive, id);
      if (!chain.length) {
        problems.push(`${id} has no grade`);
        continue;
      }
      const p = prepareRegrade(archive, id, { gradedAt: 'check', exec });
      graders.set(p.previous!.value.grader.ref, (graders.get(p.previous!.value.grader.ref) ?? 0) + 1);
      if (p.previous!.value.run !== p.run.digest) problems.push(`${id}'s grade is for another run bundle`);
      const pg = p.previous!.value.grader;
      if (pg.digest !== p.grader.digest) problems.push(`${id} is graded by ${pg.ref} ${pg.digest}, the current grader is ${p.grade.grader.ref} ${p.grader.digest}`);
      else if (!pg.bundle) problems.push(`${id}'s grade names no archived grader (run docket regrade --all to archive it)`);
      else archivedGraders.add(pg.bundle);
      wouldFlip += p.flips.length;
      const inputs = p.grade.warnings.filter((w) => w.code === 'WINPUT').length;
      if (inputs) problems.push(`${id}: ${inputs} stored input(s) changed since graded`);
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
    if (wouldFlip) problems.push(`re-grading would flip ${wouldFlip} verdict(s) (run docket regrade --all)`);
    const by = [...graders.entries()].map(([ref, n]) => `${n} run${n === 1 ? '' : 's'} graded by ${ref}`).join(', ') || 'no graded runs';
    const history = recorded ? ` (${recorded} flip${recorded === 1 ? '' : 's'} recorded from ${[...recordedFrom].sort().join(', ')} in the archive)` : '';
    const summary = problems.length ? `${by}; ${problems.join('; ')}` : `${by}; re-grading changes nothing${history}`;
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
  return { name: 'leaderboard', ok: true, summary: `${ranking.rows.length} ranked${refused}${topText} (docket leaderboard)` };
}

export const PUBLISHED_EXAMPLE = 'docs/examples/published-leaderboard.json';

export function auditCheck(archiveDir: string, file = PUBLISHED_EXAMPLE): CheckStep[] {
  if (!existsSync(file)) return [];
  const r = auditPublished(parsePublished(readFileSync(file, 'utf8'), file), loadRunsForScoring(archiveDir), { currentVersion: currentBenchmarkVersion(archiveDir) });
  const n = r.rows.length;
  const summary =
    r.ok && r.counts.unverifiable === 0
      ? `${n} published number${n === 1 ? '' : 's'} reproduced (${file})`
      : `${r.counts.reproduced} reproduced, ${r.counts.mismatch} mismatch, ${r.counts.unverifiable} unverifiable of ${n} in ${file} (docket audit --published ${file})`;
  return [{ name: 'audit', ok: r.ok, summary }];
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
  if (!argv.json && refs.length) line(`regrade ${refs.length} run(s) of ${argv.archive}${argv.grader ? ` with ${argv.grader}` : ''}`); // before the work
  const { runs, flips } = regrade(argv.archive, refs, { grader: argv.grader, gradedAt: gradedAtNow(), packages: argv.bankRoot ?? null });
  const graded = runs.filter((r) => r.status === 'graded').length;
  if (argv.json) return printJson({ ok: true, runs, graded, flips });
  if (!runs.length) return line(`no sealed runs in ${argv.archive}`);
  for (const r of runs)
    printRun(
      r,
      flips.filter((f) => f.run === r.run),
    );
  line(`${graded} of ${runs.length} run(s) graded, ${runs.length - graded} unchanged; ${flips.length} flip(s)${graded ? `; refs/${'grades'}/<run-id> moved, older grade records kept` : ''}`);
}
