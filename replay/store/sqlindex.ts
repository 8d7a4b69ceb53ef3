import Database from 'better-sqlite3';
import { closeSync, copyFileSync, existsSync, fsyncSync, linkSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Descriptor } from '../format/bundle.ts';
import type { Digest } from '../format/digest.ts';
import { DocketError, EXIT, usageError } from '../errors.ts';
import type { BundleRef } from '../format/schemas.ts';
import { tempName } from './temps.ts';

/**
 * evidence/index.sqlite: a rebuildable cache over the bundles (docs/design.md §5). Never the source
 * of truth: `docket index rebuild` recreates it from the objects and refs alone.
 *
 * Writers coordinate through SQLite's own locking: every write is an IMMEDIATE transaction (one
 * writer at a time; the others wait, up to WRITE_WAIT_MS). The file is created by link() from a
 * finished temp (so two writers never both create it) and rebuilt in place inside one transaction,
 * so it is never replaced under a writer that has it open. Only a damaged file is replaced.
 */
export const INDEX_FILE = 'index.sqlite';
/** How long a writer waits for another writer's transaction (a rebuild of a big archive takes a while). */
export const WRITE_WAIT_MS = 300_000;
/** Checks read an index up to this size from a copy in memory, a bigger one from a temp copy on disk. */
const IN_MEMORY_COPY_MAX = 64 * 1024 * 1024;

/**
 * The tables an index holds, given by the layer that fills them (replay/index/schema.ts): this
 * handle creates them, and uses a file only when it records the same version.
 */
export interface IndexSchema {
  version: number;
  sql: string;
  /** Tables that grow with the attempts or runs (hundreds of MB at a million attempts): not quick_checked on every open. */
  growing: ReadonlySet<string>;
  /**
   * Tables holding what the bundles and refs cannot give again (the refs the index saw and the
   * store then lost): a rebuild keeps their rows. Only a new or replaced file starts without them.
   */
  remembered?: ReadonlySet<string>;
}

/** A ref the index recorded whose file is gone from refs/ (replay/index/archive.ts keeps these). */
export interface LostRefRow {
  name: string;
  digest: Digest;
  /** When the index first saw the ref file missing (ISO 8601, UTC). */
  lostAt: string;
}

export interface ObjectRow {
  digest: Digest;
  kind: string;
  size: number;
  contentDigest: Digest;
  contentSize: number;
}

/** Why an index file cannot be used (damaged, not a database, another schema): rebuild it. */
export class IndexUnusable extends DocketError {
  constructor(why: string) {
    super('EINDEX', `${why}: run \`docket index rebuild\``, { why }, EXIT.USAGE);
    this.name = 'IndexUnusable';
  }
}

export type Fill = (idx: Index) => void;

const PAUSE = new Int32Array(new SharedArrayBuffer(4)); // Atomics.wait on it: a synchronous sleep

export class Index {
  /** A temp copy this index reads, deleted on close. */
  removeOnClose: string | null = null;

  constructor(
    readonly db: Database.Database,
    readonly path: string,
    readonly schema: IndexSchema,
  ) {}

  static exists(archive: string): boolean {
    return existsSync(join(archive, INDEX_FILE));
  }

  /** Open an existing index read-only (checks never write). Throws IndexUnusable when it cannot be used. */
  static openReadOnly(archive: string, schema: IndexSchema): Index {
    const path = join(archive, INDEX_FILE);
    // Opening a WAL database on disk creates -wal/-shm files even read-only. With no -wal present,
    // read a copy instead, so a check leaves the archive byte-for-byte untouched: in memory when
    // small, else a temp file (an index of a million attempts is hundreds of MB).
    if (existsSync(`${path}-wal`)) return guarded(path, () => new Database(path, { readonly: true, fileMustExist: true }), schema, true);
    if (statSync(path).size <= IN_MEMORY_COPY_MAX) return guarded(path, () => new Database(asRollbackJournal(readFileSync(path))), schema, true);
    const copy = join(tmpdir(), tempName(INDEX_FILE));
    try {
      copyFileSync(path, copy);
      markRollbackJournal(copy);
      const idx = guarded(path, () => new Database(copy, { readonly: true, fileMustExist: true }), schema, true);
      idx.removeOnClose = copy;
      return idx;
    } catch (e) {
      rmSync(copy, { force: true });
      throw e;
    }
  }

  /**
   * Open for writing, creating it from the bundles (`fill`) if missing, and replacing it if it is
   * damaged or of another schema (it is a cache: nothing in it is lost).
   */
  static open(archive: string, schema: IndexSchema, fill: Fill): Index {
    const path = join(archive, INDEX_FILE);
    for (let attempt = 0; ; attempt++) {
      if (!existsSync(path)) {
        const created = Index.create(archive, schema, fill);
        if (created) return created;
      }
      try {
        return guarded(path, () => writable(path, true), schema);
      } catch (e) {
        if (!(e instanceof IndexUnusable) || attempt > 0) throw e;
        discard(archive);
      }
    }
  }

