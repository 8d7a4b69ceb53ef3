import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { DocketError } from '../../replay/errors.ts';
import { grader } from '../../replay/grading/graders.ts';
import { parseJournal } from '../../replay/runs/journal.ts';
import { JOURNAL_FILE, listRuns, loadRun, workDir } from '../../replay/runs/runs.ts';
import { startReferenceServer, type ReferenceServer } from './reference-server.ts';
import { resumeRun, startRun, type Connection, type NewRunOptions } from './recorder.ts';
import { readPlanDigest } from './workdir.ts';
import { allText, referenceServerFixture, runCli, withArchiveAt } from '../dev/testkit/recorder.ts';

let dir: string;
let ref: ReferenceServer;

referenceServerFixture((d, r) => {
  dir = d;
  ref = r;
});

let n = 0;
function opts(model: string, over: Partial<NewRunOptions> = {}, caps: Partial<NewRunOptions['caps']> = {}): NewRunOptions {
  return {
    model,
    baseUrl: ref.baseUrl,
    repetitions: 1,
    params: { temperature: 0, max_tokens: 16 },
    graderRef: 'decision',
    runId: `t${++n}-${model}`,
    caps: { limitEvals: 2, maxRequests: null, maxKnownCostUsd: null, retries: 3, timeoutMs: 5000, ...caps },
    kinds: ['choice'], // the decision path; the shipped bank's tasks are recorded by cli/e2e/exec-tasks and judge tests
    ...over,
  };
}
const conn = (over: Partial<Connection> = {}): Connection => ({ apiKey: null, backoffMs: 1, ...over });

const withArchive = <T>(f: (a: Archive) => Promise<T>) => withArchiveAt(dir, f);

async function fails(p: Promise<unknown>): Promise<DocketError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DocketError) return e;
    throw e;
  }
  throw new Error('expected a coded error');
}

const journalOf = (id: string) => {
  const wd = workDir(dir, id);
  return parseJournal(readFileSync(join(wd, JOURNAL_FILE)), readPlanDigest(wd));
};

