import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Json } from '../format/json.ts';
import { usageError } from '../errors.ts';
import { decodeUtf8, parsePython, PyJsonError, type FloatMode } from './pyjson.ts';
import { isObject, layoutError, type ImportedSample, type ImportPlan, type JsonObject, type SourceFile } from './types.ts';

/**
 * lm-evaluation-harness `--log_samples` output (docs/import.md): `results_<date>.json` and one
 * `samples_<task>_<date>.jsonl` per task, one line per (doc, filter). The date is
 * `datetime.isoformat()` with ':' replaced by '-', so it holds no '_' and a task name may.
 */
const RESULTS = /^results_([^_]+)\.json$/;
const SAMPLES = /^samples_(.+)_([^_]+)\.jsonl$/;

export interface LmEvalSet {
  date: string;
  results: string; // file name
  samples: { task: string; file: string }[];
}

/** The runs in DIR: each results file with the samples files of its date. */
export function findLmEvalSets(dir: string): LmEvalSet[] {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    names = readdirSync(dir).sort();
  } catch (e) {
    throw usageError('EREAD', `cannot read the directory ${dir}: ${(e as Error).message}`, { path: dir });
  }
  const sets: LmEvalSet[] = [];
  for (const n of names) {
    const m = RESULTS.exec(n);
    if (m) sets.push({ date: m[1]!, results: n, samples: [] });
  }
  for (const n of names) {
    const m = SAMPLES.exec(n);
    if (!m) continue;
    const set = sets.find((s) => s.date === m[2]);
    if (!set) throw usageError('EIMPORTLAYOUT', `${join(dir, n)}: no results_${m[2]}.json beside it; nothing was imported`, { where: join(dir, n), field: 'results file' });
    set.samples.push({ task: m[1]!, file: n });
  }
  if (!sets.length)
    throw usageError('EIMPORTLAYOUT', `${dir}: no results_<date>.json file (lm-evaluation-harness writes results_<date>.json and samples_<task>_<date>.jsonl)`, { where: dir, field: 'results file' });
  return sets;
}

export function parseText(where: string, text: string, floats: FloatMode = 'plain'): Json {
  try {
    return parsePython(text, floats);
  } catch (e) {
    if (e instanceof PyJsonError) throw usageError('EIMPORTJSON', `${where}: ${e.message}`, { where, offset: e.offset });
    throw e;
  }
}

/** The lines of a .jsonl file with their 1-based numbers (blank lines skipped, as json.loads per line would fail on them). */
export function jsonlLines(text: string): { n: number; text: string }[] {
  const out: { n: number; text: string }[] = [];
  text.split('\n').forEach((t, i) => {
    if (t.trim() !== '') out.push({ n: i + 1, text: t });
  });
  return out;
}

export function readLmEvalSet(dir: string, set: LmEvalSet): ImportPlan {
  const read = (name: string) => {
    try {
      return readFileSync(join(dir, name));
    } catch (e) {
      throw usageError('EREAD', `cannot read ${join(dir, name)}: ${(e as Error).message}`, { path: join(dir, name) });
    }
  };
  const files: SourceFile[] = [{ role: 'results', name: set.results, format: 'lm-eval-results', bytes: read(set.results) }];
  for (const { task, file } of set.samples) files.push({ role: `samples:${task}`, name: file, format: 'lm-eval-samples', bytes: read(file) });
  return readLmEvalFiles(files);
}

/** The plan for one results file (files[0]) and its samples files (role "samples:<task>"). */
export function readLmEvalFiles(files: SourceFile[]): ImportPlan {
  const results = files[0]!;
  const header = parseText(results.name, decodeUtf8(results.bytes, results.name));
  checkResults(results.name, header);
  const samples: ImportedSample[] = [];
  const tasks: string[] = [];
  files.forEach((f, index) => {
    if (index === 0) return;
    const task = f.role.slice('samples:'.length);
    tasks.push(task);
    if (!((header as JsonObject).results as JsonObject)[task]) layoutError(results.name, `results.${task}`, `the task of ${f.name} has no results`);
    for (const { n, text } of jsonlLines(decodeUtf8(f.bytes, f.name))) {
      const where = `${f.name}: line ${n}`;
      const line = parseText(where, text);
      checkSampleLine(where, line);
      const l = line as JsonObject;
      samples.push({ file: index, entry: `line ${n}`, key: { task, doc_id: l.doc_id as number, filter: l.filter as string }, sample: l });
    }
  });
  const date = RESULTS.exec(results.name)?.[1] ?? null;
  return { framework: 'lm-eval', files, header, extra: {}, layout: { date, tasks, samples: samples.length }, samples };
}

function checkResults(where: string, h: Json) {
  if (!isObject(h)) layoutError(where, '(top level)', 'not a JSON object');
  if (!isObject(h.results)) layoutError(where, 'results', 'missing or not an object');
  for (const f of ['configs', 'versions', 'n-samples', 'task_hashes', 'group_subtasks', 'groups'] as const) {
    if (h[f] !== undefined && !isObject(h[f])) layoutError(where, f, 'not an object');
  }
}

function checkSampleLine(where: string, l: Json) {
  if (!isObject(l)) layoutError(where, '(top level)', 'a sample line must be a JSON object');
  if (typeof l.doc_id !== 'number' || !Number.isInteger(l.doc_id)) layoutError(where, 'doc_id', 'missing or not an integer');
  if (!('doc' in l)) layoutError(where, 'doc', 'missing');
  if (typeof l.filter !== 'string') layoutError(where, 'filter', 'missing or not a string');
  if (!('target' in l)) layoutError(where, 'target', 'missing');
  if (!('arguments' in l)) layoutError(where, 'arguments', 'missing');
  if (l.metrics !== undefined && !(Array.isArray(l.metrics) && l.metrics.every((m) => typeof m === 'string'))) layoutError(where, 'metrics', 'not a list of metric names');
  for (const m of (l.metrics as string[] | undefined) ?? []) if (!(m in l)) layoutError(where, m, `metrics names ${m}, which the line does not hold`);
  for (const h of ['doc_hash', 'prompt_hash', 'target_hash']) if (l[h] !== undefined && typeof l[h] !== 'string') layoutError(where, h, 'not a string');
}
