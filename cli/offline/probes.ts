import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireTreePath } from '../../replay/bank/bank.ts';
import type { ProbeRun } from '../../replay/bank/evidence.ts';
import { compiledModule } from '../../replay/package-files.ts';
import { sweepStaleTemps, tempName } from '../../replay/store/temps.ts';

/**
 * Runs probes (this is the only place docket spawns processes for the bank). A probe gets an
 * allowlisted environment (nothing inherited: no API keys), a fresh temp cwd, a timeout, and the
 * network guard preloaded.
 */
const GUARD = fileURLToPath(compiledModule('cli/offline/probe-guard'));
export const GUARD_NAME = 'docket:probe-guard';
const MAX_OUTPUT = 1024 * 1024;
const PROBE_DIR = 'docket-probe';
let swept = false; // once per process

/** Runs the probe's real file, resolved once: a path leaving the tree (a symlink) is ETREEPATH, never run. */
export async function runProbe(root: string, relPath: string, timeoutMs: number): Promise<ProbeRun> {
  const file = requireTreePath(root, relPath);
  // One temp-name scheme (replay/store/temps.ts): a killed capture's directory is swept by the next one.
  if (!swept) sweepStaleTemps(tmpdir(), PROBE_DIR, /^docket-probe-[A-Za-z0-9]{6}$/);
  swept = true;
  const cwd = join(tmpdir(), tempName(PROBE_DIR));
  mkdirSync(cwd, { mode: 0o700 }); // fails if the name exists: never a directory someone else made
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, TMPDIR: cwd, TZ: 'UTC', LANG: 'C', LC_ALL: 'C' };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', GUARD, file], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let timedOut = false;
    const collect = (into: Buffer[]) => (b: Buffer) => {
      size += b.length;
      if (size <= MAX_OUTPUT) into.push(b);
      else child.kill('SIGKILL');
    };
    child.stdout.on('data', collect(out));
    child.stderr.on('data', collect(err));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const finish = (exitCode: number | null, spawnError?: string) => {
      clearTimeout(timer);
      rmSync(cwd, { recursive: true, force: true });
      resolve({
        command: ['node', '--import', GUARD_NAME, relPath],
        exitCode,
        stdout: Buffer.concat(out),
        stderr: Buffer.concat(err),
        timedOut,
        error: spawnError ?? (timedOut ? `timed out after ${timeoutMs} ms` : size > MAX_OUTPUT ? `printed more than ${MAX_OUTPUT} bytes` : null),
      });
    };
    child.on('error', (e) => finish(null, e.message));
    child.on('close', (code) => finish(code));
  });
}

/** Run many probes, `availableParallelism()` at a time, results in input order. */
export async function runProbes<T>(items: T[], run: (item: T) => Promise<void>, onProgress?: (done: number, total: number) => void): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      await run(items[next++]!);
      onProgress?.(++done, items.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), items.length) }, worker));
}

export function readProbe(root: string, relPath: string): Buffer {
  return readFileSync(requireTreePath(root, relPath));
}
