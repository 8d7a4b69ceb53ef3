import type { CommandModule } from 'yargs';
import { DEFAULT_CONCURRENCY } from '../recorder/concurrency.ts';
import type { GlobalArgs } from '../output.ts';
import type { JudgeArgs } from './judge-run.ts';

export const judgeCommand: CommandModule<GlobalArgs, JudgeArgs> = {
  command: 'judge <runs..>',
  describe: "record the judge runs the runs' judge-graded tasks still need (online: the suite's judges at --base-url), then grade the runs",
  builder: (y) =>
    y
      .positional('runs', { type: 'string', array: true, describe: 'contestant run ids, run digests or unique digest prefixes' })
      .option('base-url', { type: 'string', demandOption: true, describe: 'the judge endpoint (OpenAI-compatible; its public form is recorded in each judge plan)' })
      .option('api-key-env', {
        type: 'string',
        default: 'OPENAI_API_KEY',
        describe: "environment variable holding the judge endpoint's key (optional for loopback; sent to the judge only, never recorded)",
      })
      .option('env-file', { type: 'string', describe: 'read the --api-key-env variable (and nothing else) from this KEY=VALUE file' })
      .option('backoff-ms', { type: 'number', default: 500, describe: 'base of the exponential backoff' })
      .option('concurrency', { type: 'number', default: DEFAULT_CONCURRENCY, describe: 'judge requests in flight at once (not recorded)' }) as never,
  handler: async (argv) => (await import('./judge-run.ts')).runJudge(argv),
};
