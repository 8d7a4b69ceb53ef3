// The journal's committer (cli/recorder/workdir.ts Journal): a worker thread that makes each journal
// line durable, one line after another in the order they arrive, with plain synchronous calls.
// Only node: modules, so the thread starts fast; like every worker it runs compiled, from dist/
// (replay/package-files.ts compiledModule). Off the main thread, a line's commit waits neither for
// the recorder's event loop nor for a trip through libuv's pool between each of its calls. (Running
// the temp's fsync on the pool beside the line's was measured slower here, 4 runs of 4, so the
// calls stay in sequence.)
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort as port, workerData } from 'node:worker_threads';

if (!port) throw new Error('a worker thread entry: load it with new Worker()');
const parentPort = port;

/** What the committer is told per line: the line without its newline, the next head record, and its temp name. */
export interface CommitMessage {
  text: string;
  headText: string;
  temp: string;
}
/** Its answer per line: the commit's time, or the (first) failure. */
export interface CommitAnswer {
  ms?: number;
  error?: { code: string; message: string };
}

const { dir, journal, head, fault } = workerData as { dir: string; journal: string; head: string; fault: { after: number; code: string; partial: number } | null };
const fd = openSync(journal, 'a');
let failure: { code: string; message: string } | null = null; // after a failed commit nothing more is written: a later line would chain to one not on disk
let lines = 0;

function writeAll(to: number, bytes: Uint8Array): void {
  for (let off = 0; off < bytes.length; ) off += writeSync(to, bytes, off, bytes.length - off);
}

/**
 * One line (docs/design.md §9): the line is appended and the next head record written under its
 * temp name; both are fsynced, and only then is the temp renamed over journal.head and the
 * directory fsynced. (On a journaling file system the line's fsync usually carries the temp's
 * write too, so the second fsync finds little left to do.)
 */
function commit(m: CommitMessage): void {
  lines++;
  let bytes = Buffer.from(`${m.text}\n`, 'utf8');
  const failNow = fault !== null && lines > fault.after;
  if (failNow) bytes = bytes.subarray(0, fault.partial); // a test's full disk: part of the line, then the error
  writeAll(fd, bytes);
  if (failNow) throw Object.assign(new Error(`${fault.code} (injected)`), { code: fault.code });
  const temp = join(dir, m.temp);
  const h = openSync(temp, 'wx', 0o644);
  try {
    try {
      writeAll(h, Buffer.from(m.headText, 'utf8'));
      fsyncSync(fd);
      fsyncSync(h);
    } finally {
      closeSync(h);
    }
    renameSync(temp, join(dir, head));
  } catch (e) {
    rmSync(temp, { force: true }); // never installed
    throw e;
  }
  const d = openSync(dir, 'r');
  try {
    fsyncSync(d);
  } finally {
    closeSync(d);
  }
}

const answer = (a: CommitAnswer): void => parentPort.postMessage(a);

parentPort.on('message', (m: CommitMessage | 'close') => {
  if (m === 'close') {
    closeSync(fd);
    parentPort.close();
    return;
  }
  if (failure) return answer({ error: failure });
  const t0 = performance.now();
  try {
    commit(m);
    answer({ ms: performance.now() - t0 });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    failure = { code: typeof err?.code === 'string' ? err.code : 'EIO', message: String(err?.message ?? err) };
    answer({ error: failure });
  }
});
