import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSteps, runCheckSteps, type CheckStepDef } from '../../replay/check/steps.ts';
import { findingError, usageError } from '../../replay/errors.ts';
import { docket, REPO } from '../dev/testkit/core.ts';
import { checkEffects } from './check-run.ts';
import { loadAll } from './index.ts';

/** The main job's steps, in order (README "Commands", `docket check`). */
const STEPS = ['graders', 'verify', 'validate', 'bank drift', 'evidence replay', 'request replay', 'regrade check', 'leaderboard', 'audit'];
const names = (steps: { name: string }[]) => steps.map((s) => s.name);

describe('docket check: one explicit list of steps', () => {
  it('checkSteps(checkEffects()) lists every step once, in order', () => {
    expect(names(checkSteps(checkEffects()))).toEqual(STEPS);
  });

  it('nothing adds a step at import: loading every command first leaves the list as it was', async () => {
    const before = names(checkSteps(checkEffects()));
    await loadAll(); // replay.ts, regrade.ts and every other command module
    expect(names(checkSteps(checkEffects()))).toEqual(before);
  });

  it('the steps live in the core: the CLI hands in its effects, calls checkJob once and prints', () => {
    const run = readFileSync(join(REPO, 'cli/commands/check-run.ts'), 'utf8');
    const fromCore = [...run.matchAll(/from '\.\.\/\.\.\/(replay\/[^']+)'/g)].map((m) => m[1]).sort();
    expect(fromCore).toEqual(['replay/check/steps.ts', 'replay/errors.ts']);
    expect(run.match(/\bcheckJob\(/g)).toHaveLength(1);
    expect(readFileSync(join(REPO, 'cli/commands/check.ts'), 'utf8')).not.toMatch(/from '\.\.\/\.\.\/replay\//);
    // No file of cli/ builds or runs a step of its own.
    const cli = (dir: string): string[] =>
      readdirSync(join(REPO, dir), { withFileTypes: true }).flatMap((d) =>
        d.isDirectory() ? cli(join(dir, d.name)) : /\.(ts|mts)$/.test(d.name) && !d.name.includes('.test.') ? [join(dir, d.name)] : [],
      );
    const code = (f: string) => readFileSync(join(REPO, f), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''); // comments may name them
    const building = cli('cli').filter((f) => /\bCheckStepDef\b|\brunCheckSteps\b|\bcheckSteps\(/.test(code(f)));
    expect(building).toEqual([]);
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
