import type { Json } from '../format/json.ts';
import { isObject, type JsonObject } from './types.ts';

/**
 * inspect_ai's provider requests rebuilt offline (docs/import.md "Replay"). A ModelEvent logs the
 * conversation inspect_ai sent (`input`: its own ChatMessages), the generate config and, for some
 * calls, the raw request the provider received (`call.request`). docket turns `input` into the
 * provider's wire shape the way inspect_ai's provider does — OpenAI chat completions, OpenAI
 * Responses, Anthropic messages (tool results merged into user turns as `tool_result` blocks,
 * consecutive user turns combined, leading system messages lifted into `system`) and Google
 * `contents` — and compares that with the logged request after bringing both into one neutral
 * form: messages of typed parts (text, image, tool_use, tool_result, thinking). What is compared:
 * roles, every part's kind and text, tool calls (id, name, arguments as JSON), tool results,
 * thinking text and signature, the system prompt, the model, the tool names, and the sampling
 * fields the config sets. Not compared: cache_control marks, citations, ids of output items, the
 * order of JSON keys, whitespace around a text, and encrypted reasoning items (Responses). Content
 * inspect_ai removed before logging (`<base64-data-removed>`) matches the data it stood for.
 */
export type Provider = 'openai-chat' | 'openai-responses' | 'anthropic' | 'google';

export type Part =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string }
  | { type: 'tool_use'; id: string | null; name: string; input: Json }
  | { type: 'tool_result'; id: string | null; content: Part[]; error: boolean }
  | { type: 'thinking'; text: string; signature: string | null };

export interface Message {
  role: string;
  parts: Part[];
}

export interface Neutral {
  system: string | null; // null: the provider keeps system messages in place (OpenAI)
  messages: Message[];
  model: string | null;
  tools: string[] | null; // tool names in order; null when the request says nothing about tools
  config: Record<string, { value: Json; name: string }>;
}

export interface RequestDiff {
  field: string;
  logged: Json;
  rebuilt: Json;
}

export type Comparison = { provider: Provider; diffs: RequestDiff[] } | { provider: Provider | null; unsupported: string };

/** What inspect_ai writes in a logged request where it removed base64 data (inspect_ai._util.constants.BASE_64_DATA_REMOVED). */
export const REMOVED = '<base64-data-removed>';
/** What inspect_ai sends for empty content (NO_CONTENT). */
const NO_CONTENT = '(no content)';

class Unsupported extends Error {}
const unsupported = (why: string): never => {
  throw new Unsupported(why);
};

const str = (v: Json | undefined): string | null => (typeof v === 'string' ? v : null);
const list = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);

/** Which provider's wire format a logged request is in: the event's provider prefix first, then its shape. */
export function providerOf(model: Json | undefined, req: JsonObject): Provider | null {
  const prefix = typeof model === 'string' && model.includes('/') ? model.slice(0, model.indexOf('/')) : '';
  if (Array.isArray(req.contents)) return 'google';
  if (Array.isArray(req.input)) return 'openai-responses';
  if (!Array.isArray(req.messages)) return null;
  if (
    prefix === 'anthropic' ||
    'system' in req ||
    req.messages.some((m) => isObject(m) && Array.isArray(m.content) && m.content.some((p) => isObject(p) && (p.type === 'tool_use' || p.type === 'tool_result' || p.type === 'thinking')))
  )
    return prefix === 'openai' ? 'openai-chat' : 'anthropic';
  return 'openai-chat';
}

// ---- inspect_ai's ChatMessage → the provider's wire shape ----

interface Content {
  type: string;
  [k: string]: Json;
}
const contentsOf = (m: JsonObject): Content[] => (typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (list(m.content).filter(isObject) as Content[]));
function textOf(m: JsonObject): string {
  if (typeof m.content === 'string') return m.content;
  return contentsOf(m)
    .filter((c) => c.type === 'text')
    .map((c) => String(c.text ?? ''))
    .join('\n');
}
function mediaCheck(c: Content) {
  if (c.type === 'text' || c.type === 'image' || c.type === 'reasoning') return;
  unsupported(`a ${c.type} content part (only text, image and reasoning are rebuilt)`);
}
const toolCalls = (m: JsonObject): JsonObject[] => list(m.tool_calls).filter(isObject);
const toolError = (m: JsonObject): string | null => (isObject(m.error) ? String(m.error.message ?? '') : null);

