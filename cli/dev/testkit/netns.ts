import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Run a command in a fresh network namespace (`unshare -n`, util-linux): it sees only a loopback
 * interface that is DOWN, so no socket can reach anything, not even 127.0.0.1. This is the
 * outside-the-process proof that replay needs no network (docs/design.md "No network"). Creating
 * the namespace needs CAP_SYS_ADMIN (root, or a container that allows it); where that is missing
 * the result carries `unavailable` with the reason instead of pretending the run happened.
 */
export interface NetnsOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  input?: string;
  timeoutMs?: number;
  unshare?: string; // path of the unshare binary (tests point it at a missing file)
}

export interface NetnsResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  unavailable?: string;
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000;
const probes = new Map<string, Promise<string | undefined>>();

interface Spawned {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  spawnError?: NodeJS.ErrnoException;
}

function run(cmd: string, args: string[], opts: NetnsOptions): Promise<Spawned> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let spawnError: NodeJS.ErrnoException | undefined;
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.stdin.on('error', () => {}); // the command may exit without reading its input
    child.on('error', (e) => (spawnError = e));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), spawnError });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** Why a network namespace cannot be made here, or undefined when it can. Probed once per binary. */
export function networkNamespaceUnavailable(unshare = 'unshare'): Promise<string | undefined> {
  let probe = probes.get(unshare);
  if (!probe) {
    probe = probeUnshare(unshare);
    probes.set(unshare, probe);
  }
  return probe;
}

async function probeUnshare(unshare: string): Promise<string | undefined> {
  if (process.platform !== 'linux') return `network namespaces need Linux (this is ${process.platform})`;
  const r = await run(unshare, ['-n', 'true'], { timeoutMs: 30_000 });
  if (r.spawnError?.code === 'ENOENT') return `${unshare} not found (install util-linux)`;
  if (r.spawnError) return `${unshare} could not start: ${r.spawnError.message}`;
  if (r.code !== 0) return `${unshare} -n failed (${r.stderr.trim() || `exit ${r.code ?? r.signal}`}); it needs root or CAP_SYS_ADMIN`;
  return undefined;
}

/** Run `cmd args` inside `unshare -n`. Never throws for an unavailable namespace: see `unavailable`. */
export async function runWithoutNetwork(cmd: string, args: string[], opts: NetnsOptions = {}): Promise<NetnsResult> {
  const unshare = opts.unshare ?? 'unshare';
  const unavailable = await networkNamespaceUnavailable(unshare);
  if (unavailable) return { code: null, signal: null, stdout: '', stderr: '', unavailable };
  // "--" so the command's own options are never read as unshare's.
  const r = await run(unshare, ['-n', '--', cmd, ...args], opts);
  if (r.spawnError) return { code: null, signal: null, stdout: r.stdout, stderr: r.stderr, unavailable: `${unshare} could not start: ${r.spawnError.message}` };
  return { code: r.code, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

const DOCKET_BIN = fileURLToPath(new URL('../../../dist/cli/docket.js', import.meta.url));

/** `docket ARGS` (this checkout's CLI) inside a network namespace: the harness for offline proofs. */
export function runDocketWithoutNetwork(args: string[], opts: NetnsOptions = {}): Promise<NetnsResult> {
  return runWithoutNetwork(process.execPath, [DOCKET_BIN, ...args], opts);
}
