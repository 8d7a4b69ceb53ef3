import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../cli/dev/testkit/core.ts';
import { fakeIntegrity, writeLock, type LockKind } from '../../cli/dev/testkit/probe-suite.ts';
import { lockedAt, parseLock, readLock } from './lockfiles.ts';

const I = (n: string, v: string) => fakeIntegrity(n, v);

describe('lockfiles of every kind, one shape', () => {
  it.each<LockKind>(['package-lock.json', 'bun.lock', 'pnpm-lock.yaml', 'yarn.lock'])('%s: the version and integrity of a direct dependency', (kind) => {
    const root = tempDir();
    writeLock(root, kind, [
      { name: 'convex', version: '1.17.4' },
      { name: '@scope/pkg', version: '2.0.1' },
    ]);
    writeFileSync(join(root, 'package.json'), JSON.stringify({ dependencies: { convex: '^1.17.4', '@scope/pkg': '^2.0.1' } }));
    const lock = readLock(root, {});
    expect(lock.kind).toBe(kind);
    expect(lock.direct('convex')).toMatchObject({ name: 'convex', version: '1.17.4', integrity: I('convex', '1.17.4') });
    expect(lock.direct('@scope/pkg')).toMatchObject({ name: '@scope/pkg', version: '2.0.1', integrity: I('@scope/pkg', '2.0.1') });
    expect(lock.direct('absent')).toBeNull();
    expect(lockedAt(lock, 'node_modules/convex', 'convex', '1.17.4')).not.toBeNull();
    expect(lockedAt(lock, 'node_modules/convex', 'convex', '1.17.5')?.version ?? null).not.toBe('1.17.5');
  });

  it('npm: nested install paths (lockfileVersion 3 and 1)', () => {
    const v3 = parseLock(
      'package-lock.json',
      'package-lock.json',
      JSON.stringify({
        lockfileVersion: 3,
        packages: {
          '': {},
          'node_modules/a': { version: '1.0.0', integrity: 'sha512-a' },
          'node_modules/a/node_modules/b': { version: '2.0.0', integrity: 'sha512-b2' },
          'node_modules/b': { version: '3.0.0', integrity: 'sha512-b3', dev: true },
        },
      }),
    );
    expect(lockedAt(v3, 'node_modules/a/node_modules/b', 'b', '2.0.0')).toMatchObject({ version: '2.0.0', integrity: 'sha512-b2' });
    expect(v3.direct('b')).toMatchObject({ version: '3.0.0', dev: true });
    const v1 = parseLock(
      'package-lock.json',
      'package-lock.json',
      JSON.stringify({ lockfileVersion: 1, dependencies: { a: { version: '1.0.0', integrity: 'sha512-a', dependencies: { b: { version: '2.0.0', integrity: 'sha512-b2' } } } } }),
    );
    expect(v1.packages.map((p) => p.path)).toEqual(['node_modules/a', 'node_modules/a/node_modules/b']);
  });

  it('bun.lock: JSONC with trailing commas; a nested key is a nested install path', () => {
    const text = `{
  "lockfileVersion": 1,
  // bun writes no comments, but JSONC allows them
  "packages": {
    "a": ["a@1.0.0", "", { "dependencies": { "b": "^1" } }, "sha512-a"],
    "a/@s/b": ["@s/b@1.0.0", "", {}, "sha512-b1",],
    "@s/b": ["@s/b@2.0.0", "", {}, "sha512-b2"],
    "alias": ["alias@npm:real@3.1.0", "", {}, "sha512-r"],
  },
}`;
    const lock = parseLock('bun.lock', 'bun.lock', text);
    expect(lockedAt(lock, 'node_modules/a/node_modules/@s/b', '@s/b', '1.0.0')).toMatchObject({ integrity: 'sha512-b1' });
    expect(lock.direct('@s/b')).toMatchObject({ version: '2.0.0' });
    expect(lock.direct('alias')).toMatchObject({ version: '3.1.0' });
  });

  it('pnpm: lockfileVersion 6 (leading slash, top-level dependencies, peer suffixes)', () => {
    const text =
      "lockfileVersion: '6.0'\ndependencies:\n  react-dom:\n    specifier: ^18.0.0\n    version: 18.2.0(react@18.2.0)\npackages:\n  /react-dom@18.2.0(react@18.2.0):\n    resolution: {integrity: sha512-rd}\n  /react@18.2.0:\n    resolution: {integrity: sha512-r}\n";
    const lock = parseLock('pnpm-lock.yaml', 'pnpm-lock.yaml', text);
    expect(lock.direct('react-dom')).toMatchObject({ version: '18.2.0', integrity: 'sha512-rd' });
    expect(lockedAt(lock, null, 'react', '18.2.0')).toMatchObject({ integrity: 'sha512-r' });
  });

  it('yarn berry: descriptors with npm: ranges, checksum as the integrity; the range in package.json picks among versions', () => {
    const text =
      '__metadata:\n  version: 8\n  cacheKey: 10c0\n\n"left-pad@npm:^1.0.0":\n  version: 1.3.0\n  resolution: "left-pad@npm:1.3.0"\n  checksum: 10c0/aaa\n\n"left-pad@npm:^2.0.0":\n  version: 2.0.1\n  resolution: "left-pad@npm:2.0.1"\n  checksum: 10c0/bbb\n';
    const lock = parseLock('yarn.lock', 'yarn.lock', text, new Map([['left-pad', '^2.0.0']]));
    expect(lock.direct('left-pad')).toMatchObject({ version: '2.0.1', integrity: '10c0/bbb' });
    expect(parseLock('yarn.lock', 'yarn.lock', text).direct('left-pad')).toBeNull(); // two versions, no range: not decided
  });

  it('no lockfile is ENOLOCKFILE saying what to run; damaged text is ELOCKFILE naming the file; a path leaving the tree is refused', () => {
    const root = tempDir();
    expect(() => readLock(root, {})).toThrow(expect.objectContaining({ code: 'ENOLOCKFILE', message: expect.stringMatching(/npm install, bun install/) }));
    expect(() => readLock(root, { lockfile: 'bun.lock' })).toThrow(expect.objectContaining({ code: 'ENOLOCKFILE', message: expect.stringContaining('bun install --frozen-lockfile') }));
    writeFileSync(join(root, 'bun.lock'), '{ "packages": { "a": [ }');
    expect(() => readLock(root, {})).toThrow(expect.objectContaining({ code: 'ELOCKFILE', message: expect.stringContaining('bun.lock') }));
    expect(() => readLock(root, { lockfile: '../package-lock.json' })).toThrow(expect.objectContaining({ code: 'ELOCKFILE' }));
  });
});
