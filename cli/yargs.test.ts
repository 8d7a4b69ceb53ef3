import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { init, parse } from 'es-module-lexer';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleParser, PARSER, PARSER_LICENSES } from './dev/build.mjs';
import { REPO, tempDir } from './dev/testkit/core.ts';

/**
 * The compiled CLI's parser is one file (cli/yargs.ts, bundled by cli/dev/build.mjs): it must be
 * exactly what the pinned packages bundle to, need nothing but Node's own modules, ship the licence
 * of every package inside it, and parse.
 */
const tmp = tempDir('docket-parser-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the one-file command-line parser', () => {
  it('is the same bytes when bundled again (dist/ is current, the bundle deterministic)', () => {
    const out = join(tmp, 'yargs.js');
    const licenses = join(tmp, 'yargs.LICENSES.txt');
    bundleParser(out, licenses);
    expect(readFileSync(out).equals(readFileSync(PARSER))).toBe(true);
    expect(readFileSync(licenses, 'utf8')).toBe(readFileSync(PARSER_LICENSES, 'utf8'));
  });

  it("imports only Node's own modules", async () => {
    await init;
    const [imports] = parse(readFileSync(PARSER, 'utf8'));
    const specs = imports.filter((i) => i.d !== -2).map((i) => i.n);
    expect(specs.length).toBeGreaterThan(0);
    for (const s of specs) expect(s !== undefined && (s.startsWith('node:') || builtinModules.includes(s)), String(s)).toBe(true);
  });

  it('ships the licence of every package it holds, with its version', () => {
    const code = readFileSync(PARSER, 'utf8');
    const licenses = readFileSync(PARSER_LICENSES, 'utf8');
    // esbuild names each bundled file's path in a comment: node_modules/<name>/..., innermost package last
    const held = new Set([...code.matchAll(/^\/\/ (\S*node_modules\/\S+)$/gm)].map((m) => m[1]!.slice(m[1]!.lastIndexOf('node_modules/')).split('/')[1]!));
    expect(held).toContain('yargs');
    expect(held.size).toBeGreaterThan(5);
    for (const name of held) expect(licenses, name).toMatch(new RegExp(`^${name}@\\d+\\.\\d+\\.\\d+ \\(`, 'm'));
    const version = (JSON.parse(readFileSync(join(REPO, 'node_modules', 'yargs', 'package.json'), 'utf8')) as { version: string }).version;
    expect(licenses).toContain(`yargs@${version} (MIT)`);
  });

  it('parses a command line', async () => {
    const { default: yargs } = (await import(PARSER)) as { default: typeof import('yargs').default };
    const argv = await yargs(['show', 'bank/current', '--json'])
      .command('show <ref>', 'show', (y) => y.positional('ref', { type: 'string' }))
      .option('json', { type: 'boolean' })
      .exitProcess(false)
      .parseAsync();
    expect(argv).toMatchObject({ _: ['show'], ref: 'bank/current', json: true });
  });
});
