import { describe, expect, it } from 'vitest';
import { COMMANDS, commandsFor, loadAll } from './index.ts';

const nameOf = (c: { command?: string | readonly string[] }) => String(Array.isArray(c.command) ? c.command[0] : c.command).split(' ')[0];

describe('the lazy command table', () => {
  it('loads, for each name, exactly the command invoked by that name', async () => {
    for (const [name, load] of Object.entries(COMMANDS)) {
      expect((await load()).map(nameOf)).toEqual([name]);
    }
  });
  it('lists every command once for --help, check first', async () => {
    const names = (await loadAll()).map(nameOf);
    expect(names[0]).toBe('check');
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(Object.keys(COMMANDS).sort());
  });
  it('finds the command word past a global option value, even one that names a command (--archive evidence, -C runs)', async () => {
    expect((await commandsFor(['--archive', 'evidence', 'runs'])).map(nameOf)).toEqual(['runs']);
    expect((await commandsFor(['--archive=evidence', 'runs'])).map(nameOf)).toEqual(['runs']);
    expect((await commandsFor(['--json', 'runs', '--archive', 'x'])).map(nameOf)).toEqual(['runs']);
    expect((await commandsFor(['-C', 'runs', '--bank', 'ls', 'validate'])).map(nameOf)).toEqual(['validate']);
  });
  it('falls back to every command when no word names a command', async () => {
    expect((await commandsFor(['--archive', 'x', 'nonsense'])).length).toBe(Object.keys(COMMANDS).length);
    expect((await commandsFor(['runs', '--json'])).map(nameOf)).toEqual(['runs']);
    expect(await commandsFor(['--version'])).toEqual([]);
  });
});
