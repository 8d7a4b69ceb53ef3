import type { Digest } from '../format/digest.ts';
import { canonicalText, type Json } from '../format/json.ts';
import { contentDigest } from './record.ts';
import { numberOf } from './pyjson.ts';
import { isObject, type JsonObject } from './types.ts';

/**
 * An import as rows of data (docs/design.md §5, tables foreign_runs, foreign_samples and
 * foreign_scores): what `runs`, `leaderboard`, `ls`, `sql` and `export` show of it. Pure functions of
 * the foreign-run and foreign-sample values (and, for the content digest, of the foreign-logs'
 * recorded SHA-256), so the index builds the same rows from the same bundles whatever their order.
 */
export interface ForeignRunRow {
  framework: string;
  task: string | null; // the task (lm-eval: tasks, comma-separated; HELM: the run spec name; EEE: the evaluation names)
  model: string | null;
  samples: number;
  content_digest: Digest;
}

export interface ForeignSampleRow {
  sample_id: string;
  task: string | null;
  epoch: number | null; // inspect_ai's epoch, HELM's train trial; null elsewhere
  target: string | null;
  answer: string | null;
  score: number | null; // the sample's first score as a number, where the framework gives one
  input_tokens: number | null;
  output_tokens: number | null;
  finish_reason: string | null; // as the framework names it (inspect: stop_reason; HELM: finish_reason.reason)
  truncated: boolean | null; // the answer was cut at a token limit (inspect: max_tokens, model_length, or the older length; HELM: length); null when the log cannot say
}

export interface ForeignScoreRow {
  task: string | null;
  metric: string;
  value: number | null;
  stderr: number | null;
  samples: number | null;
}

const str = (v: Json | undefined): string | null => (typeof v === 'string' ? v : v === undefined || v === null ? null : typeof v === 'number' || typeof v === 'boolean' ? String(v) : canonicalText(v));
const obj = (v: Json | undefined): JsonObject => (isObject(v) ? v : {});
const int = (v: Json | undefined): number | null => {
  const n = numberOf(v ?? null);
  return n !== null && Number.isInteger(n) ? n : null;
};

/** The model an lm-eval results file names: model_name (0.4.3+), else `pretrained=`/`model=` in model_args. */
function lmEvalModel(h: JsonObject): string | null {
  if (typeof h.model_name === 'string' && h.model_name) return h.model_name;
  const args = obj(h.config).model_args;
  if (isObject(args)) return str(args.pretrained ?? args.model ?? null);
  const m = typeof args === 'string' ? /(?:^|,)(?:pretrained|model)=([^,]+)/.exec(args) : null;
  return m ? m[1]! : null;
}

export function foreignRunRow(run: JsonObject, logSha256: Digest[]): ForeignRunRow {
  const h = obj(run.header);
  const layout = obj(run.layout);
  const fw = String(run.framework);
  let task: string | null = null;
  let model: string | null = null;
  if (fw === 'inspect_ai') {
    task = str(obj(h.eval).task);
    model = str(obj(h.eval).model);
  } else if (fw === 'lm-eval') {
    const tasks = [...((layout.tasks as string[] | undefined) ?? []), ...((layout.resultsOnly as string[] | undefined) ?? [])].sort();
    task = tasks.length ? tasks.join(',') : null;
    model = lmEvalModel(h);
  } else if (fw === 'helm') {
    task = str(obj(h.run_spec).name);
    model = str(obj(h.adapter_spec).model);
  } else if (fw === 'eee') {
    const names = [...new Set(((h.evaluation_results as Json[] | undefined) ?? []).map((r) => str(obj(r).evaluation_name)).filter((x): x is string => x !== null))];
    task = names.length ? names.join(',') : null;
    model = str(obj(h.model_info).id);
  }
  return { framework: fw, task, model, samples: Array.isArray(run.samples) ? run.samples.length : 0, content_digest: contentDigest(fw, logSha256) };
}

const textOf = (v: Json | undefined): string | null => {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : (str(obj(x).text) ?? ''))).join('');
  return str(v);
};

