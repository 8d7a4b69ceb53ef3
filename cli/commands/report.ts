import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './report-run.ts';

export const reportCommand: CommandModule<GlobalArgs, Args> = {
  command: 'report',
  describe: 'write a self-contained index.html (inline SVG, no scripts, no external resources) and report.json',
  builder: (y) =>
    y
      .option('out', { type: 'string', demandOption: true, describe: 'directory to write index.html and report.json into (created if missing)' })
      .option('benchmark-version', { type: 'string', describe: 'report this benchmark version (default: the current one)' }),
  handler: async (argv) => (await import('./report-run.ts')).runReport(argv),
};
