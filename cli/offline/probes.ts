import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireTreePath } from '../../replay/bank/bank.ts';
import type { ProbeRun, RuntimeRecord } from '../../replay/bank/evidence.ts';
import type { ProbeRuntimeName } from '../../replay/bank/types.ts';
import { compiledModule } from '../../replay/package-files.ts';
import { sweepStaleTemps, tempName } from '../../replay/store/temps.ts';

/**
 * Runs probes (this is the only place docket spawns processes for the bank). A probe gets an
 * allowlisted environment (nothing inherited: no API keys), a fresh temp cwd, a timeout, the
 * network guard preloaded (node and tsx: --import; bun: --preload) and, where this machine can
 * make one, a network namespace with no interface up (`unshare -n`; docs/design.md §13).
 */
const GUARD = fileURLToPath(compiledModule('cli/offline/probe-guard'));
export const GUARD_NAME = 'docket:probe-guard';
const require = createRequire(import.meta.url);
const MAX_OUTPUT = 1024 * 1024;
const PROBE_DIR = 'docket-probe';
let swept = false; // once per process

/** A runtime as this machine has it: its version, or why it cannot run probes. */
export interface RuntimeHere {
  name: ProbeRuntimeName;
  version: string | null; // null: not installed
  problem: string | null;
  bin: string | null;
}

const found = new Map<ProbeRuntimeName, RuntimeHere>();

/** The first executable `name` on PATH, or null. */
function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      // not here
    }
  }
  return null;
}

/** node: the Node that runs docket; tsx: that Node with docket's own tsx; bun: the bun on PATH. Looked up once. */
export function runtimeHere(name: ProbeRuntimeName): RuntimeHere {
  const known = found.get(name);
  if (known) return known;
  let r: RuntimeHere;
  if (name === 'node') r = { name, version: process.version, problem: null, bin: process.execPath };
  else if (name === 'tsx') r = { name, version: (JSON.parse(readFileSync(require.resolve('tsx/package.json'), 'utf8')) as { version: string }).version, problem: null, bin: process.execPath };
  else {
    const bin = onPath('bun');
    const v = bin ? spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 }) : null;
    const version = v && v.status === 0 ? v.stdout.trim() : null;
    r = {
      name,
      version,
      bin,
      problem: !bin
        ? 'bun is not installed here (no bun on PATH): install bun to run this probe'
        : version === null
          ? `${bin} --version failed (${v?.error?.message ?? v?.stderr.trim() ?? 'no output'})`
          : null,
    };
  }
  found.set(name, r);
  return r;
}

let namespace: string[] | null = null;
export { onPath };
/** `unshare -n --` where a network namespace can be made here (root or CAP_SYS_ADMIN), `unshare -rn --` where only a user namespace can, else nothing. */
export function namespacePrefix(): string[] {
  if (namespace) return namespace;
  namespace = [];
  if (process.platform === 'linux' && process.env.DOCKET_PROBE_NETNS !== '0') {
    const unshare = onPath('unshare');
    for (const flags of ['-n', '-rn']) {
      if (unshare && spawnSync(unshare, [flags, 'true'], { timeout: 10_000 }).status === 0) {
        // The namespace's loopback interface starts down: brought up, so a local server a probe or a
        // test command starts can be reached at 127.0.0.1, and nothing else can.
        const ip = onPath('ip');
        namespace = ip ? [unshare, flags, '--', '/bin/sh', '-c', `${ip} link set lo up 2>/dev/null; exec "$@"`, 'docket-netns'] : [unshare, flags, '--'];
        break;
      }
    }
  }
  return namespace;
}

/** The real command for a runtime, and the logical one evidence records (machine paths replaced by names). */
function commandFor(name: ProbeRuntimeName, bin: string, file: string, relPath: string): { argv: string[]; logical: string[] } {
  if (name === 'bun') return { argv: [bin, '--preload', GUARD, '--no-install', file], logical: ['bun', '--preload', GUARD_NAME, '--no-install', relPath] };
  if (name === 'tsx') return { argv: [bin, '--import', GUARD, '--import', require.resolve('tsx'), file], logical: ['node', '--import', GUARD_NAME, '--import', 'tsx', relPath] };
  return { argv: [bin, '--import', GUARD, file], logical: ['node', '--import', GUARD_NAME, relPath] };
}

export interface ProbeOptions {
  runtime: ProbeRuntimeName;
  timeoutMs: number;
}

/**
 * Runs the probe's real file, resolved once: a path leaving the tree (a symlink) is ETREEPATH,
 * never run. A runtime this machine lacks is a failed run (`error`), not an exception.
 */
export async function runProbe(root: string, relPath: string, opts: ProbeOptions): Promise<ProbeRun> {
  const file = requireTreePath(root, relPath);
  const here = runtimeHere(opts.runtime);
  const runtime: RuntimeRecord = { name: here.name, version: here.version ?? '' };
  const { argv, logical } = commandFor(opts.runtime, here.bin ?? opts.runtime, file, relPath);
  if (here.problem) return { command: logical, runtime, exitCode: null, stdout: Buffer.alloc(0), stderr: Buffer.alloc(0), timedOut: false, error: here.problem };
  // One temp-name scheme (replay/store/temps.ts): a killed capture's directory is swept by the next one.
  if (!swept) sweepStaleTemps(tmpdir(), PROBE_DIR, /^docket-probe-[A-Za-z0-9]{6}$/);
  swept = true;
  const cwd = join(tmpdir(), tempName(PROBE_DIR));
  mkdirSync(cwd, { mode: 0o700 }); // fails if the name exists: never a directory someone else made
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, TMPDIR: cwd, TZ: 'UTC', LANG: 'C', LC_ALL: 'C' };
  if (opts.runtime === 'bun') env.DO_NOT_TRACK = '1'; // no crash reports or telemetry from bun itself
  const full = [...namespacePrefix(), ...argv];
  return new Promise((resolve) => {
    const child = spawn(full[0]!, full.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
    }, opts.timeoutMs);
    const finish = (exitCode: number | null, spawnError?: string) => {
      clearTimeout(timer);
      rmSync(cwd, { recursive: true, force: true });
      resolve({
        command: logical,
        runtime,
        exitCode,
        stdout: Buffer.concat(out),
        stderr: Buffer.concat(err),
        timedOut,
        error: spawnError ?? (timedOut ? `timed out after ${opts.timeoutMs} ms` : size > MAX_OUTPUT ? `printed more than ${MAX_OUTPUT} bytes` : null),
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
