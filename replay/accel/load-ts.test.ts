import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundle } from '../../cli/dev/build.mjs';
import { freshBundle, ROOT_SYMBOL, STAMP_NAME } from './load-ts.mjs';
import { REPO } from '../../cli/dev/testkit/core.ts';
import { verifyArchive, type VerifyReport } from '../check/verify.ts';

/**
 * The start-up bundle is a cache of the sources: used only while its stamp matches them byte for
 * byte, and it must behave exactly as the sources do.
 */
describe('start-up bundle', () => {
  // Inside the project, so the bundle's bare imports resolve from node_modules as at run time.
  const out = mkdtempSync(join(REPO, '.tmp-bundle-'));
  const copy = mkdtempSync(join(tmpdir(), 'docket-sources-'));
  let stamp: { inputs: string[]; entries: Record<string, string> };
  const rootUrl = pathToFileURL(`${copy}/`);
  const dirUrl = pathToFileURL(`${out}/`);
  const main = () => new URL('cli/main.ts', rootUrl);

  beforeAll(async () => {
    stamp = await buildBundle(out);
    for (const rel of stamp.inputs) {
      mkdirSync(dirname(join(copy, rel)), { recursive: true });
      copyFileSync(join(REPO, rel), join(copy, rel));
    }
  }, 60_000);
  afterAll(() => {
    rmSync(out, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  });

  it('is used for its entries while the sources are byte-identical', () => {
    expect(stamp.inputs).toContain('replay/check/check-object.ts');
    expect(stamp.inputs).toContain('cli/main.ts');
    expect(freshBundle(main(), dirUrl, rootUrl)).toEqual({ url: new URL('main.mjs', dirUrl), why: null });
    expect(freshBundle(new URL('replay/check/check-object.ts', rootUrl), dirUrl, rootUrl).url?.href).toBe(new URL('check-object.mjs', dirUrl).href);
    expect(freshBundle(new URL('replay/check/verify.ts', rootUrl), dirUrl, rootUrl).why).toMatch(/no bundle entry for replay\/check\/verify\.ts/);
  });

  it('is not used once any source changes by one byte, goes missing, or the stamp is gone', () => {
    const f = join(copy, 'replay/accel/strict-wasm.ts');
    const original = readFileSync(f);
    const flipped = Buffer.from(original);
    flipped[100] = flipped[100]! ^ 1;
    writeFileSync(f, flipped);
    expect(freshBundle(main(), dirUrl, rootUrl)).toEqual({ url: null, why: 'the sources changed since the bundle was built' });
    unlinkSync(f);
    expect(freshBundle(main(), dirUrl, rootUrl)).toEqual({ url: null, why: 'a bundled source is gone' });
    writeFileSync(f, original);
    expect(freshBundle(main(), dirUrl, rootUrl).why).toBeNull();
    expect(freshBundle(main(), new URL('nowhere/', dirUrl), rootUrl)).toEqual({ url: null, why: 'no bundle' });
    process.env.DOCKET_NO_BUNDLE = '1';
    try {
      expect(freshBundle(main(), dirUrl, rootUrl).url).toBeNull();
    } finally {
      delete process.env.DOCKET_NO_BUNDLE;
    }
    const stampFile = join(out, STAMP_NAME);
    const text = readFileSync(stampFile, 'utf8');
    writeFileSync(stampFile, text.replace('"format": 1', '"format": 2'));
    try {
      expect(freshBundle(main(), dirUrl, rootUrl).url).toBeNull();
    } finally {
      writeFileSync(stampFile, text);
    }
  });

  it('worker threads load the sources through tsx when the bundle is off, with the same results', async () => {
    const evidence = join(REPO, 'evidence');
    const strip = (r: VerifyReport) => ({ ...r, steps: r.steps.map((st) => ({ ...st, ms: 0 })) });
    const bundled = await verifyArchive(evidence, { workers: 2 });
    process.env.DOCKET_NO_BUNDLE = '1'; // workers copy the environment when they start
    try {
      const sources = await verifyArchive(evidence, { workers: 2 });
      expect(sources.ok).toBe(true);
      expect(strip(sources)).toEqual(strip(bundled));
    } finally {
      delete process.env.DOCKET_NO_BUNDLE;
    }
  }, 60_000);

  it('gives the same answers as the sources (docket verify --json on the shipped archive)', () => {
    const strip = (s: string) => s.replace(/"ms": ?[0-9.e-]+/g, '"ms": 0');
    const bundled = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `globalThis[Symbol.for(${JSON.stringify(ROOT_SYMBOL)})] = ${JSON.stringify(pathToFileURL(`${REPO}/`).href)}; const { main } = await import(${JSON.stringify(new URL('main.mjs', dirUrl).href)}); process.exitCode = await main(['verify', '--json']);`],
      { cwd: REPO, encoding: 'utf8' },
    );
    const sources = spawnSync(process.execPath, [join(REPO, 'cli/docket.mjs'), 'verify', '--json'], { cwd: REPO, encoding: 'utf8', env: { ...process.env, DOCKET_NO_BUNDLE: '1' } });
    expect(sources.status, sources.stderr).toBe(0);
    expect(bundled.status, bundled.stderr).toBe(0);
    expect(JSON.parse(sources.stdout).objects).toBeGreaterThan(100);
    expect(strip(bundled.stdout)).toBe(strip(sources.stdout));
  }, 60_000);
});
