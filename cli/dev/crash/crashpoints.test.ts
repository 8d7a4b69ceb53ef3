import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Archive } from '../../../replay/index/archive.ts';
import { sha256 } from '../../../replay/format/digest.ts';
import { repairArchive } from '../../../replay/check/repair.ts';
import { Store } from '../../../replay/store/store.ts';
import { REPO, tempDir } from '../testkit/core.ts';
import { verifyArchive } from '../../../replay/check/verify.ts';
import { startReferenceServer, type ReferenceServer } from '../../recorder/reference-server.ts';
import { prng, runKilledAt, sample, straceAvailable, tracePoints, type Point } from './harness.ts';

/**
 * Crash points (issue 19): each writing command is killed with SIGKILL on entry to sampled
 * link/rename/fsync/unlink calls; then repair must leave a clean verify having moved nothing
 * (a crash corrupts no object), every object from before the command must still be there, the
 * command run again (or resumed) must succeed, and the result must equal an uninterrupted run's.
 * DOCKET_CRASH_POINTS (points per command, default 2) and DOCKET_CRASH_SEED (default 19) choose
 * the sample; a failure names the seed and the point.
 */
const POINTS = Number(process.env.DOCKET_CRASH_POINTS ?? 2);
const SEED = Number(process.env.DOCKET_CRASH_SEED ?? 19);
const DOCKET = join(REPO, 'dist', 'cli', 'docket.js');
const QUESTION = 'async-await-ordering-1';

interface Scenario {
  name: string;
  setup: (dir: string) => void; // fill a fresh, empty archive directory
  args: (dir: string) => string[];
  /** After a crash: the command that finishes the job (default: the same command again). */
  resume?: () => string[][];
  /** Kinds whose bundles carry a time (sealedAt, gradedAt, capturedAt…): compared by count, not digest. */
  timed?: string[];
  /** Timed kinds of which a crash may never leave an extra bundle (one sealed run bundle per run id). */
  once?: string[];
  /** Anything else to compare (a file the command writes outside the archive). */
  extra?: (dir: string) => unknown;
}

const shipped = (dir: string) => {
  cpSync(join(REPO, 'evidence', 'objects'), join(dir, 'objects'), { recursive: true });
  cpSync(join(REPO, 'evidence', 'refs'), join(dir, 'refs'), { recursive: true });
};

let server: ReferenceServer | null = null;
let serverArchive = '';

const SCENARIOS: Scenario[] = [
  {
    name: 'put',
    setup: (dir) => {
      shipped(dir); // no index: the put creates it
      writeFileSync(join(dir, '..', 'doc.json'), '{"crash":"point"}');
    },
    args: (dir) => ['put', join(dir, '..', 'doc.json')],
  },
  { name: 'snapshot', setup: () => {}, args: () => ['snapshot'] },
  {
    name: 'run',
    setup: (dir) => {
      cpSync(join(REPO, 'evidence', 'objects'), join(dir, 'objects'), { recursive: true });
      cpSync(join(REPO, 'evidence', 'refs', 'bank'), join(dir, 'refs', 'bank'), { recursive: true });
    },
    args: () => ['run', '--model', 'oracle', '--base-url', server!.baseUrl, '--limit-evals', '1', '--run-id', 'crash-1', '--retries', '0'],
    resume: () => [['run', '--resume', 'crash-1']],
    timed: ['run', 'run-segment', 'plan', 'grade'], // the run is graded as it is sealed (gradedAt)
    once: ['run'],
    extra: (dir) => {
      const v = refValue(dir, 'runs/crash-1');
      return { status: v.status, planned: v.planned, done: v.done, attempts: v.attempts, plan: v.plan };
    },
  },
  {
    name: 'regrade',
    setup: shipped,
    args: () => ['regrade', 'ref-markdown-1', '--grader', 'decision@1'],
    // an exec task's evidence holds what its tests measured again (durations): timed, and named by the grade
    timed: ['grade', 'exec-result'],
    extra: (dir) => {
      const g = refValue(dir, 'grades/ref-markdown-1') as { verdicts: { parts?: { evidence?: string }[] }[] };
      const verdicts = g.verdicts.map((v) => ({ ...v, parts: v.parts?.map((p) => ({ ...p, evidence: p.evidence ? 'exec-result' : undefined })) }));
      return { ...g, verdicts, gradedAt: null };
    },
  },
  { name: 'evidence capture', setup: shipped, args: () => ['evidence', 'capture', '--question', QUESTION], timed: ['probe-run', 'evidence'] },
  {
    name: 'index rebuild',
    setup: (dir) => {
      shipped(dir);
      // An index to rebuild in place, closed again: a connection left open here (to be closed by the
      // garbage collector, or not) changed which syscalls the rebuild makes from one run to the next.
      const a = new Archive(dir);
      a.index();
      a.close();
    },
    args: () => ['index', 'rebuild'],
  },
  {
    name: 'release pack',
    setup: shipped,
    args: (dir) => ['release', 'pack', '--out', join(dir, '..', 'out', 'r.tgz')],
    extra: (dir) => ({ tgz: sha256(readFileSync(join(dir, '..', 'out', 'r.tgz'))), outDir: readdirSync(join(dir, '..', 'out')) }),
  },
];

