import { sha256 } from '../format/digest.ts';
import type { Json } from '../format/json.ts';
import { modelEventsOf } from './inspect.ts';
import { compareRequest } from './requests.ts';
import { replayHelm } from './helm.ts';
import { replayEee } from './eee.ts';
import { sampleRecords } from './lmeval.ts';
import { pyDumps } from './pyjson.ts';
import type { LoadedImport } from './store.ts';
import { isObject, type JsonObject } from './types.ts';

/**
 * `docket replay --imported` (docs/import.md "Replay"): what an imported log lets docket rebuild
 * offline. inspect_ai: wherever a model call's raw request was logged (`call.request`), the request
 * rebuilt from the event's input, config and model must match it field by field; the share of
 * samples with a raw request is the coverage. lm-eval: every doc_hash, prompt_hash and target_hash,
 * and each task_hashes entry, recomputed over Python's own bytes.
 */
export interface FieldDiff {
  import: string;
  where: string; // "sample 1 epoch 1, model event 0" / "samples_arc_easy_….jsonl line 3"
  field: string;
  logged: Json;
  rebuilt: Json;
}
export interface ImportReplay {
  import: string;
  framework: string;
  samples: number;
  checked: number; // inspect: model events with a raw request; lm-eval: hashes recomputed
  matched: number;
  mismatched: number;
  unsupported: number; // inspect: raw requests in a provider format docket does not rebuild
  coverage: number | null; // inspect: share of samples with at least one raw request
  notes: string[];
}
export interface ImportReplayReport {
  ok: boolean;
  imports: ImportReplay[];
  diffs: FieldDiff[];
}

export function replayImports(imports: LoadedImport[]): ImportReplayReport {
  const out: ImportReplay[] = [];
  const diffs: FieldDiff[] = [];
  for (const imp of imports) {
    const fw = String(imp.run.framework);
    out.push(fw === 'inspect_ai' ? replayInspect(imp, diffs) : fw === 'lm-eval' ? replayLmEval(imp, diffs) : fw === 'helm' ? replayHelm(imp, nameOf(imp), diffs) : replayEee(imp, nameOf(imp), diffs));
  }
  return { ok: diffs.length === 0, imports: out, diffs };
}

const nameOf = (imp: LoadedImport) => imp.ref ?? imp.digest;

// ---- inspect_ai ----

function replayInspect(imp: LoadedImport, diffs: FieldDiff[]): ImportReplay {
  const r: ImportReplay = { import: nameOf(imp), framework: 'inspect_ai', samples: imp.samples.length, checked: 0, matched: 0, mismatched: 0, unsupported: 0, coverage: null, notes: [] };
  let withRequest = 0;
  let events = 0;
  const reasons = new Map<string, number>();
  const providers = new Set<string>();
  for (const { value } of imp.samples) {
    const key = value.key as JsonObject;
    let has = false;
    modelEventsOf(value.sample ?? null).forEach((e, i) => {
      events++;
      const req = isObject(e.call) ? e.call.request : undefined;
      if (!isObject(req)) return;
      has = true;
      const where = `sample ${JSON.stringify(key.id)} epoch ${String(key.epoch)}, model event ${i}`;
      const found = compareRequest(e, req);
      if ('unsupported' in found) {
        r.unsupported++;
        const why = `${found.provider ?? 'unknown provider'}: ${found.unsupported}`;
        reasons.set(why, (reasons.get(why) ?? 0) + 1);
        return;
      }
      providers.add(found.provider);
      r.checked++;
      if (found.diffs.length) r.mismatched++;
      else r.matched++;
      for (const d of found.diffs) diffs.push({ import: r.import, where, ...d });
    });
    if (has) withRequest++;
  }
  r.coverage = imp.samples.length ? withRequest / imp.samples.length : null;
  r.notes.push(
    `${events} model events; ${r.checked + r.unsupported} with a raw request logged (inspect_ai logs it for every call before 0.3.184, only on error until 0.3.210, for the first calls per model since)`,
  );
  if (providers.size) r.notes.push(`requests rebuilt as ${[...providers].sort().join(', ')}`);
  for (const [why, n] of [...reasons].sort()) r.notes.push(`${n} raw request${n === 1 ? '' : 's'} not rebuilt: ${why}`);
  return r;
}

