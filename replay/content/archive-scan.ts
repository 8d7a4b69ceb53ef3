import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join, relative } from 'node:path';
import { constants, inflateRawSync } from 'node:zlib';
import { MAX_CONTENT_BYTES } from '../format/bundle.ts';
import { gunzipStrict } from '../format/gzip.ts';
import { Store } from '../store/store.ts';
import { finding, type Finding } from '../findings.ts';
import { scanBundleContent } from './scan-bundle.ts';
import { scanBytes, type SecretHit } from './secrets.ts';

/**
 * `docket verify DIR`'s secret step: every stored source bundle read by the scanner, each hit a
 * finding (what was exposed, and what to do). Only sources are read in full: a bundle is canonical
 * JSON with sorted keys, so a source's text starts `{"allowed…` or `{"entries":[`; the first
 * kilobyte of each object is inflated to tell (~65 µs an object), unless the caller knows the
 * sources already (`sources`: docket verify takes them from an index it has just verified).
 * Damaged objects are skipped here (the digest and gzip steps report them).
 */
const SOURCE_START = /^\{"(?:allowedDenied|allowedSecrets|entries)":/;

export function scanArchiveSources(archive: string, opts: { sources?: Set<string> } = {}): { findings: Finding[]; checked: number } {
  const findings: Finding[] = [];
  let checked = 0;
  for (const o of new Store(archive).list().objects) {
    const abs = join(archive, o.path);
    if (opts.sources ? !opts.sources.has(o.digest) : !isSourceFile(abs)) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(abs);
    } catch {
      continue;
    }
    let json: Uint8Array;
    try {
      json = gunzipStrict(bytes, MAX_CONTENT_BYTES);
    } catch {
      continue;
    }
    checked++;
    for (const h of scanBundleContent(o.path, json)) {
      findings.push(
        finding(
          'ESECRET',
          `a source snapshot stores a possible ${h.rule} secret at ${h.path.slice(o.path.length + 1)} line ${h.line} (${h.redacted}, ${h.digest}): it has been exposed to anyone with this archive; rotate the key, then \`docket redact ${o.digest} --reason …\` takes the content out (the archive still verifies); remove it from the eval before the next \`docket snapshot\``,
          { path: o.path, digest: o.digest },
          'error',
        ),
      );
    }
  }
  return { findings, checked };
}

/** Whether the bundle file at `abs` is a source snapshot, reading its first kilobyte only. */
export function isSourceFile(abs: string): boolean {
  let fd: number;
  try {
    fd = openSync(abs, 'r');
  } catch {
    return false;
  }
  try {
    const head = Buffer.alloc(1034);
    return isSourceBundle(head.subarray(0, readSync(fd, head, 0, head.length, 0)));
  } finally {
    closeSync(fd);
  }
}

/** Whether a stored bundle is a source snapshot, from its first inflated bytes only. */
export function isSourceBundle(gz: Uint8Array): boolean {
  return SOURCE_START.test(prefix(gz));
}

function prefix(gz: Uint8Array): string {
  if (gz.length < 18 || gz[0] !== 0x1f || gz[1] !== 0x8b) return '';
  try {
    return Buffer.from(inflateRawSync(gz.subarray(10, 10 + 1024), { finishFlush: constants.Z_SYNC_FLUSH }).subarray(0, 64)).toString('latin1');
  } catch {
    return '';
  }
}

/**
 * Every object that would leave the machine (`docket push`), through the scanner before anything is
 * sent: each inflated and read as the JSON it holds (a source snapshot file by file, its recorded
 * allowances honoured); an object that does not inflate is read as its raw bytes, which is what
 * would ship. Hits name the object by its archive-relative path.
 */
export function scanArchiveObjects(archive: string, objects: readonly { path: string }[]): SecretHit[] {
  const hits: SecretHit[] = [];
  for (const o of objects) {
    const rel = relative(archive, o.path);
    let bytes: Buffer;
    try {
      bytes = readFileSync(o.path);
    } catch {
      continue; // gone: the push's own read reports it
    }
    let json: Uint8Array;
    try {
      json = gunzipStrict(bytes, MAX_CONTENT_BYTES);
    } catch {
      hits.push(...scanBytes(rel, bytes));
      continue;
    }
    hits.push(...scanBundleContent(rel, json, { recorded: true }));
  }
  return hits;
}
