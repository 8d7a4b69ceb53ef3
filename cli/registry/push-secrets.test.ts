import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanBundleContent } from '../../replay/content/scan-bundle.ts';
import { DocketError } from '../../replay/errors.ts';
import { Archive } from '../../replay/index/archive.ts';
import { allCanaries, canaries } from '../dev/testkit/content.ts';
import { docket, REPO, tempDir } from '../dev/testkit/core.ts';
import { REGISTRY_BIN, startRegistry, type Registry } from '../dev/testkit/registry.ts';
import type { RegistryClient } from './client.ts';
import { DEFAULT_CHUNK, pushArchive } from './push.ts';

/**
 * `docket push` scans every object it would send (issue #33 item 3): an archive holding a secret
 * the scanner flags is refused, ESECRET, exit 1, before anything is sent (only the reads that learn
 * what the repository lacks come first: what it holds already does not leave again), naming the
 * object and never the secret. The same archive without the leak pushes.
 */
const SECRETS = canaries().map((c) => c.secret);
const expectNoCanary = (where: string, text: string) => {
  for (const s of SECRETS) expect(text.includes(s), `a canary (${s.slice(0, 4)}…) is in ${where}`).toBe(false);
};

/** A copy of the shipped evidence, plus (with `leak`) an attachment whose body is every canary: a probe's output that printed .env. */
function archive(leak: boolean): string {
  const dir = join(tempDir('docket-push-secret-'), 'evidence');
  cpSync(join(REPO, 'evidence'), dir, { recursive: true, filter: (p) => !p.includes('index.sqlite') });
  if (leak) {
    const a = new Archive(dir);
    a.put({ kind: 'attachment', schemaVersion: 1, mediaType: 'text/plain', name: 'stdout.txt', body: allCanaries() });
    a.close();
  }
  return dir;
}

/** Reads a push may make before it knows what to send (the repository is empty). */
const READS: Record<string, unknown> = { ping: undefined, getManifest: null, tags: [] };

/** A client that records every request it is asked to make: answers the reads of an empty repository, makes no write. */
function recordingClient(calls: string[], reads: Record<string, unknown> = {}): RegistryClient {
  const ref = { host: '127.0.0.1:9', repository: 'x/y', tag: 't', digest: null };
  return new Proxy({} as RegistryClient, {
    get: (_t, prop) => {
      if (prop === 'ref') return ref;
      return async (...args: unknown[]) => {
        calls.push(String(prop));
        if (Object.hasOwn(reads, prop)) return reads[prop as string];
        throw new Error(`unexpected request ${String(prop)}(${args.length} args)`);
      };
    },
  });
}

describe('docket push refuses an archive holding a secret', () => {
  it.each([0, 2])('before anything is sent (%i worker threads): ESECRET, exit 1, every hit in the leaking object, no secret in the error', async (workers) => {
    const calls: string[] = [];
    let err: unknown;
    try {
      await pushArchive(recordingClient(calls, READS), archive(true), { concurrency: 1, chunkSize: DEFAULT_CHUNK, workers });
    } catch (e) {
      err = e;
    }
    // Only the reads that learn what the repository lacks: no HEAD, no upload, no manifest.
    expect(calls).toEqual(['ping', 'getManifest', 'tags']);
    expect(err).toBeInstanceOf(DocketError);
    const e = err as DocketError;
    expect(e.code).toBe('ESECRET');
    expect(e.exitCode).toBe(1);
    const hits = (e.data as { hits: { path: string; rule: string }[] }).hits;
    expect(new Set(hits.map((h) => h.rule))).toEqual(new Set(canaries().map((c) => c.rule)));
    expect(hits.every((h) => h.path.startsWith('objects/'))).toBe(true);
    expect(e.message).toContain('Do not delete the object by hand');
    expectNoCanary('the error', e.message + JSON.stringify(e.data));
  });

  it('a clean archive gets as far as sending its packs', async () => {
    const calls: string[] = [];
    await expect(pushArchive(recordingClient(calls, READS), archive(false), { concurrency: 1, chunkSize: DEFAULT_CHUNK })).rejects.toThrow(/unexpected request headBlob/);
    expect(calls).toEqual(['ping', 'getManifest', 'tags', 'headBlob']);
  });

  it('a hit the source snapshot records as allowed is honoured when recorded allowances are asked for, and only then', () => {
    const c = canaries()[0]!;
    const source = { kind: 'source', sourceEval: 'cat/e0', entries: [{ path: 'notes.txt', type: 'file', content: `x\n${c.text}\n` }], allowedSecrets: [] as object[] };
    const bytes = (s: object) => Buffer.from(JSON.stringify(s));
    expect(scanBundleContent('o', bytes(source), { recorded: true }).map((h) => h.rule)).toEqual(['openrouter-key']);
    const hit = scanBundleContent('o', bytes(source))[0]!;
    source.allowedSecrets = [{ path: 'evals/cat/e0/notes.txt', line: 2, rule: hit.rule, digest: hit.digest }];
    expect(scanBundleContent('o', bytes(source), { recorded: true })).toEqual([]);
    expect(scanBundleContent('o', bytes(source)).length).toBe(1); // docket verify still reports it
    source.allowedSecrets = [{ path: 'evals/cat/e0/other.txt', line: 2, rule: hit.rule, digest: hit.digest }];
    expect(scanBundleContent('o', bytes(source), { recorded: true }).length).toBe(1);
  });
});

describe.skipIf(!REGISTRY_BIN)('docket push against a real registry', () => {
  let reg: Registry;
  beforeAll(async () => {
    reg = await startRegistry(tempDir('docket-registry-'));
  });
  afterAll(async () => reg?.stop());

  const blobs = () => {
    const root = join(reg.storage, 'docker/registry/v2/blobs/sha256');
    return existsSync(root) ? readdirSync(root).length : 0;
  };

  it('a leak exits 1 with ESECRET and the registry receives nothing; the archive without it pushes', () => {
    const r = docket(['push', `${reg.host}/team/evals:leak`, '--archive', archive(true), '--json']);
    expect(r.status, r.stderr).toBe(1);
    expect(r.json.error.code).toBe('ESECRET');
    expectNoCanary('push output', r.stdout + r.stderr);
    expect(blobs()).toBe(0);
    const plain = docket(['push', `${reg.host}/team/evals:leak`, '--archive', archive(true)]);
    expect(plain.status).toBe(1);
    expect(plain.stderr).toContain('ESECRET');
    expectNoCanary('push output', plain.stdout + plain.stderr);
    const ok = docket(['push', `${reg.host}/team/evals:clean`, '--archive', archive(false), '--json']);
    expect(ok.status, ok.stderr).toBe(0);
    expect(blobs()).toBeGreaterThan(0);
  });
});
