import type { Worker } from 'node:worker_threads';
import { NEXT_INDEX } from './shared-cells.ts';

/**
 * Indices 0..n-1 shared out one at a time through `counter` (an Int32Array over a SharedArrayBuffer,
 * starting at 0): this thread runs `inline(i)` for each index it takes while `workers`, already
 * given the counter, take theirs. Nobody waits for anybody to hand out work. Each worker replies
 * once with the `[index, result]` pairs it took, or fails with an 'error' event. A worker that took
 * nothing may still be starting, and is not waited for. `inline` null: only the workers work.
 * The workers are terminated at the end, without waiting (their teardown is not the job's time).
 */
export async function pullShared<R>(n: number, counter: Int32Array, workers: Worker[], inline: ((i: number) => R) | null, onProgress?: (done: number, total: number) => void): Promise<R[]> {
  const replies = workers.map(
    (w) =>
      new Promise<[number, R][]>((resolve, reject) => {
        w.once('message', resolve);
        w.once('error', reject);
      }),
  );
  replies.forEach((r) => r.catch(() => {})); // awaited below, unless this thread did everything
  const out = new Array<R>(n);
  let mine = 0;
  try {
    if (inline) {
      for (let i = Atomics.add(counter, NEXT_INDEX, 1); i < n; i = Atomics.add(counter, NEXT_INDEX, 1)) {
        out[i] = inline(i);
        if (++mine % 64 === 0) onProgress?.(i, n);
      }
    }
    if (mine < n) for (const reply of replies) for (const [i, r] of await reply) out[i] = r;
    onProgress?.(n, n);
    return out;
  } finally {
    for (const w of workers) void w.terminate();
  }
}
