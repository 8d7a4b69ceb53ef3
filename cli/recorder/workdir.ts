import { closeSync, existsSync, fsync, fsyncSync, ftruncateSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parseDigest, type Digest } from '../../replay/digest.ts';
import { usageError } from '../../replay/errors.ts';
import { encodeLine, parseJournal, type JournalLine, type ParsedJournal } from '../../replay/journal.ts';
import { fsyncDir } from '../../replay/store.ts';
import { JOURNAL_FILE, LOCK_FILE, lockHolder, PLAN_FILE, STARTED_FILE, WORK_DIR, workDir } from '../../replay/runs.ts';

/**
 * The working directory of a live run: <archive>/runs/<id>/ with plan.digest, started-at,
 * journal.jsonl and lock. Created atomically (built under a dot-name, then renamed), appended one
 * fsynced line per attempt, removed only after the sealed run's ref is written.
 */

/** Writes bytes to the journal fd (the fsync follows in Journal.durable). Injected in tests to simulate a full disk. */
export type WriteFn = (fd: number, bytes: Uint8Array) => void;

export const defaultWrite: WriteFn = (fd, bytes) => {
  let off = 0;
  while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
};

/** How the journal's fsyncs went (for the benchmark's fsync rate). */
export interface JournalStats {
  lines: number; // lines appended by this writer
  fsyncs: number;
  fsyncMs: number; // summed time from each fsync's start to its completion
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

export function createWorkDir(archiveDir: string, id: string, planDigest: Digest, startedAt: string): string {
  const base = join(archiveDir, WORK_DIR);
  const dir = workDir(archiveDir, id);
  if (existsSync(dir)) throw usageError('ERUNEXISTS', `run ${id} already has a working directory (${dir}): resume it with \`docket run --resume ${id}\``, { runId: id });
  mkdirSync(base, { recursive: true });
  const temp = join(base, `.${id}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(temp);
  writeSynced(join(temp, PLAN_FILE), `${planDigest}\n`);
  writeSynced(join(temp, STARTED_FILE), `${startedAt}\n`);
  writeSynced(join(temp, JOURNAL_FILE), '');
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

/** The append-only journal of one run. */
export class Journal {
  private fd: number;
  private synced: number; // lines known to be on disk
  private syncing: Promise<void> | null = null;
  readonly stats: JournalStats = { lines: 0, fsyncs: 0, fsyncMs: 0 };
  private constructor(
    readonly path: string,
    readonly parsed: ParsedJournal,
    private readonly write: WriteFn,
  ) {
    this.fd = openSync(path, 'a');
    this.synced = parsed.lines.length;
  }

  /** Open for appending. A torn last line (a crash mid-write) is cut off first, so the next line starts clean. */
  static open(dir: string, planDigest: Digest, write: WriteFn = defaultWrite): Journal {
    const path = join(dir, JOURNAL_FILE);
    const parsed = parseJournal(readFileSync(path), planDigest);
    if (parsed.torn) {
      const fd = openSync(path, 'r+');
      try {
        ftruncateSync(fd, parsed.goodBytes);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
    return new Journal(path, parsed, write);
  }

  get lines(): readonly JournalLine[] {
    return this.parsed.lines;
  }

  get head(): Digest {
    return this.parsed.head;
  }

  /**
   * Append one line, in one write call (so lines never interleave: this object is the journal's one
   * writer, and every caller runs on the same thread). It is durable once `durable()` resolves. A
   * failed write stops the run with a coded error; the journal stays parseable.
   */
  append(line: Omit<JournalLine, 'seq' | 'prev'>): JournalLine {
    const full = { seq: this.parsed.lines.length, prev: this.parsed.head, ...line } as JournalLine;
    const ordered = { ...full }; // key order does not matter: the canonical form sorts keys
    const { text, hash } = encodeLine(ordered);
    try {
      this.write(this.fd, Buffer.from(`${text}\n`, 'utf8'));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? 'EIO';
      throw usageError(code === 'ENOSPC' || code === 'EDQUOT' ? 'EDISKFULL' : 'EJOURNALWRITE', `cannot append to the journal ${this.path} (${code}); the journal is intact up to line ${this.parsed.lines.length}; free space and resume`, { path: this.path, errno: code });
    }
    this.parsed.lines.push(full);
    this.parsed.hashes.push(hash);
    this.parsed.head = hash;
    this.stats.lines++;
    return full;
  }

  /**
   * Resolves once every line appended so far is fsynced. The fsync runs off the main thread, so the
   * requests in flight keep being served; lines appended while one is running are covered by the
   * next (group commit: with N in flight one fsync may cover several lines, never fewer than all of
   * them). An attempt counts as recorded only after this resolves.
   */
  async durable(): Promise<void> {
    const want = this.parsed.lines.length;
    while (this.synced < want) {
      this.syncing ??= this.fsyncNow();
      await this.syncing;
    }
  }

  private async fsyncNow(): Promise<void> {
    const upTo = this.parsed.lines.length;
    const t0 = performance.now();
    try {
      await new Promise<void>((resolve, reject) => fsync(this.fd, (e) => (e ? reject(e) : resolve())));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? 'EIO';
      throw usageError(code === 'ENOSPC' || code === 'EDQUOT' ? 'EDISKFULL' : 'EJOURNALWRITE', `cannot fsync the journal ${this.path} (${code}); resume once the disk is healthy`, { path: this.path, errno: code });
    } finally {
      this.syncing = null;
    }
    this.stats.fsyncs++;
    this.stats.fsyncMs += performance.now() - t0;
    this.synced = Math.max(this.synced, upTo);
  }

  close() {
    if (this.fd >= 0) {
      if (this.synced < this.parsed.lines.length) fsyncSync(this.fd); // a caller that did not wait (an error path)
      closeSync(this.fd);
    }
    this.fd = -1;
  }
}

/** After sealing: remove the working directory, and runs/ itself when it is left empty. */
export function removeWorkDir(archiveDir: string, id: string) {
  rmSync(workDir(archiveDir, id), { recursive: true, force: true });
  const base = join(archiveDir, WORK_DIR);
  try {
    if (readdirSync(base).length === 0) rmdirSync(base);
  } catch {
    // another run's directory appeared meanwhile, or it is already gone
  }
}
