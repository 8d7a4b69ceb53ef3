import { encodeBundle, MAX_CONTENT_BYTES, type Encoded } from '../format/bundle.ts';
import { sha256, type Digest } from '../format/digest.ts';
import { usageError } from '../errors.ts';
import { canonicalBytes, type Json } from '../format/json.ts';
import type { ImportedSample, ImportPlan, JsonObject, SourceFile } from './types.ts';

/**
 * An import plan as bundles (docs/import.md "Bundles"): one `foreign-log` per source file (its exact
 * bytes), one `foreign-sample` per sample, one `foreign-run` naming them all. Encoding is pure: the
 * same files give the same bytes, so importing twice stores nothing new. Every bundle is encoded
 * (and so schema-checked) before the caller writes any: an import is whole or absent.
 */
export const IMPORTER = 'docket-import/1';
export const IMPORT_REF_NS = 'imports';

/** Source bytes over this are refused: base64 grows them by 4/3 and a bundle's content is capped. */
export const MAX_SOURCE_BYTES = Math.floor(((MAX_CONTENT_BYTES - 4096) * 3) / 4);

export interface EncodedImport {
  logs: Encoded[];
  samples: Encoded[];
  run: Encoded;
  ref: string;
  contentDigest: Digest;
}

export function encodeImport(plan: ImportPlan): EncodedImport {
  const logs = plan.files.map((f) => {
    if (f.bytes.length > MAX_SOURCE_BYTES)
      throw usageError('EIMPORTSIZE', `${f.name} is ${f.bytes.length} bytes; docket imports source files up to ${MAX_SOURCE_BYTES} bytes (one bundle holds the file)`, { where: f.name });
    return encodeBundle(logValue(f));
  });
  const logDigests = logs.map((l) => l.descriptor.digest);
  const samples = plan.samples.map((s) => encodeBundle(sampleValue(plan, s, logDigests)));
  const run = encodeBundle(
    runValue(
      plan,
      logDigests,
      samples.map((s) => s.descriptor.digest),
    ),
  );
  const content = contentDigest(
    plan.framework,
    plan.files.map((f) => sha256(f.bytes)),
  );
  return { logs, samples, run, ref: importRefName(plan.framework, content), contentDigest: content };
}

export function logValue(f: SourceFile): JsonObject {
  return { kind: 'foreign-log', schemaVersion: 1, format: f.format, name: f.name, size: f.bytes.length, sha256: sha256(f.bytes), encoding: 'base64', content: Buffer.from(f.bytes).toString('base64') };
}

export function sampleValue(plan: ImportPlan, s: ImportedSample, logDigests: Digest[]): JsonObject {
  return { kind: 'foreign-sample', schemaVersion: 1, framework: plan.framework, log: logDigests[s.file]!, entry: s.entry, key: s.key as Json, sample: s.sample };
}

export function runValue(plan: ImportPlan, logDigests: Digest[], sampleDigests: Digest[]): JsonObject {
  return {
    kind: 'foreign-run',
    schemaVersion: 1,
    framework: plan.framework,
    importer: IMPORTER,
    logs: plan.files.map((f, i) => ({ role: f.role, log: logDigests[i]! })),
    header: plan.header,
    extra: plan.extra,
    layout: plan.layout,
    samples: sampleDigests,
  };
}

/**
 * An import's identity: SHA-256 of the canonical JSON {framework, files: the source files' SHA-256
 * digests, sorted}. It depends on the bytes alone, so the same files under other names (or listed
 * in another order) are the same import.
 */
export function contentDigest(framework: string, fileDigests: Digest[]): Digest {
  return sha256(canonicalBytes({ framework, files: [...fileDigests].sort() }));
}

/** refs/imports/<framework>-<first 16 hex of the content digest>. */
export function importRefName(framework: string, content: Digest): string {
  return `${IMPORT_REF_NS}/${framework === 'inspect_ai' ? 'inspect' : framework}-${content.slice('sha256:'.length, 'sha256:'.length + 16)}`;
}

/** The source bytes a foreign-log bundle holds (base64 decoded). */
export function logBytes(value: { content: string }): Buffer {
  return Buffer.from(value.content, 'base64');
}

/** Every import ref (refs/imports/*) with the run digest it names. */
export function importRefs(archive: { store: { listRefs(): { name: string }[]; readRef(name: string): Digest | null } }): { name: string; digest: Digest }[] {
  return archive.store
    .listRefs()
    .filter((r) => r.name.startsWith(`${IMPORT_REF_NS}/`))
    .map((r) => ({ name: r.name, digest: archive.store.readRef(r.name)! }))
    .filter((r) => r.digest);
}
