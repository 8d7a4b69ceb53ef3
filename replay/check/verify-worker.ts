// Worker thread for `docket verify`: checks objects with the same code as the inline path, pulling
// indices from a counter shared with the main thread and the other workers (verify.ts checkAll, pull.ts).
// --quick needs only size and digest: it loads check-size-digest.ts alone, so it starts fast.
import { parentPort, workerData } from 'node:worker_threads';
import type { Digest } from '../format/digest.ts';
import { checkSizeAndDigest } from '../accel/check-size-digest.ts';
import { NEXT_INDEX } from '../accel/shared-cells.ts';

interface Item {
  path: string;
  digest: Digest;
  expectedSize?: number;
}
type Check = (archive: string, it: Item, descriptor: boolean, maxObjectBytes: number) => unknown;

// The archive comes with the work, not at start-up: the CLI may start this worker before it has
// parsed its arguments (verify-prestart.ts).
const { quick } = workerData as { quick: boolean };
let check: Check;
if (quick) {
  check = (archive, it, _descriptor, maxObjectBytes) => checkSizeAndDigest(`${archive}/${it.path}`, it.path, it.digest, true, it.expectedSize, maxObjectBytes).result;
} else {
  const { checkObject } = await import('./check-object.ts');
  check = (archive, it, descriptor) => checkObject(`${archive}/${it.path}`, it.path, it.digest, false, it.expectedSize, descriptor);
}
parentPort!.once('message', ({ archive, items, counter, descriptor, maxObjectBytes }: { archive: string; items: Item[]; counter: Int32Array; descriptor: boolean; maxObjectBytes: number }) => {
  const pairs: [number, unknown][] = [];
  for (let i = Atomics.add(counter, NEXT_INDEX, 1); i < items.length; i = Atomics.add(counter, NEXT_INDEX, 1)) pairs.push([i, check(archive, items[i]!, descriptor, maxObjectBytes)]);
  parentPort!.postMessage(pairs);
});
