// Worker thread for `docket verify`: checks objects with the same code as the inline path, pulling
// indices from a counter shared with the main thread and the other workers (verify.ts checkAll, pull.ts).
// --quick needs only size and digest, plain JavaScript: no TypeScript loader, so it starts fast.
import { parentPort as port, workerData } from 'node:worker_threads';
import { checkSizeAndDigest } from './check-size-digest.mjs';

if (!port) throw new Error('a worker thread entry: load it with new Worker()');
const parentPort = port;

// The archive comes with the work, not at start-up: the CLI may start this worker before it has
// parsed its arguments (verify-prestart.mjs).
const { quick } = workerData;
/** @type {(archive: string, it: { path: string; digest: import('../format/digest.ts').Digest; expectedSize?: number }, descriptor: boolean, maxObjectBytes: number) => unknown} */
let check;
if (quick) {
  check = (archive, it, _descriptor, maxObjectBytes) => checkSizeAndDigest(`${archive}/${it.path}`, it.path, it.digest, true, it.expectedSize, maxObjectBytes).result;
} else {
  const { importTs } = await import('./load-ts.mjs');
  const { checkObject } = await importTs(new URL('../check/check-object.ts', import.meta.url));
  check = (archive, it, descriptor) => checkObject(`${archive}/${it.path}`, it.path, it.digest, false, it.expectedSize, descriptor);
}
parentPort.once('message', ({ archive, items, counter, descriptor, maxObjectBytes }) => {
  const pairs = [];
  for (let i = Atomics.add(counter, 0, 1); i < items.length; i = Atomics.add(counter, 0, 1)) pairs.push([i, check(archive, items[i], descriptor, maxObjectBytes)]);
  parentPort.postMessage(pairs);
});
