import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { DocketError } from '../../replay/errors.ts';
import { encodeLine, type JournalLine } from '../../replay/runs/journal.ts';
import { JOURNAL_FILE, loadRun, workDir } from '../../replay/runs/runs.ts';
import type { ReferenceServer } from './reference-server.ts';
import { startRun } from './recorder.ts';
import { referenceServerFixture, runCli } from '../dev/testkit/recorder.ts';

/** Issue 19 (8) end to end: a changed last line of an interrupted run is EJOURNAL for --resume and --abandon. */
let dir = '';
let ref: ReferenceServer;
referenceServerFixture((d, r) => {
  dir = d;
  ref = r;
});

describe('resume of an interrupted run whose last line was changed', () => {
  it('is EJOURNAL (exit 1), sealing nothing; restored, it resumes and seals the true cost', async () => {
    const a = new Archive(dir);
    try {
      const journalFault = { after: 3, code: 'EIO', partial: 0 }; // the disk is gone after 3 lines
      await expect(
        startRun(
          a,
          {
            model: 'oracle',
            baseUrl: ref.baseUrl,
            repetitions: 1,
            params: { temperature: 0, max_tokens: 16 },
            graderRef: 'decision',
            runId: 'cost-1',
            caps: { limitEvals: 1, maxRequests: null, maxKnownCostUsd: null, retries: 0, timeoutMs: 5000 },
          },
          { apiKey: null, backoffMs: 1, journalFault },
        ),
      ).rejects.toBeInstanceOf(DocketError);
    } finally {
      a.close();
    }
    const path = join(workDir(dir, 'cost-1'), JOURNAL_FILE);
    const orig = readFileSync(path, 'utf8');
    const all = orig.split('\n').slice(0, -1);
    expect(all).toHaveLength(3);
    const last = JSON.parse(all[2]!) as JournalLine;
    expect(last.costUsd).not.toBeNull();
    writeFileSync(path, `${[...all.slice(0, 2), encodeLine({ ...last, costUsd: 123.45 }).text].join('\n')}\n`);
    for (const extra of [[], ['--abandon']]) {
      const r = await runCli(['run', '--resume', 'cost-1', '--archive', dir, '--json', ...extra]);
      expect(r.code, r.stderr).toBe(1);
      expect(JSON.parse(r.stdout).error).toMatchObject({ code: 'EJOURNAL', message: expect.stringMatching(/journal line 3: .*head record/) });
    }
    const b = new Archive(dir);
    try {
      expect(b.ref('runs/cost-1')).toBeNull();
    } finally {
      b.close();
    }
    writeFileSync(path, orig);
    const ok = await runCli(['run', '--resume', 'cost-1', '--archive', dir, '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    const c = new Archive(dir);
    try {
      const run = loadRun(c, 'cost-1');
      expect(run.lines.every((l) => l.costUsd !== 123.45)).toBe(true);
      expect(run.run.knownCostUsd).toBeLessThan(1);
    } finally {
      c.close();
    }
  });
});