function refValue(dir: string, ref: string): Record<string, unknown> {
  const store = new Store(dir);
  return store.get(store.readRef(ref)!).value as Record<string, unknown>;
}

function fresh(s: Scenario): string {
  const dir = join(tempDir('docket-crash-'), 'evidence');
  mkdirSync(dir);
  mkdirSync(join(dir, '..', 'out'));
  s.setup(dir);
  return dir;
}

const cli = (dir: string, args: string[]) => [DOCKET, ...args, '--archive', dir];

/** What a command leaves: ref names, and per kind the digests (or, for timed kinds, how many). */
function outcome(dir: string, s: Scenario) {
  const store = new Store(dir);
  const byKind: Record<string, string[] | number> = {};
  for (const o of store.list().objects) {
    const kind = store.get(o.digest).descriptor.kind;
    const list = (byKind[kind] ??= []) as string[];
    list.push(o.digest);
  }
  const counts: Record<string, number> = {};
  for (const k of s.timed ?? []) {
    counts[k] = ((byKind[k] ?? []) as string[]).length;
    delete byKind[k];
  }
  return { refs: store.listRefs().map((r) => r.name), byKind, counts, once: s.once ?? [], extra: s.extra?.(dir) };
}

/**
 * The crashed-and-resumed archive holds what the uninterrupted one does: the same refs, the same
 * bundles of every deterministic kind, and of each timed kind at least as many (a kill after a
 * bundle was written and before its ref leaves it behind, unreferenced, when the resume writes
 * the bundle again with a new time).
 */
function expectSameOutcome(got: ReturnType<typeof outcome>, want: ReturnType<typeof outcome>, where: string) {
  expect({ refs: got.refs, byKind: got.byKind, extra: got.extra }, where).toEqual({ refs: want.refs, byKind: want.byKind, extra: want.extra });
  for (const [k, n] of Object.entries(want.counts)) expect(got.counts[k], `${where}: ${k} bundles`).toBeGreaterThanOrEqual(n);
  for (const k of want.once) expect(got.counts[k], `${where}: ${k} bundles (never a second one)`).toBe(want.counts[k]);
}

/** Asynchronous, so that the reference endpoint in this process keeps answering. */
function runOk(dir: string, args: string[]): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(process.execPath, cli(dir, args), { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stderr })));
}

/**
 * Kill `s` at `point` in a fresh archive, repair, finish the job (resume), and hold the result to the
 * uninterrupted one (`want`); false when the command never reached the point.
 */
