import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import type { Json } from '../format/json.ts';
import { usageError } from '../errors.ts';
import { packageFile } from '../package-files.ts';
import { mean, row, type ImportAuditRow } from './audit-rows.ts';
import { jsonlLines, parseText } from './lmeval.ts';
import { decodeUtf8, numberOf, pyString } from './pyjson.ts';
import type { FieldDiff, ImportReplay } from './replay.ts';
import type { LoadedImport } from './store.ts';
import { isObject, layoutError, type ImportedSample, type ImportPlan, type JsonObject, type SourceFile } from './types.ts';

/**
 * Every Eval Ever (EvalEval coalition), docs/import.md "Every Eval Ever": an aggregate record
 * (`eval.schema.json`, schema 0.3.0) with, optionally, the instance-level JSON Lines file its
 * `detailed_evaluation_results` names (`instance_level_eval.schema.json`). A 0.3.0 record and its
 * instance lines must validate against the schemas (JSON Schema draft-07, ajv); a record of an
 * earlier schema version is read for its scores only. The instance file is found where the record
 * says (file_path from any directory above the record), or beside the record as
 * `<record name>_samples.jsonl` (the EEE datastore layout) or under file_path's own name.
 */
export const EEE_SCHEMA_VERSION = '0.3.0';
export const SCHEMA_FILES = { aggregate: 'docs/schemas/eee/eval.schema.json', instance: 'docs/schemas/eee/instance_level_eval.schema.json' } as const;

