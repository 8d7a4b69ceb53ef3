// Worker thread for `docket verify`: checks slices of objects with the same code as the inline path.
// --quick needs only size and digest, plain JavaScript: no TypeScript loader, so it starts in ~30 ms.
import { parentPort, workerData } from 'node:worker_threads';
import { checkSizeAndDigest } from './check-size-digest.mjs';

const { archive, quick, maxObjectBytes } = workerData;
let check;
if (quick) {
  check = (it) => checkSizeAndDigest(`${archive}/${it.path}`, it.path, it.digest, true, it.expectedSize, maxObjectBytes).result;
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { checkObject } = await import('./check-object.ts');
  check = (it) => checkObject(`${archive}/${it.path}`, it.path, it.digest, false, it.expectedSize);
}
parentPort.on('message', (items) => parentPort.postMessage(items.map(check)));
parentPort.postMessage('ready');