// ---- lm-eval ----

const hex = (s: string) => sha256(s).slice('sha256:'.length);

/** Python's str() of a target, where docket can write it exactly; null otherwise. */
function pyStr(v: Json): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (isObject(v) && typeof v.$float === 'string') return v.$float === 'NaN' ? 'nan' : v.$float === 'Infinity' ? 'inf' : v.$float === '-Infinity' ? '-inf' : v.$float;
  if (isObject(v) && typeof v.$int === 'string') return v.$int;
  return null;
}

/** The first request's context string: arguments[0][0], or arguments.gen_args_0.arg_0 (newer files). */
function contextOf(args: Json): string | null {
  if (Array.isArray(args) && Array.isArray(args[0]) && typeof args[0][0] === 'string') return args[0][0];
  if (Array.isArray(args) && typeof args[0] === 'string') return args[0]; // 2023: one request's arguments, flat
  if (isObject(args) && isObject(args.gen_args_0) && typeof args.gen_args_0.arg_0 === 'string') return args.gen_args_0.arg_0;
  return null;
}

function replayLmEval(imp: LoadedImport, diffs: FieldDiff[]): ImportReplay {
  const r: ImportReplay = { import: nameOf(imp), framework: 'lm-eval', samples: imp.samples.length, checked: 0, matched: 0, mismatched: 0, unsupported: 0, coverage: null, notes: [] };
  const header = imp.run.header as JsonObject;
  const taskHashes = isObject(header.task_hashes) ? header.task_hashes : {};
  let unhashed = 0;
  const check = (where: string, field: string, logged: Json, rebuilt: string | null) => {
    if (rebuilt === null) {
      r.unsupported++;
      return;
    }
    r.checked++;
    if (logged === rebuilt) r.matched++;
    else {
      r.mismatched++;
      diffs.push({ import: r.import, where, field, logged, rebuilt });
    }
  };
  for (const log of imp.logs) {
    if (!log.role.startsWith('samples:')) continue;
    const task = log.role.slice('samples:'.length);
    const file = String(log.value.name);
    const concat: string[] = [];
    let complete = true;
    // Floats read tagged: json.dumps writes 1.0 as 1.0, and doc_hash is over Python's text.
    const tagged = sampleRecords(file, log.bytes, 'tagged');
    const plainRecords = sampleRecords(file, log.bytes);
    tagged.forEach(({ entry, value }, i) => {
      const where = `${file} ${entry}`;
      const line = value as JsonObject;
      const plain = plainRecords[i]!.value as JsonObject;
      if (typeof plain.doc_hash !== 'string' || typeof plain.prompt_hash !== 'string' || typeof plain.target_hash !== 'string') {
        complete = false;
        unhashed++;
        return;
      }
      concat.push(plain.doc_hash + plain.prompt_hash + plain.target_hash);
      check(where, 'doc_hash', plain.doc_hash, hex(pyDumps(line.doc!)));
      const ctx = contextOf(plain.arguments!);
      check(where, 'prompt_hash', plain.prompt_hash, ctx === null ? null : hex(ctx));
      const t = pyStr(line.target!);
      check(where, 'target_hash', plain.target_hash, t === null ? null : hex(t));
    });
    if (typeof taskHashes[task] === 'string') check(`${file} (results task_hashes.${task})`, 'task_hashes', taskHashes[task], complete ? hex(concat.join('')) : null);
    else r.notes.push(`results has no task_hashes.${task} (lm-eval writes them since 0.4.3, with --log_samples)`);
  }
  if (unhashed) r.notes.push(`${unhashed} sample lines carry no doc/prompt/target hashes (lm-eval before 0.4.3 wrote none): nothing to recompute for them`);
  r.notes.push('lm-eval logs no raw request: docket checks the logged hashes against the logged docs, prompts and targets');
  return r;
}
