import type { CommandModule } from 'yargs';
import { Archive } from '../../replay/store/archive.ts';
import { bankDrift, describeDrift } from '../../replay/bank/drift.ts';
import { DocketError, EXIT } from '../../replay/errors.ts';
import { ALL_GRADERS, assertGradersPinned, GRADER_LOCKFILE, refOf } from '../../replay/grading/graders.ts';
import { verifyArchive } from '../../replay/check/verify.ts';
import { gitLister } from '../offline/content-git.ts';
import { line, printJson, progress, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';
import { evidenceReplay, validateWorktree } from './bank.ts';

/**
 * `docket check` (what `npm start` runs): the whole offline job on the archive of the current
 * directory, each step a call into the same functions the single commands use.
 */
export interface CheckStep {
  name: string;
  ok: boolean;
  summary: string;
  details?: string[]; // printed under the step, one per line
}

export type CheckExtra = (archive: string) => Promise<CheckStep[]>;
const extras: CheckExtra[] = [];
/** Later stages (request replay, regrade check, audit) add their steps here. */
export function registerCheckStep(step: CheckExtra) {
  extras.push(step);
}

export const checkCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'check',
  describe: 'the main job (npm start): verify the archive, validate the bank, replay evidence and requests, check grades',
  handler: async (argv) => {
    requireDir(argv.archive, 'archive');
    const t0 = performance.now();
    const steps: CheckStep[] = [];
    steps.push(...(await step('graders', async () => {
      assertGradersPinned(); // a changed pinned grader: EGRADERCHANGED, this step fails
      return [{ name: 'graders', ok: true, summary: `${ALL_GRADERS.map(refOf).join(', ')} match ${GRADER_LOCKFILE}` }];
    })));
    const verify = await step('verify', async () => {
      const shown = progress('verify');
      const v = await verifyArchive(argv.archive, { onProgress: shown });
      shown?.finish(); // verify reports progress every 256 objects, never the last
      const errors = v.findings.filter((f) => f.severity === 'error');
      const first = errors[0] ? `; first: ${errors[0].code} ${errors[0].path ?? errors[0].digest ?? ''}` : '';
      return [{ name: 'verify', ok: v.ok, summary: `${v.objects} bundles (${(v.bytes / 1e6).toFixed(2)} MB): digests, gzip, JSON, schemas, references${errors.length ? `; ${errors.length} findings (run docket verify)${first}` : ''}` }];
    });
    steps.push(...verify);
    const { bank, result } = validateWorktree();
    steps.push({ name: 'validate', ok: result.ok, summary: `${result.questions} questions, ${result.sourceEvals} source evals, ${result.categories} categories${result.violations.length ? `; ${result.violations.length} violations (run docket validate)` : ''}` });
    steps.push(driftStep(argv.archive));
    steps.push(...(await step('evidence replay', async () => {
      const e = await evidenceReplay(argv.archive, {});
      const first = e.failed.find((f) => f.reason && /^E[A-Z]+: /.test(f.reason));
      return [{ name: 'evidence replay', ok: e.ok, summary: `${e.matched}/${e.total} probes re-run offline reproduce their archived output${e.mismatched ? ` (run docket evidence replay)${first ? `; ${first.question}: ${first.reason}` : ''}` : ''}` }];
    })));
    for (const extra of extras) steps.push(...(await step('check', () => extra(argv.archive))));
    const ok = steps.every((s) => s.ok);
    const seconds = (performance.now() - t0) / 1000;
    if (argv.json) printJson({ ok, archive: argv.archive, bank: bank.name, benchmarkVersion: result.benchmarkVersion, steps, seconds });
    else {
      line(`docket check — ${bank.name} ${bank.version}, archive ${argv.archive}/`);
      for (const s of steps) {
        line(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name.padEnd(16)} ${s.summary}`);
        for (const d of s.details ?? []) line(`         ${d}`);
      }
      line(`benchmark version ${result.benchmarkVersion}`);
      line(ok ? `All checks passed in ${seconds.toFixed(1)} s, offline. Evidence: ${argv.archive}/objects (bundles), ${argv.archive}/refs (names).` : 'Some checks failed: run the command named on the failing line for details.');
    }
    process.exitCode = ok ? EXIT.OK : EXIT.FINDINGS;
  },
};

/** The bank in the working tree must be the frozen bank every run measured (issue #18 item 2). */
export function driftStep(archiveDir: string, root = process.cwd()): CheckStep {
  const archive = new Archive(archiveDir);
  try {
    const drift = bankDrift(root, archive, { lister: gitLister(root) ?? undefined });
    const runs = drift.reduce((n, d) => n + d.runs.length, 0);
    const drifted = drift.filter((d) => d.changes.length);
    if (drifted.length === 0) return { name: 'bank drift', ok: true, summary: runs ? `the working-tree bank is the bank all ${runs} runs measured (${drift.map((d) => d.benchmarkVersion).join(', ')})` : 'no runs: nothing measured to compare with' };
    return {
      name: 'bank drift',
      ok: false,
      summary: `${drifted.map(describeDrift).join('; ')}. Restore the measured bank (git checkout) or record new runs of the changed bank`,
      details: drifted.flatMap((d) => d.changes.map((c) => c.message)),
    };
  } catch (e) {
    const code = e instanceof Error && 'code' in e ? `${String((e as { code: unknown }).code)}: ` : '';
    return { name: 'bank drift', ok: false, summary: `${code}${(e as Error).message}` };
  } finally {
    archive.close();
  }
}

/**
 * One step of the main job. A finding it throws (a damaged or missing bundle: exit 1) fails that step
 * with the finding's code and message, and the check goes on to collect the others.
 */
async function step(name: string, fn: () => Promise<CheckStep[]>): Promise<CheckStep[]> {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof DocketError) || e.exitCode !== EXIT.FINDINGS) throw e;
    return [{ name, ok: false, summary: `${e.code}: ${e.message}` }];
  }
}
