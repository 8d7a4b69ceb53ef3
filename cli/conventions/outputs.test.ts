import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { docket, scratchDirs } from '../dev/testkit/core.ts';
import { makeTree } from '../dev/testkit/release.ts';

/**
 * Issue #37 item 6: no stack trace, no hang. Every `--out` makes its missing parent folders or says
 * EWRITE naming the folder it cannot make (under /proc, node's recursive mkdir used to spin
 * forever); `export --json` is JSON; a file that is not a tarball is a usage error; an unknown
 * `ls` kind is one too; bare `docket` prints the help.
 */
const scratch = scratchDirs();
const STACK = /docket: internal error|^\s+at .*:\d+:\d+\)?$/m;
let tree = '';
let work = '';
let run = '';

beforeAll(() => {
  tree = scratch('docket-outputs-tree-');
  makeTree(tree);
  work = scratch('docket-outputs-');
  run = docket(['runs', '--json']).json.runs[0].id;
});

/** A coded usage error, no stack, naming `folder`. */
function ewrite(r: ReturnType<typeof docket>, folder: string) {
  expect(r.status, `${r.stdout}${r.stderr}`).toBe(2);
  expect(r.stderr).toMatch(/^docket: EWRITE: /m);
  expect(r.stderr).toContain(folder);
  expect(`${r.stdout}${r.stderr}`).not.toMatch(STACK);
}

describe('--out makes missing parent folders, or says EWRITE naming the folder', () => {
  it('report --out: a nested new folder is made; /proc/nope gives up at once', () => {
    const out = join(work, 'a', 'b', 'site');
    expect(docket(['report', '--out', out]).status).toBe(0);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    ewrite(docket(['report', '--out', '/proc/nope']), '/proc/nope');
  });

  it('export --out, prove --out', () => {
    const csv = join(work, 'x', 'y', 'runs.csv');
    expect(docket(['export', 'runs', '--out', csv]).status).toBe(0);
    expect(existsSync(csv)).toBe(true);
    ewrite(docket(['export', 'runs', '--out', '/proc/nope/runs.csv']), '/proc/nope');
    const digest = docket(['ls', 'run', '--json']).json.objects[0].digest;
    const proof = join(work, 'p', 'q', 'proof.json');
    expect(docket(['prove', digest, '--out', proof]).status).toBe(0);
    expect(existsSync(proof)).toBe(true);
    ewrite(docket(['prove', digest, '--out', '/proc/nope/proof.json']), '/proc/nope');
  });

  it('release pack --out and release keygen --out', () => {
    const tgz = join(work, 'missing', 'dir', 'x.tgz');
    const r = docket(['release', 'pack', '--out', tgz], { cwd: tree });
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(tgz)).toBe(true);
    ewrite(docket(['release', 'pack', '--out', '/proc/nope/x.tgz'], { cwd: tree }), '/proc/nope');
    const file = join(work, 'afile');
    writeFileSync(file, 'x');
    ewrite(docket(['release', 'pack', '--out', join(file, 'x.tgz')], { cwd: tree }), file);
    const key = join(work, 'keys', 'new', 'publisher.key');
    expect(docket(['release', 'keygen', '--out', key]).status).toBe(0);
    expect(existsSync(`${key}.pub`)).toBe(true);
    ewrite(docket(['release', 'keygen', '--out', '/proc/nope/publisher.key']), '/proc/nope');
  });
});

describe('machine-readable and usage answers', () => {
  it('export --json is one JSON object with ok and the rows (not CSV)', () => {
    const r = docket(['export', 'runs', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json).toMatchObject({ ok: true, table: 'runs' });
    expect(r.json.rows.map((x: { run_id: string }) => x.run_id)).toContain(run);
    expect(r.json.columns).toContain('run_id');
    const empty = join(work, 'empty-archive');
    mkdirSync(join(empty, 'objects'), { recursive: true });
    const none = docket(['export', 'verdicts', '--json', '--archive', empty]);
    expect(none.json, none.stderr).toMatchObject({ ok: true, rows: [] });
  });

  it('verify of a file that is not a tarball: ENOTRELEASE, exit 2', () => {
    const text = join(work, 'notes.txt');
    writeFileSync(text, 'not a release\n');
    for (const args of [
      ['verify', text],
      ['replay', '--all', '--from', text, '--unanchored'],
    ]) {
      const r = docket(args);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^docket: ENOTRELEASE: .*notes\.txt is not a release/m);
    }
  });

  it('ls of an unknown kind is a usage error naming the kinds', () => {
    const r = docket(['ls', 'nokind']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/EUSAGE: ls nokind: .*attachment, .*bank, .*evidence/);
    expect(docket(['ls', 'run']).status).toBe(0);
  });

  it('bare docket prints the help, exit 0', () => {
    const r = docket([]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Commands:');
    expect(r.stdout).toBe(docket(['--help']).stdout);
  });
});
