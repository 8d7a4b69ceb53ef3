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

const helmCommand: CommandModule<GlobalArgs, Args> = {
  command: 'helm <dirs..>',
  describe: 'import HELM run directories (run_spec.json, scenario_state.json, per_instance_stats.json, stats.json)',
  builder: (y) => y.positional('dirs', { type: 'string', array: true, demandOption: true }) as Argv<Args>,
  handler: async (argv) => (await import('./import-run.ts')).runHelm(argv),
};

const eeeCommand: CommandModule<GlobalArgs, Args> = {
  command: 'eee <files..>',
  describe: 'import Every Eval Ever aggregate records (schema 0.3.0), with the instance files they point to',
  builder: (y) => y.positional('files', { type: 'string', array: true, demandOption: true }) as Argv<Args>,
  handler: async (argv) => (await import('./import-run.ts')).runEee(argv),
};

export const importCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'import <format>',
  describe: 'import the logs of another eval framework (inspect_ai, lm-evaluation-harness, HELM, Every Eval Ever) as evidence',
  builder: (y) =>
    y
      .command(inspectCommand as never)
      .command(lmEvalCommand as never)
      .command(helmCommand as never)
      .command(eeeCommand as never)
      .demandCommand(1),
  handler: () => {},
};
