import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { COMMANDS } from '../../commands/index.ts';
import { installDocket, packDocket } from '../testkit/package.ts';
import { BENCH_DIR, REPO } from './common.ts';

/**
 * `npm run bench -- startup` (issue #22 item 3): docket as installed from its package, against
 * `node -e 0` in the same run. Targets: `docket --version` prints within 100 ms of node -e 0's
 * whole run, and every command's first output within 200 ms of it. Rounds interleave the cases, so
 * load that comes and goes hits all of them; medians are compared. The load average is printed:
 * on a shared machine the ratios hold better than the milliseconds.
 */
const ROUNDS = Number(process.env.STARTUP_ROUNDS ?? 11);

/**
 * Wall time from spawn to the first byte on stdout or stderr (or to exit, when nothing is printed),
 * in ms, and how the command ended: a case that fails measures an error path, not the command.
 */
function firstOutput(cmd: string, args: string[], cwd: string): Promise<{ ms: number; code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let ms: number | null = null;
    let stderr = '';
    const first = () => (ms ??= performance.now() - t);
    child.stdout.once('data', first);
    child.stderr.once('data', first);
    child.stdout.resume();
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ ms: first(), code, stderr }));
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export async function benchStartup() {
  const dir = join(BENCH_DIR, 'startup');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const project = join(dir, 'project');
  installDocket(project, packDocket(dir), { binding: true });
  for (const p of ['decision-bank.json', 'evals', 'lockfiles/probes.lock.json', 'evidence/objects', 'evidence/refs']) cpSync(join(REPO, p), join(project, p), { recursive: true });
  cpSync(join(REPO, 'docs', 'examples', 'published-leaderboard.json'), join(project, 'published.json'));
  // A project of its own, as a user's is: a git repository (the file listing of validate, snapshot and check asks git).
  for (const args of [
    ['init', '-q'],
    ['add', '-A'],
    ['-c', 'user.name=bench', '-c', 'user.email=bench@invalid', 'commit', '-qm', 'bench'],
  ])
    execFileSync('git', args, { cwd: project });
  const bin = join(project, 'node_modules', '.bin', 'docket');

  const cases: { name: string; args: string[]; budget: number }[] = [
    { name: '--version', args: ['--version'], budget: 100 },
    { name: '--help', args: ['--help'], budget: 200 },
    ...Object.keys(COMMANDS).map((c) => ({ name: `${c} --help`, args: [c, '--help'], budget: 200 })),
    // Every command that reads without writing, as a user would first run it (a long one's first
    // output is the line saying what it is doing; the rest follows as the work ends).
    ...[
      ['runs'],
      ['ls', 'run'],
      ['show', 'bank/current'],
      ['validate'],
      ['verify', '--quick'],
      ['verify'],
      ['check'],
      ['replay'],
      ['evidence', 'replay'],
      ['leaderboard'],
      ['failures', 'ref-coin-1'],
      ['compare', 'ref-coin-1', 'ref-oracle-1'],
      ['audit', '--published', 'published.json'],
      ['sql', 'SELECT COUNT(*) FROM attempts'],
      ['export', 'runs', '--format', 'csv'],
      ['snapshot', '--list'],
    ].map((a) => ({ name: a.join(' '), args: a, budget: 200 })),
  ];
  const load0 = loadavg();
  console.log(`\nstart-up of the installed package (${ROUNDS} rounds, medians; load average ${load0.map((l) => l.toFixed(2)).join(' ')})`);
  const reference: number[] = [];
  const times = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  const failed = new Map<string, string>();
  for (let r = 0; r < ROUNDS; r++) {
    reference.push((await firstOutput(process.execPath, ['-e', '0'], project)).ms);
    for (const c of cases) {
      const r = await firstOutput(bin, c.args, project);
      times.get(c.name)!.push(r.ms);
      if (r.code !== 0) failed.set(c.name, `exit ${r.code}: ${r.stderr.trim().split('\n')[0]}`);
    }
  }
  const ref = median(reference);
  console.log(`  ${'node -e 0 (whole run)'.padEnd(36)} ${ref.toFixed(0).padStart(5)} ms`);
  let worst = { name: '', over: -Infinity };
  let misses = 0;
  for (const c of cases) {
    const m = median(times.get(c.name)!);
    const delta = m - ref;
    if (delta - c.budget > worst.over) worst = { name: c.name, over: delta - c.budget };
    const broke = failed.get(c.name);
    if (delta > c.budget || broke) misses++;
    console.log(
      `  ${`docket ${c.name}`.padEnd(36)} ${m.toFixed(0).padStart(5)} ms  +${delta.toFixed(0).padStart(4)} ms (target +${c.budget})  ${(m / ref).toFixed(2)}× node  ${broke ? `FAILED (${broke})` : delta <= c.budget ? 'ok' : 'MISSED'}`,
    );
  }
  const load1 = loadavg();
  console.log(
    `  ${misses ? `${misses} of ${cases.length} cases missed their target` : `all ${cases.length} cases within target`}; furthest over (or least under) its target: docket ${worst.name} (${worst.over > 0 ? '+' : ''}${worst.over.toFixed(0)} ms against its target); load average after ${load1.map((l) => l.toFixed(2)).join(' ')}`,
  );
}
