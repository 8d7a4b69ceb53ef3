import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocketError } from '../../replay/errors.ts';
import { publicUrl } from '../../replay/runs/runs.ts';
import { readEnvFile, redactor, resolveApiKey, secretsOf } from './secrets.ts';

describe('API keys', () => {
  it('--env-file reads only the named variable, with export and quotes', () => {
    const d = mkdtempSync(join(tmpdir(), 'docket-env-'));
    const f = join(d, '.env');
    writeFileSync(f, '# comment\nOTHER=zzz\nexport MY_KEY="sk-one two"\nMY_KEY_2=nope\n');
    try {
      expect(readEnvFile(f, 'MY_KEY')).toBe('sk-one two');
      expect(readEnvFile(f, 'MISSING')).toBeNull();
      expect(resolveApiKey({ envName: 'MY_KEY', envFile: f, env: { MY_KEY: 'from-env' } })).toBe('sk-one two');
      expect(resolveApiKey({ envName: 'MY_KEY', env: { MY_KEY: 'from-env' } })).toBe('from-env');
      let err: unknown;
      try {
        resolveApiKey({ envName: 'MISSING', envFile: f });
      } catch (e) {
        err = e;
      }
      expect((err as DocketError).code).toBe('EENVFILE');
      expect((err as DocketError).message).not.toContain('zzz');
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('redacts the key and URL credentials from text and JSON; the recorded URL has none', () => {
    const url = 'https://user:pa55word@api.example.com/v1?api-key=qwerty123';
    const r = redactor(secretsOf('sk-secret-key', url));
    expect(r.text('auth sk-secret-key and pa55word, qwerty123')).toBe('auth [REDACTED] and [REDACTED], [REDACTED]');
    expect(r.json({ e: ['Bearer sk-secret-key'], n: 1 })).toEqual({ e: ['Bearer [REDACTED]'], n: 1 });
    expect(publicUrl(url)).toBe('https://api.example.com/v1');
  });
});
