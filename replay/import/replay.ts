import { sha256 } from '../format/digest.ts';
import type { Json } from '../format/json.ts';
import { modelEventsOf } from './inspect.ts';
import { jsonlLines, parseText } from './lmeval.ts';
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
  for (const imp of imports) out.push(imp.run.framework === 'inspect_ai' ? replayInspect(imp, diffs) : replayLmEval(imp, diffs));
  return { ok: diffs.length === 0, imports: out, diffs };
}

const nameOf = (imp: LoadedImport) => imp.ref ?? imp.digest;

// ---- inspect_ai ----

function replayInspect(imp: LoadedImport, diffs: FieldDiff[]): ImportReplay {
  const r: ImportReplay = { import: nameOf(imp), framework: 'inspect_ai', samples: imp.samples.length, checked: 0, matched: 0, mismatched: 0, unsupported: 0, coverage: null, notes: [] };
  let withRequest = 0;
  let events = 0;
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
      if (found === null) {
        r.unsupported++;
        return;
      }
      r.checked++;
      if (found.length) r.mismatched++;
      else r.matched++;
      for (const d of found) diffs.push({ import: r.import, where, ...d });
    });
    if (has) withRequest++;
  }
  r.coverage = imp.samples.length ? withRequest / imp.samples.length : null;
  r.notes.push(
    `${events} model events; ${r.checked + r.unsupported} with a raw request logged (inspect_ai logs it for every call before 0.3.184, only on error until 0.3.210, for the first calls per model since)`,
  );
  if (r.unsupported) r.notes.push(`${r.unsupported} raw requests in a provider format docket does not rebuild (only chat "messages" requests are rebuilt)`);
  return r;
}

/** A message's text as providers carry it: a string, or the text parts of a content list. */
function textOf(content: Json | undefined): Json {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const parts = content.map((p) => (isObject(p) && p.type === 'text' && typeof p.text === 'string' ? p.text : null));
    if (parts.every((p) => p !== null)) return parts.join('');
  }
  return content ?? null;
}

const CONFIG_FIELDS: [string, string[]][] = [
  ['max_tokens', ['max_tokens', 'max_completion_tokens']],
  ['temperature', ['temperature']],
  ['top_p', ['top_p']],
  ['top_k', ['top_k']],
  ['seed', ['seed']],
  ['stop_seqs', ['stop', 'stop_sequences']],
  ['frequency_penalty', ['frequency_penalty']],
  ['presence_penalty', ['presence_penalty']],
];

/**
 * The request rebuilt from a ModelEvent's input, config and model, against the logged one: the
 * differing fields, or null when the logged request is not a chat "messages" request.
 */
export function compareRequest(e: JsonObject, req: JsonObject): Omit<FieldDiff, 'import' | 'where'>[] | null {
  if (!Array.isArray(req.messages)) return null;
  const diffs: Omit<FieldDiff, 'import' | 'where'>[] = [];
  const input = Array.isArray(e.input) ? e.input.filter(isObject) : [];
  // Anthropic's API takes system messages in a separate `system` field; OpenAI's keeps them in place.
  const lifted = 'system' in req;
  const rebuilt = input.filter((m) => !(lifted && m.role === 'system')).map((m) => ({ role: m.role ?? null, content: textOf(m.content) }));
  const logged = req.messages.map((m) => (isObject(m) ? { role: m.role ?? null, content: textOf(m.content) } : { role: null, content: m }));
  if (lifted) {
    const system = input
      .filter((m) => m.role === 'system')
      .map((m) => textOf(m.content))
      .join('\n');
    const got = textOf(req.system as Json);
    if ((system || null) !== (got || null)) diffs.push({ field: 'system', logged: got, rebuilt: system || null });
  }
  if (logged.length !== rebuilt.length) diffs.push({ field: 'messages.length', logged: logged.length, rebuilt: rebuilt.length });
  for (let i = 0; i < Math.min(logged.length, rebuilt.length); i++) {
    const a = logged[i]!;
    const b = rebuilt[i]!;
    // OpenAI's reasoning models take the system prompt as role "developer".
    if (a.role !== b.role && !(a.role === 'developer' && b.role === 'system')) diffs.push({ field: `messages[${i}].role`, logged: a.role, rebuilt: b.role });
    if (JSON.stringify(a.content) !== JSON.stringify(b.content)) diffs.push({ field: `messages[${i}].content`, logged: a.content, rebuilt: b.content });
  }
  if (typeof e.model === 'string' && typeof req.model === 'string') {
    const name = e.model.slice(e.model.indexOf('/') + 1);
    if (req.model !== name && !name.endsWith(`/${req.model}`)) diffs.push({ field: 'model', logged: req.model, rebuilt: name });
  }
  const config = isObject(e.config) ? e.config : {};
  for (const [field, names] of CONFIG_FIELDS) {
    const want = config[field];
    if (want === undefined || want === null) continue;
    const name = names.find((n) => n in req);
    const got = name === undefined ? null : req[name]!;
    if (JSON.stringify(got) !== JSON.stringify(want)) diffs.push({ field: name ?? names[0]!, logged: got, rebuilt: want });
  }
  return diffs;
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
  if (isObject(args) && isObject(args.gen_args_0) && typeof args.gen_args_0.arg_0 === 'string') return args.gen_args_0.arg_0;
  return null;
}

function replayLmEval(imp: LoadedImport, diffs: FieldDiff[]): ImportReplay {
  const r: ImportReplay = { import: nameOf(imp), framework: 'lm-eval', samples: imp.samples.length, checked: 0, matched: 0, mismatched: 0, unsupported: 0, coverage: null, notes: [] };
  const header = imp.run.header as JsonObject;
  const taskHashes = isObject(header.task_hashes) ? header.task_hashes : {};
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
    for (const { n, text } of jsonlLines(log.bytes.toString('utf8'))) {
      const where = `${file} line ${n}`;
      // Floats read tagged: json.dumps writes 1.0 as 1.0, and doc_hash is over Python's text.
      const line = parseText(where, text, 'tagged') as JsonObject;
      const plain = parseText(where, text) as JsonObject;
      if (typeof plain.doc_hash !== 'string' || typeof plain.prompt_hash !== 'string' || typeof plain.target_hash !== 'string') {
        complete = false;
        r.unsupported++;
        continue;
      }
      concat.push(plain.doc_hash + plain.prompt_hash + plain.target_hash);
      check(where, 'doc_hash', plain.doc_hash, hex(pyDumps(line.doc!)));
      const ctx = contextOf(plain.arguments!);
      check(where, 'prompt_hash', plain.prompt_hash, ctx === null ? null : hex(ctx));
      const t = pyStr(line.target!);
      check(where, 'target_hash', plain.target_hash, t === null ? null : hex(t));
    }
    if (typeof taskHashes[task] === 'string') check(`${file} (results task_hashes.${task})`, 'task_hashes', taskHashes[task], complete ? hex(concat.join('')) : null);
    else r.notes.push(`results has no task_hashes.${task} (written only with --log_samples)`);
  }
  r.notes.push('lm-eval logs no raw request: docket checks the logged hashes against the logged docs, prompts and targets');
  return r;
}
