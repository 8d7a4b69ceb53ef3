import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canaries } from '../dev/testkit/content.ts';
import { docket, REPO, tempDir } from '../dev/testkit/core.ts';

/** `docket import` scans what it would store (issue #33): a log whose sample echoes a key imports nothing. */
describe('docket import refuses a log holding a secret', () => {
  it('an lm-eval sample with a key in it: ESECRET, exit 1, nothing stored, no secret shown; the untouched log imports', () => {
    const src = join(tempDir('docket-import-secret-'), 'lm');
    cpSync(join(REPO, 'replay/import/fixtures/lm_eval/0.4.5-en-it'), src, { recursive: true });
    const samples = join(src, 'samples_en_it_public_2024-10-11T13-58-59.572420.jsonl');
    const clean = readFileSync(samples, 'utf8');
    const archive = join(tempDir('docket-import-secret-'), 'evidence');
    const ok = docket(['--archive', archive, '--json', 'import', 'lm-eval', src]);
    expect(ok.status, ok.stderr).toBe(0);

    const c = canaries().find((x) => x.rule === 'anthropic-key')!;
    const lines = clean.split('\n');
    const first = JSON.parse(lines[0]!);
    first.target = `the model echoed its key: ${c.text}`;
    lines[0] = JSON.stringify(first);
    writeFileSync(samples, lines.join('\n'));
    const fresh = join(tempDir('docket-import-secret-'), 'evidence');
    const r = docket(['--archive', fresh, '--json', 'import', 'lm-eval', src]);
    expect(r.status, r.stderr).toBe(1);
    expect(r.json.error.code).toBe('ESECRET');
    const hits = r.json.error.data.hits as { path: string; line: number; rule: string }[];
    expect(hits.map((h) => h.rule)).toContain('anthropic-key');
    expect(hits.some((h) => h.path.endsWith('.jsonl') && h.line === 1)).toBe(true);
    expect(r.stdout + r.stderr).not.toContain(c.secret.slice(4));
    expect(existsSync(join(fresh, 'objects'))).toBe(false);
  });
});
