import { fsyncSync, writeSync } from 'node:fs';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { sha256, sha256Stream, type Digest } from '../../replay/format/digest.ts';
import { DocketError, findingError, usageError } from '../../replay/errors.ts';
import { basicHeader, parseChallenge, type Challenge, type Credentials } from './auth.ts';
import { formatRef, isLoopback, type RegistryRef } from './ref.ts';

/**
 * A small OCI distribution-spec client (v1.1): blobs (HEAD, GET, monolithic and chunked upload),
 * manifests, the referrers API; anonymous, basic and bearer-token auth. node:http(s) with a
 * keep-alive agent; every body it reads is capped, every digest it is given is checked.
 */
export interface ClientOptions {
  credentials: Credentials | null;
  actions: 'pull' | 'pull,push';
  concurrency: number;
}

export interface Response {
  status: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
}

interface Req {
  headers?: Record<string, string>;
  body?: Buffer;
  redirects?: number;
}

const MAX_ERROR_BODY = 64 * 1024;
/** How long a GET or HEAD waits before each repeat after a 429 or 5xx answer. */
export const RETRY_PAUSES_MS = [200, 800, 2000];
const RETRIED_STATUS = new Set([429, 500, 502, 503, 504]);
export const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

export class RegistryClient {
  readonly base: URL;
  private authorization: string | null = null;
  private authing: Promise<void> | null = null;
  private readonly agent: http.Agent;
  /** RETRY_PAUSES_MS; a test shortens them */
  retryPauses: readonly number[] = RETRY_PAUSES_MS;
  /** requests made, by method: the tests and --json read these */
  readonly counts: Record<string, number> = {};

