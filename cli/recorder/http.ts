import { performance } from 'node:perf_hooks';
import { textRecord, type DecisionRecord, type ResponseRecord } from '../../replay/runs/journal.ts';
import { canonicalBytes, JsonError, parseStrict, type Json } from '../../replay/format/json.ts';
import type { RequestKind } from '../../replay/runs/request.ts';
import { commonFields, readDecision } from './decision.ts';
import { parseRetryAfter } from './rate-limit.ts';
import type { Redactor } from './secrets.ts';

/**
 * One exchange with an OpenAI-compatible chat-completions endpoint or a decision endpoint (global fetch). Returns what the
 * journal records; never throws for anything the network or the provider does. Request and response
 * headers are not recorded; the Authorization header exists only inside fetch.
 */
export interface Exchange {
  response: ResponseRecord | null;
  content: string | null;
  model: string | null;
  finishReason: string | null;
  usage: Json;
  costUsd: number | null;
  latencyMs: number;
  errorClass: string | null;
  detail: string | null; // for messages only (e.g. ECONNREFUSED), never journaled
  retryAfterMs: number | null;
  provider: string | null;
  decision?: DecisionRecord;
}

export interface ExchangeOptions {
  url: string; // .../chat/completions
  apiKey: string | null;
  timeoutMs: number;
  interrupt: AbortSignal;
  redact: Redactor;
  clock?: () => number; // milliseconds, for latencyMs (default performance.now)
  kind?: RequestKind; // how the 2xx body is read (default chat)
}

const MAX_BODY_BYTES = 8 * 1024 * 1024;

export function errorClassOf(status: number): string {
  if (status === 401) return 'http_401';
  if (status === 403) return 'http_403';
  if (status === 429) return 'http_429';
  if (status >= 500) return 'http_5xx';
  return `http_${status}`;
}

const empty = (latencyMs: number, errorClass: string, detail: string | null): Exchange => ({
  response: null,
  content: null,
  model: null,
  finishReason: null,
  usage: null,
  costUsd: null,
  latencyMs,
  errorClass,
  detail,
  retryAfterMs: null,
  provider: null,
});

export async function exchange(body: Json, o: ExchangeOptions): Promise<Exchange> {
  const timeout = AbortSignal.timeout(o.timeoutMs);
  const signal = AbortSignal.any([timeout, o.interrupt]);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (o.apiKey) headers.authorization = `Bearer ${o.apiKey}`;
  const now = o.clock ?? (() => performance.now());
  const t0 = now();
  const ms = () => Math.round((now() - t0) * 1000) / 1000;
  let res: Response;
  let raw: Uint8Array;
  try {
    // The exact bytes that were hashed: RFC 8785 form of the body.
    res = await fetch(o.url, { method: 'POST', headers, body: canonicalBytes(body), signal, redirect: 'error' });
    raw = await readCapped(res, MAX_BODY_BYTES);
  } catch (e) {
    if (o.interrupt.aborted) return empty(ms(), 'interrupted', 'interrupted');
    if (timeout.aborted) return empty(ms(), 'timeout', `no complete response within ${o.timeoutMs} ms`);
    const err = e as Error & { cause?: { code?: string; message?: string } };
    return empty(ms(), 'network', o.redact.text(err.cause?.code ?? err.cause?.message ?? err.message ?? 'network error'));
  }
  const latencyMs = ms();
  const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
  const text = new TextDecoder('utf-8').decode(raw);
  let parsed: Json | undefined;
  try {
    parsed = parseStrict(text);
  } catch (e) {
    if (!(e instanceof JsonError)) throw e;
  }
  const response: ResponseRecord = parsed === undefined ? textRecord(res.status, o.redact.text(text)) : { status: res.status, body: o.redact.json(parsed) };
  const base = { response, latencyMs, retryAfterMs, content: null, model: null, finishReason: null, usage: null, costUsd: null, provider: null };
  if (res.status < 200 || res.status > 299) return { ...base, errorClass: errorClassOf(res.status), detail: `HTTP ${res.status}` };
  const decision = o.kind === 'decision';
  const reply = parsed === undefined ? null : decision ? readDecision((response as { body: Json }).body) : readReply(response.status, (response as { body: Json }).body);
  if (!reply)
    return { ...base, errorClass: 'bad_body', detail: parsed === undefined ? 'the response body is not JSON' : decision ? 'the response has no choice' : 'the response has no choices[0].message' };
  // finish_reason "error" (OpenRouter: the upstream failed mid-generation) is a failed attempt, retried.
  if (reply.finishReason === 'error') return { ...base, ...reply, errorClass: 'finish_error', detail: 'finish_reason error' };
  return { ...base, ...reply, errorClass: null, detail: null };
}

/** Pick the fields docket reads out of a chat.completion body; null when the shape is wrong. */
export function readReply(_status: number, body: Json) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const choices = body.choices;
  const first = Array.isArray(choices) ? choices[0] : undefined;
  if (!first || typeof first !== 'object' || Array.isArray(first)) return null;
  const msg = first.message;
  if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return null;
  const content = typeof msg.content === 'string' ? msg.content : null;
  // Any finish_reason is kept as given: stop, length, content_filter, tool_calls, error, ...
  const finishReason = typeof first.finish_reason === 'string' ? first.finish_reason : null;
  return { content, finishReason, ...commonFields(body) };
}

async function readCapped(res: Response, max: number): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let n = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    n += chunk.length;
    if (n > max) {
      chunks.push(chunk.subarray(0, chunk.length - (n - max)));
      break; // the rest is dropped: the text record notes the cut
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
