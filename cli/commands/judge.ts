import type { Argv, CommandModule } from 'yargs';
import { DEFAULT_CONCURRENCY } from '../recorder/concurrency.ts';
import type { GlobalArgs } from '../output.ts';
import type { JudgeArgs } from './judge-run.ts';

/** The budgets of judge runs: `docket run`'s flags, recorded in each judge run's plan (a judge run per contestant run and judge). */
export function judgeCapOptions<T>(y: Argv<T>): Argv<T> {
  return y
    .option('max-requests', { type: 'number', describe: 'cap on the attempts of each judge run: a judge run needing more does not start (EBUDGET); reaching it mid-run seals it incomplete' })
    .option('max-known-cost-usd', {
      type: 'number',
      describe: 'stop each judge run (sealed incomplete) when the provider-reported cost reaches this; an answer without a reported cost stops it (see --allow-unknown-cost)',
    })
    .option('allow-unknown-cost', { type: 'boolean', default: false, describe: 'with --max-known-cost-usd: go on when the judge endpoint reports no cost' })
    .option('retries', { type: 'number', default: 3, describe: 'retries per judge request on 429, 5xx, network errors and timeouts' })
    .option('timeout-ms', { type: 'number', default: 60_000, describe: 'per-request timeout' }) as unknown as Argv<T>;
}

export const judgeCommand: CommandModule<GlobalArgs, JudgeArgs> = {
  command: 'judge <runs..>',
  describe: "record the judge runs the runs' judge-graded tasks still need (online: the suite's judges at --base-url), then grade the runs",
  builder: (y) =>
    judgeCapOptions(y)
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