/** One sample's row; `run` gives the task where the sample does not carry it. */
export function foreignSampleRow(sample: JsonObject, run: JsonObject): ForeignSampleRow {
  const s = obj(sample.sample);
  const k = obj(sample.key);
  const fw = String(sample.framework);
  const none: ForeignSampleRow = { sample_id: '', task: null, epoch: null, target: null, answer: null, score: null, input_tokens: null, output_tokens: null, finish_reason: null, truncated: null };
  if (fw === 'inspect_ai') {
    const out = obj(s.output);
    const choice = obj(Array.isArray(out.choices) ? out.choices[0] : undefined);
    const usage = obj(out.usage);
    const scores = isObject(s.scores) ? Object.values(s.scores) : isObject(s.score) ? [s.score] : [];
    const first = obj(scores[0]).value;
    return {
      ...none,
      sample_id: str(k.id) ?? '',
      task: str(obj(obj(run.header).eval).task),
      epoch: int(k.epoch),
      target: Array.isArray(s.target) ? s.target.map(String).join(', ') : str(s.target),
      answer: typeof out.completion === 'string' ? out.completion : textOf(obj(choice.message).content),
      score: inspectScore(first ?? null),
      input_tokens: int(usage.input_tokens),
      output_tokens: int(usage.output_tokens),
      finish_reason: str(choice.stop_reason),
      truncated: typeof choice.stop_reason === 'string' ? CUT.has(choice.stop_reason) : null,
    };
  }
  if (fw === 'lm-eval') {
    const metrics = Array.isArray(s.metrics) ? (s.metrics as string[]) : Object.keys(s).filter((m) => !LMEVAL_FIELDS.has(m));
    const resp = Array.isArray(s.filtered_resps) ? s.filtered_resps[0] : undefined;
    return {
      ...none,
      sample_id: `${String(k.doc_id)}/${String(k.filter)}`,
      task: str(k.task),
      target: str(s.target),
      answer: Array.isArray(resp) ? str(resp[0]) : str(resp),
      score: metrics.length ? numberOf(s[metrics[0]!] ?? null) : null,
    };
  }
  if (fw === 'helm') {
    const inst = obj(s.instance);
    const refs = (Array.isArray(inst.references) ? inst.references : []).filter((r) => Array.isArray(obj(r).tags) && (obj(r).tags as Json[]).includes('correct'));
    const completion = obj(Array.isArray(obj(s.result).completions) ? (obj(s.result).completions as Json[])[0] : undefined);
    return {
      ...none,
      sample_id: str(k.instance) ?? '',
      task: str(obj(obj(run.header).run_spec).name),
      epoch: int(k.trial),
      target: refs.length ? refs.map((r) => str(obj(obj(r).output).text) ?? '').join(', ') : null,
      answer: str(completion.text),
      output_tokens: Array.isArray(completion.tokens) ? completion.tokens.length : null,
      finish_reason: str(obj(completion.finish_reason).reason),
      truncated: typeof obj(completion.finish_reason).reason === 'string' ? obj(completion.finish_reason).reason === 'length' : null,
    };
  }
  if (fw === 'eee') {
    const tokens = obj(s.token_usage);
    const raw = obj(s.output).raw;
    return {
      ...none,
      sample_id: str(s.sample_id) ?? '',
      task: str(s.evaluation_name),
      target: Array.isArray(obj(s.input).reference) ? (obj(s.input).reference as Json[]).map(String).join(', ') : null,
      answer: Array.isArray(raw) ? str(raw[0]) : null,
      score: numberOf(obj(s.evaluation).score ?? null),
      input_tokens: int(tokens.input_tokens),
      output_tokens: int(tokens.output_tokens),
    };
  }
  return none;
}

/** inspect_ai's stop reasons for an answer cut at a token limit (`length` before 0.3.26). */
const CUT = new Set(['max_tokens', 'model_length', 'length']);

const LMEVAL_FIELDS = new Set(['doc_id', 'doc', 'target', 'arguments', 'resps', 'filtered_resps', 'filter', 'metrics', 'doc_hash', 'prompt_hash', 'target_hash']);

