import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadBankFile } from '../bank/bank.ts';
import { bankDrift, describeDrift } from '../bank/drift.ts';
import { itemsText, validateWorktree } from '../bank/validate.ts';
import type { Lister } from '../content/policy.ts';
import { DocketError, EXIT, findingError } from '../errors.ts';
import type { Digest } from '../format/digest.ts';
import { loadArchivedGrader } from '../grading/grader-archive.ts';
import { testGrader } from '../grading/grader-matrix.ts';
import { gradeChain, sealedRunIds } from '../grading/grade-records.ts';
import { ALL_GRADERS, assertGradersPinned, GRADER_LOCKFILE, refOf, TASK_GRADERS } from '../grading/graders.ts';
import { diffVerdicts, prepareRegrade } from '../grading/grades.ts';
import { stateProblem, suiteGrader, suiteGradersAt, versionStates, type SuiteGraders } from '../grading/suite-graders.ts';
import type { ExecRunner } from '../grading/task-grading.ts';
import { Archive } from '../index/archive.ts';
import { replayArchive } from '../runs/replay.ts';
import { auditPublished, parsePublished } from '../scoring/audit.ts';
import { currentBenchmarkVersion, loadRunsForScoring } from '../scoring/scoring-input.ts';
import { chooseVersion, rankRuns } from '../scoring/scoring.ts';
import { auditSelective } from '../scoring/selective-input.ts';
import { judgeContestantFlags } from '../scoring/judge-flags.ts';
import { verifyArchive } from './verify.ts';

/**
 * The steps of `docket check` (what `npm start` runs), in order: one explicit list, built by
 * `checkSteps()` and run by `runCheckSteps()` (`checkJob()` does both). Each step calls the same
 * functions its single command uses. Nothing adds a step at import, so `check` runs the same steps
 * whatever else was loaded and whatever the order of the arguments (cli/commands/check-steps.test.ts).
 *
 * What only the shell may do is handed in, explicitly (`CheckEffects`): running programs (the
 * probes, exec tasks' tests, git), the network guard, and the progress line. The CLI
 * (cli/commands/check-run.ts) builds them, calls `checkJob` and prints.
 */
export interface CheckStep {
  name: string;
  ok: boolean;
  summary: string;
  details?: string[]; // printed under the step, one per line
}

/** What `docket evidence replay` found, as far as check reports it. */
export interface EvidenceReplaySummary {
  ok: boolean;
  total: number;
  matched: number;
  mismatched: number;
  failed: { question: string; reason?: string | null }[];
}

/** A progress display: called with (done, total); finish() draws total/total and ends its line. */
export interface ProgressDisplay {
  (done: number, total: number): void;
  finish(): void;
}

/** The effects the steps need and the offline core does not have: each handed in by the caller. */
export interface CheckEffects {
  /** The progress display for a step's long pass (verify's), or nothing (not a TTY). */
  progress: (label: string) => ProgressDisplay | undefined;
  /** The content policy's candidates in the tree at `root` (git's), or undefined for the .gitignore walk. */
  lister: (root: string) => Lister | undefined;
  /** Makes any network use fail from now on (before requests are rebuilt). */
  guardNetwork: () => void;
  /** Runs exec tasks' tests in the grader sandbox, with the packages installed at `root`. */
  exec: (root: string) => ExecRunner;
  /** Re-runs the probes of the archive's current bank from the tree at `root`, each with the timeout its evidence recorded. */
  replayEvidence: (archive: string, root: string) => Promise<EvidenceReplaySummary>;
}

/** What the steps share: the archive, the bank root, and what the validate step read (the report's header names the bank). */
export interface CheckContext {
  archive: string;
  root: string;
  worktree?: ReturnType<typeof validateWorktree>;
}

/**
 * What a step's thrown error does: `findings` — a finding (exit 1: a damaged or missing bundle)
 * fails the step and the check goes on, anything else ends the check; `any` — every error fails
 * the step; `none` — every error ends the check.
 */
export type StepErrors = 'findings' | 'any' | 'none';

export interface CheckStepDef {
  name: string;
  errors: StepErrors;
  run: (ctx: CheckContext) => CheckStep[] | Promise<CheckStep[]>;
}

/** The published numbers `docket check` audits, relative to the bank root. */
export const PUBLISHED_EXAMPLE = 'docs/examples/published-leaderboard.json';

