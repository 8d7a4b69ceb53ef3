import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execV1 } from '../../replay/grading/graders.ts';
import {
  DEFAULT_EXEC_TIMEOUT_MS,
  filesDigest,
  MAX_MESSAGE_BYTES,
  MAX_OUTPUT_BYTES,
  type BoundedText,
  type ExecJob,
  type ExecOutcome,
  type ExecRunner,
  type ExecTest,
} from '../../replay/grading/task-grading.ts';
import { compiledModule } from '../../replay/package-files.ts';
import { sweepStaleTemps, tempName } from '../../replay/store/temps.ts';
import { onPath } from './probes.ts';

/**
 * The runner of docket-exec/1 (docs/design.md §10 "Execution tasks"): the files a reply made are
 * written into a scratch copy of the eval's grading tree, made from the archived source snapshot
 * (never the working tree; the paths the task omits — its reference solution — left out), with the
 * suite's installed packages linked in (`node_modules`, nothing installed, so no install script
 * runs). The task's command runs there:
 *   - with an allowlisted environment (PATH, HOME and TMPDIR inside the scratch folder, TZ, LANG,
 *     LC_ALL, CI, NO_COLOR, and NODE_OPTIONS loading docket's network guard into every node child):
 *     no variable of the caller, so no key, reaches the code;
 *   - network limited to loopback: the guard in node children, and where the machine allows, a
 *     network namespace whose only interface is lo (up), in a PID namespace of its own, so a
 *     timeout kills every process the code forked;
 *   - bounded by the task's timeout, its output by MAX_OUTPUT_BYTES.
 * The report (JUnit XML, or a JSON report as vitest and jest write it) gives each test's name,
 * status, duration and failure message; the scratch folder is removed whatever happened.
 * Not a sandbox against a determined attacker running as the same user: that is a container's job.
 */

const GUARD = fileURLToPath(compiledModule('cli/offline/probe-guard'));
const SCRATCH = 'docket-exec';
let swept = false;

let prefix: string[] | null = null;
/** unshare with a network and a PID namespace (lo brought up), where the machine allows one; else nothing. */
export function execNamespace(): string[] {
  if (prefix) return prefix;
  prefix = [];
  if (process.platform === 'linux' && process.env.DOCKET_PROBE_NETNS !== '0') {
    const unshare = onPath('unshare');
    const ip = onPath('ip');
    for (const flags of [
      ['-n', '-p', '-f', '--kill-child'],
      ['-rn', '-p', '-f', '--kill-child'],
    ]) {
      if (unshare && spawnSync(unshare, [...flags, 'true'], { timeout: 10_000 }).status === 0) {
        prefix = [unshare, ...flags, '--', '/bin/sh', '-c', `${ip ? `${ip} link set lo up 2>/dev/null; ` : ''}exec "$@"`, 'docket-exec'];
        break;
      }
    }
  }
  return prefix;
}

/** Keep at most `max` UTF-8 bytes of a text, cut on a character boundary, the scratch path named as such. */
export function bound(text: string, max: number, scratch?: string): BoundedText {
  const t = scratch ? text.split(scratch).join('<scratch>') : text;
  const bytes = Buffer.from(t, 'utf8');
  if (bytes.length <= max) return { text: t };
  let end = max;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return { text: bytes.subarray(0, end).toString('utf8'), truncatedFrom: bytes.length };
}

const inside = (rel: string, omit: readonly string[]) => omit.some((o) => rel === o.replace(/\/$/, '') || rel.startsWith(`${o.replace(/\/$/, '')}/`));

/** Write the grading tree (the snapshot minus what the task omits) and the reply's files into `dir`. */
function layOut(dir: string, job: ExecJob): void {
  const omit = job.params.omit ?? [];
  for (const e of job.source.entries) {
    if (e.type !== 'file' || inside(e.path, omit)) continue; // links are not laid out: a link could lead outside
    const p = join(dir, e.path);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, e.encoding === 'base64' ? Buffer.from(e.content, 'base64') : e.content, { mode: e.mode });
  }
  for (const f of job.files) {
    if (!execV1.safePath(f.path)) continue;
    const p = join(dir, f.path);
    mkdirSync(dirname(p), { recursive: true });
    rmSync(p, { force: true });
    writeFileSync(p, f.content, { mode: 0o644 });
  }
}

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos|#(\d+)|#x([0-9a-fA-F]+));/g, (m, name: string, dec?: string, hex?: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    return ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[name] ?? m;
  });
const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? unescapeXml(m[1]!) : null;
};

/** JUnit XML (node --test --test-reporter=junit, bun test, pytest --junitxml, vitest's junit reporter): every testcase. */
export function parseJunit(xml: string, scratch?: string): ExecTest[] {
  const out: ExecTest[] = [];
  for (const m of xml.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const head = m[1]!;
    const body = m[3] ?? '';
    // A file that fails to load is reported as a test named by its path: the scratch folder is named as such, so names compare across runs.
    const name = bound([attr(head, 'classname'), attr(head, 'name')].filter((x) => x && x !== 'test').join(' > ') || '(unnamed)', MAX_MESSAGE_BYTES, scratch).text;
    const time = attr(head, 'time');
    const failure = /<(failure|error)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/.exec(body);
    const skipped = /<skipped\b/.test(body);
    const message = failure ? bound(unescapeXml(attr(failure[2]!, 'message') ?? failure[3] ?? ''), MAX_MESSAGE_BYTES, scratch).text : null;
    out.push({ name, status: failure ? 'failed' : skipped ? 'skipped' : 'passed', durationMs: time === null ? null : Math.round(Number(time) * 1e6) / 1e3, message });
  }
  return out;
}

