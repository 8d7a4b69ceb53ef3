import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './audit-run.ts';
import { anchorOptions } from './anchor-options.ts';

export const auditCommand: CommandModule<GlobalArgs, Args> = {
  command: 'audit',
  describe:
    'recompute every number of a published leaderboard (JSON or CSV) from the evidence, check what it names (model, benchmark, version) and that no run was picked among others; exit 1 on any mismatch, unverifiable row or selected run',
  builder: (y) =>
    anchorOptions(y)
      .option('published', { type: 'string', describe: 'the published leaderboard file (docs/scoring.md gives the format)' })
      .option('imported', { type: 'boolean', default: false, describe: "recompute imported logs' own headline metrics by their framework's rule (docs/import.md)" })
      .option('imports', { type: 'string', array: true, describe: 'with --imported: only these imports (ref names or run digests)' })
      .option('tolerance', { type: 'number', describe: 'allowed difference in percentage points (default: half a unit of each published number’s last digit)' })
      .option('allow-unverifiable', { type: 'boolean', default: false, describe: 'rows with no evidence to check them against are reported but do not fail the audit' })
      .option('allow-selected', {
        type: 'boolean',
        default: false,
        describe: 'a published run that is not the first complete run of the first registered plan (or, with none, of its model and version) is reported as a hint, not a failure',
      })
      .option('from', { type: 'string', describe: 'audit the archive inside this release tarball, verified first (anchored by --expect and/or --key) and extracted to a private temp dir' }) as never,
  handler: async (argv) => (await import('./audit-run.ts')).runAudit(argv),
};
