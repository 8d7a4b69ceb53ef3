import type { ArgumentsCamelCase } from 'yargs';
import type { BankFile } from '../../replay/bank/types.ts';
import { EXIT } from '../../replay/errors.ts';
import { itemsText, validateWorktree, type BankSummary } from '../../replay/bank/validate.ts';
import { assertGradersPinned } from '../../replay/grading/graders.ts';
import { gitLister } from '../offline/content-git.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { bankRootOf } from '../where.ts';

/** git's candidates in a work tree, else the .gitignore walk (replay/content/policy.ts). */
export const encodeOptions = (root: string) => ({ lister: gitLister(root) ?? undefined });

export interface ValidateArgs extends GlobalArgs {
  complete: boolean;
}

export function runValidate(argv: ArgumentsCamelCase<ValidateArgs>) {
  assertGradersPinned(); // a changed pinned grader is EGRADERCHANGED (exit 1), as in check, regrade and run
  const root = bankRootOf(argv);
  const summary = (s: BankSummary, bank: BankFile) => {
    if (!argv.json) line(`${bank.name} ${bank.version}: ${itemsText(s)}, ${s.sourceEvals} source evals in ${s.categories} categories, ${s.omissions} omissions`);
  };
  const { result } = validateWorktree(root, { complete: argv.complete, lister: encodeOptions(root).lister, summary });
  const { violations, benchmarkVersion, uncovered } = result;
  if (argv.json) printJson(result);
  else {
    line(`benchmark version ${benchmarkVersion ?? '(not computable: see the violations)'}`);
    for (const v of violations) line(`  ${v.code} ${v.question ?? v.sourceEval ?? ''}${v.field ? ` [${v.field}]` : ''}: ${v.message}`);
    if (uncovered.length && !argv.complete) {
      line(`not yet covered: ${uncovered.length} of ${result.sourceEvals} source evals have no question and no omission (a release needs one of them for each):`);
      for (const se of uncovered) line(`  ${se}`);
    }
    line(violations.length ? `${violations.length} violations` : `ok: no violations${uncovered.length && !argv.complete ? ` (${uncovered.length} source evals not yet covered)` : ''}`);
  }
  process.exitCode = violations.length ? EXIT.FINDINGS : EXIT.OK;
}