function anthropicRequest(input: JsonObject[]): JsonObject {
  let i = 0;
  const system: string[] = [];
  while (i < input.length && input[i]!.role === 'system') system.push(textOf(input[i++]!));
  const params: JsonObject[] = [];
  for (const m of input.slice(i)) {
    let p: JsonObject;
    if (m.role === 'system') {
      system.push(textOf(m)); // inspect_ai before 0.3.2xx lifted every system message
      continue;
    }
    if (m.role === 'tool') {
      const err = toolError(m);
      const content: Json = err !== null ? err || textOf(m) || 'error' : typeof m.content === 'string' ? [{ type: 'text', text: m.content || NO_CONTENT }] : contentsOf(m).map(anthropicBlock);
      p = { role: 'user', content: [{ type: 'tool_result', tool_use_id: String(m.tool_call_id), content, is_error: err !== null }] };
    } else if (m.role === 'assistant') {
      const blocks: Json[] = [];
      if (typeof m.content === 'string') {
        if (m.content || !toolCalls(m).length) blocks.push({ type: 'text', text: m.content || NO_CONTENT });
      } else
        for (const c of contentsOf(m)) {
          mediaCheck(c);
          if (c.type === 'reasoning')
            blocks.push(c.redacted === true ? { type: 'redacted_thinking', data: str(c.reasoning) ?? '' } : { type: 'thinking', thinking: str(c.reasoning) ?? '', signature: str(c.signature) });
          else if (c.type === 'text') blocks.push({ type: 'text', text: String(c.text ?? '') });
          else blocks.push(anthropicBlock(c));
        }
      for (const t of toolCalls(m)) blocks.push({ type: 'tool_use', id: str(t.id), name: String(t.function), input: t.arguments ?? {} });
      p = { role: 'assistant', content: blocks };
    } else if (typeof m.content === 'string') p = { role: String(m.role), content: m.content || NO_CONTENT };
    else {
      const cs = contentsOf(m);
      p = { role: String(m.role), content: cs.length ? cs.map(anthropicBlock) : NO_CONTENT };
    }
    const last = params[params.length - 1];
    if (p.role === 'user' && last?.role === 'user') params[params.length - 1] = { role: 'user', content: combine(last.content!, p.content!) };
    else params.push(p);
  }
  return { system: system.length ? system.filter((s) => s).map((text) => ({ type: 'text', text })) : null, messages: params };
}
function anthropicBlock(c: Content): Json {
  mediaCheck(c);
  if (c.type === 'image') return { type: 'image', source: { type: 'base64', data: String(c.image ?? '') } };
  return { type: 'text', text: String(c.text ?? '') };
}
/** anthropic.py combine_messages: two strings join with a newline, otherwise the block lists concatenate. */
function combine(a: Json, b: Json): Json {
  if (typeof a === 'string' && typeof b === 'string') return `${a}\n${b}`;
  const blocks = (x: Json): Json[] => (typeof x === 'string' ? [{ type: 'text', text: x }] : list(x));
  return [...blocks(a), ...blocks(b)];
}

function openaiChatRequest(input: JsonObject[]): JsonObject {
  const messages = input.map((m): JsonObject => {
    if (m.role === 'system') return { role: 'system', content: textOf(m) };
    if (m.role === 'tool') {
      const err = toolError(m);
      return { role: 'tool', content: err !== null ? `Error: ${err}` : textOf(m), tool_call_id: String(m.tool_call_id) };
    }
    if (m.role === 'assistant') {
      let content = typeof m.content === 'string' ? m.content : '';
      if (typeof m.content !== 'string')
        for (const c of contentsOf(m)) {
          mediaCheck(c);
          if (c.type === 'text') content = `${content}\n${String(c.text ?? '')}`;
          else if (c.type === 'reasoning') content = `${content}\n<think>${str(c.reasoning) ?? ''}</think>\n`;
        }
      const calls = toolCalls(m).map((t) => ({ id: str(t.id), type: 'function', function: { name: String(t.function), arguments: JSON.stringify(t.arguments ?? {}) } }));
      return calls.length ? { role: 'assistant', content, tool_calls: calls } : { role: 'assistant', content };
    }
    if (typeof m.content === 'string') return { role: String(m.role), content: m.content };
    return {
      role: String(m.role),
      content: contentsOf(m).map((c): Json => {
        mediaCheck(c);
        return c.type === 'image' ? { type: 'image_url', image_url: { url: String(c.image ?? '') } } : { type: 'text', text: String(c.text ?? '') };
      }),
    };
  });
  return { messages };
}

