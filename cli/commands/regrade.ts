import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './regrade-run.ts';

export const regradeCommand: CommandModule<GlobalArgs, Args> = {
  command: 'regrade [runs..]',
  describe: "re-score stored outputs with the bank's current grader (or --grader) and append a grade record per run; lists every flip",
  builder: (y) =>
    y
      .positional('runs', { type: 'string', array: true, describe: 'run ids, run digests or unique digest prefixes' })
      .option('all', { type: 'boolean', default: false, describe: 'every sealed run in the archive' })
      .option('grader', {
        type: 'string',
        describe:
          "grader: a suite grader's NAME (its current version) or NAME@N (decision-bank.json graders), docket's decision@1, decision@2, exact@1 (decision = newest), or sha256:… (any grader archived here, re-run from its archived source); default: the bank's current grader",
      })
      .option('set-current', {
        type: 'boolean',
        default: false,
        describe: "make the new grade the run's current one (what leaderboard ranks) although --grader is not the bank's current grader; recorded in the grade",
      })
      .option('imported', { type: 'boolean', default: false, describe: 'regrade imported multiple-choice samples instead (RUN = import ref; docs/import.md)' })
      .option('dry-run', {
        type: 'boolean',
        default: false,
        describe:
          'say what regrade would do, writing nothing: the flips per run, and for a run whose judges changed (rubric, model, settings) the judge requests a new online judge run needs, with their estimated cost',
      })
      .option('price-per-1k-tokens', { type: 'number', describe: "USD per 1000 tokens, for --dry-run's judge cost estimate only (without it the cost is unknown)" })
      .option('archive-graders', {
        type: 'boolean',
        default: false,
        describe: 'only store the bundle of every pinned built-in grader (no grading), so older versions can be re-run by digest',
      }) as never,
  handler: async (argv) => (await import('./regrade-run.ts')).runRegrade(argv),
};
