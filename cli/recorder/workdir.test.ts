import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store } from '../../replay/store/store.ts';
import { docket, REPO, tempDir } from '../dev/testkit/core.ts';
import { verifyArchive } from '../../replay/check/verify.ts';
import { removeWorkDir } from './workdir.ts';

/** Issue 19, defect 9: a crash while a sealed run's working directory is removed must not break --resume. */
function shipped(): string {
  const dir = join(tempDir('docket-wd-'), 'evidence');
  cpSync(join(REPO, 'evidence', 'objects'), join(dir, 'objects'), { recursive: true });
  cpSync(join(REPO, 'evidence', 'refs'), join(dir, 'refs'), { recursive: true });
  return dir;
}

describe("removing a sealed run's working directory", () => {
  it('a half-removed directory (journal gone, plan left: an older docket killed mid-removal) is finished by --resume', async () => {
    const dir = shipped();
    const run = new Store(dir).get(new Store(dir).readRef('runs/ref-coin-1')!).value as { plan: string };
    mkdirSync(join(dir, 'runs', 'ref-coin-1'), { recursive: true });
    writeFileSync(join(dir, 'runs', 'ref-coin-1', 'plan.digest'), `${run.plan}\n`);
    const r = docket(['run', '--resume', 'ref-coin-1', '--archive', dir]);
    expect(r.stderr).not.toMatch(/internal error|ENOENT/);
    expect(r.status).toBe(0);
    expect(existsSync(join(dir, 'runs', 'ref-coin-1'))).toBe(false);
    expect((await verifyArchive(dir)).findings).toEqual([]);
  });

  it('is one rename, then the removal of a temp: the run name is gone before any file is deleted', () => {
    const dir = shipped();
    const wd = join(dir, 'runs', 'r1');
    mkdirSync(wd, { recursive: true });
    for (const f of ['plan.digest', 'journal.jsonl', 'started-at']) writeFileSync(join(wd, f), 'x');
    mkdirSync(join(dir, 'runs', 'r2')); // another run keeps runs/ alive
    removeWorkDir(dir, 'r1');
    expect(readdirSync(join(dir, 'runs'))).toEqual(['r2']);
    removeWorkDir(dir, 'r1'); // already gone: nothing to do
    removeWorkDir(dir, 'r2');
    expect(existsSync(join(dir, 'runs'))).toBe(false);
  });
});
