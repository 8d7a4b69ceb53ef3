import Database from 'better-sqlite3';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Archive } from './archive.ts';
import { INDEX_SCHEMA_VERSION } from './schema.ts';
import { INDEX_FILE } from '../store/sqlindex.ts';
import { Store } from '../store/store.ts';
import { checkContent, descriptorOf } from '../format/bundle.ts';
import { sha256, type Digest } from '../format/digest.ts';
import { DocketError } from '../errors.ts';
import { verifyArchive } from '../check/verify.ts';
import { repairArchive } from '../check/repair.ts';
import { prepareRegrade, writeGrade } from '../grading/grades.ts';
import type { RunValue } from '../runs/runs.ts';
import { loadRunsForScoring, type UngradedRun } from '../scoring/scoring-input.ts';
import { buildRunFixture } from '../../cli/dev/bench/index-fixture.ts';
import { docket, REPO, tempDir } from '../../cli/dev/testkit/core.ts';
import { execRunner } from '../../cli/offline/exec.ts';
import { suiteGradersAt } from '../grading/suite-graders.ts';

/**
 * Issue 23 (and #20 item 2): one explicit list of index tables, the same whatever order bundles
 * arrive in and whatever ran before; the reading commands' index path gives what the bundles give.
 */
let tmp: string;
let fixture: string;
beforeAll(() => {
  tmp = tempDir('docket-index-');
  // 12 runs of 144 slots on 3 models (every 4th regraded, every 6th never graded) and one run of
  // 2,250 attempts: two run segments and a grade in grade segments.
  fixture = join(tmp, 'fixture');
  buildRunFixture(fixture, { runs: 12, models: 3, questions: 48, retryEvery: 24, regradeEvery: 4, ungradedEvery: 6, bigRun: 15 });
}, 120_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function copy(from: string, name: string): string {
  const dir = join(tmp, name);
  cpSync(join(from, 'objects'), join(dir, 'objects'), { recursive: true });
  cpSync(join(from, 'refs'), join(dir, 'refs'), { recursive: true });
  return dir;
}

/** Every table and view name and every table's rows, in key order: what two indexes must share. */
function dump(dir: string): { schema: string[]; rows: Record<string, unknown[]> } {
  const db = new Database(join(dir, INDEX_FILE), { readonly: true });
  try {
    const schema = db.prepare("SELECT type || ' ' || name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
    const rows: Record<string, unknown[]> = {};
    for (const t of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]) {
      const pk = (db.prepare(`SELECT name FROM pragma_table_info('${t}') WHERE pk > 0 ORDER BY pk`).pluck().all() as string[]).join(', ');
      rows[t] = db.prepare(`SELECT * FROM ${t} ORDER BY ${pk}`).raw().all();
    }
    return { schema, rows };
  } finally {
    db.close();
  }
}

const EVERY_TABLE = [
  'attempts',
  'bank_questions',
  'bank_tasks',
  'banks',
  'edges',
  'foreign_runs',
  'foreign_samples',
  'foreign_scores',
  'grade_packs',
  'grades',
  'judge_parts',
  'lost_refs',
  'meta',
  'objects',
  'plans',
  'problems',
  'provenance',
  'questions',
  'refs',
  'run_packs',
  'runs',
  'slots',
  'tasks',
  'verdicts',
];
const EVERY_VIEW = ['benchmark_versions', 'costs', 'coverage', 'current_grades', 'current_runs', 'imports', 'slot_outcomes', 'truncations'];

describe('index rebuild: one explicit list of tables', () => {
  it('builds every table whatever the argument order and whatever command ran before (CLI)', () => {
    const shipped = join(REPO, 'evidence');
    const dumps = [];
    const a = copy(shipped, 'order-a');
    expect(docket(['index', 'rebuild', '--archive', a], { cwd: tmp }).status).toBe(0);
    dumps.push(dump(a));
    const b = copy(shipped, 'order-b');
    expect(docket(['--archive', b, 'index', 'rebuild'], { cwd: tmp }).status).toBe(0);
    dumps.push(dump(b));
    const c = copy(shipped, 'order-c');
    for (const args of [['runs'], ['leaderboard'], ['show', 'refs/bank/current']]) docket([...args, '--archive', c], { cwd: tmp });
    expect(docket(['--archive', c, 'index', 'rebuild', '--json'], { cwd: tmp }).json.tables.attempts).toBeGreaterThan(0);
    dumps.push(dump(c));
    const d = copy(shipped, 'order-d'); // no command at all: the first reader creates it
    new Archive(d).currentIndex();
    dumps.push(dump(d));
    expect(dumps[0]!.schema).toEqual(
      [
        ...EVERY_TABLE.map((t) => `table ${t}`),
        ...EVERY_VIEW.map((v) => `view ${v}`),
        'index banks_benchmark_version',
        'index edges_dst',
        'index grades_run',
        'index grades_run_id',
        'index objects_kind',
        'index problems_missing',
        'index runs_id',
      ].sort((x, y) => (x.split(' ')[1]! < y.split(' ')[1]! ? -1 : 1)),
    );
    for (const other of dumps.slice(1)) expect(other).toEqual(dumps[0]);
    // every grade record, with previous; one attempt row per journal line of every run
    const rows = dumps[0]!.rows;
    const store = new Store(shipped);
    expect(rows.grades!.length).toBe(store.list().objects.filter((o) => store.get(o.digest).descriptor.kind === 'grade').length);
    const lines = store
      .listRefs()
      .filter((r) => r.name.startsWith('runs/'))
      .reduce((n, r) => n + (store.get(r.raw.trim() as Digest).value as unknown as RunValue).attempts, 0);
    expect(rows.attempts!.length).toBe(lines);
    expect(rows.problems).toEqual([]);
  }, 240_000);

  it('is the same whatever order the bundles are put in (a run before its segments, a grade before its run)', () => {
    const built = copy(fixture, 'put-order-ref');
    new Archive(built).rebuildIndex().close();
    const want = dump(built);
    const dir = join(tmp, 'put-order');
    const a = new Archive(dir);
    const src = new Store(fixture);
    const objects = src
      .list()
      .objects.map((o) => o.digest)
      .sort()
      .reverse();
    const kinds = new Map(objects.map((d) => [d, src.get(d).descriptor.kind]));
    // runs and grades first: their derived rows wait (a problems row) until what they name arrives
    const order = [...objects.filter((d) => ['run', 'grade'].includes(kinds.get(d)!)), ...objects.filter((d) => !['run', 'grade'].includes(kinds.get(d)!))];
    let waited = 0;
    for (const d of order) {
      const bytes = src.getBytes(d);
      const checked = checkContent(bytes, d);
      a.putEncoded({ bytes, descriptor: descriptorOf(checked, bytes.length), refs: checked.refs });
      if (kinds.get(d) === 'run') waited += a.index().db.prepare('SELECT COUNT(*) FROM problems WHERE digest = ?').pluck().get(d) as number;
    }
    for (const r of src.listRefs()) a.setRef(r.name, r.raw.trim() as Digest);
    a.close();
    expect(waited).toBeGreaterThan(0);
    expect(dump(dir)).toEqual(want);
  }, 120_000);
});

describe('the index is kept current and rebuilt when stale', () => {
  it('a regrade adds its grade and verdict rows at once; objects copied in behind its back are indexed by the next reader; a removed object means a rebuild', () => {
    const dir = copy(join(REPO, 'evidence'), 'current');
    const a = new Archive(dir);
    a.currentIndex();
    const count = (sql: string, ...p: unknown[]) =>
      a
        .index()
        .db.prepare(sql)
        .pluck()
        .get(...p) as number;
    const g = writeGrade(a, prepareRegrade(a, 'ref-markdown-1', { grader: 'decision@1', setCurrent: true, gradedAt: '2026-01-01T00:00:00.000Z', exec: execRunner(), suite: suiteGradersAt(REPO) }));
    expect(count('SELECT COUNT(*) FROM verdicts WHERE grade = ?', g)).toBe(160); // 144 question slots, 16 task slots
    expect(count("SELECT COUNT(*) FROM current_grades WHERE run_id = 'ref-markdown-1' AND grade = ?", g)).toBe(1);
    a.close();
    // a bundle copied into the store by hand (as git or cp would)
    const other = copy(fixture, 'current-src');
    const plan = new Store(other).list().objects.find((o) => new Store(other).get(o.digest).descriptor.kind === 'plan')!;
    mkdirSync(join(new Store(dir).objectPath(plan.digest), '..'), { recursive: true });
    copyFileSync(new Store(other).objectPath(plan.digest), new Store(dir).objectPath(plan.digest));
    const b = new Archive(dir);
    expect(b.index().db.prepare('SELECT COUNT(*) FROM plans WHERE digest = ?').pluck().get(plan.digest)).toBe(0);
    expect(b.currentIndex().db.prepare('SELECT COUNT(*) FROM plans WHERE digest = ?').pluck().get(plan.digest)).toBe(1);
    b.close();
    unlinkSync(new Store(dir).objectPath(plan.digest));
    const c = new Archive(dir);
    expect(c.currentIndex().db.prepare('SELECT COUNT(*) FROM objects WHERE digest = ?').pluck().get(plan.digest)).toBe(0);
    c.close();
  });

  it('an index of another schema version is rebuilt, never read', () => {
    const dir = copy(join(REPO, 'evidence'), 'old-version');
    new Archive(dir).rebuildIndex().close();
    const db = new Database(join(dir, INDEX_FILE));
    db.prepare("UPDATE meta SET value = '1' WHERE key = 'schemaVersion'").run();
    db.exec('DROP TABLE attempts');
    db.close();
    const r = docket(['sql', 'SELECT COUNT(*) AS n FROM attempts', '--archive', dir, '--json'], { cwd: tmp });
    expect(r.status).toBe(0);
    expect(r.json.rows[0].n).toBeGreaterThan(0);
    const after = new Database(join(dir, INDEX_FILE), { readonly: true });
    expect(after.prepare("SELECT value FROM meta WHERE key = 'schemaVersion'").pluck().get()).toBe(String(INDEX_SCHEMA_VERSION));
    after.close();
  });

  it('verify compares every row table with the bundles: a changed attempt or verdict is EINDEX, and repair answers it', async () => {
    const dir = copy(fixture, 'tamper');
    new Archive(dir).rebuildIndex().close();
    const db = new Database(join(dir, INDEX_FILE));
    db.prepare("UPDATE attempts SET cost_usd = 9 WHERE seq = 3 AND run_id = 'big-run'").run();
    db.prepare("UPDATE verdicts SET verdict = 'correct' WHERE seq = 2100").run();
    db.prepare('DELETE FROM slots WHERE slot = 7').run();
    db.close();
    const v = await verifyArchive(dir);
    const messages = v.findings.filter((f) => f.code === 'EINDEX').map((f) => f.message);
    expect(messages.some((m) => /table attempts disagrees with the bundles for sha256:\S+ 3 /.test(m))).toBe(true);
    expect(messages.some((m) => /table verdicts disagrees/.test(m))).toBe(true);
    expect(messages.some((m) => /table slots lacks the row for sha256:\S+ 7/.test(m))).toBe(true);
    expect(new Set(v.findings.map((f) => f.code))).toEqual(new Set(['EINDEX']));
    await repairArchive(dir);
    expect((await verifyArchive(dir)).findings.filter((f) => f.code !== 'HTEMP')).toEqual([]);
  }, 120_000);
});

describe('the reading commands: the index gives what the bundles give', () => {
  const both = (dir: string) => {
    const u1: UngradedRun[] = [];
    const u2: UngradedRun[] = [];
    const a = new Archive(dir);
    try {
      const bundles = loadRunsForScoring(a, u1, { from: 'bundles' });
      const index = loadRunsForScoring(a, u2, { from: 'index' });
      return { bundles, index, u1, u2 };
    } finally {
      a.close();
    }
  };
  it('on the shipped archive and on runs with regrades, retries, truncations, several segments and segmented grades', () => {
    for (const dir of [copy(join(REPO, 'evidence'), 'same-shipped'), copy(fixture, 'same-fixture')]) {
      const r = both(dir);
      expect(r.index.length).toBeGreaterThan(4);
      expect(r.index).toEqual(r.bundles);
      expect(r.u2).toEqual(r.u1);
    }
    const r = both(copy(fixture, 'same-fixture-2'));
    expect(r.u1.map((u) => u.runId)).toEqual(['model-002-run-00005', 'model-002-run-00011']);
    expect(r.index.some((x) => (x.earlierGrades ?? []).length > 0)).toBe(true);
    expect(r.index.find((x) => x.runId === 'big-run')!.slots).toHaveLength(2160);
    expect(r.index.flatMap((x) => x.slots).some((s) => s.verdict === 'truncated' && s.answerText === '')).toBe(true);
  }, 120_000);

  it('where the index cannot vouch for a run (a segment is gone), the bundles are read and give their own error', () => {
    const dir = copy(fixture, 'same-damaged');
    new Archive(dir).rebuildIndex().close();
    const store = new Store(dir);
    const run = store.get(store.readRef('runs/big-run')!).value as unknown as RunValue;
    unlinkSync(store.objectPath(run.segments[1]!));
    const code = (from: 'index' | 'bundles' | undefined) => {
      try {
        loadRunsForScoring(dir, [], from ? { from } : {});
        return 'no error';
      } catch (e) {
        return e instanceof DocketError ? e.code : String(e);
      }
    };
    expect(code(undefined)).toBe('EMISSING');
    expect(code('bundles')).toBe('EMISSING');
    expect(new Archive(dir).currentIndex().db.prepare('SELECT code, missing FROM problems').raw().all()).toEqual([['EMISSING', run.segments[1]]]);
  });
});

describe('docket sql and docket export', () => {
  let dir: string;
  beforeAll(() => {
    dir = copy(fixture, 'sql');
  });
  /**
   * The schema and every row of the index, but the store stamp: any command that brings the index
   * up to date may record that (design.md §5), once the store has been quiet for RACY_MS.
   */
  const fileDigest = () => {
    const db = new Database(join(dir, INDEX_FILE), { readonly: true });
    try {
      const schema = db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').raw().all() as [string, string, string][];
      const rows = schema
        .filter(([type]) => type === 'table')
        .map(([, name]) =>
          db
            .prepare(`SELECT * FROM "${name}"${name === 'meta' ? " WHERE key != 'storeStamp'" : ''} ORDER BY 1, 2`)
            .raw()
            .all(),
        );
      return sha256(Buffer.from(JSON.stringify([schema, rows])));
    } finally {
      db.close();
    }
  };

  it('answers a SELECT as an aligned table, --json and --csv', () => {
    const q = 'SELECT run_id, COUNT(*) AS truncated FROM truncations GROUP BY run_id ORDER BY run_id LIMIT 2';
    const t = docket(['sql', q, '--archive', dir], { cwd: tmp });
    expect(t.status).toBe(0);
    expect(t.stdout).toMatch(/^run_id\s+truncated\n-+\s+-+\n\S+\s+\d+\n\S+\s+\d+\n\(2 rows\)\n$/);
    const j = docket(['sql', q, '--archive', dir, '--json'], { cwd: tmp });
    expect(j.json).toMatchObject({ ok: true, columns: ['run_id', 'truncated'] });
    expect(j.json.rows).toHaveLength(2);
    const c = docket(['sql', 'SELECT 1 AS a, NULL AS b, \'x,"y"\' AS c', '--archive', dir, '--csv'], { cwd: tmp });
    expect(c.stdout).toBe('a,b,c\n1,,"x,""y"""\n');
  }, 60_000);

  it('refuses anything that writes, with a coded error, and changes nothing', () => {
    docket(['sql', 'SELECT 1', '--archive', dir], { cwd: tmp });
    const before = fileDigest();
    for (const q of ['DELETE FROM runs', "INSERT INTO refs VALUES ('runs/x', 'y')", 'DROP TABLE attempts', 'CREATE TABLE t (x)', "UPDATE meta SET value = '9'"]) {
      const r = docket(['sql', q, '--archive', dir, '--json'], { cwd: tmp });
      expect(r.status).toBe(2);
      expect(r.json.error.code).toBe('ESQLWRITE');
    }
    for (const q of ['SELECT 1; DELETE FROM runs', 'SELEKT 1', 'SELECT nope FROM runs']) {
      const r = docket(['sql', q, '--archive', dir, '--json'], { cwd: tmp });
      expect([r.status, r.json.error.code]).toEqual([2, 'ESQL']);
    }
    expect(fileDigest()).toBe(before);
    expect(existsSync(join(dir, INDEX_FILE))).toBe(true);
  }, 120_000);

  it('exports attempts, verdicts and runs as CSV and JSON Lines, the same bytes each time', () => {
    const exported = (table: string, ...args: string[]) => {
      const out = join(tmp, `${table}-${args.join('')}.out`);
      expect(docket(['export', table, '--out', out, '--archive', dir, ...args], { cwd: tmp }).status).toBe(0);
      return readFileSync(out, 'utf8');
    };
    const attempts = exported('attempts');
    const lines = attempts.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'run,seq,run_id,question,kind,source_eval,permutation,repetition,attempt,final,class,error_class,finish_reason,requested_model,returned_model,provider,prompt_tokens,completion_tokens,cost_usd,latency_ms,status,request_hash,response_digest,segment',
    );
    expect(lines).toHaveLength(1 + 12 * 150 + 2250);
    expect(exported('attempts')).toBe(attempts);
    const rows = exported('verdicts', '--format', 'jsonl')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { run_id: string; verdict: string; grader_ref: string });
    expect(rows).toHaveLength(10 * 150 + 2250); // the two runs without a grade have no verdicts
    expect(new Set(rows.map((r) => r.grader_ref))).toEqual(new Set(['decision@2']));
    const runs = docket(['export', 'runs', '--archive', dir], { cwd: tmp });
    expect(runs.stdout.split('\n')[0]).toMatch(/^run,run_id,model,status,/);
    expect(runs.stdout.trimEnd().split('\n')).toHaveLength(14);
    const out = join(tmp, 'runs.jsonl');
    writeFileSync(out, 'old');
    expect(docket(['export', 'runs', '--format', 'jsonl', '--out', out, '--archive', dir, '--json'], { cwd: tmp }).json).toMatchObject({ ok: true, table: 'runs', rows: 13 });
    expect(JSON.parse(readFileSync(out, 'utf8').split('\n')[0]!)).toMatchObject({ run_id: 'big-run', planned: 2160 });
    expect(docket(['export', 'nope', '--archive', dir], { cwd: tmp }).status).toBe(2);
  }, 120_000);
});
