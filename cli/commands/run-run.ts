import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import { DocketError, EXIT, usageError } from '../../replay/errors.ts';
import { execRunner } from '../offline/exec.ts';
import { line, printJson, progress, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';
import { checkConcurrency, makePlan, resumeRun, startRun, type NewRunOptions, type RunResult } from '../recorder/recorder.ts';
import { costRule } from '../recorder/cost-rule.ts';
import { resolveApiKey } from '../recorder/secrets.ts';
import { judgeRun } from '../recorder/judge.ts';
import { publicUrl } from '../../replay/runs/runs.ts';
import { planInput, positiveInt, type PlanArgs } from './plan-options.ts';

export interface RunArgs extends GlobalArgs, PlanArgs {
  plan?: string;
  'run-id'?: string;
  resume?: string;
  abandon: boolean;
  'dry-run': boolean;
  kind?: ('choice' | 'answer' | 'exec')[];
  'price-per-1k-tokens'?: number;
  'allow-unknown-cost': boolean;
  'api-key-env': string;
  'judge-base-url'?: string;
  'judge-api-key-env'?: string;
  'env-file'?: string;
  'backoff-ms': number;
  concurrency: number;
}

function report(r: RunResult, json: boolean) {
  const v = r.run;
  if (json) {
    printJson({
      ok: true,
      runId: r.runId,
      status: r.status,
      stopReason: r.stopReason,
      digest: r.digest,
      plan: r.plan,
      model: v.model,
      planned: v.planned,
      done: v.done,
      attempts: v.attempts,
      classes: v.classes,
      knownCostUsd: v.knownCostUsd,
      head: v.head,
      segments: v.segments,
      grade: r.grade,
      planRecord: v.planRecord ?? null,
    });
  } else {
    line(
      `${r.status}: ${v.done}/${v.planned} slots done in ${v.attempts} attempts (${Object.entries(v.classes)
        .filter(([, n]) => n > 0)
        .map(([c, n]) => `${c} ${n}`)
        .join(', ')})`,
    );
    if (r.stopReason) line(`stopped: ${r.stopReason}`);
    line(`known cost: ${v.knownCostUsd === null ? 'unknown (not reported)' : `$${v.knownCostUsd}`}`);
    line(`${r.digest}  run ${r.runId} (refs/runs/${r.runId})`);
    line(v.planRecord ? `registered plan ${v.planRecord}` : 'unregistered: no plan was committed for this run (docket plan commit, then docket run --plan)');
    const g = r.grade;
    if (g.status === 'graded')
      line(
        `graded by ${g.grader.ref}: ${g.counts.correct} of ${g.counts.slots} slots correct (${g.counts.incorrect} incorrect, ${g.counts.invalid} invalid, ${g.counts.truncated} truncated, ${g.counts.provider_failure} provider failures, ${g.counts.interrupted} interrupted); grade ${g.grade} (refs/grades/${r.runId}); ranked by \`docket leaderboard\``,
      );
    else line(`not graded: ${g.reason}`);
  }
  process.exitCode = EXIT.OK;
}

function dryRun(archive: Archive, opts: NewRunOptions, json: boolean) {
  if (!opts.model) throw usageError('EUSAGE', 'docket run --dry-run needs --model');
  const p = makePlan(archive, { ...opts, baseUrl: opts.baseUrl || 'http://127.0.0.1/v1' });
  const hashes = p.requests.map((r) => r.hash);
  if (json) {
    printJson({
      ok: p.refusal === null,
      dryRun: true,
      runId: p.runId,
      refusal: p.refusal,
      costRule: p.costRule,
      plan: p.plan,
      planRecord: p.planRecord,
      requests: hashes.length,
      requestHashes: hashes,
      estimate: p.estimate,
    });
  } else {
    line(`run ${p.runId} (dry run: nothing is sent or stored)`);
    line(
      `plan: ${p.plan.requestFormat} requests, bank ${p.plan.bank}, ${p.plan.questions.length} questions × ${p.plan.permutations} permutations${p.plan.tasks ? ` + ${p.plan.tasks.length} tasks,` : ''} × ${p.plan.repetitions} repetitions, model ${p.plan.model}, grader ${p.plan.grader.ref}`,
    );
    line(`requests: ${hashes.length} (${new Set(hashes).size} distinct request hashes, set digest ${p.plan.requestHashes})`);
    for (const h of hashes.slice(0, 5)) line(`  ${h}`);
    if (hashes.length > 5) line(`  … and ${hashes.length - 5} more (--json lists all)`);
    line(
      `estimate: ~${p.estimate.promptTokens} prompt + ≤${p.estimate.completionTokens} completion tokens; cost ${p.estimate.costUsd === null ? 'unknown (pass --price-per-1k-tokens)' : `$${p.estimate.costUsd}`}`,
    );
    if (p.costRule) line(`cost cap: ${p.costRule}`);
    if (p.planRecord) line(`the registered plan ${p.planRecord}, exactly`);
    if (p.refusal) line(`would not start: ${p.refusal}`);
  }
  process.exitCode = p.refusal ? EXIT.FINDINGS : EXIT.OK;
}

export async function runRun(argv: ArgumentsCamelCase<RunArgs>) {
  const opts: NewRunOptions = {
    ...planInput(argv),
    runId: argv['run-id'],
    pricePer1kTokens: argv['price-per-1k-tokens'],
    allowUnknownCost: argv['allow-unknown-cost'],
    planRecord: argv.plan,
    ...(argv.kind?.length ? { kinds: argv.kind } : {}),
  };
  if (argv.plan !== undefined && argv.resume) throw usageError('EUSAGE', '--plan starts a run of a registered plan; --resume continues one (its working directory names its plan)');
  requireDir(argv.archive, 'archive');
  const archive = new Archive(argv.archive);
  try {
    if (argv['dry-run']) return dryRun(archive, opts, argv.json);
    if (!argv.resume && (!argv.model || !argv['base-url'])) throw usageError('EUSAGE', 'docket run needs --model and --base-url (or --resume RUN_ID)');
    const apiKey = argv.abandon ? null : resolveApiKey({ envName: argv['api-key-env'], envFile: argv['env-file'] });
    const ctrl = new AbortController();
    const onSignal = () => ctrl.abort();
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    const tick = argv.json ? undefined : progress('attempts: slots done');
    let runId = '';
    try {
      const conn = {
        concurrency: checkConcurrency(argv.concurrency),
        apiKey,
        backoffMs: positiveInt(argv['backoff-ms'], '--backoff-ms', 0)!,
        signal: ctrl.signal,
        allowUnknownCost: argv['allow-unknown-cost'],
        exec: execRunner({ packages: argv.bankRoot ?? null }),
        onStart: (id: string) => {
          runId = id;
          if (!argv.json) line(`run ${id}`); // the run id first, before anything can fail
          const rule = argv.resume ? null : costRule(opts.caps.maxKnownCostUsd, argv['allow-unknown-cost'], publicUrl(opts.baseUrl));
          if (!argv.json && rule) line(`cost cap: ${rule}`);
        },
        onAttempt: tick ? (_l: unknown, done: number, planned: number) => tick(done, planned) : undefined,
      };
      const judgeUrl = argv['judge-base-url'] ?? argv['base-url'];
      const judge =
        opts.suite?.judges.size && judgeUrl && !argv.abandon
          ? async (a: Archive, id: string) => {
              const judgeKey = argv['judge-api-key-env'] === undefined ? apiKey : resolveApiKey({ envName: argv['judge-api-key-env'], envFile: argv['env-file'] });
              // The judge's calls follow the run's retries and timeout; its request and cost caps are the contestant's own.
              const caps = { retries: opts.caps.retries, timeoutMs: opts.caps.timeoutMs };
              await judgeRun(a, id, { suite: opts.suite ?? null, baseUrl: judgeUrl, caps }, { ...conn, apiKey: judgeKey, onAttempt: undefined, onStart: undefined });
            }
          : undefined;
      Object.assign(conn, { judge });
      const result = argv.resume
        ? await resumeRun(archive, argv.resume, { model: argv.model, baseUrl: argv['base-url'], abandon: argv.abandon, suite: opts.suite }, { ...conn, timeoutMs: argv['timeout-ms'] })
        : await startRun(archive, opts, { ...conn, baseUrl: opts.baseUrl });
      report(result, argv.json);
    } catch (e) {
      if (e instanceof DocketError && runId) (e.data as Record<string, unknown>).runId ??= runId;
      throw e;
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  } finally {
    archive.close();
  }
}
