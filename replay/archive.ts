import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Decoded, Descriptor } from './bundle.ts';
import { encodeBundle, MAX_CONTENT_BYTES, type Encoded } from './bundle.ts';
import { gunzipStrict } from './gzip.ts';
import { parseCanonical, type Json } from './json.ts';
import type { Digest } from './digest.ts';
import { Index } from './sqlindex.ts';
import { Store } from './store.ts';

/** The archive: a store plus its index cache, kept in step by every write. */
export class Archive {
  readonly store: Store;
  private idx: Index | null = null;

  constructor(readonly dir: string) {
    this.dir = resolve(dir);
    this.store = new Store(this.dir);
  }

  /** The index, rebuilt from the bundles if missing (it is a cache: a clean clone has none). */
  index(): Index {
    if (!this.idx) this.idx = Index.exists(this.dir) ? Index.open(this.dir) : this.rebuildIndex();
    return this.idx;
  }

  put(value: unknown): Descriptor {
    const encoded = encodeBundle(value);
    this.putEncoded(encoded);
    return encoded.descriptor;
  }

  /** Store an encoded bundle and index it. Returns true when the object was new. */
  putEncoded({ bytes, descriptor, refs }: Encoded): boolean {
    mkdirSync(this.dir, { recursive: true });
    const written = this.store.putBytes(bytes, descriptor.digest);
    this.index().record(descriptor, refs);
    if (indexHooks.length) {
      // Decoded only if a hook reads it (each looks at the kind first): a pull of many attachments
      // spent most of its time here, re-inflating and parsing bundles no hook wanted.
      let value: Json | undefined;
      const bundle = { descriptor, refs, get value() { return (value ??= decodeValue(bytes)); } };
      for (const hook of indexHooks) hook(this.index(), bundle);
    }
    return written;
  }

  get(digest: Digest): Decoded {
    return this.store.get(digest);
  }

  setRef(name: string, digest: Digest) {
    this.store.writeRef(name, digest);
    this.index().setRef(name, digest);
  }

  ref(name: string): Digest | null {
    return this.store.readRef(name);
  }

  /** Recreate the index from objects and refs alone. Objects that fail to decode are skipped (verify reports them). */
  rebuildIndex(): Index {
    this.idx?.close();
    mkdirSync(this.dir, { recursive: true });
    this.idx = Index.rebuild(this.dir, (idx) => {
      for (const o of this.store.list().objects) {
        let d: Decoded;
        try {
          d = this.store.get(o.digest);
        } catch {
          continue;
        }
        idx.record(d.descriptor, d.refs);
        for (const hook of indexHooks) hook(idx, d);
      }
      for (const r of this.store.listRefs()) {
        try {
          const digest = this.store.readRef(r.name);
          if (digest) idx.setRef(r.name, digest);
        } catch {
          // a malformed ref is a verify finding, not a reason to fail the rebuild
        }
      }
    });
    return this.idx;
  }

  close() {
    this.idx?.close();
    this.idx = null;
  }
}

function decodeValue(bytes: Uint8Array) {
  return parseCanonical(gunzipStrict(bytes, MAX_CONTENT_BYTES)); // zlib rejects a maxOutputLength above 4 GiB
}

/** Kind-specific index tables (runs, grades…) register here so a rebuild fills them too. */
export type IndexHook = (idx: Index, bundle: Decoded) => void;
const indexHooks: IndexHook[] = [];
export function registerIndexHook(hook: IndexHook) {
  indexHooks.push(hook);
}
