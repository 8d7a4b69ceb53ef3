import { readFileSync } from 'node:fs';
import { usageError } from '../../replay/errors.ts';
import type { Json } from '../../replay/format/json.ts';

/**
 * API keys: read from the environment or from one variable of an env file, and kept out of
 * everything docket writes or prints. Values are never echoed, not even in error messages.
 */

/**
 * Read only NAME from a KEY=VALUE file (optional `export `, optional matching quotes). Every other
 * line is ignored unparsed, so a file full of other secrets leaks nothing into docket's memory use.
 */
export function readEnvFile(path: string, name: string): string | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw usageError('EENVFILE', `cannot read the env file ${path} (${(e as NodeJS.ErrnoException).code ?? 'error'})`, { path });
  }
  let found: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$/.exec(raw);
    if (!m || m[1] !== name) continue;
    let v = m[2]!.trim();
    if (v.length >= 2 && (v[0] === '"' || v[0] === "'") && v.endsWith(v[0]!)) v = v.slice(1, -1);
    else v = v.replace(/\s+#.*$/, '');
    found = v; // the last assignment wins, as in a shell
  }
  return found;
}

export interface KeyOptions {
  envName: string;
  envFile?: string;
  env?: NodeJS.ProcessEnv;
}

/** The key: from --env-file when given (only that variable), else from the environment. Empty → null. */
export function resolveApiKey(o: KeyOptions): string | null {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(o.envName)) throw usageError('EENVNAME', `bad environment variable name ${JSON.stringify(o.envName)}`);
  if (o.envFile) {
    const v = readEnvFile(o.envFile, o.envName);
    if (v === null) throw usageError('EENVFILE', `the env file ${o.envFile} does not set ${o.envName}`, { path: o.envFile, name: o.envName });
    return normalizeApiKey(v, `${o.envName} in ${o.envFile}`);
  }
  return normalizeApiKey((o.env ?? process.env)[o.envName] ?? '', o.envName);
}

/**
 * The key exactly as it goes on the wire, decided once at the source. fetch strips leading and
 * trailing HTTP whitespace (space, tab, CR, LF) from header values, so a key read as "sk-…\r" is
 * sent, and may be echoed back, as "sk-…": redaction must look for the sent form, so the trimmed
 * form is the only form docket keeps. What is left must be visible ASCII with inner spaces or
 * tabs: anything else (a non-Latin-1 letter, a control character) cannot be sent in a header, and
 * fetch would fail it as if the network were down. Empty → null. The value is never echoed.
 */
export function normalizeApiKey(raw: string, where: string): string | null {
  const key = raw.replace(HTTP_WS_EDGES, '');
  if (!key) return null;
  const chars = [...key];
  const bad = chars.findIndex((c) => !HEADER_SAFE.test(c));
  if (bad < 0) return key;
  const what = chars[bad]!.codePointAt(0)! > 0x7e ? 'a non-ASCII character' : 'a control character';
  // Only the position and the class: even one character of a key is not printed.
  throw usageError('EKEYFORMAT', `the API key in ${where} has ${what} at character ${bad + 1}, which cannot be sent in an HTTP header; API keys are printable ASCII: check how the variable was set`, {
    where,
    position: bad + 1,
  });
}

const HTTP_WS_EDGES = /^[ \t\r\n]+|[ \t\r\n]+$/g;
const HEADER_SAFE = /^[\x20-\x7e\t]$/;

export function isLoopback(url: URL): boolean {
  const h = url.hostname.replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(?:\.\d{1,3}){3}$/.test(h);
}

/** Everything secret about a provider: the key and any credentials in the base URL (userinfo, query values). */
export function secretsOf(apiKey: string | null, baseUrl: string): string[] {
  const out: string[] = [];
  // Both the key as given and as fetch sends it (trimmed), for callers that did not normalize it.
  if (apiKey) out.push(apiKey, apiKey.replace(HTTP_WS_EDGES, ''));
  try {
    const u = new URL(baseUrl);
    if (u.username) out.push(decodeURIComponent(u.username), u.username);
    if (u.password) out.push(decodeURIComponent(u.password), u.password);
    for (const v of u.searchParams.values()) if (v) out.push(v);
  } catch {
    // an invalid URL is reported elsewhere
  }
  // Longest first, so a secret containing another is replaced whole; very short values would redact noise.
  return [...new Set(out.filter((s) => s.length >= 4))].sort((a, b) => b.length - a.length);
}

export interface Redactor {
  text(s: string): string;
  json(v: Json): Json;
}

/** Replace every occurrence of a secret by [REDACTED] (in messages and in bodies a server might echo). */
export function redactor(secrets: readonly string[]): Redactor {
  const text = (s: string) => {
    let out = s;
    for (const sec of secrets) if (out.includes(sec)) out = out.split(sec).join('[REDACTED]');
    return out;
  };
  const json = (v: Json): Json => {
    if (!secrets.length) return v;
    if (typeof v === 'string') return text(v);
    if (Array.isArray(v)) return v.map(json);
    if (v && typeof v === 'object') {
      const o: { [k: string]: Json } = {};
      for (const [k, x] of Object.entries(v)) o[text(k)] = json(x);
      return o;
    }
    return v;
  };
  return { text, json };
}
