import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { usageError } from '../../replay/errors.ts';

/**
 * Registry credentials (docs/design.md "Registries", auth). Looked up, in order, from
 *   DOCKET_REGISTRY_USERNAME + DOCKET_REGISTRY_PASSWORD (both set), then
 *   Docker's config.json ($DOCKER_CONFIG/config.json, else ~/.docker/config.json):
 *   credHelpers[host], auths[host] (auth = base64 "user:password", or username/password), credsStore.
 * None found: anonymous. Credentials live in memory only: never printed, logged, stored or put in an
 * error (messages name where a credential came from, never its value).
 */
export interface Credentials {
  username: string;
  password: string;
  source: string; // where they came from, for messages: "DOCKET_REGISTRY_USERNAME", "~/.docker/config.json auths"
}

export function findCredentials(host: string, env: NodeJS.ProcessEnv = process.env): Credentials | null {
  const user = env.DOCKET_REGISTRY_USERNAME;
  const pass = env.DOCKET_REGISTRY_PASSWORD;
  if (user && pass !== undefined) return { username: user, password: pass, source: 'DOCKET_REGISTRY_USERNAME/DOCKET_REGISTRY_PASSWORD' };
  const file = join(env.DOCKER_CONFIG ?? join(homedir(), '.docker'), 'config.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null; // no Docker config: anonymous
  }
  let config: DockerConfig;
  try {
    config = JSON.parse(text) as DockerConfig;
  } catch {
    throw usageError('EAUTHCONFIG', `${file} is not valid JSON; fix it or set DOCKER_CONFIG to another directory`, { path: file });
  }
  const keys = hostKeys(host);
  const helper = keys.map((k) => config.credHelpers?.[k]).find((h) => typeof h === 'string');
  if (helper) return fromHelper(helper, host, file, env);
  for (const k of keys) {
    const entry = config.auths?.[k];
    if (!entry || typeof entry !== 'object') continue;
    if (typeof entry.auth === 'string' && entry.auth) {
      const plain = Buffer.from(entry.auth, 'base64').toString('utf8');
      const colon = plain.indexOf(':');
      if (colon < 0) throw usageError('EAUTHCONFIG', `${file}: auths[${JSON.stringify(k)}].auth is not base64 of "user:password"`, { path: file });
      return { username: plain.slice(0, colon), password: plain.slice(colon + 1), source: `${file} auths` };
    }
    if (typeof entry.username === 'string' && typeof entry.password === 'string') return { username: entry.username, password: entry.password, source: `${file} auths` };
  }
  if (typeof config.credsStore === 'string' && config.credsStore) return fromHelper(config.credsStore, host, file, env, true);
  return null;
}

interface DockerConfig {
  auths?: Record<string, { auth?: string; username?: string; password?: string }>;
  credsStore?: string;
  credHelpers?: Record<string, string>;
}

/** config.json keys a host may be filed under (docker writes "https://index.docker.io/v1/" style too). */
function hostKeys(host: string): string[] {
  return [host, `https://${host}`, `http://${host}`, `https://${host}/v1/`, `https://${host}/v2/`];
}

/** `docker-credential-NAME get`, host on stdin, {"Username","Secret"} on stdout. */
function fromHelper(name: string, host: string, file: string, env: NodeJS.ProcessEnv, optional = false): Credentials | null {
  if (!/^[A-Za-z0-9._-]+$/.test(name)) throw usageError('EAUTHCONFIG', `${file}: credential helper name ${JSON.stringify(name)} is not a plain name`, { path: file });
  const r = spawnSync(`docker-credential-${name}`, ['get'], { input: host, encoding: 'utf8', timeout: 30_000, env });
  if (r.error) {
    if (optional && (r.error as NodeJS.ErrnoException).code === 'ENOENT') return null; // a credsStore for another machine's setup
    throw usageError('EAUTHHELPER', `credential helper docker-credential-${name} (named in ${file}) could not run: ${(r.error as NodeJS.ErrnoException).code ?? 'error'}`, { helper: name });
  }
  if (r.status !== 0) {
    if (/credentials not found/i.test(r.stdout + r.stderr)) return null;
    // The helper's own output is not repeated: it could echo a secret.
    throw usageError('EAUTHHELPER', `credential helper docker-credential-${name} (named in ${file}) exited ${r.status} for ${host}`, { helper: name });
  }
  let out: { Username?: unknown; Secret?: unknown };
  try {
    out = JSON.parse(r.stdout) as typeof out;
  } catch {
    throw usageError('EAUTHHELPER', `credential helper docker-credential-${name} printed something that is not JSON`, { helper: name });
  }
  if (typeof out.Username !== 'string' || typeof out.Secret !== 'string')
    throw usageError('EAUTHHELPER', `credential helper docker-credential-${name} gave no Username/Secret for ${host}`, { helper: name });
  return { username: out.Username, password: out.Secret, source: `docker-credential-${name}` };
}

export interface Challenge {
  scheme: string; // lowercased: "basic", "bearer"
  params: Record<string, string>;
}

/** WWW-Authenticate: `Bearer realm="https://auth/token",service="registry",scope="repository:x:pull"` (RFC 7235). */
export function parseChallenge(header: string | undefined): Challenge | null {
  if (!header) return null;
  const m = /^\s*([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)\s*(.*)$/s.exec(header);
  if (!m) return null;
  const params: Record<string, string> = {};
  const re = /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))\s*,?\s*/gy;
  const rest = m[2]!;
  re.lastIndex = 0;
  let p: RegExpExecArray | null;
  while (re.lastIndex < rest.length && (p = re.exec(rest))) params[p[1]!.toLowerCase()] = p[2] !== undefined ? p[2].replace(/\\(.)/g, '$1') : p[3]!;
  return { scheme: m[1]!.toLowerCase(), params };
}

export const basicHeader = (c: Credentials) => `Basic ${Buffer.from(`${c.username}:${c.password}`, 'utf8').toString('base64')}`;
