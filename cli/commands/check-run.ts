import type { ArgumentsCamelCase } from 'yargs';
import { EXIT } from '../../replay/errors.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';
import { bankRootOf } from '../where.ts';
import { checkSteps, runCheckSteps, type CheckContext, type CheckStep } from './check-steps.ts';
import { loadBankFile } from '../../replay/bank/bank.ts';

export async function runCheck(argv: ArgumentsCamelCase<GlobalArgs>) {
  const root = bankRootOf(argv);
  requireDir(argv.archive, 'archive');
  const t0 = performance.now();
  const ctx: CheckContext = { archive: argv.archive, root };
  // The header and each step's line are printed as soon as they are known; --json prints once, at the end.
  const human = !argv.json;
  if (human) line(`docket check — ${bankTitle(root)}, archive ${argv.archive}/`);
  const steps = await runCheckSteps(checkSteps(), ctx, human ? printStep : undefined);
  const { bank, result } = ctx.worktree!; // the validate step ends the check when it cannot read the bank
  const ok = steps.every((s) => s.ok);
  const seconds = (performance.now() - t0) / 1000;
  if (argv.json) printJson({ ok, archive: argv.archive, bank: bank.name, benchmarkVersion: result.benchmarkVersion, steps, seconds });
  else {
    line(`benchmark version ${result.benchmarkVersion}`);
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

/** The bank's name and version for the header; an unreadable bank file is the validate step's to report. */
function bankTitle(root: string): string {
  try {
    const bank = loadBankFile(root);
    return `${bank.name} ${bank.version}`;
  } catch {
    return 'a bank whose decision-bank.json cannot be read';
  }
}
