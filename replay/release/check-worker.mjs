// Worker thread for release verify: checks bundles (bytes transferred from the tar stream) with the
// same code as `docket verify`, so the second core decodes while the main thread streams the tar.
import { parentPort } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
const { checkObjectBytes } = await import('../check-object.ts');
parentPort.on('message', ({ id, rel, digest, bytes }) => {
  parentPort.postMessage({ id, result: checkObjectBytes(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), rel, digest) });
});
