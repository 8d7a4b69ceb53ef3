import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sha256 } from '../format/digest.ts';
import type { Json } from '../format/json.ts';
import { usageError } from '../errors.ts';
import { decodeUtf8, parsePython, PyJsonError, type FloatMode } from './pyjson.ts';
import { isObject, layoutError, type ImportedSample, type ImportPlan, type JsonObject, type SourceFile } from './types.ts';

/**
 * lm-evaluation-harness output (docs/import.md), every layout from the 2023 refactor to now, found
 * by what the files hold, not by their names:
 * - a results file is a JSON object with a `results` object and `configs`, `versions` or `config`
 *   (`results.json` before 0.4.3, `results_<date>.json` since, or any name `--output_path` gave);
 * - a samples file holds one sample per line (JSON Lines: `samples_<task>_<date>.jsonl` since 0.4.3,
 *   `<model_args>_<task>.jsonl` before) or one JSON array of them (0.4.0–0.4.2), each sample an
 *   object with `doc_id`, `doc` and `arguments`. A line without `filter` (before 0.4.7) is filter
 *   `none`, the only filter those versions logged.
 * A samples file belongs to the results file in its directory (or, where a directory holds several,
 * the one whose date its name ends with); its task is the one whose `task_hashes` its lines hash to,
 * else the task its name holds, else the one task left without samples. A file that is neither
 * kind is listed as skipped, never dropped silently.
 */
const RESULTS_DATE = /_(\d{4}-\d{2}-\d{2}T[0-9.-]+)\.json$/;
const MAX_DEPTH = 4;

export type LmEvalKind = 'results' | 'samples' | 'other';

export interface LmEvalFile {
  path: string; // relative to the directory imported
  kind: LmEvalKind;
  why: string; // for 'other': why it is neither kind
}

export interface LmEvalSet {
  results: string;
  samples: { task: string; file: string; how: 'task_hashes' | 'name' | 'only task left' }[];
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

/** A samples file's records: its lines, or the items of the one JSON array it holds (0.4.0–0.4.2). */
export function sampleRecords(name: string, bytes: Uint8Array, floats: FloatMode = 'plain'): { entry: string; value: Json }[] {
  const text = decodeUtf8(bytes, name);
  if (text.trimStart().startsWith('[')) {
    const all = parseText(name, text, floats);
    if (!Array.isArray(all)) layoutError(name, '(top level)', 'not a JSON array of samples');
    return all.map((value, i) => ({ entry: `item ${i}`, value }));
  }
  return jsonlLines(text).map(({ n, text: t }) => ({ entry: `line ${n}`, value: parseText(`${name}: line ${n}`, t, floats) }));
}

const isSampleRecord = (v: Json): boolean => isObject(v) && typeof v.doc_id === 'number' && 'doc' in v && 'arguments' in v;
const isResults = (v: Json): boolean => isObject(v) && isObject(v.results) && (isObject(v.configs) || isObject(v.versions) || isObject(v.config));

/** What a file holds, from its first bytes (a samples file is read only as far as its first record). */
export function classify(name: string, bytes: Uint8Array): { kind: LmEvalKind; why: string } {
  let text: string;
  try {
    text = decodeUtf8(bytes, name);
  } catch {
    return { kind: 'other', why: 'not UTF-8 text' };
  }
  const head = text.trimStart();
  try {
    if (head.startsWith('[')) {
      const all = parsePython(text);
      return Array.isArray(all) && all.length > 0 && isSampleRecord(all[0]!) ? { kind: 'samples', why: '' } : { kind: 'other', why: 'a JSON array, not of lm-eval samples' };
    }
    const first = jsonlLines(text)[0];
    if (first && head.startsWith('{') && !first.text.trimEnd().endsWith('{')) {
      const v = parsePython(first.text);
      if (isSampleRecord(v)) return { kind: 'samples', why: '' };
    }
    const whole = parsePython(text);
    return isResults(whole)
      ? { kind: 'results', why: '' }
      : { kind: 'other', why: 'JSON, but neither an lm-eval results file (results + configs/versions/config) nor samples (doc_id, doc, arguments)' };
  } catch {
    return { kind: 'other', why: 'not JSON or JSON Lines' };
  }
}

function walk(dir: string, depth: number, out: string[]) {
  for (const n of readdirSync(dir).sort()) {
    const p = join(dir, n);
    const st = statSync(p);
    if (st.isDirectory()) {
      if (depth < MAX_DEPTH) walk(p, depth + 1, out);
    } else if (st.isFile() && /\.jsonl?$/i.test(n)) out.push(p);
  }
}

function readSource(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw usageError('EREAD', `cannot read ${path}: ${(e as Error).message}`, { path });
  }
}

