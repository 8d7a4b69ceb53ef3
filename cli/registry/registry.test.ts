import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { sha256, type Digest } from '../../replay/format/digest.ts';
import { Store } from '../../replay/store/store.ts';
import { DOCKET, prng, REPO, tempDir, treeHashes } from '../dev/testkit/core.ts';
import { RegistryClient } from './client.ts';
import { bundleLayer, imageManifest, jsonBytes, MEDIA, packIndexLayer, packLayer } from './layout.ts';
import { encodePackIndex, PackIndex } from './pack-index.ts';
import { parseRef } from './ref.ts';
import { HTPASSWD_BIN, REGISTRY_BIN, htpasswdFile, startMisbehavingProxy, startReferrersProxy, startRegistry, startTokenServer, type Registry } from '../dev/testkit/registry.ts';

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

/** One pack-index cache for the file (a fresh one per test would hide reuse; the user's is never touched). */
const CACHE = tempDir('docket-cache-');

/** The CLI, asynchronously: the token server runs in this process and must keep answering. */
function docket(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [DOCKET, ...args], { cwd: REPO, env: { ...process.env, DOCKER_CONFIG: join(tempDir(), 'none'), DOCKET_CACHE_DIR: CACHE, ...env } });
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
/** The archive's bundles as bytes, in digest order. */
const bundlesOf = (dir: string) => new Store(dir).list().objects.map((o) => ({ digest: o.digest, bytes: readFileSync(join(dir, o.path)) }));
const temps = (dir: string) => (existsSync(dir) ? new Store(dir).list().temps : []);

/**
 * Put a docket-archive/v2 artifact together by hand, as a careless or hostile pusher could: `packs`
 * of bundle bytes, an index from `entries` (by default the truth), a manifest tagged `tag`.
 */
async function craft(host: string, repo: string, tag: string, packs: Buffer[][], lie: (e: { digest: Digest; pack: Digest; offset: number; length: number }[]) => void = () => {}) {
  const client = new RegistryClient(parseRef(`${host}/${repo}:${tag}`), { credentials: null, actions: 'pull,push', concurrency: 1 });
  try {
    const up = async (b: Buffer) => {
      if ((await client.headBlob(sha256(b))) === null) await client.uploadBlob(sha256(b), b.length, (s, e) => b.subarray(s, e), 1 << 24);
    };
    const refs = packs.map((bundles) => {
      const pack = Buffer.concat(bundles);
      let offset = 0;
      return {
        pack,
        entries: bundles.map((b) => {
          const e = { digest: sha256(b), pack: sha256(pack), offset, length: b.length };
          offset += b.length;
          return e;
        }),
      };
    });
    const entries = refs.flatMap((r) => r.entries);
    lie(entries);
    const index = encodePackIndex(
      refs.map((r) => ({ digest: sha256(r.pack), size: r.pack.length })),
      entries,
    );
    const config = jsonBytes({ format: 'docket-archive/v2', refs: {} });
    for (const b of [...refs.map((r) => r.pack), index, config]) await up(b);
    const layers = [packIndexLayer(sha256(index), index.length), ...refs.map((r) => packLayer(sha256(r.pack), r.pack.length)).sort((x, y) => (x.digest < y.digest ? -1 : 1))];
    await client.putManifest(tag, imageManifest(MEDIA.archive, { mediaType: MEDIA.archiveConfig, digest: sha256(config), size: config.length }, layers), MEDIA.manifest);
  } finally {
    client.close();
  }
}

/** Put a docket-archive/v1 artifact (one blob per bundle), as docket wrote before packs. */
async function craftV1(host: string, repo: string, tag: string, bundles: Buffer[], refs: Record<string, Digest> = {}) {
  const client = new RegistryClient(parseRef(`${host}/${repo}:${tag}`), { credentials: null, actions: 'pull,push', concurrency: 1 });
  try {
    const config = jsonBytes({ format: 'docket-archive/v1', part: 0, parts: 1, refs });
    for (const b of [...bundles, config]) await client.uploadBlob(sha256(b), b.length, (s, e) => b.subarray(s, e), 1 << 24);
    const layers = bundles.map((b) => bundleLayer(sha256(b), b.length)).sort((a, b) => (a.digest < b.digest ? -1 : 1));
    await client.putManifest(tag, imageManifest(MEDIA.archive, { mediaType: MEDIA.archiveConfig, digest: sha256(config), size: config.length }, layers), MEDIA.manifest);
  } finally {
    client.close();
  }
}

