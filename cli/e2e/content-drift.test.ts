import { cpSync, readFileSync, rmSync, symlinkSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { scanBytes } from '../../replay/content/secrets.ts';
import { canaries } from '../dev/testkit/content.ts';
import { bankDrift } from '../../replay/bank/drift.ts';
import { REPO, tempDir } from '../dev/testkit/core.ts';

/**
 * Bank drift re-snapshots the working tree: it must do so under the bank's own content settings, or
 * a bank that allows a documented example key reads as refused (ESECRET) instead of drifted.
 */
const tmp = tempDir('docket-content-drift-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('bank drift under the content policy', () => {
  it('a changed eval file holding an allowed example key is reported as drift, naming the file', () => {
    const dir = join(tmp, 'bank');
    for (const f of ['decision-bank.json', 'evals', 'evidence', 'lockfiles', 'package.json', 'package-lock.json']) cpSync(join(REPO, f), join(dir, f), { recursive: true });
    rmSync(join(dir, 'evidence', 'index.sqlite'), { force: true });
    symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
    const c = canaries()[0]!;
    const rel = 'evals/async/await-ordering/TASK.md';
    appendFileSync(join(dir, rel), `\nExample key (revoked): ${c.text}\n`);
    const hit = scanBytes(rel, readFileSync(join(dir, rel)))[0]!;
    const bank = JSON.parse(readFileSync(join(dir, 'decision-bank.json'), 'utf8'));
    bank.content = { allowSecrets: [{ path: rel, digest: hit.digest, reason: 'a revoked example key' }] };
    writeFileSync(join(dir, 'decision-bank.json'), JSON.stringify(bank, null, 2));
    const a = new Archive(join(dir, 'evidence'));
    try {
      const d = bankDrift(dir, a);
      expect(d[0]!.changes.map((x) => [x.kind, x.id, x.files])).toEqual([['source-changed', 'async/await-ordering', [rel]]]);
    } finally {
      a.close();
    }
  });
});
