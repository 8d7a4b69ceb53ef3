import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../format/digest.ts';
import { SECRET_RULES } from './secret-rules.ts';
import { applyAllowances, redact, scanBytes, scanInChunks, secretError } from './secrets.ts';
import { readFileSync } from 'node:fs';
import { allCanaries, canaries } from '../../cli/dev/testkit/content.ts';
import { DESIGN_DOC, withRules } from '../../cli/dev/secret-rules-doc.ts';

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

describe('docs/design.md §20 lists every rule', () => {
  it('its rule table is the one SECRET_RULES renders (node cli/dev/run-ts.mjs cli/dev/secret-rules-doc.ts rewrites it)', () => {
    const doc = readFileSync(DESIGN_DOC, 'utf8');
    expect(withRules(doc)).toBe(doc);
    for (const r of SECRET_RULES) expect(doc).toContain(`| \`${r.id}\` |`);
  });
});

describe('keys inside JSON strings', () => {
  it('every canary is found in a probe output stored as a JSON string, where each line starts after a \\n escape', () => {
    const json = JSON.stringify({ kind: 'attachment', body: allCanaries() });
    const hits = scanBytes('o', json);
    const found = new Set(hits.map((h) => h.digest));
    for (const c of canaries()) {
      // a key spanning a newline (PEM, the service-account key's `\n` escape) is escaped in JSON, so its matched text differs: the rule must still fire
      if (/[\n\\]/.test(c.secret)) expect(hits.some((h) => h.rule === c.rule)).toBe(true);
      else expect(found.has(sha256(Buffer.from(c.secret, 'latin1'))), c.rule).toBe(true);
    }
  });
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
    ["AWS's documented example id", 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE'],
    ['low-entropy password', 'password = "aaaaaaaaaaaaaaaaaaaa1"'],
    // Hugging Face: the prefix alone is not enough
    ['hf_ identifier', 'from huggingface_hub import hf_hub_download_with_retries_and_progress_bars'],
    ['hf_ one case', 'hf_abcdefghijklmnopqrstuvwxyzabcdefgh'],
    ['hf_ too long', `hf_${'aB'.repeat(20)}`],
    // Stripe
    ['stripe placeholder', 'STRIPE_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxx'],
    ['stripe doc', 'use sk_live_YOUR_KEY_HERE in production'],
    // Convex: a deployment name is not a key
    ['convex deployment name', 'CONVEX_DEPLOYMENT=prod:happy-animal-123 # team: t, project: p'],
    ['convex url', 'CONVEX_URL=https://happy-animal-123.convex.cloud'],
    // URLs: a user without a password, placeholders, defaults
    ['url with user only', 'git clone ssh://git@github.com/org/repo.git https://user@example.com/x'],
    ['url password placeholder', 'DATABASE_URL=postgres://user:password@localhost:5432/db'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
    ['url password variable', 'https://user:${PASS}@host/x and https://u:$DB_PASSWORD@host and redis://:${REDIS_PASSWORD}@cache:6379'],
    ['url password in brackets', 'mysql://admin:<password>@db.example.com/x'],
    ['url password = user', 'postgres://postgres:postgres@localhost:5432/postgres'],
    ['url short password', 'https://abc:xyz@example.com/ and uri://foo:bar@example.com:1/path and http://u:p@127.0.0.1:9/v1'],
    ['ipv6 host', 'http://[::1]:8080/path and http://[2001:db8::1]:443/'],
    // npm
    ['npm config', 'npm_config_cache_directory_for_this_repo_x=1 npm_package_name'],
    ['npm_ letters only', 'npm_abcdefghijklmnopqrstuvwxyzabcdefghij'],
    // AWS secret key context
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
    ['aws secret from env', 'aws_secret_access_key = ${AWS_SECRET_ACCESS_KEY}'],
    ['a git sha is no aws key', 'aws_commit = "0123456789abcdef0123456789abcdef01234567"'],
    // GitLab, Azure, Twilio, SendGrid, Telegram, Databricks
    ['glpat placeholder', 'GITLAB_TOKEN=glpat-xxxxxxxxxxxxxxxxxxxx'],
    ['azure key placeholder', 'AccountName=devstoreaccount1;AccountKey=<your-account-key>;'],
    ['AC hex with no context', '"etag": "AC0123456789abcdef0123456789abcdef"'],
    ['SG. short', 'SG.abc.def'],
    ['clock time', '2024-01-01T12:34:AA and 123:AAbc'],
    ['dapi letters only', 'dapiabcdefabcdefabcdefabcdefabcdefab'],
    // the generic assignment: the name decides, then the value
    ['primary key', 'PRIMARY_KEY = "a1b2c3d4e5f6a7b8c9d0e1f2"'],
    ['cache key', '{ "cacheKey": "a1b2c3d4e5f6g7h8i9j0k1l2" }'],
    ['bare key', '{ "key": "a1b2c3d4e5f6g7h8i9j0k1l2" }'],
    ['token url', 'TOKEN_URL=https://auth.example.com/oauth2/v1/token'],
    ['secret name', '"secretName": "prod-db-password-2024-rotated"'],
    ['token count', 'max_tokens: 1234567890123456'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a CI expression, not a template
    ['ci secret reference', 'password: ${{ secrets.DB_PASSWORD }}'],
    ['placeholder value', 'API_KEY=your-api-key-here-12345'],
    ['quoted value with a space', 'token = "a1b2c3d4e5f6g7h8 i9j0"'],
    ['public key', '"publicKey": "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE"'],
    ['key id', 'private_key_id = "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0"'],
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

describe('linear time: bounded regexes, chunks, runs of one character (issue #33 item 2)', () => {
  const all = canaries();
  const digests = (hits: { digest: string }[]) => new Set(hits.map((h) => h.digest));

  // Each once ended in `RangeError: Maximum call stack size exceeded` (an unbounded quantifier over 8 MB+).
  it.each(['', 'sk-', 'sk-ant-', 'hf_', 'ghp_', 'TOKEN=', '"apiKey": "', 'eyJ', '-----BEGIN PRIVATE KEY-----', 'xoxb-', 'https://u:'])(
    'a 9 MB run of one character after %j scans without throwing',
    (prefix) => {
      for (const ch of ['A', 'a', '7', '-', ' ']) expect(scanBytes('big', `${prefix}${ch.repeat(9e6)}`)).toEqual([]);
    },
  );

  it('base64 of 8 MB of zeros, in bytes and in a string, scans clean', () => {
    const b64 = Buffer.alloc(8e6).toString('base64');
    expect(scanBytes('zeros', Buffer.from(b64))).toEqual([]);
    expect(scanBytes('zeros', `{"data":"${b64}"}`)).toEqual([]);
  });

  it('canaries inside, before and after megabyte runs are found, on the right lines', () => {
    const c = all[0]!;
    const run = 'A'.repeat(3 << 20);
    const nl = '\n'.repeat(3 << 20);
    const text = `${c.text}\n${run}\n${all[1]!.text}\n${run}${nl}${all[2]!.text}\n`;
    const hits = scanBytes('f', Buffer.from(text));
    expect(hits.map((h) => [h.rule, h.line])).toEqual([
      ['openrouter-key', 1],
      ['anthropic-key', 3],
      ['openai-key', 4 + (3 << 20)],
    ]);
  });

  it('the chunk boundaries change nothing: any chunk size finds the same hits', () => {
    const filler = 'x'.repeat(997);
    const text = all.map((c, i) => `${filler.slice(0, (i * 131) % 997)}\n${c.text}\n`).join('');
    const whole = scanInChunks('f', text, 1 << 30);
    expect(whole.length).toBeGreaterThanOrEqual(all.length);
    for (const size of [1, 7, 64, 1000, 4096, 65536]) expect(scanInChunks('f', text, size)).toEqual(whole);
  });

  // Random concatenations of prefixes, separators and long runs around planted canaries: the scan
  // completes (no throw, no stack overflow) and finds every canary. A previous attempt hung on runs of
  // '-', ' ' and 'x' around the anthropic, AWS, Azure and generic canaries; fast-check shrinks any failure.
  const FRAGMENTS = [
    'sk-',
    'sk-ant-',
    'hf_',
    'AKIA',
    'aws_secret_access_key = ',
    'AccountKey=',
    'Q~',
    ':AA',
    '://',
    'u:p@',
    'TOKEN=',
    '"apiKey": "',
    'export ',
    ': ',
    '=',
    '"',
    "'",
    '|',
    'eyJ',
    '.',
    '-----BEGIN PRIVATE KEY-----',
    'prod:',
    'SG.',
    'dapi',
  ];
  const piece = fc.oneof(
    fc.constantFrom(...FRAGMENTS),
    fc.tuple(fc.constantFrom('-', ' ', 'x', 'A', '=', ':', '0', '/', '\n'), fc.integer({ min: 1, max: 20000 })).map(([ch, n]) => ch.repeat(n)),
  );
  it('random runs and fragments around planted canaries: completes and finds every canary', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.subarray(all, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 1000 }), (noise, planted, seed) => {
        const parts = [...noise];
        planted.forEach((c, i) => parts.splice((seed + i * 7) % (parts.length + 1), 0, `\n${c.text}\n`));
        const text = parts.join('');
        const found = digests(scanBytes('f', text));
        for (const c of planted) expect(found.has(sha256(Buffer.from(c.secret, 'latin1'))), c.rule).toBe(true);
        expect(scanInChunks('f', text, 4096)).toEqual(scanBytes('f', text));
      }),
      { numRuns: 150, seed: 33 },
    );
  });
});
