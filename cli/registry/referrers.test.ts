import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import type { Digest } from '../../replay/format/digest.ts';
import { RESULT_PREDICATE, resultPredicate, signStatement, statementOf, storeAttestation, subjectOf } from '../../replay/release/attest.ts';
import { DOCKET, REPO, tempDir } from '../dev/testkit/core.ts';
import { makeTree } from '../dev/testkit/release.ts';
import { REGISTRY_BIN, startReferrersProxy, startRegistry, type Registry } from '../dev/testkit/registry.ts';
import { RegistryClient } from './client.ts';
import { parseRef } from './ref.ts';
import { ATTESTATION_ARTIFACT, listAttestations, referrersTag } from './referrers.ts';

/**
 * release push attaches attestations as OCI referrers (docs/design.md §19, §22), against a real
 * CNCF Distribution on loopback: 2.8 has no referrers API, so the referrers tag schema stands in;
 * a proxy adding the OCI 1.1 API shows the other path. Skipped, saying so, without docker-registry.
 */
const skip = !REGISTRY_BIN;
if (skip) console.warn('referrers tests skipped: docker-registry is not installed (.ci/run installs it)');

function docket(args: string[]): Promise<{ status: number | null; stdout: string; json: any }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [DOCKET, ...args], { cwd: REPO, env: { ...process.env, DOCKER_CONFIG: join(tempDir(), 'none') } });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.on('exit', (status) => {
      let json;
      try {
        json = JSON.parse(stdout);
      } catch {}
      resolve({ status, stdout, json });
    });
  });
}

describe.skipIf(skip)('release push: attestations as referrers', () => {
  let reg: Registry;
  const dir = tempDir('docket-referrers-');
  const root = join(dir, 'tree');
  const tgz = join(dir, 'release.tgz');
  const key = join(dir, 'release.key');
  let carried: Digest;

  beforeAll(async () => {
    reg = await startRegistry(tempDir('docket-registry-'));
    // A small tree whose archive carries one attestation (about one of its bundles), packed and signed.
    const [first] = makeTree(root);
    const archive = new Archive(join(root, 'evidence'));
    const st = statementOf([subjectOf('attachment', first as Digest)], RESULT_PREDICATE, resultPredicate([]));
    carried = storeAttestation(archive, first as Digest, st, signStatement(st, generateKeyPairSync('ed25519').privateKey));
    archive.close();
    expect((await docket(['release', 'keygen', '--out', key])).status).toBe(0);
    const packed = await docket(['-C', root, 'release', 'pack', '--out', tgz, '--json']);
    expect(packed.status, packed.stdout).toBe(0);
  }, 60_000);
  afterAll(async () => reg?.stop());

  it('without the referrers API: the carried attestation and a release attestation go under the sha256-<hex> referrers index', async () => {
    const own = join(dir, 'release.intoto.json');
    const attested = await docket(['attest', tgz, '--key', key, '--out', own, '--json']);
    expect(attested.status, attested.stdout).toBe(0);
    const ref = `${reg.host}/team/attested:v1`;
    const pushed = await docket(['release', 'push', ref, '--file', tgz, '--attestation', own, '--json']);
    expect(pushed.status, pushed.stdout).toBe(0);
    const tag = referrersTag(pushed.json.digest);
    expect(pushed.json.attestations).toEqual([
      expect.objectContaining({ attached: 'tag', tag, predicateType: RESULT_PREDICATE, about: expect.stringMatching(/^attachment-/) }),
      expect.objectContaining({ attached: 'tag', tag, about: 'release' }),
    ]);
    const client = new RegistryClient(parseRef(ref), { credentials: null, actions: 'pull', concurrency: 1 });
    try {
      const listed = await listAttestations(client, pushed.json.digest);
      expect(listed.map((d) => d.digest)).toEqual(pushed.json.attestations.map((a: { digest: string }) => a.digest));
      // Each referrer names the release as its subject and holds the envelope as its one layer.
      const m = JSON.parse((await client.getManifest(listed[0]!.digest, ['application/vnd.oci.image.manifest.v1+json']))!.bytes.toString());
      expect(m).toMatchObject({ artifactType: ATTESTATION_ARTIFACT, subject: { digest: pushed.json.digest }, layers: [{ mediaType: 'application/vnd.dsse.envelope.v1+json' }] });
      const envelope = await client.getBlob(m.layers[0].digest, m.layers[0].size);
      const kept = new Archive(join(root, 'evidence'));
      expect(JSON.parse(envelope.toString())).toEqual((kept.get(carried).value as { envelope: unknown }).envelope);
      kept.close();
    } finally {
      client.close();
    }
    // Pushing again adds nothing to the index.
    expect((await docket(['release', 'push', ref, '--file', tgz, '--attestation', own])).status).toBe(0);
    const again = new RegistryClient(parseRef(ref), { credentials: null, actions: 'pull', concurrency: 1 });
    expect(await listAttestations(again, pushed.json.digest)).toHaveLength(2);
    again.close();
  }, 60_000);

  it('an attestation about something else is refused before anything is pushed', async () => {
    const other = join(dir, 'other.intoto.json');
    const st = statementOf([subjectOf('elsewhere', `sha256:${'ab'.repeat(32)}` as Digest)], RESULT_PREDICATE, resultPredicate([]));
    const { writeFileSync } = await import('node:fs');
    const { canonicalBytes } = await import('../../replay/format/json.ts');
    writeFileSync(other, canonicalBytes(signStatement(st, generateKeyPairSync('ed25519').privateKey) as never));
    const refused = await docket(['release', 'push', `${reg.host}/team/refused:v1`, '--file', tgz, '--attestation', other, '--json']);
    expect(refused.status).toBe(1);
    expect(refused.json.error.code).toBe('EATTESTSUBJECT');
    const gone = await docket(['verify', `${reg.host}/team/refused:v1`, '--json']);
    expect(gone.json.error.code).toBe('ENOTFOUND');
  }, 30_000);

  it('with the referrers API: attached as a referrer, and no referrers tag is made', async () => {
    const proxy = await startReferrersProxy(reg.host);
    try {
      const pushed = await docket(['release', 'push', `${proxy.host}/team/api:v1`, '--file', tgz, '--json']);
      expect(pushed.status, pushed.stdout).toBe(0);
      expect(pushed.json.attestations).toEqual([expect.objectContaining({ attached: 'referrer', tag: null })]);
      expect(proxy.referrers.get(pushed.json.digest)).toEqual([expect.objectContaining({ digest: pushed.json.attestations[0].digest, artifactType: ATTESTATION_ARTIFACT })]);
      const tags = (await (await fetch(`http://${reg.host}/v2/team/api/tags/list`)).json()) as { tags: string[] };
      expect(tags.tags).toEqual(['v1']);
    } finally {
      await proxy.stop();
    }
  }, 30_000);
});
