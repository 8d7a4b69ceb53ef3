import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { DocketError } from '../../replay/errors.ts';
import { parseJournal } from '../../replay/runs/journal.ts';
import { JOURNAL_FILE, workDir } from '../../replay/runs/runs.ts';
import type { ReferenceServer } from './reference-server.ts';
import { resumeRun, startRun, type NewRunOptions } from './recorder.ts';
import { referenceServerFixture, runCli, withArchiveAt } from '../dev/testkit/recorder.ts';
import { readPlanDigest } from './workdir.ts';

/**
 * Issue #18 item 6: unknown cost is never free. Against the reference server, `coin` reports no
 * cost and `oracle` reports usage.cost (cli/recorder/reference-server.ts).
 */
let dir = '';
let ref: ReferenceServer;
referenceServerFixture((d, r) => {
  dir = d;
  ref = r;
});

let n = 0;
const opts = (model: string, maxKnownCostUsd: number | null, over: Partial<NewRunOptions> = {}): NewRunOptions => ({
  model,
  baseUrl: ref.baseUrl,
  repetitions: 1,
  params: { temperature: 0, max_tokens: 16 },
  graderRef: 'decision',
  runId: `uc${++n}-${model}`,
  caps: { limitEvals: 1, maxRequests: null, maxKnownCostUsd, retries: 0, timeoutMs: 5000 },
  ...over,
});
const conn = { apiKey: null, backoffMs: 1 };
const withArchive = <T>(f: (a: Archive) => Promise<T>) => withArchiveAt(dir, f);
const journalLines = (id: string) => parseJournal(readFileSync(join(workDir(dir, id), JOURNAL_FILE)), readPlanDigest(workDir(dir, id))).lines;

describe('--max-known-cost-usd against a provider that reports no cost', () => {
  it('stops before the second request with EUNKNOWNCOST (exit 1, says what to pass); --resume --allow-unknown-cost finishes it', async () => {
    const o = opts('coin', 1);
    const e = await withArchive((a) => startRun(a, o, conn)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DocketError);
    expect(e).toMatchObject({ code: 'EUNKNOWNCOST', exitCode: 1 });
    expect((e as Error).message).toMatch(/answered without reporting a cost.*--resume uc\d+-coin --allow-unknown-cost/);
    expect(journalLines(o.runId!)).toHaveLength(1); // exactly one request was sent
    const resumed = await withArchive((a) => resumeRun(a, o.runId!, {}, { ...conn, allowUnknownCost: true }));
    expect(resumed.status).toBe('sealed');
    expect(resumed.run.knownCostUsd).toBeNull();
  });

  it('runs to the end with --allow-unknown-cost, and when the provider reports cost', async () => {
    const allowed = await withArchive((a) => startRun(a, opts('coin', 1, { allowUnknownCost: true }), conn));
    expect(allowed.status).toBe('sealed');
    const priced = await withArchive((a) => startRun(a, opts('oracle', 1), conn));
    expect(priced.status).toBe('sealed');
    expect(priced.run.knownCostUsd).toBeGreaterThan(0);
    expect((await withArchive((a) => startRun(a, opts('coin', null), conn))).status).toBe('sealed'); // no cap, no rule
  });

  it('the CLI states the rule as the run starts and exits 1 with EUNKNOWNCOST', async () => {
    const r = await runCli(['--archive', dir, 'run', '--model', 'coin', '--base-url', ref.baseUrl, '--limit-evals', '1', '--max-known-cost-usd', '0.5', '--run-id', 'uc-cli-coin']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^run uc-cli-coin\ncost cap: --max-known-cost-usd 0\.5 counts only the cost/);
    expect(r.stderr).toMatch(/EUNKNOWNCOST: run uc-cli-coin stopped: .* answered without reporting a cost/);
    expect(journalLines('uc-cli-coin')).toHaveLength(1);
  });

  it('--dry-run states the rule', async () => {
    const r = await runCli(['--archive', dir, 'run', '--dry-run', '--model', 'coin', '--base-url', 'http://127.0.0.1:9/v1', '--limit-evals', '1', '--max-known-cost-usd', '0.5']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /cost cap: --max-known-cost-usd 0\.5 counts only the cost http:\/\/127\.0\.0\.1:9\/v1 reports .*an answer without a cost stops the run before its next request \(--allow-unknown-cost lets it go on\)/,
    );
    const j = await runCli([
      '--archive',
      dir,
      'run',
      '--dry-run',
      '--json',
      '--model',
      'coin',
      '--base-url',
      'http://127.0.0.1:9/v1',
      '--limit-evals',
      '1',
      '--max-known-cost-usd',
      '0.5',
      '--allow-unknown-cost',
    ]);
    expect(JSON.parse(j.stdout).costRule).toMatch(/--allow-unknown-cost: answers without a reported cost are not counted/);
  });
});
