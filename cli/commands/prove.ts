import type { Argv, CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './prove-run.ts';

export const proveCommand: CommandModule<GlobalArgs, Args> = {
  command: 'prove <digest>',
  describe: "print an RFC 6962 inclusion proof of an object in the archive's Merkle root (or, with --plans, of a plan record in the plan log)",
  builder: (y) =>
    y
      .positional('digest', { type: 'string', demandOption: true, describe: 'object digest (sha256:...)' })
      .option('out', { type: 'string', describe: 'also write the proof JSON here (for docket verify --proof)' })
      .option('plans', {
        type: 'boolean',
        default: false,
        describe: "prove a plan record's place in the plan log (leaves in log order, the tree `docket plan checkpoint` signs)",
      }) as unknown as Argv<Args>,
  handler: async (argv) => (await import('./prove-run.ts')).runProve(argv),
};
