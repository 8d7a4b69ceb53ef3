import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './export-run.ts';

export const exportCommand: CommandModule<GlobalArgs, Args> = {
  command: 'export <table> [runs..]',
  describe:
    'write the attempts, verdicts (current grades), runs or imports (foreign-runs, foreign-samples, foreign-scores) of the archive as CSV or JSON Lines, or its runs as Every Eval Ever records (eee)',
  builder: (y) =>
    y
      .positional('table', { choices: ['attempts', 'verdicts', 'runs', 'foreign-runs', 'foreign-samples', 'foreign-scores', 'eee'] as const, demandOption: true })
      .positional('runs', { type: 'string', array: true, describe: 'eee: the runs to export (id or digest; default every current graded run)' })
      .option('evaluator-relationship', {
        choices: ['first_party', 'third_party', 'collaborative', 'other'] as const,
        describe: 'eee: who ran the evaluation relative to the model (source_metadata.evaluator_relationship)',
      })
      .option('organization', { type: 'string', default: 'unknown', describe: 'eee: the organization publishing the records (source_metadata.source_organization_name)' })
      .option('format', { choices: ['csv', 'jsonl'] as const, default: 'csv' as const, describe: 'csv: RFC 4180 with a header row; jsonl: one JSON object per line' })
      .option('out', { type: 'string', describe: 'write to this file (replaced whole, never half-written) instead of stdout; eee: the directory the records go under' }) as never,
  handler: async (argv) => (await import('./export-run.ts')).runExport(argv),
};