describe('full runs against each reference contender', () => {
  it('oracle: every slot answered, correct under the current grader, cost reported; sealed and indexed', async () => {
    const r = await withArchive((a) => startRun(a, opts('oracle'), conn()));
    expect(r.status).toBe('sealed');
    const run = await withArchive(async (a) => loadRun(a, r.runId));
    expect(run.run.planned).toBe(run.plan.slots);
    expect(run.run.done).toBe(run.plan.slots);
    expect(run.lines.every((l) => l.class === 'answered' && l.final && l.costUsd !== null && l.model === 'docket-reference/oracle-v1')).toBe(true);
    expect(run.run.knownCostUsd).toBeGreaterThan(0);
    // The recorder does not store grades, but the replies really are the keys:
    const g = grader('decision');
    const a = new Archive(dir);
    const { currentBank } = await import('../../replay/bank/frozen.ts');
    const { permutationsFor } = await import('../../replay/runs/request.ts');
    const bank = currentBank(a);
    a.close();
    for (const l of run.lines) {
      const q = bank.questions.find((x) => x.id === l.slot.question)!;
      expect(g.grade({ content: l.content, finishReason: l.finishReason, permutation: permutationsFor(q.id)[l.slot.permutation]!, key: q.key, options: [...q.options] }).verdict).toBe('correct');
    }
    // The full request is stored once per distinct request hash.
    expect(run.lines.filter((l) => l.request !== undefined)).toHaveLength(new Set(run.lines.map((l) => l.requestHash)).size);
    expect(existsSync(workDir(dir, r.runId))).toBe(false);
    const rows = await withArchive(async (a) => listRuns(a));
    expect(rows.find((x) => x.id === r.runId)).toMatchObject({ status: 'sealed', planned: run.plan.slots, done: run.plan.slots, digest: r.digest });
  });

  it('coin: no cost reported stays null, never 0', async () => {
    const r = await withArchive((a) => startRun(a, opts('coin'), conn()));
    const run = await withArchive(async (a) => loadRun(a, r.runId));
    expect(run.lines.every((l) => l.costUsd === null && l.class === 'answered')).toBe(true);
    expect(run.run.knownCostUsd).toBeNull();
  });

  it('markdown: invalid under decision@1, answered under decision@2; the plan records the grader', async () => {
    const old = await withArchive((a) => startRun(a, opts('markdown', { graderRef: 'decision@1' }), conn()));
    const cur = await withArchive((a) => startRun(a, opts('markdown'), conn()));
    const o = await withArchive(async (a) => loadRun(a, old.runId));
    const c = await withArchive(async (a) => loadRun(a, cur.runId));
    expect(o.lines.every((l) => l.class === 'invalid')).toBe(true);
    expect(c.lines.every((l) => l.class === 'answered')).toBe(true);
    expect(o.plan.grader).toEqual({ ref: 'decision@1', digest: grader('decision@1').digest });
    expect(c.plan.grader.ref).toBe('decision@2');
    expect(o.lines.map((l) => l.content)).toEqual(c.lines.map((l) => l.content)); // same replies, different reading
  });

  it('truncator (whole bank): truncated = finish_reason length with empty content; a failed measurement, final', async () => {
    const r = await withArchive((a) => startRun(a, opts('truncator', {}, { limitEvals: null }), conn()));
    const run = await withArchive(async (a) => loadRun(a, r.runId));
    const t = run.lines.filter((l) => l.class === 'truncated');
    expect(t.length).toBeGreaterThan(0);
    expect(t.every((l) => l.finishReason === 'length' && l.content === '' && l.final)).toBe(true);
    expect(run.run.classes.truncated).toBe(t.length);
    expect(run.run.done).toBe(144);
  });

  it('flaky (whole bank): 429/500 attempts are journaled, retried, and the slot closes on the success', async () => {
    const r = await withArchive((a) => startRun(a, opts('flaky', {}, { limitEvals: null }), conn()));
    const run = await withArchive(async (a) => loadRun(a, r.runId));
    const failed = run.lines.filter((l) => l.class === 'provider_failure');
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed) {
      expect(['http_429', 'http_5xx']).toContain(f.errorClass);
      expect(f.final).toBe(false);
      const next = run.lines[f.seq + 1]!;
      expect(next.slot).toEqual(f.slot);
      expect(next.attempt).toBe(f.attempt + 1);
      expect(next.request).toBeUndefined(); // same request hash: only the hash the second time
      expect(next.requestHash).toBe(f.requestHash);
    }
    expect(run.run.attempts).toBe(144 + failed.length);
    expect(run.run.done).toBe(144);
  });
});

