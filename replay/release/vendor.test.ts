import { describe, expect, it } from 'vitest';
import { parseLock } from '../bank/lockfiles.ts';
import { INSTALL_PATH, layoutProblems, vendorLayout } from './vendor.ts';

/**
 * Issue #37 item 2: where vendored packages go when the lock records no install paths (pnpm,
 * yarn): a hoisted layout in which node resolves every dependency to the version the lock records.
 */
const integrity = (s: string) => `sha512-${Buffer.from(s).toString('base64')}`;

/** yarn 1: a@1 and b@1 at the top; b needs a@2 (nested under b), c@1 needs a@1 (the top one serves). */
const YARN = [
  '# yarn lockfile v1',
  '',
  'a@^1.0.0, a@^1.1.0:\n  version "1.1.0"\n  integrity ' + integrity('a1'),
  '',
  'a@^2.0.0:\n  version "2.0.0"\n  integrity ' + integrity('a2'),
  '',
  'b@^1.0.0:\n  version "1.0.0"\n  integrity ' + integrity('b1') + '\n  dependencies:\n    a "^2.0.0"\n    c "^1.0.0"',
  '',
  'c@^1.0.0:\n  version "1.0.0"\n  integrity ' + integrity('c1') + '\n  dependencies:\n    a "^1.1.0"',
  '',
].join('\n');
const ranges = new Map([
  ['a', '^1.0.0'],
  ['b', '^1.0.0'],
]);

describe('vendorLayout', () => {
  it('yarn.lock: hoists what it can, nests a conflicting version under its dependent; every dependency resolves to the locked version', () => {
    const lock = parseLock('yarn.lock', 'yarn.lock', YARN, ranges);
    expect(lock.packages.find((p) => p.name === 'b')!.requires).toEqual({ a: '2.0.0', c: '1.0.0' });
    expect(lock.packages.find((p) => p.name === 'c')!.requires).toEqual({ a: '1.1.0' }); // a@^1.1.0 shares the a@^1.0.0 entry
    const layout = vendorLayout(lock, ['a', 'b'], lock.packages);
    expect(Object.fromEntries(layout)).toEqual({
      'a@1.1.0': ['node_modules/a'],
      'b@1.0.0': ['node_modules/b'],
      'a@2.0.0': ['node_modules/b/node_modules/a'],
      'c@1.0.0': ['node_modules/c'],
    });
    expect(layoutProblems(lock, layout)).toEqual([]);
    // A layout that puts c under b would make it load a@2: the check says so.
    const broken = new Map(layout).set('c@1.0.0', ['node_modules/b/node_modules/c']);
    expect(layoutProblems(lock, broken)).toEqual(['node_modules/b/node_modules/c (c@1.0.0) would load a from node_modules/b/node_modules/a, not a@1.1.0']);
  });

  it('pnpm-lock.yaml 9: dependencies from snapshots (peer suffixes dropped), the same layout', () => {
    const text = [
      "lockfileVersion: '9.0'",
      'importers:',
      '  .:',
      '    dependencies:',
      '      a: {specifier: ^1.0.0, version: 1.1.0}',
      '      b: {specifier: ^1.0.0, version: 1.0.0(a@1.1.0)}',
      'packages:',
      ...['a@1.1.0', 'a@2.0.0', 'b@1.0.0', 'c@1.0.0'].map((k) => `  ${k}:\n    resolution: {integrity: ${integrity(k)}}`),
      'snapshots:',
      '  a@1.1.0: {}',
      '  a@2.0.0: {}',
      '  b@1.0.0(a@1.1.0):\n    dependencies:\n      a: 2.0.0\n      c: 1.0.0',
      '  c@1.0.0:\n    dependencies:\n      a: 1.1.0',
    ].join('\n');
    const lock = parseLock('pnpm-lock.yaml', 'pnpm-lock.yaml', text);
    const layout = vendorLayout(lock, ['a', 'b'], lock.packages);
    expect(layout.get('a@2.0.0')).toEqual(['node_modules/b/node_modules/a']);
    expect(layout.get('c@1.0.0')).toEqual(['node_modules/c']);
    expect(layoutProblems(lock, layout)).toEqual([]);
  });

  it('npm and bun: the install paths the lock records, for vendored packages only', () => {
    const bun = `{"lockfileVersion": 1, "workspaces": {"": {"dependencies": {"a": "1"}}}, "packages": {"a": ["a@1.0.0", "", {}, "${integrity('a')}"], "a/b": ["b@2.0.0", "", {}, "${integrity('b2')}"], "b": ["b@1.0.0", "", {}, "${integrity('b1')}"], "x": ["x@1.0.0", "", {"os": "darwin"}, "${integrity('x')}"],}}`;
    const lock = parseLock('bun.lock', 'bun.lock', bun);
    const vendored = lock.packages.filter((p) => p.name !== 'x');
    expect(Object.fromEntries(vendorLayout(lock, ['a'], vendored))).toEqual({ 'a@1.0.0': ['node_modules/a'], 'b@2.0.0': ['node_modules/a/node_modules/b'], 'b@1.0.0': ['node_modules/b'] });
  });

  it('an install path stays under node_modules/: no climbing, no absolute paths, no .bin', () => {
    for (const ok of ['node_modules/a', 'node_modules/@s/p', 'node_modules/a/node_modules/@s/p']) expect(INSTALL_PATH.test(ok), ok).toBe(true);
    for (const bad of ['node_modules/..', 'node_modules/../x', '/node_modules/a', 'node_modules/a/../../x', 'x/node_modules/a', 'node_modules/.bin', 'node_modules/@s/..', 'node_modules/a/b'])
      expect(INSTALL_PATH.test(bad), bad).toBe(false);
  });
});
