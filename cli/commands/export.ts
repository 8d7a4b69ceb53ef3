import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './export-run.ts';

export const exportCommand: CommandModule<GlobalArgs, Args> = {
  command: 'export <table>',
  describe: 'write the attempts, verdicts (current grades) or runs of the archive as CSV or JSON Lines, for analysis tools',
  builder: (y) =>
    y
      .positional('table', { choices: ['attempts', 'verdicts', 'runs'] as const, demandOption: true })
      .option('format', { choices: ['csv', 'jsonl'] as const, default: 'csv' as const, describe: 'csv: RFC 4180 with a header row; jsonl: one JSON object per line' })
      .option('out', { type: 'string', describe: 'write to this file (replaced whole, never half-written) instead of stdout' }) as never,
  handler: async (argv) => (await import('./export-run.ts')).runExport(argv),
};
