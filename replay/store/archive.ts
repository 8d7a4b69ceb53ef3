import type { Decoded, Descriptor, Encoded } from '../format/bundle.ts';
import type { Digest } from '../format/digest.ts';
import type { Json } from '../format/json.ts';
import type { Index } from './sqlindex.ts';
import type { Store } from './store.ts';

/**
 * An archive as the layers between the store and the index (bank, runs, grading, import) use it:
 * bundles and refs, written through the archive so its index stays in step, and the index handle
 * for the questions a table answers faster than the bundles. Its one implementation is
 * `Archive` in replay/index/archive.ts, which knows the index's rows; the store imports nothing
 * above it, so the layers in between see this contract (docs/architecture.md).
 */
export interface Archive {
  readonly dir: string;
  readonly store: Store;
  /** The index, created from the bundles if missing. */
  index(): Index;
  /** The index brought up to date with the store first. */
  currentIndex(): Index;
  /** Run `fn` as the archive's one writer. */
  writing<T>(fn: () => T): T;
  put(value: unknown): Descriptor;
  /** Store an encoded bundle and index it; true when the object was new. */
  putEncoded(encoded: Encoded, value?: Json): boolean;
  get(digest: Digest): Decoded;
  setRef(name: string, digest: Digest): void;
  ref(name: string): Digest | null;
  /** Every ref file, as listed when the index was last brought up to date (or now). */
  listedRefs(): { name: string; raw: string }[];
  close(): void;
}
