import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, createPrivateKey, randomUUID, sign, X509Certificate } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';

/** Test helpers: a real CNCF Distribution registry (Debian's docker-registry) on loopback. Not shipped behaviour. */
export const REGISTRY_BIN = ['/usr/bin/docker-registry', 'docker-registry'].find((b) => spawnSync(b, ['--version']).status === 0) ?? null;
export const HTPASSWD_BIN = spawnSync('htpasswd', ['-h']).error ? null : 'htpasswd';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Registry {
  host: string; // 127.0.0.1:PORT
  storage: string; // the filesystem driver's root
  stop: () => Promise<void>;
}

export interface RegistryAuth {
  htpasswd?: string; // path of an htpasswd file
  token?: { realm: string; service: string; issuer: string; rootcertbundle: string };
}

export async function startRegistry(dir: string, auth: RegistryAuth = {}): Promise<Registry> {
  if (!REGISTRY_BIN) throw new Error('docker-registry is not installed');
  const port = await freePort();
  const storage = join(dir, 'storage');
  const lines = [
    'version: 0.1',
    'log:',
    '  level: error',
    '  accesslog:',
    '    disabled: true',
    'storage:',
    '  filesystem:',
    `    rootdirectory: ${storage}`,
    '  maintenance:',
    '    uploadpurging:',
    '      enabled: false',
    'http:',
    `  addr: 127.0.0.1:${port}`,
  ];
  if (auth.htpasswd) lines.push('auth:', '  htpasswd:', '    realm: docket-test', `    path: ${auth.htpasswd}`);
  if (auth.token) lines.push('auth:', '  token:', ...Object.entries(auth.token).map(([k, v]) => `    ${k}: ${v}`));
  const config = join(dir, 'registry.yml');
  writeFileSync(config, `${lines.join('\n')}\n`);
  // Its log goes to a file, not a pipe: a caller blocked in spawnSync would not drain a pipe, and a
  // registry that logs every 404 as an error would then block on a full one.
  const logPath = join(dir, 'registry.log');
  const log = openSync(logPath, 'a');
  const child: ChildProcess = spawn(REGISTRY_BIN, ['serve', config], { stdio: ['ignore', 'ignore', log] });
  closeSync(log);
  const stderr = () => readFileSync(logPath, 'utf8').slice(-2000);
  const host = `127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`docker-registry exited: ${stderr()}`);
    const status = await new Promise<number>((resolve) => {
      http.get(`http://${host}/v2/`, (r) => (r.resume(), resolve(r.statusCode ?? 0))).on('error', () => resolve(0));
    });
    if (status === 200 || status === 401) break;
    if (i > 200) throw new Error(`docker-registry did not answer on ${host}: ${stderr()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    host,
    storage,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function htpasswdFile(dir: string, user: string, password: string): string {
  const path = join(dir, 'htpasswd');
  const r = spawnSync(HTPASSWD_BIN ?? 'htpasswd', ['-Bbc', path, user, password], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`htpasswd failed: ${r.stderr}`);
  return path;
}

/**
 * A loopback token server for the registry's `auth: token` (the Docker token protocol): checks the
 * Basic credentials, grants the scope asked for, signs an RS256 JWT whose x5c names the certificate
 * the registry trusts (its rootcertbundle). The key and certificate come from openssl.
 */
export async function startTokenServer(dir: string, user: string, password: string) {
  const keyPath = join(dir, 'token.key');
  const certPath = join(dir, 'token.crt');
  const r = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyPath, '-out', certPath, '-days', '2', '-subj', '/CN=docket-test-token'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openssl failed: ${r.stderr}`);
  const key = createPrivateKey(readFileSync(keyPath));
  const certDer = new X509Certificate(readFileSync(certPath)).raw.toString('base64');
  const service = 'docket-test-registry';
  const issuer = 'docket-test-issuer';
  const requests: { scope: string | null; authorized: boolean }[] = [];
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const authorized = req.headers.authorization === expected;
    const scope = url.searchParams.get('scope');
    requests.push({ scope, authorized });
    if (!authorized) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"details":"bad credentials"}');
      return;
    }
    const access = scope ? [{ type: 'repository', name: scope.split(':')[1], actions: scope.split(':')[2]!.split(',') }] : [];
    const now = Math.floor(Date.now() / 1000);
    const head = b64({ alg: 'RS256', typ: 'JWT', x5c: [certDer] });
    const body = b64({ iss: issuer, sub: user, aud: service, exp: now + 300, nbf: now - 10, iat: now, jti: randomUUID(), access });
    const sig = sign('sha256', Buffer.from(`${head}.${body}`), key).toString('base64url');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ token: `${head}.${body}.${sig}`, expires_in: 300 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    requests,
    auth: { realm: `http://127.0.0.1:${port}/token`, service, issuer, rootcertbundle: certPath },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * An OCI 1.1 referrers API in front of a registry that has none (Distribution 2.8): a loopback
 * proxy that passes every request through, and for a manifest PUT with a `subject` answers
 * `OCI-Subject` and remembers it, serving GET /v2/<repo>/referrers/<digest> as an image index.
 */
