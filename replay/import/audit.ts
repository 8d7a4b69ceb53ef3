import type { Json } from '../format/json.ts';
import { numberOf } from './pyjson.ts';
import type { LoadedImport } from './store.ts';
import { isObject, type JsonObject } from './types.ts';
import { close, mean, row, sampleStd, type AuditStatus, type ImportAuditReport, type ImportAuditRow } from './audit-rows.ts';
import { auditHelm } from './helm.ts';
import { auditEee, type ProtocolScorer } from './eee.ts';

/**
 * `docket audit --imported` (docs/import.md "Audit"): recompute each imported log's own headline
 * numbers from its per-sample records by that framework's rule, and compare with what the log
 * reports. This is the framework's protocol, not docket's (no source-eval weighting, no coverage
 * rule). inspect_ai: reduce each sample's epochs (the log's epochs_reducer), then the metric
 * (accuracy/mean = mean, stderr = sample std / √n). lm-eval: the mean of the per-sample values per
 * filter (and its standard error), groups as the size-weighted mean of their subtasks.
 */
export { close, mean, row, sampleStd, type AuditStatus, type ImportAuditReport, type ImportAuditRow } from './audit-rows.ts';

/** Each framework's own rule (one function per framework). */
const AUDITS: Record<string, (imp: LoadedImport, rules: AuditRules) => ImportAuditRow[]> = {
  inspect_ai: (i) => auditInspect(i),
  'lm-eval': (i) => auditLmEval(i),
  helm: (i) => auditHelm(i),
  eee: (i, rules) => auditEee(i, rules.protocol),
};

/** Rules that live above this layer, passed in by the caller: docket's protocol score (scoring/eee-export.ts protocolScore), for EEE records docket wrote. */
export interface AuditRules {
  protocol?: ProtocolScorer;
}

export function auditImports(imports: LoadedImport[], rules: AuditRules = {}): ImportAuditReport {
  const rows: ImportAuditRow[] = [];
  for (const imp of imports) rows.push(...AUDITS[String(imp.run.framework)]!(imp, rules));
  const counts: Record<AuditStatus, number> = { reproduced: 0, mismatch: 0, unverifiable: 0 };
  for (const r of rows) counts[r.status]++;
  return { ok: counts.mismatch === 0, protocol: 'framework', imports: imports.length, rows, counts };
}

// ---- inspect_ai ----

/** inspect_ai's value_to_float: C/I/P/N letters, numbers, booleans, yes/no words. */
export function inspectValueToFloat(v: Json): number | null {
  const n = numberOf(v);
  if (n !== null) return n;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v !== 'string') return null;
  if (v === 'C') return 1;
  if (v === 'P') return 0.5;
  if (v === 'I' || v === 'N') return 0;
  if (/^\d+$/.test(v)) return Number(v);
  const w = v.toLowerCase();
  if (w === 'yes' || w === 'true') return 1;
  if (w === 'no' || w === 'false') return 0;
  return 0; // inspect warns and scores an unrecognised value 0
}

const REDUCERS: Record<string, (xs: number[]) => number> = {
  mean,
  max: (xs) => Math.max(...xs),
  median: (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  },
};

const METRICS: Record<string, (xs: number[]) => number> = {
  accuracy: mean,
  mean,
  stderr: (xs) => (xs.length <= 1 ? 0 : sampleStd(xs) / Math.sqrt(xs.length)),
  std: (xs) => (xs.length <= 1 ? 0 : sampleStd(xs)),
};

/** The score a sample holds for one results entry (a scorer, or one key of a scorer's dict value). */
function sampleValue(sample: JsonObject, name: string, scorer: string | undefined): Json | undefined {
  const scores = scoresOfSample(sample, name);
  const sc = scores[name] ?? (scorer !== undefined ? scores[scorer] : undefined);
  if (!isObject(sc)) return undefined;
  if (isObject(sc.value) && numberOf(sc.value) === null) return sc.value[name];
  return sc.value;
}

/** A sample's scores by scorer; a log-version-1 sample's single `score` belongs to the log's one scorer. */
function scoresOfSample(sample: JsonObject, scorerName: string): JsonObject {
  if (isObject(sample.scores)) return sample.scores;
  return isObject(sample.score) ? { [scorerName]: sample.score } : {};
}

