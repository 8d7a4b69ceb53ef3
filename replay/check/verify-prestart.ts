// A head start for `docket verify`'s worker thread. The CLI entry (cli/docket.ts) calls
// prestartVerifyWorker before it loads the rest of docket, so the worker's own start-up (60-110 ms
// here, more for a full check, which loads the check code) overlaps the CLI's instead of delaying
// the check. verify.ts takes the worker when it uses threads, and ends it when it does not. The
// worker holds no archive until verify sends one, and an unused one never keeps the process alive.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { compiledModule } from '../package-files.ts';

interface Prestarted {
  quick: boolean;
  worker: Worker;
  failed: boolean;
}

const KEY = Symbol.for('docket.verifyWorker');
const slot = globalThis as { [key: symbol]: Prestarted | undefined };
const WITH_VALUE = new Set(['--archive', '--expect', '--key', '--extract', '--root', '--proof']);

/**
 * The worker verify.ts would start for this mode. A small young generation trims peak RSS. No
 * old-generation cap: a worker that hits one inside a native allocation (JSON.parse of a big,
 * legal bundle) took the whole process down in tests.
 */
export function startVerifyWorker(quick: boolean): Worker {
  return new Worker(compiledModule('replay/check/verify-worker'), { workerData: { quick }, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
}

/** Start the worker when argv asks for an archive verify on a machine with a second core. */
export function prestartVerifyWorker(argv: readonly string[]): void {
  if (availableParallelism() < 2 || slot[KEY]) return;
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h' || a === '--version' || a === '--proof' || a.startsWith('--proof=')) return;
    if (WITH_VALUE.has(a)) i++;
    else if (!a.startsWith('-')) positional.push(a);
  }
  if (positional[0] !== 'verify' || /\.(tgz|tar\.gz)$/.test(positional[1] ?? '')) return; // a release has threads of its own
  const quick = argv.includes('--quick');
  const entry: Prestarted = { quick, worker: startVerifyWorker(quick), failed: false };
  entry.worker.unref();
  entry.worker.once('error', () => (entry.failed = true)); // a lost head start: verify starts its own
  slot[KEY] = entry;
}

/** The prestarted worker, if it is for this mode and alive; null otherwise (then verify starts one). */
export function takeVerifyWorker(quick: boolean): Worker | null {
  const entry = slot[KEY];
  if (!entry) return null;
  delete slot[KEY];
  if (entry.quick !== quick || entry.failed) {
    void entry.worker.terminate();
    return null;
  }
  entry.worker.ref();
  return entry.worker;
}

/** End a prestarted worker that verify did not use. */
export function dropVerifyWorker(): void {
  const entry = slot[KEY];
  if (!entry) return;
  delete slot[KEY];
  void entry.worker.terminate();
}
