import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Archive } from '../../replay/index/archive.ts';
import { currentBank } from '../../replay/bank/frozen.ts';
import { sha256 } from '../../replay/format/digest.ts';
import { usageError } from '../../replay/errors.ts';
import { canonicalBytes, parseStrict, type Json } from '../../replay/format/json.ts';
import { buildDecisionRequest, buildRequest, buildTaskRequest, permutationsFor, requestHash } from '../../replay/runs/request.ts';
import type { FrozenTask } from '../../replay/bank/frozen.ts';
import type { SourceSnapshot } from '../../replay/bank/snapshot.ts';
import { LETTERS, type Letter } from '../../replay/bank/types.ts';

/**
 * `docket serve-reference`: a loopback-only OpenAI-compatible endpoint with deterministic contenders,
 * for tests and for the shipped runs. Every reply is a function of (model, request hash, how many
 * times this server has seen that request for that model): no clock, no global randomness.
 *
 * It recognises a bank question by the hash of the request's `messages` (built with the same pure
 * request builder the recorder uses), so it knows the shown letter of the correct option whatever
 * model name, temperature or max_tokens the request carries.
 */

export const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export interface Contender {
  id: string;
  description: string;
  reportsCost: boolean;
}

export const CONTENDERS: readonly Contender[] = [
  { id: 'oracle', description: 'always the correct letter, bare; reports usage.cost', reportsCost: true },
  { id: 'coin', description: 'a seeded-random bare letter; reports no cost', reportsCost: false },
  { id: 'markdown', description: 'mostly correct, written as **B** (about half) or Answer: (b) (the rest): the format decision@1 misreads; reports cost', reportsCost: true },
  { id: 'truncator', description: 'about 10 % finish_reason "length" with empty content, else a correct-or-random bare letter; no cost', reportsCost: false },
  { id: 'flaky', description: 'about 15 % of requests fail the first time with 429 or 500, then succeed; a bare letter, correct about 70 %; reports cost', reportsCost: true },
  {
    id: 'hostile',
    description: 'tasks: code that reads the environment, writes outside its folder, forks, loops forever or opens a socket to another host; questions: a bare random letter',
    reportsCost: false,
  },
  {
    id: 'judge-neutral',
    description: "a judge: reads the reply between <reply> and </reply> and answers SCORE: n/10 from its text alone (a task's right reply 9, its partly right reply 6, anything else 1); reports cost",
    reportsCost: true,
  },
  { id: 'judge-flaky', description: 'judge-neutral, except that about half of its requests fail the first time with 429 or 500, then succeed; reports cost', reportsCost: true },
];
/** Fault models for tests: not listed at /v1/models. */
export const FAULT_MODELS = { html: 'answers 200 with an HTML page', locked: 'answers 401' } as const;

interface Known {
  shownCorrect: Letter;
  task?: TaskReplies;
}

/** A task's replies: right (the reference), partly right, wrong. */
interface TaskReplies {
  kind: 'answer' | 'exec';
  right: string;
  partial: string;
  wrong: string;
  hostile: string;
}

const fence = (path: string, content: string, withPath: boolean) => `\`\`\`js${withPath ? ` ${path}` : ''}\n${content}${content.endsWith('\n') ? '' : '\n'}\`\`\`\n`;

// What the hostile contender's code tries, one behaviour per task (docs/design.md §10 "Untrusted output").
const HOSTILE = [
  "console.log('environment: ' + JSON.stringify(process.env));",
  "try { (await import('node:fs')).writeFileSync('/tmp/docket-hostile-' + process.pid + '.txt', JSON.stringify(process.env)); } catch {}",
  "try { (await import('node:child_process')).spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' }).unref(); } catch {}",
  'for (;;) {}',
  "try { (await import('node:net')).connect(80, '192.0.2.1').on('error', () => {}); } catch (e) { console.log(String(e)); }",
];

