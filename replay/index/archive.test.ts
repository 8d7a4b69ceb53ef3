import Database from 'better-sqlite3';
import { cpSync, existsSync, openSync, closeSync, writeSync, writeFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Archive } from './archive.ts';
import { repairArchive } from '../check/repair.ts';
import { listRuns } from '../runs/runs.ts';
import { INDEX_FILE } from '../store/sqlindex.ts';
import { Store } from '../store/store.ts';
import { docket, REPO, tempDir } from '../../cli/dev/testkit/core.ts';
import { verifyArchive } from '../check/verify.ts';

/** Issue 19, defects 1 and 5: the index is a cache — never a reason to move evidence, never a crash. */
function archiveWithIndex(): string {
  const dir = join(tempDir('docket-idx-'), 'evidence');
  cpSync(join(REPO, 'evidence', 'objects'), join(dir, 'objects'), { recursive: true });
  cpSync(join(REPO, 'evidence', 'refs'), join(dir, 'refs'), { recursive: true });
  const a = new Archive(dir);
  listRuns(a); // fills the runs table too
  a.close(); // the last connection checkpoints the WAL into index.sqlite
  return dir;
}

function sql(dir: string, statement: string, ...params: unknown[]) {
  const db = new Database(join(dir, INDEX_FILE));
  db.prepare(statement).run(...params);
  db.close();
}

/** Overwrite the root page of `table` with garbage (the damage a torn or bit-rotted page leaves). */
function smashTable(dir: string, table: string) {
  const db = new Database(join(dir, INDEX_FILE), { readonly: true });
  const { rootpage } = db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(table) as { rootpage: number };
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = openSync(join(dir, INDEX_FILE), 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (rootpage - 1) * pageSize);
  closeSync(fd);
}

const codes = (r: { findings: { code: string }[] }) => [...new Set(r.findings.map((f) => f.code))].sort();

describe('the index is a cache', () => {
  it('a wrong objects.size row is EINDEX (rebuild the index), and repair moves no object', async () => {
    const dir = archiveWithIndex();
    const bank = new Store(dir).readRef('bank/current')!;
    sql(dir, 'UPDATE objects SET size = 3772 WHERE digest = ?', bank);
    const v = await verifyArchive(dir);
    expect(codes(v)).toEqual(['EINDEX']);
    expect(v.findings[0]!.message).toMatch(/3772.*run `docket index rebuild`/);
    const quick = await verifyArchive(dir, { quick: true });
    expect(codes(quick)).toEqual(['EINDEX']);
    const r = await repairArchive(dir);
    expect(r.actions.map((a) => a.action)).toEqual(['rebuild-index']);
    expect(existsSync(new Store(dir).objectPath(bank))).toBe(true);
    expect(existsSync(r.quarantine)).toBe(false);
    expect(r.ok).toBe(true);
  });

  it('a changed row of a kind table (runs) is EINDEX, and `runs` shows the bundle again after repair', async () => {
    const dir = archiveWithIndex();
    sql(dir, "UPDATE runs SET model = 'forged', done = 1 WHERE id = 'ref-coin-1'");
    expect(codes(await verifyArchive(dir))).toEqual(['EINDEX']);
    await repairArchive(dir);
    expect(codes(await verifyArchive(dir))).toEqual([]);
    const a = new Archive(dir);
    expect(listRuns(a).find((r) => r.id === 'ref-coin-1')!.model).toBe('coin');
    a.close();
  });

  for (const table of ['objects', 'refs', 'edges', 'runs', 'grades']) {
    it(`garbage over the ${table} table: verify, --quick, put, runs and repair give findings or work, never a crash`, async () => {
      const dir = archiveWithIndex();
      smashTable(dir, table);
      expect(codes(await verifyArchive(dir))).toEqual(['EINDEX']);
      expect(codes(await verifyArchive(dir, { quick: true }))).toEqual(['EINDEX']);
      const a = new Archive(dir);
      a.put({ kind: 'attachment', schemaVersion: 1, mediaType: 'application/json', name: 'doc.json', body: { a: 1 } });
      expect(listRuns(a).find((r) => r.id === 'ref-coin-1')!.model).toBe('coin');
      a.close();
      const r = await repairArchive(dir);
      expect(r.actions.filter((x) => x.action === 'quarantine')).toEqual([]);
      expect(codes(await verifyArchive(dir))).toEqual([]);
      expect(new Store(dir).list().objects.length).toBe(new Store(join(REPO, 'evidence')).list().objects.length + 1);
    });
  }

  it('through the CLI: a damaged objects page is a finding (exit 1) for verify and --quick; put, runs and repair work', () => {
    const dir = archiveWithIndex();
    smashTable(dir, 'objects');
    for (const args of [['verify'], ['verify', '--quick']]) {
      const r = docket([...args, '--archive', dir, '--json']);
      expect(r.stderr).not.toMatch(/internal error|SqliteError|\n\s+at /);
      expect(r.status).toBe(1);
      expect(codes(r.json)).toEqual(['EINDEX']);
    }
    writeFileSync(join(dir, '..', 'doc.json'), '{"a":1}');
    const put = docket(['put', join(dir, '..', 'doc.json'), '--archive', dir, '--json']);
    expect([put.status, put.stderr]).toEqual([0, '']);
    const runs = docket(['runs', '--archive', dir, '--json']);
    expect(runs.status).toBe(0);
    expect(runs.json.runs.find((r: { id: string }) => r.id === 'ref-coin-1').model).toBe('coin');
    const rep = docket(['repair', '--archive', dir, '--json']);
    expect([rep.status, rep.stderr]).toEqual([0, '']);
  });

  it('a file that is not a database at all is replaced on the next write, and verify says EINDEX', async () => {
    const dir = archiveWithIndex();
    writeFileSync(join(dir, INDEX_FILE), 'not a database, just text that is long enough to be read as a header '.repeat(20));
    expect(codes(await verifyArchive(dir))).toEqual(['EINDEX']);
    const a = new Archive(dir);
    expect(a.index().objects().length).toBe(new Store(dir).list().objects.length);
    a.close();
    expect(codes(await verifyArchive(dir))).toEqual([]);
  });
});