describe.skipIf(skip)('docket push / pull against a real registry', () => {
  let reg: Registry;
  beforeAll(async () => {
    reg = await startRegistry(tempDir('docket-registry-'));
  });
  afterAll(async () => reg?.stop());

  it('round trip of a mixed archive in packs: byte-identical, deterministic; a second push uploads nothing; verify REF; --only reuses the packs', async () => {
    const src = makeArchive(20, 1).dir;
    const ref = `${reg.host}/team/evals:round-trip`;
    const first = await docket(['push', ref, '--archive', src, '--json', '--pack-size', '32768']);
    expect(first.status, first.stderr).toBe(0);
    const total = new Store(src).list().objects.length;
    const bytes = bundlesOf(src).reduce((n, b) => n + b.bytes.length, 0);
    expect(first.json).toMatchObject({ unchanged: false, bundles: { total, present: 0, packed: total, bytes } });
    expect(first.json.packs.new).toBeGreaterThan(3); // small packs, each an OCI blob
    expect(first.json.blobs).toMatchObject({ total: first.json.packs.total + 2, present: 0, uploaded: first.json.packs.total + 2 }); // + pack index + config
    expect(first.json.requests.POST).toBe(first.json.packs.total + 2); // one upload per blob, not per bundle
    expect(first.json.mediaType).toBe('application/vnd.oci.image.manifest.v1+json');

    const again = await docket(['push', ref, '--archive', src, '--json', '--pack-size', '32768']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.json).toMatchObject({ unchanged: true, digest: first.json.digest, bundles: { present: total, packed: 0 }, blobs: { uploaded: 0, bytes: 0 } });
    expect(again.json.requests).toEqual({ GET: 3 }); // /v2/, the manifest, its config: the pack index comes from the cache
    // Another repository, the same archive: the same packs, index and manifest, byte for byte.
    const elsewhere = await docket(['push', `${reg.host}/team/copy:x`, '--archive', src, '--json', '--pack-size', '32768']);
    expect(elsewhere.json.digest).toBe(first.json.digest);

    const dst = join(tempDir(), 'pulled');
    const pulled = await docket(['pull', ref, '--archive', dst, '--json']);
    expect(pulled.status, pulled.stderr).toBe(0);
    expect(pulled.json.bundles).toMatchObject({ total, present: 0, fetched: total, bytes });
    expect(pulled.json.packs).toMatchObject({ total: first.json.packs.total, fetched: first.json.packs.total, bytes });
    expect(pulled.json.requests.GET).toBe(first.json.packs.total + 3); // /v2/, manifest, config, one per pack: the pack index the push cached
    expect(objects(dst)).toEqual(objects(src));
    expect(refs(dst)).toEqual(refs(src));
    expect(temps(dst)).toEqual([]);
    expect((await docket(['verify', dst, '--json'])).status).toBe(0);

    const repull = await docket(['pull', ref, '--archive', dst, '--json']);
    expect(repull.json.bundles).toMatchObject({ present: total, fetched: 0 });
    expect(repull.json.refs).toMatchObject({ written: 0, unchanged: pulled.json.refs.written });
    expect(repull.json.requests.GET).toBe(3); // no pack fetched, the index from the cache

    const remote = await docket(['verify', ref, '--json']);
    expect(remote.status, remote.stdout + remote.stderr).toBe(0);
    expect(remote.json).toMatchObject({ ok: true, ref, format: 'docket-archive/v2', bundles: total, findings: [] });

    // One ref as its own artifact: its bundles are all in the repository's packs, so only a pack
    // index and a config go up; pulling it brings that run and what it reaches, nothing else.
    const only = await docket(['push', `${reg.host}/team/evals:runs.ref-coin-1`, '--archive', src, '--only', 'runs/ref-coin-1', '--json']);
    expect(only.status, only.stderr).toBe(0);
    expect(only.json).toMatchObject({ refs: 1, packs: { new: 0 }, bundles: { packed: 0 }, blobs: { uploaded: 2 } });
    const one = join(tempDir(), 'one-run');
    const oneRun = await docket(['pull', `${reg.host}/team/evals:runs.ref-coin-1`, '--archive', one, '--json']);
    expect(oneRun.status, oneRun.stderr).toBe(0);
    expect(Object.keys(refs(one))).toEqual(['runs/ref-coin-1']);
    expect(Object.keys(objects(one)).length).toBe(only.json.bundles.total);
    expect(Object.keys(objects(one)).length).toBeLessThan(total);
    expect((await docket(['verify', one])).status).toBe(0); // whole: every reference resolves
    const none = await docket(['push', `${reg.host}/team/evals:x`, '--archive', src, '--only', 'runs/nope', '--json']);
    expect(none.json.error.code).toBe('ENOREF');
  });

  it('range requests for a few bundles of big packs; a registry that ignores ranges gets the whole pack read through', async () => {
    const src = makeArchive(60, 11, 40_000, null).dir; // ~2.4 MB in one pack
    const ref = `${reg.host}/team/ranged:all`;
    const pushed = await docket(['push', ref, '--archive', src, '--json']);
    expect(pushed.json.packs.new).toBe(1);
    const dst = join(tempDir(), 'pulled');
    const keep = bundlesOf(src);
    expect((await docket(['pull', ref, '--archive', dst])).status).toBe(0);
    // Take five bundles away: a resumed pull asks for just those bytes.
    const gone = keep.filter((_b, i) => i % 12 === 0);
    for (const b of gone) (await import('node:fs')).rmSync(new Store(dst).objectPath(b.digest));
    const again = await docket(['pull', ref, '--archive', dst, '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.json.bundles).toMatchObject({ fetched: gone.length });
    expect(again.json.packs.bytes).toBe(gone.reduce((n, b) => n + b.bytes.length, 0));
    expect(objects(dst)).toEqual(objects(src));
    const proxy = await startMisbehavingProxy(reg.host, { ignoreRange: true });
    try {
      for (const b of gone) (await import('node:fs')).rmSync(new Store(dst).objectPath(b.digest));
      const whole = await docket(['pull', `${proxy.host}/team/ranged:all`, '--archive', dst, '--json']);
      expect(whole.status, whole.stderr).toBe(0);
      expect(proxy.seen.ranges).toBeGreaterThan(0);
      expect(whole.json.packs.bytes).toBe(pushed.json.bundles.bytes); // the whole pack, hashed and checked
      expect(objects(dst)).toEqual(objects(src));
    } finally {
      await proxy.stop();
    }
  });

  it('chunked uploads and an index of manifests when one manifest would pass the limit', async () => {
    const src = makeArchive(30, 2, 150_000, null).dir;
    const ref = `${reg.host}/team/big:v1`;
    const r = await docket(['push', ref, '--archive', src, '--json', '--chunk-size', '65536', '--pack-size', '200000', '--manifest-limit', '2000']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json.mediaType).toBe('application/vnd.oci.image.index.v1+json');
    expect(r.json.manifests).toBeGreaterThan(2);
    expect(r.json.requests.PATCH).toBeGreaterThanOrEqual(r.json.packs.new * 2); // each ~150 KB pack went up in >= 2 chunks
    const dst = join(tempDir(), 'pulled');
    const p = await docket(['pull', ref, '--archive', dst, '--json']);
    expect(p.status, p.stderr).toBe(0);
    expect(p.json.manifests).toBe(r.json.manifests);
    expect(objects(dst)).toEqual(objects(src));
    expect(refs(dst)).toEqual(refs(src));
    expect((await docket(['verify', dst])).status).toBe(0);
    expect((await docket(['push', ref, '--archive', src, '--json', '--pack-size', '200000', '--manifest-limit', '2000'])).json).toMatchObject({ unchanged: true, blobs: { uploaded: 0 } });
  });

  it('two pushers into one repository, each under its own tag: the second sends only its own bundles; pull --all-tags gives the union, each bundle once', async () => {
    const base = makeArchive(30, 6, 8_000, null).dir; // what both machines share (the bank, say)
    const a = makeArchive(15, 61, 8_000, base).dir;
    const b = makeArchive(15, 62, 8_000, base).dir;
    const repo = `${reg.host}/team/shared`;
    const ra = await docket(['push', `${repo}:runner-a`, '--archive', a, '--json', '--pack-size', '65536']);
    expect(ra.status, ra.stderr).toBe(0);
    const rb = await docket(['push', `${repo}:runner-b`, '--archive', b, '--json', '--pack-size', '65536']);
    expect(rb.status, rb.stderr).toBe(0);
    const shared = bundlesOf(base).length;
    expect(rb.json).toMatchObject({ tagsRead: 1, bundles: { present: shared, packed: 15 } });
    expect(rb.json.packs.reused).toBeGreaterThan(0);
    const union = new Map([...bundlesOf(a), ...bundlesOf(b)].map((x) => [x.digest, x.bytes.length]));
    expect(ra.json.bundles.bytes + rb.json.bundles.bytes).toBe([...union.values()].reduce((n, x) => n + x, 0)); // nothing sent twice

    const dst = join(tempDir(), 'pulled');
    const all = await docket(['pull', repo, '--all-tags', '--archive', dst, '--json']);
    expect(all.status, all.stderr).toBe(0);
    expect(all.json.tags).toEqual(['runner-a', 'runner-b']);
    expect(all.json.bundles).toMatchObject({ total: union.size, fetched: union.size });
    expect(Object.keys(objects(dst)).sort()).toEqual(Object.keys({ ...objects(a), ...objects(b) }).sort());
    expect((await docket(['verify', dst])).status).toBe(0);
    // One runner's tag alone: exactly its archive, though part of it lives in the other's packs.
    const onlyB = join(tempDir(), 'b');
    expect((await docket(['pull', `${repo}:runner-b`, '--archive', onlyB])).status).toBe(0);
    expect(objects(onlyB)).toEqual(objects(b));
    expect((await docket(['pull', `${repo}:runner-b`, '--all-tags', '--archive', onlyB, '--json'])).json.error.code).toBe('EUSAGE');

    // Two pushes at once: both land, each pulls intact (some bundles may then sit in two packs).
    const c = makeArchive(10, 63, 8_000, base).dir;
    const [rc, rd] = await Promise.all([docket(['push', `${repo}:c`, '--archive', c, '--json']), docket(['push', `${repo}:d`, '--archive', a, '--json'])]);
    expect(rc.status, rc.stderr).toBe(0);
    expect(rd.status, rd.stderr).toBe(0);
    for (const [tag, want] of [
      ['c', c],
      ['d', a],
    ] as const) {
      const out = join(tempDir(), 'pulled');
      expect((await docket(['pull', `${repo}:${tag}`, '--archive', out])).status).toBe(0);
      expect(objects(out)).toEqual(objects(want));
    }
  });

  it('kill -9 during a push, then push again: the packs already sent are not sent again, and the result pulls intact', async () => {
    const src = makeArchive(100, 3, 20_000, null).dir;
    const ref = `${reg.host}/team/killed-push:v1`;
    const before = blobCount(reg);
    const args = ['push', ref, '--archive', src, '--concurrency', '1', '--pack-size', '40000'];
    const child = spawn(process.execPath, [DOCKET, ...args], { cwd: REPO, stdio: 'ignore', env: { ...process.env, DOCKET_CACHE_DIR: CACHE } });
    while (blobCount(reg) < before + 15 && child.exitCode === null) await new Promise((r) => setTimeout(r, 2));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const landed = blobCount(reg) - before;
    expect(landed).toBeGreaterThanOrEqual(15);
    const again = await docket([...args, '--json']);
    expect(again.status, again.stderr).toBe(0);
    const packs = again.json.packs.new;
    expect(landed).toBeLessThan(packs); // it really was cut short
    expect(again.json.blobs.present).toBeGreaterThanOrEqual(landed - 1); // the same packs again: HEAD finds them
    expect(again.json.blobs.uploaded).toBeLessThanOrEqual(packs + 2 - landed + 1);
    const dst = join(tempDir(), 'pulled');
    expect((await docket(['pull', ref, '--archive', dst])).status).toBe(0);
    expect(objects(dst)).toEqual(objects(src));
  });

  it('kill -9 during a pull, then pull again: whole packs stored, nothing corrupt, only the missing packs fetched', async () => {
    const src = makeArchive(100, 4, 20_000, null).dir;
    const ref = `${reg.host}/team/killed-pull:v1`;
    const pushed = await docket(['push', ref, '--archive', src, '--pack-size', '40000', '--json']);
    expect(pushed.status).toBe(0);
    const dst = join(tempDir(), 'pulled');
    const total = new Store(src).list().objects.length;
    const child = spawn(process.execPath, [DOCKET, 'pull', ref, '--archive', dst, '--concurrency', '1'], { cwd: REPO, stdio: 'ignore', env: { ...process.env, DOCKET_CACHE_DIR: CACHE } });
    const count = () => (existsSync(dst) ? new Store(dst).list().objects.length : 0);
    while (count() < 30 && child.exitCode === null) await new Promise((r) => setTimeout(r, 2));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const have = count();
    expect(have).toBeGreaterThanOrEqual(30);
    expect(have).toBeLessThan(total);
    expect(existsSync(join(dst, 'refs'))).toBe(false); // refs come last
    const partial = await docket(['verify', dst, '--json']);
    // Incomplete, not corrupt: at most references to bundles not fetched yet, and temps of the pack
    // being written when it was killed (hints).
    expect(
      partial.json.findings.filter((f: any) => f.severity === 'error' && f.code !== 'EREF'),
      partial.stdout,
    ).toEqual([]);
    const again = await docket(['pull', ref, '--archive', dst, '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.json.bundles).toMatchObject({ total, present: have, fetched: total - have });
    expect(again.json.packs.fetched).toBeLessThan(pushed.json.packs.total); // resumed by pack
    expect(objects(dst)).toEqual(objects(src));
    expect(refs(dst)).toEqual(refs(src));
    expect(new Store(dst).list().strays).toEqual([]); // at most a killed write's temps are left (repair removes them)
    expect((await docket(['verify', dst])).status).toBe(0);
  });

  it('refuses a damaged pack before anything of it enters the store: a damaged bundle, a lying offset, a truncated pack, an endless one', async () => {
    const good = bundlesOf(makeArchive(6, 5, 3000, null).dir).map((b) => b.bytes);
    const pull = async (host: string, tag: string) => {
      const dst = join(tempDir(), 'pulled');
      const r = await docket(['pull', `${host}/team/hostile:${tag}`, '--archive', dst, '--json']);
      expect(r.status, r.stderr).toBe(1);
      expect(new Store(dst).list().objects).toEqual([]); // nothing of the pack
      expect(temps(dst)).toEqual([]);
      expect(existsSync(join(dst, 'refs'))).toBe(false);
      return r.json;
    };
    // A bundle changed by one bit inside an otherwise consistent pack (the pack's digest is right).
    const flipped = Buffer.from(good[2]!);
    flipped[flipped.length >> 1]! ^= 0x01;
    await craft(reg.host, 'team/hostile', 'damaged', [[good[0]!, good[1]!, flipped, good[3]!]], (e) => {
      e[2]!.digest = sha256(good[2]!); // listed under the good bundle's name
    });
    expect((await pull(reg.host, 'damaged')).findings).toEqual([expect.objectContaining({ code: 'EDIGEST', data: { digest: sha256(good[2]!) } })]);
    // A blob that hashes to its name but is no bundle at all.
    const impostor = Buffer.from('{"kind":"attachment"}');
    await craft(reg.host, 'team/hostile', 'impostor', [[good[0]!, impostor]]);
    expect((await pull(reg.host, 'impostor')).findings).toEqual([expect.objectContaining({ code: 'EGZIP', data: { digest: sha256(impostor) } })]);
    // An index whose offset for one bundle is off by one.
    await craft(reg.host, 'team/hostile', 'offset', [[good[0]!, good[1]!, good[4]!]], (e) => {
      e[1]!.offset += 1;
      e[1]!.length -= 1;
    });
    expect((await pull(reg.host, 'offset')).findings).toEqual([expect.objectContaining({ code: 'EDIGEST', data: { digest: sha256(good[1]!) } })]);
    const remote = await docket(['verify', `${reg.host}/team/hostile:offset`, '--json']);
    expect(remote.status).toBe(1);
    expect(remote.json.findings).toEqual([expect.objectContaining({ code: 'EDIGEST', data: { digest: sha256(good[1]!) } })]);
    // A pack cut short on the registry's disk.
    await craft(reg.host, 'team/hostile', 'truncated', [[good[3]!, good[4]!, good[5]!]]);
    const pack = sha256(Buffer.concat([good[3]!, good[4]!, good[5]!]));
    truncateSync(registryBlob(reg, pack), statSync(registryBlob(reg, pack)).size - 100);
    expect((await pull(reg.host, 'truncated')).findings).toEqual([expect.objectContaining({ code: 'EDIGEST', data: { digest: pack } })]);
    // A pack whose bytes go on without end after its own (every bundle in it good).
    await craft(reg.host, 'team/hostile', 'endless', [[good[0]!, good[5]!]]);
    const endless = sha256(Buffer.concat([good[0]!, good[5]!]));
    const proxy = await startMisbehavingProxy(reg.host, { endless: new Set([endless]) });
    try {
      const f = (await pull(proxy.host, 'endless')).findings;
      expect(f).toEqual([expect.objectContaining({ code: 'EDIGEST', data: { digest: endless }, message: expect.stringMatching(/more than the \d+ bytes/) })]);
      expect(proxy.seen.endlessBytes).toBeLessThan(64 * 1024 * 1024); // docket hung up
    } finally {
      await proxy.stop();
    }
    // An index that breaks its own rules is refused whole.
    const bad = await craft(reg.host, 'team/hostile', 'overlap', [[good[0]!, good[1]!]], (e) => {
      e[1]!.offset = 0;
    }).then(() => docket(['pull', `${reg.host}/team/hostile:overlap`, '--archive', join(tempDir(), 'x'), '--json']));
    expect(bad.status).toBe(1);
    expect(bad.json.error).toMatchObject({ code: 'EMANIFEST', message: expect.stringMatching(/overlap/) });
    expect(() => PackIndex.parse(Buffer.from('DOCKETPI'), 'x')).toThrow(/not a docket pack index/);
  });

  it('old per-bundle (docket-archive/v1) repositories still pull, every blob checked; a manifest changed on disk is refused', async () => {
    const src = makeArchive(40, 10, 1000, null);
    const bytes = bundlesOf(src.dir).map((b) => b.bytes);
    await craftV1(reg.host, 'team/old', 'v1', bytes, { 'notes/first': src.extras[0]! });
    const dst = join(tempDir(), 'pulled');
    const r = await docket(['pull', `${reg.host}/team/old:v1`, '--archive', dst, '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json.packs).toMatchObject({ total: 40, fetched: 40 }); // each blob a pack of one
    expect(objects(dst)).toEqual(objects(src.dir));
    expect(refs(dst)).toEqual(refs(src.dir));
    expect((await docket(['verify', `${reg.host}/team/old:v1`])).status).toBe(0);
    // A v1 blob that hashes to its name but is no bundle: refused; the 40 others are stored.
    const impostor = Buffer.from('{"kind":"attachment"}');
    await craftV1(reg.host, 'team/old', 'impostor', [...bytes, impostor]);
    const out = join(tempDir(), 'pulled');
    const bad = await docket(['pull', `${reg.host}/team/old:impostor`, '--archive', out, '--json']);
    expect(bad.status).toBe(1);
    expect(bad.json.findings).toEqual([expect.objectContaining({ code: 'EGZIP', data: { digest: sha256(impostor) } })]);
    expect(new Store(out).list().objects).toHaveLength(40);
    expect((await docket(['verify', out])).status).toBe(0);

    // A manifest changed on the registry's disk, still valid JSON: refused by its digest.
    const pushed = await docket(['push', `${reg.host}/team/tampered:v1`, '--archive', src.dir, '--json']);
    const mfile = registryBlob(reg, pushed.json.digest);
    writeFileSync(mfile, readFileSync(mfile, 'utf8').replace('packs/', 'packz/'));
    for (const at of [`${reg.host}/team/tampered:v1`, `${reg.host}/team/tampered@${pushed.json.digest}`]) {
      const m = await docket(['pull', at, '--archive', join(tempDir(), 'pulled'), '--json']);
      expect(m.status, m.stderr).toBe(1);
      expect(m.json.error.code).toBe('EDIGEST');
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
