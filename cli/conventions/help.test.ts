import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMANDS } from '../commands/index.ts';
import { main } from '../main.ts';

/** Run docket in-process and collect what it prints on stdout (yargs prints help through console.log). */
async function helpOf(args: string[]): Promise<{ code: number; out: string }> {
  const chunks: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void chunks.push(a.join(' ')));
  vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => (chunks.push(String(s)), true));
  const code = await main(args);
  vi.restoreAllMocks();
  return { code, out: chunks.join('\n') };
}

afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

describe('every command has a complete --help (issue #22)', () => {
  for (const name of Object.keys(COMMANDS)) {
    it(`docket ${name} --help: examples and the EXIT STATUS section`, async () => {
      const { code, out } = await helpOf([name, '--help']);
      expect(code).toBe(0);
      expect(out).toContain('Examples:');
      const examples = out.split('Examples:')[1]!.split('EXIT STATUS')[0]!.split('\n').filter((l) => l.trim().startsWith('docket '));
      expect(examples.length, out).toBeGreaterThanOrEqual(2);
      expect(out).toContain('EXIT STATUS');
    });
  }
});
