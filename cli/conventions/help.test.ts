import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMANDS } from '../commands/index.ts';
import { main, skipHelpRendering } from '../main.ts';
import yargs from '../yargs.ts';

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
      const examples = out
        .split('Examples:')[1]!
        .split('EXIT STATUS')[0]!
        .split('\n')
        .filter((l) => l.trim().startsWith('docket '));
      expect(examples.length, out).toBeGreaterThanOrEqual(2);
      expect(out).toContain('EXIT STATUS');
    });
  }
});

/** What `docket CMD --help` lists as options: the `--name` at the start of each option line. */
const optionsListed = (help: string) => new Set([...help.matchAll(/^ {2,8}(?:-\w, )?--([\w-]+)/gm)].map((m) => m[1]!)); // deeper lines continue a description

describe('--archive is offered only where an archive is read or written (issue #22 item 4)', () => {
  // The decision, command by command: these work without any archive. Every other command reads or writes one.
  const NO_ARCHIVE = ['init', 'validate', 'release keygen', 'release push'];
  const SUBCOMMANDS: Record<string, string[]> = { release: ['pack', 'keygen', 'push'], import: ['inspect', 'lm-eval', 'helm', 'eee'] };
  const paths = Object.keys(COMMANDS).flatMap((name) => (SUBCOMMANDS[name] ? SUBCOMMANDS[name]!.map((s) => `${name} ${s}`) : [name]));

  it('the table of subcommands is complete', async () => {
    for (const [name, subs] of Object.entries(SUBCOMMANDS)) {
      const { out } = await helpOf([name, '--help']);
      const commands = out.split('Commands:')[1]!.split('Options:')[0]!;
      const listed = [...commands.matchAll(new RegExp(`^\\s+docket ${name} ([\\w-]+)`, 'gm'))].map((m) => m[1]);
      expect(listed.sort()).toEqual([...subs].sort());
    }
  });

  for (const path of paths) {
    const wanted = !NO_ARCHIVE.includes(path);
    it(`docket ${path} --help ${wanted ? 'lists' : 'does not list'} --archive, and lists --json`, async () => {
      const { code, out } = await helpOf([...path.split(' '), '--help']);
      expect(code).toBe(0);
      const listed = optionsListed(out);
      expect(listed.has('archive'), out).toBe(wanted);
      expect(listed.has('json'), out).toBe(true);
    });
  }

  it('a command without an archive refuses --archive (EUSAGE, exit 2) instead of ignoring it', async () => {
    const errs: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => (errs.push(String(s)), true));
    const code = await main(['validate', '--archive', 'elsewhere']);
    vi.restoreAllMocks();
    expect(code).toBe(2);
    expect(errs.join('')).toMatch(/EUSAGE: Unknown argument: archive/);
  });

  it('docket --help offers --json to every command and --archive to none in general', async () => {
    const { out } = await helpOf(['--help']);
    const listed = optionsListed(out);
    expect(listed.has('json')).toBe(true);
    expect(listed.has('archive')).toBe(false);
  });
});

describe('a command runs without rendering its help first (skipHelpRendering)', () => {
  type Usage = { hasCachedHelpMessage(): boolean };
  const usageOf = (y: unknown) => (y as { getInternalMethods(): { getUsageInstance(): Usage } }).getInternalMethods().getUsageInstance();
  const parse = async (skip: boolean) => {
    const y = yargs(['greet', '--loud'])
      .command(
        'greet',
        'say hello',
        (b) => b.option('loud', { type: 'boolean' }),
        () => {},
      )
      .exitProcess(false);
    if (skip) skipHelpRendering(y);
    await y.parseAsync();
    return usageOf(y).hasCachedHelpMessage();
  };

  it('yargs renders it unless told not to, and docket tells it not to', async () => {
    expect(await parse(false)).toBe(true); // what yargs 18 does: the help of the command, rendered before it runs
    expect(await parse(true)).toBe(false);
  });
});
