import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Archive } from '../../replay/archive.ts';
import { startReferenceServer } from '../reference-server.ts';
import { startRun } from '../recorder/recorder.ts';
const dir = mkdtempSync(join(tmpdir(), 'prof-'));
cpSync('evidence/objects', join(dir, 'objects'), { recursive: true });
cpSync('evidence/refs/bank', join(dir, 'refs', 'bank'), { recursive: true });
const ref = await startReferenceServer({ archive: dir, port: 0, delayMs: 0 });
for (const n of [16, 16, 16, 16, 16, 16]) {
  const a = new Archive(dir);
  let first = 0, last = 0;
  const clock = { ms: () => { if (!first) first = performance.now(); return performance.now(); }, date: () => new Date() };
  await startRun(a, { model: 'oracle', baseUrl: ref.baseUrl, repetitions: 1, params: { temperature: 0, max_tokens: 16 }, graderRef: 'decision', runId: `p${n}-${Math.random().toString(36).slice(2, 6)}`, caps: { limitEvals: null, maxRequests: null, maxKnownCostUsd: null, retries: 3, timeoutMs: 60000 } }, { apiKey: null, backoffMs: 1, concurrency: n, clock, onAttempt: () => (last = performance.now()) });
  console.log('N', n, ((last - first)).toFixed(0), 'ms for 144');
  a.close();
}
await ref.close();