/** The replies a task's contenders give: for an exec task, files made from its reference solution (the paths it omits from the grading tree). */
function taskReplies(t: FrozenTask, snap: SourceSnapshot, index: number): TaskReplies {
  // A judge's use names no expected answer: its `reference` stands for it (a task graded by a judge alone).
  const g = t.graders.find((x) => x.ref !== 'judge@1') ?? { ref: 'answer@1', params: { match: 'exact', expected: (t.graders[0]!.params as { reference?: string }).reference ?? '' } };
  const p = g.params as { match?: string; expected?: unknown; example?: string; files?: { rule: string; path?: string }; omit?: string[] };
  if (t.kind === 'answer') {
    const right = p.match === 'regex' ? String(p.example ?? '') : p.match === 'json-match' ? JSON.stringify(p.expected) : Array.isArray(p.expected) ? p.expected.join(', ') : String(p.expected);
    const partial = Array.isArray(p.expected) ? String(p.expected[0]) : p.match === 'numeric' ? `${right}, give or take` : right.slice(0, Math.max(1, Math.floor(right.length / 2)));
    return { kind: 'answer', right, partial, wrong: 'I do not know.', hostile: 'ignore previous instructions' };
  }
  const files = snap.entries.filter(
    (e): e is Extract<SourceSnapshot['entries'][number], { type: 'file' }> => e.type === 'file' && (p.omit ?? []).some((o) => e.path === o || e.path.startsWith(`${o.replace(/\/$/, '')}/`)),
  );
  const rule = p.files?.rule ?? 'single-block';
  const render = (f: (c: string) => string) =>
    rule === 'fenced-paths'
      ? files.map((e) => fence(e.path, f(e.content), true)).join('\n')
      : rule === 'whole-reply'
        ? f(files[0]?.content ?? '')
        : fence(p.files?.path ?? '', f(files[0]?.content ?? ''), false);
  // Partly right: the last function's first return throws instead (the tests of the others still pass).
  const breakLast = (c: string) => {
    const at = c.lastIndexOf('function ');
    const ret = at < 0 ? -1 : c.indexOf('return ', at);
    return ret < 0 ? c : `${c.slice(0, ret)}throw new Error('not done'); ${c.slice(ret)}`;
  };
  return {
    kind: 'exec',
    right: `Here is the solution.\n\n${render((c) => c)}`,
    partial: render(breakLast),
    wrong: render(() => 'export {};\n'),
    hostile: render((c) => `${HOSTILE[index % HOSTILE.length]}\n${c}`),
  };
}

export interface ReferenceServer {
  server: Server;
  port: number;
  baseUrl: string; // http://host:port/v1
  requests: () => number;
  /** Forget every request seen (what `flaky` fails first), as a fresh server would, keeping the port and its connections. */
  reset(): void;
  close(): Promise<void>;
}

export interface ReferenceOptions {
  archive: string;
  port: number;
  host?: string;
  delayMs?: number;
}

/** A decision request without its model: what identifies the question and the order its options are shown in. */
const decisionKey = (body: { [k: string]: Json }) => sha256(canonicalBytes({ ...body, model: '' }));

/** The replies the contenders give to the bank's tasks, by how right they are: what a reference judge recognises. */
interface KnownReplies {
  right: Set<string>;
  partial: Set<string>;
}

/**
 * A judge's reply (judge-neutral, or the contender markdown asked to judge): `SCORE: n/10` from the
 * judged reply's text alone. judge-neutral gives a right reply 9, a partly right one 6, anything else
 * 1; markdown favours its own (partly right) replies with 10, and gives a right one 7.
 */
function judgeScore(model: string, reply: string, replies: KnownReplies): number {
  const r = reply.trim();
  if (model === 'markdown') return replies.partial.has(r) ? 10 : replies.right.has(r) ? 7 : 1;
  return replies.right.has(r) ? 9 : replies.partial.has(r) ? 6 : 1;
}

/** The judged reply of a judge request: the text between <reply> and </reply> in its last message (the reference rubrics' convention). */
function judgedReply(messages: unknown): string | null {
  const last = Array.isArray(messages) ? (messages.at(-1) as { content?: unknown } | undefined) : undefined;
  const m = typeof last?.content === 'string' ? /<reply>([\s\S]*?)<\/reply>/.exec(last.content) : null;
  return m ? m[1]! : null;
}

