import type { Argv, CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import { planOptions } from './plan-options.ts';
import type { CheckpointArgs, CommitArgs, ShowArgs } from './plan-run.ts';

const commitCommand: CommandModule<GlobalArgs, CommitArgs> = {
  command: 'commit',
  describe: 'register a plan before any call: freeze it (the same flags `docket run` takes), append its record to the hash-chained plan log, print its digest',
  builder: (y) =>
    planOptions(y)
      .option('sign', { type: 'string', describe: 'Ed25519 private key (PEM, `docket release keygen`): also store a signed plan-record attestation' })
      .option('out', { type: 'string', describe: 'with --sign: also write the attestation (a DSSE envelope) to this file, to publish' }) as unknown as Argv<CommitArgs>,
  handler: async (argv) => (await import('./plan-run.ts')).runPlanCommit(argv),
};

const listCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'list',
  describe: 'the plan log, first record first: each registered plan, its runs and how far it got (complete, stopped, never run); exit 1 if the log is broken',
  handler: async (argv) => (await import('./plan-run.ts')).runPlanList(argv),
};

const showCommand: CommandModule<GlobalArgs, ShowArgs> = {
  command: 'show <record>',
  describe: 'one plan record: the plan it registered and the exact `docket run --plan` command that runs it',
  builder: (y) => y.positional('record', { type: 'string', demandOption: true, describe: 'plan record digest or unique prefix' }) as unknown as Argv<ShowArgs>,
  handler: async (argv) => (await import('./plan-run.ts')).runPlanShow(argv),
};

/** The options of a signed checkpoint (`plan checkpoint`, `release checkpoint`; design.md §22). */
export function checkpointOptions<T>(y: Argv<T>, defaultOrigin: string): Argv<T> {
  return y
    .option('key', { type: 'string', demandOption: true, describe: 'Ed25519 private key (PEM) to sign the checkpoint with' })
    .option('origin', { type: 'string', describe: `the log's name, the note's first line (default ${defaultOrigin}); no spaces or '+'` })
    .option('name', { type: 'string', describe: 'the signer name on the signature line (default: the origin)' })
    .option('out', { type: 'string', describe: 'write the signed note to this file' }) as unknown as Argv<T>;
}

const checkpointCommand: CommandModule<GlobalArgs, CheckpointArgs> = {
  command: 'checkpoint',
  describe: "export the plan log's head as a signed checkpoint (transparency-log signed note: origin, tree size, root hash, signature) to publish anywhere",
  builder: (y) => checkpointOptions(y, '<bank name>/plans') as unknown as Argv<CheckpointArgs>,
  handler: async (argv) => (await import('./plan-run.ts')).runPlanCheckpoint(argv),
};

export const planCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'plan <action>',
  describe: 'pre-register runs: commit a plan before any call, list the plan log, show a plan, export its head as a signed checkpoint (actions: commit, list, show, checkpoint)',
  builder: (y) =>
    y
      .command(commitCommand as unknown as CommandModule)
      .command(listCommand as unknown as CommandModule)
      .command(showCommand as unknown as CommandModule)
      .command(checkpointCommand as unknown as CommandModule)
      .demandCommand(1, 'name an action: commit, list, show or checkpoint') as unknown as Argv<GlobalArgs>,
  handler: () => {},
};
