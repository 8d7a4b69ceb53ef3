import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './regrade-run.ts';

export const regradeCommand: CommandModule<GlobalArgs, Args> = {
  command: 'regrade [runs..]',
  describe: 're-score stored outputs with the current graders (or --grader) and append a grade record per run; lists every flip',
  builder: (y) =>
    y
      .positional('runs', { type: 'string', array: true, describe: 'run ids, run digests or unique digest prefixes' })
      .option('all', { type: 'boolean', default: false, describe: 'every sealed run in the archive' })
      .option('grader', {
        type: 'string',
        describe: "grader ref (decision = newest, decision@1, decision@2, exact, exact@1: docket's pinned code) or sha256:… (any grader archived in this archive, re-run from its archived source)",
      })
      .option('imported', { type: 'boolean', default: false, describe: 'regrade imported multiple-choice samples instead (RUN = import ref; docs/import.md)' })
      .option('archive-graders', {
        type: 'boolean',
        default: false,
        describe: 'only store the bundle of every pinned built-in grader (no grading), so older versions can be re-run by digest',
      }) as never,
  handler: async (argv) => (await import('./regrade-run.ts')).runRegrade(argv),
};