function responsesRequest(input: JsonObject[]): JsonObject {
  const items: JsonObject[] = [];
  const part = (c: Content): Json => (mediaCheck(c), c.type === 'image' ? { type: 'input_image', image_url: String(c.image ?? '') } : { type: 'input_text', text: String(c.text ?? '') });
  for (const m of input) {
    if (m.role === 'system') items.push({ type: 'message', role: 'developer', content: contentsOf(m).map(part) });
    else if (m.role === 'user') items.push({ type: 'message', role: 'user', content: contentsOf(m).map(part) });
    else if (m.role === 'tool') {
      const err = toolError(m);
      items.push({ type: 'function_call_output', call_id: String(m.tool_call_id ?? m.function), output: err !== null ? err : typeof m.content === 'string' ? m.content : contentsOf(m).map(part) });
    } else if (m.role === 'assistant') {
      const texts = contentsOf(m).filter((c) => (mediaCheck(c), c.type === 'text') && !(toolCalls(m).length && c.text === ''));
      if (texts.length) items.push({ type: 'message', role: 'assistant', content: texts.map((c) => ({ type: 'output_text', text: String(c.text ?? '') })) });
      for (const t of toolCalls(m)) items.push({ type: 'function_call', call_id: str(t.id), name: String(t.function), arguments: JSON.stringify(t.arguments ?? {}) });
    }
  }
  return { input: items };
}

function googleRequest(input: JsonObject[]): JsonObject {
  const system = input.filter((m) => m.role === 'system').map(textOf);
  const contents: JsonObject[] = [];
  const part = (c: Content): Json => (mediaCheck(c), c.type === 'image' ? { inline_data: { data: String(c.image ?? '') } } : { text: String(c.text ?? '') });
  for (const m of input) {
    if (m.role === 'system') continue;
    let c: JsonObject;
    if (m.role === 'user') c = { role: 'user', parts: contentsOf(m).map(part) };
    else if (m.role === 'tool') {
      const err = toolError(m);
      c = { role: 'user', parts: [{ function_response: { id: str(m.tool_call_id), name: String(m.function ?? ''), response: { content: err !== null ? err : textOf(m) } } }] };
      const last = contents[contents.length - 1];
      if (last && isFunctionResponse(last)) {
        contents[contents.length - 1] = { role: 'user', parts: [...list(last.parts), ...list(c.parts)] };
        continue;
      }
    } else {
      const parts: Json[] = [];
      if (typeof m.content === 'string') parts.push({ text: m.content || NO_CONTENT });
      else for (const x of contentsOf(m)) if (x.type !== 'reasoning') parts.push(part(x));
      for (const t of toolCalls(m)) parts.push({ function_call: { id: str(t.id), name: String(t.function), args: t.arguments ?? {} } });
      c = { role: 'model', parts };
    }
    contents.push(c);
  }
  return { contents, system_instruction: system.length ? system : null };
}
const isFunctionResponse = (c: JsonObject) => c.role === 'user' && isObject(list(c.parts)[0]) && isObject((list(c.parts)[0] as JsonObject).function_response);

// ---- the provider's wire shape → the neutral form (applied to the logged and the rebuilt request alike) ----

