import { describe, expect, it } from 'vitest';
import { sha256 } from '../format/digest.ts';
import { SECRET_RULES } from './secret-rules.ts';
import { applyAllowances, redact, scanBytes, secretError } from './secrets.ts';
import { canaries } from '../../cli/dev/testkit/content.ts';

const rulesOf = (text: string) => scanBytes('f', text).map((h) => h.rule);

describe('secret rules: one test per rule', () => {
  const all = canaries();
  for (const rule of SECRET_RULES) {
    it(`${rule.id}: finds its canary, names the line, shows only a redacted form`, () => {
      const mine = all.filter((c) => c.rule === rule.id);
      expect(mine.length, `no canary for ${rule.id}`).toBeGreaterThan(0);
      for (const c of mine) {
        const hits = scanBytes('evals/x/y/file.txt', `line one\n${c.text} end\n`).filter((h) => h.rule === rule.id);
        expect(hits).toHaveLength(1);
        expect(hits[0]!.line).toBe(2);
        expect(hits[0]!.digest).toBe(sha256(Buffer.from(c.secret, 'latin1')));
        expect(hits[0]!.redacted.length).toBeLessThan(24);
        expect(JSON.stringify(hits)).not.toContain(c.secret.slice(4));
      }
    });
  }
});

describe('near misses are not secrets', () => {
  it.each([
    ['placeholder key', 'OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    ['env reference', 'const apiKey = process.env.OPENROUTER_API_KEY;'],
    ['word with sk-', 'the task-risk-assessment-framework-for-model-evaluations is long'],
    ['digest field', '"digest": "sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"'],
    ['token counts', '"outputTokens": 1234, "tokens": "many"'],
    ['a PEM public key', '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----'],
    ['AKIA too short', 'AKIA1234'],
    ['low-entropy password', 'password = "aaaaaaaaaaaaaaaaaaaa1"'],
  ])('%s', (_name, text) => {
    expect(rulesOf(text)).toEqual([]);
  });
});

describe('scanner', () => {
  it('scans binary bytes too, and counts lines in bytes', () => {
    const c = canaries()[0]!;
    const bytes = Buffer.concat([Buffer.from([0, 255, 10, 1, 2, 10]), Buffer.from(c.text), Buffer.from([0])]);
    expect(scanBytes('bin', bytes).map((h) => [h.rule, h.line])).toEqual([['openrouter-key', 3]]);
  });
  it('an allowance names path and digest: another path or another text is still refused', () => {
    const c = canaries()[2]!;
    const hits = [...scanBytes('a.md', c.text), ...scanBytes('b.md', c.text)];
    const { refused, allowed } = applyAllowances(hits, [{ path: 'a.md', digest: sha256(c.secret) }]);
    expect(allowed.map((h) => h.path)).toEqual(['a.md']);
    expect(refused.map((h) => h.path)).toEqual(['b.md']);
  });
  it('ESECRET lists every file:line and rule, exits 1, and never carries the secret', () => {
    const all = canaries();
    const hits = all.flatMap((c, i) => scanBytes(`f${i}.txt`, `x\n${c.text}\n`));
    const e = secretError(hits, 'test');
    expect(e.code).toBe('ESECRET');
    expect(e.exitCode).toBe(1);
    for (let i = 0; i < all.length; i++) expect(e.message).toContain(`f${i}.txt:2  ${all[i]!.rule}`);
    const text = e.message + JSON.stringify(e.data);
    for (const c of all) expect(text).not.toContain(c.secret.slice(4));
  });
  it('redact keeps at most 4 characters', () => {
    expect(redact('sk-or-v1-abcdef0123456789')).toBe('sk-o…(25 chars)');
    expect(redact('abc')).toBe('…(3 chars)');
  });
});
