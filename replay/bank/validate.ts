import type { Lister } from '../content/policy.ts';
import { DocketError } from '../errors.ts';
import type { Digest } from '../format/digest.ts';
import { COVERAGE_CODE, encodeParts, listSourceEvals, loadBankFile, validateBankFile } from './bank.ts';
import type { BankFile } from './types.ts';

/** What a bank holds, counted. */
export interface BankSummary {
  questions: number;
  tasks: number;
  sourceEvals: number;
  categories: number;
  omissions: number;
}

/**
 * `docket validate` as a function: the bank at `root`, read-only. Source evals with no question and
 * no omission yet (EUNCOVERED) are `uncovered`, a to-do list, unless `complete` makes them
 * violations (what check and release pack demand: a published bank says why every eval is in or out).
 * `lister` lists the content policy's candidates (the CLI hands in git's; without it, the
 * .gitignore walk).
 */
export function validateWorktree(root: string, opts: { complete: boolean; lister?: Lister; summary?: (s: BankSummary, bank: BankFile) => void }) {
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
      benchmarkVersion = encodeParts(root, bank, { lister: opts.lister }).parts.benchmarkVersion;
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