function textPart(t: Json | undefined): Part {
  return { type: 'text', text: typeof t === 'string' ? t : '' };
}
/** A block list (or a string) as parts; empty texts are left out on both sides (providers differ in sending "" or nothing). */
function blocksToParts(content: Json | undefined): Part[] {
  return rawParts(content).filter((p) => p.type !== 'text' || p.text.trim() !== '');
}
function rawParts(content: Json | undefined): Part[] {
  if (typeof content === 'string') return [textPart(content)];
  return list(content).map((b): Part => {
    if (!isObject(b)) return textPart(JSON.stringify(b));
    switch (b.type) {
      case 'text':
      case 'input_text':
      case 'output_text':
        return textPart(b.text);
      case 'image':
        return { type: 'image', data: String(isObject(b.source) ? (b.source.data ?? b.source.url ?? '') : '') };
      case 'image_url':
        return { type: 'image', data: String(isObject(b.image_url) ? (b.image_url.url ?? '') : (b.image_url ?? '')) };
      case 'input_image':
        return { type: 'image', data: String(b.image_url ?? '') };
      case 'tool_use':
        return { type: 'tool_use', id: str(b.id), name: String(b.name), input: b.input ?? {} };
      case 'tool_result':
        return { type: 'tool_result', id: str(b.tool_use_id), content: blocksToParts(b.content), error: b.is_error === true };
      case 'thinking':
        return { type: 'thinking', text: String(b.thinking ?? ''), signature: str(b.signature) };
      case 'redacted_thinking':
        return { type: 'thinking', text: String(b.data ?? ''), signature: null };
      default:
        return unsupported(`a ${String(b.type)} block`);
    }
  });
}
const parseArgs = (s: Json | undefined): Json => {
  if (typeof s !== 'string') return s ?? null;
  try {
    return JSON.parse(s) as Json;
  } catch {
    return s;
  }
};
const sysText = (v: Json | undefined): string | null => {
  if (v === undefined || v === null) return null;
  const texts = typeof v === 'string' ? [v] : list(v).map((x) => (typeof x === 'string' ? x : isObject(x) ? String(x.text ?? '') : ''));
  return texts.join('\n');
};

function neutralAnthropic(req: JsonObject): Neutral {
  return {
    system: sysText(req.system) ?? '',
    messages: list(req.messages).map((m) => {
      if (!isObject(m)) return unsupported('a message that is not an object');
      if (m.role === 'system') return unsupported('a system turn inside messages (Claude 4.8+ mid-conversation system messages)');
      return { role: String(m.role), parts: blocksToParts(m.content) };
    }),
    model: str(req.model),
    tools: Array.isArray(req.tools) ? req.tools.map((t) => (isObject(t) ? String(t.name) : '')) : null,
    config: pick(req, WIRE.anthropic),
  };
}

function neutralOpenaiChat(req: JsonObject): Neutral {
  return {
    system: null,
    messages: list(req.messages).map((m) => {
      if (!isObject(m)) return unsupported('a message that is not an object');
      const role = m.role === 'developer' ? 'system' : String(m.role);
      if (role === 'tool') return { role: 'tool', parts: [{ type: 'tool_result', id: str(m.tool_call_id), content: blocksToParts(m.content ?? ''), error: false }] };
      const parts = m.content === null || m.content === undefined ? [] : blocksToParts(m.content);
      for (const t of list(m.tool_calls))
        if (isObject(t) && isObject(t.function)) parts.push({ type: 'tool_use', id: str(t.id), name: String(t.function.name), input: parseArgs(t.function.arguments) });
      return { role, parts };
    }),
    model: str(req.model),
    tools: Array.isArray(req.tools) ? req.tools.map((t) => (isObject(t) && isObject(t.function) ? String(t.function.name) : '')) : null,
    config: pick(req, WIRE['openai-chat']),
  };
}

function neutralResponses(req: JsonObject): Neutral {
  const messages: Message[] = [];
  for (const it of list(req.input)) {
    if (!isObject(it)) return unsupported('an input item that is not an object');
    const type = it.type ?? 'message';
    let m: Message;
    if (type === 'reasoning') continue; // encrypted: not rebuildable from the ChatMessage, not compared
    if (type === 'message') m = { role: it.role === 'developer' ? 'system' : String(it.role), parts: blocksToParts(it.content) };
    else if (type === 'function_call') m = { role: 'assistant', parts: [{ type: 'tool_use', id: str(it.call_id), name: String(it.name), input: parseArgs(it.arguments) }] };
    else if (type === 'function_call_output') m = { role: 'tool', parts: [{ type: 'tool_result', id: str(it.call_id), content: blocksToParts(it.output ?? ''), error: false }] };
    else return unsupported(`a ${String(type)} input item`);
    const last = messages[messages.length - 1];
    if (m.role === 'assistant' && last?.role === 'assistant') last.parts.push(...m.parts);
    else messages.push(m);
  }
  return {
    system: null,
    messages,
    model: str(req.model),
    tools: Array.isArray(req.tools) ? req.tools.map((t) => (isObject(t) ? String(t.name ?? t.type) : '')) : null,
    config: pick(req, WIRE['openai-responses']),
  };
}

