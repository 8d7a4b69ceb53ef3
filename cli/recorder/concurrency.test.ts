import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocketError } from '../../replay/errors.ts';
import { loadGrade } from '../../replay/grading/grade-records.ts';
import { headText, parseJournal, slotKey, type JournalLine } from '../../replay/runs/journal.ts';
import { replayArchive } from '../../replay/runs/replay.ts';
import { Archive } from '../../replay/index/archive.ts';
import { HEAD_FILE, JOURNAL_FILE, loadRun, workDir } from '../../replay/runs/runs.ts';
import { startReferenceServer } from './reference-server.ts';
import { checkConcurrency, resumeRun, startRun, type Clock, type Connection, type NewRunOptions } from './recorder.ts';
import { readPlanDigest } from './workdir.ts';
import { scratchArchive, withArchiveAt } from '../dev/testkit/recorder.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function archiveDir() {
  const d = scratchArchive();
  dirs.push(d);
  return d;
}

/** Latencies 0 and one instant: with time held still, the sealed bytes can only differ by order. */
const FROZEN: Clock = { ms: () => 0, date: () => new Date('2026-12-01T00:00:00.000Z') };

function opts(model: string, baseUrl: string, over: Partial<NewRunOptions> = {}, caps: Partial<NewRunOptions['caps']> = {}): NewRunOptions {
  return {
    model,
    baseUrl,
    repetitions: 1,
    params: { temperature: 0, max_tokens: 16 },
    graderRef: 'decision',
    runId: 'same-id',
    caps: { limitEvals: 2, maxRequests: null, maxKnownCostUsd: null, retries: 3, timeoutMs: 5000, ...caps },
    ...over,
  };
}

/** One run in a fresh archive. */
async function recordIn(baseUrl: string, model: string, concurrency: number, over: Partial<NewRunOptions> = {}, caps: Partial<NewRunOptions['caps']> = {}) {
  const dir = archiveDir();
  const r = await withArchiveAt(dir, (a) => startRun(a, opts(model, baseUrl, over, caps), { apiKey: null, backoffMs: 1, concurrency, clock: FROZEN }));
  return { dir, r };
}

/** One run in a fresh archive against a fresh reference server (so `flaky` fails the same slots whatever N). */
async function recordFresh(model: string, concurrency: number, over: Partial<NewRunOptions> = {}, caps: Partial<NewRunOptions['caps']> = {}, delayMs = 0) {
  const ref = await startReferenceServer({ archive: archiveDir(), port: 0, delayMs });
  try {
    return { ...(await recordIn(ref.baseUrl, model, concurrency, over, caps)), served: ref.requests() };
  } finally {
    await ref.close();
  }
}

const bundleBytes = (dir: string, digest: string) => readFileSync(join(dir, 'objects', 'v1', 'sha256', digest.slice(7, 9), `${digest.slice(9)}.json.gz`));

