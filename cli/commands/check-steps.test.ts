import { describe, expect, it } from 'vitest';
import { findingError, usageError } from '../../replay/errors.ts';
import { docket, REPO } from '../dev/testkit/core.ts';
import { checkSteps, runCheckSteps, type CheckStepDef } from './check-steps.ts';
import { loadAll } from './index.ts';

/** The main job's steps, in order (README "Commands", `docket check`). */
const STEPS = ['graders', 'verify', 'validate', 'bank drift', 'evidence replay', 'request replay', 'regrade check', 'leaderboard', 'audit'];
const names = (steps: { name: string }[]) => steps.map((s) => s.name);

describe('docket check: one explicit list of steps', () => {
  it('checkSteps() lists every step once, in order', () => {
    expect(names(checkSteps())).toEqual(STEPS);
  });

  it('nothing adds a step at import: loading every command first leaves the list as it was', async () => {
    const before = names(checkSteps());
    await loadAll(); // replay.ts, regrade.ts and every other command module
    expect(names(checkSteps())).toEqual(before);
  });

  it('the CLI runs exactly those steps, whatever the order of its arguments', () => {
    for (const args of [
      ['check', '--json'],
      ['--archive', 'evidence', 'check', '--json'],
      ['--json', 'check', '--archive', 'evidence'],
    ]) {
      const r = docket(args, { cwd: REPO });
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(names(r.json.steps), args.join(' ')).toEqual(STEPS);
    }
  }, 180_000); // three full checks: ~4 s each on a quiet machine, ~20 s on a loaded one

  it("a step's error fails that step or ends the check, as the step says", async () => {
    const throwing = (name: string, errors: CheckStepDef['errors'], e: Error): CheckStepDef => ({
      name,
      errors,
      run: () => {
        throw e;
      },
    });
    const ok: CheckStepDef = { name: 'after', errors: 'none', run: () => [{ name: 'after', ok: true, summary: 'ran' }] };
    const finding = findingError('EMISSING', 'object gone');
    const steps = await runCheckSteps([throwing('a', 'findings', finding), throwing('b', 'any', new Error('boom')), ok], { archive: 'x', root: 'x' });
    expect(steps).toEqual([
      { name: 'a', ok: false, summary: 'EMISSING: object gone' },
      { name: 'b', ok: false, summary: 'boom' },
      { name: 'after', ok: true, summary: 'ran' },
    ]);
    await expect(runCheckSteps([throwing('c', 'findings', usageError('EUSAGE', 'bad')), ok], { archive: 'x', root: 'x' })).rejects.toMatchObject({ code: 'EUSAGE' });
    await expect(runCheckSteps([throwing('d', 'none', finding), ok], { archive: 'x', root: 'x' })).rejects.toBe(finding);
  });
});
