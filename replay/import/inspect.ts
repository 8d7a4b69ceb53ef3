import type { Json } from '../format/json.ts';
import { usageError } from '../errors.ts';
import { decodeUtf8, parsePython, PyJsonError } from './pyjson.ts';
import { isObject, layoutError, type ImportedSample, type ImportPlan, type JsonObject, type SourceFile } from './types.ts';
import { readZip, type ZipEntry } from './zip.ts';

/**
 * inspect_ai logs (docs/import.md): `.eval` zips and `.json` logs. Every layout inspect_ai has
 * written with log `version` 1, 2 or 3 is read, and a log without `version` as 2 (inspect_ai's own
 * default): deflate or zstd entries, attachments, `events_data` pools (and version 3's
 * `message_pool`/`call_pool`), an older sample's `transcript` with `tc://` references, a crashed
 * log without header.json, a sample written twice (the last entry wins). Anything else is an
 * EIMPORTLAYOUT error.
 */
const KNOWN_VERSIONS = new Set([1, 2, 3]);
/** inspect_ai's EvalLog.version default: a log that omits the key is read as this version. */
const DEFAULT_VERSION = 2;
const CHUNKED_ENTRY = /^samples\/[^/]+_epoch_\d+\//;
const TC = 'tc://';
const SAMPLE_ENTRY = /^samples\/(.+)_epoch_(\d+)\.json$/;
const JOURNAL_SUMMARY = /^_journal\/summaries\/\d+\.json$/;
const ATTACHMENT = 'attachment://';

export async function readInspectFile(name: string, bytes: Uint8Array): Promise<ImportPlan> {
  const zip = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;
  return zip ? readEval(name, bytes) : readJsonLog(name, bytes);
}

function parseEntry(where: string, data: Uint8Array): Json {
  try {
    return parsePython(decodeUtf8(data, where));
  } catch (e) {
    if (e instanceof PyJsonError) throw usageError('EIMPORTJSON', `${where}: ${e.message}`, { where, offset: e.offset });
    throw e;
  }
}

async function readEval(name: string, bytes: Uint8Array): Promise<ImportPlan> {
  const entries = await readZip(bytes, name);
  const last = new Map<string, ZipEntry>();
  const seen = new Map<string, number>();
  for (const e of entries) {
    if (CHUNKED_ENTRY.test(e.name))
      layoutError(name, e.name, "a sample in inspect_ai's chunked per-sample layout (`inspect log convert-chunked`), which docket does not read yet; convert the log back with `inspect log convert`");
    if (!knownEntry(e.name)) layoutError(name, e.name, 'an entry no known inspect_ai layout has (expected header.json, summaries.json, reductions.json, samples/<id>_epoch_<n>.json, _journal/…)');
    last.set(e.name, e); // a sample rewritten under one name: the last entry wins, as inspect reads it
    seen.set(e.name, (seen.get(e.name) ?? 0) + 1);
  }
  const crashed = !last.has('header.json');
  const headerEntry = last.get('header.json') ?? last.get('_journal/start.json');
  if (!headerEntry) layoutError(name, 'header.json', 'missing, and no _journal/start.json to fall back to');
  const header = parseEntry(`${name}: ${headerEntry.name}`, headerEntry.data);
  checkHeader(`${name}: ${headerEntry.name}`, header);
  const file: SourceFile = { role: 'log', name, format: 'inspect-eval', bytes };
  const samples: ImportedSample[] = [];
  const names = [...last.keys()].filter((n) => SAMPLE_ENTRY.test(n)).sort();
  let pooled = 0;
  for (const entryName of names) {
    const where = `${name}: ${entryName}`;
    const raw = parseEntry(where, last.get(entryName)!.data);
    const m = SAMPLE_ENTRY.exec(entryName)!;
    const s = resolveSample(where, raw);
    if (s.epoch !== Number(m[2])) layoutError(where, 'epoch', `${s.epoch} where the entry name says ${m[2]}`);
    if (s.pooled) pooled++;
    samples.push({ file: 0, entry: entryName, key: { id: s.id, epoch: s.epoch }, sample: s.sample });
  }
  const reductions = last.has('reductions.json') ? parseEntry(`${name}: reductions.json`, last.get('reductions.json')!.data) : null;
  if (reductions !== null && !Array.isArray(reductions)) layoutError(`${name}: reductions.json`, '(top level)', 'not an array');
  const methods = [...new Set(entries.map((e) => e.method))].sort((a, b) => a - b);
  const duplicates = [...seen]
    .filter(([, n]) => n > 1)
    .map(([n]) => n)
    .sort();
  return {
    framework: 'inspect_ai',
    files: [file],
    header,
    extra: { reductions },
    layout: {
      container: 'zip',
      zipMethods: methods,
      crashed,
      headerFrom: headerEntry.name,
      duplicateEntries: duplicates,
      pooledSamples: pooled,
      ...versionFact(header as JsonObject),
      ...poolFacts(samples),
    },
    samples,
  };
}

