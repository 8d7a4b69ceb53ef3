import { closeSync, existsSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { parseDigest, type Digest } from '../../replay/format/digest.ts';
import { compiledModule } from '../../replay/package-files.ts';
import { usageError, type DocketError } from '../../replay/errors.ts';
import { encodeLine, headText, JournalTally, type HeadRecord, type JournalLine } from '../../replay/runs/journal.ts';
import { fsyncDir } from '../../replay/store/store.ts';
import { tempName } from '../../replay/store/temps.ts';
import type { CommitAnswer, CommitMessage } from './journal-worker.ts';
import { HEAD_FILE, JOURNAL_FILE, LOCK_FILE, lockHolder, PLAN_FILE, PLAN_RECORD_FILE, readWorkJournal, STARTED_FILE, WORK_DIR, workDir } from '../../replay/runs/runs.ts';

/**
 * The working directory of a live run: <archive>/runs/<id>/ with plan.digest, started-at,
 * journal.jsonl, journal.head and lock. Created atomically (built under a dot-name, then renamed),
 * appended one fsynced line per attempt, each followed by a new head record (journal.ts
 * HeadRecord), removed only after the sealed run's ref is written.
 */

/**
 * How the journal's commits went (the recording benchmark's fsync rate): 3 fsyncs per line with the
 * head record. `commitMs` is the commits' time on the committer thread; `appendMs` is what the main
 * thread spends per line (its canonical form and hash).
 */
export interface JournalStats {
  lines: number;
  fsyncs: number;
  commitMs: number;
  appendMs: number;
}

/** A test's full or failing disk: after `after` lines, the next one writes `partial` bytes and fails with `code`. */
export interface JournalFault {
  after: number;
  code: string;
  partial: number;
}

function writeSynced(path: string, text: string) {
  const fd = openSync(path, 'wx', 0o644);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function createWorkDir(archiveDir: string, id: string, planDigest: Digest, startedAt: string, planRecord: Digest | null = null): string {
  const base = join(archiveDir, WORK_DIR);
  const dir = workDir(archiveDir, id);
  if (existsSync(dir)) throw usageError('ERUNEXISTS', `run ${id} already has a working directory (${dir}): resume it with \`docket run --resume ${id}\``, { runId: id });
  mkdirSync(base, { recursive: true });
  const temp = join(base, tempName(id));
  mkdirSync(temp);
  writeSynced(join(temp, PLAN_FILE), `${planDigest}\n`);
  writeSynced(join(temp, STARTED_FILE), `${startedAt}\n`);
  if (planRecord) writeSynced(join(temp, PLAN_RECORD_FILE), `${planRecord}\n`); // a run of a registered plan (design.md §22)
  writeSynced(join(temp, JOURNAL_FILE), '');
  writeSynced(join(temp, HEAD_FILE), headText({ lines: 0, head: planDigest }));
  fsyncDir(temp);
  renameSync(temp, dir);
  fsyncDir(base);
  return dir;
}

export function readPlanDigest(dir: string): Digest {
  return parseDigest(readFileSync(join(dir, PLAN_FILE), 'utf8').trim(), `${dir}/${PLAN_FILE}`);
}

export function readStartedAt(dir: string): string {
  try {
    return readFileSync(join(dir, STARTED_FILE), 'utf8').trim() || 'unknown';
  } catch {
    return 'unknown';
  }
}

export function takeLock(dir: string, id: string) {
  const holder = lockHolder(dir);
  if (holder !== null) throw usageError('ELOCKED', `run ${id} is being recorded by process ${holder}; wait for it or stop it first`, { runId: id, pid: holder });
  writeFileSync(join(dir, LOCK_FILE), `${process.pid}\n`);
}

export function releaseLock(dir: string) {
  try {
    const pid = Number(readFileSync(join(dir, LOCK_FILE), 'utf8').trim());
    if (pid === process.pid) unlinkSync(join(dir, LOCK_FILE));
  } catch {
    // already gone (sealed and removed)
  }
}

/**
 * The append-only journal of one run. Only totals are kept in memory (JournalTally), never the
 * lines: a journal of millions of lines opens in constant memory in its length.
 *
 * An append chains and encodes its line on the calling thread, at once, so the chain is the order
 * of the appends. The line is then committed by a worker thread (journal-worker.ts), one line at a
 * time in that order: the line's write, the head record's temp, both fsynced, then the rename over
 * journal.head and the directory's fsync (docs/design.md §9). The next line is written only after
 * the previous one's head record is durable, so a crash leaves at most one complete line past the
 * head record, as when every append was synchronous. `durable()` resolves once every line appended
 * so far is committed.
 */
export class Journal {
  readonly stats: JournalStats = { lines: 0, fsyncs: 0, commitMs: 0, appendMs: 0 };
  private committed: Promise<void> = Promise.resolve(); // the last appended line's commit
  private readonly waiting: { resolve: () => void; reject: (e: DocketError) => void; lines: number }[] = []; // commits in flight, oldest first
  private failure: DocketError | null = null; // the first failed commit: nothing is written after it
  private worker: Worker | null;
  private closed: Promise<void> | null = null;
  private constructor(
    readonly dir: string,
    readonly path: string,
    readonly tally: JournalTally,
    private last: HeadRecord,
    fault: JournalFault | null,
  ) {
    this.worker = new Worker(compiledModule('cli/recorder/journal-worker'), { workerData: { dir, journal: path, head: HEAD_FILE, fault } });
    this.worker.on('message', (m: CommitAnswer) => this.acknowledged(m));
    // A committer that dies (it should not) fails every line it had not committed.
    this.worker.on('error', (e) => this.fail({ code: (e as NodeJS.ErrnoException).code ?? 'EIO', message: e.message }, this.waiting[0]?.lines ?? this.last.lines + 1));
    this.worker.on('exit', () => {
      this.worker = null;
      if (this.waiting.length) this.fail({ code: 'EIO', message: 'the journal committer stopped' }, this.waiting[0]!.lines);
    });
  }

  /**
   * Open for appending. What is past the committed lines — a torn last line (a crash mid-write) or
   * one complete line the head record does not name yet (a crash before the head update) — is cut
   * off first, so that attempt is asked again and the next line starts clean.
   */
  static open(dir: string, planDigest: Digest, fault: JournalFault | null = null): Journal {
    const path = join(dir, JOURNAL_FILE);
    const tally = new JournalTally();
    const r = readWorkJournal(dir, planDigest, (l) => tally.add(l));
    if (r.torn || r.unanchored) {
      const fd = openSync(path, 'r+');
      try {
        ftruncateSync(fd, r.goodBytes);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
    return new Journal(dir, path, tally, { lines: r.count, head: r.head }, fault);
  }

  /** Lines appended (committed, or being committed in order). */
  get count(): number {
    return this.last.lines;
  }

  get head(): Digest {
    return this.last.head;
  }

  /**
   * Append one line: chained and encoded now, committed in the background (await `durable()`
   * before the attempt counts). After a failed commit nothing more is written and every append
   * throws that failure, a coded error; the journal stays parseable (an uncommitted line is cut on
   * resume).
   */
  append(line: Omit<JournalLine, 'seq' | 'prev'>): JournalLine {
    if (this.failure) throw this.failure;
    if (!this.worker || this.closed) throw new Error(`the journal ${this.path} is closed`);
    const t0 = performance.now();
    const full = { seq: this.last.lines, prev: this.last.head, ...line } as JournalLine;
    const { text, hash } = encodeLine(full); // key order does not matter: the canonical form sorts keys
    const next = { lines: this.last.lines + 1, head: hash };
    this.committed = new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject, lines: next.lines }));
    this.committed.catch(() => {}); // reported through durable(), never as an unhandled rejection
    this.worker.postMessage({ text, headText: headText(next), temp: tempName(HEAD_FILE) } satisfies CommitMessage); // strings: cheaper to pass than bytes; the one temp-name scheme (replay/store/temps.ts)
    this.last = next;
    this.tally.add(full);
    this.stats.lines++;
    this.stats.appendMs += performance.now() - t0;
    return full;
  }

  /** The committer answers once per line, in order. */
  private acknowledged(m: CommitAnswer) {
    const w = this.waiting[0];
    if (!w) return;
    if (m.error) return this.fail(m.error, w.lines);
    this.waiting.shift();
    this.stats.fsyncs += 3; // the line, the head record's temp file, the directory
    this.stats.commitMs += m.ms ?? 0;
    w.resolve();
  }

  /** Every line not yet committed fails with the first failure (a coded error naming the last committed line). */
  private fail(e: { code: string; message: string }, line: number) {
    this.failure ??= usageError(
      e.code === 'ENOSPC' || e.code === 'EDQUOT' ? 'EDISKFULL' : 'EJOURNALWRITE',
      `cannot append to the journal ${this.path} (${e.code}); the journal is intact up to line ${line - 1}; free space and resume`,
      { path: this.path, errno: e.code },
    );
    for (const w of this.waiting.splice(0)) w.reject(this.failure);
  }

  /** Resolves once every line appended so far is committed (its line and head record durable); rejects with the first failed commit. */
  durable(): Promise<void> {
    return this.committed;
  }

  /** Wait for the commits in progress (a failed one is reported by `durable()`), then stop the committer. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      await this.committed.catch(() => {});
      const w = this.worker;
      if (!w) return;
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      w.postMessage('close'); // the committer closes the journal file, then its port: the thread ends
      await exited;
    })();
    return this.closed;
  }
}

/**
 * After sealing: remove the working directory, and runs/ itself when it is left empty. The
 * directory is first renamed to a temp name (replay/store/temps.ts) in one step, so a crash during the
 * removal leaves either the whole directory (resume finishes the seal) or a temp (verify hints,
 * repair removes), never a half-emptied runs/<id>/ that --resume cannot read.
 */
export function removeWorkDir(archiveDir: string, id: string) {
  const base = join(archiveDir, WORK_DIR);
  const dir = workDir(archiveDir, id);
  const doomed = join(base, tempName(id));
  try {
    renameSync(dir, doomed);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  fsyncDir(base);
  rmSync(doomed, { recursive: true, force: true });
  try {
    if (readdirSync(base).length === 0) rmdirSync(base);
  } catch {
    // another run's directory appeared meanwhile, or it is already gone
  }
}
