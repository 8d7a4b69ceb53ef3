// Worker thread for `docket verify`: checks slices of objects with the same code as the inline path.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { checkObject } = await import('./check-object.ts');
const { archive, quick } = workerData;
parentPort.on('message', (items) => {
  parentPort.postMessage(items.map((it) => checkObject(`${archive}/${it.path}`, it.path, it.digest, quick, it.expectedSize)));
});
parentPort.postMessage('ready');
