import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Archive } from './archive.ts';
import { Store } from '../store/store.ts';
import { docket, DOCKET, REPO, tempDir } from '../../cli/dev/testkit/core.ts';
import { verifyArchive } from '../check/verify.ts';

/**
 * Issue 19, defect 4: concurrent writers on an archive without index.sqlite (every fresh clone)
 * must lose no index row. Real processes, started together on a barrier, many trials.
 */
const RUN_TS = join(REPO, 'cli', 'dev', 'run-ts.mjs');
const ARCHIVE_TS = join(REPO, 'replay', 'index', 'archive.ts');

// One writer process: say it is ready, wait for the go file, then put `n` attachments and set refs, or
// rebuild the index `n` times. Prints what it wrote.
const WRITER = `
import { existsSync } from 'node:fs';
import { Archive } from ${JSON.stringify(ARCHIVE_TS)};
const [dir, role, name, n, go] = process.argv.slice(2);
process.stderr.write('ready');
while (!existsSync(go)) {}
const a = new Archive(dir);
const digests = [];
for (let i = 0; i < Number(n); i++) {
  if (role === 'rebuild') { a.rebuildIndex(); continue; }
  const d = a.put({ kind: 'attachment', schemaVersion: 1, mediaType: 'application/json', name: name + '-' + i + '.json', body: { name, i } });
  digests.push(d.digest);
  a.setRef('test/' + name, d.digest);
  a.setRef('test/shared', d.digest);
}
a.close();
process.stdout.write(JSON.stringify(digests));
`;

/** A new archive without an index: empty (quick to index, so the trials race on the writes), or the shipped one. */
function freshArchive(shipped = false): string {
  const root = tempDir('docket-conc-');
  const dir = join(root, 'evidence');
  mkdirSync(dir);
  if (shipped) {
    cpSync(join(REPO, 'evidence', 'objects'), join(dir, 'objects'), { recursive: true });
    cpSync(join(REPO, 'evidence', 'refs'), join(dir, 'refs'), { recursive: true });
  }
  writeFileSync(join(root, 'writer.mts'), WRITER);
  return dir;
}

interface Writer {
  ready: Promise<void>;
  done: Promise<{ code: number | null; digests: string[]; stderr: string }>;
}

function writer(dir: string, role: 'put' | 'rebuild', name: string, n: number): Writer {
  const child = spawn(process.execPath, [RUN_TS, join(dir, '..', 'writer.mts'), dir, role, name, String(n), join(dir, '..', 'go')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let onReady = () => {};
  const ready = new Promise<void>((r) => (onReady = r));
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => {
    err += d;
    if (err.startsWith('ready')) onReady();
  });
  const done = new Promise<{ code: number | null; digests: string[]; stderr: string }>((resolve) =>
    child.on('close', (code) => {
      onReady();
      resolve({ code, digests: out ? JSON.parse(out) : [], stderr: err.replace(/^ready/, '') });
    }),
  );
  return { ready, done };
}

/** Every object and ref is in the index exactly as on disk, and every write of every writer is there. */
async function expectNothingLost(dir: string, written: string[]) {
  const v = await verifyArchive(dir);
  expect(v.findings).toEqual([]);
  const a = new Archive(dir);
  const rows = new Set(
    a
      .index()
      .objects()
      .map((r) => r.digest as string),
  );
  a.close();
  expect(written.filter((d) => !rows.has(d))).toEqual([]);
  expect(new Store(dir).list().objects.length).toBe(rows.size);
}

const TRIALS = 5;

function spawnDocket(dir: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const c = spawn(process.execPath, [DOCKET, ...args, '--archive', dir, '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    c.stdout.on('data', (d) => (out += d));
    c.on('close', (code) => resolve({ code, out }));
  });
}

describe('concurrent writers lose nothing', () => {
  for (const scenario of ['three writers', 'a rebuild and two writers'] as const) {
    it(`${scenario}, on an archive without an index, ${TRIALS} trials`, async () => {
      for (let t = 0; t < TRIALS; t++) {
        const dir = freshArchive();
        const roles: ['put' | 'rebuild', string][] =
          scenario === 'three writers'
            ? [
                ['put', 'a'],
                ['put', 'b'],
                ['put', 'c'],
              ]
            : [
                ['rebuild', 'r'],
                ['put', 'a'],
                ['put', 'b'],
              ];
        const writers = roles.map(([role, name]) => writer(dir, role, name, role === 'rebuild' ? 8 : 10));
        await Promise.all(writers.map((w) => w.ready));
        writeFileSync(join(dir, '..', 'go'), ''); // all loaded: they start together
        const results = await Promise.all(writers.map((w) => w.done));
        for (const r of results) expect([r.code, r.stderr]).toEqual([0, '']);
        await expectNothingLost(
          dir,
          results.flatMap((r) => r.digests),
        );
      }
    }, 120_000);
  }

  it('through the CLI: two `run`s at once on an archive without an index, 2 trials', async () => {
    const { startReferenceServer } = await import('../../cli/recorder/reference-server.ts');
    const server = await startReferenceServer({ archive: freshArchive(true), port: 0 });
    try {
      for (let t = 0; t < 2; t++) {
        const dir = freshArchive(true);
        const run = (id: string) => spawnDocket(dir, ['run', '--model', 'oracle', '--base-url', server.baseUrl, '--limit-evals', '1', '--run-id', id]);
        const [a, b] = await Promise.all([run('c-1'), run('c-2')]);
        expect([a.code, b.code]).toEqual([0, 0]);
        await expectNothingLost(dir, [JSON.parse(a.out).digest, JSON.parse(b.out).digest]);
        const store = new Store(dir);
        expect([store.readRef('runs/c-1'), store.readRef('runs/c-2')]).toEqual([JSON.parse(a.out).digest, JSON.parse(b.out).digest]);
      }
    } finally {
      await server.close();
    }
  }, 120_000);

  it('through the CLI: two regrades of one run at once both end up in its grade chain', async () => {
    const dir = freshArchive(true);
    const [a, b] = await Promise.all([spawnDocket(dir, ['regrade', 'ref-markdown-1', '--grader', 'decision@1']), spawnDocket(dir, ['regrade', 'ref-markdown-1', '--grader', 'exact'])]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const written = [a, b].map((r) => JSON.parse(r.out).runs[0].grade as string | null).filter((g) => g !== null);
    expect(written.length).toBeGreaterThan(0);
    const store = new Store(dir);
    const chain: string[] = [];
    for (let g: string | null = store.readRef('grades/ref-markdown-1'); g; g = (store.get(g as never).value as { previous: string | null }).previous) chain.push(g);
    expect(written.filter((g) => !chain.includes(g))).toEqual([]);
    await expectNothingLost(dir, written);
  }, 120_000);

  it('through the CLI: two `put`s and an `index rebuild` at once, on the shipped archive without its index', async () => {
    const dir = freshArchive(true);
    for (const n of ['x', 'y']) writeFileSync(join(dir, '..', `${n}.json`), JSON.stringify({ n }));
    const [x, y, rebuild] = await Promise.all([spawnDocket(dir, ['put', join(dir, '..', 'x.json')]), spawnDocket(dir, ['put', join(dir, '..', 'y.json')]), spawnDocket(dir, ['index', 'rebuild'])]);
    expect([x.code, y.code, rebuild.code]).toEqual([0, 0, 0]);
    await expectNothingLost(dir, [JSON.parse(x.out).digest, JSON.parse(y.out).digest]);
    expect(docket(['verify', '--archive', dir]).status).toBe(0);
  }, 120_000);
});
