import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store } from './store.ts';
import { isStaleTemp, isTempName, sweepStaleTemps, tempName, tempOwner } from './temps.ts';
import { tempDir } from '../../cli/dev/testkit/core.ts';

describe('one temp-name scheme', () => {
  it('no temp name, new or legacy, is a valid ref name; ref names may not contain .tmp-', () => {
    const store = new Store(tempDir());
    for (const name of [tempName(), tempName('x'), 'rx.tmp-8e5c0a1b2c3d', '.index.sqlite.rebuild-12', '.r.tgz.tmp-0123456789ab']) {
      expect(isTempName(name), name).toBe(true);
      expect(() => store.refPath(`runs/${name}`), name).toThrow(/bad ref name/);
    }
    expect(() => store.refPath('runs/a.tmp-b')).toThrow(/bad ref name/);
    for (const name of ['ref-coin-1', 'current', 'a.b_c-d', 'index.sqlite', 'lock', 'ab1234.json.gz']) expect(isTempName(name), name).toBe(false);
  });

  it('names its owner; a temp is stale when its owner is not running, it has none, or it is over an hour old', () => {
    const dir = tempDir();
    expect(tempOwner(tempName('x'))).toBe(process.pid);
    expect(tempOwner('.index.sqlite.rebuild-77-journal')).toBe(77);
    expect(tempOwner('rx.tmp-8e5c0a1b2c3d')).toBe(null);
    const live = `.tmp-${process.ppid}-0a0b0c0d0e0f.x`;
    writeFileSync(join(dir, live), '');
    expect(isStaleTemp(join(dir, live), live)).toBe(false);
    utimesSync(join(dir, live), new Date(Date.now() - 2 * 3600e3), new Date(Date.now() - 2 * 3600e3));
    expect(isStaleTemp(join(dir, live), live)).toBe(true);
    expect(isStaleTemp(join(dir, 'x'), '.tmp-999999999-0a.x')).toBe(true);
  });

  it("sweepStaleTemps removes only the stale temps of its own label (probe directories in $TMPDIR, a tarball's)", () => {
    const dir = tempDir();
    const old = new Date(Date.now() - 2 * 3600e3);
    mkdirSync(join(dir, '.tmp-999999999-0a0b0c0d0e0f.docket-probe')); // owner gone
    mkdirSync(join(dir, `.tmp-${process.ppid}-0a0b0c0d0e0f.docket-probe`)); // owner running
    mkdirSync(join(dir, 'docket-probe-AbC123')); // legacy mkdtemp name, old
    utimesSync(join(dir, 'docket-probe-AbC123'), old, old);
    mkdirSync(join(dir, 'docket-probe-XyZ789')); // legacy, fresh: maybe a running older docket's
    writeFileSync(join(dir, '.tmp-999999999-0a0b0c0d0e0f.r.tgz'), ''); // another label
    writeFileSync(join(dir, 'docket-probe-notes.txt'), ''); // not a temp at all
    const removed = sweepStaleTemps(dir, 'docket-probe', /^docket-probe-[A-Za-z0-9]{6}$/).map((p) => p.slice(dir.length + 1));
    expect(removed.sort()).toEqual(['.tmp-999999999-0a0b0c0d0e0f.docket-probe', 'docket-probe-AbC123']);
    expect(readdirSync(dir).sort()).toEqual([`.tmp-${process.ppid}-0a0b0c0d0e0f.docket-probe`, '.tmp-999999999-0a0b0c0d0e0f.r.tgz', 'docket-probe-XyZ789', 'docket-probe-notes.txt'].sort());
    expect(sweepStaleTemps(dir, 'r.tgz')).toEqual([join(dir, '.tmp-999999999-0a0b0c0d0e0f.r.tgz')]);
    expect(existsSync(join(dir, 'docket-probe-notes.txt'))).toBe(true);
  });
});
