import { spawnSync } from 'node:child_process';
import { usageError } from '../replay/errors.ts';
import type { Excluded, Lister } from '../replay/content/policy.ts';

/**
 * The content policy's candidates in a git work tree, listed by git itself (replay/ never runs
 * programs, so the CLI hands this lister in): tracked files plus untracked files no ignore rule
 * excludes (.gitignore at every level, .git/info/exclude), exactly what `git add -A` would commit.
 * The user's global excludes file is switched off: what a bank publishes must not depend on whose
 * machine it was packed on.
 */
const GIT_CONFIG = ['-c', 'core.excludesFile=/dev/null', '-c', 'core.quotePath=off'];

function git(root: string, args: string[], input?: string): string | null {
  const r = spawnSync('git', ['-C', root, ...GIT_CONFIG, ...args], { input, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.error || r.status !== 0) return null;
  return r.stdout;
}

/** git's lister when `root` lies in a git work tree (and git runs), else null (the caller uses the .gitignore walk). */
export function gitLister(root: string): Lister | null {
  if (git(root, ['rev-parse', '--is-inside-work-tree'])?.trim() !== 'true') return null;
  return (_root, scopes) => {
    const specs = scopes.map((s) => `:(literal)${s}`);
    const listed = git(root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...specs]);
    const left = git(root, ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory', '--', ...specs]);
    if (listed === null || left === null) throw usageError('EGIT', `git ls-files failed in ${root}; run it there to see why, or pack from a tree outside git`, { path: root });
    const files = [...new Set(split(listed))];
    const ignored = split(left);
    return { mode: 'git', files, ignored: ignored.length ? rulesOf(root, ignored) : [] };
  };
}

const split = (z: string) => z.split('\0').filter(Boolean);

/** The rule git names for each ignored path (`git check-ignore -v`: source, line, pattern). */
function rulesOf(root: string, paths: string[]): Excluded[] {
  const out = git(root, ['check-ignore', '-v', '-z', '--no-index', '--stdin'], `${paths.join('\0')}\0`);
  const rules = new Map<string, string>();
  const f = split(out ?? '');
  for (let i = 0; i + 3 < f.length; i += 4) rules.set(f[i + 3]!, `.gitignore ${f[i]}:${f[i + 1]}:${f[i + 2]}`);
  return paths.map((path) => ({ path, rule: rules.get(path) ?? 'ignored by git' }));
}
