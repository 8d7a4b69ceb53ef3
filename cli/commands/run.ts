import type { CommandModule } from 'yargs';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from '../recorder/concurrency.ts';
import type { GlobalArgs } from '../output.ts';
import type { RunArgs } from './run-run.ts';

export const runCommand: CommandModule<GlobalArgs, RunArgs> = {
  command: 'run',
  describe: 'record a run of the bank against an OpenAI-compatible endpoint, journaling every attempt, then seal it and grade it (the only online command)',
  builder: (y) =>
    y
      .option('model', { type: 'string', describe: 'model name sent in every request' })
      .option('base-url', { type: 'string', describe: 'endpoint base, e.g. http://127.0.0.1:8080/v1 (…/chat/completions is appended)' })
      .option('repetitions', { type: 'number', default: 1, describe: 'requests per question × permutation' })
      .option('grader', {
        type: 'string',
        describe: "grader that decides answered vs invalid and grades the sealed run: a suite grader's NAME or NAME@N, or decision@2, … (default: the bank's grader, else the newest decision)",
      })
      .option('max-tokens', { type: 'number', default: 16, describe: 'max_tokens in every request' })
      .option('temperature', { type: 'number', default: 0, describe: 'temperature in every request' })
      .option('seed', { type: 'number', describe: 'seed in every request (omitted when not given)' })
      .option('run-id', { type: 'string', describe: 'run id ([a-z0-9][a-z0-9._-]{0,63}); default <model>-<utc time>-<4 hex>' })
      .option('resume', { type: 'string', describe: 'continue the run with this id from its journal' })
      .option('abandon', { type: 'boolean', default: false, describe: 'with --resume: seal the run as it stands (status interrupted), without calling the endpoint' })
      .option('dry-run', { type: 'boolean', default: false, describe: 'print the plan, request count, request hashes and estimated cost; no connection, no writes' })
      .option('limit-evals', { type: 'number', describe: 'only the questions and tasks of the first N source evals (byte order)' })
      .option('kind', { type: 'string', array: true, choices: ['choice', 'answer', 'exec'], describe: 'ask only the items of these kinds (repeatable; default: every question and task of the bank)' })
      .option('max-requests', { type: 'number', describe: 'cap on attempts: a larger plan does not start; reaching it mid-run seals the run incomplete' })
      .option('max-known-cost-usd', {
        type: 'number',
        describe: 'stop (sealed incomplete) when provider-reported cost reaches this; a larger estimate does not start; an answer without a reported cost stops the run (see --allow-unknown-cost)',
      })
      .option('allow-unknown-cost', { type: 'boolean', default: false, describe: 'with --max-known-cost-usd: go on when the provider reports no cost (default: stop before the next request)' })
      .option('price-per-1k-tokens', { type: 'number', describe: 'USD per 1000 tokens, for the estimate only' })
      .option('api-key-env', { type: 'string', default: 'OPENAI_API_KEY', describe: 'environment variable holding the API key (optional for loopback endpoints)' })
      .option('env-file', { type: 'string', describe: 'read the --api-key-env variable (and nothing else) from this KEY=VALUE file' })
      .option('timeout-ms', { type: 'number', default: 60_000, describe: 'per-request timeout' })
      .option('retries', { type: 'number', default: 3, describe: 'retries per slot on 429, 5xx, network errors and timeouts' })
      .option('backoff-ms', { type: 'number', default: 500, describe: 'base of the exponential backoff (jittered; shared by every request in flight)' })
      .option('request-kind', {
        type: 'string',
        choices: ['chat', 'decision'],
        describe:
          "chat: POST …/chat/completions with messages; decision: POST …/decisions with the question and its options as typed fields (README); default: the bank template's requestKind, else chat",
      })
      .option('concurrency', {
        type: 'number',
        default: DEFAULT_CONCURRENCY,
        describe: `requests in flight at once, 1 to ${MAX_CONCURRENCY} (not recorded: the sealed run is the same whatever it is)`,
      }) as never,
  handler: async (argv) => (await import('./run-run.ts')).runRun(argv),
};