describe('faults', () => {
  it('an HTML body is a provider_failure (bad_body) with the text kept', async () => {
    const r = await withArchive((a) => startRun(a, opts('html'), conn()));
    const run = await withArchive(async (a) => loadRun(a, r.runId));
    expect(run.lines.every((l) => l.class === 'provider_failure' && l.errorClass === 'bad_body' && l.final)).toBe(true);
    expect((run.lines[0]!.response as { text: string }).text).toContain('<html>');
  });

  it('401 stops at once (EAUTH, exit 2): one attempt, journal intact, status interrupted, resumable', async () => {
    const before = ref.requests();
    const e = await fails(withArchive((a) => startRun(a, opts('locked', { runId: 'auth-1' }), conn())));
    expect(e.code).toBe('EAUTH');
    expect(e.exitCode).toBe(2);
    expect(ref.requests() - before).toBe(1);
    const j = journalOf('auth-1');
    expect(j.lines).toHaveLength(1);
    expect(j.lines[0]).toMatchObject({ errorClass: 'http_401', class: 'provider_failure', final: false });
    const rows = await withArchive(async (a) => listRuns(a));
    expect(rows.find((x) => x.id === 'auth-1')).toMatchObject({ status: 'interrupted', done: 0, digest: null });
  });

  it('endpoint down: EUNREACHABLE after the retries, slot left open; resume once it is up completes the run', async () => {
    const probe = createNetServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const baseUrl = `http://127.0.0.1:${port}/v1`;
    const e = await fails(withArchive((a) => startRun(a, opts('oracle', { baseUrl, runId: 'down-1' }, { retries: 1 }), conn())));
    expect(e.code).toBe('EUNREACHABLE');
    expect(e.message).toContain('--resume down-1');
    expect(journalOf('down-1').lines.map((l) => [l.errorClass, l.final])).toEqual([
      ['network', false],
      ['network', false],
    ]);
    const up = await startReferenceServer({ archive: dir, port });
    try {
      const r = await withArchive((a) => resumeRun(a, 'down-1', {}, conn()));
      expect(r.status).toBe('sealed');
      const run = await withArchive(async (a) => loadRun(a, 'down-1'));
      expect(run.lines.slice(0, 3).map((l) => [l.attempt, l.class])).toEqual([
        [0, 'provider_failure'],
        [1, 'provider_failure'],
        [2, 'answered'],
      ]);
      expect(run.run.done).toBe(run.plan.slots);
    } finally {
      await up.close();
    }
  });

  it('slow responses: ETIMEOUT with the timeouts journaled', async () => {
    const slow = await startReferenceServer({ archive: dir, port: 0, delayMs: 400 });
    try {
      const e = await fails(withArchive((a) => startRun(a, opts('oracle', { baseUrl: slow.baseUrl, runId: 'slow-1' }, { retries: 0, timeoutMs: 50 }), conn())));
      expect(e.code).toBe('ETIMEOUT');
      expect(journalOf('slow-1').lines.map((l) => l.errorClass)).toEqual(['timeout']);
    } finally {
      await slow.close();
    }
  });

  it('disk full while journaling: EDISKFULL, the journal intact up to the failure, resumable', async () => {
    // After 3 lines the disk is full: the 4th line is written in part (10 bytes), then ENOSPC.
    const e = await fails(withArchive((a) => startRun(a, opts('coin', { runId: 'disk-1' }), conn({ journalFault: { after: 3, code: 'ENOSPC', partial: 10 } }))));
    expect(e.code).toBe('EDISKFULL');
    const j = journalOf('disk-1');
    expect(j.lines).toHaveLength(3);
    expect(j.torn).toBe(true);
    const r = await withArchive((a) => resumeRun(a, 'disk-1', {}, conn()));
    const run = await withArchive(async (a) => loadRun(a, r.runId));
    expect(run.lines).toHaveLength(run.plan.slots);
    expect(run.lines.map((l) => l.attempt).every((x) => x === 0)).toBe(true); // none duplicated, none lost
  });

  it('an interrupt during an attempt journals it as interrupted, then stops; resume retries that slot (one in flight)', async () => {
    const slow = await startReferenceServer({ archive: dir, port: 0, delayMs: 150 });
    try {
      const ctrl = new AbortController();
      let seen = 0;
      const onAttempt = () => {
        if (++seen === 2) setTimeout(() => ctrl.abort(), 50); // lands inside the third request
      };
      const e = await fails(withArchive((a) => startRun(a, opts('oracle', { baseUrl: slow.baseUrl, runId: 'int-1' }), conn({ signal: ctrl.signal, onAttempt, concurrency: 1 }))));
      expect(e.code).toBe('EINTERRUPTED');
      const j = journalOf('int-1');
      expect(j.lines).toHaveLength(3);
      expect(j.lines[2]).toMatchObject({ class: 'interrupted', errorClass: 'interrupted', final: false, response: null });
      const rows = await withArchive(async (a) => listRuns(a));
      expect(rows.find((x) => x.id === 'int-1')).toMatchObject({ status: 'interrupted', done: 2 });
      const r = await withArchive((a) => resumeRun(a, 'int-1', {}, conn()));
      const run = await withArchive(async (a) => loadRun(a, r.runId));
      expect(run.lines[3]).toMatchObject({ slot: j.lines[2]!.slot, attempt: 1, class: 'answered', final: true });
      expect(run.run.done).toBe(run.plan.slots);
    } finally {
      await slow.close();
    }
  });

  it('a torn last line is dropped on resume and the chain continues', async () => {
    const e = await fails(withArchive((a) => startRun(a, opts('oracle', { runId: 'torn-1' }, { maxRequests: 1000 }), conn({ journalFault: { after: 2, code: 'EIO', partial: 0 } }))));
    expect(e.code).toBe('EJOURNALWRITE');
    appendFileSync(join(workDir(dir, 'torn-1'), JOURNAL_FILE), '{"attempt":0,"cla');
    const r = await withArchive((a) => resumeRun(a, 'torn-1', {}, conn()));
    const run = await withArchive(async (a) => loadRun(a, r.runId));
    expect(run.lines).toHaveLength(run.plan.slots);
  });

  it('a broken line in the middle is EJOURNAL on resume, naming the line', async () => {
    await fails(withArchive((a) => startRun(a, opts('locked', { runId: 'broken-1' }), conn())));
    const p = join(workDir(dir, 'broken-1'), JOURNAL_FILE);
    writeFileSync(p, `garbage\n${readFileSync(p, 'utf8')}`);
    const e = await fails(withArchive((a) => resumeRun(a, 'broken-1', {}, conn())));
    expect(e.code).toBe('EJOURNAL');
    expect(e.message).toContain('line 1');
  });

  it('--abandon seals a stopped run as interrupted, with what it has', async () => {
    await fails(withArchive((a) => startRun(a, opts('locked', { runId: 'aband-1' }), conn())));
    const r = await withArchive((a) => resumeRun(a, 'aband-1', { abandon: true }, conn()));
    expect(r.status).toBe('interrupted');
    expect(r.run).toMatchObject({ done: 0, attempts: 1, planned: 12 });
  });
});

