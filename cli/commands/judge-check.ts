import type { CommandModule } from 'yargs';
import { DEFAULT_CONCURRENCY } from '../recorder/concurrency.ts';
import type { GlobalArgs } from '../output.ts';
import type { JudgeCheckArgs } from './judge-check-run.ts';
import { judgeCapOptions } from './judge.ts';

export const judgeCheckCommand: CommandModule<GlobalArgs, JudgeCheckArgs> = {
  command: 'judge-check',
  describe: 'regrade the top runs with another judge model (a judge run per run), print both rankings and their agreement; exit 1 when the order changes with the judge',
  builder: (y) =>
    judgeCapOptions(y)
      .option('judge', { type: 'string', demandOption: true, describe: "the neutral judge model: the suite's judges with this model, their rubric, settings and verdict rule unchanged" })
      .option('top', { type: 'number', default: 3, describe: 'how many of the ranked runs, from the top' })
      .option('base-url', { type: 'string', demandOption: true, describe: 'the judge endpoint (OpenAI-compatible)' })
      .option('api-key-env', { type: 'string', default: 'OPENAI_API_KEY', describe: "environment variable holding the judge endpoint's key (optional for loopback; never recorded)" })
      .option('env-file', { type: 'string', describe: 'read the --api-key-env variable (and nothing else) from this KEY=VALUE file' })
      .option('backoff-ms', { type: 'number', default: 500, describe: 'base of the exponential backoff' })
      .option('concurrency', { type: 'number', default: DEFAULT_CONCURRENCY, describe: 'judge requests in flight at once (not recorded)' }) as never,
  handler: async (argv) => (await import('./judge-check-run.ts')).runJudgeCheck(argv),
};
