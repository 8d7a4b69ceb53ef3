import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../dev/testkit/core.ts';
import { findCredentials, parseChallenge } from './auth.ts';
import { DEFAULT_MANIFEST_LIMIT, bundleLayer, imageManifest, jsonBytes, MEDIA, splitLayers, type Descriptor } from './layout.ts';
import { looksLikeRef, parseRef } from './ref.ts';

const D = (i: number) => `sha256:${i.toString(16).padStart(64, '0')}` as const;

describe('registry references', () => {
  it('parses HOST[:PORT]/REPOSITORY[:TAG|@DIGEST]; TLS for every host but loopback', () => {
    expect(parseRef('127.0.0.1:5000/team/evals:nightly')).toEqual({ host: '127.0.0.1:5000', hostname: '127.0.0.1', repository: 'team/evals', tag: 'nightly', digest: null, scheme: 'http' });
    expect(parseRef(`[::1]:5000/evals@${D(1)}`)).toMatchObject({ hostname: '::1', tag: null, digest: D(1), scheme: 'http' });
    expect(parseRef('localhost/evals')).toMatchObject({ tag: 'latest', scheme: 'http' });
    expect(parseRef('ghcr.io/org/evals:v1').scheme).toBe('https');
    expect(parseRef('10.0.0.5:5000/evals').scheme).toBe('https'); // a LAN is not loopback
    expect(parseRef('127.0.0.1.example.com/evals').scheme).toBe('https');
  });

  it('refuses what is not a reference, naming the part', () => {
    const code = (s: string) => {
      try {
        parseRef(s);
        return 'parsed';
      } catch (e) {
        return `${(e as { code: string }).code}: ${(e as Error).message}`;
      }
    };
    expect(code('evals:v1')).toMatch(/^EREF: .*no registry host/);
    expect(code('team/evals:v1')).toMatch(/^EREF: .*does not name a registry host/);
    expect(code('ghcr.io/Team/evals')).toMatch(/^EREF: .*repository/);
    expect(code('ghcr.io/evals:bad/tag')).toMatch(/^EREF: /);
    expect(code('ghcr.io/evals@sha256:abc')).toMatch(/^EREF: .*digest/);
    expect(code('ghcr.io:99999/evals')).toMatch(/^EREF: .*host/);
  });

  it('tells a reference from a path for `docket verify`', () => {
    expect(looksLikeRef('ghcr.io/org/rel:v1')).toBe(true);
    expect(looksLikeRef('127.0.0.1:5000/rel:v1')).toBe(true);
    expect(looksLikeRef('localhost/rel')).toBe(true);
    expect(looksLikeRef('decision-verification.tgz')).toBe(false);
    expect(looksLikeRef('evidence/objects')).toBe(false);
    expect(looksLikeRef('/abs/path.tgz')).toBe(false);
    expect(looksLikeRef('./missing.tgz')).toBe(false);
    expect(looksLikeRef('../archive/x')).toBe(false);
    expect(looksLikeRef('ghcr.io/org/release.tgz')).toBe(false); // a file name wins
    expect(looksLikeRef('registry:5000/rel')).toBe(true);
  });
});

describe('registry auth parts', () => {
  it('parses WWW-Authenticate challenges', () => {
    expect(parseChallenge('Bearer realm="https://auth.example/token",service="registry.example",scope="repository:a/b:pull,push"')).toEqual({
      scheme: 'bearer',
      params: { realm: 'https://auth.example/token', service: 'registry.example', scope: 'repository:a/b:pull,push' },
    });
    expect(parseChallenge('Basic realm="docket"')).toEqual({ scheme: 'basic', params: { realm: 'docket' } });
    expect(parseChallenge(undefined)).toBeNull();
  });

  it('finds credentials: env vars first, then config.json credHelpers, auths, credsStore', () => {
    const dir = tempDir();
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    const helper = join(bin, 'docket-credential-test'.replace('docket-', 'docker-'));
    writeFileSync(
      helper,
      '#!/bin/sh\nread host\n[ "$host" = "reg.example" ] && echo \'{"Username":"helper-user","Secret":"helper-pass"}\' && exit 0\necho "credentials not found in native keychain"; exit 1\n',
    );
    chmodSync(helper, 0o755);
    const env = (config: object, extra: Record<string, string> = {}) => {
      writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
      return { DOCKER_CONFIG: dir, PATH: `${bin}:${process.env.PATH}`, ...extra };
    };
    const auth = Buffer.from('ann:pw:with:colons').toString('base64');
    expect(findCredentials('reg.example', env({ auths: { 'reg.example': { auth } } }))).toMatchObject({ username: 'ann', password: 'pw:with:colons' });
    expect(findCredentials('reg.example', env({ auths: { 'https://reg.example': { auth } } }))).toMatchObject({ username: 'ann' });
    expect(findCredentials('reg.example', env({ auths: { 'reg.example': { auth } } }, { DOCKET_REGISTRY_USERNAME: 'env', DOCKET_REGISTRY_PASSWORD: 'p' }))).toMatchObject({
      username: 'env',
      password: 'p',
    });
    expect(findCredentials('reg.example', env({ credHelpers: { 'reg.example': 'test' }, auths: { 'reg.example': { auth } } }))).toMatchObject({ username: 'helper-user', password: 'helper-pass' });
    expect(findCredentials('reg.example', env({ credsStore: 'test' }))).toMatchObject({ username: 'helper-user' });
    expect(findCredentials('other.example', env({ credsStore: 'test' }))).toBeNull();
    expect(findCredentials('reg.example', env({ credsStore: 'absent-helper' }))).toBeNull();
    expect(findCredentials('reg.example', { DOCKER_CONFIG: join(dir, 'nowhere') })).toBeNull();
    writeFileSync(join(dir, 'config.json'), '{not json');
    expect(() => findCredentials('reg.example', { DOCKER_CONFIG: dir })).toThrow(/not valid JSON/);
  });
});

describe('artifact layout', () => {
  it('splits layers so that every manifest stays under the limit, in digest order, none lost', () => {
    const layers: Descriptor[] = Array.from({ length: 500 }, (_, i) => bundleLayer(D(i), 1000 + i));
    const config: Descriptor = { mediaType: MEDIA.archiveConfig, digest: D(9999), size: 100 };
    for (const limit of [3000, 20_000, DEFAULT_MANIFEST_LIMIT]) {
      const parts = splitLayers(layers, limit);
      expect(parts.flat()).toEqual(layers);
      for (const p of parts) expect(imageManifest(MEDIA.archive, config, p).length).toBeLessThanOrEqual(limit);
      if (limit < 100_000) expect(parts.length).toBeGreaterThan(1);
    }
    expect(jsonBytes({ b: 1, a: 2 }).toString()).toBe('{"a":2,"b":1}'); // canonical: same archive, same manifest digest
  });
});
