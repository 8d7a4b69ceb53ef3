import Database from 'better-sqlite3';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Descriptor } from './bundle.ts';
import type { Digest } from './digest.ts';
import { usageError } from './errors.ts';
import type { BundleRef } from './schemas.ts';

/**
 * evidence/index.sqlite: a rebuildable cache over the bundles (docs/design.md §5). Never the source
 * of truth: `docket index rebuild` recreates it from the objects and refs alone.
 */
export const INDEX_FILE = 'index.sqlite';
export const INDEX_SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE objects (
  digest TEXT PRIMARY KEY, kind TEXT NOT NULL, size INTEGER NOT NULL,
  content_digest TEXT NOT NULL, content_size INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX objects_kind ON objects(kind);
CREATE TABLE edges (src TEXT NOT NULL, pointer TEXT NOT NULL, dst TEXT NOT NULL, expected_kind TEXT,
  PRIMARY KEY (src, pointer)) WITHOUT ROWID;
CREATE INDEX edges_dst ON edges(dst);
CREATE TABLE refs (name TEXT PRIMARY KEY, digest TEXT NOT NULL) WITHOUT ROWID;
`;

export interface ObjectRow {
  digest: Digest;
  kind: string;
  size: number;
  contentDigest: Digest;
  contentSize: number;
}

export class Index {
  private constructor(
    readonly db: Database.Database,
    readonly path: string,
  ) {}

  static exists(archive: string): boolean {
    return existsSync(join(archive, INDEX_FILE));
  }

  /** Open an existing index read-only (checks never write). */
  static openReadOnly(archive: string): Index {
    const path = join(archive, INDEX_FILE);
    // Opening a WAL database on disk creates -wal/-shm files even read-only. With no -wal present,
    // read an in-memory copy instead, so a check leaves the archive byte-for-byte untouched.
    const db = existsSync(`${path}-wal`) ? new Database(path, { readonly: true, fileMustExist: true }) : new Database(asRollbackJournal(readFileSync(path)));
    const idx = new Index(db, path);
    idx.checkVersion();
    return idx;
  }

  /** Open for writing, creating it if missing. */
  static open(archive: string): Index {
    const path = join(archive, INDEX_FILE);
    const fresh = !existsSync(path);
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const idx = new Index(db, path);
    if (fresh) idx.create();
    else idx.checkVersion();
    return idx;
  }

  /** Build a new index at a temp path and swap it in, so a failed rebuild leaves the old one. */
  static rebuild(archive: string, fill: (idx: Index) => void): Index {
    const final = join(archive, INDEX_FILE);
    const temp = join(archive, `.${INDEX_FILE}.rebuild-${process.pid}`);
    rmSync(temp, { force: true });
    const db = new Database(temp);
    const idx = new Index(db, temp);
    idx.create();
    try {
      db.transaction(() => fill(idx))();
      db.pragma('journal_mode = WAL');
      db.close();
    } catch (e) {
      db.close();
      rmSync(temp, { force: true });
      throw e;
    }
    for (const suffix of ['-wal', '-shm']) rmSync(final + suffix, { force: true });
    renameSync(temp, final);
    return Index.open(archive);
  }

  private create() {
    this.db.exec(SCHEMA);
    this.db.prepare('INSERT INTO meta VALUES (?, ?)').run('schemaVersion', String(INDEX_SCHEMA_VERSION));
  }

  private checkVersion() {
    let v: string | undefined;
    try {
      v = (this.db.prepare("SELECT value FROM meta WHERE key = 'schemaVersion'").get() as { value: string } | undefined)?.value;
    } catch {
      v = undefined;
    }
    if (v !== String(INDEX_SCHEMA_VERSION)) {
      this.db.close();
      throw usageError('EINDEXVERSION', `${this.path} has index schema ${v ?? 'unknown'}, this docket uses ${INDEX_SCHEMA_VERSION}: run 'docket index rebuild'`);
    }
  }

  close() {
    this.db.close();
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  record(d: Descriptor, refs: BundleRef[]) {
    this.db.prepare('INSERT OR IGNORE INTO objects VALUES (?, ?, ?, ?, ?)').run(d.digest, d.kind, d.size, d.contentDigest, d.contentSize);
    const edge = this.db.prepare('INSERT OR IGNORE INTO edges VALUES (?, ?, ?, ?)');
    for (const r of refs) edge.run(d.digest, r.pointer, r.digest, r.kind);
  }

  setRef(name: string, digest: Digest) {
    this.db.prepare('INSERT INTO refs VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET digest = excluded.digest').run(name, digest);
  }

  objects(kind?: string): ObjectRow[] {
    const sql = 'SELECT digest, kind, size, content_digest AS contentDigest, content_size AS contentSize FROM objects';
    return (kind ? this.db.prepare(`${sql} WHERE kind = ? ORDER BY digest`).all(kind) : this.db.prepare(`${sql} ORDER BY digest`).all()) as ObjectRow[];
  }

  object(digest: Digest): ObjectRow | undefined {
    return this.db.prepare('SELECT digest, kind, size, content_digest AS contentDigest, content_size AS contentSize FROM objects WHERE digest = ?').get(digest) as ObjectRow | undefined;
  }

  refs(): { name: string; digest: Digest }[] {
    return this.db.prepare('SELECT name, digest FROM refs ORDER BY name').all() as { name: string; digest: Digest }[];
  }

  referrers(digest: Digest): { src: Digest; pointer: string }[] {
    return this.db.prepare('SELECT src, pointer FROM edges WHERE dst = ? ORDER BY src, pointer').all(digest) as { src: Digest; pointer: string }[];
  }
}

/** An in-memory copy cannot use WAL (no -shm); header bytes 18-19 = 1 mark the copy as rollback-journal. */
function asRollbackJournal(bytes: Buffer): Buffer {
  if (bytes.length >= 100 && bytes[18] === 2 && bytes[19] === 2) {
    bytes[18] = 1;
    bytes[19] = 1;
  }
  return bytes;
}