function neutralGoogle(req: JsonObject): Neutral {
  const gen = isObject(req.generation_config) ? req.generation_config : isObject(req.config) ? req.config : {};
  const parts = (ps: Json | undefined): Part[] =>
    list(ps).map((p): Part => {
      if (!isObject(p)) return textPart(typeof p === 'string' ? p : '');
      if (typeof p.text === 'string') return textPart(p.text);
      if (isObject(p.function_call)) return { type: 'tool_use', id: str(p.function_call.id), name: String(p.function_call.name), input: p.function_call.args ?? {} };
      if (isObject(p.function_response)) {
        const r = isObject(p.function_response.response) ? p.function_response.response : {};
        return { type: 'tool_result', id: str(p.function_response.id), content: [textPart(typeof r.content === 'string' ? r.content : JSON.stringify(r.content ?? null))], error: false };
      }
      if (isObject(p.inline_data)) return { type: 'image', data: String(p.inline_data.data ?? '') };
      return unsupported(`a Google part with ${Object.keys(p).join(', ')}`);
    });
  return {
    system: sysText(req.system_instruction) ?? '',
    messages: list(req.contents).map((c) => (isObject(c) ? { role: c.role === 'model' ? 'assistant' : String(c.role), parts: parts(c.parts) } : unsupported('a content that is not an object'))),
    model: null,
    tools: Array.isArray(req.tools) ? req.tools.flatMap((t) => (isObject(t) ? list(t.function_declarations).map((f) => (isObject(f) ? String(f.name) : '')) : [])) : null,
    config: pick({ generation_config: gen }, WIRE.google),
  };
}

/**
 * The GenerateConfig fields each provider's request carries: field → its wire path (dotted for a
 * nested field; alternatives separated by `|`, the first present is read). The one table both the
 * neutral form reads and the diff names.
 */
const WIRE: Record<Provider, Record<string, string>> = {
  anthropic: { max_tokens: 'max_tokens', temperature: 'temperature', top_p: 'top_p', top_k: 'top_k', stop_seqs: 'stop_sequences', reasoning_tokens: 'thinking.budget_tokens' },
  'openai-chat': {
    max_tokens: 'max_completion_tokens|max_tokens',
    temperature: 'temperature',
    top_p: 'top_p',
    seed: 'seed',
    stop_seqs: 'stop',
    frequency_penalty: 'frequency_penalty',
    presence_penalty: 'presence_penalty',
    num_choices: 'n',
  },
  'openai-responses': { max_tokens: 'max_output_tokens', temperature: 'temperature', top_p: 'top_p', reasoning_effort: 'reasoning.effort' },
  google: {
    max_tokens: 'generation_config.max_output_tokens',
    temperature: 'generation_config.temperature',
    top_p: 'generation_config.top_p',
    top_k: 'generation_config.top_k',
    stop_seqs: 'generation_config.stop_sequences',
  },
};

function at(req: JsonObject, path: string): Json | undefined {
  let v: Json | undefined = req;
  for (const k of path.split('.')) v = isObject(v) ? v[k] : undefined;
  return v === null ? undefined : v;
}

/** The sampling fields a request sets, under inspect_ai's GenerateConfig names, with the wire name each was read from. */
function pick(req: JsonObject, wire: Record<string, string>): Record<string, { value: Json; name: string }> {
  const out: Record<string, { value: Json; name: string }> = {};
  for (const [field, paths] of Object.entries(wire)) {
    const name = paths.split('|').find((p) => at(req, p) !== undefined);
    if (name !== undefined) out[field] = { value: at(req, name)!, name };
  }
  return out;
}

const NEUTRAL: Record<Provider, (req: JsonObject) => Neutral> = { anthropic: neutralAnthropic, 'openai-chat': neutralOpenaiChat, 'openai-responses': neutralResponses, google: neutralGoogle };
const REBUILD: Record<Provider, (input: JsonObject[]) => JsonObject> = { anthropic: anthropicRequest, 'openai-chat': openaiChatRequest, 'openai-responses': responsesRequest, google: googleRequest };

