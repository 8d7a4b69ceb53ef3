import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../recorder/reference-server.ts';
import { scratchDirs } from '../dev/testkit/core.ts';
import { networkNamespaceUnavailable, runDocketWithoutNetwork } from '../dev/testkit/netns.ts';
import { runCli } from '../dev/testkit/recorder.ts';
import { authorBank, authorGraders, buildSuite, GRADER_CASES } from '../dev/testkit/suite.ts';

/**
 * Issue #34 end to end, as docs/own-suite.md "Graders" walks it, on a suite docket has never seen:
 * the maintainer's grader mine@1 misreads a format (like docket's decision@1), runs are recorded
 * against the reference server and graded by it on seal; mine@2 fixes it with a regression matrix.
 * `grader test` passes v2 and fails v1; `grader diff` predicts exactly the flips `regrade` writes;
 * an in-place edit of v2 is refused by regrade and check; the leaderboard ranks by v2, and a
 * regrade with v1 is kept without changing it; release pack wants a passing matrix; then the same
 * from the extracted release with no network, down to `regrade --all` from archived sources alone.
 * One shared setup (a suite, a capture, two runs): every test below builds on the one before.
 */
const noNetns = await networkNamespaceUnavailable();
const scratch = scratchDirs();

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  json: any;
}
const parsed = (r: { code: number | null; stdout: string; stderr: string }, args: string[]): Ran => {
  let json: unknown;
  if (args.includes('--json'))
    try {
      json = JSON.parse(r.stdout);
    } catch {
      json = undefined;
    }
  return { code: r.code, stdout: r.stdout, stderr: r.stderr, json };
};

let root = '';
const docket = async (...args: string[]) => parsed(await runCli(args, {}, root), args);
const offline = async (cwd: string, ...args: string[]) => {
  const r = await runDocketWithoutNetwork(args, { cwd, timeoutMs: 120_000 });
  if (r.unavailable) throw new Error(r.unavailable);
  return parsed(r, args);
};
const ok = (r: Ran) => {
  expect(r.code, r.stdout + r.stderr).toBe(0);
  return r;
};
/** What identifies a flip, regrade's or grader diff's, for comparing the two lists. */
const flipKeys = (flips: any[]) => flips.map((f) => `${f.runId} ${f.seq} ${f.old}→${f.new} ${f.oldGrader}→${f.newGrader}`).sort();
const step = (r: Ran, name: string) => r.json.steps.find((s: { name: string }) => s.name === name);

const runs: Record<string, any> = {};

beforeAll(async () => {
  root = buildSuite(scratch('docket-graders-'), { git: false }).root;
  ok(await docket('init', '--json'));
  authorBank(root);
  authorGraders(root, 1);
  expect(ok(await docket('grader', 'lock')).stdout).toContain('wrote lockfiles/graders.lock.json: 1 new version(s) pinned, 0 kept;');
  ok(await docket('evidence', 'capture', '--json'));
  const server = await startReferenceServer({ archive: join(root, 'evidence'), port: 0 });
  try {
    for (const model of ['oracle', 'markdown']) runs[model] = ok(await docket('run', '--model', model, '--base-url', server.baseUrl, '--run-id', `${model}-1`, '--json')).json;
  } finally {
    await server.close();
  }
  authorGraders(root, 2); // the fix, with its matrix, made current
}, 240_000);

