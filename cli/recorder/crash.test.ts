import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import type { JournalLine } from '../../replay/runs/journal.ts';
import { JOURNAL_FILE, loadRun, workDir } from '../../replay/runs/runs.ts';
import { type ReferenceServer } from './reference-server.ts';
import { startRun } from './recorder.ts';
import { DOCKET, referenceServerFixture, REPO } from '../dev/testkit/recorder.ts';

/**
 * The crash test (issue 4): kill -9 the recorder at random points, resume until it finishes, and
 * compare the sealed attempt set with an uninterrupted run of the same plan. Only timings may differ.
 */
const TRIALS = 8;
let dir: string;
let ref: ReferenceServer;

// `coin` replies are a function of the request alone, so a re-sent request gets the same reply.
referenceServerFixture(
  (d, r) => {
    dir = d;
    ref = r;
  },
  { delayMs: 25 },
);

/** A seeded PRNG (mulberry32), so a failing trial can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function journalLines(id: string): number {
  try {
    return readFileSync(join(workDir(dir, id), JOURNAL_FILE), 'utf8').split('\n').length - 1;
  } catch {
    return -1;
  }
}

/** Run the CLI; if killAt is given, kill -9 it once the journal holds that many lines (plus a little). */
async function recorder(args: string[], killAt: { lines: number; extraMs: number } | null, id: string): Promise<{ code: number | null; killed: boolean; stderr: string; linesAtKill?: number }> {
  const child = spawn(process.execPath, [DOCKET, ...args], { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  let done = false;
  void exited.then(() => (done = true));
  if (killAt) {
    while (!done && journalLines(id) < killAt.lines) await sleep(3);
    await sleep(killAt.extraMs);
    if (!done) {
      const at = journalLines(id);
      child.kill('SIGKILL');
      await exited;
      return { code: null, killed: true, stderr, linesAtKill: at };
    }
  }
  return { code: await exited, killed: false, stderr };
}

/** Everything about an attempt except how long it took (and the chain hashes, which include the timings). */
const comparable = (l: JournalLine) => {
  const { latencyMs: _t, prev: _p, ...rest } = l;
  return rest;
};

describe('kill -9 at random points, then resume', () => {
  it(`${TRIALS} trials at 1-8 requests in flight seal exactly the attempt lines of an uninterrupted run at one`, async () => {
    const planArgs = ['--archive', dir, '--model', 'coin', '--base-url', ref.baseUrl, '--limit-evals', '2', '--backoff-ms', '1', '--timeout-ms', '10000', '--concurrency', '8'];
    const a = new Archive(dir);
    const base = await startRun(
      a,
      {
        model: 'coin',
        baseUrl: ref.baseUrl,
        repetitions: 1,
        params: { temperature: 0, max_tokens: 16 },
        graderRef: 'decision',
        runId: 'baseline',
        caps: { limitEvals: 2, maxRequests: null, maxKnownCostUsd: null, retries: 3, timeoutMs: 10000 },
      },
      { apiKey: null, backoffMs: 1, concurrency: 1 },
    );
    const expected = loadRun(a, base.runId);
    a.close();
    const slots = expected.plan.slots;
    let kills = 0;
    let midRun = 0; // kills with some but not all slots journaled
    const trial = async (t: number) => {
      const rand = prng(20260401 + t); // per trial, so the two lanes do not change each other's schedule
      const id = `crash-${t}`;
      let killsThisTrial = 0;
      for (let round = 0; round < 6; round++) {
        const sealed = existsSync(join(dir, 'refs', 'runs', id));
        const started = existsSync(workDir(dir, id));
        if (sealed && !started) break;
        const args = started || sealed ? ['run', '--resume', id, ...planArgs.slice(0, 2), '--concurrency', String(1 + (round % 8))] : ['run', '--run-id', id, ...planArgs];
        // Kill once or twice per trial, anywhere from before the first line to during sealing.
        const kill = killsThisTrial < (t % 3 === 0 ? 2 : 1) ? { lines: Math.floor(rand() * (slots + 1)), extraMs: Math.floor(rand() * 30) } : null;
        const r = await recorder(args, kill, id);
        if (r.killed) {
          killsThisTrial++;
          kills++;
          if (r.linesAtKill! > 0 && r.linesAtKill! < slots) midRun++;
          continue;
        }
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
      }
      const b = new Archive(dir);
      const got = loadRun(b, id); // re-checks the whole chain from the sealed segments
      b.close();
      expect(got.run.status).toBe('sealed');
      expect(got.run.plan).toBe(expected.run.plan); // the same frozen plan
      expect(got.lines.map(comparable)).toEqual(expected.lines.map(comparable));
      expect(existsSync(workDir(dir, id))).toBe(false);
    };
    // Two lanes: the machine has two cores, and each recorder spends most of its life starting up.
    const lane = async (k: number) => {
      for (let t = k; t < TRIALS; t += 2) await trial(t);
    };
    await Promise.all([lane(0), lane(1)]);
    expect(midRun).toBeGreaterThan(0);
    expect(kills).toBeGreaterThanOrEqual(TRIALS / 2); // the trials really did crash the recorder (a kill can come too late)
  }, 120_000);
});
