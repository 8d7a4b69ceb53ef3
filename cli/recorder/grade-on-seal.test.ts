import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import type { Digest } from '../../replay/format/digest.ts';
import { headGradeDigest, loadGrade } from '../../replay/grading/grade-records.ts';
import { workDir } from '../../replay/runs/runs.ts';
import type { ReferenceServer } from './reference-server.ts';
import { referenceServerFixture, runCli } from '../dev/testkit/recorder.ts';

/**
 * A recorded run is a ranked run (#21 item 7): `docket run` grades a complete run as it seals it,
 * with the code `docket regrade` runs, so `leaderboard` ranks it at once; a run sealed incomplete
 * or interrupted is not graded, and says how to grade it.
 */
let dir: string;
let ref: ReferenceServer;
referenceServerFixture((d, r) => {
  dir = d;
  ref = r;
});
const scratch: string[] = [];
afterAll(() => {
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
});

const EPOCH = { SOURCE_DATE_EPOCH: '1800000000' }; // the same gradedAt in the run and in the regrade below
const json = (r: { stdout: string }) => JSON.parse(r.stdout) as Record<string, any>;

describe('docket run grades on seal', () => {
  it('leaderboard ranks a fresh run without regrade, and the grade record is the one regrade writes', async () => {
    const r = await runCli(['run', '--archive', dir, '--model', 'oracle', '--base-url', ref.baseUrl, '--run-id', 'graded-1', '--concurrency', '8', '--json'], EPOCH);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = json(r);
    expect(out.status).toBe('sealed');
    // every question and task right; the 4 judged answers partly so: the reference judge (markdown) gives a right reply 7/10
    expect(out.grade).toMatchObject({ status: 'graded', grader: { ref: 'decision@2' }, counts: { slots: out.planned, correct: out.planned - 4, partial: 4 } });
    const a = new Archive(dir);
    try {
      expect(headGradeDigest(a, 'graded-1')).toBe(out.grade.grade);
      expect(loadGrade(a, out.grade.grade).value).toMatchObject({ run: out.digest, previous: null, gradedAt: '2027-01-15T08:00:00.000Z' });
    } finally {
      a.close();
    }

    const board = await runCli(['leaderboard', '--archive', dir, '--json']);
    expect(board.code).toBe(0);
    const rows = json(board).rows as { model: string; run: string; grade: string; score: number }[];
    expect(rows).toEqual([expect.objectContaining({ model: 'oracle', run: out.digest, grade: out.grade.grade, score: 97 })]); // its 4 judged answers: 7/10 from the judge markdown

    // regrade, on the same archive: nothing to write (the same grader, run and verdicts).
    const again = await runCli(['regrade', 'graded-1', '--archive', dir, '--json'], EPOCH);
    expect(json(again).runs[0]).toMatchObject({ status: 'unchanged', current: out.grade.grade });
    // regrade on a copy whose grade ref is gone writes a record with the same bytes (same digest).
    const copy = mkdtempSync(join(tmpdir(), 'docket-graded-copy-'));
    scratch.push(copy);
    cpSync(dir, copy, { recursive: true });
    rmSync(join(copy, 'refs', 'grades', 'graded-1'));
    rmSync(join(copy, 'index.sqlite'), { force: true });
    const fresh = await runCli(['regrade', 'graded-1', '--archive', copy, '--json'], EPOCH);
    expect(fresh.code).toBe(0);
    // the same verdicts and scores; the bytes differ only where an exec task's evidence holds what was
    // measured again (its tests' durations), so the record names other exec-result bundles
    const regraded = json(fresh).runs[0];
    expect(regraded).toMatchObject({ status: 'graded' });
    const verdicts = (d: string, at: string) => {
      const a = new Archive(at);
      try {
        return loadGrade(a, d as Digest).verdicts.map((v) => [v.seq, v.verdict, v.score ?? null, (v.parts ?? []).map((p) => [p.grader, p.verdict, p.outcome ?? null])]);
      } finally {
        a.close();
      }
    };
    expect(verdicts(regraded.grade, copy)).toEqual(verdicts(out.grade.grade, dir));
  }, 120_000);

  it('says so in its text output', async () => {
    const r = await runCli(['run', '--archive', dir, '--model', 'coin', '--base-url', ref.baseUrl, '--run-id', 'graded-2', '--limit-evals', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/graded by decision@2: \d+ of \d+ slots correct .*grade sha256:[0-9a-f]{64} \(refs\/grades\/graded-2\); ranked by `docket leaderboard`/);
  }, 60_000);

  it('an interrupted run is sealed but not graded, and names the command that grades it', async () => {
    // `locked` refuses the credentials: the run stops with its slots open, and --abandon seals it interrupted.
    const stopped = await runCli(['run', '--archive', dir, '--model', 'locked', '--base-url', ref.baseUrl, '--run-id', 'cut-1', '--limit-evals', '1', '--json']);
    expect(stopped.code).toBe(2);
    expect(existsSync(workDir(dir, 'cut-1'))).toBe(true);
    const r = await runCli(['run', '--archive', dir, '--resume', 'cut-1', '--abandon', '--json']);
    expect(r.code).toBe(0);
    const out = json(r);
    expect(out.status).toBe('interrupted');
    expect(out.grade).toEqual({ status: 'ungraded', reason: expect.stringContaining('a run sealed interrupted is not graded'), command: 'docket regrade cut-1' });
    expect(existsSync(join(dir, 'refs', 'grades', 'cut-1'))).toBe(false);
    const text = await runCli(['run', '--archive', dir, '--model', 'locked', '--base-url', ref.baseUrl, '--run-id', 'cut-2', '--limit-evals', '1']);
    expect(text.code).toBe(2);
    const sealed = await runCli(['run', '--archive', dir, '--resume', 'cut-2', '--abandon']);
    expect(sealed.stdout).toContain('not graded: a run sealed interrupted is not graded, so it is not ranked; `docket regrade cut-2` grades what it holds');
    expect(readFileSync(join(dir, 'refs', 'runs', 'cut-2'), 'utf8')).toMatch(/^sha256:/);
  }, 60_000);
});
