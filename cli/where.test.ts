import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BANK_FILE as BANK_FILE_CORE } from '../replay/bank/bank.ts';
import { DocketError } from '../replay/errors.ts';
import { docket, REPO, tempDir } from './dev/testkit/core.ts';
import { BANK_FILE, findBankRoot, locate } from './where.ts';
import { needsArchive } from './main.ts';

const bankAt = (dir: string) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, BANK_FILE), '{}\n');
  return dir;
};

describe('where docket works', () => {
  it('walks up to the first directory holding decision-bank.json, like git', () => {
    const top = bankAt(tempDir('docket-where-'));
    const inner = bankAt(join(top, 'nested', 'suite'));
    mkdirSync(join(inner, 'evals', 'cat'), { recursive: true });
    mkdirSync(join(top, 'other', 'deep'), { recursive: true });
    mkdirSync(join(top, BANK_FILE.replace('.json', '')), { recursive: true });
    expect(findBankRoot(join(inner, 'evals', 'cat'))).toBe(inner);
    expect(findBankRoot(join(top, 'other', 'deep'))).toBe(top);
    expect(findBankRoot(top)).toBe(top);
    const none = tempDir('docket-where-');
    mkdirSync(join(none, BANK_FILE)); // a directory by that name is not a bank
    expect(findBankRoot(none)).toBeNull();
    expect(BANK_FILE).toBe(BANK_FILE_CORE);
  });

  it('the archive: --archive, else $DOCKET_ARCHIVE, else <bank root>/evidence (printed relative to where you are)', () => {
    const root = bankAt(tempDir('docket-where-'));
    const sub = join(root, 'evals', 'cat');
    mkdirSync(sub, { recursive: true });
    expect(locate({ cwd: root })).toEqual({ bankRoot: root, archive: 'evidence', archiveFrom: 'bank' });
    expect(locate({ cwd: sub })).toEqual({ bankRoot: root, archive: '../../evidence', archiveFrom: 'bank' });
    expect(locate({ cwd: sub, env: 'env-arch' })).toMatchObject({ archive: 'env-arch', archiveFrom: 'env' });
    expect(locate({ cwd: sub, env: 'env-arch', archive: 'opt' })).toMatchObject({ archive: 'opt', archiveFrom: 'option' });
    expect(locate({ cwd: tempDir('docket-where-') })).toEqual({ bankRoot: null, archive: null, archiveFrom: null });
    const other = bankAt(tempDir('docket-where-'));
    expect(locate({ cwd: sub, bank: other })).toMatchObject({ bankRoot: other, archive: join(other, 'evidence') });
    expect(() => locate({ cwd: sub, bank: sub })).toThrow(DocketError);
  });

  it('needs an archive: all but init, completion, verify FILE|DIR|REF, release keygen|push, replay --from', () => {
    const n = (_: string[], rest: Record<string, unknown> = {}) => needsArchive({ _, ...rest });
    expect(n([])).toBe(false);
    expect(n(['runs'], { help: true })).toBe(false);
    expect(n(['init'])).toBe(false);
    expect(n(['completion'])).toBe(false);
    expect(n(['verify'], { dir: 'x.tgz' })).toBe(false);
    expect(n(['verify'])).toBe(true);
    expect(n(['release', 'keygen'])).toBe(false);
    expect(n(['release', 'pack'])).toBe(true);
    expect(n(['evidence', 'replay'], { from: 'r.tgz' })).toBe(false);
    expect(n(['evidence', 'replay'])).toBe(true);
    for (const c of ['show', 'ls', 'runs', 'put', 'leaderboard', 'validate']) expect(n([c]), c).toBe(true);
  });
});

describe('where docket works, from the command line', () => {
  it('from a folder below the bank, with -C and with --bank, the same bank and archive', () => {
    const sub = join(REPO, 'evals', 'async');
    const below = docket(['validate', '--json'], { cwd: sub });
    expect(below.status, below.stderr).toBe(0);
    const version = below.json.benchmarkVersion;
    expect(version).toBe(docket(['validate', '--json'], { cwd: REPO }).json.benchmarkVersion);
    const elsewhere = tempDir('docket-where-');
    expect(docket(['-C', sub, 'validate', '--json'], { cwd: elsewhere }).json.benchmarkVersion).toBe(version);
    expect(docket(['validate', '--json', '--bank', REPO], { cwd: elsewhere }).json.benchmarkVersion).toBe(version);
    const runs = docket(['runs', '--json'], { cwd: sub });
    expect(runs.status, runs.stderr).toBe(0);
    expect(runs.json.runs.length).toBeGreaterThan(1);
  });

  it('no bank: ENOTBANK names docket init; commands that need no bank still work', () => {
    const dir = tempDir('docket-where-');
    for (const args of [['validate'], ['runs'], ['evidence', 'lock'], ['ls']]) {
      const r = docket([...args, '--json'], { cwd: dir });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.json.error.code).toBe('ENOTBANK');
      expect(r.json.error.message).toContain('docket init');
    }
    const bad = docket(['validate', '--json', '--bank', dir], { cwd: dir });
    expect(bad.json.error).toMatchObject({ code: 'ENOTBANK' });
    expect(docket(['-C', join(dir, 'nope'), 'runs', '--json'], { cwd: dir }).json.error.code).toBe('ENOTDIR');
    // an archive named outright, a directory to verify, completion: no bank needed
    cpSync(join(REPO, 'evidence'), join(dir, 'arch'), { recursive: true, filter: (p) => !/index\.sqlite/.test(p) });
    const verified = docket(['verify', 'arch', '--quick', '--json'], { cwd: dir });
    expect(verified.status, verified.stderr).toBe(0);
    const shown = docket(['show', 'bank/current', '--archive', 'arch', '--json'], { cwd: dir });
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.json.descriptor.kind).toBe('bank');
    expect(docket(['completion'], { cwd: dir }).status).toBe(0);
    for (const args of [['--help'], ['--version'], ['runs', '--help']]) {
      const r = docket(args, { cwd: dir });
      expect(r.status, args.join(' ')).toBe(0);
      expect(r.stderr).toBe('');
    }
  });
});