describe("a suite's own grader, fixed as version 2 with a regression matrix, regraded offline", () => {
  it("runs are planned and graded on seal with the bank's grader, mine@1, which misreads the markdown contender", () => {
    expect(runs.markdown.grade).toMatchObject({ status: 'graded', grader: { ref: 'mine@1' }, counts: { slots: 9, invalid: 9, correct: 0 } });
    expect(runs.oracle.grade).toMatchObject({ grader: { ref: 'mine@1' }, counts: { correct: 9 } });
  });

  it('grader test: v2 passes its matrix and v1 fails it (a table of failures, exit 1); a draft runs but is archived only once pinned', async () => {
    const draft = ok(await docket('grader', 'test', 'mine@2', '--json')).json;
    expect(draft).toMatchObject({ ok: true, pinned: false, result: null, counts: { cases: GRADER_CASES.length, failed: 0, valid: 6, invalid: 4 } });
    const unpinned = await docket('regrade', '--all', '--json');
    expect(unpinned.code).toBe(1);
    expect(unpinned.json.error).toMatchObject({ code: 'EGRADERUNPINNED', message: expect.stringContaining('docket grader lock') });
    const locked = ok(await docket('grader', 'lock', '--json')).json;
    expect(locked.graders.map((g: { ref: string; added: boolean }) => [g.ref, g.added])).toEqual([
      ['mine@1', false],
      ['mine@2', true],
    ]);
    expect(locked.graders[1].files).toEqual(['graders/mine-v2.ts', 'graders/mine-letters.ts', 'scoring/normalize.mjs']);
    expect(ok(await docket('grader', 'lock', '--json')).json).toMatchObject({ written: false }); // nothing new: the lock is left as it is
    const v2 = ok(await docket('grader', 'test', '--json')).json; // default: the bank's grader, its current version
    expect(v2).toMatchObject({ ok: true, pinned: true, grader: { ref: 'mine@2', digest: locked.graders[1].digest }, ref: 'grader-tests/mine.2' });
    expect(v2.result).toMatch(/^sha256:/);
    const v1 = await docket('grader', 'test', 'mine@1');
    expect(v1.code).toBe(1);
    expect(v1.stdout).toMatch(/\n {2}3 +valid +correct +invalid +"\*\*A\*\*"/);
    expect(v1.stdout).toContain('3 of 10 cases fail');
    const shown = await docket('show', v2.result, '--json');
    expect(shown.json.value).toMatchObject({ kind: 'grader-test', grader: { digest: locked.graders[1].digest }, cases: { file: 'graders/mine.cases.jsonl' }, ok: true });
  });

  let diffFlips: any[] = [];
  it('grader diff lists the replies a fix flips, writing nothing; an in-place edit of v2 is refused by regrade and check', async () => {
    const before = readFileSync(join(root, 'evidence/refs/grades/markdown-1'), 'utf8');
    const d = ok(await docket('grader', 'diff', 'mine@1', 'mine@2', '--json')).json;
    expect(d).toMatchObject({ ok: true, runs: 2, attempts: 18, count: 9, from: { ref: 'mine@1' }, to: { ref: 'mine@2' } });
    expect(new Set(d.flips.map((f: { runId: string; old: string }) => `${f.runId} ${f.old}`))).toEqual(new Set(['markdown-1 invalid']));
    diffFlips = d.flips;
    expect(readFileSync(join(root, 'evidence/refs/grades/markdown-1'), 'utf8')).toBe(before);

    const v2 = join(root, 'graders/mine-v2.ts');
    const text = readFileSync(v2);
    appendFileSync(v2, '// a quick fix, in place\n');
    try {
      const refused = await docket('regrade', '--all', '--json');
      expect(refused.code).toBe(1);
      expect(refused.json.error.code).toBe('EGRADERCHANGED');
      expect(refused.json.error.message).toContain('graders/mine-v2.ts');
      expect(refused.json.error.message).toContain('version 3');
      const check = await docket('check', '--json');
      expect(check.code).toBe(1);
      expect(step(check, 'graders')).toMatchObject({ ok: false, summary: expect.stringContaining('EGRADERCHANGED') });
    } finally {
      writeFileSync(v2, text);
    }
    expect(readFileSync(join(root, 'evidence/refs/grades/markdown-1'), 'utf8')).toBe(before);
  });

  it('regrade writes exactly the flips grader diff predicted; the leaderboard ranks by v2; a regrade with v1 is kept, shown, and changes no rank', async () => {
    const r = ok(await docket('regrade', '--all', '--json')).json;
    expect(r.count).toBe(9);
    expect(flipKeys(r.flips)).toEqual(flipKeys(diffFlips));
    expect(r.runs.map((x: any) => [x.runId, x.grader.ref, x.isCurrent])).toEqual([
      ['markdown-1', 'mine@2', true],
      ['oracle-1', 'mine@2', true],
    ]);
    const board = ok(await docket('leaderboard', '--json')).json;
    const ranked = () => board.rows.map((x: any) => [x.runId, x.grade]);
    expect(ranked()).toEqual(expect.arrayContaining(r.runs.map((x: any) => [x.runId, x.grade])));
    expect(board.rows.find((x: any) => x.runId === 'markdown-1').score).toBeGreaterThan(0);

    const old = ok(await docket('regrade', 'markdown-1', '--grader', 'mine@1', '--json')).json;
    expect(old.runs[0]).toMatchObject({ status: 'graded', isCurrent: false, current: r.runs.find((x: any) => x.runId === 'markdown-1').grade, grader: { ref: 'mine@1' } });
    expect(old.count).toBe(9);
    const after = ok(await docket('leaderboard', '--json')).json;
    expect(after.rows.map((x: any) => [x.runId, x.grade, x.score])).toEqual(board.rows.map((x: any) => [x.runId, x.grade, x.score]));
    const check = ok(await docket('check', '--json'));
    expect(step(check, 'graders').summary).toContain('mine@2 passes its 10-case matrix');
    expect(step(check, 'regrade check').summary).toContain('1 grade by other graders kept in the chains, not current');
  });

  it.skipIf(!!noNetns)(
    `release pack wants a passing matrix; from the extracted release, offline, the flow repeats and every current grade is reproduced from archived graders alone${noNetns ? ` (skipped: ${noNetns})` : ''}`,
    async () => {
      const out = scratch('docket-graders-release-');
      const tgz = join(out, 'suite.tgz');
      const cases = join(root, 'graders/mine.cases.jsonl');
      const text = readFileSync(cases);
      appendFileSync(cases, `${JSON.stringify({ reply: '(A)', question: 'crud-owner-index-1', expect: 'correct', side: 'valid' })}\n`);
      const refused = await docket('release', 'pack', '--out', tgz, '--json');
      writeFileSync(cases, text);
      expect(refused.code).toBe(1);
      expect(refused.json.error).toMatchObject({ code: 'EGRADERTEST', message: expect.stringContaining('docket grader test mine@2') });
      const pack = ok(await docket('release', 'pack', '--out', tgz, '--json')).json;
      const tree = join(out, 'checked');
      ok(await docket('verify', tgz, '--expect', pack.digest, '--extract', tree));

      const check = ok(await offline(tree, 'check', '--json'));
      expect(step(check, 'graders').ok).toBe(true);
      expect((await offline(tree, 'grader', 'test', 'mine@1')).code).toBe(1);
      const diff = ok(await offline(tree, 'grader', 'diff', 'mine@1', 'mine@2', '--json')).json;
      expect(flipKeys(diff.flips)).toEqual(flipKeys(diffFlips));
      // The stranger puts mine@1 back as current, then regrades with the bank's grader: the flips diff predicted.
      ok(await offline(tree, 'regrade', '--all', '--grader', 'mine@1', '--set-current'));
      expect(ok(await offline(tree, 'leaderboard', '--json')).json.rows.find((x: any) => x.runId === 'markdown-1').score).toBe(0);
      const again = ok(await offline(tree, 'regrade', '--all', '--json')).json;
      expect(flipKeys(again.flips)).toEqual(flipKeys(diffFlips));
      const board = ok(await offline(tree, 'leaderboard', '--json')).json;
      // The audit names the grader digest behind each published number.
      writeFileSync(
        join(out, 'published.json'),
        JSON.stringify({
          benchmark: 'convex-evals',
          benchmarkVersion: board.benchmarkVersion,
          rows: board.rows.map((x: any) => ({ model: x.model, providerModel: `docket-reference/${x.model}-v1`, score: x.score.toFixed(1), run: x.run })),
        }),
      );
      const audit = ok(await offline(tree, 'audit', '--published', join(out, 'published.json'), '--json')).json;
      expect(audit.rows.map((x: any) => [x.status, x.grader.ref, x.grader.digest])).toEqual(board.rows.map(() => ['reproduced', 'mine@2', diff.to.digest]));
      // With the graders' files gone, regrade --all reproduces every current grade from the archived grader bundles alone.
      rmSync(join(tree, 'graders'), { recursive: true });
      rmSync(join(tree, 'scoring'), { recursive: true });
      const archived = ok(await offline(tree, 'regrade', '--all', '--json')).json;
      expect(archived.runs.map((x: any) => [x.runId, x.status, x.current])).toEqual(again.runs.map((x: any) => [x.runId, 'unchanged', x.grade]));
    },
  );
});