  /**
   * Build a complete index at a temp name and link() it into place: link fails if another writer
   * created the file meanwhile, and then theirs is used. Returns null in that case.
   */
  private static create(archive: string, schema: IndexSchema, fill: Fill): Index | null {
    const final = join(archive, INDEX_FILE);
    const temp = join(archive, tempName(INDEX_FILE));
    try {
      // Nobody else sees the temp file: it is filled with its rollback journal in memory and no
      // syncs (a million attempts through a WAL would write everything twice), synced once whole,
      // then switched to WAL and linked into place.
      const db = new Database(temp, { timeout: WRITE_WAIT_MS });
      const idx = new Index(db, temp, schema);
      try {
        db.pragma('journal_mode = MEMORY');
        db.pragma('synchronous = OFF');
        idx.createSchema();
        db.transaction(() => fill(idx))();
        db.pragma('journal_mode = WAL');
      } finally {
        db.close();
      }
      fsyncFile(temp);
      linkSync(temp, final);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      return null;
    } finally {
      for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(temp + suffix, { force: true });
    }
    return guarded(final, () => writable(final, true), schema);
  }

  /**
   * `docket index rebuild`: empty every table and fill it again from the bundles, in one IMMEDIATE
   * transaction: other writers wait, readers see the old rows or the new ones, and the file is the
   * same one every other process has open. A damaged or missing file is created anew instead.
   */
  static rebuild(archive: string, schema: IndexSchema, fill: Fill, remember?: Fill): Index {
    if (!Index.exists(archive)) return Index.open(archive, schema, fill); // created from the bundles just now
    const idx = Index.open(archive, schema, fill); // a damaged one is replaced here
    try {
      idx.write(() => {
        remember?.(idx); // what only the old rows know goes to the remembered tables first, in the same transaction
        const tables = idx.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('meta') AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
        for (const t of tables) if (!schema.remembered?.has(t.name)) idx.db.exec(`DELETE FROM "${t.name.replaceAll('"', '""')}"`);
        fill(idx);
      });
    } catch (e) {
      idx.close();
      if (!isCorrupt(e)) throw e;
      discard(archive);
      return Index.open(archive, schema, fill);
    }
    return idx;
  }

  /**
   * An empty index with the schema in a private temporary file that SQLite deletes on close (verify
   * builds the rows it expects in one: a million attempts would not fit in memory).
   */
  static scratch(schema: IndexSchema): Index {
    const idx = new Index(new Database(''), '(scratch)', schema);
    idx.createSchema();
    return idx;
  }

  /**
   * The first problem `PRAGMA quick_check` finds, or null. `full`: every table (checks); else all
   * but the tables that grow with the attempts, which every command opening the index would pay
   * for (a reader meets damage there as SQLITE_CORRUPT and reads the bundles instead).
   */
  problem(full = true): string | null {
    const targets = full
      ? ['']
      : this.tables()
          .filter((t) => !this.schema.growing.has(t))
          .map((t) => `"${t}"`);
    const msgs: string[] = [];
    for (const t of targets) {
      const rows = this.db.pragma(`quick_check${t ? `(${t})` : '(5)'}`) as { quick_check: string }[];
      msgs.push(...rows.map((r) => r.quick_check).filter((m) => m !== 'ok'));
    }
    return msgs.length ? msgs.join('; ') : null;
  }

  private createSchema() {
    this.db.exec(this.schema.sql);
    this.db.prepare('INSERT INTO meta VALUES (?, ?)').run('schemaVersion', String(this.schema.version));
  }

  /** The schema version recorded in meta, or null. */
  version(): string | null {
    try {
      return (this.db.prepare("SELECT value FROM meta WHERE key = 'schemaVersion'").get() as { value: string } | undefined)?.value ?? null;
    } catch (e) {
      if (isCorrupt(e)) throw e;
      return null;
    }
  }

  /** A bookkeeping value of meta (the schema version, the store stamp), or null. */
  meta(key: string): string | null {
    return (this.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined) ?? null;
  }

  /** Set (or with null, remove) a bookkeeping value of meta. */
  setMeta(key: string, value: string | null) {
    this.write(() => {
      if (value === null) this.db.prepare('DELETE FROM meta WHERE key = ?').run(key);
      else this.db.prepare('INSERT INTO meta VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
    });
  }

  close() {
    this.db.close();
    if (this.removeOnClose) rmSync(this.removeOnClose, { force: true });
  }

  transaction<T>(fn: () => T): T {
    return this.write(fn);
  }

  /**
   * Run `fn` as this archive's one writer: an IMMEDIATE transaction, so other writers wait for it.
   * Nested calls join the outer transaction.
   */
  write<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    const tx = this.db.transaction(fn);
    // Waiting is done here, polling every few ms, not by SQLite's busy handler: its back-off sleeps
    // up to 100 ms per try, which made three writers of short transactions ~3x slower than one.
    this.db.pragma('busy_timeout = 0');
    try {
      for (let waited = 0, pause = 1; ; waited += pause, pause = Math.min(pause * 2, 8)) {
        try {
          return tx.immediate(); // a busy BEGIN IMMEDIATE fails before fn runs: retrying is safe
        } catch (e) {
          if ((e as { code?: string }).code !== 'SQLITE_BUSY') throw e;
          if (waited >= WRITE_WAIT_MS)
            throw usageError('EBUSY', `another docket process has been writing to ${this.path} for over ${WRITE_WAIT_MS / 1000} s; wait for it to finish, then retry`, { path: this.path });
          Atomics.wait(PAUSE, 0, 0, pause);
        }
      }
    } catch (e) {
      if (isCorrupt(e)) throw indexDamaged(this.path, e);
      throw e;
    } finally {
      this.db.pragma(`busy_timeout = ${WRITE_WAIT_MS}`);
    }
  }

