import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCKET, REPO } from '../dev/testkit/core.ts';
import { engineRange, nodeVersionProblem, satisfies } from '../node-version.ts';
import { platformError } from '../platform-errors.ts';

describe('an unsupported Node version', () => {
  it('reads the range from package.json engines and checks it', () => {
    const range = engineRange();
    expect(range).toBe(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).engines.node);
    expect(satisfies('20.19.0', '>=20.19.0 <21 || >=22')).toBe(true);
    expect(satisfies('20.18.9', '>=20.19.0 <21 || >=22')).toBe(false);
    expect(satisfies('21.7.0', '>=20.19.0 <21 || >=22')).toBe(false);
    expect(satisfies('v24.0.0', '>=20.19.0 <21 || >=22')).toBe(true);
    expect(nodeVersionProblem(process.versions.node)).toBeNull();
  });

  it('docket on an old Node: a coded message naming the versions, exit 2, no stack', () => {
    const fake = 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"18.20.0"})';
    const r = spawnSync(process.execPath, ['--import', fake, DOCKET, '--version'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^docket: ENODEVERSION: docket needs Node\.js .*; this is Node\.js v18\.20\.0/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });
});

describe('a missing or mismatched native binding (better-sqlite3)', () => {
  it('"Could not locate the bindings file" becomes ENATIVE with what to do', () => {
    const e = new Error('Could not locate the bindings file. Tried:\n → /x/node_modules/better-sqlite3/build/better_sqlite3.node\n → /x/…');
    const d = platformError(e)!;
    expect(d.code).toBe('ENATIVE');
    expect(d.exitCode).toBe(2);
    expect(d.message).toMatch(/npm rebuild better-sqlite3/);
    expect(d.message).not.toContain('Tried');
  });
  it('a binding built for another Node (ERR_DLOPEN_FAILED) too; anything else is not a platform error', () => {
    const e = Object.assign(new Error('The module was compiled against a different Node.js version using NODE_MODULE_VERSION 115'), { code: 'ERR_DLOPEN_FAILED' });
    expect(platformError(e)?.code).toBe('ENATIVE');
    expect(platformError(new Error('something else'))).toBeNull();
  });
  it('through the CLI: a coded error, exit 2, no stack', () => {
    // Make the binding unloadable the way --ignore-scripts leaves it: bindings cannot find the file.
    const hook = `data:text/javascript,${encodeURIComponent(`import { createRequire } from 'node:module'; const r = createRequire(${JSON.stringify(join(REPO, 'node_modules/better-sqlite3/lib/database.js'))}); const p = r.resolve('bindings'); r.cache[p] = { id: p, filename: p, loaded: true, exports: () => { throw new Error('Could not locate the bindings file. Tried:\\n → nowhere'); } };`)}`;
    const r = spawnSync(process.execPath, ['--import', hook, DOCKET, 'runs'], { cwd: REPO, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^docket: ENATIVE: /);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  });
});
