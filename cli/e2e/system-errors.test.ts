import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkDir } from '../recorder/workdir.ts';
import { sha256 } from '../../replay/format/digest.ts';
import { DOCKET, REPO, docket, tempDir } from '../dev/testkit/core.ts';

/** Issue 19 (10, 13): conditions of the machine and of the input are coded errors, never stacks. */
let dir = '';
beforeAll(() => {
  dir = tempDir('docket-syserr-');
  cpSync(join(REPO, 'evidence', 'objects'), join(dir, 'evidence', 'objects'), { recursive: true });
  cpSync(join(REPO, 'evidence', 'refs'), join(dir, 'evidence', 'refs'), { recursive: true });
  writeFileSync(join(dir, 'doc.json'), '{"a": 1}');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const noStack = (r: { stdout: string; stderr: string }) => expect(r.stdout + r.stderr).not.toMatch(/internal error|\n\s+at /);

describe('coded errors', () => {
  it('--archive naming a file: EARCHIVE (exit 2) for writers and readers', () => {
    for (const args of [['put', 'doc.json'], ['runs'], ['verify'], ['check']]) {
      const r = docket([...args, '--archive', 'doc.json', '--json'], { cwd: dir });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.json.error.code).toBe('EARCHIVE');
      noStack(r);
    }
    const below = docket(['put', 'doc.json', '--archive', 'doc.json/sub', '--json'], { cwd: dir });
    expect(below.status).toBe(2);
    expect(below.json.error.code).toBe('ENOTDIR');
    noStack(below);
  });

  it('serve-reference on a busy port: EPORTINUSE (exit 2)', async () => {
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    try {
      const port = (busy.address() as AddressInfo).port;
      const r = docket(['serve-reference', '--port', String(port), '--archive', 'evidence', '--json'], { cwd: dir });
      expect(r.status).toBe(2);
      expect(r.json.error.code).toBe('EPORTINUSE');
      expect(r.json.error.message).toContain(`port ${port}`);
      noStack(r);
    } finally {
      await new Promise<void>((r) => busy.close(() => r()));
    }
  });

  it('JSON nested 100000 levels deep: EJSON for put and for a published leaderboard', () => {
    writeFileSync(join(dir, 'deep.json'), `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    writeFileSync(join(dir, 'deep-board.json'), `{"benchmark": "x", "rows": ${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`);
    const put = docket(['put', 'deep.json', '--archive', 'evidence', '--json'], { cwd: dir });
    expect(put.status).toBe(2);
    expect(put.json.error).toMatchObject({ code: 'EJSON', message: expect.stringMatching(/nested deeper than 1024 levels/) });
    const audit = docket(['audit', '--published', 'deep-board.json', '--archive', 'evidence', '--json'], { cwd: dir });
    expect(audit.stdout + audit.stderr).toMatch(/EJSON.*nested deeper than 1024 levels/);
    noStack(audit);
  });

  it('failures of a sealed run that has no grade: ENOGRADE naming regrade, not "no run matches"', () => {
    const a = join(dir, 'ungraded');
    cpSync(join(dir, 'evidence'), a, { recursive: true });
    rmSync(join(a, 'refs', 'grades', 'ref-oracle-1'));
    const r = docket(['failures', 'ref-oracle-1', '--archive', a, '--json'], { cwd: dir });
    expect(r.status).toBe(2);
    expect(r.json.error.code).toBe('ENOGRADE');
    expect(r.json.error.message).toContain('docket regrade ref-oracle-1');
    const cmp = docket(['compare', 'ref-oracle-1', 'ref-coin-1', '--archive', a, '--json'], { cwd: dir });
    expect(cmp.json.error.code).toBe('ENOGRADE');
    const unknown = docket(['failures', 'no-such-run', '--archive', a, '--json'], { cwd: dir });
    expect(unknown.json.error.code).toBe('ENORUN');
  });

  it('runs names an unreadable working directory in its text output (a listing: exit 0)', () => {
    const a = join(dir, 'damaged');
    cpSync(join(dir, 'evidence'), a, { recursive: true });
    const wd = createWorkDir(a, 'broken-1', sha256('no such plan') as never, '2026-01-01T00:00:00.000Z');
    writeFileSync(join(wd, 'journal.jsonl'), 'garbage\n');
    const r = docket(['runs', '--archive', a], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/broken-1\s+\?\s+unreadable/);
    expect(r.stdout).toMatch(/\nbroken-1: unreadable working directory: .+/);
    expect(r.stdout).toContain('ref-oracle-1');
  });
});

// Read-only and full file systems need a private mount namespace (root, unshare -m).
const canMount = spawnSync('unshare', ['-m', 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs /mnt && umount /mnt'], { encoding: 'utf8' }).status === 0;

/** Run docket commands inside a mount namespace where `mountCmd` prepared the archive; one JSON result per command. */
function inNamespace(mountCmd: string, commands: string[][]): { status: number; out: { ok?: boolean; error?: { code: string; message: string } } | null; stderr: string }[] {
  const script = [mountCmd, ...commands.map((c, i) => `${[process.execPath, DOCKET, ...c].map((w) => `'${w}'`).join(' ')} >out${i} 2>err${i}; echo $? >rc${i}`)].join('\n');
  const r = spawnSync('unshare', ['-m', 'sh', '-c', `cd '${dir}' && ${script.replaceAll('\n', ' && ')}`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return commands.map((_, i) => {
    const read = (f: string) => spawnSync('cat', [join(dir, f)], { encoding: 'utf8' }).stdout;
    let out = null;
    try {
      out = JSON.parse(read(`out${i}`));
    } catch {
      out = null;
    }
    return { status: Number(read(`rc${i}`).trim()), out, stderr: read(`err${i}`) };
  });
}

describe.skipIf(!canMount)('read-only and full file systems', () => {
  it('a read-only archive: writers give EREADONLY (exit 2), runs and verify still run', () => {
    const ro = join(dir, 'ro');
    cpSync(join(dir, 'evidence'), ro, { recursive: true });
    expect(docket(['index', 'rebuild', '--archive', ro]).status).toBe(0); // an index cache that cannot be written either
    const res = inNamespace(`mount --bind '${ro}' '${ro}' && mount -o remount,ro,bind '${ro}'`, [
      ['put', 'doc.json', '--archive', ro, '--json'],
      ['index', 'rebuild', '--archive', ro, '--json'],
      ['regrade', 'ref-markdown-1', '--grader', 'decision@1', '--archive', ro, '--json'],
      ['run', '--model', 'm', '--base-url', 'http://127.0.0.1:9/v1', '--archive', ro, '--json'],
      ['runs', '--archive', ro, '--json'],
    ]);
    for (const [i, r] of res.slice(0, 4).entries()) {
      expect(r.status, `${i}: ${JSON.stringify(r.out)} ${r.stderr}`).toBe(2);
      expect(r.out?.error?.code, r.stderr).toBe('EREADONLY');
      expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    }
    expect(res[4]!.status, res[4]!.stderr).toBe(0);
    expect((res[4]!.out as unknown as { runs: unknown[] }).runs).toHaveLength(9); // 5 runs, 4 judge runs
  });

  it('a full disk on an object write: EDISKFULL (exit 2)', () => {
    const small = join(dir, 'small');
    mkdirSync(small, { recursive: true });
    // Random (incompressible) text: the bundle cannot fit in the 64 KiB file system.
    const big = Array.from({ length: 20_000 }, (_, i) => sha256(String(i)).slice(7, 27));
    writeFileSync(join(dir, 'big.json'), JSON.stringify(big));
    const res = inNamespace(`mount -t tmpfs -o size=64k tmpfs '${small}'`, [['put', 'big.json', '--archive', small, '--json']]);
    expect(res[0]!.status, res[0]!.stderr).toBe(2);
    expect(res[0]!.out?.error?.code, res[0]!.stderr).toBe('EDISKFULL');
  });

  it('a full disk on the index write (the object fitted): EDISKFULL (exit 2)', () => {
    const small = join(dir, 'small-index');
    mkdirSync(small, { recursive: true });
    // 40 KiB of tmpfs: room for the object's directories and file (4 KiB pages), not for index.sqlite.
    const res = inNamespace(`mount -t tmpfs -o size=40k tmpfs '${small}'`, [['put', 'doc.json', '--archive', join(small, 'ev'), '--json']]);
    expect(res[0]!.status, res[0]!.stderr).toBe(2);
    expect(res[0]!.out?.error, res[0]!.stderr).toMatchObject({ code: 'EDISKFULL', data: { sqlite: 'SQLITE_FULL' } });
  });
});
