import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listByIgnoreFiles, selectContent } from '../../replay/content/policy.ts';
import { git, gitignoreTree, ruleHeads } from '../dev/testkit/content.ts';
import { tempDir } from '../dev/testkit/core.ts';
import { gitLister } from './content-git.ts';

const writer = (root: string) => (rel: string, text: string) => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
};

describe('content policy in a git work tree (candidates from git ls-files)', () => {
  it('gives the same decisions as git itself: anchored, negated, nested, directory-only; the committed generated folder is kept', () => {
    const root = tempDir('docket-policy-git-');
    const t = gitignoreTree(writer(root));
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'fixture');
    const lister = gitLister(root)!;
    expect(lister).not.toBeNull();
    const sel = selectContent(root, [t.scope], { lister });
    expect(sel.mode).toBe('git');
    expect(sel.included.map((f) => f.path)).toEqual(t.included);
    expect(ruleHeads(sel.excluded)).toEqual(t.excluded);
    // and the .gitignore walk outside git agrees with git on every path
    expect(selectContent(root, [t.scope], { lister: listByIgnoreFiles }).included.map((f) => f.path)).toEqual(t.included);
  });

  it('git semantics where a walk cannot know: a tracked file matching .gitignore ships; .git/info/exclude applies; an untracked file is a candidate', () => {
    const root = tempDir('docket-policy-git-');
    const w = writer(root);
    w('evals/c/e/TASK.md', 'task\n');
    w('evals/c/e/forced.tmp', 'tracked although ignored\n');
    w('.gitignore', '*.tmp\n');
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'add', '-f', 'evals/c/e/forced.tmp');
    git(root, 'commit', '-qm', 'fixture');
    w('evals/c/e/new.md', 'untracked\n');
    w('evals/c/e/private.md', 'excluded locally\n');
    w('.git/info/exclude', 'private.md\n');
    const sel = selectContent(root, ['evals/c/e'], { lister: gitLister(root)! });
    expect(sel.included.map((f) => f.path)).toEqual(['evals/c/e/TASK.md', 'evals/c/e/forced.tmp', 'evals/c/e/new.md']);
    expect(sel.excluded).toEqual([{ path: 'evals/c/e/private.md', rule: '.gitignore .git/info/exclude:1:private.md' }]);
  });

  it('is null outside a work tree', () => {
    expect(gitLister(tempDir('docket-nogit-'))).toBeNull();
  });
});
