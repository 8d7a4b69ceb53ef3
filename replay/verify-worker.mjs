// Worker thread for `docket verify`: checks objects with the same code as the inline path, pulling
// indices from a counter shared with the main thread and the other workers (verify.ts checkAll, pull.ts).
// --quick needs only size and digest, plain JavaScript: no TypeScript loader, so it starts fast.
import { parentPort, workerData } from 'node:worker_threads';
import { checkSizeAndDigest } from './check-size-digest.mjs';

const { archive, quick, maxObjectBytes } = workerData;
let check;
if (quick) {
  check = (it) => checkSizeAndDigest(`${archive}/${it.path}`, it.path, it.digest, true, it.expectedSize, maxObjectBytes).result;
} else {
  const { importTs } = await import('./load-ts.mjs');
  const { checkObject } = await importTs(new URL('./check-object.ts', import.meta.url));
  check = (it, descriptor) => checkObject(`${archive}/${it.path}`, it.path, it.digest, false, it.expectedSize, descriptor);
}
parentPort.once('message', ({ items, counter, descriptor }) => {
  const pairs = [];
  for (let i = Atomics.add(counter, 0, 1); i < items.length; i = Atomics.add(counter, 0, 1)) pairs.push([i, check(items[i], descriptor)]);
  parentPort.postMessage(pairs);
});
