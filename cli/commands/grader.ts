import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { GraderArgs } from './grader-run.ts';

export const graderCommand: CommandModule<GlobalArgs, GraderArgs> = {
  command: 'grader <action> [refs..]',
  describe: "the suite's own graders: lock pins every declared version; test runs one over its regression matrix; diff lists the stored replies two graders disagree on",
  builder: (y) =>
    y.positional('action', { choices: ['lock', 'test', 'diff'] as const, demandOption: true }).positional('refs', {
      type: 'string',
      array: true,
      describe: "test: the grader to test (NAME = its current version, NAME@N; default: the bank's grader); diff: A B, each NAME, NAME@N, decision@2, … or sha256:… of an archived grader",
    }) as never,
  handler: async (argv) => (await import('./grader-run.ts')).runGrader(argv),
};
