// Worker thread for release verify: checks bundles with the same code as `docket verify`, so the
// second core decodes while the main thread streams the tar. Bundles come in batches, answered
// each with one message. Each bundle is read in place from the
// ring of shared memory the main thread collected it into (bundle-checks.ts); the main thread
// reuses that slice only after this answer. A bundle the listing admits is also written into staging
// here and hashed once: the digest of the bytes written serves both its name and the manifest.
import { parentPort, workerData } from 'node:worker_threads';
import { checkObjectBytes } from '../check/check-object.ts';
import type { Job } from './bundle-checks.ts';
import { CLAIM } from '../accel/shared-cells.ts';
import { writeNew } from '../accel/write-new.ts';

const { ring, claims } = workerData as { ring: SharedArrayBuffer; claims: Int32Array };
const { QUEUED, TAKEN } = CLAIM;
parentPort!.on('message', (jobs: Job[]) => parentPort!.postMessage(jobs.map(check)));
// Loaded: the main thread terminates this worker only after this, since a worker terminated while
// its modules load can leave their files open in the process (seen under load).
parentPort!.postMessage(null);

function check({ id, slot, rel, digest, start, length, out }: Job) {
  // The main thread may have taken this bundle itself (at the end, newest first): then only say so.
  if (Atomics.compareExchange(claims, slot, QUEUED, TAKEN) !== QUEUED) return { id, taken: true };
  const buf = Buffer.from(ring, start, length);
  let written;
  try {
    written = (out && writeNew(out.abs, out.mode, buf)) ?? undefined; // null: the name was taken, nothing written
  } catch (e) {
    return { id, error: (e as Error).message };
  }
  return { id, written, result: checkObjectBytes(buf, rel, digest, false, written) };
}
