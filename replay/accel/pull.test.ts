import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { pullShared } from './pull.ts';

/** A worker that squares the indices it takes (or throws at `failAt`). */
function squarer(n: number, counter: Int32Array, failAt = -1): Worker {
  const code = `
    const { parentPort, workerData: { n, counter, failAt } } = require('node:worker_threads');
    const pairs = [];
    for (let i = Atomics.add(counter, 0, 1); i < n; i = Atomics.add(counter, 0, 1)) {
      if (i === failAt) throw new Error('disk full at ' + i);
      pairs.push([i, i * i]);
    }
    parentPort.postMessage(pairs);`;
  return new Worker(code, { eval: true, workerData: { n, counter, failAt } });
}

describe('pullShared', () => {
  const n = 5000;
  const squares = Array.from({ length: n }, (_, i) => i * i);

  it('every index exactly once, whoever took it, with this thread working too', async () => {
    const counter = new Int32Array(new SharedArrayBuffer(4));
    let inline = 0;
    const seen: number[] = [];
    const out = await pullShared(
      n,
      counter,
      [squarer(n, counter), squarer(n, counter)],
      (i) => (inline++, i * i),
      (done) => seen.push(done),
    );
    expect(out).toEqual(squares);
    expect(inline).toBeLessThanOrEqual(n);
    expect(seen.at(-1)).toBe(n);
  });

  it('workers only, when no inline function is given', async () => {
    const counter = new Int32Array(new SharedArrayBuffer(4));
    expect(await pullShared(n, counter, [squarer(n, counter)], null)).toEqual(squares);
  });

  it("a worker's failure is the caller's error", async () => {
    const counter = new Int32Array(new SharedArrayBuffer(4));
    await expect(pullShared(n, counter, [squarer(n, counter, 0)], null)).rejects.toThrow('disk full at 0');
  });
});
