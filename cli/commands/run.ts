import type { CommandModule } from 'yargs';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from '../recorder/concurrency.ts';
import type { GlobalArgs } from '../output.ts';
import type { RunArgs } from './run-run.ts';
import { planOptions } from './plan-options.ts';

export const runCommand: CommandModule<GlobalArgs, RunArgs> = {
  command: 'run',
  describe: 'record a run of the bank against an OpenAI-compatible endpoint, journaling every attempt, then seal it and grade it (the only online command)',
  builder: (y) =>
    planOptions(y)
      .option('plan', { type: 'string', describe: 'run exactly the plan registered by `docket plan commit` (its record digest or a unique prefix): the same flags, else refused' })
      .option('run-id', { type: 'string', describe: 'run id ([a-z0-9][a-z0-9._-]{0,63}); default <model>-<utc time>-<4 hex>' })
      .option('resume', { type: 'string', describe: 'continue the run with this id from its journal' })
      .option('abandon', { type: 'boolean', default: false, describe: 'with --resume: seal the run as it stands (status interrupted), without calling the endpoint' })
      .option('dry-run', { type: 'boolean', default: false, describe: 'print the plan, request count, request hashes and estimated cost; no connection, no writes' })
      .option('kind', { type: 'string', array: true, choices: ['choice', 'answer', 'exec'], describe: 'ask only the items of these kinds (repeatable; default: every question and task of the bank)' })
      .option('allow-unknown-cost', { type: 'boolean', default: false, describe: 'with --max-known-cost-usd: go on when the provider reports no cost (default: stop before the next request)' })
      .option('price-per-1k-tokens', { type: 'number', describe: 'USD per 1000 tokens, for the estimate only' })
      .option('api-key-env', { type: 'string', default: 'OPENAI_API_KEY', describe: 'environment variable holding the API key (optional for loopback endpoints)' })
      .option('env-file', { type: 'string', describe: 'read the --api-key-env variable (and nothing else) from this KEY=VALUE file' })
      .option('judge-base-url', { type: 'string', describe: 'the endpoint of the suite\'s judges (docs/own-suite.md "Judge graders"); default: --base-url' })
      .option('judge-api-key-env', { type: 'string', describe: "environment variable holding the judge endpoint's key (default: --api-key-env); sent to the judge only, never recorded" })
      .option('backoff-ms', { type: 'number', default: 500, describe: 'base of the exponential backoff (jittered; shared by every request in flight)' })
      .option('concurrency', {
        type: 'number',
        default: DEFAULT_CONCURRENCY,
        describe: `requests in flight at once, 1 to ${MAX_CONCURRENCY} (not recorded: the sealed run is the same whatever it is)`,
      }) as never,
  handler: async (argv) => (await import('./run-run.ts')).runRun(argv),
};
