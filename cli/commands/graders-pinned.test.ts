import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { archiveGrader, graderBundleDigest } from '../../replay/grading/grader-archive.ts';
import { graderDigest, grader, type Grader } from '../../replay/grading/graders.ts';
import { docket, REPO, tempDir } from '../dev/testkit/core.ts';
import { networkNamespaceUnavailable, runDocketWithoutNetwork } from '../dev/testkit/netns.ts';

/**
 * Graders are pinned and archived (#18 item 3), end to end through the real CLI.
 */
const tmp = tempDir('docket-graders-pinned-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const LOCK = JSON.parse(readFileSync(join(REPO, 'lockfiles/graders.lock.json'), 'utf8')) as { graders: Record<string, string> };

describe('a pinned grader edited in place is EGRADERCHANGED', () => {
  // A copy of this checkout (tracked and new files, its compiled dist/, node_modules linked) with
  // decision-v2.ts edited: the grader texts are read from the sources whatever runs them.
  const copy = join(tmp, 'checkout');
  beforeAll(() => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: REPO, encoding: 'utf8' }).split('\0').filter(Boolean);
    for (const f of files) {
      mkdirSync(dirname(join(copy, f)), { recursive: true });
      try {
        copyFileSync(join(REPO, f), join(copy, f));
      } catch {
        // a file deleted in the working tree but still listed
      }
    }
    cpSync(join(REPO, 'dist'), join(copy, 'dist'), { recursive: true });
    symlinkSync(join(REPO, 'node_modules'), join(copy, 'node_modules'));
    appendFileSync(join(copy, 'replay/grading/graders/decision-v2.ts'), '// a small fix, made in place\n');
  });
  // The copy's own docket, from the copy's directory.
  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, [join(copy, 'dist/cli/docket.js'), '--json', ...args], { cwd: copy, encoding: 'utf8', timeout: 120_000 });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it.each([
    ['regrade', ['regrade', '--all']],
    ['check', ['check']],
    ['validate', ['validate']],
    ['run', ['run', '--model', 'oracle', '--base-url', 'http://127.0.0.1:9', '--dry-run']],
  ])('%s exits 1 naming the ref, both digests and decision@3', (_, args) => {
    const r = run(...args);
    const text = `${r.stdout}\n${r.stderr}`;
    expect(r.status, text).toBe(1);
    expect(text).toContain('EGRADERCHANGED');
    expect(text).toContain('decision@2');
    expect(text).toContain(LOCK.graders['decision@2']);
    expect(text).toMatch(/now hashes to sha256:[0-9a-f]{64}/);
    expect(text).toContain('decision@3');
    expect(text).not.toMatch(/internal error|\n\s+at \S/);
  });
});

describe('regrade --grader sha256:… re-runs an archived grader from the archive alone', () => {
  const copyArchive = (name: string) => {
    const dir = join(tmp, name);
    cpSync(join(REPO, 'evidence'), dir, { recursive: true });
    rmSync(join(dir, 'index.sqlite'), { force: true });
    return dir;
  };

  it('every current grade of the shipped archive names its archived grader, and re-running that source changes no verdict', () => {
    const dir = copyArchive('shipped');
    const d2 = grader('decision@2');
    const r = docket(['--archive', dir, 'regrade', '--all', '--grader', d2.digest, '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json.runs).toHaveLength(5);
    for (const run of r.json.runs) expect(run).toMatchObject({ status: 'unchanged', grader: { ref: 'decision@2', digest: d2.digest } });
    expect(r.json.flips).toEqual([]);
    const a = new Archive(dir);
    try {
      for (const run of r.json.runs) expect((a.get(run.current).value as { grader: { bundle: string } }).grader.bundle).toBe(graderBundleDigest(d2));
    } finally {
      a.close();
    }
  });

  it("decision@1, the archive's historical grader, re-runs from its archived bundle: the markdown flips come back", () => {
    const dir = copyArchive('historical');
    const v1 = grader('decision@1');
    const r = docket(['--archive', dir, 'regrade', 'ref-markdown-1', '--grader', v1.digest, '--json'], { env: { SOURCE_DATE_EPOCH: '1767225600' } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.json.runs[0]).toMatchObject({ status: 'graded', grader: { ref: 'decision@1', digest: v1.digest } });
    expect(r.json.flips).toHaveLength(144);
    expect(r.json.flips.every((f: { new: string }) => f.new === 'invalid')).toBe(true);
  });

  it('a grader this docket does not have (only its bundle is in the archive) grades, offline, and the record names it', async () => {
    const dir = copyArchive('foreign');
    // decision@9: decision@1's logic under another identity, known only from its archived bundle.
    const v1 = grader('decision@1');
    const source = { ...v1.source, grader: v1.source.grader!.replace('export const VERSION = 1;', 'export const VERSION = 9;') };
    const foreign: Grader = { ...v1, version: 9, source, digest: graderDigest('decision', 9, {}, source), file: null };
    const a = new Archive(dir);
    const bundle = archiveGrader(a, foreign);
    a.close();
    // With no network at all where a namespace can be made (CI can): the archive alone suffices.
    const args = ['--archive', dir, 'regrade', 'ref-markdown-1', '--grader', foreign.digest, '--json'];
    const env = { ...process.env, SOURCE_DATE_EPOCH: '1767225600' };
    const offline = (await networkNamespaceUnavailable()) === undefined;
    const r = offline ? await runDocketWithoutNetwork(args, { cwd: REPO, env }).then((o) => ({ status: o.code, stderr: o.stderr, json: JSON.parse(o.stdout) })) : docket(args, { env });
    if (process.env.CI) expect(offline).toBe(true);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json.runs[0]).toMatchObject({ status: 'graded', grader: { ref: 'decision@9', digest: foreign.digest } });
    expect(r.json.flips).toHaveLength(144); // decision@1's reading of the markdown contender: every slot invalid
    const b = new Archive(dir);
    try {
      expect((b.get(r.json.runs[0].grade).value as { grader: { bundle: string } }).grader.bundle).toBe(bundle);
    } finally {
      b.close();
    }
    const unknown = docket(['--archive', dir, 'regrade', 'ref-markdown-1', '--grader', `sha256:${'0'.repeat(64)}`, '--json']);
    expect(unknown.status).toBe(1);
    expect(unknown.json.error.code).toBe('EGRADERNOTARCHIVED');
  });
});
