import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { Archive } from '../index/archive.ts';
import { encodeBundle } from '../format/bundle.ts';
import { sha256, type Digest } from '../format/digest.ts';
import { gzipCanonical } from '../format/gzip.ts';
import { Store } from '../store/store.ts';
import { docket, REPO, tempDir, treeHashes } from '../../cli/dev/testkit/core.ts';
import { verifyArchive } from './verify.ts';
import { HEAD_FILE, JOURNAL_FILE, loadRun, LOCK_FILE, PLAN_FILE, workDir } from '../runs/runs.ts';
import { encodeLine, headText } from '../runs/journal.ts';
import { checkEffects } from '../../cli/commands/check-run.ts';
import { checkSteps, runCheckSteps } from './steps.ts';

/** A real on-disk archive: a copy of the shipped one (it has bundles that reference each other). */
let pristine: string;
beforeAll(() => {
  pristine = tempDir('docket-verify-');
  cpSync(join(REPO, 'evidence', 'objects'), join(pristine, 'objects'), { recursive: true });
  cpSync(join(REPO, 'evidence', 'refs'), join(pristine, 'refs'), { recursive: true });
});

function copy(): string {
  const dir = tempDir('docket-corrupt-');
  cpSync(pristine, dir, { recursive: true });
  return dir;
}

const store = (dir: string) => new Store(dir);
const firstObject = (dir: string) => store(dir).list().objects[0]!;
const referenced = (dir: string): Digest => store(dir).readRef('bank/current')!;

/** Store raw bytes under their own digest, bypassing every check (what an attacker or a bug would do). */
function plant(dir: string, bytes: Uint8Array): Digest {
  const d = sha256(bytes);
  const path = store(dir).objectPath(d);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, bytes);
  return d;
}

function expectFinding(dir: string, code: string, opts: { args?: string[]; status?: number } = {}) {
  const before = treeHashes(dir);
  const r = docket(['verify', dir, '--json', ...(opts.args ?? [])]);
  expect(r.status, r.stderr).toBe(opts.status ?? 1);
  expect(r.json.findings.map((f: { code: string }) => f.code)).toContain(code);
  expect(treeHashes(dir)).toEqual(before); // read-only: nothing deleted, rewritten or added
  return r.json;
}

