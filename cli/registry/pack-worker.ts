// Worker thread for `docket push`: prepares new packs (pack-prepare.ts preparePack) on another
// core: each bundle re-hashed, the pack's digest, the secret scan. One message per pack, one answer.
import { parentPort } from 'node:worker_threads';
import { type PackBundle, preparePack } from './pack-prepare.ts';

const scratch = { buf: Buffer.alloc(0) };
parentPort!.on('message', ({ archive, bundles }: { archive: string; bundles: PackBundle[] }) => {
  try {
    parentPort!.postMessage({ result: preparePack(archive, bundles, scratch) });
  } catch (e) {
    parentPort!.postMessage({ error: (e as Error).message });
  }
});
