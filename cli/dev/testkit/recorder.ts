import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { Archive } from '../../../replay/index/archive.ts';
import { startReferenceServer, type ReferenceServer } from '../../recorder/reference-server.ts';
import type { NewRunOptions } from '../../recorder/recorder.ts';

/** Shared by the recorder tests (not itself a test file). */
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
import { DOCKET } from './core.ts';

export { DOCKET };

/** A scratch archive holding the shipped frozen bank (objects + refs/bank only: no shipped runs). */
export function scratchArchive(): string {
  const dir = mkdtempSync(join(tmpdir(), 'docket-rec-'));
  cpSync(join(REPO, 'evidence', 'objects'), join(dir, 'objects'), { recursive: true });
  cpSync(join(REPO, 'evidence', 'refs', 'bank'), join(dir, 'refs', 'bank'), { recursive: true });
  return dir;
}

/** Every file under dir as text, gzip objects inflated (to grep for secrets). */
export function allText(dir: string): string {
  let out = '';
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else {
        const b = readFileSync(p);
        out += `${p}\n${p.endsWith('.gz') ? gunzipSync(b).toString('utf8') : b.toString('latin1')}\n`;
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

export interface Done {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The CLI as a child process, without blocking this one (an in-process reference server keeps answering meanwhile). */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}, cwd = REPO): Promise<Done> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [DOCKET, ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** runCli, with the exit code as `status` and stdout parsed as JSON when it is JSON (else null). */
export async function runCliJson(args: string[], env: NodeJS.ProcessEnv = {}, cwd = REPO): Promise<Done & { status: number | null; json: any }> {
  const r = await runCli(args, env, cwd);
  let json: any = null;
  try {
    json = JSON.parse(r.stdout);
  } catch {}
  return { ...r, status: r.code, json };
}

/**
 * A reference server over a scratch archive for the whole test file: started before all tests,
 * closed and removed after. `use` receives both once they exist.
 */
export function referenceServerFixture(use: (dir: string, ref: ReferenceServer) => void, opts: { delayMs?: number } = {}) {
  let dir = '';
  let ref: ReferenceServer | undefined;
  beforeAll(async () => {
    dir = scratchArchive();
    ref = await startReferenceServer({ archive: dir, port: 0, ...opts });
    use(dir, ref);
  });
  afterAll(async () => {
    await ref?.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

/** Run `f` on the archive at `dir`, closing it (and its index) whatever `f` does. */
export async function withArchiveAt<T>(dir: string, f: (a: Archive) => Promise<T>): Promise<T> {
  const a = new Archive(dir);
  try {
    return await f(a);
  } finally {
    a.close();
  }
}

/**
 * Options of a run of every question of the bank against `baseUrl` with the run command's defaults
 * (what `docket run --model M --base-url U --kind choice` plans): the recorder's tests measure the
 * decision path; the shipped bank's tasks (exec, judge) are recorded by the e2e tests that grade them.
 */
export function wholeBankRun(model: string, baseUrl: string, runId: string, over: Partial<NewRunOptions> = {}): NewRunOptions {
  return {
    model,
    baseUrl,
    repetitions: 1,
    params: { temperature: 0, max_tokens: 16 },
    graderRef: 'decision',
    runId,
    caps: { limitEvals: null, maxRequests: null, maxKnownCostUsd: null, retries: 3, timeoutMs: 60_000 },
    kinds: ['choice'],
    ...over,
  };
}
