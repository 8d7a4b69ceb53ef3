import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Archive } from '../index/archive.ts';
import { matchRunRef, resolveRunRef } from './run-ref.ts';
import { docket, REPO, tempDir } from '../../cli/dev/testkit/core.ts';

const runs = [
  { id: 'a-1', digest: 'sha256:abcd1111' },
  { id: 'b-1', digest: 'sha256:abcd2222' },
];
const m = (ref: string) =>
  matchRunRef(
    runs,
    ref,
    (r) => r.id,
    (r) => r.digest,
  );

describe('the one run selector', () => {
  it('takes a run id, a full digest, a unique prefix with or without sha256:, and reports ambiguity', () => {
    expect(m('a-1').match?.id).toBe('a-1');
    expect(m('sha256:abcd2222').match?.id).toBe('b-1');
    expect(m('abcd1').match?.id).toBe('a-1');
    expect(m('sha256:ABCD2').match?.id).toBe('b-1');
    expect(m('abcd').match).toBeUndefined();
    expect(m('abcd').candidates).toHaveLength(2);
    expect(m('abc').candidates).toHaveLength(0); // under 4 hex characters is never a prefix
  });

  it('replay, regrade, failures accept a digest prefix; an ambiguous one is EAMBIGUOUS listing the candidates', () => {
    const dir = tempDir();
    cpSync(join(REPO, 'evidence'), join(dir, 'evidence'), { recursive: true });
    const digest = readFileSync(join(dir, 'evidence/refs/runs/ref-coin-1'), 'utf8').trim();
    const prefix = digest.slice(7, 19);
    const a = new Archive(join(dir, 'evidence'));
    expect(resolveRunRef(a, prefix)).toBe('ref-coin-1');
    a.close();
    const rp = docket(['replay', prefix, '--json'], { cwd: dir, env: { DOCKET_ARCHIVE: 'evidence' } });
    expect(rp.status, rp.stderr).toBe(0);
    expect(rp.json.runs.map((r: { run: string }) => r.run)).toEqual(['ref-coin-1']);
    const rg = docket(['regrade', prefix, '--json'], { cwd: dir, env: { DOCKET_ARCHIVE: 'evidence' } });
    expect(rg.status, rg.stderr).toBe(0);
    expect(rg.json.runs.map((r: { runId: string }) => r.runId)).toEqual(['ref-coin-1']);
    expect(docket(['failures', prefix, '--json'], { cwd: dir, env: { DOCKET_ARCHIVE: 'evidence' } }).json.runId).toBe('ref-coin-1');
    // A second ref to the same run bundle makes the prefix name two runs.
    writeFileSync(join(dir, 'evidence/refs/runs/ref-coin-2'), `${digest}\n`);
    for (const cmd of ['replay', 'regrade']) {
      const r = docket([cmd, prefix, '--json'], { cwd: dir, env: { DOCKET_ARCHIVE: 'evidence' } });
      expect(r.status, `${cmd}: ${r.stderr}`).toBe(2);
      expect(r.json.error.code).toBe('EAMBIGUOUS');
      expect(r.stderr).toContain('ref-coin-1');
      expect(r.stderr).toContain('ref-coin-2');
    }
  });
});
