import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket, DOCKET, REPO, tempDir } from '../dev/testkit/core.ts';

function copy() {
  const dir = tempDir();
  cpSync(join(REPO, 'evidence'), join(dir, 'evidence'), { recursive: true });
  for (const f of ['index.sqlite', 'index.sqlite-wal', 'index.sqlite-shm']) rmSync(join(dir, 'evidence', f), { force: true }); // a clean clone has no index
  return dir;
}

describe('docket show and docket ls', () => {
  it('show: by ref, by run id, by digest prefix; --json carries the descriptor; --raw is the stored bytes', () => {
    const dir = copy();
    const bank = readFileSync(join(dir, 'evidence/refs/bank/current'), 'utf8').trim();
    const byRef = docket(['--archive', 'evidence', 'show', 'bank/current', '--json'], { cwd: dir });
    expect(byRef.status, byRef.stderr).toBe(0);
    expect(byRef.json).toMatchObject({ ok: true, ref: 'bank/current', descriptor: { digest: bank, kind: 'bank' } });
    expect(byRef.json.descriptor.contentDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(byRef.json.value.kind).toBe('bank');
    const human = docket(['--archive', 'evidence', 'show', bank.slice(7, 17)], { cwd: dir });
    expect(human.status, human.stderr).toBe(0);
    expect(human.stdout).toContain(`digest         ${bank}`);
    expect(human.stdout).toContain('"kind": "bank"');
    expect(docket(['--archive', 'evidence', 'show', 'ref-coin-1', '--json'], { cwd: dir }).json.descriptor.kind).toBe('run');
    const raw = spawnSync(process.execPath, [DOCKET, '--archive', 'evidence', 'show', bank, '--raw'], { cwd: dir });
    const file = readFileSync(join(dir, 'evidence/objects/v1/sha256', bank.slice(7, 9), `${bank.slice(9)}.json.gz`));
    expect(Buffer.compare(raw.stdout, file)).toBe(0);
    const none = docket(['--archive', 'evidence', 'show', 'nope/nothing', '--json'], { cwd: dir });
    expect(none.status).toBe(2);
    expect(none.json.error.code).toBe('ENOTFOUND');
  });

  it('ls: by kind, from the objects when there is no index (creating none) and from the index when there is one', () => {
    const dir = copy();
    expect(existsSync(join(dir, 'evidence/index.sqlite'))).toBe(false);
    const walked = docket(['--archive', 'evidence', 'ls', 'run', '--json'], { cwd: dir });
    expect(walked.status, walked.stderr).toBe(0);
    expect(walked.json.source).toBe('objects');
    expect(walked.json.objects.length).toBe(9); // 5 contestant runs, 4 judge runs
    expect(walked.json.objects.every((o: { kind: string }) => o.kind === 'run')).toBe(true);
    expect(existsSync(join(dir, 'evidence/index.sqlite'))).toBe(false);
    expect(docket(['--archive', 'evidence', 'index', 'rebuild'], { cwd: dir }).status).toBe(0);
    const indexed = docket(['--archive', 'evidence', 'ls', 'run', '--json'], { cwd: dir });
    expect(indexed.json.source).toBe('index');
    expect(indexed.json.objects).toEqual(walked.json.objects);
    const all = docket(['ls'], { cwd: dir, env: { DOCKET_ARCHIVE: 'evidence' } });
    expect(all.stdout).toMatch(/bundle\(s\), from the index/);
    // With no bank above it and no archive named, an archive-only folder is not guessed at.
    const bare = docket(['ls', '--json'], { cwd: dir });
    expect(bare.status).toBe(2);
    expect(bare.json.error.code).toBe('ENOTBANK');
    expect(bare.json.error.message).toContain('docket init');
  });
});
