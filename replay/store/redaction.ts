import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join, sep } from 'node:path';
import { hexOf, isDigest, parseDigest, type Digest } from '../format/digest.ts';
import { canonicalBytes, JsonError, parseCanonical } from '../format/json.ts';
import { schemaErrorText, type Validator } from '../format/schemas.ts';
import { redactionRecord } from '../format/validators.generated.ts';
import { findingError } from '../errors.ts';
import { isTempName, tempName } from './temps.ts';
import { fsyncDir, writeExclusive } from './write-exclusive.ts';

/**
 * Redaction records (docs/design.md §23): what stands in the archive for an object whose content
 * `docket redact` removed. One file per redacted object, named by the object's digest (not its
 * own): `redacted/<hex[0:2]>/<hex[2:64]>.json`, holding the RFC 8785 text of the record. The
 * object's digest stays a leaf of the archive's Merkle tree, and every reference to it resolves to
 * "redacted".
 */
export const REDACTED_DIR = 'redacted';
export const REDACTION_SUFFIX = '.json';
/** A record is a few hundred bytes; anything far larger is not one. */
export const MAX_REDACTION_BYTES = 64 * 1024;

export interface RedactionRecord {
  kind: 'redaction';
  schemaVersion: 1;
  digest: Digest;
  size: number;
  objectKind: string | null;
  reason: string;
  redactedAt: string;
  rules: string[];
}

export interface RedactionEntry {
  digest: Digest;
  path: string; // archive-relative
}

export const redactionRel = (digest: Digest): string => {
  const hex = hexOf(parseDigest(digest));
  return join(REDACTED_DIR, hex.slice(0, 2), hex.slice(2) + REDACTION_SUFFIX);
};

/** The record's bytes: canonical JSON, checked against its schema (a record docket could not read back is never written). */
export function encodeRedaction(r: RedactionRecord): Uint8Array {
  const bytes = canonicalBytes(r);
  const errors = schemaErrors(r);
  if (errors) throw findingError('EREDACTION', `not a valid redaction record: ${errors}`);
  return bytes;
}

/**
 * Read and check one record: at most 64 KiB, strict canonical JSON, the schema, and the digest it
 * names equal to the name it is stored under. Anything else is EREDACTION naming the file.
 */
export function decodeRedaction(bytes: Uint8Array, digest: Digest, rel: string): RedactionRecord {
  const bad = (why: string) => findingError('EREDACTION', `redaction record ${rel.split(sep).join('/')}: ${why}`, { path: rel.split(sep).join('/'), digest });
  if (bytes.length === 0 || bytes.length > MAX_REDACTION_BYTES) throw bad(`${bytes.length} bytes (a record is 1 to ${MAX_REDACTION_BYTES})`);
  let value: unknown;
  try {
    value = parseCanonical(bytes);
  } catch (e) {
    if (e instanceof JsonError) throw bad(e.message);
    throw e;
  }
  const errors = schemaErrors(value);
  if (errors) throw bad(errors);
  const r = value as RedactionRecord;
  if (r.digest !== digest) throw bad(`names ${r.digest}, but is stored under ${digest}`);
  if ([...r.rules].sort().join('\0') !== r.rules.join('\0')) throw bad('its rules are not sorted');
  return r;
}

function schemaErrors(value: unknown): string | null {
  const validate = redactionRecord as Validator;
  return validate(value) ? null : (validate.errors ?? []).map(schemaErrorText).join('; ');
}

/** The record of a redacted digest, or null when it has none. A damaged record is EREDACTION. */
export function readRedaction(archive: string, digest: Digest): RedactionRecord | null {
  const rel = redactionRel(digest);
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(archive, rel));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw e;
  }
  return decodeRedaction(bytes, digest, rel);
}

/** Every record file under redacted/ (by name: not read), the temps of record writes, and anything else (strays). */
export function listRedactions(archive: string): { records: RedactionEntry[]; temps: string[]; strays: string[] } {
  const out = { records: [] as RedactionEntry[], temps: [] as string[], strays: [] as string[] };
  const root = join(archive, REDACTED_DIR);
  if (!existsSync(root)) return out;
  for (const shard of readdirSync(root, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const rel = join(REDACTED_DIR, shard.name);
    if (!/^[0-9a-f]{2}$/.test(shard.name) || !shard.isDirectory()) {
      (isTempName(shard.name) ? out.temps : out.strays).push(rel);
      continue;
    }
    for (const name of readdirSync(join(root, shard.name)).sort()) {
      const relPath = join(rel, name);
      const digest = `sha256:${shard.name}${name.slice(0, -REDACTION_SUFFIX.length)}`;
      if (isTempName(name)) out.temps.push(relPath);
      else if (name.endsWith(REDACTION_SUFFIX) && isDigest(digest)) out.records.push({ digest: digest as Digest, path: relPath });
      else out.strays.push(relPath);
    }
  }
  return out;
}

/** What happened to a redacted object, without its digest (a finding names it already). */
export const redactionSummary = (r: RedactionRecord) =>
  `${r.objectKind ?? 'undecodable object'}, ${r.size} bytes, redacted on ${r.redactedAt}${r.rules.length ? ` (${r.rules.join(', ')})` : ''}: ${r.reason}`;

/** The one line that says what happened to a redacted object (errors, show). */
export const redactionText = (r: RedactionRecord) => `${r.digest}, ${redactionSummary(r)}`;

/** The error of a read that needs a redacted object's content: it is gone, by design. */
export const redactedError = (r: RedactionRecord, rel: string) =>
  findingError('EREDACTED', `${redactionText(r)}. Its content is gone from this archive; what rests on it cannot be checked here`, {
    digest: r.digest,
    path: rel.split(sep).join('/'),
    redaction: r,
  });

/** The record's date: SOURCE_DATE_EPOCH (seconds) when set, so a scripted redaction is reproducible; else now. */
export function redactionDate(env: NodeJS.ProcessEnv = process.env): string {
  const epoch = env.SOURCE_DATE_EPOCH;
  const ms = epoch !== undefined && /^[0-9]{1,12}$/.test(epoch) ? Number(epoch) * 1000 : Date.now();
  return new Date(ms).toISOString().replace(/\.[0-9]{3}Z$/, 'Z');
}

/**
 * Write a record where none is (temp, fsync, link: never over another record, then the directories
 * made durable). Returns false, writing nothing, when a record is there already.
 */
export function writeRedaction(archive: string, record: RedactionRecord): boolean {
  const bytes = encodeRedaction(record);
  const path = join(archive, redactionRel(record.digest));
  const dir = join(path, '..');
  mkdirSync(dir, { recursive: true });
  if (existsSync(path)) return false;
  const temp = join(dir, tempName());
  writeExclusive(temp, bytes);
  try {
    linkSync(temp, path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return false;
  } finally {
    unlinkSync(temp);
  }
  fsyncDir(dir);
  fsyncDir(join(archive, REDACTED_DIR));
  return true;
}
