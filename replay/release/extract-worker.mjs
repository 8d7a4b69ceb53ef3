// Worker thread for release extraction: copies entries out of the spool, taking indices from a
// counter shared with the main thread (release/verify.ts copyAll, pull.ts). A failure (a full disk)
// is the worker's 'error' event.
import { parentPort, workerData } from 'node:worker_threads';
import { copyOut } from './copy-out.mjs';

const { spool, files, counter } = workerData;
const buf = Buffer.allocUnsafe(1 << 20);
const done = [];
for (let i = Atomics.add(counter, 0, 1); i < files.length; i = Atomics.add(counter, 0, 1)) done.push([i, copyOut(spool, files[i], buf)]);
parentPort.postMessage(done);