/** Every step of the main job, in the order it runs and prints. */
export function checkSteps(fx: CheckEffects): CheckStepDef[] {
  return [
    { name: 'graders', errors: 'any', run: gradersStep },
    { name: 'verify', errors: 'findings', run: (ctx) => verifyStep(ctx, fx) },
    { name: 'validate', errors: 'none', run: (ctx) => validateStep(ctx, fx) },
    { name: 'bank drift', errors: 'any', run: (ctx) => [driftStep(ctx.archive, ctx.root, fx.lister(ctx.root))] },
    { name: 'evidence replay', errors: 'findings', run: (ctx) => evidenceReplayStep(ctx, fx) },
    { name: 'request replay', errors: 'findings', run: (ctx) => requestReplayStep(ctx, fx) },
    { name: 'regrade check', errors: 'any', run: (ctx) => [regradeCheck(ctx.archive, suiteGradersAt(ctx.root), fx.exec(ctx.root))] },
    { name: 'leaderboard', errors: 'any', run: (ctx) => [leaderboardCheck(ctx.archive)] },
    { name: 'audit', errors: 'any', run: (ctx) => auditCheck(ctx.archive, relative(process.cwd(), join(ctx.root, PUBLISHED_EXAMPLE))) },
  ];
}

/**
 * Run `steps` in order, collecting every result; a step's error is handled as its `errors` says.
 * `onStep` hears each result as soon as its step ends (check prints it then).
 */
export async function runCheckSteps(steps: CheckStepDef[], ctx: CheckContext, onStep?: (s: CheckStep) => void): Promise<CheckStep[]> {
  const out: CheckStep[] = [];
  for (const s of steps) {
    let results: CheckStep[];
    try {
      results = await s.run(ctx);
    } catch (e) {
      const failsStep = s.errors === 'any' || (s.errors === 'findings' && e instanceof DocketError && e.exitCode === EXIT.FINDINGS);
      if (!failsStep) throw e;
      results = [{ name: s.name, ok: false, summary: `${codePrefix(e)}${(e as Error).message}` }];
    }
    for (const r of results) onStep?.(r);
    out.push(...results);
  }
  return out;
}

/** What the main job found: every step's result, and the bank the validate step read. */
export interface CheckReport {
  ok: boolean;
  bank: string;
  benchmarkVersion: Digest | null;
  steps: CheckStep[];
}

/** `docket check` as one function: every step of `checkSteps()` on the archive and the bank at `root`. */
export async function checkJob(archive: string, root: string, fx: CheckEffects, onStep?: (s: CheckStep) => void): Promise<CheckReport> {
  const ctx: CheckContext = { archive, root };
  const steps = await runCheckSteps(checkSteps(fx), ctx, onStep);
  const { bank, result } = ctx.worktree!; // the validate step ends the check when it cannot read the bank
  return { ok: steps.every((s) => s.ok), bank: bank.name, benchmarkVersion: result.benchmarkVersion, steps };
}

/** The bank's name and version for check's header; an unreadable bank file is the validate step's to report. */
export function bankTitle(root: string): string {
  try {
    const bank = loadBankFile(root);
    return `${bank.name} ${bank.version}`;
  } catch {
    return 'a bank whose decision-bank.json cannot be read';
  }
}

const codePrefix = (e: unknown) => (e instanceof Error && 'code' in e ? `${String((e as { code: unknown }).code)}: ` : '');

/**
 * docket's own graders against the pins in its package, and the suite's: every declared version
 * against the suite's lockfiles/graders.lock.json, each current version over its regression matrix
 * (run, not stored: `docket grader test` stores it).
 */
function gradersStep(ctx: CheckContext): CheckStep[] {
  assertGradersPinned(); // a changed pinned built-in grader: EGRADERCHANGED, this step fails
  const own = `${[...ALL_GRADERS, ...TASK_GRADERS].map(refOf).join(', ')} match the digests this docket pins (${GRADER_LOCKFILE} in its package)`;
  const suite = suiteGradersAt(ctx.root);
  if (!suite?.declared.size) return [{ name: 'graders', ok: true, summary: own }];
  const states = versionStates(suite);
  const problems = states.map((s) => stateProblem(s, suite)).filter((p) => p !== null);
  const matrices: string[] = [];
  const archive = new Archive(ctx.archive);
  try {
    for (const [name, d] of suite.declared) {
      const current = states.find((s) => s.name === name && s.version === d.current)!;
      if (current.status !== 'pinned') continue;
      const g = suiteGrader(suite, name, d.current, archive);
      if (d.cases === undefined) {
        matrices.push(`${current.ref} has no regression matrix (graders.${name}.cases)`);
        continue;
      }
      const t = testGrader(suite, loadBankFile(ctx.root), g);
      if (!t.ok) problems.push(findingError('EGRADERTEST', `${current.ref} fails ${t.counts.failed} of the ${t.counts.cases} cases of ${t.cases.file} (run docket grader test ${current.ref})`));
      else matrices.push(`${current.ref} passes its ${t.counts.cases}-case matrix`);
    }
  } finally {
    archive.close();
  }
  const pinned = `${states.map((s) => s.ref).join(', ')} match ${GRADER_LOCKFILE}`;
  if (problems.length)
    return [
      {
        name: 'graders',
        ok: false,
        summary: `${problems[0]!.code}: ${problems[0]!.message}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`,
        details: problems.slice(1).map((p) => `${p.code}: ${p.message}`),
      },
    ];
  return [{ name: 'graders', ok: true, summary: `${pinned}; ${matrices.join('; ')}; ${own}` }];
}

