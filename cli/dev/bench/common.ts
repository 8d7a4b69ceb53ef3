import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const REPO = fileURLToPath(new URL('../../..', import.meta.url));
export const DOCKET = join(REPO, 'dist', 'cli', 'docket.js'); // npm run bench builds dist/ first
export const BENCH_DIR = join(REPO, '.bench');

export interface Timed {
  seconds: number;
  cpuSeconds: number | null; // user + system, every thread: steadier than wall time on a shared machine
  maxRssMb: number | null;
  status: number | null;
  stdout: string;
}

/** Run a command under /usr/bin/time to get wall time, CPU time and peak RSS of the whole process. */
export function timedRun(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Timed {
  const t = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', 'MAXRSS_KB=%M CPU_S=%U+%S', cmd, ...args], { cwd: opts.cwd ?? REPO, encoding: 'utf8', maxBuffer: 1 << 30, env: opts.env ?? process.env });
  const seconds = (performance.now() - t) / 1000;
  const m = /MAXRSS_KB=(\d+)/.exec(r.stderr ?? '');
  const c = /CPU_S=([\d.]+)\+([\d.]+)/.exec(r.stderr ?? '');
  return { seconds, cpuSeconds: c ? Number(c[1]) + Number(c[2]) : null, maxRssMb: m ? Number(m[1]) / 1024 : null, status: r.status, stdout: r.stdout };
}

/** The median of a few measures (the machine is shared: one run proves little). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

export function mb(bytes: number) {
  return (bytes / 1e6).toFixed(1);
}

export function row(name: string, seconds: number, bytes: number, ref: number, extra = '') {
  const mbps = bytes / 1e6 / seconds;
  console.log(`  ${name.padEnd(38)} ${seconds.toFixed(2).padStart(7)} s ${mbps.toFixed(0).padStart(6)} MB/s  ${(mbps / ref).toFixed(2).padStart(5)}× ref ${extra}`);
  return mbps;
}
