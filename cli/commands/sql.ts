import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { Args } from './sql-run.ts';

export const sqlCommand: CommandModule<GlobalArgs, Args> = {
  command: 'sql <query>',
  describe: 'run one read-only SQL query against the index (tables and views: docs/design.md §5); an aligned table, --json or --csv',
  builder: (y) =>
    y
      .positional('query', { type: 'string', demandOption: true, describe: 'one SQLite SELECT (or WITH … SELECT) statement' })
      .option('csv', { type: 'boolean', default: false, describe: 'print RFC 4180 CSV with a header row' }),
  handler: async (argv) => (await import('./sql-run.ts')).runSql(argv),
};
