import type { Archive } from '../store/archive.ts';
import type { Digest } from '../format/digest.ts';
import { BundleError } from '../format/bundle.ts';
import { DocketError, findingError } from '../errors.ts';
import type { Json } from '../format/json.ts';
import { readInspectFile } from './inspect.ts';
import { readHelmFiles } from './helm.ts';
import { readEeeFiles } from './eee.ts';
import { groupLmEval, readLmEvalFiles, readLmEvalSet, scanLmEvalDir } from './lmeval.ts';
import { encodeImport, IMPORT_REF_NS, importRefs, logBytes, type EncodedImport } from './record.ts';

export { importRefs };
import type { ImportPlan, JsonObject, SourceFile } from './types.ts';

export interface ImportResult {
  framework: string;
  source: string[];
  run: Digest;
  ref: string;
  samples: number;
  objects: number; // bundles the import consists of
  written: number; // of those, newly stored (0 on a repeated import)
  layout: Json;
  contentDigest: Digest; // the import's identity (record.ts contentDigest)
  already: string[] | null; // the same bytes were imported before: the file names they came under then
  notes: string[];
}

/** Store an import plan: every bundle encoded first (pass `encoded` to encode several plans before writing any), then written, then the ref set. */
export function storeImport(archive: Archive, plan: ImportPlan, encoded?: EncodedImport): ImportResult {
  const enc = encoded ?? encodeImport(plan);
  const base = {
    framework: plan.framework,
    source: plan.files.map((f) => f.name),
    ref: enc.ref,
    samples: plan.samples.length,
    objects: enc.logs.length + enc.samples.length + 1,
    layout: plan.layout,
    contentDigest: enc.contentDigest,
    notes: plan.notes ?? [],
  };
  // The same bytes imported before (perhaps under other names): the import they made stands.
  const existing = archive.ref(enc.ref);
  if (existing !== null && existing !== enc.run.descriptor.digest) {
    const names = earlierNames(archive, existing);
    if (names) return { ...base, run: existing, written: 0, already: names };
  }
  let written = 0;
  for (const b of [...enc.logs, ...enc.samples, enc.run]) if (archive.putEncoded(b)) written++;
  if (existing !== enc.run.descriptor.digest) archive.setRef(enc.ref, enc.run.descriptor.digest);
  return { ...base, run: enc.run.descriptor.digest, written, already: written ? null : base.source };
}

/** The source file names an earlier import recorded, or null when its run cannot be read (then this import replaces it). */
function earlierNames(archive: Pick<Archive, 'get'>, run: Digest): string[] | null {
  try {
    const v = archive.get(run).value as JsonObject;
    return (v.logs as JsonObject[]).map((l) => String((archive.get(l.log as Digest).value as JsonObject).name));
  } catch {
    return null;
  }
}

export async function planInspect(name: string, bytes: Uint8Array): Promise<ImportPlan> {
  return readInspectFile(name, bytes);
}

/** One plan per results file in DIR; files that are neither results nor samples come back as skipped (the caller says so). */
export function planLmEval(dir: string): { plans: ImportPlan[]; skipped: { path: string; why: string }[] } {
  const { files, bytes } = scanLmEvalDir(dir);
  const plans = groupLmEval(dir, files, bytes).map((set) => readLmEvalSet(set, bytes));
  return { plans, skipped: files.filter((f) => f.kind === 'other').map((f) => ({ path: f.path, why: f.why })) };
}

/** A stored import, read back: the run and its decoded samples and logs. */
export interface LoadedImport {
  ref: string | null;
  digest: Digest;
  run: JsonObject;
  samples: { digest: Digest; value: JsonObject }[];
  logs: { role: string; digest: Digest; value: JsonObject; bytes: Buffer }[];
}

/** A bundle of an import, read and checked; damage is a finding (exit 1) naming the object, never a crash. */
function read(archive: Pick<Archive, 'get'>, digest: Digest, what: string): JsonObject {
  try {
    return archive.get(digest).value as JsonObject;
  } catch (e) {
    if (e instanceof BundleError || e instanceof DocketError)
      throw findingError('EIMPORTDAMAGED', `${what} ${digest} cannot be read (${e.code}: ${e.message}); run 'docket verify' to see every finding`, { digest, code: e.code });
    throw e;
  }
}

export function loadImport(archive: Pick<Archive, 'get'>, digest: Digest, ref: string | null = null): LoadedImport {
  const run = read(archive, digest, `import ${ref ?? ''}: foreign-run`.replace(': foreign-run', ' foreign-run').trim());
  if (run.kind !== 'foreign-run') throw findingError('EIMPORTKIND', `${ref ?? digest} names a ${String(run.kind)} bundle, not a foreign-run`, { digest });
  const samples = (run.samples as Digest[]).map((d) => ({ digest: d, value: read(archive, d, 'foreign-sample') }));
  const logs = (run.logs as JsonObject[]).map((l) => {
    const value = read(archive, l.log as Digest, 'foreign-log');
    return { role: l.role as string, digest: l.log as Digest, value, bytes: logBytes(value as { content: string }) };
  });
  return { ref, digest, run, samples, logs };
}

/** Every stored import (refs/imports/*), or the named ones (a ref name, its last part, or a run digest). */
export function selectImports(archive: Archive, names: string[]): LoadedImport[] {
  const refs = importRefs(archive);
  if (!names.length) return refs.map((r) => loadImport(archive, r.digest, r.name));
  return names.map((n) => {
    const r = refs.find((x) => x.name === n || x.name === `${IMPORT_REF_NS}/${n}` || x.digest === n);
    if (!r) throw findingError('EIMPORTNOTFOUND', `no import ${n} in the archive (docket import … lists the ref it made)`, { name: n });
    return loadImport(archive, r.digest, r.name);
  });
}

/** Re-read an import's source files exactly as `docket import` did (verify compares the result). */
export async function replan(loaded: LoadedImport): Promise<ImportPlan> {
  const files: SourceFile[] = loaded.logs.map((l) => ({ role: l.role, name: l.value.name as string, format: l.value.format as SourceFile['format'], bytes: l.bytes }));
  if (loaded.run.framework === 'inspect_ai') return readInspectFile(files[0]!.name, files[0]!.bytes);
  if (loaded.run.framework === 'helm') return readHelmFiles(files);
  if (loaded.run.framework === 'eee') return readEeeFiles(files);
  return readLmEvalFiles(files);
}

/** selectImports for checks: a damaged import is collected as a finding and the others still load. */
export function selectImportsCollecting(archive: Archive, names: string[]): { imports: LoadedImport[]; damaged: { import: string; code: string; message: string }[] } {
  const refs = names.length ? names : importRefs(archive).map((r) => r.name);
  const imports: LoadedImport[] = [];
  const damaged: { import: string; code: string; message: string }[] = [];
  for (const n of refs) {
    try {
      imports.push(...selectImports(archive, [n]));
    } catch (e) {
      if (!(e instanceof DocketError) || e.code !== 'EIMPORTDAMAGED') throw e;
      damaged.push({ import: n, code: e.code, message: e.message });
    }
  }
  return { imports, damaged };
}
