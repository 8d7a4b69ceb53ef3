import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { canonicalText, type Json } from '../format/json.ts';
import { usageError } from '../errors.ts';
import { row, type ImportAuditRow } from './audit-rows.ts';
import { decodeUtf8, numberOf } from './pyjson.ts';
import { parseText } from './lmeval.ts';
import type { FieldDiff, ImportReplay } from './replay.ts';
import type { LoadedImport } from './store.ts';
import { isObject, layoutError, type ImportedSample, type ImportPlan, type JsonObject, type SourceFile } from './types.ts';

/**
 * Stanford HELM run directories (docs/import.md "HELM"): `helm-run` writes one directory per run
 * spec with `run_spec.json`, `scenario.json`, `scenario_state.json` (the adapter spec and every
 * request state: instance, request, result), `per_instance_stats.json` and `stats.json` (the run's
 * statistics). Each request state is stored as a foreign-sample.
 *
 * replay: the request HELM's adapter builds from the adapter spec and the instance, against the
 * logged one (multiple_choice_joint and generation adapters). The in-context training examples are
 * not in the log; their part of the prompt is taken from the prompt itself and checked to be the
 * same for every request of a trial and to hold `num_train_instances` examples.
 * audit: every mean in stats.json that the per-instance stats determine (Metric.evaluate: per
 * trial, merge each instance's stats and take the mean; then the mean over trials), including the
 * worst-case robustness/fairness stats compute_worst_case_metrics derives from them.
 */
const FILES: { name: string; role: string; format: string; required: boolean }[] = [
  { name: 'run_spec.json', role: 'run_spec', format: 'helm-run-spec', required: true },
  { name: 'scenario.json', role: 'scenario', format: 'helm-scenario', required: false },
  { name: 'scenario_state.json', role: 'scenario_state', format: 'helm-scenario-state', required: true },
  { name: 'per_instance_stats.json', role: 'per_instance_stats', format: 'helm-per-instance-stats', required: false },
  { name: 'stats.json', role: 'stats', format: 'helm-stats', required: true },
];

/** A HELM run directory as an import plan; a missing required file or an unknown shape is EIMPORTLAYOUT. */
export function readHelmDir(dir: string): ImportPlan {
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
  } catch (e) {
    throw usageError('EREAD', `cannot read the directory ${dir}: ${(e as Error).message}`, { path: dir });
  }
  const run = basename(dir.replace(/\/+$/, ''));
  const files: SourceFile[] = [];
  for (const f of FILES) {
    const p = join(dir, f.name);
    if (!existsSync(p)) {
      if (f.required)
        layoutError(
          dir,
          f.name,
          `missing (a HELM run directory holds ${FILES.filter((x) => x.required)
            .map((x) => x.name)
            .join(', ')})`,
        );
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = readFileSync(p);
    } catch (e) {
      throw usageError('EREAD', `cannot read ${p}: ${(e as Error).message}`, { path: p });
    }
    files.push({ role: f.role, name: `${run}/${f.name}`, format: f.format as SourceFile['format'], bytes });
  }
  return readHelmFiles(files);
}

const parsed = (f: SourceFile): Json => parseText(f.name, decodeUtf8(f.bytes, f.name));

