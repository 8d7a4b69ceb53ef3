import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './audit-run.ts';

export const auditCommand: CommandModule<GlobalArgs, Args> = {
  command: 'audit',
  describe: 'recompute every number of a published leaderboard (JSON or CSV) from the evidence and check what it names (model, benchmark, version); exit 1 on any mismatch or unverifiable row',
  builder: (y) =>
    y
      .option('published', { type: 'string', describe: 'the published leaderboard file (docs/scoring.md gives the format)' })
      .option('imported', { type: 'boolean', default: false, describe: "recompute imported logs' own headline metrics by their framework's rule (docs/import.md)" })
      .option('imports', { type: 'string', array: true, describe: 'with --imported: only these imports (ref names or run digests)' })
      .option('tolerance', { type: 'number', describe: 'allowed difference in percentage points (default: half a unit of each published number’s last digit)' })
      .option('allow-unverifiable', { type: 'boolean', default: false, describe: 'rows with no evidence to check them against are reported but do not fail the audit' }),
  handler: async (argv) => (await import('./audit-run.ts')).runAudit(argv),
};