/** A JSON report as vitest (--reporter=json) and jest (--json) write it: testResults[].assertionResults[]. */
export function parseJsonReport(text: string, scratch?: string): ExecTest[] {
  const r = JSON.parse(text) as { testResults?: { assertionResults?: { fullName?: string; title?: string; status?: string; duration?: number | null; failureMessages?: string[] }[] }[] };
  if (!Array.isArray(r.testResults)) throw new Error('no testResults in the JSON report');
  return r.testResults.flatMap((f) =>
    (f.assertionResults ?? []).map((a) => ({
      name: bound(a.fullName ?? a.title ?? '(unnamed)', MAX_MESSAGE_BYTES, scratch).text,
      status: a.status === 'passed' ? ('passed' as const) : a.status === 'failed' ? ('failed' as const) : ('skipped' as const),
      durationMs: typeof a.duration === 'number' ? a.duration : null,
      message: a.failureMessages?.length ? bound(a.failureMessages.join('\n'), MAX_MESSAGE_BYTES, scratch).text : null,
    })),
  );
}

/** The program to run: `node` is the Node that runs docket; another name is the suite's installed bin, else the first on PATH. */
function program(name: string, dir: string): string {
  if (name === 'node') return process.execPath;
  const bin = join(dir, 'node_modules', '.bin', name);
  return existsSync(bin) ? bin : (onPath(name) ?? name);
}

export interface ExecRunnerOptions {
  /** the folder whose node_modules the grading tree links (the bank root, or a release's extracted tree) */
  packages?: string | null;
}

/**
 * A docket-exec/1 runner (synchronous, as grading is). Within one runner (one command), a job it ran
 * already — the same task (its bundle digest covers the source snapshot and the command) and the same
 * files — is not run again: its outcome, durations and output included, is the one recorded. Two
 * contenders that wrote the same code, or a regrade right after grading on seal, cost one run.
 */
export function execRunner(opts: ExecRunnerOptions = {}): ExecRunner {
  const done = new Map<string, ExecOutcome>();
  return (job) => {
    const key = `${job.task.digest}\0${filesDigest(job.files)}`;
    let o = done.get(key);
    if (!o) done.set(key, (o = runExec(job, opts)));
    return o;
  };
}

export function runExec(job: ExecJob, opts: ExecRunnerOptions = {}): ExecOutcome {
  if (!swept) sweepStaleTemps(tmpdir(), SCRATCH, /^docket-exec-[A-Za-z0-9]{6}$/);
  swept = true;
  const dir = join(tmpdir(), tempName(SCRATCH));
  mkdirSync(dir, { mode: 0o700 });
  const ns = execNamespace();
  try {
    layOut(dir, job);
    const modules = opts.packages ? join(opts.packages, 'node_modules') : null;
    if (modules && existsSync(modules) && !existsSync(join(dir, 'node_modules'))) symlinkSync(modules, join(dir, 'node_modules'), 'dir');
    mkdirSync(join(dir, '.home'));
    mkdirSync(join(dir, '.tmp'));
    const env: Record<string, string> = {
      PATH: `${join(dir, 'node_modules', '.bin')}:${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
      HOME: join(dir, '.home'),
      TMPDIR: join(dir, '.tmp'),
      TZ: 'UTC',
      LANG: 'C',
      LC_ALL: 'C',
      CI: '1',
      NO_COLOR: '1',
      NODE_OPTIONS: `--import=${GUARD}`,
    };
    const [name, ...args] = job.params.command;
    const timeoutMs = job.params.timeoutMs ?? DEFAULT_EXEC_TIMEOUT_MS;
    const argv = [...ns, program(name!, dir), ...args];
    const r = spawnSync(argv[0]!, argv.slice(1), { cwd: dir, env, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 4 * MAX_OUTPUT_BYTES, stdio: ['ignore', 'pipe', 'pipe'] });
    const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
    let tests: ExecTest[] = [];
    let reportError: string | null = null;
    const reportPath = join(dir, job.params.report.path);
    try {
      const text = readFileSync(reportPath, 'utf8');
      tests = job.params.report.format === 'junit' ? parseJunit(text, dir) : parseJsonReport(text, dir);
    } catch (e) {
      reportError = timedOut
        ? `the command timed out after ${timeoutMs} ms before its report was complete`
        : `no readable report at ${job.params.report.path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`;
    }
    if (timedOut && reportError === null) reportError = `the command timed out after ${timeoutMs} ms`;
    return {
      tests,
      exitCode: r.status,
      signal: r.signal,
      timedOut,
      stdout: bound(r.stdout?.toString('utf8') ?? '', MAX_OUTPUT_BYTES, dir),
      stderr: bound(r.stderr?.toString('utf8') ?? '', MAX_OUTPUT_BYTES, dir),
      reportError,
      runtime: { node: process.version, platform: process.platform, arch: process.arch, netns: ns.length > 0 },
      packages: [],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
