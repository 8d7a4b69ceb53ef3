import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Digest } from '../format/digest.ts';
import { Archive } from '../index/archive.ts';
import { listRuns } from '../runs/runs.ts';
import { loadRunsForScoring, unscoredRuns, type UngradedRun } from '../scoring/scoring-input.ts';
import { INDEX_FILE } from '../store/sqlindex.ts';
import { Store } from '../store/store.ts';
import { docket, REPO, tempDir } from '../../cli/dev/testkit/core.ts';
import { repairArchive } from './repair.ts';
import { verifyArchive, type Finding } from './verify.ts';

function copy() {
  const root = tempDir('docket-repair-');
  const dir = join(root, 'evidence');
  cpSync(join(REPO, 'evidence', 'objects'), join(dir, 'objects'), { recursive: true });
  cpSync(join(REPO, 'evidence', 'refs'), join(dir, 'refs'), { recursive: true });
  return dir;
}

describe('docket repair', () => {
  it('quarantines a corrupt object (moved, not deleted), removes temp files, and leaves what it cannot fix reported', async () => {
    const dir = copy();
    const store = new Store(dir);
    const [victim] = store.list().objects;
    appendFileSync(join(dir, victim!.path), 'junk');
    const shard = join(dir, 'objects', 'v1', 'sha256', readdirSync(join(dir, 'objects', 'v1', 'sha256'))[0]!);
    writeFileSync(join(shard, '.tmp-999999999-abc'), 'partial');

    const dry = await repairArchive(dir, { dryRun: true });
    expect(dry.actions.map((a) => a.action).sort()).toEqual(['quarantine', 'rebuild-index', 'remove-temp']);
    expect(existsSync(join(dir, victim!.path))).toBe(true); // dry run changed nothing

    const r = await repairArchive(dir);
    expect(existsSync(join(dir, victim!.path))).toBe(false);
    expect(existsSync(join(r.quarantine, victim!.path))).toBe(true);
    expect(existsSync(join(shard, '.tmp-999999999-abc'))).toBe(false);
    const after = await verifyArchive(dir);
    expect(after.findings.filter((f) => f.code === 'EDIGEST' || f.code === 'HTEMP')).toEqual([]);
    // Whatever referenced the quarantined object is still reported: repair does not invent evidence.
    expect(r.ok).toBe(after.ok);
  });
  it('does nothing on a clean archive', async () => {
    const r = await repairArchive(copy());
    expect(r.actions).toEqual([]);
    expect(r.ok).toBe(true);
  });
});

