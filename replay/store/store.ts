import type { Dirent } from 'node:fs';
import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, lstatSync, unlinkSync, writeSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { checkSizeAndDigest } from '../accel/check-size-digest.ts';
import { BundleError, MAX_OBJECT_BYTES, decodeBundle, encodeBundle, inflateChecked, type Decoded, type Descriptor } from '../format/bundle.ts';
import { hexOf, isDigest, parseDigest, sha256, type Digest } from '../format/digest.ts';
import { findingError, usageError } from '../errors.ts';
import { isTempName, TEMP_PREFIX, tempName } from './temps.ts';
import { fsyncDir, writeExclusive } from './write-exclusive.ts';
import { listRedactions, readRedaction, redactedError, redactionRel, type RedactionRecord } from './redaction.ts';

/**
 * The content-addressed store (docs/design.md §4). Layout under the archive directory:
 *   objects/v1/sha256/<hex[0:2]>/<hex[2:]>.json.gz   bundles, named by the SHA-256 of their bytes
 *   refs/<namespace>/<name>                          named pointers: one line "sha256:<hex>\n"
 * Objects are written exclusive-temp → fsync → link (fails if the name exists, so nothing is ever
 * overwritten) → unlink temp → fsync dir. An existing object is re-hashed, never trusted.
 */
export const FORMAT_VERSION = 'v1';
export const OBJECTS_DIR = join('objects', FORMAT_VERSION, 'sha256');
export const OBJECT_SUFFIX = '.json.gz';
export { TEMP_PREFIX };
export { fsyncDir, writeExclusive };
// `.tmp-` is never part of a ref name, so no temp (replay/store/temps.ts), new or legacy, can pass for a ref.
const REF_NAME = /^(?!.*\.tmp-)[a-z0-9][a-z0-9._-]{0,127}$/;

export interface ObjectEntry {
  digest: Digest;
  path: string; // relative to the archive
}

export interface Listing {
  objects: ObjectEntry[];
  temps: string[]; // temps (replay/store/temps.ts): a live write's, or a leftover of an interrupted one
  strays: string[]; // anything else under objects/
}

const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const typeKnown = (d: Dirent) => d.isFile() || d.isDirectory() || d.isSymbolicLink() || d.isFIFO() || d.isSocket() || d.isBlockDevice() || d.isCharacterDevice();
const isDir = (d: Dirent, path: string) => (typeKnown(d) ? d.isDirectory() : lstatSync(path).isDirectory());
const isFile = (d: Dirent, path: string) => (typeKnown(d) ? d.isFile() : lstatSync(path).isFile());

export class Store {
  constructor(readonly dir: string) {}

  objectPath(digest: Digest): string {
    const hex = hexOf(parseDigest(digest));
    return join(this.dir, OBJECTS_DIR, hex.slice(0, 2), hex.slice(2) + OBJECT_SUFFIX);
  }

  has(digest: Digest): boolean {
    return existsSync(this.objectPath(digest));
  }

  put(value: unknown): Descriptor {
    const { bytes, descriptor } = encodeBundle(value);
    this.putBytes(bytes, descriptor.digest);
    return descriptor;
  }

  /** Store already-encoded bytes under their digest. Returns true when newly written. */
  putBytes(bytes: Uint8Array, digest: Digest = sha256(bytes)): boolean {
    const final = this.objectPath(digest);
    const dir = join(final, '..');
    mkdirSync(dir, { recursive: true });
    if (existsSync(final)) {
      this.checkExisting(final, digest);
      return false;
    }
    // A redacted object is never stored again: its content is what was taken out (design.md §23).
    const redacted = this.redaction(digest);
    if (redacted) throw redactedError(redacted, redactionRel(digest));
    const temp = join(dir, tempName());
    writeExclusive(temp, bytes);
    try {
      linkSync(temp, final);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      this.checkExisting(final, digest); // a concurrent writer won; make sure it wrote the same
      return false;
    } finally {
      unlinkSync(temp);
    }
    fsyncDir(dir);
    return true;
  }