function knownEntry(n: string): boolean {
  return n === 'header.json' || n === 'summaries.json' || n === 'reductions.json' || n === '_journal/start.json' || SAMPLE_ENTRY.test(n) || JOURNAL_SUMMARY.test(n);
}

async function readJsonLog(name: string, bytes: Uint8Array): Promise<ImportPlan> {
  const log = parseEntry(name, bytes);
  checkHeader(name, log);
  const { samples: rawSamples, reductions = null, ...header } = log as JsonObject;
  if (rawSamples !== undefined && rawSamples !== null && !Array.isArray(rawSamples)) layoutError(name, 'samples', 'not an array');
  if (reductions !== null && !Array.isArray(reductions)) layoutError(name, 'reductions', 'not an array');
  const byKey = new Map<string, ImportedSample>();
  let pooled = 0;
  (rawSamples ?? []).forEach((raw, i) => {
    const entry = `samples[${i}]`;
    const s = resolveSample(`${name}: ${entry}`, raw);
    if (s.pooled) pooled++;
    byKey.set(JSON.stringify([s.id, s.epoch]), { file: 0, entry, key: { id: s.id, epoch: s.epoch }, sample: s.sample }); // last wins
  });
  const samples = [...byKey.values()];
  const duplicates = (rawSamples?.length ?? 0) - samples.length;
  return {
    framework: 'inspect_ai',
    files: [{ role: 'log', name, format: 'inspect-json', bytes }],
    header: header as JsonObject,
    extra: { reductions },
    layout: {
      container: 'json',
      crashed: header.status === 'started' && header.results == null,
      duplicateSamples: duplicates,
      pooledSamples: pooled,
      ...versionFact(header as JsonObject),
      ...poolFacts(samples),
    },
    samples,
  };
}

/** The log version inspect_ai reads the log as: its `version`, or 2 when the key is absent. */
export function logVersion(h: JsonObject): number {
  return h.version === undefined ? DEFAULT_VERSION : (h.version as number);
}

/** Layout facts about the version, recorded only where it is not the common case (a version-2 log stores none). */
function versionFact(h: JsonObject): JsonObject {
  if (h.version === undefined) return { logVersion: 'absent (read as 2)' };
  return h.version === DEFAULT_VERSION ? {} : { logVersion: h.version as number };
}

function checkHeader(where: string, h: Json) {
  if (!isObject(h)) layoutError(where, '(top level)', 'not a JSON object');
  if (h.version !== undefined && (typeof h.version !== 'number' || !KNOWN_VERSIONS.has(h.version)))
    layoutError(where, 'version', `log version ${JSON.stringify(h.version)} is not one docket reads (1, 2 or 3; a log without a version is read as 2)`);
  if (!isObject(h.eval)) layoutError(where, 'eval', 'missing or not an object');
  if (h.results !== undefined && h.results !== null) {
    if (!isObject(h.results)) layoutError(where, 'results', 'not an object');
    if (h.results.scores !== undefined && !Array.isArray(h.results.scores)) layoutError(where, 'results.scores', 'not an array');
    if (h.results.scorer !== undefined && !isObject(h.results.scorer)) layoutError(where, 'results.scorer', 'not an object (log version 1 names its one scorer here)');
  }
}

interface Resolved {
  id: Json;
  epoch: number;
  sample: JsonObject;
  pooled: boolean;
}

/** One sample with its attachments and event pools put back in place (as inspect_ai reads it). */
function resolveSample(where: string, raw: Json): Resolved {
  if (!isObject(raw)) layoutError(where, '(top level)', 'a sample must be a JSON object');
  const { attachments: own = {}, events_data: eventsData = null, message_pool: messagePool = null, call_pool: callPool = null, transcript = null, ...rest } = raw;
  let attachments = own;
  if (transcript !== null) {
    // Samples before the events/attachments split (2024) keep both in `transcript`, with `tc://`
    // references; inspect_ai promotes them on read (EvalSample.migrate_deprecated), and so does docket.
    if (!isObject(transcript) || !Array.isArray(transcript.events ?? []) || !isObject(transcript.content ?? {})) layoutError(where, 'transcript', 'expected {events: [...], content: {...}}');
    if (rest.events !== undefined) layoutError(where, 'transcript', 'a sample with both events and a transcript');
    rest.events = (transcript.events as Json[] | undefined) ?? [];
    if (!isObject(own)) layoutError(where, 'attachments', 'not an object');
    attachments = { ...own, ...((transcript.content as JsonObject | undefined) ?? {}) };
  }
  if (typeof rest.id !== 'string' && typeof rest.id !== 'number') layoutError(where, 'id', 'missing, or neither a string nor a number');
  if (typeof rest.epoch !== 'number' || !Number.isInteger(rest.epoch) || rest.epoch < 1) layoutError(where, 'epoch', 'missing or not a positive integer');
  if (rest.scores !== undefined && rest.scores !== null && !isObject(rest.scores)) layoutError(where, 'scores', 'not an object');
  for (const [k, sc] of Object.entries(isObject(rest.scores) ? rest.scores : {})) if (!isObject(sc) || !('value' in sc)) layoutError(where, `scores.${k}`, 'a score must be an object with a value');
  if (rest.events !== undefined && !Array.isArray(rest.events)) layoutError(where, 'events', 'not an array');
  if (!isObject(attachments)) layoutError(where, 'attachments', 'not an object');
  let messages: Json[] = [];
  let calls: Json[] = [];
  if (eventsData !== null) {
    if (!isObject(eventsData) || !Array.isArray(eventsData.messages ?? []) || !Array.isArray(eventsData.calls ?? [])) layoutError(where, 'events_data', 'expected {messages: [...], calls: [...]}');
    messages = (eventsData.messages as Json[] | undefined) ?? [];
    calls = (eventsData.calls as Json[] | undefined) ?? [];
  } else {
    if (messagePool !== null && !Array.isArray(messagePool)) layoutError(where, 'message_pool', 'not an array');
    if (callPool !== null && !Array.isArray(callPool)) layoutError(where, 'call_pool', 'not an array');
    messages = (messagePool as Json[] | null) ?? [];
    calls = (callPool as Json[] | null) ?? [];
  }
  const events = Array.isArray(rest.events) ? rest.events.map((e, i) => resolvePools(where, `events[${i}]`, e, messages, calls)) : undefined;
  const pooled: JsonObject = events ? { ...rest, events } : rest;
  const sample = resolveAttachments(where, '', pooled, attachments as JsonObject) as JsonObject;
  return { id: rest.id, epoch: rest.epoch, sample, pooled: eventsData !== null || messagePool !== null || callPool !== null };
}

