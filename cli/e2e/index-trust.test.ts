import Database from 'better-sqlite3';
import { closeSync, cpSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { INDEX_FILE } from '../../replay/store/sqlindex.ts';
import { Store } from '../../replay/store/store.ts';
import { checkSteps, runCheckSteps } from '../../replay/check/steps.ts';
import { checkEffects } from '../commands/check-run.ts';
import { docket, REPO, tempDir } from '../dev/testkit/core.ts';

/**
 * Issue 32: no answer rests on a cache. With an index present, every command that answers from
 * it (leaderboard, audit, compare, failures, report, and check's leaderboard and audit steps)
 * re-hashes the bundles behind the rows it reads and checks those rows against their provenance
 * first: a tampered row is EINDEX (exit 1, naming `docket index rebuild`), a bundle damaged in
 * place is that bundle's finding, and no score is printed either way.
 */

const PUBLISHED = join(REPO, 'docs/examples/published-leaderboard.json');
let pristine: string;
let coinRun: string;
let coinGrade: string;

/** A copy of the shipped archive with its index built (and checkpointed into index.sqlite). */
function fresh(): string {
  const dir = join(tempDir('docket-trust-'), 'evidence');
  cpSync(pristine, dir, { recursive: true });
  return dir;
}

function sql(dir: string, statement: string) {
  const db = new Database(join(dir, INDEX_FILE));
  try {
    return db.prepare(statement).run();
  } finally {
    db.close();
  }
}

/** Flip one byte of a stored object in place: same size, same inode, same directory times. */
function flipByte(dir: string, digest: string) {
  const path = new Store(dir).objectPath(digest as `sha256:${string}`);
  const fd = openSync(path, 'r+');
  try {
    const b = Buffer.alloc(1);
    readSync(fd, b, 0, 1, 20);
    writeSync(fd, Buffer.of(b[0]! ^ 0x55), 0, 1, 20);
  } finally {
    closeSync(fd);
  }
}

/** Every reading command on `dir`: status, stdout, stderr. */
function readAll(dir: string) {
  const out = join(dir, '..', 'report');
  return {
    leaderboard: docket(['leaderboard', '--archive', dir]),
    audit: docket(['audit', '--published', PUBLISHED, '--archive', dir]),
    compare: docket(['compare', 'ref-coin-1', 'ref-oracle-1', '--archive', dir]),
    failures: docket(['failures', 'ref-coin-1', '--archive', dir]),
    report: docket(['report', '--out', out, '--archive', dir]),
  };
}

async function checkOf(dir: string) {
  const steps = checkSteps(checkEffects()).filter((s) => ['verify', 'leaderboard', 'audit'].includes(s.name));
  return runCheckSteps(steps, { archive: dir, root: REPO });
}

beforeAll(() => {
  pristine = join(tempDir('docket-trust-src-'), 'evidence');
  cpSync(join(REPO, 'evidence', 'objects'), join(pristine, 'objects'), { recursive: true });
  cpSync(join(REPO, 'evidence', 'refs'), join(pristine, 'refs'), { recursive: true });
  const a = new Archive(pristine);
  a.currentIndex();
  coinRun = a.ref('runs/ref-coin-1')!;
  coinGrade = a.ref('grades/ref-coin-1')!;
  a.close();
});

describe('a tampered index row: every reading command says EINDEX and prints no score', () => {
  const tampers: [string, (dir: string) => number][] = [
    [
      'a verdict (grade_packs and verdicts)',
      (dir) =>
        sql(dir, `UPDATE grade_packs SET verdicts = replace(verdicts, 'i', 'c') WHERE grade = '${coinGrade}'`).changes +
        sql(dir, `UPDATE verdicts SET verdict = 'correct' WHERE verdict = 'incorrect' AND grade = '${coinGrade}'`).changes,
    ],
    [
      'a cost (run_packs and slots)',
      (dir) =>
        sql(dir, `UPDATE run_packs SET cost_usd = replace(cost_usd, '0', '9') WHERE run = '${coinRun}'`).changes +
        sql(dir, `UPDATE slots SET cost_usd = cost_usd + 9 WHERE run = '${coinRun}'`).changes,
    ],
    ['a model name (runs)', (dir) => sql(dir, `UPDATE runs SET model = 'oracle' WHERE digest = '${coinRun}'`).changes],
    ['a deleted row (runs)', (dir) => sql(dir, `DELETE FROM runs WHERE digest = '${coinRun}'`).changes],
  ];

  for (const [what, tamper] of tampers) {
    it(what, async () => {
      const dir = fresh();
      expect(tamper(dir)).toBeGreaterThan(0);
      for (const [name, r] of Object.entries(readAll(dir))) {
        expect(r.status, `${name}: ${r.stderr}`).toBe(1);
        expect(r.stderr, name).toMatch(/EINDEX: .*docket index rebuild/);
        expect(r.stdout, name).not.toMatch(/\d %/); // no score printed
      }
      const check = await checkOf(dir);
      for (const s of check) expect(s.ok, `${s.name}: ${s.summary}`).toBe(false);
      expect(check.find((s) => s.name === 'leaderboard')!.summary).toMatch(/^EINDEX: /);
      // verify --quick sees the rows against their provenance without decoding a bundle
      const quick = docket(['verify', '--quick', '--json', '--archive', dir]);
      expect(quick.status).toBe(1);
      expect(quick.json.findings.map((f: { code: string }) => f.code)).toContain('EINDEX');
      if (what.startsWith('a verdict')) {
        // and a rebuild answers it: the same ranking as before the tamper
        expect(docket(['index', 'rebuild', '--archive', dir]).status).toBe(0);
        expect(docket(['leaderboard', '--json', '--archive', pristine]).json.rows).toHaveLength(4);
        expect(docket(['leaderboard', '--json', '--archive', dir]).json.rows).toEqual(docket(['leaderboard', '--json', '--archive', pristine]).json.rows);
      }
    });
  }
});

describe('a bundle damaged in place, with an index present: a finding, never an answer', () => {
  const victims: [string, (a: Archive) => string][] = [
    ['a question', (a) => a.currentIndex().db.prepare('SELECT digest FROM bank_questions ORDER BY digest LIMIT 1').pluck().get() as string],
    ['a grade', () => coinGrade],
    ['a run', () => coinRun],
    ['a run segment', (a) => a.currentIndex().db.prepare("SELECT dst FROM edges WHERE src = ? AND pointer = '/segments/0'").pluck().get(coinRun) as string],
  ];
  for (const [what, pick] of victims) {
    it(what, async () => {
      const dir = fresh();
      const a = new Archive(dir);
      const victim = pick(a);
      a.close();
      flipByte(dir, victim);
      for (const args of [['leaderboard'], ['audit', '--published', PUBLISHED]]) {
        const r = docket([...args, '--archive', dir]);
        expect(r.status, `${args[0]}: ${r.stderr}`).toBe(1);
        expect(r.stderr, args[0]).toContain(victim);
        expect(r.stdout, args[0]).not.toMatch(/\d %/);
      }
      const check = await checkOf(dir);
      for (const s of check) expect(s.ok, `${s.name}: ${s.summary}`).toBe(false);
    });
  }
});

describe('sql and export say when the index cannot back their answer', () => {
  it('rows that disagree with their provenance, and rows left out (problems): a warning on stderr and in --json', () => {
    const dir = fresh();
    const clean = docket(['sql', 'SELECT COUNT(*) AS n FROM attempts', '--json', '--archive', dir]);
    expect(clean.json).toMatchObject({ rows: [{ n: 841 }], warnings: [] }); // 5 runs (160 slots, flaky's 25 retries) and 4 judge runs of 4
    expect(clean.stderr).toBe('');
    sql(dir, `DELETE FROM attempts WHERE run = '${coinRun}' AND seq = 3`);
    const r = docket(['sql', 'SELECT COUNT(*) AS n FROM attempts', '--json', '--archive', dir]);
    expect(r.json.warnings).toEqual([expect.stringMatching(/table attempts holds 159 row\(s\) of sha256:\w+; 160 were derived from it.*docket index rebuild/)]);
    expect(r.stderr).toContain('docket: warning: the index disagrees');
    expect(docket(['sql', 'SELECT COUNT(*) AS n FROM runs', '--archive', dir]).stderr).toBe(''); // a table the query does not read
    const e = docket(['export', 'attempts', '--format', 'jsonl', '--archive', dir]);
    expect(e.stderr).toContain('docket: warning: the index disagrees');
    // A damaged segment, the index rebuilt: the run's attempts are left out, and sql says so.
    const fresh2 = fresh();
    const a = new Archive(fresh2);
    const seg = a.currentIndex().db.prepare("SELECT dst FROM edges WHERE src = ? AND pointer = '/segments/0'").pluck().get(coinRun) as string;
    a.close();
    flipByte(fresh2, seg);
    expect(docket(['index', 'rebuild', '--archive', fresh2]).status).toBe(0);
    const p = docket(['sql', 'SELECT COUNT(*) AS n FROM attempts', '--json', '--archive', fresh2]);
    expect(p.json.rows[0].n).toBeLessThan(745);
    expect(p.json.warnings).toEqual([expect.stringMatching(/left out the derived rows of 1 bundle\(s\) \(first: run sha256:\w+: /)]);
  });
});