/** Every .json/.jsonl file under DIR (four levels down, as lm-eval nests output by model), classified by content. */
export function scanLmEvalDir(dir: string): { files: LmEvalFile[]; bytes: Map<string, Buffer> } {
  const paths: string[] = [];
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    walk(dir, 0, paths);
  } catch (e) {
    throw usageError('EREAD', `cannot read the directory ${dir}: ${(e as Error).message}`, { path: dir });
  }
  const bytes = new Map<string, Buffer>();
  const files = paths.map((p) => {
    const rel = relative(dir, p);
    const b = readSource(p);
    bytes.set(rel, b);
    return { path: rel, ...classify(rel, b) };
  });
  return { files, bytes };
}

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const baseOf = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** The task names a results file reports (its results and configs keys, groups left out). */
function tasksOf(results: JsonObject): string[] {
  const subtasks = isObject(results.group_subtasks) ? results.group_subtasks : {};
  const groups = new Set(
    Object.entries(subtasks)
      .filter(([, s]) => Array.isArray(s) && s.length > 0)
      .map(([g]) => g),
  );
  for (const g of Object.keys(isObject(results.groups) ? results.groups : {})) groups.add(g);
  const names = new Set([...Object.keys(results.results as JsonObject), ...Object.keys(isObject(results.configs) ? results.configs : {})]);
  return [...names].filter((t) => !groups.has(t)).sort();
}

/** sha256 of the concatenated doc/prompt/target hashes of a samples file's lines: lm-eval's task_hashes entry. */
export function taskHashOf(records: { value: Json }[]): string | null {
  const parts: string[] = [];
  for (const { value: l } of records) {
    if (!isObject(l) || typeof l.doc_hash !== 'string' || typeof l.prompt_hash !== 'string' || typeof l.target_hash !== 'string') return null;
    parts.push(l.doc_hash + l.prompt_hash + l.target_hash);
  }
  return parts.length ? sha256(parts.join('')).slice('sha256:'.length) : null;
}

/** The task a file name holds: the longest task name that appears in it as a whole `_`/`.`-delimited piece. */
function taskFromName(name: string, tasks: string[]): string | null {
  const base = baseOf(name).replace(/\.jsonl?$/i, '');
  const hits = tasks.filter((t) => base === t || base.startsWith(`${t}_`) || base.endsWith(`_${t}`) || base.includes(`_${t}_`));
  return hits.sort((a, b) => b.length - a.length)[0] ?? null;
}

