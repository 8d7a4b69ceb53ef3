import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repairArchive } from '../../replay/check/repair.ts';
import { Archive } from '../../replay/index/archive.ts';
import { listRuns } from '../../replay/runs/runs.ts';
import { REPO, tempDir } from '../dev/testkit/core.ts';
import { checkSteps, runCheckSteps } from '../../replay/check/steps.ts';
import { checkEffects } from './check-run.ts';

/** Issue #32 item 5: `docket check` fails on a ref the index remembers and refs/ lost, and passes once repair restored it. */
describe('docket check and a lost ref', () => {
  it("the verify step fails naming ELOSTREF and the ref; after repair it passes and the leaderboard ranks the run's model again", async () => {
    const dir = join(tempDir('docket-check-lost-'), 'evidence');
    cpSync(join(REPO, 'evidence', 'objects'), join(dir, 'objects'), { recursive: true });
    cpSync(join(REPO, 'evidence', 'refs'), join(dir, 'refs'), { recursive: true });
    const a = new Archive(dir);
    listRuns(a); // the index, as any reading command builds it
    a.close();
    const digest = readFileSync(join(dir, 'refs', 'runs', 'ref-oracle-1'), 'utf8').trim();
    rmSync(join(dir, 'refs', 'runs', 'ref-oracle-1'));

    const steps = checkSteps(checkEffects()).filter((s) => s.name === 'verify' || s.name === 'leaderboard');
    const ctx = () => ({ archive: dir, root: REPO });
    const [verify, board] = await runCheckSteps(steps, ctx());
    expect(verify).toMatchObject({ name: 'verify', ok: false, summary: expect.stringContaining('first: ELOSTREF refs/runs/ref-oracle-1') });
    expect(board!.summary).not.toContain('top: oracle');

    const r = await repairArchive(dir);
    expect(r.actions).toEqual([expect.objectContaining({ action: 'restore-ref', path: 'refs/runs/ref-oracle-1', digest })]);
    const [verified, ranked] = await runCheckSteps(steps, ctx());
    expect(verified!.ok).toBe(true);
    expect(ranked!.summary).toContain('top: oracle 97.0 %');
  });
});