  record(d: Descriptor, refs: BundleRef[]) {
    this.write(() => {
      this.db.prepare('INSERT OR IGNORE INTO objects VALUES (?, ?, ?, ?, ?)').run(d.digest, d.kind, d.size, d.contentDigest, d.contentSize);
      const edge = this.db.prepare('INSERT OR IGNORE INTO edges VALUES (?, ?, ?, ?)');
      for (const r of refs) edge.run(d.digest, r.pointer, r.digest, r.kind ?? null);
    });
  }

  /** Record a ref as its file holds it. A lost ref back in place with the digest it had is no longer lost. */
  setRef(name: string, digest: Digest) {
    this.write(() => {
      this.db.prepare('INSERT INTO refs VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET digest = excluded.digest').run(name, digest);
      this.db.prepare('DELETE FROM lost_refs WHERE name = ? AND digest = ?').run(name, digest);
    });
  }

  deleteRef(name: string) {
    this.write(() => this.db.prepare('DELETE FROM refs WHERE name = ?').run(name));
  }

  /**
   * A recorded ref whose file is gone: out of `refs` (it is not current), into `lost_refs` (so
   * it can be restored). The first time it was seen lost is kept.
   */
  loseRef(name: string, digest: Digest, at: string) {
    this.write(() => {
      this.db.prepare('DELETE FROM refs WHERE name = ?').run(name);
      this.db.prepare('INSERT OR IGNORE INTO lost_refs VALUES (?, ?, ?)').run(name, digest, at);
    });
  }

  /** Drop the record of a lost ref (it was restored, or the user chose to forget it). */
  forgetLostRef(name: string) {
    this.write(() => this.db.prepare('DELETE FROM lost_refs WHERE name = ?').run(name));
  }

  lostRefs(): LostRefRow[] {
    return this.db.prepare('SELECT name, digest, lost_at AS lostAt FROM lost_refs ORDER BY name').all() as LostRefRow[];
  }

  /** The names of the index's tables (views excluded), sorted. */
  tables(): string[] {
    return this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
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

function writable(path: string, mustExist: boolean): Database.Database {
  const db = new Database(path, { fileMustExist: mustExist, timeout: WRITE_WAIT_MS });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}

/** Open with `open`, then prove the file usable: quick_check passes (`full`: on every table) and the schema version is ours. */
function guarded(path: string, open: () => Database.Database, schema: IndexSchema, full = false): Index {
  let db: Database.Database | null = null;
  try {
    db = open();
    const idx = new Index(db, path, schema);
    const problem = idx.problem(full);
    if (problem) throw new IndexUnusable(`${path} is damaged (${problem})`);
    const v = idx.version();
    if (v !== String(schema.version)) throw new IndexUnusable(`${path} has index schema ${v ?? 'unknown'}, this docket uses ${schema.version}`);
    return idx;
  } catch (e) {
    db?.close();
    if (e instanceof IndexUnusable) throw e;
    if (isCorrupt(e)) throw new IndexUnusable(`${path} is damaged (${(e as Error).message})`);
    throw e;
  }
}

export function isCorrupt(e: unknown): boolean {
  const code = (e as { code?: string })?.code;
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT_INDEX' || code === 'SQLITE_CORRUPT_SEQUENCE' || code === 'SQLITE_CORRUPT_VTAB';
}

/** A damage found in the middle of a command: a coded error that says what to do. */
export function indexDamaged(path: string, e: unknown): DocketError {
  return usageError('EINDEX', `the index cache ${path} is damaged (${(e as Error).message}); run \`docket index rebuild\` (or \`docket repair\`)`, { path });
}

/**
 * Move a damaged index out of the way (it is a cache). It is renamed to a temp name first, so the
 * path is free at once, then deleted with its -wal and -shm.
 */
function discard(archive: string) {
  const final = join(archive, INDEX_FILE);
  const away = join(archive, tempName(`${INDEX_FILE}.damaged`));
  try {
    renameSync(final, away);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  for (const suffix of ['-wal', '-shm']) rmSync(final + suffix, { force: true });
  rmSync(away, { force: true });
}

function fsyncFile(path: string) {
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A copy on disk, marked like asRollbackJournal's. */
function markRollbackJournal(path: string) {
  const fd = openSync(path, 'r+');
  try {
    const header = Buffer.alloc(20);
    readSync(fd, header, 0, 20, 0);
    if (header[18] === 2 && header[19] === 2) writeSync(fd, Buffer.of(1, 1), 0, 2, 18);
  } finally {
    closeSync(fd);
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