/** The plan for a run directory's files (roles as FILES names them); verify re-derives the import through it. */
export function readHelmFiles(files: SourceFile[]): ImportPlan {
  const by = new Map(files.map((f) => [f.role, f]));
  const spec = parsed(by.get('run_spec')!);
  if (!isObject(spec) || typeof spec.name !== 'string' || !isObject(spec.adapter_spec)) layoutError(by.get('run_spec')!.name, 'adapter_spec', 'run_spec.json needs a name and an adapter_spec object');
  const state = parsed(by.get('scenario_state')!);
  const where = by.get('scenario_state')!.name;
  if (!isObject(state) || !isObject(state.adapter_spec) || !Array.isArray(state.request_states)) layoutError(where, 'request_states', 'scenario_state.json needs adapter_spec and request_states');
  const stats = parsed(by.get('stats')!);
  if (!Array.isArray(stats)) layoutError(by.get('stats')!.name, '(top level)', 'stats.json must be a list of stats');
  if (by.has('per_instance_stats') && !Array.isArray(parsed(by.get('per_instance_stats')!))) layoutError(by.get('per_instance_stats')!.name, '(top level)', 'per_instance_stats.json must be a list');
  const scenario = by.has('scenario') ? parsed(by.get('scenario')!) : null;
  const index = files.indexOf(by.get('scenario_state')!);
  const samples: ImportedSample[] = (state.request_states as Json[]).map((rs, i) => {
    const w = `${where}: request_states[${i}]`;
    if (!isObject(rs) || !isObject(rs.instance) || !isObject(rs.request)) layoutError(w, 'instance', 'a request state needs instance and request objects');
    const inst = rs.instance as JsonObject;
    if (typeof inst.id !== 'string') layoutError(w, 'instance.id', 'missing or not a string');
    const perturbation = isObject(inst.perturbation) && typeof inst.perturbation.name === 'string' ? inst.perturbation.name : null;
    return {
      file: index,
      entry: `request_states[${i}]`,
      key: {
        instance: inst.id,
        trial: typeof rs.train_trial_index === 'number' ? rs.train_trial_index : 0,
        reference: typeof rs.reference_index === 'number' ? rs.reference_index : null,
        perturbation,
      },
      sample: rs,
    };
  });
  return {
    framework: 'helm',
    files,
    header: { run_spec: spec, scenario, adapter_spec: state.adapter_spec as Json },
    extra: { stats }, // the run's reported numbers (what the index's foreign_scores shows)
    layout: { requestStates: samples.length, stats: (stats as Json[]).length, perInstanceStats: by.has('per_instance_stats') },
    samples,
  };
}

// ---- replay: the adapter's requests rebuilt ----

const text = (v: Json | undefined) => (typeof v === 'string' ? v : '');
function referencePrefix(spec: JsonObject, prefix: string, i: number): string {
  const old = [...prefix].find((c) => /[\p{L}\p{N}]/u.test(c));
  if (old === undefined) return prefix;
  const chars = Array.isArray(spec.reference_prefix_characters) ? (spec.reference_prefix_characters as Json[]) : null;
  const now = chars ? String(chars[i]) : String.fromCharCode(old.charCodeAt(0) + i);
  return prefix.split(old).join(now);
}

/** The eval instance's block of the prompt (construct_example_prompt with include_output false). */
function evalBlock(method: string, spec: JsonObject, inst: JsonObject): string {
  let out = text(spec.input_prefix) + text(isObject(inst.input) ? inst.input.text : undefined) + text(spec.input_suffix);
  if (method === 'multiple_choice_joint')
    (Array.isArray(inst.references) ? inst.references : []).forEach((r, i) => {
      out += referencePrefix(spec, text(spec.reference_prefix), i) + text(isObject(r) && isObject(r.output) ? r.output.text : undefined) + text(spec.reference_suffix);
    });
  return out + text(spec.output_prefix).trimEnd();
}

/** The request fields the adapter sets from its spec, by method. */
function requestFields(method: string, spec: JsonObject): JsonObject {
  const base: JsonObject = { model: spec.model ?? null, model_deployment: spec.model_deployment ?? null, temperature: spec.temperature ?? null, max_tokens: spec.max_tokens ?? null };
  if (method === 'multiple_choice_joint') return { ...base, num_completions: 1, top_k_per_token: spec.num_outputs ?? null, stop_sequences: [] };
  return { ...base, num_completions: spec.num_outputs ?? null, stop_sequences: spec.stop_sequences ?? [] };
}

const METHODS = new Set(['multiple_choice_joint', 'generation']);

