import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket, tempDir, treeHashes } from '../dev/testkit/core.ts';
import { buildSuite, SUITE_EVALS, suiteEdits } from '../dev/testkit/suite.ts';
import { IGNORE_LINES } from './init-run.ts';

describe('docket init', () => {
  it('detects, prints, writes a starter bank that validates with every eval "not yet covered", and changes no suite file', () => {
    const suite = buildSuite(tempDir('docket-init-'), { git: false });
    const r = docket(['init', '--json'], { cwd: suite.root });
    expect(r.status, r.stderr).toBe(0);
    expect(r.json).toMatchObject({
      ok: true,
      dryRun: false,
      name: 'convex-evals',
      layout: { evalRoots: ['evals'], taskFiles: ['TASK.txt'], solution: ['answer/'], probeRoot: 'probes' },
      lockfile: 'bun.lock',
      packageManager: 'bun',
      created: ['decision-bank.json', 'lockfiles/probes.lock.json'],
      appended: { path: '.gitignore', lines: IGNORE_LINES },
    });
    expect(r.json.evals.map((e: { id: string }) => e.id)).toEqual([...SUITE_EVALS]);
    const bank = JSON.parse(readFileSync(join(suite.root, 'decision-bank.json'), 'utf8'));
    expect(bank).toMatchObject({ name: 'convex-evals', questions: [], omissions: [], report: { title: 'convex-evals leaderboard' }, layout: r.json.layout, lockfile: 'bun.lock' });
    expect(bank.promptTemplate.system).toContain('convex-evals');
    expect(bank.promptTemplate.system).not.toMatch(/JavaScript|Node/);
    expect(readFileSync(join(suite.root, '.gitignore'), 'utf8')).toBe(
      `${suite.gitignore}# docket: the index cache is rebuilt from the bundles (docket index rebuild); never commit it\n${IGNORE_LINES.join('\n')}\n`,
    );
    expect(suiteEdits(suite)).toEqual([]);
    const v = docket(['validate', '--json'], { cwd: suite.root });
    expect(v.status, v.stdout).toBe(0);
    expect(v.json).toMatchObject({ ok: true, violations: [], questions: 0, sourceEvals: 4, categories: 3, uncovered: [...SUITE_EVALS] });
    const human = docket(['validate'], { cwd: suite.root });
    expect(human.stdout).toContain('not yet covered: 4 of 4 source evals');
    expect(human.stdout).toContain('001-data_modeling/006-database_crud');
    const complete = docket(['validate', '--complete', '--json'], { cwd: suite.root });
    expect(complete.status).toBe(1);
    expect(complete.json.violations.map((x: { code: string }) => x.code)).toEqual(['EUNCOVERED', 'EUNCOVERED', 'EUNCOVERED', 'EUNCOVERED']);
  });

  it('refuses to overwrite a bank (EBANKEXISTS, exit 2, nothing changed); a second init in the same place is that', () => {
    const suite = buildSuite(tempDir('docket-init-'), { git: false });
    expect(docket(['init'], { cwd: suite.root }).status).toBe(0);
    writeFileSync(join(suite.root, 'decision-bank.json'), '{"edited": true}\n');
    const before = treeHashes(suite.root);
    const again = docket(['init', '--json'], { cwd: suite.root });
    expect(again.status).toBe(2);
    expect(again.json.error.code).toBe('EBANKEXISTS');
    expect(treeHashes(suite.root)).toEqual(before);
  });

  it('flags override what is detected; --dry-run writes nothing; init DIR works from elsewhere; an existing probe lock is kept', () => {
    const suite = buildSuite(tempDir('docket-init-'), { git: false });
    const dry = docket(
      [
        'init',
        suite.root,
        '--dry-run',
        '--json',
        '--name',
        'mine',
        '--solution',
        'answer/',
        '--solution',
        'solution.*',
        '--probe-root',
        'docket/probes',
        '--title',
        'Convex evals, checked',
        '--system',
        'You answer questions about Convex backends.',
      ],
      { cwd: tempDir() },
    );
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.json).toMatchObject({
      dryRun: true,
      name: 'mine',
      layout: { solution: ['answer/', 'solution.*'], probeRoot: 'docket/probes' },
      from: { name: 'flag', solution: 'flag', probeRoot: 'flag', taskFiles: expect.stringMatching(/^detected/) },
    });
    expect(existsSync(join(suite.root, 'decision-bank.json'))).toBe(false);
    expect(suiteEdits(suite)).toEqual([]);
    expect(readFileSync(join(suite.root, '.gitignore'), 'utf8')).toBe(suite.gitignore);
    mkdirSync(join(suite.root, 'lockfiles'));
    writeFileSync(join(suite.root, 'lockfiles/probes.lock.json'), '{"mine": true}\n');
    const real = docket(['init', suite.root, '--name', 'mine', '--title', 'Convex evals, checked', '--system', 'You answer questions about Convex backends.'], { cwd: tempDir() });
    expect(real.status, real.stderr).toBe(0);
    expect(real.stdout).toContain('kept lockfiles/probes.lock.json');
    expect(real.stdout).toMatch(/appended 3 line\(s\) to \.gitignore \(the index cache; the only existing file docket init changes\)/);
    expect(readFileSync(join(suite.root, 'lockfiles/probes.lock.json'), 'utf8')).toBe('{"mine": true}\n');
    const bank = JSON.parse(readFileSync(join(suite.root, 'decision-bank.json'), 'utf8'));
    expect(bank).toMatchObject({ name: 'mine', report: { title: 'Convex evals, checked' }, promptTemplate: { system: 'You answer questions about Convex backends.' } });
  });

  it('no .gitignore: creates one; one that already ignores the cache: left alone', () => {
    const suite = buildSuite(tempDir('docket-init-'), { git: false });
    rmSync(join(suite.root, '.gitignore'));
    expect(docket(['init'], { cwd: suite.root }).status).toBe(0);
    expect(readFileSync(join(suite.root, '.gitignore'), 'utf8')).toContain(IGNORE_LINES.join('\n'));
    const other = buildSuite(tempDir('docket-init-'), { git: false });
    const ignore = `${other.gitignore}${IGNORE_LINES.map((l) => `/${l}`).join('\n')}\n`;
    writeFileSync(join(other.root, '.gitignore'), ignore);
    const r = docket(['init', '--json'], { cwd: other.root });
    expect(r.json.appended).toBeNull();
    expect(readFileSync(join(other.root, '.gitignore'), 'utf8')).toBe(ignore);
  });

  it('a folder with no evals: ENOEVALS says which flag to pass, and nothing is written', () => {
    const dir = tempDir('docket-init-');
    writeFileSync(join(dir, 'notes.md'), 'hello\n');
    const r = docket(['init', '--json'], { cwd: dir });
    expect(r.status).toBe(2);
    expect(r.json.error.code).toBe('ENOEVALS');
    expect(r.json.error.message).toContain('--eval-root');
    expect(treeHashes(dir)).toEqual({ 'notes.md': expect.any(String) });
  });
});
