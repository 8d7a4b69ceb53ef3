import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CheckedContent, Decoded, Descriptor } from '../format/bundle.ts';
import { checkContent, descriptorOf, encodeBundle, MAX_CONTENT_BYTES, type Encoded } from '../format/bundle.ts';
import { gunzipStrict } from '../format/gzip.ts';
import { parseCanonical, type Json } from '../format/json.ts';
import { isDigest, type Digest } from '../format/digest.ts';
import { DocketError } from '../errors.ts';
import { hasRows, indexRows, waitingFor, type BundleSource } from './rows.ts';
import { INDEX_SCHEMA } from './schema.ts';
import type { Archive as ArchiveContract } from '../store/archive.ts';
import { Index } from '../store/sqlindex.ts';
import { Store } from '../store/store.ts';
import { storeStamp } from '../store/store-stamp.ts';

/** meta key of the store stamp recorded when the index was last brought up to date with the store. */
const STORE_STAMP = 'storeStamp';

/**
 * The archive: a store plus its index cache, kept in step by every write. The layers below the
 * index (bank, runs, grading, import) use it through its contract, store/archive.ts.
 */
export class Archive implements ArchiveContract {
  readonly store: Store;
  private idx: Index | null = null;
  /** The index was brought up to date by this instance (its own writes keep it so). */
  private synced = false;
  /** The refs as that update read them (ten thousand runs are twenty thousand ref files). */
  private refListing: { name: string; raw: string }[] | null = null;
  /** What the index's row builders read the bundles a bundle names from: the store, never the index. */
  private readonly source: BundleSource = { get: (d) => this.store.get(d) };

  constructor(readonly dir: string) {
    this.dir = resolve(dir);
    this.store = new Store(this.dir);
  }

  /**
   * The index, created from the bundles if missing and replaced if damaged (it is a cache: a clean
   * clone has none). Creating one never replaces a file another writer has open (store/sqlindex.ts).
   */
  index(): Index {
    if (!this.idx) {
      mkdirSync(this.dir, { recursive: true });
      this.idx = Index.open(this.dir, INDEX_SCHEMA, (idx) => this.fill(idx));
    }
    return this.idx;
  }

  /** Run `fn` as the archive's one writer (an IMMEDIATE index transaction): for read-modify-write of refs. */
  writing<T>(fn: () => T): T {
    return this.index().write(fn);
  }

  put(value: unknown): Descriptor {
    const encoded = encodeBundle(value);
    this.putEncoded(encoded, value as Json);
    return encoded.descriptor;
  }

  /**
   * Store an encoded bundle and index it (its rows and the rows of bundles that were waiting for it).
   * `value`: the bundle's value when the caller has it (saves decoding the bytes again). Returns
   * true when the object was new.
   */
  putEncoded({ bytes, descriptor, refs }: Encoded, value?: Json): boolean {
    mkdirSync(this.dir, { recursive: true });
    const written = this.store.putBytes(bytes, descriptor.digest);
    const idx = this.index();
    idx.write(() => {
      if (!written && idx.object(descriptor.digest)) return; // stored and indexed before
      idx.record(descriptor, refs);
      if (hasRows(descriptor.kind)) indexRows(idx.db, { value: value ?? decodeValue(bytes), descriptor }, this.source);
      this.resolveWaiting(idx, descriptor.digest);
    });
    return written;
  }

  get(digest: Digest): Decoded {
    return this.store.get(digest);
  }

  /** Ref file and index row under one writer lock, so two writers of one ref leave both agreeing. */
  setRef(name: string, digest: Digest) {
    this.refListing = null;
    const idx = this.index();
    idx.write(() => {
      this.store.writeRef(name, digest);
      idx.setRef(name, digest);
    });
  }

  ref(name: string): Digest | null {
    return this.store.readRef(name);
  }

  /**
   * Recreate the index from objects and refs alone (in place, one transaction: see store/sqlindex.ts).
   * The refs it recorded whose files are gone are kept as lost refs first (lost-refs.ts): a rebuild
   * never forgets what only the index knew.
   */
  rebuildIndex(): Index {
    this.idx?.close();
    mkdirSync(this.dir, { recursive: true });
    this.idx = Index.rebuild(
      this.dir,
      INDEX_SCHEMA,
      (idx) => this.fill(idx),
      (idx) => this.noteLostRefs(idx),
    );
    this.synced = true;
    this.refListing = null;
    return this.idx;
  }