// ---- comparison ----

/** Equal values, where a removed value (inspect's placeholder) matches the data URI or base64 it replaced. */
function same(logged: Json, rebuilt: Json): boolean {
  if (typeof logged === 'string' && typeof rebuilt === 'string') {
    if (logged === rebuilt || logged.trim() === rebuilt.trim()) return true;
    return (logged === REMOVED || logged === `data:${REMOVED}`) && (rebuilt.startsWith('data:') || /^[A-Za-z0-9+/=\s]+$/.test(rebuilt));
  }
  if (Array.isArray(logged) && Array.isArray(rebuilt)) return logged.length === rebuilt.length && logged.every((x, i) => same(x, rebuilt[i]!));
  if (isObject(logged) && isObject(rebuilt)) {
    const ka = Object.keys(logged).sort();
    const kb = Object.keys(rebuilt).sort();
    return ka.length === kb.length && ka.every((k, i) => k === kb[i] && same(logged[k]!, rebuilt[k]!));
  }
  return logged === rebuilt;
}

function diffMessages(logged: Message[], rebuilt: Message[], out: RequestDiff[]) {
  if (logged.length !== rebuilt.length) out.push({ field: 'messages.length', logged: logged.length, rebuilt: rebuilt.length });
  for (let i = 0; i < Math.min(logged.length, rebuilt.length); i++) {
    const a = logged[i]!;
    const b = rebuilt[i]!;
    if (a.role !== b.role) out.push({ field: `messages[${i}].role`, logged: a.role, rebuilt: b.role });
    if (a.parts.length !== b.parts.length) {
      out.push({ field: `messages[${i}].content`, logged: a.parts as unknown as Json, rebuilt: b.parts as unknown as Json });
      continue;
    }
    a.parts.forEach((p, j) => {
      if (!same(p as unknown as Json, b.parts[j] as unknown as Json)) out.push({ field: `messages[${i}].content[${j}]`, logged: p as unknown as Json, rebuilt: b.parts[j] as unknown as Json });
    });
  }
}

/**
 * The request rebuilt from a ModelEvent against the one it logged: the differing fields, or why it
 * cannot be rebuilt (a provider format or a content kind docket does not rebuild).
 */
export function compareRequest(e: JsonObject, req: JsonObject): Comparison {
  const provider = providerOf(e.model, req);
  if (provider === null) return { provider: null, unsupported: `a request with neither messages, input nor contents (keys: ${Object.keys(req).sort().join(', ')})` };
  try {
    const input = list(e.input).filter(isObject);
    const logged = NEUTRAL[provider](req);
    const rebuilt = NEUTRAL[provider](REBUILD[provider](input));
    const diffs: RequestDiff[] = [];
    if (logged.system !== null && !same(logged.system, rebuilt.system ?? '')) diffs.push({ field: 'system', logged: logged.system, rebuilt: rebuilt.system });
    diffMessages(logged.messages, rebuilt.messages, diffs);
    if (typeof e.model === 'string' && logged.model !== null) {
      const name = e.model.slice(e.model.indexOf('/') + 1);
      if (logged.model !== name && !name.endsWith(`/${logged.model}`)) diffs.push({ field: 'model', logged: logged.model, rebuilt: name });
    }
    if (logged.tools !== null && Array.isArray(e.tools)) {
      const names = e.tools.map((t) => (isObject(t) ? String(t.name) : ''));
      if (!same(logged.tools, names)) diffs.push({ field: 'tools', logged: logged.tools, rebuilt: names });
    }
    const config = isObject(e.config) ? e.config : {};
    for (const [field, want] of Object.entries(config)) {
      if (want === null || !(field in WIRE[provider])) continue;
      const got = logged.config[field]?.value ?? null;
      const norm = field === 'stop_seqs' && typeof got === 'string' ? [got] : got;
      if (!same(norm, want)) diffs.push({ field: logged.config[field]?.name ?? WIRE[provider][field]!.split('|')[0]!, logged: got, rebuilt: want });
    }
    return { provider, diffs };
  } catch (err) {
    if (err instanceof Unsupported) return { provider, unsupported: err.message };
    throw err;
  }
}
