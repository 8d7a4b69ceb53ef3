import { describe, expect, it } from 'vitest';
import { COMMANDS, commandsFor, loadAll } from './index.ts';

const nameOf = (c: { command?: string | readonly string[] }) => String(Array.isArray(c.command) ? c.command[0] : c.command).split(' ')[0];

describe('the lazy command table', () => {
  it('loads, for each name, exactly the command invoked by that name', async () => {
    for (const [name, load] of Object.entries(COMMANDS)) {
      if (name === 'check') continue;
      expect((await load()).map(nameOf)).toEqual([name]);
    }
  });
  it('lists every command once for --help, check first, replay before regrade (check step order)', async () => {
    const names = (await loadAll()).map(nameOf);
    expect(names[0]).toBe('check');
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(Object.keys(COMMANDS).sort());
    const all = (await loadAll()).map(nameOf);
    expect(all.indexOf('replay')).toBeLessThan(all.indexOf('regrade'));
  });
  it('falls back to every command when the first word is not a command; global option values are not taken for one', async () => {
    expect((await commandsFor(['nosuch', 'verify'])).length).toBe(Object.keys(COMMANDS).length);
    expect((await commandsFor(['--archive', 'x', 'verify'])).map(nameOf)).toEqual(['verify']);
    expect((await commandsFor(['-C', 'runs', '--bank', 'ls', 'validate'])).map(nameOf)).toEqual(['validate']);
    expect((await commandsFor(['runs', '--json'])).map(nameOf)).toEqual(['runs']);
    expect(await commandsFor(['--version'])).toEqual([]);
  });
});
