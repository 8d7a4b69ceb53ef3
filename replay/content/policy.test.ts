import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../cli/dev/testkit/core.ts';
import { contentConfig, denied, rebase, refuseTooBig, selectContent } from './policy.ts';
import { gitignoreTree, ruleHeads } from '../../cli/dev/testkit/content.ts';

function writer(root: string) {
  return (rel: string, text: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
}

describe('content policy outside git (.gitignore files through the ignore package)', () => {
  it('gitignore semantics: anchored, negated, nested, directory-only; a committed generated folder is kept; .docketignore and the deny list apply', () => {
    const root = tempDir('docket-policy-');
    const t = gitignoreTree(writer(root));
    const sel = selectContent(root, [t.scope]);
    expect(sel.mode).toBe('ignore-files');
    expect(sel.included.map((f) => f.path)).toEqual(t.included);
    expect(ruleHeads(sel.excluded)).toEqual(t.excluded);
  });

  it('a denied path is included only when the bank config names it, and the choice is reported', () => {
    const root = tempDir('docket-policy-');
    const w = writer(root);
    w('evals/c/e/fixture.sqlite3', 'db');
    w('evals/c/e/other.sqlite3', 'db');
    const sel = selectContent(root, ['evals/c/e'], { config: contentConfig({ content: { include: ['evals/c/e/fixture.sqlite3'] } }) });
    expect(sel.included.map((f) => f.path)).toEqual(['evals/c/e/fixture.sqlite3']);
    expect(sel.allowed).toEqual([{ path: 'evals/c/e/fixture.sqlite3', rule: 'deny *.sqlite3' }]);
    expect(sel.excluded).toEqual([{ path: 'evals/c/e/other.sqlite3', rule: 'deny *.sqlite3' }]);
  });

  it('the size cap refuses with a clear error naming the file and the setting', () => {
    const root = tempDir('docket-policy-');
    writer(root)('evals/c/e/blob.bin', 'x'.repeat(2000));
    const sel = selectContent(root, ['evals/c/e'], { config: contentConfig({ content: { maxFileBytes: 1000 } }) });
    expect(() => refuseTooBig(sel)).toThrow(
      expect.objectContaining({ code: 'ETOOBIG', exitCode: 1, message: expect.stringMatching(/evals\/c\/e\/blob\.bin: 2000 bytes[\s\S]*content\.maxFileBytes/) }),
    );
    expect(() => refuseTooBig(selectContent(root, ['evals/c/e']))).not.toThrow();
  });

  it('a bad content config is a coded usage error', () => {
    expect(() => contentConfig({ content: { maxFileBytes: -1 } })).toThrow(expect.objectContaining({ code: 'ECONTENTCONFIG', exitCode: 2 }));
    expect(() => contentConfig({ content: { allowSecrets: [{ path: 'a', digest: 'nope' }] } })).toThrow(expect.objectContaining({ code: 'ECONTENTCONFIG' }));
    expect(() => contentConfig({ content: { surprise: 1 } })).toThrow(expect.objectContaining({ code: 'ECONTENTCONFIG' }));
  });
});

describe('deny list', () => {
  it.each([
    ['.env', 'deny .env'],
    ['a/.env.local', 'deny .env.*'],
    ['k/server.PEM', 'deny *.pem'],
    ['id_rsa', 'deny id_rsa*'],
    ['x.p12', 'deny *.p12'],
    ['d/app.sqlite', 'deny *.sqlite'],
    ['d/app.sqlite3', 'deny *.sqlite3'],
    ['d/app.db', 'deny *.db'],
    ['d/app.db-wal', 'deny *-wal'],
    ['d/app.sqlite3-shm', 'deny *-shm'],
    ['run.log', 'deny *.log'],
    ['.venv/bin/python', 'deny .venv/'],
    ['p/__pycache__/m.pyc', 'deny __pycache__/'],
    ['.git/config', 'deny .git'],
    ['.DS_Store', 'deny .DS_Store'],
    ['.idea/workspace.xml', 'deny .idea/'],
  ])('%s is denied (%s)', (path, rule) => {
    expect(denied(path)?.rule).toBe(rule);
  });
  it.each(['.env.example', 'TASK.md', 'keys.md', 'environment.ts', 'logbook.txt'])('%s is not denied', (path) => {
    expect(denied(path)).toBeNull();
  });
});

describe('rebase: a nested .gitignore line as a root-relative rule', () => {
  it.each([
    ['build/', 'a/b', 'a/b/**/build/'],
    ['/local.md', 'a', 'a/local.md'],
    ['x/y.md', 'a', 'a/x/y.md'],
    ['!keep.tmp', 'a', '!a/**/keep.tmp'],
    ['# comment', 'a', null],
    ['*.tmp  ', '', '*.tmp'],
  ])('%s in %s', (line, dir, want) => {
    expect(rebase(line, dir)).toBe(want);
  });
});
