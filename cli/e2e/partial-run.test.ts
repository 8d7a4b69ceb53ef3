import { describe, expect, it } from 'vitest';
import { loadRunsForScoring } from '../../replay/scoring/scoring-input.ts';
import { rankRuns } from '../../replay/scoring/scoring.ts';
import { type ReferenceServer } from '../recorder/reference-server.ts';
import { referenceServerFixture, runCli } from '../dev/testkit/recorder.ts';

let dir: string;
let ref: ReferenceServer;
referenceServerFixture((d, r) => {
  dir = d;
  ref = r;
});

describe('a run of part of the bank (--limit-evals)', () => {
  it('is measured against the whole benchmark, so it is refused a place rather than ranked', async () => {
    const base = ['run', '--archive', dir, '--base-url', ref.baseUrl, '--backoff-ms', '1'];
    const partial = await runCli([...base, '--model', 'oracle', '--limit-evals', '2', '--run-id', 'partial']);
    expect(partial.code, partial.stderr).toBe(0);
    expect((await runCli(['regrade', '--all', '--archive', dir])).code).toBe(0);
    const [run] = loadRunsForScoring(dir);
    expect(run!.runId).toBe('partial');
    expect(run!.slots.length).toBeLessThan(run!.planned); // planned = every question of the bank × 3
    expect(run!.planned).toBe(48 * 3 + 16); // and every task once
    const ranking = rankRuns([run!], run!.benchmarkVersion);
    expect(ranking.rows).toEqual([]);
    expect(ranking.refused[0]!.reason).toMatch(/coverage .* is below 97 %/);
  }, 120_000);
});
