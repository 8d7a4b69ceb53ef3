import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, tempDir } from '../../cli/dev/testkit/core.ts';
import { sha256 } from '../format/digest.ts';
import { Archive } from '../index/archive.ts';
import { historyGaps, readHistory } from './history.ts';
import type { RunValue } from './runs.ts';

let archive: Archive;
beforeAll(() => {
  const dir = join(tempDir('docket-history-'), 'evidence');
  cpSync(join(REPO, 'evidence'), dir, { recursive: true, filter: (p) => !p.includes('index.sqlite') });
  archive = new Archive(dir);
});
afterAll(() => archive.close());

const coin = () => readHistory(archive).runs.filter((r) => r.model === 'coin');

describe('the history of an archive (design.md §22)', () => {
  it('every run bundle counts, in start order; one run sealed twice counts once (the bundle its ref names), a reused id twice', () => {
    const all = readHistory(archive).runs;
    // The shipped judge runs (model markdown) grade contestant runs: no run of markdown for selective reporting.
    expect(archive.currentIndex().db.prepare("SELECT COUNT(*) FROM runs WHERE kind = 'judge'").pluck().get()).toBe(4);
    expect(all.map((r) => r.runId).sort()).toEqual(['ref-coin-1', 'ref-flaky-1', 'ref-markdown-1', 'ref-oracle-1', 'ref-truncator-1']);
    expect(all.map((r) => r.startedAt)).toEqual(all.map((r) => r.startedAt).sort());
    const current = archive.ref('runs/ref-coin-1')!;
    const run = archive.get(current).value as unknown as RunValue;
    archive.put({ ...run, sealedAt: '2000-01-01T00:00:00.000Z' }); // a first seal a crash left unreferenced
    expect(coin().map((r) => r.digest)).toEqual([current]);
    const reused = archive.put({ ...run, head: sha256('another journal'), startedAt: '2000-01-01T00:00:00.000Z' }).digest; // the id reused for another run
    expect(coin().map((r) => [r.digest, r.current])).toEqual([
      [reused, false],
      [current, true],
    ]);
    expect(historyGaps(readHistory(archive))).toEqual([]);
  });
});
