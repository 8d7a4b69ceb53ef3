import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import { gradedAtNow, gradeRuns } from '../../replay/grading/grades.ts';
import { suiteGradersAt } from '../../replay/grading/suite-graders.ts';
import { resolveRunRef } from '../../replay/runs/run-ref.ts';
import { execRunner } from '../offline/exec.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';
import { checkConcurrency } from '../recorder/recorder.ts';
import { judgeRun, type JudgedRun } from '../recorder/judge.ts';
import { resolveApiKey } from '../recorder/secrets.ts';
import { positiveInt } from './plan-options.ts';
import { usageError } from '../../replay/errors.ts';
import type { Caps } from '../../replay/runs/runs.ts';

export interface JudgeArgs extends GlobalArgs {
  runs: string[];
  'base-url': string;
  'api-key-env': string;
  'env-file'?: string;
  'backoff-ms': number;
  concurrency: number;
  'max-requests'?: number;
  'max-known-cost-usd'?: number;
  'allow-unknown-cost': boolean;
  retries: number;
  'timeout-ms': number;
}

export type JudgeCapArgs = Pick<JudgeArgs, 'max-requests' | 'max-known-cost-usd' | 'allow-unknown-cost' | 'retries' | 'timeout-ms'>;

/** The judge runs' caps from `docket run`'s budget flags, checked as `docket run` checks them. */
export function judgeCaps(argv: JudgeCapArgs): Partial<Caps> {
  const maxKnownCostUsd = argv['max-known-cost-usd'] ?? null;
  if (maxKnownCostUsd !== null && !(maxKnownCostUsd >= 0)) throw usageError('EUSAGE', '--max-known-cost-usd must be ≥ 0');
  return {
    maxRequests: positiveInt(argv['max-requests'], '--max-requests'),
    maxKnownCostUsd,
    retries: positiveInt(argv.retries, '--retries', 0)!,
    timeoutMs: positiveInt(argv['timeout-ms'], '--timeout-ms')!,
  };
}

/** `docket judge RUN…`: the judge runs each run still needs (cli/recorder/judge.ts), then its grade, by regrade's own code. */
export async function runJudge(argv: ArgumentsCamelCase<JudgeArgs>) {
  requireDir(argv.archive, 'archive');
  const suite = suiteGradersAt(argv.bankRoot);
  const caps = judgeCaps(argv);
  const apiKey = resolveApiKey({ envName: argv['api-key-env'], envFile: argv['env-file'] });
  const ctrl = new AbortController();
  const onSignal = () => ctrl.abort();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const archive = new Archive(argv.archive);
  try {
    const out: { runId: string; judges: JudgedRun[]; grade: string | null; status: string }[] = [];
    for (const ref of argv.runs) {
      const id = resolveRunRef(archive, ref);
      const judges = await judgeRun(
        archive,
        id,
        { suite, baseUrl: argv['base-url'], caps },
        {
          apiKey,
          backoffMs: positiveInt(argv['backoff-ms'], '--backoff-ms', 0)!,
          concurrency: checkConcurrency(argv.concurrency),
          signal: ctrl.signal,
          allowUnknownCost: argv['allow-unknown-cost'],
        },
      );
      const g = gradeRuns(archive, [id], { gradedAt: gradedAtNow(), suite, exec: execRunner({ packages: argv.bankRoot ?? null }) }).runs[0]!;
      out.push({ runId: g.runId, judges, grade: g.current, status: g.status });
      if (!argv.json)
        for (const j of judges)
          line(`${g.runId}: judge ${j.judge}: ${j.requests} request(s), ${j.recorded} already recorded${j.runId ? `; judge run ${j.runId} (${j.digest})` : ''}; grade ${g.status} ${g.current ?? ''}`);
    }
    if (argv.json) printJson({ ok: true, runs: out });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    archive.close();
  }
}