type Validate = ((v: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
let validators: { aggregate: Validate; instance: Validate } | null = null;

/** ajv (draft-07, the schemas' own dialect) compiled once, on first use: EEE is read and written rarely. */
export function eeeValidators(): { aggregate: Validate; instance: Validate } {
  if (validators) return validators;
  const require = createRequire(import.meta.url);
  const { Ajv } = require('ajv') as typeof import('ajv');
  // strict false: the schemas carry a top-level "version" keyword ajv's strict mode would refuse.
  const ajv = new Ajv({ allErrors: true, strict: false });
  const load = (rel: string) => JSON.parse(readFileSync(packageFile(rel), 'utf8')) as object;
  validators = { aggregate: ajv.compile(load(SCHEMA_FILES.aggregate)) as Validate, instance: ajv.compile(load(SCHEMA_FILES.instance)) as Validate };
  return validators;
}

/** The first schema errors as one line: "/evaluation_results/0/score_details: must have required property 'score'". */
export function schemaErrors(v: Validate): string {
  return (v.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '(top level)'}: ${e.message ?? 'invalid'}`)
    .join('; ');
}

/** The SHA-256 (or MD5, which EEE also allows) of bytes, as the lowercase hex `checksum` holds. */
export function checksumOf(bytes: Uint8Array, algorithm: string): string | null {
  if (algorithm !== 'sha256' && algorithm !== 'md5') return null;
  return createHash(algorithm).update(bytes).digest('hex');
}

function readBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw usageError('EREAD', `cannot read ${path}: ${(e as Error).message}`, { path });
  }
}

/** Where the instance file of a record at `path` is: the candidates in order, and the first that exists. */
export function instanceFileFor(path: string, filePath: string): { found: string | null; tried: string[] } {
  const tried: string[] = [];
  for (let d = dirname(resolve(path)); ; d = dirname(d)) {
    tried.push(join(d, filePath));
    if (dirname(d) === d) break;
  }
  tried.push(join(dirname(path), `${basename(path).replace(/\.json$/i, '')}_samples.jsonl`), join(dirname(path), basename(filePath)));
  return { found: tried.find((p) => existsSync(p)) ?? null, tried };
}

/** An EEE aggregate record (and its instance file, when found) as an import plan. */
export function readEeeFile(path: string): ImportPlan {
  const bytes = readBytes(path);
  const record = parseText(path, decodeUtf8(bytes, path));
  const files: SourceFile[] = [{ role: 'aggregate', name: basename(path), format: 'eee-aggregate', bytes }];
  const notes: string[] = [];
  const detail = isObject(record) && isObject(record.detailed_evaluation_results) ? record.detailed_evaluation_results : null;
  if (detail && typeof detail.file_path === 'string') {
    const { found, tried } = instanceFileFor(path, detail.file_path);
    if (found) {
      files.push({ role: 'instances', name: basename(found), format: 'eee-instances', bytes: readBytes(found) });
      notes.push(`instance file ${found}`);
    } else notes.push(`instance file ${detail.file_path} not found (looked at ${tried.length} places, last ${tried[tried.length - 1]}): its scores cannot be recomputed`);
  }
  const plan = readEeeFiles(files);
  plan.notes = [
    ...notes,
    ...(plan.layout.instances === 'checksum mismatch'
      ? [`the instance file's ${String(detail?.hash_algorithm ?? 'sha256')} is not the record's checksum: its rows are stored but not used to recompute`]
      : []),
  ];
  return plan;
}

/** The plan for an aggregate record (files[0]) and its instance file (role "instances"); verify re-derives imports through it. */
export function readEeeFiles(files: SourceFile[]): ImportPlan {
  const agg = files[0]!;
  const record = parseText(agg.name, decodeUtf8(agg.bytes, agg.name));
  if (!isObject(record) || typeof record.schema_version !== 'string' || !Array.isArray(record.evaluation_results))
    layoutError(agg.name, 'schema_version', 'not an Every Eval Ever aggregate record (schema_version and evaluation_results)');
  const current = record.schema_version === EEE_SCHEMA_VERSION;
  if (current) {
    const v = eeeValidate('aggregate', record);
    if (v) layoutError(agg.name, 'schema', `does not validate against eval.schema.json ${EEE_SCHEMA_VERSION}: ${v}`);
  }
  (record.evaluation_results as Json[]).forEach((r, i) => {
    if (!isObject(r) || !isObject(r.score_details) || typeof numberOf(r.score_details.score ?? null) !== 'number')
      layoutError(agg.name, `evaluation_results[${i}].score_details.score`, 'missing or not a number');
  });
  const samples: ImportedSample[] = [];
  const layout: JsonObject = { schemaVersion: record.schema_version, results: (record.evaluation_results as Json[]).length };
  const inst = files[1];
  if (inst) {
    const detail = isObject(record.detailed_evaluation_results) ? record.detailed_evaluation_results : {};
    const sum = checksumOf(inst.bytes, typeof detail.hash_algorithm === 'string' ? detail.hash_algorithm : 'sha256');
    layout.instances = typeof detail.checksum === 'string' && sum === detail.checksum.toLowerCase() ? 'checksum matches' : 'checksum mismatch';
    for (const { n, text } of jsonlLines(decodeUtf8(inst.bytes, inst.name))) {
      const where = `${inst.name}: line ${n}`;
      const line = parseText(where, text);
      if (!isObject(line) || typeof line.sample_id !== 'string' || typeof line.evaluation_name !== 'string') layoutError(where, 'sample_id', 'an instance line needs sample_id and evaluation_name');
      if (current) {
        const v = eeeValidate('instance', line);
        if (v) layoutError(where, 'schema', `does not validate against instance_level_eval.schema.json ${EEE_SCHEMA_VERSION}: ${v}`);
      }
      const evaluation = typeof line.evaluation_result_id === 'string' ? line.evaluation_result_id : (line.evaluation_name as string);
      samples.push({ file: 1, entry: `line ${n}`, key: { evaluation, sample_id: line.sample_id as string, row: n }, sample: line });
    }
    layout.rows = samples.length;
  }
  return { framework: 'eee', files, header: record, extra: {}, layout, samples };
}

function eeeValidate(which: 'aggregate' | 'instance', v: Json): string | null {
  const f = eeeValidators()[which];
  return f(v) ? null : schemaErrors(f);
}

// ---- audit: each aggregate score from the rows it summarises ----

const resultId = (r: JsonObject) => (typeof r.evaluation_result_id === 'string' ? r.evaluation_result_id : String(r.evaluation_name));

/**
 * The rows of one aggregate result are the instance lines whose evaluation_result_id (else
 * evaluation_name) is its own. A plain result is their mean `evaluation.score`. A record docket
 * wrote (eval_library docket) states docket's protocol in its metric: the protocol score (per
 * question, per source eval, clustered) and the pass rate (correct over counted final attempts) are
 * recomputed by that rule from every row's metadata.
 */
/** One final attempt's slot, as docket's protocol scores it; the scorer lives above this layer (scoring/eee-export.ts). */
export interface ProtocolSlot {
  question: string;
  sourceEval: string;
  permutation: number;
  repetition: number;
  verdict: string;
  kind?: string; // a task's kind (answer, exec); absent for a question
  score?: number | null; // a task slot's score
}
/** `kinds`: the record's planned slots per kind and weights (a bank with tasks), else absent. */
export type ProtocolScorer = (
  slots: ProtocolSlot[],
  kinds?: { plannedByKind: Partial<Record<string, number>>; weights?: { kind: Partial<Record<string, number>> } | { category: Record<string, number> } },
) => number | null;

export function auditEee(imp: LoadedImport, protocol?: ProtocolScorer): ImportAuditRow[] {
  const record = imp.run.header as JsonObject;
  const results = (record.results ?? record.evaluation_results) as Json[];
  const layout = imp.run.layout as JsonObject;
  const out: ImportAuditRow[] = [];
  if (layout.instances === undefined) return (results as JsonObject[]).map((r) => row(imp, resultId(r), metricName(r), scoreOf(r), null, 'no instance file attached: the score cannot be recomputed'));
  // The file is not the one the record summarised: a finding, and its rows recompute nothing.
  if (layout.instances !== 'checksum matches')
    return [{ ...row(imp, '(instances)', 'checksum', null, null, "the instance file's checksum is not the record's: its rows are not used"), status: 'mismatch' }];
  const rows = imp.samples.map((s) => s.value.sample as JsonObject);
  const docket = isObject(record.eval_library) && record.eval_library.name === 'docket';
  const detail = isObject(record.detailed_evaluation_results) ? record.detailed_evaluation_results : {};
  const total = numberOf(detail.total_rows ?? null);
  if (total !== null) out.push(row(imp, '(instances)', 'total_rows', total, rows.length, 'rows in the instance file'));
  for (const r of results as JsonObject[]) {
    const id = resultId(r);
    const reported = scoreOf(r);
    const cfg = isObject(r.metric_config) ? r.metric_config : {};
    const mine = rows.filter((x) => (typeof x.evaluation_result_id === 'string' ? x.evaluation_result_id : x.evaluation_name) === id);
    const unc = isObject(r.score_details) && isObject((r.score_details as JsonObject).uncertainty) ? ((r.score_details as JsonObject).uncertainty as JsonObject) : {};
    if (docket && typeof cfg.metric_id === 'string' && cfg.metric_id.startsWith('docket.')) {
      const sd = isObject(r.score_details) ? (r.score_details as JsonObject) : {};
      const got = docketScore(cfg.metric_id, rows, protocol, isObject(sd.details) ? (sd.details as JsonObject) : {});
      out.push(row(imp, id, metricName(r), reported, got.score, got.note));
      const n = numberOf(unc.num_samples ?? null);
      if (n !== null) out.push(row(imp, id, 'num_samples', n, got.samples, 'counted slots'));
      continue;
    }
    const xs = mine.map((x) => (isObject(x.evaluation) ? numberOf(x.evaluation.score ?? null) : null));
    if (!mine.length) out.push(row(imp, id, metricName(r), reported, null, 'no instance rows for this result'));
    else if (xs.some((x) => x === null)) out.push(row(imp, id, metricName(r), reported, null, "a row's evaluation.score is not a number"));
    else {
      out.push(row(imp, id, metricName(r), reported, mean(xs as number[]), `mean evaluation.score of ${mine.length} rows`));
      const n = numberOf(unc.num_samples ?? null);
      if (n !== null) out.push(row(imp, id, 'num_samples', n, mine.length, 'rows of this result'));
    }
  }
  return out;
}

const scoreOf = (r: JsonObject) => (isObject(r.score_details) ? numberOf(r.score_details.score ?? null) : null);
const metricName = (r: JsonObject) => (isObject(r.metric_config) && typeof r.metric_config.metric_id === 'string' ? r.metric_config.metric_id : String(r.evaluation_name));

const COUNTED = new Set(['correct', 'partial', 'incorrect', 'invalid', 'provider_failure']);

/** docket's protocol from the rows docket exported (metadata: question, source_eval, final, verdict). */
function docketScore(metric: string, rows: JsonObject[], protocol?: ProtocolScorer, details: JsonObject = {}): { score: number | null; samples: number; note: string } {
  const parsed = (k: string) => {
    try {
      return typeof details[k] === 'string' ? JSON.parse(details[k] as string) : undefined;
    } catch {
      return undefined;
    }
  };
  const plannedByKind = parsed('planned_by_kind');
  const kinds = isObject(plannedByKind) ? { plannedByKind: plannedByKind as Partial<Record<string, number>>, weights: parsed('weights') } : undefined;
  const meta = (x: JsonObject) => (isObject(x.metadata) ? x.metadata : {});
  const finals = rows.filter((x) => meta(x).final === 'true');
  const counted = finals.filter((x) => COUNTED.has(String(meta(x).verdict)));
  if (metric === 'docket.pass_rate') {
    const correct = counted.filter((x) => meta(x).verdict === 'correct').length;
    return { score: counted.length ? correct / counted.length : null, samples: counted.length, note: `correct over ${counted.length} counted final attempts (docket's pass rate)` };
  }
  if (!protocol) return { score: null, samples: counted.length, note: "docket's protocol score: recomputed by docket audit --imported" };
  const slots = finals.map((x) => ({
    question: String(meta(x).question),
    sourceEval: String(meta(x).source_eval),
    permutation: Number(meta(x).permutation),
    repetition: Number(meta(x).repetition),
    verdict: String(meta(x).verdict),
    ...(typeof meta(x).kind === 'string' ? { kind: String(meta(x).kind), score: meta(x).score === 'null' ? null : Number(meta(x).score) } : {}),
  }));
  const questions = new Set(slots.map((s) => s.question)).size;
  const evals = new Set(slots.map((s) => s.sourceEval)).size;
  return { score: protocol(slots, kinds), samples: counted.length, note: `docket's protocol score over ${questions} items in ${evals} source evals` };
}

// ---- replay: what an EEE record lets docket check beyond its scores ----

export function replayEee(imp: LoadedImport, name: string, diffs: FieldDiff[]): ImportReplay {
  const r: ImportReplay = { import: name, framework: 'eee', samples: imp.samples.length, checked: 0, matched: 0, mismatched: 0, unsupported: 0, coverage: null, notes: [] };
  for (const { value } of imp.samples) {
    const line = value.sample as JsonObject;
    if (typeof line.sample_hash !== 'string' || !isObject(line.input)) {
      r.unsupported++;
      continue;
    }
    const want = sampleHash(line.input as JsonObject);
    r.checked++;
    if (want === line.sample_hash) r.matched++;
    else {
      r.mismatched++;
      diffs.push({ import: name, where: `${String(value.entry)} (sample ${String(line.sample_id)})`, field: 'sample_hash', logged: line.sample_hash, rebuilt: want });
    }
  }
  r.notes.push('EEE records carry no request: docket checks each row’s sample_hash, EEE’s recipe: SHA-256 of json.dumps({"raw", "reference"}, sort_keys=True, separators=(",", ":"))');
  return r;
}

/**
 * EEE's sample_hash recipe (every_eval_ever adapters/openeval sample_hash): SHA-256 hex of Python's
 * json.dumps({"raw": raw, "reference": reference}, sort_keys=True, separators=(",", ":")), whose
 * default ensure_ascii escapes every non-ASCII UTF-16 unit as \uXXXX.
 */
export function sampleHash(input: JsonObject): string {
  const refs = Array.isArray(input.reference) ? input.reference.map(String) : [];
  const text = `{"raw":${asciiJson(String(input.raw ?? ''))},"reference":[${refs.map(asciiJson).join(',')}]}`;
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const asciiJson = (s: string) => pyString(s).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