export function replayHelm(imp: LoadedImport, name: string, diffs: FieldDiff[]): ImportReplay {
  const spec = (imp.run.header as JsonObject).adapter_spec as JsonObject;
  const method = String(spec.method);
  const r: ImportReplay = { import: name, framework: 'helm', samples: imp.samples.length, checked: 0, matched: 0, mismatched: 0, unsupported: 0, coverage: null, notes: [] };
  const add = (where: string, field: string, logged: Json, rebuilt: Json, out: FieldDiff[]) => out.push({ import: name, where, field, logged, rebuilt });
  const checked: { where: string; trial: number; middle: string | null; found: FieldDiff[] }[] = [];
  let rebuilt = 0;
  for (const { value } of imp.samples) {
    const rs = value.sample as JsonObject;
    const key = value.key as JsonObject;
    const where = `${String(value.entry)} (instance ${String(key.instance)}, trial ${String(key.trial)})`;
    if (!METHODS.has(method)) {
      r.unsupported++;
      continue;
    }
    if (rs.prompt_truncated === true || (Array.isArray(spec.substitutions) && spec.substitutions.length) || key.perturbation !== null) {
      r.unsupported++;
      continue;
    }
    rebuilt++;
    const req = rs.request as JsonObject;
    const found: FieldDiff[] = [];
    for (const [f, want] of Object.entries(requestFields(method, spec))) if (canonicalText(req[f] ?? null) !== canonicalText(want)) add(where, `request.${f}`, req[f] ?? null, want, found);
    const prompt = text(req.prompt);
    const head = text(spec.global_prefix) + (text(spec.instructions) ? text(spec.instructions) + text(spec.instance_prefix) : '');
    const tail = evalBlock(method, spec, rs.instance as JsonObject) + text(spec.global_suffix);
    if (!prompt.startsWith(head)) add(where, 'request.prompt (instructions)', prompt.slice(0, head.length), head, found);
    else if (!prompt.endsWith(tail)) add(where, 'request.prompt (eval instance)', prompt.slice(Math.max(head.length, prompt.length - tail.length)), tail, found);
    let middle: string | null = null;
    if (prompt.startsWith(head) && prompt.endsWith(tail)) {
      middle = prompt.slice(head.length, prompt.length - tail.length);
      const blocks = middle ? `${text(spec.instance_prefix)}${middle}`.split(`${text(spec.instance_prefix)}${text(spec.input_prefix)}`).length - 1 : 0;
      if (typeof rs.num_train_instances === 'number' && text(spec.input_prefix) && blocks !== rs.num_train_instances) add(where, 'num_train_instances', rs.num_train_instances, blocks, found);
    }
    if (method === 'multiple_choice_joint') {
      const mapping: JsonObject = {};
      const refs = isObject(rs.instance) && Array.isArray(rs.instance.references) ? rs.instance.references : [];
      refs.forEach((ref, i) => {
        mapping[referencePrefix(spec, [...text(spec.reference_prefix)].find((c) => /[\p{L}\p{N}]/u.test(c)) ?? '', i)] = isObject(ref) && isObject(ref.output) ? (ref.output.text ?? null) : null;
      });
      if (canonicalText(rs.output_mapping ?? null) !== canonicalText(mapping)) add(where, 'output_mapping', rs.output_mapping ?? null, mapping, found);
    }
    checked.push({ where, trial: Number(key.trial), middle, found });
  }
  // A trial's requests share its training examples; HELM drops the last ones from a prompt that
  // would not fit the context window, so each prompt's examples are a prefix of the longest.
  for (const c of checked) {
    const longest = checked.filter((x) => x.trial === c.trial && x.middle !== null).reduce((a, x) => (x.middle!.length > a.length ? x.middle! : a), '');
    if (c.middle !== null && !longest.startsWith(c.middle)) add(c.where, 'request.prompt (in-context examples)', c.middle, longest, c.found);
    r.checked++;
    if (c.found.length) r.mismatched++;
    else r.matched++;
    diffs.push(...c.found);
  }
  r.coverage = imp.samples.length ? rebuilt / imp.samples.length : null;
  if (!METHODS.has(method)) r.notes.push(`adapter method ${method}: docket rebuilds requests of the multiple_choice_joint and generation adapters only`);
  else
    r.notes.push(
      `prompts and request fields rebuilt from the adapter spec and each instance (${method}); the in-context examples are not in the log: their part of each prompt is taken from the prompt and checked to be the same for every request of a trial`,
    );
  if (r.unsupported && METHODS.has(method)) r.notes.push(`${r.unsupported} request states not rebuilt: a truncated prompt, substitutions or a perturbed instance`);
  return r;
}

