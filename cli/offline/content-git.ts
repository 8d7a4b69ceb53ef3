import { spawnSync } from 'node:child_process';
import { usageError } from '../../replay/errors.ts';
import type { Excluded, Lister, Selection } from '../../replay/content/policy.ts';
import type { SecretHit } from '../../replay/content/secrets.ts';
import { line } from '../output.ts';

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
  // Listed once for the whole tree (a snapshot asks per source eval), then filtered per call.
  let all: { files: string[]; ignored: Excluded[] } | null = null;
  const listAll = () => {
    const listed = git(root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
    const left = git(root, ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory']);
    if (listed === null || left === null) throw usageError('EGIT', `git ls-files failed in ${root}; run it there to see why, or work from a tree outside git`, { path: root });
    const ignored = split(left);
    return { files: [...new Set(split(listed))], ignored: ignored.length ? rulesOf(root, ignored) : [] };
  };
  return (_root, scopes) => {
    all ??= listAll();
    const under = (p: string) => scopes.some((s) => p === s || p.startsWith(`${s}/`));
    const covering = (e: Excluded) => scopes.some((s) => e.path.endsWith('/') && `${s}/`.startsWith(e.path));
    return { mode: 'git', files: all.files.filter(under), ignored: all.ignored.filter((e) => under(e.path.replace(/\/$/, '')) || covering(e)) };
  };
}

const split = (z: string) => z.split('\0').filter(Boolean);

/** The rule git names for each ignored path (`git check-ignore -v`: source, line, pattern). */
function rulesOf(root: string, paths: string[]): Excluded[] {
  const out = git(root, ['check-ignore', '-v', '-z', '--no-index', '--stdin'], `${paths.join('\0')}\0`);
  const rules = new Map<string, string>();
  const f = split(out ?? '');
  for (let i = 0; i + 3 < f.length; i += 4) rules.set(f[i + 3]!, `.gitignore ${f[i]}:${f[i + 1]}:${f[i + 2]}`);
  // git can name a directory that holds only ignored files without a rule of its own: the files'
  // own entries say why, so such a directory is left to them.
  const covers = (dir: string) => dir.endsWith('/') && paths.some((p) => p !== dir && p.startsWith(dir));
  return paths.filter((p) => rules.has(p) || !covers(p)).map((path) => ({ path, rule: rules.get(path) ?? 'ignored by git' }));
}

/** The human form of a --list: what goes out (+), what is left out (-) and why, what the bank allowed (!). */
export function printSelection(files: { path: string; size: number }[], selection: Selection, allowedSecrets: SecretHit[]) {
  for (const f of files) line(`+ ${f.path}  (${f.size} bytes)`);
  for (const e of selection.excluded) line(`- ${e.path}  ${e.rule}`);
  for (const a of selection.allowed) line(`! ${a.path}  included although denied (${a.rule}): named in content.include`);
  for (const h of allowedSecrets) line(`! ${h.path}:${h.line}  ${h.rule} ${h.digest}: allowed by content.allowSecrets`);
}
