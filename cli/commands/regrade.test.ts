import { cpSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { grader } from '../../replay/grading/graders.ts';
import { docket, REPO, tempDir, treeHashes } from '../dev/testkit/core.ts';
import { auditCheck, leaderboardCheck, regradeCheck as regradeCheckWith } from '../../replay/check/steps.ts';
import { execRunner } from '../offline/exec.ts';
import { regrade } from './regrade-run.ts';

const EVIDENCE = join(REPO, 'evidence');
/** check's regrade step as the CLI wires it, without the suite's graders. */
const regradeCheck = (dir: string) => regradeCheckWith(dir, null, execRunner({ packages: null }));
const PUBLISHED = join(REPO, 'docs/examples/published-leaderboard.json');
const tmp = tempDir('docket-regrade-cli-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function copyArchive(name: string): string {
  const dir = join(tmp, name);
  cpSync(EVIDENCE, dir, { recursive: true });
  rmSync(join(dir, 'index.sqlite'), { force: true }); // a cache: keeps tree comparisons to objects and refs
  return dir;
}
const objectPath = (dir: string, d: string) => join(dir, 'objects/v1/sha256', d.slice(7, 9), `${d.slice(9)}.json.gz`);
const env = { SOURCE_DATE_EPOCH: '1767225600' };

describe('docket regrade', () => {
  it('--json: a new record per run, every flip with both grader digests; the same again is "unchanged" and writes nothing', () => {
    const dir = copyArchive('flips');
    const before = readFileSync(join(dir, 'refs/grades/ref-markdown-1'), 'utf8').trim();
    // grader diff predicts, without writing, exactly the flips the regrade below writes.
    const diff = docket(['--archive', dir, 'grader', 'diff', 'decision@2', 'decision@1', '--json']);
    expect(diff.status).toBe(0);
    expect(diff.json).toMatchObject({ ok: true, runs: 5, attempts: 745, count: 144 });
    expect(readFileSync(join(dir, 'refs/grades/ref-markdown-1'), 'utf8').trim()).toBe(before);
    const r = docket(['--archive', dir, 'regrade', 'ref-markdown-1', '--grader', 'decision@1', '--json'], { env });
    expect(r.status).toBe(0);
    expect(r.json).toMatchObject({ ok: true, graded: 1 });
    expect(r.json.runs[0]).toMatchObject({ runId: 'ref-markdown-1', status: 'graded', previous: before, grader: { ref: 'decision@1', digest: grader('decision@1').digest } });
    expect(r.json.flips).toHaveLength(144);
    expect(r.json.count).toBe(144);
    expect(r.json.runs[0]).toMatchObject({ isCurrent: false, current: before }); // decision@1 is not the bank's current grader: kept, not current
    const key = (f: { runId: string; seq: number; old: string; new: string; oldGrader: string; newGrader: string }) => `${f.runId} ${f.seq} ${f.old} ${f.new} ${f.oldGrader} ${f.newGrader}`;
    expect(r.json.flips.map(key).sort()).toEqual(diff.json.flips.map(key).sort());
    expect(r.json.flips[0]).toMatchObject({ runId: 'ref-markdown-1', oldGrader: grader('decision@2').digest, newGrader: grader('decision@1').digest, new: 'invalid' });
    expect(r.json.flips[0]).toHaveProperty('question');
    expect(r.json.flips[0]).toHaveProperty('permutation');
    expect(r.json.flips[0]).toHaveProperty('attempt');
    expect(readFileSync(join(dir, 'refs/grades/ref-markdown-1'), 'utf8').trim()).toBe(r.json.runs[0].grade);
    const tree = treeHashes(join(dir, 'objects'));
    const again = docket(['--archive', dir, 'regrade', 'ref-markdown-1', '--grader', 'decision@1'], { env });
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('ref-markdown-1: unchanged');
    expect(treeHashes(join(dir, 'objects'))).toEqual(tree);
  });

  it('--dry-run: the flips a regrade would list, per run, and nothing written (exit 0)', () => {
    const dir = copyArchive('dry');
    const tree = treeHashes(dir);
    const r = docket(['--archive', dir, 'regrade', 'ref-markdown-1', '--grader', 'decision@1', '--dry-run', '--json'], { env });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.json).toMatchObject({ ok: true, dryRun: true, count: 144, judgeRequests: 0, costUsd: 0 });
    expect(r.json.runs).toEqual([
      { run: expect.any(String), runId: 'ref-markdown-1', status: 'would-grade', grader: { ref: 'decision@1', digest: grader('decision@1').digest }, flips: 144, judges: [] },
    ]);
    const text = docket(['--archive', dir, 'regrade', '--all', '--dry-run'], { env });
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('nothing is written');
    expect(text.stdout).toContain('ref-markdown-1: unchanged');
    expect(treeHashes(dir)).toEqual(tree);
  });

  it('unknown grader → EGRADER, exit 2; no run named → exit 2; nothing written', () => {
    const dir = copyArchive('usage');
    const tree = treeHashes(dir);
    const r = docket(['--archive', dir, 'regrade', '--all', '--grader', 'decision@7', '--json']);
    expect(r.status).toBe(2);
    expect(r.json.error.code).toBe('EGRADER');
    expect(docket(['--archive', dir, 'regrade']).status).toBe(2);
    expect(docket(['--archive', dir, 'regrade', 'no-such-run', '--json']).json.error.code).toBe('ENORUN');
    expect(treeHashes(dir)).toEqual(tree);
  });

  it('a truncated run bundle → coded finding, exit 1, nothing written for any run', () => {
    const dir = copyArchive('truncated');
    const run = readFileSync(join(dir, 'refs/runs/ref-coin-1'), 'utf8').trim();
    truncateSync(objectPath(dir, run), 40);
    const tree = treeHashes(dir);
    const r = docket(['--archive', dir, 'regrade', '--all', '--grader', 'decision@1', '--json']);
    expect(r.status).toBe(1);
    expect(r.json.error.code).toBe('EGRADERUN');
    expect(r.json.error.message).toContain('ref-coin-1');
    expect(treeHashes(dir)).toEqual(tree);
  });
});