  /**
   * The index, brought up to date with the store first: the objects table records which bundles
   * it covers, so objects that arrived by other means (a copy, git, a pull killed midway) are
   * indexed now, refs are re-read, and an object gone from the store (repair moved it) means a
   * rebuild. What the reading commands and `docket sql` open.
   *
   * That look at every object and ref file is skipped when the store's stamp (store-stamp.ts:
   * its directories' and ref files' inode and times) is the one recorded after the last such
   * look: nothing was added, removed or rewritten since, so the index still covers it all.
   */
  currentIndex(): Index {
    if (this.synced && this.idx) return this.idx;
    const idx = this.index();
    const stamp = storeStamp(this.dir).digest; // taken before anything is read: a change after it shows next time
    if (stamp !== null && idx.meta(STORE_STAMP) === stamp) {
      // Recorded only when every ref file held a digest, so the refs table is the listing (put in
      // its order: namespace, then name, as JavaScript sorts strings, not as SQLite does).
      this.refListing = idx
        .refs()
        .map((r) => ({ name: r.name, raw: r.digest as string, key: r.name.split('/') as [string, string] }))
        .sort((a, b) => byString(a.key[0], b.key[0]) || byString(a.key[1], b.key[1]))
        .map(({ name, raw }) => ({ name, raw }));
      this.synced = true;
      return idx;
    }
    const listed = this.store.list().objects;
    const known = new Set(idx.db.prepare('SELECT digest FROM objects').pluck().all() as string[]);
    const added = listed.filter((o) => !known.has(o.digest));
    if (known.size > listed.length - added.length) return this.rebuildIndex();
    this.refListing = this.store.listRefs();
    const refs = this.validRefs(this.refListing);
    const indexed = new Map(idx.refs().map((r) => [r.name, r.digest as string]));
    const stale = [...refs].filter(([name, digest]) => indexed.get(name) !== digest);
    const gone = [...indexed.keys()].filter((name) => !refs.has(name));
    // A malformed ref is not in the refs table, so the table would not be the listing: no stamp then.
    const record = stamp !== null && refs.size === this.refListing.length ? stamp : null;
    if (added.length || stale.length || gone.length || record !== idx.meta(STORE_STAMP)) {
      idx.write(() => {
        for (const o of added) this.indexObject(idx, o.digest);
        for (const [name, digest] of stale) idx.setRef(name, digest);
        const at = new Date().toISOString();
        for (const name of gone) {
          // Looked at again under the writer lock: a ref another docket wrote since the listing is
          // not lost. A file that holds no digest is verify's EREF, not a lost ref.
          if (existsSync(this.refFile(name))) idx.deleteRef(name);
          else idx.loseRef(name, indexed.get(name) as Digest, at);
        }
        idx.setMeta(STORE_STAMP, record);
      });
    }
    this.synced = true;
    return idx;
  }

  /** Before a rebuild empties `refs`: each recorded ref whose file is gone becomes a lost ref. */
  private noteLostRefs(idx: Index) {
    const at = new Date().toISOString();
    for (const r of idx.refs()) if (!existsSync(this.refFile(r.name))) idx.loseRef(r.name, r.digest, at);
  }

  /** A ref's file by the name the index took from a listing (not refused as store.refPath refuses a bad name). */
  private refFile(name: string): string {
    return join(this.dir, 'refs', ...name.split('/'));
  }

  /** Every row from the bundles. Objects that fail to decode are left out (verify reports them). */
  private fill(idx: Index) {
    idx.setMeta(STORE_STAMP, null); // the next currentIndex looks at everything and records a stamp
    for (const o of this.store.list().objects) this.indexObject(idx, o.digest);
    for (const [name, digest] of this.validRefs()) idx.setRef(name, digest);
  }

  /** One stored object's rows (checked as every read checks it; a damaged one is skipped). */
  private indexObject(idx: Index, digest: Digest) {
    let checked: CheckedContent;
    let bytes: Uint8Array;
    try {
      bytes = this.store.getBytes(digest);
      checked = checkContent(bytes, digest);
    } catch (e) {
      if (e instanceof DocketError) return;
      throw e;
    }
    const descriptor = descriptorOf(checked, bytes.length);
    idx.record(descriptor, checked.refs);
    if (hasRows(descriptor.kind)) indexRows(idx.db, { value: parseCanonical(checked.content), descriptor }, this.source);
    this.resolveWaiting(idx, digest);
  }

  /** Rows of bundles whose derived rows waited for `digest` (rows.ts). */
  private resolveWaiting(idx: Index, digest: Digest) {
    for (const d of waitingFor(idx.db, digest)) {
      try {
        const b = this.store.get(d);
        indexRows(idx.db, b, this.source);
      } catch (e) {
        if (!(e instanceof DocketError)) throw e; // the waiting bundle itself went bad: verify's finding
      }
    }
  }

  /**
   * Every ref file as `store.listRefs()` gives it: as read when the index was brought up to date,
   * when this instance did that and wrote no ref since, else read now.
   */
  listedRefs(): { name: string; raw: string }[] {
    return this.synced && this.refListing ? this.refListing : this.store.listRefs();
  }

  /** The refs whose files hold a digest (a malformed ref is a verify finding, not a reason to fail). */
  private validRefs(listing = this.store.listRefs()): Map<string, Digest> {
    const out = new Map<string, Digest>();
    for (const r of listing) {
      const raw = r.raw.trim();
      if (isDigest(raw) && r.name.includes('/')) out.set(r.name, raw as Digest);
    }
    return out;
  }

  close() {
    this.idx?.close();
    this.idx = null;
    this.synced = false;
    this.refListing = null;
  }
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function decodeValue(bytes: Uint8Array): Json {
  return parseCanonical(gunzipStrict(bytes, MAX_CONTENT_BYTES)); // zlib rejects a maxOutputLength above 4 GiB
}