/** results.scores, or a log-version-1 `results.scorer` with its top-level `metrics` (inspect_ai's convert_scorer_to_scorers). */
export function inspectScores(results: JsonObject): Json[] | null {
  if (Array.isArray(results.scores)) return results.scores;
  if (isObject(results.scorer)) return [{ ...results.scorer, scorer: results.scorer.name ?? null, metrics: isObject(results.metrics) ? results.metrics : {} }];
  return null;
}

/** Each sample id's epochs reduced to one number; null when a value is not a number docket reads. */
function reduced(imp: LoadedImport, name: string, scorer: string | undefined, reducer: string): { byId: Map<string, number>; edited: number } | null {
  const values = new Map<string, number[]>();
  let edited = 0;
  for (const { value } of imp.samples) {
    const s = value.sample as JsonObject;
    const v = sampleValue(s, name, scorer);
    if (v === undefined || v === null) continue;
    const f = inspectValueToFloat(v);
    if (f === null) return null;
    const key = JSON.stringify((value.key as JsonObject).id);
    values.set(key, [...(values.get(key) ?? []), f]);
    const own = scoresOfSample(s, name);
    const sc = own[name] ?? (scorer ? own[scorer] : undefined);
    if (isObject(sc) && Array.isArray(sc.history) && sc.history.length) edited++;
  }
  const r = REDUCERS[reducer];
  if (!r) return null;
  return { byId: new Map([...values].map(([k, xs]) => [k, r(xs)])), edited };
}

function auditInspect(imp: LoadedImport): ImportAuditRow[] {
  const header = imp.run.header as JsonObject;
  const results = isObject(header.results) ? header.results : null;
  const scores = results ? inspectScores(results) : null;
  if (!scores) return [row(imp, '(log)', '(all)', null, null, 'the log reports no results (a crashed or unscored run): nothing to recompute')];
  const config = isObject(header.eval) && isObject(header.eval.config) ? header.eval.config : {};
  const defaultReducer = Array.isArray(config.epochs_reducer) && typeof config.epochs_reducer[0] === 'string' ? config.epochs_reducer[0] : 'mean';
  const out: ImportAuditRow[] = [];
  for (const es of scores) {
    if (!isObject(es) || typeof es.name !== 'string') continue;
    const scorer = typeof es.scorer === 'string' ? es.scorer : undefined;
    const reducer = typeof es.reducer === 'string' ? es.reducer : defaultReducer;
    const red = reduced(imp, es.name, scorer, reducer);
    const metrics = isObject(es.metrics) ? es.metrics : {};
    for (const [mname, m] of Object.entries(metrics)) {
      const reported = isObject(m) ? numberOf(m.value) : null;
      const fn = METRICS[mname];
      if (!red) out.push(row(imp, es.name, mname, reported, null, `epoch reducer ${reducer} or a score value is not one docket recomputes`));
      else if (!fn) out.push(row(imp, es.name, mname, reported, null, `metric ${mname} is not one docket recomputes (accuracy, mean, stderr, std)`));
      else {
        const xs = [...red.byId.values()];
        out.push(
          row(
            imp,
            es.name,
            mname,
            reported,
            xs.length ? fn(xs) : null,
            xs.length
              ? `${xs.length} samples, epochs reduced by ${reducer}${red.edited ? `; ${red.edited} scores edited after the run (they keep a history)` : ''}`
              : imp.samples.length
                ? `no sample holds a ${es.name} score`
                : 'the log holds no samples (a header-only log): nothing to recompute from',
          ),
        );
      }
    }
    if (red) out.push(...auditReductions(imp, es.name, reducer, red.byId));
  }
  return out;
}

/** reductions.json: each sample's reduced value as the log wrote it, against the samples' own scores. */
function auditReductions(imp: LoadedImport, name: string, reducer: string, byId: Map<string, number>): ImportAuditRow[] {
  const reductions = imp.run.extra && isObject(imp.run.extra) && Array.isArray((imp.run.extra as JsonObject).reductions) ? ((imp.run.extra as JsonObject).reductions as Json[]) : [];
  const out: ImportAuditRow[] = [];
  for (const r of reductions) {
    if (!isObject(r) || r.scorer !== name || (typeof r.reducer === 'string' && r.reducer !== reducer) || !Array.isArray(r.samples)) continue;
    for (const s of r.samples) {
      if (!isObject(s)) continue;
      const reported = inspectValueToFloat(s.value ?? null);
      const got = byId.get(JSON.stringify(s.sample_id));
      const st = reported !== null && got !== undefined && close(reported, got);
      if (!st) out.push(row(imp, `sample ${JSON.stringify(s.sample_id)}`, `${name} reduction (${reducer})`, reported, got ?? null, 'reductions.json disagrees with the sample records'));
    }
  }
  return out;
}