async function verifyStep(ctx: CheckContext, fx: CheckEffects): Promise<CheckStep[]> {
  const shown = fx.progress('verify');
  const v = await verifyArchive(ctx.archive, { onProgress: shown });
  shown?.finish(); // verify reports progress every 256 objects, never the last
  const errors = v.findings.filter((f) => f.severity === 'error');
  const first = errors[0] ? `; first: ${errors[0].code} ${errors[0].data.path ?? errors[0].data.digest ?? ''}` : '';
  return [
    {
      name: 'verify',
      ok: v.ok,
      summary: `${v.objects} bundles (${(v.bytes / 1e6).toFixed(2)} MB): digests, gzip, JSON, schemas, references${errors.length ? `; ${errors.length} findings (run docket verify)${first}` : ''}`,
    },
  ];
}

function validateStep(ctx: CheckContext, fx: CheckEffects): CheckStep[] {
  ctx.worktree = validateWorktree(ctx.root, { complete: true, lister: fx.lister(ctx.root) }); // a checked bank is a publishable one: coverage counts
  const { result } = ctx.worktree;
  return [
    {
      name: 'validate',
      ok: result.ok,
      summary: `${itemsText(result)}, ${result.sourceEvals} source evals, ${result.categories} categories${result.violations.length ? `; ${result.violations.length} violations (run docket validate)` : ''}`,
    },
  ];
}

/** The bank in the working tree must be the frozen bank every run measured (issue #18 item 2). */
export function driftStep(archiveDir: string, root: string, lister?: Lister): CheckStep {
  const archive = new Archive(archiveDir);
  try {
    const drift = bankDrift(root, archive, { lister });
    const runs = drift.reduce((n, d) => n + d.runs.length, 0);
    const drifted = drift.filter((d) => d.changes.length);
    if (drifted.length === 0)
      return {
        name: 'bank drift',
        ok: true,
        summary: runs ? `the working-tree bank is the bank all ${runs} runs measured (${drift.map((d) => d.benchmarkVersion).join(', ')})` : 'no runs: nothing measured to compare with',
      };
    return {
      name: 'bank drift',
      ok: false,
      summary: `${drifted.map(describeDrift).join('; ')}. Restore the measured bank (git checkout) or record new runs of the changed bank`,
      details: drifted.flatMap((d) => d.changes.map((c) => c.message)),
    };
  } finally {
    archive.close();
  }
}

async function evidenceReplayStep(ctx: CheckContext, fx: CheckEffects): Promise<CheckStep[]> {
  const e = await fx.replayEvidence(ctx.archive, ctx.root);
  const first = e.failed.find((f) => f.reason && /^E[A-Z]+: /.test(f.reason));
  return [
    {
      name: 'evidence replay',
      ok: e.ok,
      summary: `${e.matched}/${e.total} probes re-run offline reproduce their archived output${e.mismatched ? ` (run docket evidence replay)${first ? `; ${first.question}: ${first.reason}` : ''}` : ''}`,
    },
  ];
}

/** The same replay as `docket replay --all`, behind the same network guard. */
async function requestReplayStep(ctx: CheckContext, fx: CheckEffects): Promise<CheckStep[]> {
  fx.guardNetwork();
  const archive = new Archive(ctx.archive);
  let r: Awaited<ReturnType<typeof replayArchive>>;
  try {
    r = await replayArchive(archive, {});
  } finally {
    archive.close();
  }
  const broken = r.runs.filter((x) => x.chain !== 'intact').length;
  const summary = `${r.runs.length} runs, ${r.requests} requests rebuilt from the frozen bank, ${r.matched} matched; ${broken ? `${broken} journal chains broken` : 'journal chains intact'}${r.ok ? '' : `; ${r.findings} findings (run docket replay)`}`;
  return [{ name: 'request replay', ok: r.ok, summary }];
}

/**
 * Re-grade every run in memory with the bank's current grader (and exec tasks' tests through
 * `exec`); nothing is written.
 */
export function regradeCheck(archiveDir: string, suite: SuiteGraders | null, exec: ExecRunner): CheckStep {
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
  const archive = new Archive(archiveDir);
  let flags: ReturnType<typeof judgeContestantFlags>;
  try {
    flags = judgeContestantFlags(
      archive,
      runs.filter((r) => ranked.has(r.run)),
    );
  } finally {
    archive.close();
  }
  const judges = [...new Set(flags.map((f) => `${f.judge} (model ${f.judgeModel})`))];
  const flagText = flags.length ? `; judge is a contestant: ${flags.length} score${flags.length === 1 ? '' : 's'} graded by ${judges.join(', ')}, also ranked` : '';
  return { name: 'leaderboard', ok: true, summary: `${ranking.rows.length} ranked${refused}${topText}${flagText} (docket leaderboard)` };
}

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
