import type { ArgumentsCamelCase } from 'yargs';
import { EXIT } from '../../replay/errors.ts';
import { bankTitle, checkJob, type CheckEffects, type CheckStep } from '../../replay/check/steps.ts';
import { gitLister } from '../offline/content-git.ts';
import { execRunner } from '../offline/exec.ts';
import { installNetworkGuard } from '../offline/netguard.ts';
import { line, printJson, progress, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';
import { bankRootOf } from '../where.ts';
import { evidenceReplay } from './bank-run.ts';

/**
 * What the steps of `docket check` (replay/check/steps.ts) need of the shell, handed in: git's
 * lister, the probes and exec tasks' tests as child processes, the network guard, the progress line.
 */
export function checkEffects(): CheckEffects {
  return {
    progress: (label) => progress(label),
    lister: (root) => gitLister(root) ?? undefined,
    guardNetwork: installNetworkGuard,
    exec: (root) => execRunner({ packages: root }),
    replayEvidence: (archive, root) => evidenceReplay(archive, { root }), // each probe with the timeout its evidence recorded
  };
}

export async function runCheck(argv: ArgumentsCamelCase<GlobalArgs>) {
  const root = bankRootOf(argv);
  requireDir(argv.archive, 'archive');
  const t0 = performance.now();
  // The header and each step's line are printed as soon as they are known; --json prints once, at the end.
  const human = !argv.json;
  if (human) line(`docket check — ${bankTitle(root)}, archive ${argv.archive}/`);
  const { ok, bank, benchmarkVersion, steps } = await checkJob(argv.archive, root, checkEffects(), human ? printStep : undefined);
  const seconds = (performance.now() - t0) / 1000;
  if (argv.json) printJson({ ok, archive: argv.archive, bank, benchmarkVersion, steps, seconds });
  else {
    line(`benchmark version ${benchmarkVersion}`);
    line(
      ok
        ? `All checks passed in ${seconds.toFixed(1)} s, offline. Evidence: ${argv.archive}/objects (bundles), ${argv.archive}/refs (names).`
        : 'Some checks failed: run the command named on the failing line for details.',
    );
  }
  process.exitCode = ok ? EXIT.OK : EXIT.FINDINGS;
}

function printStep(s: CheckStep) {
  line(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name.padEnd(16)} ${s.summary}`);
  for (const d of s.details ?? []) line(`         ${d}`);
}