  constructor(
    readonly ref: RegistryRef,
    private readonly opts: ClientOptions,
  ) {
    this.base = new URL(`${ref.scheme}://${ref.host}/`);
    const Agent = ref.scheme === 'https' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets: Math.max(1, opts.concurrency) + 1 });
  }

  close() {
    this.agent.destroy();
  }

  private repoPath(rest: string) {
    return `/v2/${this.ref.repository}/${rest}`;
  }

  /** GET /v2/: learns which auth the registry wants before the concurrent work starts. */
  async ping(): Promise<void> {
    const r = await this.send('GET', new URL('/v2/', this.base), {});
    await drain(r.body);
    if (r.status === 401) {
      await this.authenticate(parseChallenge(header(r.headers, 'www-authenticate')));
      const again = await this.request('GET', '/v2/');
      await drain(again.body);
      if (again.status !== 200) throw await this.unexpected(again, 'GET /v2/');
    } else if (r.status !== 200) throw await this.unexpected(r, 'GET /v2/');
  }

  /** Size of the blob when the registry has it, else null. */
  async headBlob(digest: Digest): Promise<number | null> {
    const r = await this.request('HEAD', this.repoPath(`blobs/${digest}`));
    await drain(r.body);
    if (r.status === 404) return null;
    if (r.status !== 200) throw await this.unexpected(r, `HEAD blob ${digest}`);
    const got = header(r.headers, 'docker-content-digest');
    if (got && got !== digest) throw findingError('EDIGEST', `the registry answered HEAD ${digest} with Docker-Content-Digest ${got}`, { digest, got });
    return Number(header(r.headers, 'content-length') ?? -1);
  }

  /** The blob's bytes, refused unless exactly `size` bytes hashing to `digest`. */
  async getBlob(digest: Digest, size: number): Promise<Buffer> {
    const r = await this.request('GET', this.repoPath(`blobs/${digest}`));
    if (r.status !== 200) throw await this.unexpected(r, `GET blob ${digest}`);
    const bytes = await readBody(r.body, size, `blob ${digest}`);
    if (bytes.length !== size)
      throw findingError('EDIGEST', `blob ${digest} from ${formatRef(this.ref)} is ${bytes.length} bytes, not the ${size} its manifest lists; refused`, { digest, size, got: bytes.length });
    const got = sha256(bytes);
    if (got !== digest) throw findingError('EDIGEST', `blob ${digest} from ${formatRef(this.ref)} hashes to ${got}; refused, nothing written`, { digest, got });
    return bytes;
  }

  /** Stream a blob into an open file (a temp the caller renames), checking size and digest. */
  async getBlobToFile(digest: Digest, size: number, fd: number): Promise<void> {
    const r = await this.request('GET', this.repoPath(`blobs/${digest}`));
    if (r.status !== 200) throw await this.unexpected(r, `GET blob ${digest}`);
    const h = sha256Stream();
    let n = 0;
    try {
      for await (const chunk of r.body as AsyncIterable<Buffer>) {
        n += chunk.length;
        if (n > size) {
          r.body.destroy();
          break;
        }
        h.update(chunk);
        let off = 0;
        while (off < chunk.length) off += writeSync(fd, chunk, off, chunk.length - off);
      }
    } catch (e) {
      throw usageError('ECONNECT', `the connection broke while reading blob ${digest} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); run the command again`, { digest });
    }
    if (n !== size)
      throw findingError('EDIGEST', `blob ${digest} from ${formatRef(this.ref)} is ${n > size ? 'more than' : ''} ${n} bytes, not the ${size} its manifest lists; refused`, { digest, size });
    const got = h.digest();
    if (got !== digest) throw findingError('EDIGEST', `blob ${digest} from ${formatRef(this.ref)} hashes to ${got}; refused`, { digest, got });
    fsyncSync(fd);
  }

  /**
   * Open a blob for streaming: GET, with `Range: bytes=start-end` (inclusive) when `range` is given.
   * A registry may ignore the range and answer 200 with the whole blob; the caller reads the status.
   */
  async openBlob(digest: Digest, range?: { start: number; end: number }): Promise<Response> {
    const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
    const r = await this.request('GET', this.repoPath(`blobs/${digest}`), { headers });
    if (r.status !== 200 && r.status !== 206) throw await this.unexpected(r, `GET blob ${digest}`);
    return r;
  }

  /** Every tag of the repository (GET tags/list, following its Link pages); [] when it has none. */
  async tags(): Promise<string[]> {
    const out: string[] = [];
    let next: string | null = this.repoPath('tags/list?n=1000');
    for (let page = 0; next && page < 10_000; page++) {
      const r = await this.request('GET', next);
      if (r.status === 404) {
        await drain(r.body);
        return out;
      }
      if (r.status !== 200) throw await this.unexpected(r, 'GET tags/list');
      const text = (await readBody(r.body, MAX_MANIFEST_BYTES, 'tags/list')).toString('utf8');
      let body: { tags?: unknown };
      try {
        body = JSON.parse(text) as { tags?: unknown };
      } catch {
        throw usageError('EREGISTRY', `${formatRef(this.ref)}: GET tags/list answered something that is not JSON`, { ref: formatRef(this.ref) });
      }
      if (Array.isArray(body.tags)) for (const t of body.tags) if (typeof t === 'string') out.push(t);
      const link = /<([^>]+)>\s*;\s*rel="?next"?/.exec(header(r.headers, 'link') ?? '');
      next = link ? link[1]! : null;
    }
    return out;
  }

  /**
   * Upload a blob: one PUT when it is at most `chunkSize` bytes, else PATCH chunks of `chunkSize`
   * then a closing PUT (the spec's chunked upload). `read(start, end)` gives bytes [start, end).
   */
  async uploadBlob(digest: Digest, size: number, read: (start: number, end: number) => Buffer, chunkSize: number): Promise<void> {
    const start = await this.request('POST', this.repoPath('blobs/uploads/'), { headers: { 'content-length': '0' } });
    if (start.status !== 202) throw await this.unexpected(start, `start upload of ${digest}`);
    await drain(start.body);
    let location = this.location(start);
    if (size > chunkSize) {
      for (let off = 0; off < size; off += chunkSize) {
        const end = Math.min(size, off + chunkSize);
        const chunk = read(off, end);
        const r = await this.request('PATCH', location, {
          headers: { 'content-type': 'application/octet-stream', 'content-range': `${off}-${end - 1}`, 'content-length': String(chunk.length) },
          body: chunk,
        });
        if (r.status !== 202) throw await this.unexpected(r, `upload chunk ${off}-${end - 1} of ${digest}`);
        await drain(r.body);
        location = this.location(r);
      }
    }
    const body = size > chunkSize ? Buffer.alloc(0) : read(0, size);
    const url = new URL(location);
    url.searchParams.set('digest', digest);
    const done = await this.request('PUT', url, { headers: { 'content-type': 'application/octet-stream', 'content-length': String(body.length) }, body });
    if (done.status !== 201) throw await this.unexpected(done, `finish upload of ${digest}`);
    await drain(done.body);
    const got = header(done.headers, 'docker-content-digest');
    if (got && got !== digest) throw findingError('EDIGEST', `the registry stored upload ${digest} as ${got}`, { digest, got });
  }

  async putManifest(reference: string, bytes: Buffer, mediaType: string): Promise<{ digest: Digest; subject: boolean }> {
    const digest = sha256(bytes);
    const r = await this.request('PUT', this.repoPath(`manifests/${reference}`), { headers: { 'content-type': mediaType, 'content-length': String(bytes.length) }, body: bytes });
    if (r.status !== 201) throw await this.unexpected(r, `PUT manifest ${reference}`);
    await drain(r.body);
    const got = header(r.headers, 'docker-content-digest');
    if (got && got !== digest) throw findingError('EDIGEST', `the registry stored manifest ${reference} as ${got}, not ${digest}`, { digest, got });
    return { digest, subject: !!header(r.headers, 'oci-subject') }; // OCI 1.1: the registry indexed the manifest's subject
  }

  /** A manifest's bytes; by digest they must hash to it (else EDIGEST, exit 1). Null when absent. */
  async getManifest(reference: string, accept: string[]): Promise<{ bytes: Buffer; mediaType: string; digest: Digest } | null> {
    const r = await this.request('GET', this.repoPath(`manifests/${reference}`), { headers: { accept: accept.join(', ') } });
    if (r.status === 404) {
      await drain(r.body);
      return null;
    }
    if (r.status !== 200) throw await this.unexpected(r, `GET manifest ${reference}`);
    const bytes = await readBody(r.body, MAX_MANIFEST_BYTES, `manifest ${reference}`);
    const digest = sha256(bytes);
    const claimed = reference.startsWith('sha256:') ? reference : header(r.headers, 'docker-content-digest');
    if (claimed && claimed !== digest)
      throw findingError('EDIGEST', `manifest ${reference} from ${formatRef(this.ref)} hashes to ${digest}, not ${claimed}; refused, nothing written`, { reference, digest, claimed });
    return { bytes, digest, mediaType: (header(r.headers, 'content-type') ?? '').split(';')[0]!.trim() };
  }

  /** GET /v2/<name>/referrers/<digest> (OCI 1.1). Null when the registry has no referrers API. */
  async referrers(digest: Digest): Promise<Buffer | null> {
    const r = await this.request('GET', this.repoPath(`referrers/${digest}`), { headers: { accept: 'application/vnd.oci.image.index.v1+json' } });
    if (r.status !== 200 || !(header(r.headers, 'content-type') ?? '').startsWith('application/vnd.oci.image.index.v1+json')) {
      await drain(r.body);
      return null;
    }
    return readBody(r.body, MAX_MANIFEST_BYTES, `referrers of ${digest}`);
  }

  // ---- plumbing ----

  private location(r: Response): string {
    const loc = header(r.headers, 'location');
    if (!loc) throw usageError('EREGISTRY', `${formatRef(this.ref)} answered an upload without a Location header`, { ref: formatRef(this.ref) });
    return new URL(loc, this.base).href;
  }

  /**
   * One request with auth: on a 401, authenticate once from its challenge and try again. A GET or
   * HEAD answered 429 or 5xx is asked again after a pause (RETRY_PAUSES_MS): reading is idempotent,
   * and a registry under concurrent pushes of the same blobs answers a transient 500 (seen with
   * Distribution's filesystem driver). Writes are never repeated here; a push resumes by running again.
   */
  async request(method: string, target: string | URL, req: Req = {}): Promise<Response> {
    const url = typeof target === 'string' ? new URL(target, this.base) : target;
    if (this.authing) await this.authing;
    let r = await this.send(method, url, req);
    if (method === 'GET' || method === 'HEAD') {
      for (const pause of this.retryPauses) {
        if (!RETRIED_STATUS.has(r.status)) break;
        await drain(r.body);
        await new Promise((done) => setTimeout(done, pause));
        r = await this.send(method, url, req);
      }
    }
    if (r.status === 401) {
      const challenge = parseChallenge(header(r.headers, 'www-authenticate'));
      await drain(r.body);
      await this.authenticate(challenge);
      r = await this.send(method, url, req);
    }
    if (r.status === 401 || r.status === 403) {
      await drain(r.body);
      const how = this.opts.credentials
        ? `the credentials from ${this.opts.credentials.source} were refused`
        : 'no credentials were found (set DOCKET_REGISTRY_USERNAME and DOCKET_REGISTRY_PASSWORD, or `docker login`)';
      throw usageError('EAUTH', `${formatRef(this.ref)}: ${method} ${url.pathname} is not allowed (${r.status}): ${how}`, { status: r.status, ref: formatRef(this.ref) });
    }
    return r;
  }

  /** Concurrent 401s share one token request. */
  private authenticate(challenge: Challenge | null): Promise<void> {
    if (!this.authing) {
      this.authing = this.fetchAuthorization(challenge).finally(() => {
        this.authing = null;
      });
    }
    return this.authing;
  }

  private async fetchAuthorization(challenge: Challenge | null): Promise<void> {
    const creds = this.opts.credentials;
    if (challenge?.scheme === 'basic') {
      if (!creds)
        throw usageError('EAUTH', `${formatRef(this.ref)} wants a user name and password: set DOCKET_REGISTRY_USERNAME and DOCKET_REGISTRY_PASSWORD, or \`docker login ${this.ref.host}\``, {
          ref: formatRef(this.ref),
        });
      this.authorization = basicHeader(creds);
      return;
    }
    if (challenge?.scheme !== 'bearer' || !challenge.params.realm)
      throw usageError('EAUTH', `${formatRef(this.ref)} asked for authentication docket does not speak (${challenge?.scheme ?? 'no WWW-Authenticate challenge'})`, { ref: formatRef(this.ref) });
    const realm = new URL(challenge.params.realm);
    if (realm.protocol !== 'https:' && !(realm.protocol === 'http:' && isLoopback(realm.hostname.replace(/^\[|\]$/g, '')))) {
      throw usageError('ETLS', `${formatRef(this.ref)}'s token service ${realm.origin} is not HTTPS; docket sends credentials over plain HTTP only to loopback`, { realm: realm.origin });
    }
    if (challenge.params.service) realm.searchParams.set('service', challenge.params.service);
    realm.searchParams.set('scope', `repository:${this.ref.repository}:${this.opts.actions}`);
    const headers: Record<string, string> = {};
    if (creds) headers.authorization = basicHeader(creds);
    const r = await this.send('GET', realm, { headers }, true);
    if (r.status !== 200) {
      await drain(r.body);
      throw usageError(
        'EAUTH',
        `${formatRef(this.ref)}'s token service ${realm.origin}${realm.pathname} refused a token (${r.status})${creds ? `; the credentials from ${creds.source} were refused` : '; no credentials were found'}`,
        { status: r.status, ref: formatRef(this.ref) },
      );
    }
    const body = JSON.parse((await readBody(r.body, MAX_ERROR_BODY, 'token response')).toString('utf8')) as { token?: string; access_token?: string };
    const token = body.token ?? body.access_token;
    if (typeof token !== 'string' || !token) throw usageError('EAUTH', `${realm.origin}${realm.pathname} answered without a token`, { ref: formatRef(this.ref) });
    this.authorization = `Bearer ${token}`;
  }

  /** One HTTP exchange (redirects followed for GET/HEAD; Authorization only to the registry's own origin). */
  private send(method: string, url: URL, req: Req, external = false): Promise<Response> {
    this.counts[method] = (this.counts[method] ?? 0) + 1;
    const headers: Record<string, string> = { 'user-agent': 'docket', ...req.headers };
    if (!external && this.authorization && url.origin === this.base.origin) headers.authorization = this.authorization;
    const mod = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const q = mod.request(url, { method, headers, agent: url.origin === this.base.origin ? this.agent : undefined, timeout: 120_000 }, (res) => {
        const status = res.statusCode ?? 0;
        const loc = res.headers.location;
        if ((method === 'GET' || method === 'HEAD') && [301, 302, 303, 307, 308].includes(status) && loc && (req.redirects ?? 0) < 5) {
          res.resume();
          const next = new URL(loc, url);
          if (next.protocol !== 'https:' && !(next.protocol === 'http:' && isLoopback(next.hostname.replace(/^\[|\]$/g, '')))) {
            reject(usageError('ETLS', `${formatRef(this.ref)} redirected to ${next.origin}, which is not HTTPS`, { ref: formatRef(this.ref) }));
            return;
          }
          resolve(this.send(method, next, { ...req, redirects: (req.redirects ?? 0) + 1 }, external || next.origin !== this.base.origin));
          return;
        }
        resolve({ status, headers: res.headers, body: res });
      });
      q.on('timeout', () => q.destroy(new Error('timed out')));
      q.on('error', (e: NodeJS.ErrnoException) =>
        reject(
          usageError('ECONNECT', `cannot reach ${url.origin} (${e.code ?? e.message}) for ${formatRef(this.ref)}; is the registry running and the address right?`, {
            origin: url.origin,
            cause: e.code ?? null,
          }),
        ),
      );
      q.end(req.body);
    });
  }

  private async unexpected(r: Response, what: string): Promise<DocketError> {
    let detail = '';
    try {
      const text = (await readBody(r.body, MAX_ERROR_BODY, 'error body', true)).toString('utf8');
      const errs = (JSON.parse(text) as { errors?: { code?: string; message?: string }[] }).errors ?? [];
      detail = errs.map((e) => `${e.code ?? '?'}: ${e.message ?? ''}`.slice(0, 200)).join('; ');
    } catch {
      // not a JSON error body: the status says enough
    }
    return usageError('EREGISTRY', `${formatRef(this.ref)}: ${what} failed with HTTP ${r.status}${detail ? ` (${detail})` : ''}`, { status: r.status, ref: formatRef(this.ref) });
  }
}

export function header(h: IncomingHttpHeaders, name: string): string | undefined {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
}

export async function drain(body: IncomingMessage) {
  if (body.readableEnded) return;
  body.resume();
  await new Promise<void>((resolve) => {
    body.once('end', resolve);
    body.once('close', resolve);
    body.once('error', () => resolve());
  });
}

/** Read a body of at most `cap` bytes (more is refused: a registry cannot make docket buffer without end). */
export async function readBody(body: IncomingMessage, cap: number, what: string, truncate = false): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let n = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      n += chunk.length;
      if (n > cap) {
        body.destroy();
        if (truncate) break;
        throw findingError('ESIZE', `${what} is over ${cap} bytes; refused`, { cap });
      }
      chunks.push(chunk);
    }
  } catch (e) {
    if (e instanceof DocketError) throw e;
    throw usageError('ECONNECT', `the connection broke while reading ${what} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); run the command again to resume`, { what });
  }
  return Buffer.concat(chunks);
}