/** Results files with their samples files: one import each. */
export function groupLmEval(dir: string, files: LmEvalFile[], bytes: Map<string, Buffer>): LmEvalSet[] {
  const results = files.filter((f) => f.kind === 'results');
  if (!results.length) {
    const seen = files.length ? `; it holds ${files.map((f) => `${f.path} (${f.kind === 'samples' ? 'samples' : f.why})`).join(', ')}` : ', and no .json or .jsonl file at all';
    throw usageError('EIMPORTLAYOUT', `${dir}: no lm-eval results file (a JSON object with results and configs/versions)${seen}; nothing was imported`, { where: dir, field: 'results file' });
  }
  const parsed = new Map(results.map((r) => [r.path, parseText(r.path, decodeUtf8(bytes.get(r.path)!, r.path)) as JsonObject]));
  const sets: LmEvalSet[] = results.map((r) => ({ results: r.path, samples: [] }));
  for (const s of files.filter((f) => f.kind === 'samples')) {
    const set = resultsFor(s.path, sets, parsed, bytes);
    if (!set)
      throw usageError(
        'EIMPORTLAYOUT',
        `${join(dir, s.path)}: a samples file with no results file it belongs to (none in its directory, and none whose date or task_hashes match); nothing was imported`,
        { where: join(dir, s.path), field: 'results file' },
      );
    set.samples.push({ task: '', file: s.path, how: 'name' });
  }
  for (const set of sets) assignTasks(dir, set, parsed.get(set.results)!, bytes);
  return sets;
}

function resultsFor(sample: string, sets: LmEvalSet[], parsed: Map<string, JsonObject>, bytes: Map<string, Buffer>): LmEvalSet | undefined {
  const same = sets.filter((s) => dirOf(s.results) === dirOf(sample));
  if (same.length === 1) return same[0];
  const pool = same.length ? same : sets;
  const byDate = pool.filter((s) => {
    const d = RESULTS_DATE.exec(baseOf(s.results))?.[1];
    return d !== undefined && baseOf(sample).endsWith(`_${d}.jsonl`);
  });
  if (byDate.length === 1) return byDate[0];
  const hash = taskHashOf(sampleRecords(sample, bytes.get(sample)!));
  const byHash = hash === null ? [] : pool.filter((s) => Object.values(isObject(parsed.get(s.results)!.task_hashes) ? (parsed.get(s.results)!.task_hashes as JsonObject) : {}).includes(hash));
  return byHash.length === 1 ? byHash[0] : pool.length === 1 ? pool[0] : undefined;
}

function assignTasks(dir: string, set: LmEvalSet, results: JsonObject, bytes: Map<string, Buffer>) {
  const tasks = tasksOf(results);
  const hashes = isObject(results.task_hashes) ? (results.task_hashes as JsonObject) : {};
  const taken = new Set<string>();
  const open: LmEvalSet['samples'] = [];
  for (const s of set.samples) {
    const h = taskHashOf(sampleRecords(s.file, bytes.get(s.file)!));
    const byHash = h === null ? undefined : Object.keys(hashes).find((t) => hashes[t] === h);
    const byName = taskFromName(s.file, tasks);
    if (byHash !== undefined) Object.assign(s, { task: byHash, how: 'task_hashes' });
    else if (byName !== null) Object.assign(s, { task: byName, how: 'name' });
    else {
      open.push(s);
      continue;
    }
    if (taken.has(s.task))
      throw usageError('EIMPORTLAYOUT', `${join(dir, s.file)}: a second samples file for task ${s.task} of ${set.results}; nothing was imported`, { where: join(dir, s.file), field: 'task' });
    taken.add(s.task);
  }
  const left = tasks.filter((t) => !taken.has(t));
  if (open.length === 1 && left.length === 1) Object.assign(open[0]!, { task: left[0]!, how: 'only task left' });
  else if (open.length)
    throw usageError(
      'EIMPORTLAYOUT',
      `${join(dir, open[0]!.file)}: cannot tell which task of ${set.results} it holds (its lines match no task_hashes entry and its name holds none of ${tasks.join(', ')}); nothing was imported`,
      { where: join(dir, open[0]!.file), field: 'task' },
    );
  set.samples.sort((a, b) => (a.task < b.task ? -1 : a.task > b.task ? 1 : 0));
}