/** inspect_ai's value_to_float for the common values (C/P/I/N, numbers, booleans); null otherwise. */
function inspectScore(v: Json): number | null {
  const n = numberOf(v);
  if (n !== null) return n;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v === 'C' ? 1 : v === 'P' ? 0.5 : v === 'I' || v === 'N' ? 0 : null;
}

/** The numbers the source reports (its headline metrics), one row each. */
export function foreignScoreRows(run: JsonObject): ForeignScoreRow[] {
  const h = obj(run.header);
  const fw = String(run.framework);
  const out: ForeignScoreRow[] = [];
  if (fw === 'inspect_ai') {
    const results = obj(h.results);
    const scores = Array.isArray(results.scores) ? results.scores : isObject(results.scorer) ? [{ ...results.scorer, metrics: results.metrics ?? {} }] : [];
    for (const sc of scores) {
      const metrics = obj(obj(sc).metrics);
      for (const [m, v] of Object.entries(metrics))
        if (!m.endsWith('stderr'))
          out.push({
            task: str(obj(h.eval).task),
            metric: `${String(obj(sc).name)}/${m}`,
            value: numberOf(obj(v).value ?? null),
            stderr: numberOf(obj(metrics.stderr).value ?? null),
            samples: int(results.completed_samples ?? results.total_samples),
          });
    }
  } else if (fw === 'lm-eval') {
    const n = obj(h['n-samples']);
    for (const [task, res] of Object.entries(obj(h.results)))
      for (const [key, v] of Object.entries(obj(res))) {
        if (!key.includes(',') || key.split(',')[0]!.endsWith('_stderr')) continue;
        const [metric, filter] = [key.slice(0, key.indexOf(',')), key.slice(key.indexOf(',') + 1)];
        out.push({ task, metric: `${metric},${filter}`, value: numberOf(v ?? null), stderr: numberOf(obj(res)[`${metric}_stderr,${filter}`] ?? null), samples: int(obj(n[task]).effective) });
      }
  } else if (fw === 'eee') {
    for (const r of (h.evaluation_results as Json[] | undefined) ?? []) {
      const d = obj(obj(r).score_details);
      const u = obj(d.uncertainty);
      out.push({
        task: str(obj(r).evaluation_name),
        metric: str(obj(obj(r).metric_config).metric_id) ?? str(obj(r).evaluation_name) ?? '',
        value: numberOf(d.score ?? null),
        stderr: numberOf(obj(u.standard_error).value ?? null),
        samples: int(u.num_samples),
      });
    }
  } else if (fw === 'helm') {
    for (const st of (obj(run.extra).stats as Json[] | undefined) ?? []) {
      const name = obj(obj(st).name);
      const p = isObject(name.perturbation) ? name.perturbation : null;
      out.push({
        task: str(obj(h.run_spec).name),
        metric: `${String(name.name)}${name.split ? `/${String(name.split)}` : ''}${p ? `/${String(p.name)}:${String(p.computed_on ?? '')}` : ''}`,
        value: numberOf(obj(st).mean ?? null),
        stderr: null,
        samples: int(obj(st).count),
      });
    }
  }
  return out;
}

/** The foreign-run a ref names, summarised for listings (`runs`, `leaderboard`): no sample or log bundle is read. */
export function importListing(
  archive: { get(d: Digest): { value: Json } },
  refs: { name: string; digest: Digest }[],
): { ref: string; run: Digest; framework: string; task: string | null; model: string | null; samples: number; error: string | null }[] {
  return refs.map((r) => {
    try {
      const run = archive.get(r.digest).value as JsonObject;
      const row = foreignRunRow(run, []);
      return { ref: r.name, run: r.digest, framework: row.framework, task: row.task, model: row.model, samples: row.samples, error: null };
    } catch (e) {
      return { ref: r.name, run: r.digest, framework: '?', task: null, model: null, samples: 0, error: (e as Error).message };
    }
  });
}
