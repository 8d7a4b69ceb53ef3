import type { ArgumentsCamelCase } from 'yargs';
import { COVERAGE_CODE, encodeParts, listSourceEvals, loadBankFile, validateBankFile } from '../../replay/bank/bank.ts';
import type { BankFile } from '../../replay/bank/types.ts';
import type { Digest } from '../../replay/format/digest.ts';
import { DocketError, EXIT } from '../../replay/errors.ts';
import { assertGradersPinned } from '../../replay/grading/graders.ts';
import { gitLister } from '../offline/content-git.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { bankRootOf } from '../where.ts';

/** git's candidates in a work tree, else the .gitignore walk (replay/content/policy.ts). */
export const encodeOptions = (root: string) => ({ lister: gitLister(root) ?? undefined });

/**
 * `docket validate` as a function: the bank at `root`, read-only. Source evals with no question and
 * no omission yet (EUNCOVERED) are `uncovered`, a to-do list, unless `complete` makes them
 * violations (what check and release pack demand: a published bank says why every eval is in or out).
 */
export function validateWorktree(root: string, opts: { complete: boolean; summary?: (s: BankSummary, bank: BankFile) => void }) {
  const bank = loadBankFile(root);
  const evals = listSourceEvals(root, bank);
  const summary: BankSummary = {
    questions: Array.isArray(bank.questions) ? bank.questions.length : 0,
    tasks: Array.isArray(bank.tasks) ? bank.tasks.length : 0,
    sourceEvals: evals.length,
    categories: new Set(evals.map((e) => e.split('/')[0])).size,
    omissions: Array.isArray(bank.omissions) ? bank.omissions.length : 0,
  };
  opts.summary?.(summary, bank); // before the rules are checked and the parts encoded, which take most of the time
  const all = validateBankFile(root, bank);
  const violations = opts.complete ? all : all.filter((v) => v.code !== COVERAGE_CODE);
  const uncovered = all.filter((v) => v.code === COVERAGE_CODE).map((v) => v.sourceEval!);
  let benchmarkVersion: Digest | null = null;
  if (!violations.some((v) => ['ESCHEMA', 'ELAYOUT', 'ENAME'].includes(v.code))) {
    try {
      benchmarkVersion = encodeParts(root, bank, encodeOptions(root)).parts.benchmarkVersion;
    } catch (e) {
      // What the content policy refuses (a secret, a file over the cap) is a finding of validate, not its end.
      if (!(e instanceof DocketError) || !['ESECRET', 'ETOOBIG'].includes(e.code)) throw e;
      violations.push({ code: e.code, question: null, sourceEval: null, field: null, message: e.message });
    }
  }
  return { bank, result: { ok: violations.length === 0, ...summary, benchmarkVersion, violations, uncovered } };
}

/** "48 questions", and the tasks when the bank has some: "48 questions, 12 tasks". */
export const itemsText = (s: Pick<BankSummary, 'questions' | 'tasks'>) => `${s.questions} questions${s.tasks ? `, ${s.tasks} tasks` : ''}`;

/** What a bank holds, counted. */
export interface BankSummary {
  questions: number;
  tasks: number;
  sourceEvals: number;
  categories: number;
  omissions: number;
}

export interface ValidateArgs extends GlobalArgs {
  complete: boolean;
}

export function runValidate(argv: ArgumentsCamelCase<ValidateArgs>) {
  assertGradersPinned(); // a changed pinned grader is EGRADERCHANGED (exit 1), as in check, regrade and run
  const summary = (s: BankSummary, bank: BankFile) => {
    if (!argv.json) line(`${bank.name} ${bank.version}: ${itemsText(s)}, ${s.sourceEvals} source evals in ${s.categories} categories, ${s.omissions} omissions`);
  };
  const { result } = validateWorktree(bankRootOf(argv), { complete: argv.complete, summary });
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