export function readLmEvalSet(set: LmEvalSet, bytes: Map<string, Buffer>): ImportPlan {
  const files: SourceFile[] = [{ role: 'results', name: set.results, format: 'lm-eval-results', bytes: bytes.get(set.results)! }];
  for (const { task, file } of set.samples) files.push({ role: `samples:${task}`, name: file, format: 'lm-eval-samples', bytes: bytes.get(file)! });
  const plan = readLmEvalFiles(files);
  plan.notes = set.samples.map((s) => `${s.file}: samples of task ${s.task} (found by ${s.how === 'name' ? 'its name' : s.how})`);
  for (const t of (plan.layout.resultsOnly as string[] | undefined) ?? []) plan.notes.push(`task ${t}: results only, no samples file: its metrics cannot be recomputed`);
  return plan;
}

/** The plan for one results file (files[0]) and its samples files (role "samples:<task>"). */
export function readLmEvalFiles(files: SourceFile[]): ImportPlan {
  const results = files[0]!;
  const header = parseText(results.name, decodeUtf8(results.bytes, results.name));
  checkResults(results.name, header);
  const samples: ImportedSample[] = [];
  const tasks: string[] = [];
  let noFilter = 0;
  let arrays = 0;
  files.forEach((f, index) => {
    if (index === 0) return;
    const task = f.role.slice('samples:'.length);
    tasks.push(task);
    if (!((header as JsonObject).results as JsonObject)[task] && !(isObject((header as JsonObject).configs) && ((header as JsonObject).configs as JsonObject)[task]))
      layoutError(results.name, `results.${task}`, `the task of ${f.name} has no results`);
    const records = sampleRecords(f.name, f.bytes);
    if (records[0]?.entry.startsWith('item')) arrays++;
    for (const { entry, value } of records) {
      const where = `${f.name}: ${entry}`;
      checkSampleLine(where, value);
      const l = value as JsonObject;
      if (l.filter === undefined) noFilter++;
      samples.push({ file: index, entry, key: { task, doc_id: l.doc_id as number, filter: typeof l.filter === 'string' ? l.filter : 'none' }, sample: l });
    }
  });
  const date = RESULTS_DATE.exec(results.name)?.[1] ?? null;
  const layout: JsonObject = { date, tasks, samples: samples.length };
  const only = tasksOf(header as JsonObject).filter((t) => !tasks.includes(t));
  if (only.length) layout.resultsOnly = only;
  if (noFilter) layout.linesWithoutFilter = noFilter;
  if (arrays) layout.samplesAsJsonArray = arrays;
  return { framework: 'lm-eval', files, header, extra: {}, layout, samples };
}

function checkResults(where: string, h: Json) {
  if (!isObject(h)) layoutError(where, '(top level)', 'not a JSON object');
  if (!isObject(h.results)) layoutError(where, 'results', 'missing or not an object');
  for (const f of ['configs', 'versions', 'n-samples', 'task_hashes', 'group_subtasks', 'groups'] as const) {
    if (h[f] !== undefined && !isObject(h[f])) layoutError(where, f, 'not an object');
  }
}

function checkSampleLine(where: string, l: Json) {
  if (!isObject(l)) layoutError(where, '(top level)', 'a sample must be a JSON object');
  if (typeof l.doc_id !== 'number' || !Number.isInteger(l.doc_id)) layoutError(where, 'doc_id', 'missing or not an integer');
  if (!('doc' in l)) layoutError(where, 'doc', 'missing');
  if (l.filter !== undefined && typeof l.filter !== 'string') layoutError(where, 'filter', 'not a string');
  if (!('target' in l)) layoutError(where, 'target', 'missing');
  if (!('arguments' in l)) layoutError(where, 'arguments', 'missing');
  if (l.metrics !== undefined && !(Array.isArray(l.metrics) && l.metrics.every((m) => typeof m === 'string'))) layoutError(where, 'metrics', 'not a list of metric names');
  for (const m of (l.metrics as string[] | undefined) ?? []) if (!(m in l)) layoutError(where, m, `metrics names ${m}, which the line does not hold`);
  for (const h of ['doc_hash', 'prompt_hash', 'target_hash']) if (l[h] !== undefined && typeof l[h] !== 'string') layoutError(where, h, 'not a string');
}