// ---- lm-eval ----

const DEFAULT_MEAN = new Set(['acc', 'acc_norm', 'exact_match', 'acc_mutual_info']);

function aggregationOf(header: JsonObject, task: string, metric: string): string | null {
  const cfg = isObject(header.configs) ? header.configs[task] : undefined;
  const list = isObject(cfg) && Array.isArray(cfg.metric_list) ? cfg.metric_list : null;
  if (list) {
    const m = list.find((x) => isObject(x) && x.metric === metric);
    if (isObject(m)) return typeof m.aggregation === 'string' ? m.aggregation : DEFAULT_MEAN.has(metric) ? 'mean' : null;
  }
  return DEFAULT_MEAN.has(metric) ? 'mean' : null;
}

/**
 * An aggregation named in one line. A task config may hold a Python function's whole source (or
 * its repr) as the aggregation: the function's name is enough to say what docket does not run.
 */
export function aggregationName(agg: string | null): string {
  if (agg === null) return 'unknown';
  const def = /^\s*def\s+([A-Za-z_][A-Za-z0-9_]*)/m.exec(agg);
  if (def) return `${def[1]} (a Python function in the task config)`;
  const repr = /^<function ([A-Za-z_][A-Za-z0-9_.]*)/.exec(agg);
  if (repr) return `${repr[1]} (a Python function)`;
  const first = agg.split('\n')[0]!;
  return first.length > 60 ? `${first.slice(0, 57)}…` : first;
}

/** The "<metric>,<filter>" keys of one results entry, stderr keys left out. */
function metricKeys(res: JsonObject): { key: string; metric: string; filter: string }[] {
  return Object.keys(res)
    .filter((k) => k.includes(',') && !k.split(',')[0]!.endsWith('_stderr'))
    .map((key) => ({ key, metric: key.slice(0, key.indexOf(',')), filter: key.slice(key.indexOf(',') + 1) }));
}

function auditLmEval(imp: LoadedImport): ImportAuditRow[] {
  const header = imp.run.header as JsonObject;
  const results = header.results as JsonObject;
  const out: ImportAuditRow[] = [];
  const lines = new Map<string, JsonObject[]>(); // "task\0filter" → lines
  for (const { value } of imp.samples) {
    const k = value.key as JsonObject;
    const key = `${String(k.task)}\0${String(k.filter)}`;
    lines.set(key, [...(lines.get(key) ?? []), value.sample as JsonObject]);
  }
  const nSamples = isObject(header['n-samples']) ? header['n-samples'] : {};
  const withSamples = new Set([...lines.keys()].map((k) => k.split('\0')[0]!));
  for (const task of [...withSamples].sort()) {
    const res = isObject(results[task]) ? results[task] : {};
    const filters = new Set<string>();
    for (const { key, metric, filter } of metricKeys(res)) {
      filters.add(filter);
      const v = res[key];
      const scope = `${task}/${filter}`;
      const reported = numberOf(v ?? null);
      const ls = lines.get(`${task}\0${filter}`) ?? [];
      const xs = ls.map((l) => numberOf(l[metric] ?? null));
      const agg = aggregationOf(header, task, metric);
      if (!ls.length) out.push(row(imp, scope, metric, reported, null, `no sample lines for filter ${filter}`));
      else if (agg !== 'mean') out.push(row(imp, scope, metric, reported, null, `aggregation ${aggregationName(agg)} is not one docket recomputes (mean)`));
      else if (xs.some((x) => x === null)) out.push(row(imp, scope, metric, reported, null, `a sample's ${metric} is not a number`));
      else {
        const nums = xs as number[];
        out.push(row(imp, scope, metric, reported, mean(nums), `mean of ${nums.length} samples`));
        const se = numberOf(res[`${metric}_stderr,${filter}`] ?? null);
        if (se !== null) out.push(row(imp, scope, `${metric}_stderr`, se, nums.length > 1 ? sampleStd(nums) / Math.sqrt(nums.length) : null, 'sample standard deviation / √n'));
      }
    }
    out.push(...sampleCount(imp, task, [...filters], lines, nSamples));
  }
  for (const task of ((imp.run.layout as JsonObject).resultsOnly as string[] | undefined) ?? []) {
    const n = isObject(results[task]) ? metricKeys(results[task] as JsonObject).length : 0;
    out.push(row(imp, task, `${n} metric${n === 1 ? '' : 's'}`, null, null, `results only: ${n} metric${n === 1 ? '' : 's'} unverifiable (no samples)`));
  }
  out.push(...auditGroups(imp, header));
  return out;
}