describe('budgets', () => {
  it('a plan over --max-requests does not start (EBUDGET, exit 1) and stores nothing', async () => {
    const e = await fails(withArchive((a) => startRun(a, opts('oracle', { runId: 'cap-1' }, { maxRequests: 5 }), conn())));
    expect(e.code).toBe('EBUDGET');
    expect(e.exitCode).toBe(1);
    expect(e.message).toContain('12 requests, over --max-requests 5');
    expect(existsSync(workDir(dir, 'cap-1'))).toBe(false);
  });

  it('reaching --max-requests mid-run (retries) seals the run incomplete', async () => {
    // max_tokens 17: request hashes this server has not seen, so flaky fails first time again.
    const r = await withArchive((a) => startRun(a, opts('flaky', { runId: 'cap-2', params: { temperature: 0, max_tokens: 17 } }, { limitEvals: null, maxRequests: 144 }), conn()));
    expect(r.status).toBe('incomplete');
    expect(r.run.attempts).toBe(144);
    expect(r.run.done).toBeLessThan(144);
    expect(r.stopReason).toContain('max-requests');
    // Incomplete: sealed, not graded (so not ranked), and the result names the command that grades it.
    expect(r.grade).toMatchObject({ status: 'ungraded', reason: expect.stringContaining('a run sealed incomplete is not graded'), command: 'docket regrade cap-2' });
    expect(existsSync(join(dir, 'refs', 'grades', 'cap-2'))).toBe(false);
  });

  it('--max-known-cost-usd stops and seals incomplete once the reported cost reaches it', async () => {
    const r = await withArchive((a) => startRun(a, opts('oracle', { runId: 'cap-3' }, { maxKnownCostUsd: 0.0003 }), conn()));
    expect(r.status).toBe('incomplete');
    expect(r.run.knownCostUsd!).toBeGreaterThanOrEqual(0.0003);
    expect(r.run.done).toBeLessThan(12);
  });

  it('a plan whose estimate exceeds --max-known-cost-usd does not start', async () => {
    const e = await fails(withArchive((a) => startRun(a, opts('oracle', { runId: 'cap-4', pricePer1kTokens: 1 }, { maxKnownCostUsd: 0.01 }), conn())));
    expect(e.code).toBe('EBUDGET');
    expect(e.message).toContain('estimated cost');
  });
});

