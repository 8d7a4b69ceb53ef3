import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { scanArchiveObjects } from '../content/archive-scan.ts';
import { scanBytes, type SecretHit } from '../content/secrets.ts';
import { BundleError, checkContent } from '../format/bundle.ts';
import type { Digest } from '../format/digest.ts';
import { findingError, usageError } from '../errors.ts';
import { Archive } from '../index/archive.ts';
import { readRedaction, redactionDate, redactionRel, writeRedaction, type RedactionRecord } from '../store/redaction.ts';
import { fsyncDir, Store } from '../store/store.ts';

/**
 * `docket redact` (docs/design.md §23): take the content of objects out of an archive while keeping
 * it verifiable. Per object: read it (its kind, and the scanner's rules that match it), write its
 * redaction record (temp, fsync, link: never over another), then unlink the object and make both
 * directories durable; at the end the index is rebuilt from what is left. A crash between the two
 * steps leaves the record beside the object (verify: EREDACTION), and running redact again finishes it.
 */
export interface RedactOutcome {
  digest: Digest;
  objectKind: string | null;
  size: number;
  rules: string[];
  record: string; // archive-relative path of the record
  already: boolean; // it was redacted before: nothing done
}

export interface RedactReport {
  ok: true;
  archive: string;
  redacted: RedactOutcome[];
}

const posix = (p: string) => p.split(sep).join('/');

/** The reason is stored and shipped: it must hold no secret itself. */
export function checkReason(reason: string): void {
  if (!reason.trim()) throw usageError('EUSAGE', '--reason must say why (it is stored in the redaction record)');
  if (reason.length > 1024) throw usageError('EUSAGE', `--reason is ${reason.length} characters; at most 1024`);
  const hits = scanBytes('--reason', reason);
  if (hits.length) throw usageError('ESECRET', `--reason holds a possible ${hits[0]!.rule} secret (${hits[0]!.redacted}); it would be stored and shipped: say why without it`);
}

/** The scanner's rules that match one stored object (read as push reads it: inflated, a source file by file). */
function rulesOf(archive: string, path: string): string[] {
  return [...new Set(scanArchiveObjects(archive, [{ path }]).map((h) => h.rule))].sort();
}

export function redactObjects(archiveDir: string, digests: readonly Digest[], reason: string, env: NodeJS.ProcessEnv = process.env): RedactReport {
  checkReason(reason);
  const archive = new Archive(archiveDir);
  const store = archive.store;
  const redactedAt = redactionDate(env);
  const out: RedactOutcome[] = [];
  const unique = [...new Set(digests)];
  // Check every name before anything changes: a typo redacts nothing.
  for (const d of unique) {
    if (!store.has(d) && !store.redaction(d)) throw findingError('EMISSING', `${d} is not in the archive ${archiveDir} (nothing was redacted)`, { digest: d });
  }
  try {
    archive.writing(() => {
      for (const digest of unique) out.push(redactOne(store, digest, reason, redactedAt));
    });
  } finally {
    archive.close();
  }
  // What is left decides the index: the redacted objects' rows go, the rest is unchanged.
  new Archive(archiveDir).rebuildIndex().close();
  return { ok: true, archive: archiveDir, redacted: out };
}

function redactOne(store: Store, digest: Digest, reason: string, redactedAt: string): RedactOutcome {
  const objectPath = store.objectPath(digest);
  const rel = redactionRel(digest);
  const existing = store.redaction(digest);
  if (!existsSync(objectPath)) {
    const r = existing!;
    return { digest, objectKind: r.objectKind, size: r.size, rules: r.rules, record: posix(rel), already: true };
  }
  const bytes = readFileSync(objectPath);
  let objectKind: string | null = null;
  try {
    objectKind = checkContent(bytes, digest).kind;
  } catch (e) {
    if (!(e instanceof BundleError)) throw e; // a damaged object is redacted all the same: its bytes are what is taken out
  }
  const record: RedactionRecord = existing ?? {
    kind: 'redaction',
    schemaVersion: 1,
    digest,
    size: bytes.length,
    objectKind,
    reason,
    redactedAt,
    rules: rulesOf(store.dir, objectPath),
  };
  if (!existing) writeRedaction(store.dir, record);
  unlinkSync(objectPath);
  fsyncDir(join(objectPath, '..'));
  return { digest, objectKind: record.objectKind, size: record.size, rules: record.rules, record: posix(rel), already: false };
}

/** Every stored object the scanner flags (read as `docket push` reads it: a source snapshot's recorded allowances honoured), with its hits. */
export function flaggedObjects(archiveDir: string): { digest: Digest; path: string; hits: SecretHit[] }[] {
  const out: { digest: Digest; path: string; hits: SecretHit[] }[] = [];
  for (const o of new Store(archiveDir).list().objects) {
    const abs = join(archiveDir, o.path);
    const hits = scanArchiveObjects(archiveDir, [{ path: abs }]);
    if (hits.length) out.push({ digest: o.digest, path: posix(relative(archiveDir, abs)), hits });
  }
  return out;
}

export { readRedaction };
