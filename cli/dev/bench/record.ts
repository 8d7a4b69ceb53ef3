import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Archive } from '../../../replay/index/archive.ts';
import { replayArchive } from '../../../replay/runs/replay.ts';
import type { RequestKind } from '../../../replay/runs/request.ts';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { startRun, type RunResult } from '../../recorder/recorder.ts';
import type { JournalStats } from '../../recorder/workdir.ts';
import { DOCKET, REPO } from './common.ts';

/**
 * Issue 24 benchmark: recording at provider speed. The same plan (the whole shipped bank, contender
 * `oracle`, 144 requests) against the reference server with 200 ms of latency per request, at
 * N = 1 and N = 16 requests in flight, in one process: requests/s of each (from the first request
 * out to the last attempt line durable; the end-to-end time, with the plan, working directory,
 * seal and grade, which do not depend on N, is printed beside it), their ratio (target >= 12x),
 * and the journal's fsync rate: every line costs 3 fsyncs (the line, the head record's temp, the
 * directory) before its attempt counts, run off the main thread one line at a time (workdir.ts
 * Journal), so the commit time per line and the main thread's share are printed too. Then the
 * same at N = 16 through the decision endpoint. All three runs are replayed, so a fast but wrong
 * recording fails. The load average is printed: on a shared machine it moves every figure. At
 * N = 1 each request waits for its own line's commit (it is durable before the next request goes
 * out), so the fsync latency of the archive's disk is in the reference too; BENCH_RECORD_DIR puts
 * the archive elsewhere (e.g. /dev/shm, where fsync costs nothing) to see the rest alone.
 */
const LATENCY_MS = Number(process.env.BENCH_RECORD_LATENCY_MS ?? 200);

interface Measured {
  seconds: number; // first request out to last line durable
  wallSeconds: number; // startRun end to end: plan, working directory, recording, seal (fsyncs of its own)
  attempts: number;
  stats: JournalStats;
  result: RunResult;
}

async function measure(dir: string, ref: { baseUrl: string }, id: string, concurrency: number, requestKind: RequestKind): Promise<Measured> {
  const stats: JournalStats = { lines: 0, fsyncs: 0, commitMs: 0, appendMs: 0 };
  const a = new Archive(dir);
  try {
    let first: number | null = null;
    let last = 0;
    const clock = { ms: () => ((first ??= performance.now()), performance.now()), date: () => new Date() };
    const t0 = performance.now();
    const result = await startRun(
      a,
      {
        model: 'oracle',
        baseUrl: ref.baseUrl,
        repetitions: 1,
        params: { temperature: 0, max_tokens: 16 },
        graderRef: 'decision',
        runId: id,
        requestKind,
        caps: { limitEvals: null, maxRequests: null, maxKnownCostUsd: null, retries: 3, timeoutMs: 60_000 },
      },
      { apiKey: null, backoffMs: 500, concurrency, journalStats: stats, clock, onAttempt: () => (last = performance.now()) },
    );
    const wallSeconds = (performance.now() - t0) / 1000;
    const seconds = (last - first!) / 1000;
    return { seconds, wallSeconds, attempts: result.run.attempts, stats, result };
  } finally {
    a.close();
  }
}

function report(label: string, m: Measured) {
  const rps = m.attempts / m.seconds;
  const j = m.stats;
  console.log(
    `  ${label.padEnd(27)} ${m.attempts} attempts in ${m.seconds.toFixed(2).padStart(6)} s = ${rps.toFixed(1).padStart(5)} requests/s (end to end ${m.wallSeconds.toFixed(2)} s = ${(m.attempts / m.wallSeconds).toFixed(1)}/s); journal: ${j.lines} lines, ${j.fsyncs} fsyncs = ${(j.fsyncs / m.seconds).toFixed(1)} fsyncs/s, commit ${(j.commitMs / j.lines).toFixed(2)} ms per line off the main thread, ${(j.appendMs / j.lines).toFixed(2)} ms per line on it`,
  );
  return rps;
}

export async function benchRecord() {
  console.log(
    `\n== recording (issue 24): 144 requests, reference server with ${LATENCY_MS} ms latency; archive in ${process.env.BENCH_RECORD_DIR ?? tmpdir()}; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')} on ${availableParallelism()} CPUs`,
  );
  const dir = mkdtempSync(join(process.env.BENCH_RECORD_DIR ?? tmpdir(), 'docket-bench-record-')); // BENCH_RECORD_DIR=/dev/shm: the same without the disk's fsync latency
  cpSync(join(REPO, 'evidence', 'objects'), join(dir, 'objects'), { recursive: true });
  cpSync(join(REPO, 'evidence', 'refs', 'bank'), join(dir, 'refs', 'bank'), { recursive: true });
  // The endpoint runs in its own process, as a provider would: its work does not share this event loop.
  const ref = await serveInChild(dir, LATENCY_MS);
  try {
    const one = report('chat, --concurrency 1', await measure(dir, ref, 'bench-n1', 1, 'chat'));
    const n16 = await measure(dir, ref, 'bench-n16', 16, 'chat');
    const sixteen = report('chat, --concurrency 16', n16);
    const dec = report('decision, --concurrency 16', await measure(dir, ref, 'bench-dec-n16', 16, 'decision'));
    const ratio = sixteen / one;
    console.log(`  ratio N=16 / N=1: ${ratio.toFixed(2)}x (target >= 12x: ${ratio >= 12 ? 'met' : 'NOT met'}); decision endpoint at N=16: ${dec.toFixed(1)} requests/s`);
    const rep = await replayArchive(new Archive(dir), { runs: ['bench-n1', 'bench-n16', 'bench-dec-n16'] });
    console.log(`  replay of the three runs: ${rep.ok ? 'ok' : 'FAILED'}, ${rep.matched}/${rep.requests} requests matched`);
    if (!rep.ok) process.exitCode = 1;
  } finally {
    await ref.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `docket serve-reference --port 0 --json` in a child process; resolves with its base URL. */
export async function serveInChild(archive: string, delayMs: number): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const child = spawn(process.execPath, [DOCKET, 'serve-reference', '--archive', archive, '--port', '0', '--delay-ms', String(delayMs), '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`serve-reference exited with ${code}`)));
  });
  const { baseUrl } = JSON.parse(first) as { baseUrl: string };
  return {
    baseUrl,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
