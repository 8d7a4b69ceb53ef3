import type { Argv, CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './import-run.ts';

const inspectCommand: CommandModule<GlobalArgs, Args> = {
  command: 'inspect <files..>',
  describe: 'import inspect_ai logs (.eval zips or .json logs)',
  builder: (y) => y.positional('files', { type: 'string', array: true, demandOption: true }) as Argv<Args>,
  handler: async (argv) => (await import('./import-run.ts')).runInspect(argv),
};

const lmEvalCommand: CommandModule<GlobalArgs, Args> = {
  command: 'lm-eval <dir>',
  describe: 'import lm-evaluation-harness output: every results file in DIR (and its subdirectories) with its samples files, found by content',
  builder: (y) => y.positional('dir', { type: 'string', demandOption: true }) as Argv<Args>,
  handler: async (argv) => (await import('./import-run.ts')).runLmEval(argv),
};

export const importCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'import <format>',
  describe: 'import the logs of another eval framework (inspect_ai, lm-evaluation-harness) as evidence',
  builder: (y) =>
    y
      .command(inspectCommand as never)
      .command(lmEvalCommand as never)
      .demandCommand(1),
  handler: () => {},
};
