import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Decoded, Descriptor } from '../format/bundle.ts';
import { encodeBundle, MAX_CONTENT_BYTES, type Encoded } from '../format/bundle.ts';
import { gunzipStrict } from '../format/gzip.ts';
import { parseCanonical } from '../format/json.ts';
import type { Digest } from '../format/digest.ts';
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

  /**
   * The index, created from the bundles if missing and replaced if damaged (it is a cache: a clean
   * clone has none). Creating one never replaces a file another writer has open (sqlindex.ts).
   */
  index(): Index {
    if (!this.idx) {
      mkdirSync(this.dir, { recursive: true });
      this.idx = Index.open(this.dir, (idx) => this.fill(idx));
    }
    return this.idx;
  }

  /** Run `fn` as the archive's one writer (an IMMEDIATE index transaction): for read-modify-write of refs. */
  writing<T>(fn: () => T): T {
    return this.index().write(fn);
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
    const idx = this.index();
    const hooks = indexHooks.filter((h) => !h.kinds || h.kinds.includes(descriptor.kind));
    const value = hooks.length ? decodeValue(bytes) : null;
    idx.write(() => {
      idx.record(descriptor, refs);
      for (const h of hooks) h.hook(idx, { value: value!, descriptor, refs });
    });
    return written;
  }

  get(digest: Digest): Decoded {
    return this.store.get(digest);
  }

  /** Ref file and index row under one writer lock, so two writers of one ref leave both agreeing. */
  setRef(name: string, digest: Digest) {
    const idx = this.index();
    idx.write(() => {
      this.store.writeRef(name, digest);
      idx.setRef(name, digest);
    });
  }

  ref(name: string): Digest | null {
    return this.store.readRef(name);
  }

  /** Recreate the index from objects and refs alone (in place, one transaction: see sqlindex.ts). */
  rebuildIndex(): Index {
    this.idx?.close();
    mkdirSync(this.dir, { recursive: true });
    this.idx = Index.rebuild(this.dir, (idx) => this.fill(idx));
    return this.idx;
  }

  /** Every row from the bundles. Objects that fail to decode are skipped (verify reports them). */
  private fill(idx: Index) {
    for (const o of this.store.list().objects) {
      let d: Decoded;
      try {
        d = this.store.get(o.digest);
      } catch {
        continue;
      }
      idx.record(d.descriptor, d.refs);
      for (const h of indexHooks) if (!h.kinds || h.kinds.includes(d.descriptor.kind)) h.hook(idx, d);
    }
    for (const r of this.store.listRefs()) {
      try {
        const digest = this.store.readRef(r.name);
        if (digest) idx.setRef(r.name, digest);
      } catch {
        // a malformed ref is a verify finding, not a reason to fail the rebuild
      }
    }
  }

  close() {
    this.idx?.close();
    this.idx = null;
  }
}

function decodeValue(bytes: Uint8Array) {
  return parseCanonical(gunzipStrict(bytes, MAX_CONTENT_BYTES)); // zlib rejects a maxOutputLength above 4 GiB
}

/**
 * Kind-specific index tables (runs, grades…) register here so a rebuild fills them too, and verify
 * compares them with the rows it builds from the bundles. `kinds`: the bundle kinds the hook reads
 * (verify decodes only those; without it, every bundle).
 */
export type IndexHook = (idx: Index, bundle: Decoded) => void;
const indexHooks: { hook: IndexHook; kinds?: string[] }[] = [];
export function registerIndexHook(hook: IndexHook, kinds?: string[]) {
  indexHooks.push({ hook, kinds });
}

/** The registered hooks (verify runs them into an in-memory index). */
export function indexHooksFor(kind: string): IndexHook[] {
  return indexHooks.filter((h) => !h.kinds || h.kinds.includes(kind)).map((h) => h.hook);
}