describe('the CLI', () => {
  it('dry run prints plan, count, hashes and estimate, and opens no socket', async () => {
    let connections = 0;
    const trap = createNetServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
    const port = (trap.address() as AddressInfo).port;
    try {
      const out = await runCli([
        'run',
        '--archive',
        dir,
        '--json',
        '--dry-run',
        '--model',
        'oracle',
        '--base-url',
        `http://127.0.0.1:${port}/v1`,
        '--limit-evals',
        '2',
        '--price-per-1k-tokens',
        '0.5',
      ]);
      expect(out.code).toBe(0);
      const j = JSON.parse(out.stdout);
      expect(j.dryRun).toBe(true);
      expect(j.requests).toBe(12);
      expect(j.requestHashes).toHaveLength(12);
      expect(j.estimate.costUsd).toBeGreaterThan(0);
      expect(j.plan.kind).toBe('plan');
      const text = await runCli(['run', '--archive', dir, '--dry-run', '--model', 'oracle', '--base-url', `http://127.0.0.1:${port}/v1`]);
      expect(text.stdout).toMatch(/^run oracle-\d{8}t\d{6}-[0-9a-f]{4} /);
      expect(text.stdout).toContain('48 questions × 3 permutations + 16 tasks,'); // every question and task unless told otherwise
      expect(text.stdout).toContain('requests: 160');
      expect(text.stdout).toContain('cost unknown');
      expect(connections).toBe(0);
    } finally {
      await new Promise<void>((r) => trap.close(() => r()));
    }
  });

  it('keys never reach the archive, stdout or stderr (even when the server echoes them); --env-file reads one variable', async () => {
    const KEY = 'sk-PLANTED-4f1c9e2b7d';
    const echo = createHttpServer((req, res) => {
      const auth = String(req.headers.authorization ?? '');
      req.resume();
      req.on('end', () => {
        if (auth !== 'Bearer good-key-value') {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: `bad key: ${auth}` } }));
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ model: 'echo', choices: [{ message: { content: 'A' }, finish_reason: 'stop' }], usage: { prompt_tokens: 1 } }));
        }
      });
    });
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v1`;
    const envFile = join(dir, '..', `keys-${process.pid}.env`);
    writeFileSync(envFile, `OTHER_SECRET=dont-read-me\nexport ECHO_KEY="${KEY}"\n`);
    try {
      const out = await runCli(['run', '--archive', dir, '--model', 'echo', '--base-url', url, '--limit-evals', '1', '--run-id', 'key-1', '--env-file', envFile, '--api-key-env', 'ECHO_KEY']);
      expect(out.code).toBe(2);
      expect(out.stdout.split('\n')[0]).toBe('run key-1');
      expect(out.stderr).toContain('EAUTH');
      const everything = allText(dir) + out.stdout + out.stderr;
      expect(everything).toContain('bad key: Bearer [REDACTED]'); // the echo was journaled, redacted
      expect(everything).not.toContain(KEY);
      expect(everything).not.toContain('dont-read-me');
      // Fixing the key and resuming continues the same run.
      const ok = await runCli(['run', '--archive', dir, '--resume', 'key-1', '--json'], { OPENAI_API_KEY: 'good-key-value' });
      expect(ok.code).toBe(0);
      const j = JSON.parse(ok.stdout);
      expect(j).toMatchObject({ runId: 'key-1', status: 'sealed', attempts: j.planned + 1 });
      expect(allText(dir)).not.toContain('good-key-value');
    } finally {
      rmSync(envFile, { force: true });
      await new Promise<void>((r) => echo.close(() => r()));
    }
  });

  it('docket runs lists sealed, interrupted and in-progress runs (a live lock holder)', async () => {
    await fails(withArchive((a) => startRun(a, opts('locked', { runId: 'live-1' }), conn())));
    writeFileSync(join(workDir(dir, 'live-1'), 'lock'), `${process.ppid}\n`);
    const out = await runCli(['runs', '--archive', dir, '--json']);
    expect(out.code).toBe(0);
    const runs = JSON.parse(out.stdout).runs as { id: string; status: string; digest: string | null; model: string }[];
    expect(runs.find((r) => r.id === 'live-1')).toMatchObject({ status: 'in-progress', model: 'locked', digest: null });
    expect(runs.find((r) => r.id === 'auth-1')?.status).toBe('interrupted');
    expect(runs.find((r) => r.id === 'cap-2')?.status).toBe('incomplete');
    expect(runs.find((r) => r.id === 'aband-1')?.status).toBe('interrupted');
    expect(runs.filter((r) => r.status === 'sealed').every((r) => /^sha256:/.test(r.digest!))).toBe(true);
    // A live recorder's run cannot be resumed twice.
    const e = await fails(withArchive((a) => resumeRun(a, 'live-1', {}, conn())));
    expect(e.code).toBe('ELOCKED');
  });

  it('rebuilding the index refills the runs table', async () => {
    const a = new Archive(dir);
    try {
      a.rebuildIndex();
      const rows = a.index().db.prepare('SELECT id, status FROM runs ORDER BY id').all() as { id: string; status: string }[];
      expect(rows.map((r) => r.id)).toContain('cap-2');
      expect(rows.find((r) => r.id === 'cap-2')?.status).toBe('incomplete');
    } finally {
      a.close();
    }
  });
});