  /** An object already at `path` must hash to its name (a concurrent writer of it wrote the same); else ECORRUPT, nothing overwritten. */
  checkExisting(path: string, digest: Digest) {
    const actual = sha256(readFileSync(path));
    if (actual !== digest) {
      throw findingError('ECORRUPT', `existing object ${relative(this.dir, path)} hashes to ${actual}; not overwritten. Run 'docket verify' to see every finding.`, { path, digest });
    }
  }

  /**
   * Size and SHA-256 of a stored object against its name, without decoding: null when it holds,
   * else what is wrong (EMISSING, ESIZE, EDIGEST or EREAD). The cheap check of a bundle whose
   * index rows an answer uses (replay/index/provenance.ts).
   */
  rehash(digest: Digest): { code: 'EMISSING' | 'ESIZE' | 'EDIGEST' | 'EREAD'; message: string } | null {
    const path = this.objectPath(digest);
    if (!existsSync(path)) return { code: 'EMISSING', message: `bundle ${digest} is not in the store` };
    const { result } = checkSizeAndDigest(path, relative(this.dir, path), digest, true, undefined, MAX_OBJECT_BYTES);
    return result.failure ? { code: result.failure.code, message: result.failure.message } : null;
  }

  /** The redaction record standing in for a digest (design.md §23), or null. A damaged record is EREDACTION. */
  redaction(digest: Digest): RedactionRecord | null {
    return readRedaction(this.dir, digest);
  }

  /** Every redaction record file, by the digest it stands in for (not read). */
  redactions(): { digest: Digest; path: string }[] {
    return listRedactions(this.dir).records;
  }

  /**
   * The leaves of the archive's Merkle tree (design.md §15, §23): every object's digest and every
   * redacted object's, so a redaction changes no root and no inclusion proof.
   */
  leaves(): Digest[] {
    return [...this.list().objects.map((o) => o.digest), ...this.redactions().map((r) => r.digest)];
  }

  getBytes(digest: Digest): Uint8Array {
    const path = this.objectPath(digest);
    try {
      return readFileSync(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
        const redacted = this.redaction(digest);
        if (redacted) throw redactedError(redacted, redactionRel(digest));
      }
      if ((e as NodeJS.ErrnoException).code === 'ENOENT')
        throw findingError('EMISSING', `object ${digest} is missing (expected at ${shownPath(path)}); restore it from a good copy of the archive`, { digest, path: posix(relative(this.dir, path)) });
      throw e;
    }
  }

  /** Read, verify (digest, gzip, JSON, schema) and decode. A damaged object is a finding naming its path. */
  get(digest: Digest): Decoded {
    return this.read(digest, (bytes) => decodeBundle(bytes, digest));
  }

  /**
   * Read and verify the digest and gzip only: the content bytes, for a caller that compares them
   * with bytes it holds rather than reads the value (no parse, no schema check).
   */
  content(digest: Digest): Uint8Array {
    return this.read(digest, (bytes) => inflateChecked(bytes, digest).content);
  }

  private read<T>(digest: Digest, stages: (bytes: Uint8Array) => T): T {
    const bytes = this.getBytes(digest);
    try {
      return stages(bytes);
    } catch (e) {
      if (e instanceof BundleError) throw e.at(digest, posix(relative(this.dir, this.objectPath(digest))), shownPath(this.objectPath(digest)));
      throw e;
    }
  }

  list(): Listing {
    const out: Listing = { objects: [], temps: [], strays: [] };
    const root = join(this.dir, OBJECTS_DIR);
    const objectsTop = join(this.dir, 'objects');
    if (existsSync(objectsTop)) {
      for (const name of readdirSync(objectsTop)) if (name !== FORMAT_VERSION) out.strays.push(join('objects', name));
      const v = join(objectsTop, FORMAT_VERSION);
      if (existsSync(v)) for (const name of readdirSync(v)) if (name !== 'sha256') out.strays.push(join('objects', FORMAT_VERSION, name));
    }
    if (!existsSync(root)) return out;
    // Entry types come from the directory listing itself (d_type), so a link is never followed and a
    // linked shard or object is a stray, not evidence; lstat only where the file system gives no type.
    for (const shard of readdirSync(root, { withFileTypes: true }).sort(byName)) {
      const rel = `${OBJECTS_DIR}${sep}${shard.name}`;
      if (!/^[0-9a-f]{2}$/.test(shard.name) || !isDir(shard, join(root, shard.name))) {
        out.strays.push(rel);
        continue;
      }
      const shardPath = join(root, shard.name);
      for (const entry of readdirSync(shardPath, { withFileTypes: true }).sort(byName)) {
        const name = entry.name;
        const relPath = `${rel}${sep}${name}`;
        const digest = `sha256:${shard.name}${name.slice(0, -OBJECT_SUFFIX.length)}`;
        if (isTempName(name)) out.temps.push(relPath);
        else if (name.endsWith(OBJECT_SUFFIX) && isDigest(digest) && isFile(entry, join(shardPath, name))) out.objects.push({ digest: digest as Digest, path: relPath });
        else out.strays.push(relPath);
      }
    }
    return out;
  }

