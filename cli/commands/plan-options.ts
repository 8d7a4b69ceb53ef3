import type { Argv } from 'yargs';
import type { RunParams } from '../../replay/bank/types.ts';
import { usageError } from '../../replay/errors.ts';
import { suiteGradersAt } from '../../replay/grading/suite-graders.ts';
import type { NewRunOptions } from '../recorder/recorder.ts';

/**
 * The options that decide a run's frozen plan (docs/design.md §9): `docket run` and `docket plan
 * commit` take exactly these, so a plan registered with some flags is run with the same flags
 * (`docket run --plan DIGEST`, which refuses any difference).
 */
export interface PlanArgs {
  model?: string;
  'base-url'?: string;
  repetitions: number;
  grader?: string;
  'max-tokens': number;
  temperature: number;
  seed?: number;
  'limit-evals'?: number;
  'max-requests'?: number;
  'max-known-cost-usd'?: number;
  'timeout-ms': number;
  retries: number;
  'request-kind'?: string;
}

export function planOptions<T>(y: Argv<T>): Argv<T> {
  return y
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
    .option('limit-evals', { type: 'number', describe: 'only the questions of the first N source evals (byte order)' })
    .option('max-requests', { type: 'number', describe: 'cap on attempts: a larger plan does not start; reaching it mid-run seals the run incomplete' })
    .option('max-known-cost-usd', {
      type: 'number',
      describe: 'stop (sealed incomplete) when provider-reported cost reaches this; a larger estimate does not start; an answer without a reported cost stops the run (see --allow-unknown-cost)',
    })
    .option('timeout-ms', { type: 'number', default: 60_000, describe: 'per-request timeout' })
    .option('retries', { type: 'number', default: 3, describe: 'retries per slot on 429, 5xx, network errors and timeouts' })
    .option('request-kind', {
      type: 'string',
      choices: ['chat', 'decision'],
      describe:
        "chat: POST …/chat/completions with messages; decision: POST …/decisions with the question and its options as typed fields (README); default: the bank template's requestKind, else chat",
    }) as unknown as Argv<T>;
}

export const positiveInt = (v: unknown, flag: string, min = 1) => {
  if (v === undefined) return null;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) throw usageError('EUSAGE', `${flag} must be an integer ≥ ${min}`);
  return v;
};

/** The plan-deciding part of a run's options, checked; the caller adds what is not in the plan. */
export function planInput(argv: PlanArgs & { bankRoot?: string | null }): NewRunOptions {
  const params: RunParams = { temperature: argv.temperature, max_tokens: positiveInt(argv['max-tokens'], '--max-tokens')! };
  if (!(argv.temperature >= 0)) throw usageError('EUSAGE', '--temperature must be ≥ 0');
  if (argv.seed !== undefined) params.seed = positiveInt(argv.seed, '--seed', 0)!;
  const opts: NewRunOptions = {
    model: argv.model ?? '',
    baseUrl: argv['base-url'] ?? '',
    repetitions: positiveInt(argv.repetitions, '--repetitions')!,
    params,
    graderRef: argv.grader,
    suite: suiteGradersAt(argv.bankRoot),
    requestKind: argv['request-kind'] as NewRunOptions['requestKind'],
    caps: {
      limitEvals: positiveInt(argv['limit-evals'], '--limit-evals'),
      maxRequests: positiveInt(argv['max-requests'], '--max-requests'),
      maxKnownCostUsd: argv['max-known-cost-usd'] ?? null,
      retries: positiveInt(argv.retries, '--retries', 0)!,
      timeoutMs: positiveInt(argv['timeout-ms'], '--timeout-ms')!,
    },
  };
  if (opts.caps.maxKnownCostUsd !== null && !(opts.caps.maxKnownCostUsd >= 0)) throw usageError('EUSAGE', '--max-known-cost-usd must be ≥ 0');
  return opts;
}
