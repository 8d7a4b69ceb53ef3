import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocketError } from '../../replay/errors.ts';
import { redactor, resolveApiKey, secretsOf } from './secrets.ts';
import { allText, runCli, scratchArchive } from '../dev/testkit/recorder.ts';

/** Issue 19 (2, 13): the key as sent is the key as redacted; a key that cannot be sent is a usage error. */
describe('API key normalization', () => {
  const code = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return e instanceof DocketError ? e.code : String(e);
    }
    return null;
  };

  it('trims HTTP whitespace once at the source, as fetch would when sending it', () => {
    for (const raw of ['sk-abc123\r', 'sk-abc123 ', '\tsk-abc123\r\n', ' sk-abc123']) expect(resolveApiKey({ envName: 'K', env: { K: raw } })).toBe('sk-abc123');
    expect(resolveApiKey({ envName: 'K', env: { K: ' \r\n' } })).toBeNull();
  });

  it('refuses a key holding a character no HTTP header can carry, without echoing it', () => {
    for (const raw of ['sk-ключ-123', 'sk-a\u0000b', 'sk-a\nb-1234', 'sk-\u{1F511}-1234']) {
      let err: unknown;
      try {
        resolveApiKey({ envName: 'K', env: { K: raw } });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(DocketError);
      expect((err as DocketError).code).toBe('EKEYFORMAT');
      expect((err as DocketError).exitCode).toBe(2);
      expect((err as DocketError).message).not.toContain(raw);
    }
    expect(code(() => resolveApiKey({ envName: 'K', env: { K: 'sk-fine-key' } }))).toBeNull();
  });

  it('redacts the trimmed form of a key given untrimmed (callers that skip resolveApiKey)', () => {
    const r = redactor(secretsOf('sk-secret-key\r', 'http://127.0.0.1/v1'));
    expect(r.text('Bearer sk-secret-key')).toBe('Bearer [REDACTED]');
    expect(r.text('Bearer sk-secret-key\r')).toBe('Bearer [REDACTED]');
  });
});

describe('a key with trailing whitespace from the environment never reaches the archive', () => {
  let dir = '';
  let url = '';
  const echo = createHttpServer((req, res) => {
    const auth = String(req.headers.authorization ?? '');
    req.resume();
    req.on('end', () => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `bad key: ${auth}` } }));
    });
  });
  beforeAll(async () => {
    dir = scratchArchive();
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => echo.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['cr', 'sk-PLANTED-9a8b7c6d\r'],
    ['space', 'sk-PLANTED-9a8b7c6d  '],
    ['tab', '\tsk-PLANTED-9a8b7c6d\t'],
  ])('%s', async (name, raw) => {
    const out = await runCli(['run', '--archive', dir, '--model', 'echo', '--base-url', url, '--limit-evals', '1', '--run-id', `ws-${name}`, '--api-key-env', 'WS_KEY'], { WS_KEY: raw });
    expect(out.stderr).toContain('EAUTH');
    const everything = allText(dir) + out.stdout + out.stderr;
    expect(everything).toContain('bad key: Bearer [REDACTED]');
    expect(everything).not.toContain('sk-PLANTED-9a8b7c6d');
  });

  it('a non-Latin-1 key is EKEYFORMAT (exit 2), not EUNREACHABLE', async () => {
    const out = await runCli(['run', '--archive', dir, '--model', 'echo', '--base-url', url, '--limit-evals', '1', '--run-id', 'ws-utf', '--api-key-env', 'WS_KEY', '--json'], {
      WS_KEY: 'sk-ключ-1234',
    });
    expect(out.code).toBe(2);
    expect(JSON.parse(out.stdout).error.code).toBe('EKEYFORMAT');
    expect(out.stdout + out.stderr).not.toContain('ключ');
  });
});
