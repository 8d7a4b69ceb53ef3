import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket, tempDir } from '../dev/testkit/core.ts';

// Issue #22 item 4: conventional CLI behaviour (yargs built-ins wired into main.ts).
describe('CLI conventions', () => {
  it('-h is --help', () => {
    const long = docket(['verify', '--help']);
    const short = docket(['verify', '-h']);
    expect(short.status, short.stderr).toBe(0);
    expect(short.stdout).toBe(long.stdout);
    expect(short.stdout).toContain('EXIT STATUS');
  });

  it('suggests the command a typo meant (exit 2, coded)', () => {
    const r = docket(['verfy']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/EUSAGE: .*did you mean verify\?/i);
  });

  it('prints a shell completion script', () => {
    const r = docket(['completion']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('docket');
    expect(r.stdout).toMatch(/complete -o|compdef|_docket_yargs_completions/);
  });

  it('DOCKET_ARCHIVE is the default of --archive; --archive still wins', () => {
    const dir = tempDir();
    const r = docket(['runs', '--json'], { cwd: dir, env: { DOCKET_ARCHIVE: 'elsewhere' } });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('elsewhere');
    const r2 = docket(['runs', '--json', '--archive', 'other'], { cwd: dir, env: { DOCKET_ARCHIVE: 'elsewhere' } });
    expect(r2.stderr).toContain('other');
    expect(r2.stderr).not.toContain('elsewhere');
    expect(docket(['runs', '--help'], { env: { DOCKET_ARCHIVE: 'elsewhere' } }).stdout).toContain('DOCKET_ARCHIVE');
  });
});

describe('every --json result carries ok', () => {
  it('put, runs, leaderboard, compare, failures, prove (the ones that had none)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), '{"x": 1}');
    expect(docket(['put', 'a.json', '--json', '--archive', 'evidence'], { cwd: dir }).json).toMatchObject({ ok: true, kind: 'attachment' });
    const runs = docket(['runs', '--json']);
    expect(runs.json).toMatchObject({ ok: true });
    expect(runs.json.runs.length).toBeGreaterThan(1);
    const [a, b] = runs.json.runs.map((r: { id: string }) => r.id).filter((id: string) => !id.startsWith('judge-'));
    expect(docket(['leaderboard', '--json']).json).toMatchObject({ ok: true });
    expect(docket(['compare', a, b, '--json']).json).toMatchObject({ ok: true });
    expect(docket(['failures', a, '--json']).json).toMatchObject({ ok: true });
  });
});
