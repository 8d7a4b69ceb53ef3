import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { tempName } from '../../../replay/store/temps.ts';

/**
 * The crash-point harness (issue 19): run a docket command under strace, list the points where it
 * links, renames, fsyncs or unlinks, then run it again from the same start and kill it with
 * SIGKILL on entry to one sampled point (strace `-e inject=SYSCALL:signal=KILL:when=N`). The
 * caller then verifies, repairs, resumes and compares with the uninterrupted run (crash.test.ts).
 * strace counts `when` per syscall and per thread, so a point is named by its syscall and its
 * occurrence among that thread's calls of it; every thread is given the same count, and the first
 * to reach it kills the process.
 */
export const CRASH_SYSCALLS = ['fsync', 'fdatasync', 'link', 'linkat', 'rename', 'renameat', 'renameat2', 'unlink', 'unlinkat'];

export interface Point {
  syscall: string;
  nth: number; // 1-based, among this thread's calls of `syscall`
  detail: string; // the traced line, to name the point in a failure
}

export interface Ran {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function straceAvailable(): boolean {
  return spawnSync('strace', ['-V'], { encoding: 'utf8' }).status === 0;
}

/** Run `node argv…` uninterrupted under strace; returns its result and its crash points in order. */
export async function tracePoints(argv: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<{ ran: Ran; points: Point[] }> {
  const log = join(tmpdir(), tempName('docket-strace.log'));
  try {
    const ran = await strace(['-o', log, '-e', `trace=${CRASH_SYSCALLS.join(',')}`], argv, opts);
    return { ran, points: parsePoints(readFileSync(log, 'utf8')) };
  } finally {
    rmSync(log, { force: true });
  }
}

/** Run `node argv…` and kill it (SIGKILL) on entry to `point`. */
export async function runKilledAt(argv: string[], point: Point, opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Ran & { killed: boolean }> {
  const ran = await strace(['-o', '/dev/null', '-e', `trace=${point.syscall}`, '-e', `inject=${point.syscall}:signal=KILL:when=${point.nth}`], argv, opts);
  // strace ends the way its tracee did: killed by the same signal.
  return { ...ran, killed: ran.signal === 'SIGKILL' || ran.status === 128 + 9 };
}

/** Asynchronous, so that a server in the calling process (the reference endpoint) keeps answering. */
export function strace(straceArgs: string[], argv: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Ran> {
  const child = spawn('strace', ['-f', '-qq', ...straceArgs, process.execPath, ...argv], { cwd: opts.cwd, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr })));
}

/** `strace -f` lines: "<tid> fsync(18) = 0", or split as "<unfinished ...>" / "<... resumed>". */
export function parsePoints(log: string): Point[] {
  const seen = new Map<string, number>();
  const out: Point[] = [];
  for (const line of log.split('\n')) {
    const m = /^(\d+)\s+([a-z0-9_]+)\(/.exec(line);
    if (!m || !CRASH_SYSCALLS.includes(m[2]!)) continue;
    const key = `${m[1]} ${m[2]}`;
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    out.push({ syscall: m[2]!, nth, detail: line.slice(m[1]!.length).trim() });
  }
  return out;
}

/** A seeded PRNG (mulberry32): the same seed samples the same points. */
export function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` distinct indices of `0..total-1`, in order. */
export function sample(total: number, n: number, rand: () => number): number[] {
  const all = Array.from({ length: total }, (_, i) => i);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, n).sort((a, b) => a - b);
}