/** Issue #32 item 5: a ref the index remembers and the store lost is a finding repair restores, never forgotten. */
describe('a lost ref', () => {
  const RUN = 'runs/ref-coin-1';
  /** A copy of the shipped archive with its index built (as `check` or any reading command builds it). */
  function indexed(): string {
    const dir = copy();
    const a = new Archive(dir);
    listRuns(a);
    a.close();
    return dir;
  }
  const refFile = (dir: string, name = RUN) => join(dir, 'refs', ...name.split('/'));
  const lost = (findings: Finding[]) => findings.filter((f) => f.code === 'ELOSTREF');
  const ranked = (dir: string) => loadRunsForScoring(dir).map((r) => r.runId);
  /** What a reading command does first: bring the index up to date with the store. */
  const sync = (dir: string) => {
    const a = new Archive(dir);
    const ids = listRuns(a).map((r) => r.id);
    a.close();
    return ids;
  };

  it('is ELOSTREF in verify until repair restores it; the run is back in runs and the leaderboard', async () => {
    const dir = indexed();
    const digest = readFileSync(refFile(dir), 'utf8').trim();
    rmSync(refFile(dir));

    const first = await verifyArchive(dir);
    expect(first.ok).toBe(false);
    expect(lost(first.findings)).toEqual([
      expect.objectContaining({ severity: 'error', data: { path: `refs/${RUN}`, digest }, message: expect.stringContaining('run `docket repair` to restore it') }),
    ]);
    expect(lost(first.findings)[0]!.message).toContain(digest);
    expect(first.findings.filter((f) => f.code === 'EINDEX')).toEqual([]); // not the cache's fault: a rebuild would not bring it back

    // A reading command moves it out of the current refs (the run drops out) but keeps it, and so does a rebuild.
    expect(sync(dir)).not.toContain('ref-coin-1');
    expect(ranked(dir)).not.toContain('ref-coin-1');
    expect(unscoredRuns(dir, [])).toEqual([{ runId: 'ref-coin-1', run: digest, why: `its ref ${RUN} is gone from refs/ (the index remembers it)`, command: 'docket repair' }]);
    const again = await verifyArchive(dir);
    expect(lost(again.findings)).toEqual([expect.objectContaining({ data: { path: `refs/${RUN}`, digest }, message: expect.stringMatching(/first seen missing \d{4}-/) })]);
    new Archive(dir).rebuildIndex().close();
    expect(lost((await verifyArchive(dir)).findings)).toHaveLength(1);

    const dry = await repairArchive(dir, { dryRun: true });
    expect(dry.actions).toEqual([expect.objectContaining({ action: 'restore-ref', path: `refs/${RUN}`, digest })]);
    expect(existsSync(refFile(dir))).toBe(false);

    const r = await repairArchive(dir);
    expect(r.actions).toEqual([expect.objectContaining({ action: 'restore-ref', path: `refs/${RUN}`, digest, reason: expect.stringContaining(`restored ${RUN} → ${digest}`) })]);
    expect(r.ok).toBe(true);
    expect(r.remaining.filter((f) => f.severity === 'error')).toEqual([]);
    expect(readFileSync(refFile(dir), 'utf8')).toBe(`${digest}\n`);
    expect((await verifyArchive(dir)).ok).toBe(true);
    expect(sync(dir)).toContain('ref-coin-1');
    expect(ranked(dir)).toContain('ref-coin-1');
    expect((await repairArchive(dir)).actions).toEqual([]); // restored once: nothing left to do
  });

  it('of a grade: the leaderboard names repair for it, not regrade, and repair restores it', async () => {
    const dir = indexed();
    const grade = readFileSync(refFile(dir, 'grades/ref-coin-1'), 'utf8');
    rmSync(refFile(dir, 'grades/ref-coin-1'));
    const ungraded: UngradedRun[] = [];
    expect(loadRunsForScoring(dir, ungraded).map((r) => r.runId)).not.toContain('ref-coin-1');
    expect(unscoredRuns(dir, ungraded)).toEqual([expect.objectContaining({ runId: 'ref-coin-1', command: 'docket repair', why: expect.stringContaining(grade.trim()) })]);
    expect(lost((await verifyArchive(dir)).findings)).toEqual([expect.objectContaining({ data: { path: 'refs/grades/ref-coin-1', digest: grade.trim() } })]);
    const r = await repairArchive(dir);
    expect(r.actions).toEqual([expect.objectContaining({ action: 'restore-ref', path: 'refs/grades/ref-coin-1' })]);
    expect(readFileSync(refFile(dir, 'grades/ref-coin-1'), 'utf8')).toBe(grade);
    expect(ranked(dir)).toContain('ref-coin-1');
  });

  it('whose bundle is gone too is said to be unrestorable, and stays a finding through repair and rebuilds', async () => {
    const dir = indexed();
    const digest = readFileSync(refFile(dir), 'utf8').trim() as Digest;
    rmSync(refFile(dir));
    rmSync(new Store(dir).objectPath(digest));

    const v = await verifyArchive(dir);
    expect(lost(v.findings)).toEqual([expect.objectContaining({ data: { path: `refs/${RUN}`, digest }, message: expect.stringContaining('cannot be restored from this archive') })]);
    expect(lost(v.findings)[0]!.message).toContain(`docket repair --forget ${RUN}`);
    for (let round = 0; round < 2; round++) {
      const r = await repairArchive(dir); // rebuilds the index (an object it listed is gone) and keeps the lost ref
      expect(r.ok).toBe(false);
      expect(r.actions).toContainEqual(expect.objectContaining({ action: 'leave', path: `refs/${RUN}`, digest, reason: expect.stringMatching(/^ELOSTREF: cannot restore: /) }));
      expect(r.actions.some((a) => a.action === 'restore-ref')).toBe(false);
      expect(lost(r.remaining)).toHaveLength(1);
      expect(existsSync(refFile(dir))).toBe(false);
    }
    const f = await repairArchive(dir, { forget: [RUN] });
    expect(f.actions).toContainEqual(expect.objectContaining({ action: 'forget-ref', path: `refs/${RUN}`, digest }));
    expect(lost(f.remaining)).toEqual([]);
  });

  it('is never overwritten onto a ref file that names another bundle: a conflict, until forgotten', async () => {
    const dir = indexed();
    const digest = readFileSync(refFile(dir), 'utf8').trim();
    const other = readFileSync(refFile(dir, 'runs/ref-oracle-1'), 'utf8');
    rmSync(refFile(dir));
    sync(dir); // recorded as lost
    writeFileSync(refFile(dir), other);

    const v = await verifyArchive(dir);
    expect(lost(v.findings)).toEqual([expect.objectContaining({ data: { path: `refs/${RUN}`, digest }, message: expect.stringContaining('repair never overwrites a ref') })]);
    const r = await repairArchive(dir);
    expect(r.actions).toContainEqual(expect.objectContaining({ action: 'leave', path: `refs/${RUN}`, digest }));
    expect(readFileSync(refFile(dir), 'utf8')).toBe(other);
    expect(lost(r.remaining)).toHaveLength(1);

    const f = await repairArchive(dir, { forget: ['ref-coin-1', RUN] });
    expect(f.actions).toEqual([
      expect.objectContaining({ action: 'forget-ref', path: `refs/${RUN}`, digest }),
      expect.objectContaining({ action: 'leave', path: 'refs/ref-coin-1', reason: expect.stringContaining('not a ref the index remembers as lost') }),
    ]);
    expect(lost(f.remaining)).toEqual([]);
    expect(readFileSync(refFile(dir), 'utf8')).toBe(other);
  });

  it('cannot be known once the index is deleted: what a new index never saw, it cannot restore (design.md §5)', async () => {
    const dir = indexed();
    rmSync(refFile(dir));
    rmSync(join(dir, INDEX_FILE));
    expect(lost((await verifyArchive(dir)).findings)).toEqual([]);
    expect(sync(dir)).not.toContain('ref-coin-1');
    const r = await repairArchive(dir);
    expect(r.actions).toEqual([]);
    expect(existsSync(refFile(dir))).toBe(false);
  });

  it('docket repair says what it restored, one line per ref (and in --json); check fails until then', () => {
    const dir = indexed();
    const digest = readFileSync(refFile(dir), 'utf8').trim();
    rmSync(refFile(dir));
    const v = docket(['verify', '--archive', dir]);
    expect(v.status).toBe(1);
    expect(v.stdout).toContain(`ELOSTREF refs/${RUN}`);
    const q = docket(['sql', 'SELECT count(*) AS n FROM current_runs', '--archive', dir, '--json']);
    expect(q.json.rows).toEqual([{ n: 8 }]); // 9 runs (4 of them judge runs), one ref lost
    expect(q.json.warnings).toContainEqual(expect.stringContaining(`remembers 1 ref(s) lost from refs/ (first: ${RUN} → ${digest})`));
    expect(q.stderr).toContain('docket repair` restores them');
    const text = docket(['repair', '--archive', dir, '--dry-run']);
    expect(text.stdout).toContain(`would restore-ref refs/${RUN}: restore ${RUN} → ${digest}`);
    expect(text.stdout).not.toContain('nothing to repair');
    const done = docket(['repair', '--archive', dir, '--json']);
    expect(done.status).toBe(0);
    expect(done.json.actions).toEqual([expect.objectContaining({ action: 'restore-ref', path: `refs/${RUN}`, digest })]);
    expect(docket(['verify', '--archive', dir]).status).toBe(0);
  });
});