function resolvePools(where: string, path: string, e: Json, messages: Json[], calls: Json[]): Json {
  if (!isObject(e) || e.event !== 'model') return e;
  const out: JsonObject = { ...e };
  if (out.input_refs !== undefined && out.input_refs !== null) {
    out.input = expand(where, `${path}.input_refs`, out.input_refs, messages, 'events_data.messages');
  }
  delete out.input_refs;
  if (isObject(out.call)) {
    const call: JsonObject = { ...out.call };
    if (call.call_refs !== undefined && call.call_refs !== null) {
      if (!isObject(call.request)) layoutError(where, `${path}.call.request`, 'call_refs without a request object');
      const key = call.call_key ?? 'messages';
      if (typeof key !== 'string') layoutError(where, `${path}.call.call_key`, 'not a string');
      call.request = { ...call.request, [key]: expand(where, `${path}.call.call_refs`, call.call_refs, calls, 'events_data.calls') };
    }
    delete call.call_refs;
    delete call.call_key;
    out.call = call;
  }
  return out;
}

/** Range-encoded pool references: [[start, end_exclusive], …] → the pool's items, in order. */
function expand(where: string, field: string, refs: Json, pool: Json[], poolName: string): Json[] {
  if (!Array.isArray(refs)) layoutError(where, field, 'not an array of [start, end] ranges');
  const out: Json[] = [];
  for (const r of refs) {
    const ok =
      Array.isArray(r) && r.length === 2 && Number.isInteger(r[0]) && Number.isInteger(r[1]) && (r[0] as number) >= 0 && (r[0] as number) < (r[1] as number) && (r[1] as number) <= pool.length;
    if (!ok) layoutError(where, field, `range ${JSON.stringify(r)} is not inside ${poolName} (${pool.length} items)`);
    out.push(...pool.slice(r[0] as number, r[1] as number));
  }
  return out;
}

/** Replace every "attachment://<key>" (or older "tc://<key>") string with the sample's attachment of that key. */
function resolveAttachments(where: string, path: string, v: Json, attachments: JsonObject): Json {
  if (typeof v === 'string') {
    const prefix = v.startsWith(ATTACHMENT) ? ATTACHMENT : v.startsWith(TC) ? TC : null;
    if (prefix === null) return v;
    const key = v.slice(prefix.length);
    const text = attachments[key];
    if (typeof text !== 'string') layoutError(where, path || '(top level)', `${v} is not in the sample's attachments`);
    return text;
  }
  if (Array.isArray(v)) return v.map((x, i) => resolveAttachments(where, `${path}[${i}]`, x, attachments));
  if (isObject(v)) {
    const out: JsonObject = {};
    for (const [k, x] of Object.entries(v)) {
      const value = resolveAttachments(where, path ? `${path}.${k}` : k, x, attachments);
      if (k === '__proto__') Object.defineProperty(out, k, { value, writable: true, enumerable: true, configurable: true });
      else out[k] = value;
    }
    return out;
  }
  return v;
}

function poolFacts(samples: ImportedSample[]): JsonObject {
  let modelEvents = 0;
  let withCall = 0;
  for (const s of samples) {
    for (const e of modelEventsOf(s.sample)) {
      modelEvents++;
      if (isObject(e.call) && isObject(e.call.request)) withCall++;
    }
  }
  return { samples: samples.length, modelEvents, modelEventsWithRequest: withCall };
}

export function modelEventsOf(sample: Json): JsonObject[] {
  if (!isObject(sample) || !Array.isArray(sample.events)) return [];
  return sample.events.filter((e): e is JsonObject => isObject(e) && e.event === 'model');
}
