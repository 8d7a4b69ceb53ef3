import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import { restsByResult, restsLines } from '../../replay/index/redacted.ts';
import { usageError } from '../../replay/errors.ts';
import { archiveGrader } from '../../replay/grading/grader-archive.ts';
import { ALL_GRADERS, assertGradersPinned, refOf } from '../../replay/grading/graders.ts';
import { dryRegrade, gradedAtNow, gradeRuns, type DryRegradeRun, type Flip, type RegradeOptions, type RegradeRunResult } from '../../replay/grading/grades.ts';
import { suiteGradersAt, type SuiteGraders } from '../../replay/grading/suite-graders.ts';
import { sealedRunIds } from '../../replay/grading/grade-records.ts';
import { resolveRunRef } from '../../replay/runs/run-ref.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { execRunner } from '../offline/exec.ts';
import { requireDir } from '../paths.ts';
import { estimate } from '../recorder/recorder.ts';
import type { PlannedRequest } from '../../replay/runs/runs.ts';

export interface Args extends GlobalArgs {
  runs?: string[];
  all: boolean;
  grader?: string;
  'set-current': boolean;
  imported?: boolean;
  'archive-graders': boolean;
  'dry-run'?: boolean;
  'price-per-1k-tokens'?: number;
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
  if (argv['dry-run']) return dryRun(argv, refs, suite);
  if (!argv.json && refs.length) line(`regrade ${refs.length} run(s) of ${argv.archive} with ${argv.grader ?? `the bank's current grader (${suite?.defaultRef ?? 'decision'})`}`); // before the work
  const { runs, flips } = regrade(argv.archive, refs, { grader: argv.grader, gradedAt: gradedAtNow(), suite, setCurrent: argv['set-current'], packages: argv.bankRoot ?? null });
  const graded = runs.filter((r) => r.status === 'graded').length;
  // Which grades rest on redacted evidence (design.md §23): named, never a failure.
  const redacted = withArchive(argv.archive, (a) =>
    restsByResult(
      a,
      runs.map((r) => ({ result: r.runId, roots: [r.run, r.current] })),
    ),
  );
  if (argv.json) return printJson({ ok: true, runs, graded, flips, count: flips.length, redacted });
  if (!runs.length) return line(`no sealed runs in ${argv.archive}`);
  for (const r of runs)
    printRun(
      r,
      flips.filter((f) => f.run === r.run),
    );
  line(`${graded} of ${runs.length} run(s) graded, ${runs.length - graded} unchanged; ${flips.length} flip(s)${graded ? `; refs/${'grades'}/<run-id> moved, older grade records kept` : ''}`);
  for (const l of restsLines(redacted)) line(l);
}

/** A judge's planned requests as `docket run --dry-run` estimates a run's: prompt bytes / 4, max_tokens each, cost only with a price. */
function judgeEstimate(need: DryRegradeRun['judges'][number], price: number | undefined) {
  const maxTokens = Math.max(1, ...need.missing.map((r) => Number((r.body as { max_tokens?: unknown }).max_tokens) || 0));
  const e = estimate(
    need.missing.map((r) => ({ body: r.body }) as PlannedRequest),
    { temperature: 0, max_tokens: maxTokens },
    price,
  );
  return { promptTokens: e.promptTokens, completionTokens: e.completionTokens, costUsd: e.costUsd };
}

/** `docket regrade --dry-run`: what regrade would do, nothing written (exit 0). */
function dryRun(argv: ArgumentsCamelCase<Args>, refs: string[], suite: SuiteGraders | null) {
  const price = argv['price-per-1k-tokens'];
  if (price !== undefined && !(price >= 0)) throw usageError('EUSAGE', '--price-per-1k-tokens must be ≥ 0');
  const planned = withArchive(argv.archive, (a) =>
    dryRegrade(a, refs, { grader: argv.grader, gradedAt: 'dry-run', suite, setCurrent: argv['set-current'], exec: execRunner({ packages: argv.bankRoot ?? null }) }),
  );
  const runs = planned.map((r) => ({
    run: r.run,
    runId: r.runId,
    status: r.status,
    grader: r.grader,
    flips: r.flips.length,
    judges: r.judges.map((j) => ({ judge: j.judge, model: j.model, requests: j.missing.length, of: j.of, estimate: judgeEstimate(j, price) })),
  }));
  const judgeRequests = runs.reduce((n, r) => n + r.judges.reduce((m, j) => m + j.requests, 0), 0);
  const costs = runs.flatMap((r) => r.judges.map((j) => j.estimate.costUsd));
  const costUsd = costs.some((c) => c === null) ? null : Math.round(costs.reduce<number>((n, c) => n + c!, 0) * 1e6) / 1e6;
  const flips = planned.flatMap((r) => r.flips);
  process.exitCode = 0;
  if (argv.json) return printJson({ ok: true, dryRun: true, runs, flips, count: flips.length, judgeRequests, costUsd });
  line(`regrade --dry-run: ${refs.length} run(s) of ${argv.archive}; nothing is written`);
  for (const r of runs) {
    if (r.status === 'unchanged') line(`${r.runId}: unchanged (${r.grader.ref} ${r.grader.digest})`);
    else if (r.status === 'would-grade') {
      line(`${r.runId}: would grade with ${r.grader.ref} ${r.grader.digest}: ${r.flips} flip(s)`);
      for (const f of planned.find((p) => p.run === r.run)!.flips) line(flipLine(f));
    } else
      for (const j of r.judges)
        line(
          `${r.runId}: judge ${j.judge} (model ${j.model}) changed: ${j.requests} of ${j.of} judge request(s) have no recorded reply; a new online judge run is needed (docket judge ${r.runId} --base-url URL): ~${j.estimate.promptTokens} prompt + ≤${j.estimate.completionTokens} completion tokens, cost ${j.estimate.costUsd === null ? 'unknown (pass --price-per-1k-tokens)' : `$${j.estimate.costUsd}`}`,
        );
  }
  line(`${flips.length} flip(s) offline; ${judgeRequests} judge request(s) to record online first${judgeRequests ? `, cost ${costUsd === null ? 'unknown' : `$${costUsd}`}` : ''}`);
}