describe('the sealed run does not depend on N', () => {
  for (const [model, repetitions, limitEvals, requestKind] of [
    ['flaky', 1, 4, 'chat'],
    ['coin', 2, 3, 'chat'],
    ['flaky', 1, 4, 'decision'],
  ] as const) {
    it(`${model}, ${requestKind}, ${repetitions} repetition(s): N = 1 and N = 8 seal identical run, segment and plan bundles; replay matches both`, async () => {
      // One server, reset between the runs: the same base URL (it is in the plan), and `flaky` fails the same slots whatever N.
      const server = await startReferenceServer({ archive: archiveDir(), port: 0 });
      let one: Awaited<ReturnType<typeof recordIn>>;
      let eight: typeof one;
      try {
        one = await recordIn(server.baseUrl, model, 1, { repetitions, requestKind }, { limitEvals });
        server.reset();
        eight = await recordIn(server.baseUrl, model, 8, { repetitions, requestKind }, { limitEvals });
      } finally {
        await server.close();
      }
      expect(one.r.status).toBe('sealed');
      expect(eight.r.digest).toBe(one.r.digest);
      expect(eight.r.plan).toBe(one.r.plan);
      expect(eight.r.run.segments).toEqual(one.r.run.segments);
      for (const d of [one.r.digest, one.r.plan, ...one.r.run.segments]) expect(bundleBytes(eight.dir, d).equals(bundleBytes(one.dir, d))).toBe(true);
      const lines = await withArchiveAt(one.dir, async (a) => loadRun(a, 'same-id').lines);
      if (model === 'flaky') expect(lines.some((l) => l.attempt > 0)).toBe(true); // retries are part of what must match
      for (const dir of [one.dir, eight.dir]) {
        const rep = await replayArchive(new Archive(dir), { runs: ['same-id'] });
        expect(rep.ok).toBe(true);
        expect(rep.matched).toBe(lines.length);
      }
    }, 60_000);
  }

  it('at N = 8 the working journal really is in completion order (so the seal order did the work)', async () => {
    const dir = archiveDir();
    const ref = await startReferenceServer({ archive: dir, port: 0 });
    // A server that answers each request after a delay that falls with the slot's position, so later slots finish first.
    let k = 0;
    const slow = createServer((req, res) => void forward(req, res, 80 - 10 * (k++ % 8)));
    const forward = async (req: IncomingMessage, res: ServerResponse, delay: number) => {
      const chunks: Buffer[] = [];
      for await (const c of req as AsyncIterable<Buffer>) chunks.push(c);
      await new Promise((r) => setTimeout(r, delay));
      const r = await fetch(`${ref.baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) });
      res.writeHead(r.status, { 'content-type': 'application/json' });
      res.end(Buffer.from(await r.arrayBuffer()));
    };
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/v1`;
    try {
      const ctrl = new AbortController();
      let n = 0;
      const e = await withArchiveAt(dir, (a) =>
        startRun(a, opts('oracle', url, { runId: 'order-1' }, { limitEvals: null }), {
          apiKey: null,
          backoffMs: 1,
          concurrency: 8,
          signal: ctrl.signal,
          onAttempt: () => (++n === 9 ? ctrl.abort() : undefined),
        }),
      ).catch((x: unknown) => x);
      expect((e as DocketError).code).toBe('EINTERRUPTED');
      const wd = workDir(dir, 'order-1');
      const j = parseJournal(readFileSync(join(wd, JOURNAL_FILE)), readPlanDigest(wd));
      const order = j.lines.map((l) => l.slot.question + l.slot.permutation);
      expect(order).not.toEqual([...order].sort()); // not slot order on disk
      const r = await withArchiveAt(dir, (a) => resumeRun(a, 'order-1', {}, { apiKey: null, backoffMs: 1, concurrency: 3 }));
      expect(r.status).toBe('sealed');
      const sealed = await withArchiveAt(dir, async (a) => loadRun(a, 'order-1').lines);
      expect(sealed.map((l) => l.seq)).toEqual(sealed.map((_, i) => i));
      exactlyOnce(sealed, r.run.planned);
    } finally {
      await new Promise<void>((r) => slow.close(() => r()));
      await ref.close();
    }
  }, 60_000);
});

describe('a crash between the ref and the removal of the working directory', () => {
  it('--resume finishes it: the journal in completion order is compared in the seal order', async () => {
    const dir = archiveDir();
    const ref = await startReferenceServer({ archive: dir, port: 0 });
    try {
      // The working journal as it stood before the seal: an attempt is reported once its line is durable, so the last report sees every line.
      let journal = Buffer.alloc(0);
      const onAttempt = () => (journal = readFileSync(join(workDir(dir, 'late-1'), JOURNAL_FILE)));
      const r = await withArchiveAt(dir, (a) => startRun(a, opts('flaky', ref.baseUrl, { runId: 'late-1' }, { limitEvals: null }), { apiKey: null, backoffMs: 1, concurrency: 8, onAttempt }));
      const planDigest = r.plan;
      const onDisk = parseJournal(journal, planDigest);
      expect(onDisk.head).not.toBe(r.run.head); // completion order: its own chain, not the sealed one
      expect(r.grade.status).toBe('graded');
      // The working directory as a crash right after the ref (before the grade) would have left it.
      rmSync(join(dir, 'refs', 'grades', 'late-1'));
      const wd = workDir(dir, 'late-1');
      mkdirSync(wd, { recursive: true });
      writeFileSync(join(wd, 'plan.digest'), `${planDigest}\n`);
      writeFileSync(join(wd, 'started-at'), 'x\n');
      writeFileSync(join(wd, JOURNAL_FILE), journal);
      writeFileSync(join(wd, HEAD_FILE), headText({ lines: onDisk.lines.length, head: onDisk.head }));
      const again = await withArchiveAt(dir, (a) => resumeRun(a, 'late-1', {}, { apiKey: null, backoffMs: 1 }));
      expect(again.digest).toBe(r.digest);
      expect(existsSync(wd)).toBe(false);
      // --resume grades it too, and a grade it finds for this run bundle is kept, not written again.
      if (again.grade.status !== 'graded' || r.grade.status !== 'graded') throw new Error('not graded');
      expect(again.grade.counts).toEqual(r.grade.counts);
      expect(readFileSync(join(dir, 'refs', 'grades', 'late-1'), 'utf8').trim()).toBe(again.grade.grade);
      expect(await withArchiveAt(dir, async (a) => loadGrade(a, again.grade.status === 'graded' ? again.grade.grade : r.digest).value.run)).toBe(r.digest);
      // A working directory with another journal is refused, not sealed over.
      mkdirSync(wd, { recursive: true });
      writeFileSync(join(wd, 'plan.digest'), `${planDigest}\n`);
      writeFileSync(join(wd, JOURNAL_FILE), journal.subarray(0, journal.indexOf(0x0a) + 1));
      writeFileSync(join(wd, HEAD_FILE), headText({ lines: 1, head: parseJournal(journal.subarray(0, journal.indexOf(0x0a) + 1), planDigest).head }));
      const e = await withArchiveAt(dir, (a) => resumeRun(a, 'late-1', {}, { apiKey: null, backoffMs: 1 })).catch((x: unknown) => x);
      expect((e as DocketError).code).toBe('ESEALED');
    } finally {
      await ref.close();
    }
  }, 60_000);
});

/** Every planned slot has exactly one final attempt, its attempts numbered 0..n-1, in the sealed order slot then attempt. */
function exactlyOnce(lines: readonly JournalLine[], planned: number) {
  const bySlot = new Map<string, JournalLine[]>();
  for (const l of lines) bySlot.set(slotKey(l.slot), [...(bySlot.get(slotKey(l.slot)) ?? []), l]);
  expect(bySlot.size).toBe(planned);
  for (const ls of bySlot.values()) {
    expect(ls.map((l) => l.attempt)).toEqual(ls.map((_, i) => i));
    expect(ls.filter((l) => l.final)).toHaveLength(1);
    expect(ls.at(-1)!.final).toBe(true);
  }
}

describe('interrupts and budgets with N in flight', () => {
  it('an interrupt at N = 6 journals every attempt in flight as interrupted; resume finishes with no slot lost or asked twice', async () => {
    const dir = archiveDir();
    const ref = await startReferenceServer({ archive: dir, port: 0, delayMs: 60 });
    try {
      const ctrl = new AbortController();
      let n = 0;
      const e = await withArchiveAt(dir, (a) =>
        startRun(a, opts('oracle', ref.baseUrl, { runId: 'int-n' }, { limitEvals: null }), {
          apiKey: null,
          backoffMs: 1,
          concurrency: 6,
          signal: ctrl.signal,
          onAttempt: () => (++n === 20 ? setTimeout(() => ctrl.abort(), 20) : undefined),
        }),
      ).catch((x: unknown) => x);
      expect((e as DocketError).code).toBe('EINTERRUPTED');
      const wd = workDir(dir, 'int-n');
      const j = parseJournal(readFileSync(join(wd, JOURNAL_FILE)), readPlanDigest(wd));
      const interrupted = j.lines.filter((l) => l.class === 'interrupted');
      expect(interrupted.length).toBeGreaterThan(1); // several were in flight
      expect(interrupted.length).toBeLessThanOrEqual(6);
      const r = await withArchiveAt(dir, (a) => resumeRun(a, 'int-n', {}, { apiKey: null, backoffMs: 1, concurrency: 6 }));
      expect(r.status).toBe('sealed');
      const finals = j.lines.filter((l) => l.final).length;
      // Each open slot asked once more, nothing else. (Counted in the journal: the server's own count
      // can include a request the interrupt aborted after it was sent.)
      expect(r.run.attempts - j.lines.length).toBe(r.run.planned - finals);
      exactlyOnce(await withArchiveAt(dir, async (a) => loadRun(a, 'int-n').lines), r.run.planned);
    } finally {
      await ref.close();
    }
  }, 60_000);

  it('--max-requests at N = 8 is never passed: attempts = the cap exactly', async () => {
    const { r, served } = await recordFresh('flaky', 8, { runId: 'cap-n' }, { limitEvals: null, maxRequests: 144 });
    expect(r.status).toBe('incomplete');
    expect(r.run.attempts).toBe(144);
    expect(served).toBe(144);
  }, 60_000);

  it('--max-known-cost-usd at N = 8: no request starts after the cap is known reached; overshoot < N requests', async () => {
    const { r } = await recordFresh('oracle', 8, { runId: 'cost-n' }, { limitEvals: null, maxKnownCostUsd: 0.002 }, 20);
    expect(r.status).toBe('incomplete');
    const lines = r.run.attempts;
    const perRequest = r.run.knownCostUsd! / lines;
    expect(r.run.knownCostUsd!).toBeGreaterThanOrEqual(0.002);
    // Once the cap is reached only the (at most N - 1) other requests then in flight may still land.
    expect(r.run.knownCostUsd! - 0.002).toBeLessThan(8 * perRequest * 1.5);
    expect(lines).toBeLessThan(144);
  }, 60_000);

  it('--concurrency outside 1..64 is a usage error', () => {
    for (const bad of [0, 65, 1.5, -1]) expect(() => checkConcurrency(bad)).toThrowError(/--concurrency must be an integer from 1 to 64/);
    expect(checkConcurrency(64)).toBe(64);
  });
});

describe('rate limits', () => {
  /** A chat endpoint that answers the first request with `first` (status + headers) and the rest with a letter, noting arrival times. */
  async function limiter(first: { status: number; headers: (now: number) => Record<string, string> }) {
    const arrivals: number[] = [];
    const s = createServer((req, res) => {
      arrivals.push(Date.now());
      req.resume();
      req.on('end', () => {
        if (arrivals.length === 1) {
          res.writeHead(first.status, { 'content-type': 'application/json', ...first.headers(Date.now()) });
          return res.end(JSON.stringify({ error: { message: 'slow down' } }));
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ model: 'lim', choices: [{ message: { content: 'A' }, finish_reason: 'stop' }], usage: null }));
      });
    });
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    return { arrivals, url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`, close: () => new Promise<void>((r) => s.close(() => r())) };
  }

  const cases: [string, number, (now: number) => Record<string, string>, number][] = [
    ['429 with Retry-After: 1 (seconds)', 429, () => ({ 'retry-after': '1' }), 950],
    ['503 with Retry-After as an HTTP-date', 503, (now) => ({ 'retry-after': new Date(Math.ceil(now / 1000) * 1000 + 2000).toUTCString() }), 950],
  ];
  for (const [name, status, headers, minGap] of cases) {
    it(`${name}: every worker waits (shared backoff), the retry is an attempt in the journal`, async () => {
      const lim = await limiter({ status, headers });
      const dir = archiveDir();
      try {
        const conn: Connection = { apiKey: null, backoffMs: 1, concurrency: 4 };
        const r = await withArchiveAt(dir, (a) => startRun(a, opts('lim', lim.url, { runId: 'rl' }, { limitEvals: 1 }), conn));
        expect(r.status).toBe('sealed');
        const lines = await withArchiveAt(dir, async (a) => loadRun(a, 'rl').lines);
        const failed = lines.filter((l) => l.errorClass !== null);
        expect(failed.map((l) => [l.errorClass, l.final, l.response?.status])).toEqual([[status === 429 ? 'http_429' : 'http_5xx', false, status]]);
        expect(lines).toHaveLength(r.run.planned + 1);
        // The 429/503 opened the pool, but nobody sent anything until the Retry-After had passed.
        expect(lim.arrivals[1]! - lim.arrivals[0]!).toBeGreaterThanOrEqual(minGap);
      } finally {
        await lim.close();
      }
    }, 30_000);
  }
});
