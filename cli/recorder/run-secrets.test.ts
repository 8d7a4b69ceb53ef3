import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canaries } from '../dev/testkit/content.ts';
import { allText, runCli, scratchArchive } from '../dev/testkit/recorder.ts';

/**
 * `docket run` scans what it would journal (issue #33 item 3): a response body holding a key the
 * scanner knows — not the key docket sent, which is redacted first — is ESECRET (exit 1), that
 * attempt is journaled nowhere, and the key reaches no file, stdout or stderr. A clean reply from
 * the same server records as before.
 */
const LEAK = canaries()[0]!; // an OpenRouter-shaped key, randomised
let leaking = true;
const server = createHttpServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const content = leaking ? `A (debug: OPENROUTER_API_KEY=${LEAK.secret})` : 'A';
    res.end(JSON.stringify({ model: 'leaky', choices: [{ message: { content }, finish_reason: 'stop' }], usage: { prompt_tokens: 1 } }));
  });
});
let dir = '';
let url = '';
beforeAll(async () => {
  dir = scratchArchive();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe('docket run scans response bodies before they are journaled', () => {
  it('a key in a reply: ESECRET, exit 1, nothing of it written; a clean reply then resumes the run', async () => {
    const out = await runCli(['run', '--archive', dir, '--model', 'leaky', '--base-url', url, '--limit-evals', '1', '--run-id', 'leak-1', '--concurrency', '1', '--json']);
    expect(out.code, out.stderr).toBe(1);
    const err = JSON.parse(out.stdout).error;
    expect(err.code).toBe('ESECRET');
    expect(err.message).toContain('leak-1');
    expect(err.message).toContain('(response)');
    expect(err.message).toContain(LEAK.rule);
    const everything = allText(dir) + out.stdout + out.stderr;
    expect(everything.includes(LEAK.secret)).toBe(false);
    leaking = false;
    const ok = await runCli(['run', '--archive', dir, '--resume', 'leak-1', '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ runId: 'leak-1', status: 'sealed' });
    expect(allText(dir).includes(LEAK.secret)).toBe(false);
  });
});
