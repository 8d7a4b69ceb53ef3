import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectSuite } from './detect.ts';
import { tempDir } from '../../cli/dev/testkit/core.ts';
import { buildSuite, SUITE_EVALS } from '../../cli/dev/testkit/suite.ts';

const file = (root: string, rel: string, text = 'x\n') => {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
};

describe('docket init detection', () => {
  it('a suite laid out like the real one: evals/, TASK.txt, answer/, bun.lock, ids as on disk', () => {
    const s = buildSuite(tempDir('docket-detect-'), { git: false });
    const d = detectSuite(s.root);
    expect(d.name).toBe('convex-evals');
    expect(d.layout).toEqual({ evalRoots: ['evals'], taskFiles: ['TASK.txt'], solution: ['answer/'], probeRoot: 'probes' });
    expect(d.packages).toEqual({ lockfile: 'bun.lock', packageManager: 'bun' });
    expect(d.evals.map((e) => e.id)).toEqual([...SUITE_EVALS]);
    expect(d.evals.every((e) => e.taskFile === 'TASK.txt' && e.solution)).toBe(true);
    expect(d.categories).toBe(3);
    expect(d.from.evalRoots).toMatch(/^detected/);
    expect(d.problems).toEqual([]);
  });

  it('flags override each detected value; the rest is still detected around them', () => {
    const s = buildSuite(tempDir('docket-detect-'), { git: false });
    const d = detectSuite(s.root, { name: 'mine', solution: ['answer/', 'solution.*'], probeRoot: 'docket/probes', packageManager: 'npm' });
    expect(d).toMatchObject({
      name: 'mine',
      layout: { evalRoots: ['evals'], taskFiles: ['TASK.txt'], solution: ['answer/', 'solution.*'], probeRoot: 'docket/probes' },
      packages: { lockfile: 'bun.lock', packageManager: 'npm' },
    });
    expect(d.from).toMatchObject({ name: 'flag', solution: 'flag', probeRoot: 'flag', packageManager: 'flag', lockfile: 'detected' });
  });

  it('roots one or two levels down, mixed task files most common first, README.md only when no TASK file exists', () => {
    const root = tempDir('docket-detect-');
    for (const e of ['a/one', 'a/two', 'b/three']) file(root, `bench/tasks/${e}/TASK.md`);
    file(root, 'bench/tasks/a/four/TASK.txt');
    file(root, 'bench/tasks/a/one/solution.ts');
    file(root, 'docs/guide/intro/README.md'); // a README alone does not make docs/ an eval root here
    file(root, 'node_modules/pkg/lib/TASK.md'); // never a root
    file(root, 'pnpm-lock.yaml', 'lockfileVersion: 9\n');
    const d = detectSuite(root);
    expect(d.layout.evalRoots).toEqual(['bench/tasks']);
    expect(d.layout.taskFiles).toEqual(['TASK.md', 'TASK.txt']);
    expect(d.layout.solution).toEqual(['solution.*']);
    expect(d.packages).toEqual({ lockfile: 'pnpm-lock.yaml', packageManager: 'pnpm' });
    const readmes = tempDir('docket-detect-');
    for (const e of ['x/one', 'x/two']) file(readmes, `suite/${e}/README.md`);
    expect(detectSuite(readmes).layout).toMatchObject({ evalRoots: ['suite'], taskFiles: ['README.md'] });
  });

  it("package.json's packageManager picks the lockfile when there are several; nothing found is said, not guessed", () => {
    const root = tempDir('docket-detect-');
    file(root, 'evals/c/e/TASK.md');
    file(root, 'package-lock.json', '{}');
    file(root, 'yarn.lock', '');
    file(root, 'package.json', '{"name":"s","packageManager":"yarn@4.1.0"}');
    expect(detectSuite(root).packages).toEqual({ lockfile: 'yarn.lock', packageManager: 'yarn' });
    const empty = tempDir('docket-detect-');
    const d = detectSuite(empty);
    expect(d.layout.evalRoots).toEqual([]);
    expect(d.from.evalRoots).toBe('none found');
    expect(d.packages).toEqual({ lockfile: null, packageManager: null });
    expect(d.from.lockfile).toMatch(/^none found/);
  });
});