  // ---- refs: named, mutable pointers ----
  refPath(name: string): string {
    const parts = name.split('/');
    if (parts.length !== 2 || !parts.every((p) => REF_NAME.test(p))) throw usageError('EREFNAME', `bad ref name ${JSON.stringify(name)} (expected <namespace>/<name>, lowercase [a-z0-9._-])`);
    return join(this.dir, 'refs', ...parts);
  }

  readRef(name: string): Digest | null {
    const path = this.refPath(name);
    if (!existsSync(path)) return null;
    return parseDigest(readFileSync(path, 'utf8').trim(), `ref ${name}`);
  }

  writeRef(name: string, digest: Digest): void {
    parseDigest(digest);
    const path = this.refPath(name);
    mkdirSync(join(path, '..'), { recursive: true });
    const temp = join(path, '..', tempName());
    const fd = openSync(temp, 'wx', 0o644);
    try {
      writeSync(fd, `${digest}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path); // refs are pointers: replacing one is their purpose
    fsyncDir(join(path, '..'));
  }

  /**
   * Write a ref that must not exist yet (repair puts back a lost ref this way): temp → fsync →
   * link, which fails if a file took the name meanwhile, so nothing is ever overwritten →
   * unlink temp → fsync dir. Returns false, writing nothing, when the ref exists.
   */
  createRef(name: string, digest: Digest): boolean {
    parseDigest(digest);
    const path = this.refPath(name);
    const dir = join(path, '..');
    mkdirSync(dir, { recursive: true });
    if (existsSync(path)) return false;
    const temp = join(dir, tempName());
    writeExclusive(temp, Buffer.from(`${digest}\n`));
    try {
      linkSync(temp, path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      return false;
    } finally {
      unlinkSync(temp);
    }
    fsyncDir(dir);
    return true;
  }

  /**
   * Every ref as name → raw content (validated by the caller, so a bad ref is a finding, not a crash).
   * Temps of ref writes are never refs: they are listed by refTemps().
   */
  listRefs(): { name: string; raw: string }[] {
    return this.walkRefs().refs;
  }

  /** Temp files under refs/ (archive-relative paths): live ref writes or leftovers of interrupted ones. */
  refTemps(): string[] {
    return this.walkRefs().temps;
  }

  private walkRefs(): { refs: { name: string; raw: string }[]; temps: string[] } {
    const root = join(this.dir, 'refs');
    const out = { refs: [] as { name: string; raw: string }[], temps: [] as string[] };
    if (!existsSync(root)) return out;
    for (const ns of readdirSync(root).sort()) {
      const nsPath = join(root, ns);
      if (isTempName(ns)) out.temps.push(join('refs', ns));
      else if (!lstatSync(nsPath).isDirectory()) out.refs.push({ name: ns, raw: '' });
      else {
        for (const name of readdirSync(nsPath).sort()) {
          if (isTempName(name)) out.temps.push(join('refs', ns, name));
          else out.refs.push({ name: `${ns}/${name}`, raw: readFileOrEmpty(join(nsPath, name)) });
        }
      }
    }
    return out;
  }
}

/** A ref's text; '' when it cannot be read as a file (a directory there, a vanished temp): a finding for verify. */
function readFileOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

export const posix = (p: string) => p.split(sep).join('/');

/** A path as the user reaches it from the current directory (absolute when outside it). */
const shownPath = (abs: string) => {
  const rel = relative(process.cwd(), abs);
  return rel.startsWith('..') || isAbsolute(rel) ? abs : posix(rel);
};
