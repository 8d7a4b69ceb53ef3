// Worker thread for release verify: checks bundles (bytes transferred from the tar stream) with the
// same code as `docket verify`, so the second core decodes while the main thread streams the tar.
import { parentPort } from 'node:worker_threads';
import { importTs } from '../load-ts.mjs';

const { checkObjectBytes } = await importTs(new URL('../check-object.ts', import.meta.url));
parentPort.on('message', ({ id, rel, digest, bytes }) => {
  parentPort.postMessage({ id, result: checkObjectBytes(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), rel, digest, false) });
});