async function crashAndResume(s: Scenario, point: Point, want: ReturnType<typeof outcome>, where: string): Promise<boolean> {
  const dir = fresh(s);
  const before = new Store(dir).list().objects.map((o) => o.digest);
  const killed = await runKilledAt(cli(dir, s.args(dir)), point, { cwd: REPO });
  if (!killed.killed) return false; // the command took another path and never reached the point
  const r = await repairArchive(dir);
  expect(
    r.actions.filter((a) => a.action !== 'remove-temp' && a.action !== 'rebuild-index'),
    where,
  ).toEqual([]);
  expect(r.remaining, where).toEqual([]);
  const after = new Set(new Store(dir).list().objects.map((o) => o.digest as string));
  expect(
    before.filter((d) => !after.has(d)),
    `${where}: lost objects`,
  ).toEqual([]);
  for (const args of s.resume?.() ?? [s.args(dir)]) {
    let again = await runOk(dir, args);
    // A run killed before its working directory existed has nothing to resume: start it again.
    if (again.status === 2 && /ENORUN/.test(again.stderr)) again = await runOk(dir, s.args(dir));
    // Killed after its seal was complete (while cleaning up): nothing is left to resume.
    if (again.status === 2 && /ESEALED: run \S+ is already sealed/.test(again.stderr)) again = { status: 0, stderr: '' };
    expect([again.status, again.stderr], where).toEqual([0, '']);
  }
  const v = await verifyArchive(dir);
  expect(v.findings, where).toEqual([]);
  expectSameOutcome(outcome(dir, s), want, where);
  return true;
}

describe.skipIf(!straceAvailable() && !process.env.CI)('crash points (strace -e inject=…:signal=KILL)', () => {
  beforeAll(async () => {
    serverArchive = join(tempDir('docket-crash-srv-'), 'evidence');
    shipped(serverArchive);
    server = await startReferenceServer({ archive: serverArchive, port: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  for (const [n, s] of SCENARIOS.entries()) {
    const rand = prng(SEED * 100 + n); // per command, so one command's sample does not depend on which others ran
    it(`${s.name}: killed at ${POINTS} sampled points (seed ${SEED}), repair leaves a clean verify, nothing is lost, resuming gives the uninterrupted result`, async () => {
      const refDir = fresh(s);
      const { ran, points } = await tracePoints(cli(refDir, s.args(refDir)), { cwd: REPO });
      expect(ran.stderr).toBe('');
      expect(ran.status).toBe(0);
      expect(points.length).toBeGreaterThan(0);
      const want = outcome(refDir, s);
      let hit = 0;
      for (const i of sample(points.length, Math.min(POINTS, points.length), rand)) {
        const point: Point = points[i]!;
        const where = `${s.name}, point ${i + 1}/${points.length} (${point.syscall} #${point.nth}: ${point.detail}), seed ${SEED}`;
        if (await crashAndResume(s, point, want, where)) hit++;
      }
      expect(hit, `${s.name}: no sampled point was reached`).toBeGreaterThan(0);
    }, 300_000);
  }

  // Issue 32: a kill after the sealed run bundle was linked and before refs/runs/<id> was renamed
  // into place used to make --resume seal a second run bundle for the same run id.
  it("run: killed between the run bundle's link and its ref's rename, --resume adopts that bundle: one sealed run bundle", async () => {
    const s = SCENARIOS.find((x) => x.name === 'run')!;
    const refDir = fresh(s);
    const { ran, points } = await tracePoints(cli(refDir, s.args(refDir)), { cwd: REPO });
    expect([ran.status, ran.stderr]).toEqual([0, '']);
    const want = outcome(refDir, s);
    const rename = points.findIndex((p) => p.syscall.startsWith('rename') && p.detail.includes('refs/runs/crash-1"'));
    const link = points.slice(0, rename).findLastIndex((p) => p.syscall.startsWith('link') && p.detail.includes('/objects/'));
    expect(link, 'the run bundle is linked before its ref is renamed').toBeGreaterThanOrEqual(0);
    // The first point after the bundle exists, and the ref's rename itself: both ends of the window.
    for (const i of [link + 1, rename]) {
      const where = `seal window, point ${i + 1}/${points.length} (${points[i]!.syscall} #${points[i]!.nth}: ${points[i]!.detail})`;
      expect(await crashAndResume(s, points[i]!, want, where), `${where}: not reached`).toBe(true);
    }
  }, 300_000);
});