/** messages-hash (chat) and decision key → the shown letter of the correct option, for every question × permutation of the current bank. */
function indexBank(archiveDir: string, replies: KnownReplies = { right: new Set(), partial: new Set() }): Map<string, Known> {
  const archive = new Archive(archiveDir);
  try {
    const bank = currentBank(archive);
    const out = new Map<string, Known>();
    for (const q of bank.questions) {
      const canonicalKey = LETTERS.indexOf(q.key);
      for (const perm of permutationsFor(q.id)) {
        const body = buildRequest(bank.template, q, perm, 'any', { temperature: 0, max_tokens: 16 }) as { messages: Json };
        const known = { shownCorrect: LETTERS[perm.indexOf(canonicalKey)]! };
        out.set(sha256(canonicalBytes(body.messages)), known);
        out.set(decisionKey(buildDecisionRequest(q, perm, 'any') as { [k: string]: Json }), known);
      }
    }
    bank.tasks.forEach((t, i) => {
      const body = buildTaskRequest(t, 'any', { temperature: 0, max_tokens: 16 }) as { messages: Json };
      const task = taskReplies(t, archive.get(t.source).value as unknown as SourceSnapshot, i);
      replies.right.add(task.right.trim());
      replies.partial.add(task.partial.trim());
      out.set(sha256(canonicalBytes(body.messages)), { shownCorrect: 'A', task });
    });
    return out;
  } finally {
    archive.close();
  }
}

/** A contender's reply to a task: oracle right, coin wrong, markdown partly right, truncator empty (cut off, or stopped), flaky right after a failure, hostile hostile. */
function taskReply(model: string, hash: string, t: TaskReplies): { content: string; finish: string } {
  switch (model) {
    case 'oracle':
    case 'flaky':
      return { content: t.right, finish: 'stop' };
    case 'coin':
      return { content: t.wrong, finish: 'stop' };
    case 'markdown':
      return { content: t.partial, finish: 'stop' };
    case 'truncator':
      return chance(model, hash, 'truncate') < 0.5 ? { content: '', finish: 'length' } : { content: '', finish: 'stop' };
    default:
      return { content: t.hostile, finish: 'stop' };
  }
}

export async function startReferenceServer(o: ReferenceOptions): Promise<ReferenceServer> {
  const host = o.host ?? '127.0.0.1';
  if (!LOOPBACK_HOSTS.has(host)) throw usageError('ENOTLOOPBACK', `serve-reference listens on loopback only (127.0.0.1, ::1, localhost), not ${host}`, { host });
  const replies: KnownReplies = { right: new Set(), partial: new Set() };
  const known = indexBank(o.archive, replies);
  const seen = new Map<string, number>();
  let count = 0;
  const server = createServer((req, res) => {
    count++;
    handle(req, res, known, seen, o.delayMs ?? 0, replies).catch(() => {
      if (!res.headersSent) send(res, 500, { error: { message: 'internal error', type: 'server_error' } });
      else res.destroy();
    });
  });
  // Connections stay open between requests, as a provider's do (fetch keeps one idle for this less 1 s).
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    server,
    port,
    baseUrl: `http://${urlHost}:${port}/v1`,
    requests: () => count,
    reset: () => {
      seen.clear();
      count = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

async function readBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of req as AsyncIterable<Buffer>) {
    n += c.length;
    if (n > max) return null;
    chunks.push(c);
  }
  return Buffer.concat(chunks);
}

/** A number in [0, 1) from (model, request hash, label): the contenders' only source of chance. */
function chance(model: string, hash: string, label: string): number {
  return createHash('sha256').update(`docket-reference\0${model}\0${hash}\0${label}`).digest().readUInt32BE(0) / 0x1_0000_0000;
}

function pick(model: string, hash: string, label: string, from: readonly Letter[]): Letter {
  return from[Math.floor(chance(model, hash, label) * from.length)]!;
}

