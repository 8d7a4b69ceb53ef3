import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { sha256, type Digest } from '../../replay/format/digest.ts';
import { Store } from '../../replay/store/store.ts';
import { DOCKET, prng, REPO, tempDir, treeHashes } from '../dev/testkit/core.ts';
import { RegistryClient } from './client.ts';
import { bundleLayer, imageManifest, jsonBytes, MEDIA } from './layout.ts';
import { parseRef } from './ref.ts';
import { HTPASSWD_BIN, REGISTRY_BIN, htpasswdFile, startReferrersProxy, startRegistry, startTokenServer, type Registry } from '../dev/testkit/registry.ts';

/**
 * push / pull against a real registry (CNCF Distribution, Debian's docker-registry) on loopback.
 * CI installs it (.ci/run); without it these tests skip, saying so.
 */
const skip = !REGISTRY_BIN || !HTPASSWD_BIN;
if (skip) console.warn('registry tests skipped: docker-registry and htpasswd are not installed (apt-get install docker-registry apache2-utils; .ci/run does)');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  json: any;
}

/** The CLI, asynchronously: the token server runs in this process and must keep answering. */
function docket(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [DOCKET, ...args], { cwd: REPO, env: { ...process.env, DOCKER_CONFIG: join(tempDir(), 'none'), ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (status) => {
      let json;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ status, stdout, stderr, json });
    });
  });
}

/**
 * An archive: the shipped evidence (or, with `from`, a copy of that archive; or nothing) plus `extra`
 * attachments of ~`size` incompressible bytes each; without the shipped evidence, ref notes/first
 * names the first attachment.
 */
function makeArchive(extra: number, seed: number, size = 4000, from: string | null = join(REPO, 'evidence')): { dir: string; extras: Digest[] } {
  const dir = join(tempDir('docket-reg-'), 'evidence');
  if (from) cpSync(from, dir, { recursive: true, filter: (p) => !p.includes('index.sqlite') });
  const archive = new Archive(dir);
  const rnd = prng(seed);
  const extras: Digest[] = [];
  for (let i = 0; i < extra; i++) {
    let body = '';
    while (body.length < size) body += rnd().toString(36).slice(2);
    extras.push(archive.put({ kind: 'attachment', schemaVersion: 1, mediaType: 'text/plain', name: `a-${seed}-${i}.txt`, body }).digest);
  }
  if (!from && extras.length) archive.setRef('notes/first', extras[0]!);
  archive.close();
  return { dir, extras };
}

/** Every stored object, by path, with its hash (leftover temps of a killed write are not objects). */
const objects = (dir: string) => Object.fromEntries(new Store(dir).list().objects.map((o) => [o.path, sha256(readFileSync(join(dir, o.path)))]));
const refs = (dir: string) => treeHashes(join(dir, 'refs'));
const blobCount = (reg: Registry) => {
  const root = join(reg.storage, 'docker/registry/v2/blobs/sha256');
  return existsSync(root) ? readdirSync(root).reduce((n, s) => n + readdirSync(join(root, s)).length, 0) : 0;
};
const registryBlob = (reg: Registry, digest: string) => join(reg.storage, 'docker/registry/v2/blobs/sha256', digest.slice(7, 9), digest.slice(7), 'data');