describe('temps are never data', () => {
  it('a leftover ref temp (old `<name>.tmp-<hex>` or new `.tmp-<pid>-<hex>`) is not a run: runs, verify and repair', async () => {
    const dir = archiveWithIndex();
    const digest = new Store(dir).readRef('runs/ref-coin-1')!;
    writeFileSync(join(dir, 'refs', 'runs', 'ref-coin-1.tmp-8e5c0a1b2c3d'), `${digest}\n`);
    writeFileSync(join(dir, 'refs', 'runs', '.tmp-999999999-0a1b2c3d4e5f'), `${digest}\n`);
    const a = new Archive(dir);
    expect(
      listRuns(a)
        .map((r) => r.id)
        .filter((id) => !id.startsWith('judge-')),
    ).toEqual(['ref-coin-1', 'ref-flaky-1', 'ref-markdown-1', 'ref-oracle-1', 'ref-truncator-1']);
    a.close();
    const v = await verifyArchive(dir);
    expect(v.ok).toBe(true);
    expect(
      v.findings
        .filter((f) => f.code === 'HTEMP')
        .map((f) => f.data.path)
        .sort(),
    ).toEqual([join('refs', 'runs', '.tmp-999999999-0a1b2c3d4e5f'), join('refs', 'runs', 'ref-coin-1.tmp-8e5c0a1b2c3d')]);
    const r = await repairArchive(dir);
    expect(r.actions.filter((x) => x.action === 'remove-temp')).toHaveLength(2);
    expect(readdirSync(join(dir, 'refs', 'runs')).filter((n) => n.includes('tmp'))).toEqual([]);
    expect(r.remaining).toEqual([]);
  });

  it("leftovers of every write (index rebuild, run directory, object, top level) are hints, and repair removes them; a live writer's temp is left", async () => {
    const dir = archiveWithIndex();
    mkdirSync(join(dir, 'runs', '.r1.tmp-999999999-abcd'), { recursive: true });
    writeFileSync(join(dir, 'runs', '.r1.tmp-999999999-abcd', 'journal.jsonl'), '');
    mkdirSync(join(dir, 'runs', '.tmp-999999999-0123456789ab.r2'));
    writeFileSync(join(dir, `.${INDEX_FILE}.rebuild-999999999`), 'x');
    writeFileSync(join(dir, `.${INDEX_FILE}.rebuild-999999999-journal`), 'x');
    writeFileSync(join(dir, '.tmp-999999999-0123456789ab.index.sqlite'), 'x');
    const live = `.tmp-${process.ppid}-0123456789ab.index.sqlite`; // a running process (vitest's parent) owns it
    writeFileSync(join(dir, live), 'x');
    const v = await verifyArchive(dir);
    expect(v.ok).toBe(true);
    expect(v.findings.filter((f) => f.code === 'HTEMP')).toHaveLength(6);
    expect(v.findings.find((f) => f.data.path === live)!.message).toMatch(/in progress/);
    const r = await repairArchive(dir);
    expect(r.actions.filter((x) => x.action === 'remove-temp')).toHaveLength(5);
    expect(readdirSync(dir).sort()).toEqual([live, INDEX_FILE, 'objects', 'refs', 'runs'].sort());
    expect(readdirSync(join(dir, 'runs'))).toEqual([]);
  });
});