describe('check steps (npm start)', () => {
  it('regrade check: ok on the shipped archive, naming the recorded flips; fails when a current grade would flip', () => {
    const shipped = regradeCheck(EVIDENCE);
    expect(shipped.ok).toBe(true);
    expect(shipped.summary).toMatch(/^5 runs graded by decision@2; re-grading changes nothing \(144 flips recorded from decision@1 in the archive\)$/);
    const dir = copyArchive('check');
    // Another grader than the current one: kept in the chain, the current grade stays, the check passes.
    regrade(dir, ['ref-markdown-1'], { grader: 'decision@1', gradedAt: '2026-01-01T00:00:00.000Z' });
    const kept = regradeCheck(dir);
    expect(kept.ok).toBe(true);
    expect(kept.summary).toContain('1 grade by other graders kept in the chains, not current');
    // Made current by --set-current: scored by decision@1 now, which the check names.
    regrade(dir, ['ref-markdown-1'], { grader: 'decision@1', setCurrent: true, gradedAt: '2026-01-01T00:00:00.000Z' });
    const stale = regradeCheck(dir);
    expect(stale.ok).toBe(false);
    expect(stale.summary).toContain('(made current by regrade --set-current)');
    expect(stale.summary).toContain("re-grading with the bank's current grader would flip 144 verdict(s)");
    rmSync(join(dir, 'refs/grades/ref-coin-1'));
    expect(regradeCheck(dir).summary).toContain('ref-coin-1 has no grade');
  });

  it('leaderboard and audit summaries', () => {
    expect(leaderboardCheck(EVIDENCE).summary).toMatch(
      /^4 ranked, 1 refused \(truncator: coverage 84\.4 % < 97 %\); top: oracle 97\.0 %; judge is a contestant: 4 scores graded by reference-match@1 \(model markdown\), also ranked/,
    );
    expect(auditCheck(EVIDENCE, PUBLISHED)[0]).toMatchObject({ ok: true, summary: expect.stringMatching(/^4 published numbers reproduced/) });
    expect(auditCheck(EVIDENCE, join(tmp, 'absent.json'))).toEqual([]);
  });
});

describe('docket audit of the published example', () => {
  it('every published number of the shipped runs is reproduced', () => {
    const r = docket(['audit', '--published', PUBLISHED, '--json']);
    expect(r.status).toBe(0);
    expect(r.json.rows.length).toBeGreaterThanOrEqual(4);
    expect(r.json.rows.map((x: { status: string }) => x.status)).toEqual(r.json.rows.map(() => 'reproduced'));
  });

  it('one number changed by one unit in its last digit → mismatch, exit 1', () => {
    const doc = JSON.parse(readFileSync(PUBLISHED, 'utf8'));
    const row = doc.rows.find((x: { model: string }) => x.model === 'markdown');
    const [int, frac] = String(row.score).split('.');
    row.score = `${int}.${Number(frac) + 1}`; // 89.6 → 89.7
    const file = join(tmp, 'changed.json');
    writeFileSync(file, JSON.stringify(doc));
    const r = docket(['audit', '--published', file, '--json']);
    expect(r.status).toBe(1);
    const byModel = Object.fromEntries(r.json.rows.map((x: { model: string; status: string }) => [x.model, x.status]));
    expect(byModel.markdown).toBe('mismatch');
    expect(Object.values(byModel).filter((s) => s === 'mismatch')).toHaveLength(1);
  });
});