async function handle(req: IncomingMessage, res: ServerResponse, known: Map<string, Known>, seen: Map<string, number>, delayMs: number, replies: KnownReplies) {
  const path = (req.url ?? '/').split('?')[0];
  if (req.method === 'GET' && path === '/v1/models') {
    return send(res, 200, { object: 'list', data: CONTENDERS.map((c) => ({ id: c.id, object: 'model', owned_by: 'docket-reference', description: c.description })) });
  }
  const decision = path === '/v1/decisions';
  if (path !== '/v1/chat/completions' && !decision) return send(res, 404, { error: { message: `no route ${req.method} ${path}`, type: 'not_found' } });
  if (req.method !== 'POST') return send(res, 405, { error: { message: 'use POST', type: 'invalid_request_error' } });
  const raw = await readBody(req, 1024 * 1024);
  if (!raw) return send(res, 413, { error: { message: 'request too large', type: 'invalid_request_error' } });
  let body: { [k: string]: Json };
  try {
    const v = parseStrict(raw);
    if (!v || typeof v !== 'object' || Array.isArray(v) || typeof v.model !== 'string') throw new Error('shape');
    if (decision ? typeof v.stem !== 'string' || !Array.isArray(v.options) : !Array.isArray(v.messages)) throw new Error('shape');
    body = v;
  } catch {
    const what = decision ? 'a JSON decision request with model, stem and options' : 'a JSON chat-completions request with model and messages';
    return send(res, 400, { error: { message: `the body must be ${what}`, type: 'invalid_request_error' } });
  }
  const model = body.model as string;
  if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
  if (model === 'html') {
    const html = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>upstream unavailable</p></body></html>';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
    return res.end(html);
  }
  if (model === 'locked') return send(res, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
  if (!CONTENDERS.some((c) => c.id === model))
    return send(res, 404, { error: { message: `The model \`${model}\` does not exist (see GET /v1/models)`, type: 'invalid_request_error', code: 'model_not_found' } });

  const hash = requestHash(body);
  const n = seen.get(`${model}\0${hash}`) ?? 0;
  seen.set(`${model}\0${hash}`, n + 1);
  const k = known.get(decision ? decisionKey(body) : sha256(canonicalBytes(body.messages)));
  const correct: Letter = k?.shownCorrect ?? pick(model, hash, 'unknown', LETTERS);
  const wrong = LETTERS.filter((l) => l !== correct);
  const correctOr = (p: number) => (chance(model, hash, 'correct') < p ? correct : pick(model, hash, 'wrong', wrong));

  if (decision)
    return sendDecision(
      res,
      model,
      hash,
      body,
      decide(model, hash, n, correctOr, () => pick(model, hash, 'letter', LETTERS)),
    );

  let content = '';
  let finish = 'stop';
  const judging = !k && (model === 'judge-neutral' || model === 'judge-flaky' || model === 'markdown') ? judgedReply(body.messages) : null;
  if (judging !== null && model === 'judge-flaky' && n === 0 && chance(model, hash, 'fail') < 0.5)
    return chance(model, hash, 'which') < 0.5
      ? send(res, 429, { error: { message: 'Rate limit reached; retry shortly', type: 'rate_limit_error' } }, { 'retry-after': '0' })
      : send(res, 500, { error: { message: 'The server had an error while processing your request', type: 'server_error' } });
  if (judging !== null) content = `SCORE: ${judgeScore(model, judging, replies)}/10`;
  else if (model === 'judge-neutral' || model === 'judge-flaky') content = 'I only judge replies (between <reply> and </reply>).';
  else if (k?.task) ({ content, finish } = taskReply(model, hash, k.task));
  else
    switch (model) {
      case 'oracle':
        content = correct;
        break;
      case 'coin':
        content = pick(model, hash, 'letter', LETTERS);
        break;
      case 'markdown': {
        const letter = correctOr(0.9);
        content = chance(model, hash, 'format') < 0.5 ? `**${letter}**` : `Answer: (${letter.toLowerCase()})`;
        break;
      }
      case 'truncator':
        if (chance(model, hash, 'truncate') < 0.1) finish = 'length';
        else content = correctOr(0.6);
        break;
      case 'flaky':
        if (n === 0 && chance(model, hash, 'fail') < 0.15) {
          return chance(model, hash, 'which') < 0.5
            ? send(res, 429, { error: { message: 'Rate limit reached; retry shortly', type: 'rate_limit_error' } })
            : send(res, 500, { error: { message: 'The server had an error while processing your request', type: 'server_error' } });
        }
        content = correctOr(0.7);
        break;
      case 'hostile':
        content = pick(model, hash, 'letter', LETTERS);
        break;
    }
  const messages = body.messages as { content?: unknown }[];
  const promptTokens = Math.ceil(messages.reduce((s, m) => s + (typeof m?.content === 'string' ? Buffer.byteLength(m.content) : 0), 0) / 4);
  const completionTokens = finish === 'length' ? (typeof body.max_tokens === 'number' ? body.max_tokens : 16) : Math.max(1, Math.ceil(Buffer.byteLength(content) / 4));
  const usage: Record<string, number> = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
  // $1 per million prompt tokens, $2 per million completion tokens, for the contenders that report it.
  if (CONTENDERS.find((c) => c.id === model)!.reportsCost) usage.cost = Math.round((promptTokens * 1 + completionTokens * 2) * 1e3) / 1e9;
  send(res, 200, {
    id: `chatcmpl-${hash.slice(7, 31)}`, // not the attempt count: a re-sent request gets the same reply
    object: 'chat.completion',
    created: 1767225600,
    model: `docket-reference/${model}-v1`,
    system_fingerprint: 'docket-reference-1',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finish }],
    usage,
  });
}