export async function startReferrersProxy(upstream: string) {
  const referrers = new Map<string, { mediaType: string; digest: string; size: number; artifactType?: string }[]>();
  const server = http.createServer((req, res) => {
    const m = /^\/v2\/(.+)\/referrers\/(sha256:[0-9a-f]{64})/.exec(req.url ?? '');
    if (req.method === 'GET' && m) {
      res.writeHead(200, { 'content-type': 'application/vnd.oci.image.index.v1+json' });
      res.end(JSON.stringify({ schemaVersion: 2, mediaType: 'application/vnd.oci.image.index.v1+json', manifests: referrers.get(m[2]!) ?? [] }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const up = http.request(`http://${upstream}${req.url}`, { method: req.method, headers: { ...req.headers, host: upstream } }, (ur) => {
        const headers = { ...ur.headers };
        if (headers.location) headers.location = headers.location.replace(`http://${upstream}`, `http://127.0.0.1:${port}`);
        if (req.method === 'PUT' && /\/manifests\//.test(req.url ?? '') && ur.statusCode === 201) {
          const doc = JSON.parse(body.toString('utf8')) as { subject?: { digest: string }; artifactType?: string; mediaType: string };
          if (doc.subject) {
            const digest = `sha256:${createHash('sha256').update(body).digest('hex')}`;
            referrers.set(doc.subject.digest, [...(referrers.get(doc.subject.digest) ?? []), { mediaType: doc.mediaType, digest, size: body.length, artifactType: doc.artifactType }]);
            headers['oci-subject'] = doc.subject.digest;
          }
        }
        res.writeHead(ur.statusCode ?? 502, headers);
        ur.pipe(res);
      });
      up.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { host: `127.0.0.1:${port}`, referrers, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A loopback proxy in front of a registry that misbehaves on purpose, for pull's refusals: a blob
 * in `endless` is answered with its bytes and then more, without end (until docket hangs up, at
 * most 256 MiB more); with `ignoreRange`, Range headers are dropped (the registry answers 200 with the
 * whole blob, as one without range support would). Everything else passes through.
 */
export async function startMisbehavingProxy(upstream: string, opts: { endless?: Set<string>; ignoreRange?: boolean } = {}) {
  const seen = { ranges: 0, endlessBytes: 0 };
  const server = http.createServer((req, res) => {
    const m = /\/blobs\/(sha256:[0-9a-f]{64})$/.exec(req.url ?? '');
    if (req.method === 'GET' && m && opts.endless?.has(m[1]!)) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }); // chunked: no length to stop at
      const filler = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      const more = () => {
        while (sent < 256 * 1024 * 1024 && !res.destroyed) {
          sent += filler.length;
          seen.endlessBytes = sent;
          if (!res.write(filler)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('close', () => {
        sent = Number.POSITIVE_INFINITY;
      });
      // The blob's own bytes first (every bundle in it whole and good), then the filler.
      http.get(`http://${upstream}${req.url}`, { headers: { ...req.headers, host: upstream } }, (ur) => {
        ur.on('data', (c: Buffer) => res.write(c));
        ur.on('end', more);
      });
      return;
    }
    const headers = { ...req.headers, host: upstream };
    if (headers.range) seen.ranges++;
    if (opts.ignoreRange) delete headers.range;
    const up = http.request(`http://${upstream}${req.url}`, { method: req.method, headers }, (ur) => {
      const out = { ...ur.headers };
      if (out.location) out.location = out.location.replace(`http://${upstream}`, `http://127.0.0.1:${port}`);
      res.writeHead(ur.statusCode ?? 502, out);
      ur.pipe(res);
    });
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    host: `127.0.0.1:${port}`,
    seen,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