describe.skipIf(skip)('docket push / pull against a real registry', () => {
  let reg: Registry;
  beforeAll(async () => {
    reg = await startRegistry(tempDir('docket-registry-'));
  });
  afterAll(async () => reg?.stop());

  it('push, pull into an empty archive, verify: byte-identical objects and refs; a second push uploads nothing', async () => {
    const src = makeArchive(20, 1).dir;
    const ref = `${reg.host}/team/evals:round-trip`;
    const first = await docket(['push', ref, '--archive', src, '--json']);
    expect(first.status, first.stderr).toBe(0);
    const total = new Store(src).list().objects.length + 1; // + the config blob
    expect(first.json.blobs).toMatchObject({ total, present: 0, uploaded: total });
    expect(first.json.mediaType).toBe('application/vnd.oci.image.manifest.v1+json');

    const again = await docket(['push', ref, '--archive', src, '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.json.blobs).toMatchObject({ total, present: total, uploaded: 0, bytes: 0 });
    expect(again.json.requests.POST ?? 0).toBe(0);
    expect(again.json.digest).toBe(first.json.digest); // same archive, same manifest bytes

    const dst = join(tempDir(), 'pulled');
    const pulled = await docket(['pull', ref, '--archive', dst, '--json']);
    expect(pulled.status, pulled.stderr).toBe(0);
    expect(pulled.json.blobs).toMatchObject({ total: total - 1, present: 0, fetched: total - 1 });
    expect(pulled.json.digest).toBe(first.json.digest);
    expect(objects(dst)).toEqual(objects(src));
    expect(refs(dst)).toEqual(refs(src));
    const verified = await docket(['verify', dst, '--json']);
    expect(verified.status, verified.stdout).toBe(0);

    const repull = await docket(['pull', ref, '--archive', dst, '--json']);
    expect(repull.json.blobs).toMatchObject({ present: total - 1, fetched: 0 });
    expect(repull.json.refs).toMatchObject({ written: 0, unchanged: pulled.json.refs.written });
    expect(repull.json.requests.GET).toBeLessThan(5); // /v2/, manifest, config: no blob fetched

    // One ref as its own artifact: the run and everything it reaches, nothing else.
    const only = await docket(['push', `${reg.host}/team/evals:runs.ref-coin-1`, '--archive', src, '--only', 'runs/ref-coin-1', '--json']);
    expect(only.status, only.stderr).toBe(0);
    expect(only.json).toMatchObject({ refs: 1, blobs: { uploaded: 1 } }); // just its config: the bundles are there
    const one = join(tempDir(), 'one-run');
    expect((await docket(['pull', `${reg.host}/team/evals:runs.ref-coin-1`, '--archive', one])).status).toBe(0);
    expect(Object.keys(refs(one))).toEqual(['runs/ref-coin-1']);
    expect(Object.keys(objects(one)).length).toBeLessThan(Object.keys(objects(src)).length);
    expect((await docket(['verify', one])).status).toBe(0); // whole: every reference resolves
    const none = await docket(['push', `${reg.host}/team/evals:x`, '--archive', src, '--only', 'runs/nope', '--json']);
    expect(none.json.error.code).toBe('ENOREF');
  });

  it('chunked uploads and an index of manifests when one manifest would pass the limit', async () => {
    const src = makeArchive(30, 2, 150_000, null).dir;
    const ref = `${reg.host}/team/big:v1`;
    const r = await docket(['push', ref, '--archive', src, '--json', '--chunk-size', '65536', '--manifest-limit', '4000']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json.mediaType).toBe('application/vnd.oci.image.index.v1+json');
    expect(r.json.manifests).toBeGreaterThan(2);
    expect(r.json.requests.PATCH).toBeGreaterThanOrEqual(30 * 2); // each ~100 KB+ attachment went up in >= 2 chunks
    const dst = join(tempDir(), 'pulled');
    const p = await docket(['pull', ref, '--archive', dst, '--json']);
    expect(p.status, p.stderr).toBe(0);
    expect(p.json.manifests).toBe(r.json.manifests);
    expect(objects(dst)).toEqual(objects(src));
    expect(refs(dst)).toEqual(refs(src));
    expect((await docket(['verify', dst])).status).toBe(0);
  });

  it('kill -9 during a push, then push again: only the missing blobs move, and the result pulls intact', async () => {
    const src = makeArchive(100, 3, 20_000, null).dir;
    const ref = `${reg.host}/team/killed-push:v1`;
    const before = blobCount(reg);
    const total = new Store(src).list().objects.length + 1;
    const child = spawn(process.execPath, [DOCKET, 'push', ref, '--archive', src, '--concurrency', '2'], { cwd: REPO, stdio: 'ignore' });
    while (blobCount(reg) < before + 25 && child.exitCode === null) await new Promise((r) => setTimeout(r, 2));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const landed = blobCount(reg) - before;
    expect(landed).toBeGreaterThanOrEqual(25);
    expect(landed).toBeLessThan(total); // it really was cut short
    const again = await docket(['push', ref, '--archive', src, '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.json.blobs.uploaded + again.json.blobs.present).toBe(total);
    expect(again.json.blobs.present).toBeGreaterThanOrEqual(landed - 1); // a blob finished after the count may be the one more
    expect(again.json.blobs.uploaded).toBeLessThanOrEqual(total - landed + 1);
    const dst = join(tempDir(), 'pulled');
    expect((await docket(['pull', ref, '--archive', dst])).status).toBe(0);
    expect(objects(dst)).toEqual(objects(src));
  });

  it('kill -9 during a pull, then pull again: nothing corrupt, only the missing blobs are fetched', async () => {
    const src = makeArchive(100, 4, 20_000, null).dir;
    const ref = `${reg.host}/team/killed-pull:v1`;
    expect((await docket(['push', ref, '--archive', src])).status).toBe(0);
    const dst = join(tempDir(), 'pulled');
    const total = new Store(src).list().objects.length;
    const child = spawn(process.execPath, [DOCKET, 'pull', ref, '--archive', dst, '--concurrency', '2'], { cwd: REPO, stdio: 'ignore' });
    const count = () => (existsSync(dst) ? new Store(dst).list().objects.length : 0);
    while (count() < 25 && child.exitCode === null) await new Promise((r) => setTimeout(r, 2));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const have = count();
    expect(have).toBeGreaterThanOrEqual(25);
    expect(have).toBeLessThan(total);
    expect(existsSync(join(dst, 'refs'))).toBe(false); // refs come last
    const partial = await docket(['verify', dst, '--json']);
    // Incomplete, not corrupt: at most references to bundles not fetched yet, and objects written
    // durably but not yet in the index cache (the next pull indexes them).
    const incomplete = (f: any) => f.code === 'EREF' || (f.code === 'EINDEX' && /not in the index/.test(f.message));
    expect(
      partial.json.findings.filter((f: any) => f.severity === 'error' && !incomplete(f)),
      partial.stdout,
    ).toEqual([]);
    const again = await docket(['pull', ref, '--archive', dst, '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.json.blobs).toMatchObject({ total, present: have, fetched: total - have });
    expect(objects(dst)).toEqual(objects(src));
    expect(refs(dst)).toEqual(refs(src));
    expect(new Store(dst).list().strays).toEqual([]); // at most a killed write's temp is left (repair removes it)
    expect((await docket(['verify', dst])).status).toBe(0);
  });

  it('refuses a blob or a manifest changed on the registry disk: exit 1, that blob and every ref unwritten', async () => {
    const { dir: src, extras } = makeArchive(5, 5, 4000, null);
    const ref = `${reg.host}/team/tampered:v1`;
    const pushed = await docket(['push', ref, '--archive', src, '--json']);
    expect(pushed.status).toBe(0);
    const victim = extras[2]!; // nothing refers to it: what is stored without it stays whole
    const file = registryBlob(reg, victim);
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1]! ^= 0x01;
    writeFileSync(file, bytes);
    const dst = join(tempDir(), 'pulled');
    const r = await docket(['pull', ref, '--archive', dst, '--json']);
    expect(r.status).toBe(1);
    expect(r.json.findings).toEqual([expect.objectContaining({ code: 'EDIGEST', data: { digest: victim } })]);
    expect(r.json.blobs.fetched).toBe(new Store(src).list().objects.length - 1);
    expect(new Store(dst).has(victim)).toBe(false);
    expect(existsSync(join(dst, 'refs'))).toBe(false);
    expect((await docket(['verify', dst])).status).toBe(0); // what was stored is sound

    // The manifest itself: one character of a layer's title changed, still valid JSON.
    const mfile = registryBlob(reg, pushed.json.digest);
    writeFileSync(mfile, readFileSync(mfile, 'utf8').replace('objects/v1/', 'objects/v2/'));
    for (const at of [ref, `${reg.host}/team/tampered@${pushed.json.digest}`]) {
      const m = await docket(['pull', at, '--archive', join(tempDir(), 'pulled'), '--json']);
      expect(m.status, m.stderr).toBe(1);
      expect(m.json.error.code).toBe('EDIGEST');
    }
  });

  it('refuses a blob whose digest is right but which is no docket bundle (strict checks before the store)', async () => {
    const client = new RegistryClient(parseRef(`${reg.host}/team/impostor:v1`), { credentials: null, actions: 'pull,push', concurrency: 1 });
    try {
      // 40 good ones: enough for pull to check and store on its worker threads (pull.ts POOL_FROM).
      const good = makeArchive(40, 10, 1000, null);
      const goodBytes = new Store(good.dir).list().objects.map((o) => readFileSync(join(good.dir, o.path)));
      const impostor = Buffer.from('{"kind":"attachment"}'); // hashes to its digest, but is not gzip
      const config = jsonBytes({ format: 'docket-archive/v1', part: 0, parts: 1, refs: {} });
      for (const b of [...goodBytes, impostor, config]) await client.uploadBlob(sha256(b), b.length, (s, e) => b.subarray(s, e), 1 << 20);
      const layers = [...goodBytes, impostor].map((b) => bundleLayer(sha256(b), b.length)).sort((a, b) => (a.digest < b.digest ? -1 : 1));
      await client.putManifest('v1', imageManifest(MEDIA.archive, { mediaType: MEDIA.archiveConfig, digest: sha256(config), size: config.length }, layers), MEDIA.manifest);
    } finally {
      client.close();
    }
    const dst = join(tempDir(), 'pulled');
    const r = await docket(['pull', `${reg.host}/team/impostor:v1`, '--archive', dst, '--json']);
    expect(r.status).toBe(1);
    expect(r.json.findings).toEqual([expect.objectContaining({ code: 'EGZIP' })]);
    expect(new Store(dst).list().objects).toHaveLength(40); // the good ones
    expect((await docket(['verify', dst])).status).toBe(0);
  });

  it('two pushes of overlapping archives at once both land, each intact', async () => {
    const a = makeArchive(40, 6, 10_000, null).dir;
    const b = makeArchive(40, 7, 10_000, a).dir; // a's 40 bundles and 40 more
    const [ra, rb] = await Promise.all([docket(['push', `${reg.host}/team/shared:a`, '--archive', a, '--json']), docket(['push', `${reg.host}/team/shared:b`, '--archive', b, '--json'])]);
    expect(ra.status, ra.stderr).toBe(0);
    expect(rb.status, rb.stderr).toBe(0);
    for (const [tag, src] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const dst = join(tempDir(), 'pulled');
      expect((await docket(['pull', `${reg.host}/team/shared:${tag}`, '--archive', dst])).status).toBe(0);
      expect(objects(dst)).toEqual(objects(src));
    }
  });

  it('release push: tarball and MANIFEST.json as an artifact, signature under the cosign tag; verify REF checks it all', async () => {
    const dir = tempDir();
    const key = join(dir, 'release.key');
    const tgz = join(dir, 'release.tgz');
    expect((await docket(['release', 'keygen', '--out', key])).status).toBe(0);
    const packed = await docket(['release', 'pack', '--sign', key, '--out', tgz, '--json']);
    expect(packed.status, packed.stderr).toBe(0);
    const ref = `${reg.host}/team/release:v1`;
    const pushed = await docket(['release', 'push', ref, '--file', tgz, '--json']);
    expect(pushed.status, pushed.stderr).toBe(0);
    expect(pushed.json.tarball).toBe(packed.json.digest);
    expect(pushed.json.signature).toMatchObject({ attached: 'tag', tag: `sha256-${pushed.json.digest.slice(7)}.sig` }); // 2.8 has no referrers API
    const ok = await docket(['verify', ref, '--key', `${key}.pub`, '--expect', packed.json.digest, '--json']);
    expect(ok.status, ok.stdout + ok.stderr).toBe(0);
    expect(ok.json).toMatchObject({ ok: true, ref, manifestDigest: pushed.json.digest, signatureAttached: true });

    // The tarball's bytes changed on the registry's disk: refused before any verify step runs.
    const blob = registryBlob(reg, packed.json.digest);
    const bytes = readFileSync(blob);
    bytes[100]! ^= 0x01;
    writeFileSync(blob, bytes);
    const bad = await docket(['verify', ref, '--key', `${key}.pub`, '--json']);
    expect(bad.status).toBe(1);
    expect(bad.json.error.code).toBe('EDIGEST');

    // A damaged tarball is never pushed.
    writeFileSync(tgz, bytes);
    const refused = await docket(['release', 'push', `${reg.host}/team/release:bad`, '--file', tgz, '--json']);
    expect(refused.status).toBe(1);
    expect(refused.json.error.code).toBe('ERELEASE');
    expect((await docket(['verify', `${reg.host}/team/release:bad`, '--json'])).json.error.code).toBe('ENOTFOUND');
  });

  it('release push on a registry with the referrers API: the signature is a referrer, no .sig tag; verify REF finds it', async () => {
    const proxy = await startReferrersProxy(reg.host);
    try {
      const dir = tempDir();
      const key = join(dir, 'release.key');
      const tgz = join(dir, 'release.tgz');
      expect((await docket(['release', 'keygen', '--out', key])).status).toBe(0);
      expect((await docket(['release', 'pack', '--sign', key, '--out', tgz])).status).toBe(0);
      const ref = `${proxy.host}/team/referred:v1`;
      const pushed = await docket(['release', 'push', ref, '--file', tgz, '--json']);
      expect(pushed.status, pushed.stderr).toBe(0);
      expect(pushed.json.signature).toMatchObject({ attached: 'referrer', tag: null });
      expect(proxy.referrers.get(pushed.json.digest)).toEqual([expect.objectContaining({ digest: pushed.json.signature.digest, artifactType: 'application/vnd.docket.release.signature.v1' })]);
      const tags = (await (await fetch(`http://${reg.host}/v2/team/referred/tags/list`)).json()) as { tags: string[] };
      expect(tags.tags).toEqual(['v1']);
      const ok = await docket(['verify', ref, '--key', `${key}.pub`, '--json']);
      expect(ok.status, ok.stdout + ok.stderr).toBe(0);
      expect(ok.json.signatureAttached).toBe(true);
    } finally {
      await proxy.stop();
    }
  });

  it('names what is wrong: an absent tag, a registry that is not there, a bad reference', async () => {
    const missing = await docket(['pull', `${reg.host}/team/none:v1`, '--archive', join(tempDir(), 'x'), '--json']);
    expect(missing.status).toBe(2);
    expect(missing.json.error.code).toBe('ENOTFOUND');
    const down = await docket(['pull', '127.0.0.1:1/team/none:v1', '--archive', join(tempDir(), 'x'), '--json']);
    expect(down.status).toBe(2);
    expect(down.json.error.code).toBe('ECONNECT');
    const bad = await docket(['push', 'evals:v1', '--json']);
    expect(bad.status).toBe(2);
    expect(bad.json.error.code).toBe('EREF');
  });
});

describe.skipIf(skip)('registry auth', () => {
  const secret = 's3cret-pa55word';

  it('basic auth (htpasswd): refused without credentials, works with env vars and with Docker config.json; the password is never printed', async () => {
    const dir = tempDir('docket-registry-');
    const reg = await startRegistry(dir, { htpasswd: htpasswdFile(dir, 'alice', secret) });
    try {
      const src = makeArchive(3, 8, 4000, null).dir;
      const ref = `${reg.host}/team/private:v1`;
      const anon = await docket(['push', ref, '--archive', src, '--json']);
      expect(anon.status).toBe(2);
      expect(anon.json.error.code).toBe('EAUTH');
      const wrong = await docket(['push', ref, '--archive', src, '--json'], { DOCKET_REGISTRY_USERNAME: 'alice', DOCKET_REGISTRY_PASSWORD: 'nope' });
      expect(wrong.status).toBe(2);
      expect(wrong.json.error.message).toMatch(/DOCKET_REGISTRY_USERNAME/);
      const ok = await docket(['push', ref, '--archive', src, '--json'], { DOCKET_REGISTRY_USERNAME: 'alice', DOCKET_REGISTRY_PASSWORD: secret });
      expect(ok.status, ok.stderr).toBe(0);
      const cfg = tempDir();
      writeFileSync(join(cfg, 'config.json'), JSON.stringify({ auths: { [reg.host]: { auth: Buffer.from(`alice:${secret}`).toString('base64') } } }));
      const dst = join(tempDir(), 'pulled');
      const pulled = await docket(['pull', ref, '--archive', dst, '--json'], { DOCKER_CONFIG: cfg });
      expect(pulled.status, pulled.stderr).toBe(0);
      expect(objects(dst)).toEqual(objects(src));
      for (const r of [anon, wrong, ok, pulled]) expect(r.stdout + r.stderr).not.toContain(secret);
      for (const f of Object.keys(treeHashes(dst))) expect(readFileSync(join(dst, f)).includes(secret)).toBe(false);
    } finally {
      await reg.stop();
    }
  });

  it('bearer-token challenge: a token server on loopback grants the scope; wrong credentials are refused', async () => {
    const dir = tempDir('docket-registry-');
    const tokens = await startTokenServer(dir, 'bob', secret);
    const reg = await startRegistry(dir, { token: tokens.auth });
    try {
      const src = makeArchive(3, 9, 4000, null).dir;
      const ref = `${reg.host}/team/tokened:v1`;
      const env = { DOCKET_REGISTRY_USERNAME: 'bob', DOCKET_REGISTRY_PASSWORD: secret };
      const ok = await docket(['push', ref, '--archive', src, '--json'], env);
      expect(ok.status, ok.stderr).toBe(0);
      expect(tokens.requests).toContainEqual({ scope: 'repository:team/tokened:pull,push', authorized: true });
      const dst = join(tempDir(), 'pulled');
      const pulled = await docket(['pull', ref, '--archive', dst, '--json'], env);
      expect(pulled.status, pulled.stderr).toBe(0);
      expect(tokens.requests).toContainEqual({ scope: 'repository:team/tokened:pull', authorized: true });
      expect(objects(dst)).toEqual(objects(src));
      const wrong = await docket(['pull', ref, '--archive', join(tempDir(), 'x'), '--json'], { ...env, DOCKET_REGISTRY_PASSWORD: 'nope' });
      expect(wrong.status).toBe(2);
      expect(wrong.json.error.code).toBe('EAUTH');
      for (const r of [ok, pulled, wrong]) expect(r.stdout + r.stderr).not.toContain(secret);
    } finally {
      await reg.stop();
      await tokens.stop();
    }
  });
});