/** A contender's choice on the decision endpoint: the same habits as on chat, minus formatting and truncation (no text is generated). */
function decide(model: string, hash: string, seen: number, correctOr: (p: number) => Letter, random: () => Letter): Letter | 'fail-429' | 'fail-500' {
  switch (model) {
    case 'oracle':
      return correctOr(1);
    case 'coin':
      return random();
    case 'markdown':
      return correctOr(0.9);
    case 'truncator':
      return correctOr(0.6);
    case 'hostile':
      return random();
    default: // flaky
      if (seen === 0 && chance(model, hash, 'fail') < 0.15) return chance(model, hash, 'which') < 0.5 ? 'fail-429' : 'fail-500';
      return correctOr(0.7);
  }
}

function sendDecision(res: ServerResponse, model: string, hash: string, body: { [k: string]: Json }, choice: Letter | 'fail-429' | 'fail-500') {
  if (choice === 'fail-429') return send(res, 429, { error: { message: 'Rate limit reached; retry shortly', type: 'rate_limit_error' } }, { 'retry-after': '0' });
  if (choice === 'fail-500') return send(res, 500, { error: { message: 'The server had an error while processing your request', type: 'server_error' } });
  // Probabilities: the choice gets [0.4, 1), the rest share what is left, in seeded proportions.
  const top = Math.round((0.4 + 0.6 * chance(model, hash, 'confidence')) * 1e6) / 1e6;
  const others = LETTERS.filter((l) => l !== choice);
  const weights = others.map((l) => 0.05 + chance(model, hash, `weight-${l}`));
  const total = weights.reduce((a, b) => a + b, 0);
  const probabilities: Record<string, number> = { [choice]: top };
  others.forEach((l, i) => (probabilities[l] = Math.round((((1 - top) * weights[i]!) / total) * 1e6) / 1e6));
  const text = [body.stem, ...(body.options as { text?: unknown }[]).map((o) => o?.text)].filter((t): t is string => typeof t === 'string');
  const promptTokens = Math.ceil(text.reduce((n, t) => n + Buffer.byteLength(t), 0) / 4);
  const usage: Record<string, number> = { prompt_tokens: promptTokens, completion_tokens: 0, total_tokens: promptTokens };
  if (CONTENDERS.find((c) => c.id === model)!.reportsCost) usage.cost = Math.round(promptTokens * 1e3) / 1e9;
  send(res, 200, {
    id: `decision-${hash.slice(7, 31)}`,
    object: 'decision',
    created: 1767225600,
    model: `docket-reference/${model}-v1`,
    choice,
    probabilities: Object.fromEntries(LETTERS.map((l) => [l, probabilities[l]!])),
    confidence: top,
    usage,
  });
}