// ---- audit: stats.json means from the per-instance stats ----

interface Acc {
  count: number;
  sum: number;
}

function perTrialStats(perInstance: Json[]): Map<number, Map<string, Acc>> {
  const trials = new Map<number, Map<string, Acc>>();
  const add = (trial: number, key: string, count: number, sum: number) => {
    const t = trials.get(trial) ?? new Map<string, Acc>();
    trials.set(trial, t);
    const a = t.get(key) ?? { count: 0, sum: 0 };
    a.count += count;
    a.sum += sum;
    t.set(key, a);
  };
  for (const inst of perInstance) {
    if (!isObject(inst) || !Array.isArray(inst.stats)) continue;
    const trial = typeof inst.train_trial_index === 'number' ? inst.train_trial_index : 0;
    for (const st of inst.stats) {
      if (!isObject(st) || !isObject(st.name)) continue;
      const count = numberOf(st.count ?? null) ?? 0;
      add(trial, canonicalText(st.name), count, numberOf(st.sum ?? null) ?? 0);
      // compute_worst_case_metrics: without perturbed copies, an instance's worst case is its own stat's min.
      if (st.name.perturbation === undefined || st.name.perturbation === null) {
        const min = numberOf(st.min ?? null);
        if (count > 0 && min !== null)
          for (const p of ['robustness', 'fairness'])
            add(trial, canonicalText({ ...st.name, perturbation: { name: p, robustness: p === 'robustness', fairness: p === 'fairness', computed_on: 'worst' } }), 1, min);
      }
    }
  }
  return trials;
}

function statLabel(name: JsonObject): { scope: string; metric: string } {
  const p = isObject(name.perturbation) ? name.perturbation : null;
  return { scope: String(name.split ?? ''), metric: `${String(name.name)}${p ? ` (${String(p.name)}, ${String(p.computed_on ?? '')})` : ''}` };
}

export function auditHelm(imp: LoadedImport): ImportAuditRow[] {
  const log = (role: string) => imp.logs.find((l) => l.role === role);
  const stats = parseText('stats.json', log('stats')!.bytes.toString('utf8')) as Json[];
  const per = log('per_instance_stats');
  if (!per) return [row(imp, '(run)', '(all)', null, null, 'no per_instance_stats.json: the means in stats.json cannot be recomputed')];
  const trials = perTrialStats(parseText('per_instance_stats.json', per.bytes.toString('utf8')) as Json[]);
  const out: ImportAuditRow[] = [];
  const undetermined: string[] = [];
  for (const st of stats) {
    if (!isObject(st) || !isObject(st.name)) continue;
    const reported = numberOf(st.mean ?? null);
    if (reported === null) continue; // a stat with count 0 has no mean
    const key = canonicalText(st.name);
    const means = [...trials.values()]
      .map((t) => t.get(key))
      .filter((a): a is Acc => a !== undefined && a.count > 0)
      .map((a) => a.sum / a.count);
    const { scope, metric } = statLabel(st.name);
    if (!means.length) {
      undetermined.push(`${scope}/${metric}`);
      continue;
    }
    const got = means.reduce((a, b) => a + b, 0) / means.length;
    out.push(row(imp, scope, metric, reported, got, `mean over ${means.length} trial${means.length === 1 ? '' : 's'} of the per-instance stats`));
  }
  if (undetermined.length)
    out.push(row(imp, '(run)', `${undetermined.length} stats`, null, null, `not determined by the per-instance stats (derived by the metric over the whole run): ${undetermined.join(', ')}`));
  return out;
}
