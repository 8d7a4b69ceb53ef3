// Entry of a pull's store worker (store-worker.ts): loads it from the start-up bundle when fresh, else through tsx.
import { importTs } from '../../replay/accel/load-ts.mjs';

await importTs(new URL('./store-worker.ts', import.meta.url));