describe('docket verify on a real archive', () => {
  it('is clean on the untouched archive and reports every step', () => {
    const r = docket(['verify', copy(), '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json.ok).toBe(true);
    expect(r.json.objects).toBeGreaterThan(50);
    expect(r.json.steps.map((s: { name: string }) => s.name)).toEqual([
      'layout',
      'size',
      'sha256 digest',
      'strict gzip',
      'inflate (capped)',
      'strict JSON',
      'schema',
      'references',
      'index',
      'journals',
    ]);
  });

  it('flip one byte → EDIGEST', () => {
    const dir = copy();
    const o = firstObject(dir);
    const b = readFileSync(join(dir, o.path));
    b[b.length >> 1]! ^= 0x01;
    writeFileSync(join(dir, o.path), b);
    const j = expectFinding(dir, 'EDIGEST');
    expect(j.findings.find((f: { code: string }) => f.code === 'EDIGEST').data.digest).toBe(o.digest);
  });

  it('truncate → EDIGEST, with or without an index (the index never judges an object)', () => {
    const dir = copy();
    const o = firstObject(dir);
    truncateSync(join(dir, o.path), 5);
    expectFinding(dir, 'EDIGEST');
    const dir2 = copy();
    new Archive(dir2).rebuildIndex().close();
    const o2 = firstObject(dir2);
    truncateSync(join(dir2, o2.path), 5);
    const r = expectFinding(dir2, 'EDIGEST');
    expect(r.findings.map((f: { code: string }) => f.code)).toEqual(['EDIGEST']);
  });

  it('append junk → EDIGEST; --quick catches it too', () => {
    const dir = copy();
    appendFileSync(join(dir, firstObject(dir).path), 'junk');
    expectFinding(dir, 'EDIGEST');
    const q = expectFinding(dir, 'EDIGEST', { args: ['--quick'] });
    expect(q.steps.map((s: { name: string }) => s.name)).toEqual(['layout', 'size', 'sha256 digest', 'index']);
  });

  it('rename an object → EDIGEST, and what referenced it → EREF', () => {
    const dir = copy();
    const target = referenced(dir);
    const from = store(dir).objectPath(target);
    const other = sha256('elsewhere');
    const to = store(dir).objectPath(other);
    mkdirSync(join(to, '..'), { recursive: true });
    renameSync(from, to);
    const j = expectFinding(dir, 'EDIGEST');
    expect(j.findings.some((f: { code: string; data: { digest: string } }) => f.code === 'EREF' && f.data.digest === target)).toBe(true);
  });

  const attachment = (body: unknown) => encodeBundle({ kind: 'attachment', schemaVersion: 1, mediaType: 'application/json', body }).bytes;

  it('a second gzip member → EGZIP', () => {
    const dir = copy();
    plant(dir, Buffer.concat([attachment(1), attachment(2)]));
    expectFinding(dir, 'EGZIP');
  });

  it('a non-canonical gzip header (node zlib output) → EGZIP', () => {
    const dir = copy();
    plant(dir, gzipSync(Buffer.from('{"body":1,"kind":"attachment","mediaType":"x","schemaVersion":1}')));
    expectFinding(dir, 'EGZIP');
  });

  it('a duplicate JSON key → EJSON', () => {
    const dir = copy();
    plant(dir, gzipCanonical(Buffer.from('{"body":1,"body":1,"kind":"attachment","mediaType":"x","schemaVersion":1}')));
    const j = expectFinding(dir, 'EJSON');
    expect(j.findings.find((f: { code: string }) => f.code === 'EJSON').message).toMatch(/duplicate key/);
  });

  it('a raw control byte inside a long string (skipped by the scan, once left to JSON.parse) → EJSON', () => {
    const dir = copy();
    plant(dir, gzipCanonical(Buffer.from(`{"body":"${'x'.repeat(200)}\u0007${'y'.repeat(200)}","kind":"attachment","mediaType":"x","schemaVersion":1}`)));
    expectFinding(dir, 'EJSON');
  });

  it("a bundle canonical in every way but one schema keyword → ESCHEMA, in ajv's words", () => {
    const dir = copy();
    // An attachment whose mediaType is empty (minLength 1): the byte walk refuses it, ajv words it.
    const text = '{"body":{"rows":[1,2,3]},"kind":"attachment","mediaType":"","schemaVersion":1}';
    plant(dir, gzipCanonical(Buffer.from(text)));
    const j = expectFinding(dir, 'ESCHEMA');
    expect(j.findings.find((f: { code: string }) => f.code === 'ESCHEMA').message).toMatch(/\/mediaType must NOT have fewer than 1 characters/);
  });

  it('schema-invalid content → ESCHEMA', () => {
    const dir = copy();
    plant(dir, gzipCanonical(Buffer.from('{"body":1,"kind":"attachment","schemaVersion":1}')));
    expectFinding(dir, 'ESCHEMA');
  });

  it('a dangling reference → EREF', () => {
    const dir = copy();
    const bank = new Archive(dir).get(referenced(dir)).value as { template: Digest };
    rmSync(store(dir).objectPath(bank.template));
    const j = expectFinding(dir, 'EREF');
    expect(j.findings.find((f: { code: string }) => f.code === 'EREF').message).toContain(bank.template);
  });

  it('a stray file → ESTRAY; a leftover temp file is only a hint', () => {
    const dir = copy();
    writeFileSync(join(dir, 'objects', 'v1', 'sha256', readdirSync(join(dir, 'objects', 'v1', 'sha256'))[0]!, 'notes.txt'), 'hello');
    expectFinding(dir, 'ESTRAY');
    const dir2 = copy();
    writeFileSync(join(dir2, 'objects', 'v1', 'sha256', readdirSync(join(dir2, 'objects', 'v1', 'sha256'))[0]!, '.tmp-123-abc'), 'partial');
    const j = expectFinding(dir2, 'HTEMP', { status: 0 });
    expect(j.ok).toBe(true);
  });

  it('an index that disagrees with the bundles → EINDEX', () => {
    const dir = copy();
    const a = new Archive(dir);
    a.rebuildIndex();
    a.index().db.prepare('DELETE FROM objects WHERE digest = (SELECT digest FROM objects LIMIT 1)').run();
    a.close();
    expectFinding(dir, 'EINDEX');
  });

  it("an index row whose content digest differs from the bundle's → EINDEX (content digests are computed when an index exists)", async () => {
    const dir = copy();
    const a = new Archive(dir);
    a.rebuildIndex();
    a.index()
      .db.prepare(`UPDATE objects SET content_digest = 'sha256:${'0'.repeat(64)}' WHERE digest = (SELECT digest FROM objects ORDER BY digest LIMIT 1)`)
      .run();
    a.close();
    for (const workers of [undefined, 2]) {
      const r = await verifyArchive(dir, { workers });
      expect(r.findings.filter((f) => f.code === 'EINDEX').map((f) => f.message)).toEqual([expect.stringMatching(/index row disagrees with the bundle .*content sha256:0{64}\/sha256:[0-9a-f]{64}/)]);
    }
  });

  it('collects every finding instead of stopping at the first', async () => {
    const dir = copy();
    const objs = store(dir).list().objects;
    appendFileSync(join(dir, objs[0]!.path), 'x');
    appendFileSync(join(dir, objs[1]!.path), 'y');
    plant(dir, gzipCanonical(Buffer.from('{"body":1,"kind":"attachment","schemaVersion":1}')));
    const r = await verifyArchive(dir);
    expect(r.findings.filter((f) => f.code === 'EDIGEST')).toHaveLength(2);
    expect(r.findings.filter((f) => f.code === 'ESCHEMA')).toHaveLength(1);
  });

  it('gives the same findings with worker threads as inline', async () => {
    const dir = copy();
    appendFileSync(join(dir, firstObject(dir).path), 'x');
    const inline = await verifyArchive(dir, { workers: 1 });
    const threaded = await verifyArchive(dir, { workers: 2 });
    expect(threaded.findings).toEqual(inline.findings);
  });

  it('--quick on two threads (worker started before the listing) gives exactly the inline results', async () => {
    const dir = copy();
    const objs = store(dir).list().objects;
    appendFileSync(join(dir, objs[0]!.path), 'x'); // EDIGEST
    const flip = readFileSync(join(dir, objs[1]!.path));
    flip[10]! ^= 1;
    writeFileSync(join(dir, objs[1]!.path), flip); // EDIGEST
    truncateSync(join(dir, objs[2]!.path), 0); // ESIZE: empty
    const big = plant(dir, gzipCanonical(Buffer.from(JSON.stringify({ body: randomBytes(1_500_000).toString('base64'), kind: 'attachment', schemaVersion: 1 }))));
    expect(statSync(store(dir).objectPath(big)).size).toBeGreaterThan(1 << 20);
    const inline = await verifyArchive(dir, { quick: true, workers: 1 });
    const reader = await verifyArchive(dir, { quick: true, quickThreadsFrom: 0 });
    expect(inline.findings.map((f) => f.code).sort()).toEqual(['EDIGEST', 'EDIGEST', 'ESIZE']);
    expect(reader.findings).toEqual(inline.findings);
    expect(reader.bytes).toBe(inline.bytes);
    expect(reader.objects).toBe(inline.objects);
    expect(reader.steps.map(({ ms: _ms, ...rest }) => rest)).toEqual(inline.steps.map(({ ms: _ms, ...rest }) => rest));
    expect(readdirSync(dir).sort()).toEqual(readdirSync(pristine).sort()); // read-only
  });

  it('exits 2 on an unreadable archive path', () => {
    const r = docket(['verify', join(tempDir(), 'missing'), '--json']);
    expect(r.status).toBe(2);
    expect(r.json.error.code).toBe('ENOTDIR');
  });
});

describe('verify with worker threads and a big bundle', () => {
  it('a legal 26 MB bundle of small objects verifies in a worker without taking the process down', async () => {
    const dir = tempDir('docket-bigbundle-');
    const store = new Store(dir);
    // ~26 MB of small objects: a parse tree of several hundred MB (this once killed a heap-capped worker).
    const body = Array.from({ length: 2_600_000 }, (_, i) => ({ a: i % 10 }));
    const d = store.put({ kind: 'attachment', schemaVersion: 1, mediaType: 'application/json', body });
    const r = await verifyArchive(dir, { workers: 2 });
    expect(r.findings).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.objects).toBe(1);
    expect(d.contentSize).toBeGreaterThan(20_000_000);
  }, 120_000);
});

describe('links in the archive', () => {
  it('a symlinked object is a stray, never followed', () => {
    const dir = copy();
    const o = firstObject(dir);
    const target = join(tempDir(), 'outside.json.gz');
    cpSync(join(dir, o.path), target);
    rmSync(join(dir, o.path));
    symlinkSync(target, join(dir, o.path));
    const j = expectFinding(dir, 'ESTRAY');
    expect(j.findings.find((f: { code: string }) => f.code === 'ESTRAY').data.path).toBe(o.path);
  });
});

describe('the journals of unsealed runs (issue 32)', () => {
  /** An interrupted run's working directory, runs/<id>/, holding a shipped run's journal as the recorder writes it. */
  function interrupted(dir: string, id = 'interrupted-1'): string {
    const a = new Archive(dir);
    const { run, lines } = loadRun(a, 'ref-markdown-1');
    a.close();
    const work = workDir(dir, id);
    mkdirSync(work, { recursive: true });
    let text = '';
    let head: Digest = run.plan;
    for (const l of lines) {
      const e = encodeLine(l);
      text += `${e.text}\n`;
      head = e.hash;
    }
    writeFileSync(join(work, PLAN_FILE), `${run.plan}\n`);
    writeFileSync(join(work, JOURNAL_FILE), text);
    writeFileSync(join(work, HEAD_FILE), headText({ lines: lines.length, head }));
    return work;
  }
  const journalCodes = async (dir: string) => (await verifyArchive(dir)).findings.filter((f) => f.data.run).map((f) => f.code);

  it('an intact journal passes; a byte flipped, a line cut, a changed or a missing head record → EJOURNAL, exit 1', async () => {
    const dir = copy();
    const work = interrupted(dir);
    const clean = await verifyArchive(dir);
    expect(clean.findings).toEqual([]);
    expect(clean.steps.find((s) => s.name === 'journals')).toMatchObject({ checked: 1, failed: 0 });
    const journal = join(work, JOURNAL_FILE);
    const head = join(work, HEAD_FILE);
    const good = { journal: readFileSync(journal), head: readFileSync(head), plan: readFileSync(join(work, PLAN_FILE)) };
    const damage: [string, () => void][] = [
      ['a byte flipped mid-journal', () => writeFileSync(journal, Buffer.from(good.journal).fill(good.journal[1000]! ^ 1, 1000, 1001))],
      ['the journal cut mid-line', () => truncateSync(journal, good.journal.length - 40)],
      ['the last line dropped', () => writeFileSync(journal, good.journal.subarray(0, good.journal.lastIndexOf(0x0a, good.journal.length - 2) + 1))],
      ['a byte flipped in the head record', () => writeFileSync(head, Buffer.from(good.head).fill(good.head[20]! ^ 1, 20, 21))],
      ['the head record deleted', () => rmSync(head)],
      ['plan.digest emptied', () => writeFileSync(join(work, PLAN_FILE), '')],
    ];
    for (const [what, harm] of damage) {
      writeFileSync(journal, good.journal);
      writeFileSync(head, good.head);
      writeFileSync(join(work, PLAN_FILE), good.plan);
      harm();
      expect(await journalCodes(dir), what).toEqual(['EJOURNAL']);
    }
    const r = expectFinding(dir, 'EJOURNAL');
    expect(r.findings.find((f: { code: string }) => f.code === 'EJOURNAL').data).toMatchObject({ path: join('runs', 'interrupted-1'), run: 'interrupted-1' });
    // check's verify step fails on it (the step calls the same verifyArchive).
    const [step] = await runCheckSteps(
      checkSteps(checkEffects()).filter((s) => s.name === 'verify'),
      { archive: dir, root: REPO },
    );
    expect(step).toMatchObject({ name: 'verify', ok: false });
    expect(step!.summary).toContain('EJOURNAL');
    // --quick reads no journal.
    expect((await verifyArchive(dir, { quick: true })).findings).toEqual([]);
  });

  it('a journal its recorder is writing now (lock held by a live process) is not read', async () => {
    const dir = copy();
    const work = interrupted(dir);
    truncateSync(join(work, JOURNAL_FILE), 10);
    writeFileSync(join(work, LOCK_FILE), `${process.ppid}\n`);
    const v = await verifyArchive(dir);
    expect(v.findings).toEqual([]);
    expect(v.steps.find((s) => s.name === 'journals')).toMatchObject({ checked: 0, skipped: '1 run(s) being recorded now, not read' });
    rmSync(join(work, LOCK_FILE));
    expect(await journalCodes(dir)).toEqual(['EJOURNAL']);
  });
});