/** Each filter's sample lines against the log's own count of the task (`n-samples[task].effective`): a difference is a finding. */
function sampleCount(imp: LoadedImport, task: string, filters: string[], lines: Map<string, JsonObject[]>, nSamples: JsonObject): ImportAuditRow[] {
  const n = isObject(nSamples[task]) ? numberOf((nSamples[task] as JsonObject).effective ?? null) : null;
  const out: ImportAuditRow[] = [];
  for (const filter of filters.length ? filters : ['none']) {
    const got = new Set((lines.get(`${task}\0${filter}`) ?? []).map((l) => l.doc_id)).size;
    if (n === null) out.push(row(imp, `${task}/${filter}`, 'samples', null, got, 'the results file has no n-samples (lm-eval before 0.4.3): the count cannot be checked'));
    else out.push(row(imp, `${task}/${filter}`, 'samples', n, got, got === n ? `${got} documents, as n-samples says` : `n-samples says ${n} documents; the samples file holds ${got}`));
  }
  return out;
}

/**
 * A group's number recomputed from its subtasks' reported numbers: lm-eval's aggregate_subtask_metrics,
 * weighted by each subtask's size (n-samples effective; a subgroup's size is its leaves' sum) over
 * the subtasks that report the metric; a group configured with weight_by_size false takes the plain
 * mean, which is tried when the weighted one differs (the results file does not carry the group config).
 */
function auditGroups(imp: LoadedImport, header: JsonObject): ImportAuditRow[] {
  const subtasks = isObject(header.group_subtasks) ? header.group_subtasks : {};
  const results = header.results as JsonObject;
  const groups = isObject(header.groups) ? header.groups : {};
  const nSamples = isObject(header['n-samples']) ? header['n-samples'] : {};
  const size = (t: string, depth = 0): number | null => {
    const n = nSamples[t];
    if (isObject(n)) return numberOf(n.effective ?? null);
    const subs = subtasks[t];
    if (!Array.isArray(subs) || !subs.length || depth > 16) return null;
    const parts = subs.map((x) => size(String(x), depth + 1));
    return parts.every((p) => p !== null) ? (parts as number[]).reduce((a, b) => a + b, 0) : null;
  };
  const out: ImportAuditRow[] = [];
  for (const [group, subs] of Object.entries(subtasks)) {
    if (!Array.isArray(subs) || !subs.length) continue;
    const res = isObject(groups[group]) ? (groups[group] as JsonObject) : isObject(results[group]) ? (results[group] as JsonObject) : null;
    if (!res) continue;
    for (const { key, metric } of metricKeys(res)) {
      const reported = numberOf(res[key] ?? null);
      if (reported === null) continue; // "N/A"
      const parts = subs
        .map((t) => ({ task: String(t), value: isObject(results[String(t)]) ? numberOf((results[String(t)] as JsonObject)[key] ?? null) : null, n: size(String(t)) }))
        .filter((p) => p.value !== null);
      if (!parts.length) {
        out.push(row(imp, `${group} (group)`, metric, reported, null, `none of its ${subs.length} subtasks reports ${key}`));
        continue;
      }
      const plain = parts.reduce((a, p) => a + p.value!, 0) / parts.length;
      if (parts.some((p) => p.n === null)) {
        out.push(
          row(
            imp,
            `${group} (group)`,
            metric,
            reported,
            null,
            `a subtask's size is unknown (no n-samples entry): the weighted mean cannot be recomputed${close(plain, reported) ? '; the plain mean of the subtasks matches' : ''}`,
          ),
        );
        continue;
      }
      const total = parts.reduce((a, p) => a + p.n!, 0);
      const weighted = total > 0 ? parts.reduce((a, p) => a + p.value! * p.n!, 0) / total : null;
      const of = `${parts.length} of its ${subs.length} subtasks (${parts.map((p) => `${p.task} ${p.n}`).join(', ')})`;
      if (weighted !== null && !close(weighted, reported) && close(plain, reported))
        out.push(row(imp, `${group} (group)`, metric, reported, plain, `unweighted mean of ${of} (the group sets weight_by_size false)`));
      else out.push(row(imp, `${group} (group)`, metric, reported, weighted, `sample-weighted mean of ${of}`));
    }
  }
  return out;
}
