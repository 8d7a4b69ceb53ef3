import { join, relative } from 'node:path';
import { Archive } from '../../replay/index/archive.ts';
import { bankDrift, describeDrift } from '../../replay/bank/drift.ts';
import { DocketError, EXIT, findingError } from '../../replay/errors.ts';
import { ALL_GRADERS, assertGradersPinned, GRADER_LOCKFILE, refOf, TASK_GRADERS } from '../../replay/grading/graders.ts';
import { testGrader } from '../../replay/grading/grader-matrix.ts';
import { stateProblem, suiteGrader, suiteGradersAt, versionStates } from '../../replay/grading/suite-graders.ts';
import { loadBankFile } from '../../replay/bank/bank.ts';
import { verifyArchive } from '../../replay/check/verify.ts';
import { replayArchive } from '../../replay/runs/replay.ts';
import { gitLister } from '../offline/content-git.ts';
import { installNetworkGuard } from '../offline/netguard.ts';
import { progress } from '../output.ts';
import { evidenceReplay } from './bank-run.ts';
import { itemsText, validateWorktree } from './validate-run.ts';
import { auditCheck, leaderboardCheck, PUBLISHED_EXAMPLE, regradeCheck } from './regrade-run.ts';

/**
 * The steps of `docket check` (what `npm start` runs), in order: one explicit list, built by
 * `checkSteps()` and run by `runCheckSteps()`. Each step calls the same functions its single
 * command uses. Nothing adds a step at import, so `check` runs the same steps whatever else was
 * loaded and whatever the order of the arguments (check-steps.test.ts).
 */
export interface CheckStep {
  name: string;
  ok: boolean;
  summary: string;
  details?: string[]; // printed under the step, one per line
}

/** What the steps share: the archive, the bank root (cli/where.ts), and what the validate step read (the report's header names the bank). */
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

/** Every step of the main job, in the order it runs and prints. */
export function checkSteps(): CheckStepDef[] {
  return [
    { name: 'graders', errors: 'any', run: gradersStep },
    { name: 'verify', errors: 'findings', run: verifyStep },
    { name: 'validate', errors: 'none', run: validateStep },
    { name: 'bank drift', errors: 'any', run: (ctx) => [driftStep(ctx.archive, ctx.root)] },
    { name: 'evidence replay', errors: 'findings', run: evidenceReplayStep },
    { name: 'request replay', errors: 'findings', run: requestReplayStep },
    { name: 'regrade check', errors: 'any', run: (ctx) => [regradeCheck(ctx.archive, suiteGradersAt(ctx.root), ctx.root)] },
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

async function verifyStep(ctx: CheckContext): Promise<CheckStep[]> {
  const shown = progress('verify');
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

function validateStep(ctx: CheckContext): CheckStep[] {
  ctx.worktree = validateWorktree(ctx.root, { complete: true }); // a checked bank is a publishable one: coverage counts
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
export function driftStep(archiveDir: string, root: string): CheckStep {
  const archive = new Archive(archiveDir);
  try {
    const drift = bankDrift(root, archive, { lister: gitLister(root) ?? undefined });
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

async function evidenceReplayStep(ctx: CheckContext): Promise<CheckStep[]> {
  const e = await evidenceReplay(ctx.archive, { root: ctx.root }); // each probe with the timeout its evidence recorded
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
async function requestReplayStep(ctx: CheckContext): Promise<CheckStep[]> {
  installNetworkGuard();
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
