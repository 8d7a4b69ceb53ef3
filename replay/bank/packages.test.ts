import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket, tempDir } from '../../cli/dev/testkit/core.ts';
import { installConvex, makeProbeSuite, type LockKind, type SuiteQuestion } from '../../cli/dev/testkit/probe-suite.ts';
import { importSpecifiers, packageDigest } from './packages.ts';

/** Locks that are enforced (issue #21 item 5): what probes load is checked against the lock and the capture. */
const SCHEMA_Q: SuiteQuestion[] = [{ id: 'convex-schema-1', sourceEval: 'data/convex-schema', probe: 'probes/schema-1.ts', key: 'A' }];
const INSTALL: Record<LockKind, string> = {
  'package-lock.json': 'npm ci',
  'bun.lock': 'bun install --frozen-lockfile',
  'pnpm-lock.yaml': 'pnpm install --frozen-lockfile',
  'yarn.lock': 'yarn install --frozen-lockfile',
};

function suite(lock: LockKind) {
  const root = tempDir('docket-locks-');
  makeProbeSuite(root, { lock, questions: SCHEMA_Q });
  return root;
}

describe('the probe lock from any lockfile kind, enforced against what is installed', () => {
  it.each<LockKind>(['package-lock.json', 'bun.lock', 'pnpm-lock.yaml', 'yarn.lock'])('%s: lock, capture and replay; an installed package at another version is a finding', (kind) => {
    const root = suite(kind);
    expect(existsSync(join(root, 'lockfiles'))).toBe(false);
    const l = docket(['evidence', 'lock', '--json'], { cwd: root });
    expect(l.status, l.stderr).toBe(0); // lockfiles/ is created
    const probeLock = JSON.parse(readFileSync(join(root, 'lockfiles', 'probes.lock.json'), 'utf8'));
    expect(probeLock.packages).toEqual({ convex: { version: '1.17.4', integrity: expect.stringMatching(/^sha512-/) } });
    expect(probeLock.source).toBe(kind === 'package-lock.json' ? undefined : kind);
    expect(docket(['validate', '--json'], { cwd: root }).json.violations).toEqual([]);
    const c = docket(['evidence', 'capture', '--json'], { cwd: root });
    expect(c.status, c.stderr).toBe(0);
    expect(docket(['evidence', 'replay', '--json'], { cwd: root }).json.ok).toBe(true);
    installConvex(root, '1.18.0'); // what `npm install convex@1.18.0` without committing the lock leaves behind
    const r = docket(['evidence', 'replay', '--json'], { cwd: root });
    expect(r.status).toBe(1);
    expect(r.json.failed[0].reason).toContain(`node_modules/convex is convex@1.18.0`);
    expect(r.json.failed[0].reason).toContain(`run \`${INSTALL[kind]}\``);
    expect(r.json.failed[0].reason).toContain('the capture loaded 1.17.4');
  });

  it('a package whose files changed after install (same version) is a finding; so is one that is gone, with the probe stderr', () => {
    const root = suite('package-lock.json');
    docket(['evidence', 'lock'], { cwd: root });
    expect(docket(['evidence', 'capture'], { cwd: root }).status).toBe(0);
    writeFileSync(join(root, 'node_modules/convex/values.js'), "export const v = { string: () => 'string', number: () => 'number', id: () => 'patched' };\n");
    const edited = docket(['evidence', 'replay', '--json'], { cwd: root });
    expect(edited.status).toBe(1);
    expect(edited.json.failed[0].reason).toMatch(/node_modules\/convex \(convex@1\.17\.4\) differs from the folder the capture loaded .*changed after install/);
    rmSync(join(root, 'node_modules'), { recursive: true });
    const gone = docket(['evidence', 'replay', '--json'], { cwd: root });
    expect(gone.json.failed[0].reason).toContain('convex is not installed (node_modules/convex): run `npm ci`');
    expect(gone.json.failed[0]).toMatchObject({ exitCode: 1, archivedExitCode: 0 });
    expect(gone.json.failed[0].stderr).toMatch(/Cannot find package 'convex'|ERR_MODULE_NOT_FOUND/);
  });

  it('capture refuses a probe whose installed packages differ from the lock, naming the command that fixes it', () => {
    const root = suite('bun.lock');
    docket(['evidence', 'lock'], { cwd: root });
    installConvex(root, '1.17.5');
    const c = docket(['evidence', 'capture', '--json'], { cwd: root });
    expect(c.status).toBe(1);
    expect(c.json.error.code).toBe('EPROBE');
    expect(c.json.error.message).toContain('node_modules/convex is convex@1.17.5; bun.lock records convex@1.17.4: run `bun install --frozen-lockfile`');
    expect(existsSync(join(root, 'evidence', 'refs', 'bank', 'current'))).toBe(false);
  });

  it('no lockfile: evidence lock and validate give ENOLOCKFILE saying what to run, never a stack', () => {
    const root = suite('package-lock.json');
    rmSync(join(root, 'package-lock.json'));
    const l = docket(['evidence', 'lock', '--json'], { cwd: root });
    expect(l.status).toBe(2);
    expect(l.json.error).toMatchObject({ code: 'ENOLOCKFILE', message: expect.stringContaining('npm install') });
    expect(l.stderr).not.toMatch(/\n\s+at /);
    const v = docket(['validate', '--json'], { cwd: root });
    expect(v.status).toBe(1);
    expect(v.json.violations).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'ELOCK', message: expect.stringContaining('docket evidence lock') })]));
    writeFileSync(join(root, 'lockfiles-missing'), '');
    const text = docket(['evidence', 'lock'], { cwd: root });
    expect(text.stderr).toContain('ENOLOCKFILE');
    expect(text.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('what a probe loads', () => {
  it('reads import, export-from, dynamic import and require specifiers; type-only imports load nothing', () => {
    const src =
      "import a from 'a';\nimport type { T } from 'types-only';\nexport { b } from './b.ts';\nexport type { U } from 'u-types';\nconst c = await import('c/sub');\nconst d = require(\"@s/d/x\");\nimport 'side';\n";
    expect(importSpecifiers(src)).toEqual(['a', './b.ts', 'c/sub', '@s/d/x', 'side']);
  });

  it('a package digest ignores file modes and nested node_modules, and sees every file change', () => {
    const root = tempDir();
    installConvex(root);
    const dir = join(root, 'node_modules/convex');
    const d0 = packageDigest(dir);
    const again = tempDir();
    installConvex(again);
    writeFileSync(join(again, 'node_modules/convex/node_modules-not'), ''); // a file is a file
    expect(packageDigest(join(again, 'node_modules/convex'))).not.toBe(d0);
    const third = tempDir();
    installConvex(third);
    installConvex(join(third, 'node_modules/convex')); // a nested node_modules/convex: not part of the outer package
    expect(packageDigest(join(third, 'node_modules/convex'))).toBe(d0);
  });
});
