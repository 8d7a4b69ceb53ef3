import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT } from '../errors.ts';
import { Archive } from '../index/archive.ts';
import { archiveGrader } from './grader-archive.ts';
import { parseCases, runCases } from './grader-matrix.ts';
import { graderDeclProblems, graderViolations, lockSuiteGraders, lockText, readSuiteGraders, resolveGrader, suiteGrader, suiteJudge, versionStates, type GraderDecl } from './suite-graders.ts';
import { tempDir, thrown } from '../../cli/dev/testkit/core.ts';
import type { Question } from '../bank/types.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const V1 = `import { pick } from './pick.ts';
export const ID = 'mine';
export const VERSION = 1;
export const DESCRIPTION = 'the first capital letter';
export function grade(input: { content: string | null; key: string }) { return pick(input.content ?? '', input.key); }
`;
const PICK = `export function pick(text: string, key: string) {
  const m = /[A-D]/.exec(text);
  return m ? { verdict: m[0] === key ? 'correct' : 'incorrect', shown: m[0], chosen: m[0] } : { verdict: 'invalid', shown: null, chosen: null };
}
`;
// Version 2 reads an option's text through the question's fields, and uses a helper of the suite outside its folder (a .js spec naming a .ts file).
const V2 = `import { pick } from './pick.ts';
import { clean } from '../lib/clean.js';
export const ID = 'mine';
export const VERSION = 2;
export function grade(input: { content: string | null; key: string; question: { options: string[] } }) {
  const text = clean(input.content ?? '');
  const i = input.question.options.indexOf(text);
  return i >= 0 ? pick('ABCD'[i]!, input.key) : pick(text, input.key);
}
`;
const CLEAN = `export const clean = (s: string) => s.replace(/[*]/g, '').trim();\n`;

const put = (root: string, rel: string, text: string) => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
};

/** A bank root with mine@1 and mine@2 written (not pinned). */
function suiteRoot(decl: Partial<GraderDecl> = {}) {
  const root = tempDir('docket-suite-graders-');
  dirs.push(root);
  put(root, 'graders/mine-v1.ts', V1);
  put(root, 'graders/pick.ts', PICK);
  put(root, 'graders/mine-v2.ts', V2);
  put(root, 'lib/clean.ts', CLEAN);
  const bank = { graders: { mine: { current: 2, versions: { '1': 'graders/mine-v1.ts', '2': 'graders/mine-v2.ts' }, helpers: ['lib/clean.ts'], ...decl } }, grader: 'mine' };
  writeFileSync(join(root, 'decision-bank.json'), JSON.stringify(bank));
  return { root, bank, suite: readSuiteGraders(root, bank) };
}
const lock = (s: ReturnType<typeof suiteRoot>) => writeFileSync(join(s.root, 'lockfiles/graders.lock.json'), lockText(lockSuiteGraders(s.suite).lock), { flag: 'w' });
const lockDir = (root: string) => mkdirSync(join(root, 'lockfiles'), { recursive: true });
const INPUT = { finishReason: 'stop', permutation: [0, 1, 2, 3] as [number, number, number, number], key: 'B' as const, options: ['w', 'x', 'y', 'z'] };

describe("a suite's graders: collected, pinned, resolved", () => {
  it("a version's source is its file as `grader` and every module it imports, by file name; the helper is the declared one", () => {
    const s = suiteRoot();
    const [v1, v2] = versionStates(s.suite);
    expect(v1).toMatchObject({ ref: 'mine@1', files: ['graders/mine-v1.ts', 'graders/pick.ts'], status: 'unpinned', pinned: null });
    expect(v2).toMatchObject({ ref: 'mine@2', files: ['graders/mine-v2.ts', 'graders/pick.ts', 'lib/clean.ts'], status: 'unpinned' });
    // The identity is the text, not the place: the same files elsewhere hash the same.
    const moved = tempDir('docket-suite-graders-moved-');
    dirs.push(moved);
    cpSync(s.root, moved, { recursive: true });
    expect(versionStates(readSuiteGraders(moved, s.bank)).map((x) => x.digest)).toEqual([v1!.digest, v2!.digest]);
  });

  it('imports of a package, a builtin, an undeclared file outside the folder, or two modules of one name are refused, naming the file', () => {
    const cases: [string, string, string][] = [
      ["import pad from 'left-pad'; export const uses = pad;", '"left-pad": not a relative path', 'graders/mine-v1.ts'],
      ["import { readFileSync } from 'node:fs'; export const uses = readFileSync;", '"node:fs": not a relative path', 'graders/mine-v1.ts'],
      ["import { clean } from '../lib/clean.ts'; export const uses = clean;", 'lib/clean.ts is outside graders/ and not a declared helper', 'graders/mine-v1.ts'],
      ["import { pick as p2 } from './sub/pick.ts'; export const uses = p2;", 'has the same name (pick)', 'graders/mine-v1.ts'],
    ];
    for (const [line, why, file] of cases) {
      const s = suiteRoot({ helpers: [] });
      put(s.root, 'graders/sub/pick.ts', PICK);
      put(s.root, 'graders/mine-v1.ts', `${line}\n${V1}`);
      const e = thrown(() => versionStates(s.suite));
      expect(e).toMatchObject({ code: 'EGRADERIMPORT', exitCode: EXIT.FINDINGS });
      expect(e.message).toContain(why);
      expect(e.message).toContain(file);
    }
  });

  it('grader lock pins every version; an edited pinned version is EGRADERCHANGED naming its file and the next version, and regrading refuses it', () => {
    const s = suiteRoot();
    lockDir(s.root);
    writeFileSync(join(s.root, 'lockfiles/graders.lock.json'), lockText({ lockfileVersion: 1, graders: { 'decision@2': `sha256:${'0'.repeat(64)}` } }));
    const first = lockSuiteGraders(s.suite);
    expect(first.added.map((a) => a.ref)).toEqual(['mine@1', 'mine@2']);
    expect(Object.keys(first.lock.graders)).toEqual(['decision@2', 'mine@1', 'mine@2']); // entries of others are kept
    lock(s);
    expect(lockSuiteGraders(s.suite).added).toEqual([]);
    put(s.root, 'graders/pick.ts', `${PICK}// edited\n`); // a module both versions import
    const e = thrown(() => lockSuiteGraders(s.suite));
    expect(e).toMatchObject({ code: 'EGRADERCHANGED', exitCode: EXIT.FINDINGS, data: { ref: 'mine@1', file: 'graders/mine-v1.ts', next: 'mine@3' } });
    expect(e.message).toContain('graders/pick.ts');
    expect(e.message).toContain('put the change in version 3 instead');
    expect(thrown(() => resolveGrader({ suite: readSuiteGraders(s.root, s.bank), archive: null }, 'mine')).code).toBe('EGRADERCHANGED');
  });

  it('an unpinned version is refused (EGRADERUNPINNED names the command) unless drafts are asked for; it runs in the sandbox with the question fields', () => {
    const s = suiteRoot();
    const e = thrown(() => resolveGrader({ suite: s.suite, archive: null }, 'mine'));
    expect(e).toMatchObject({ code: 'EGRADERUNPINNED', exitCode: EXIT.FINDINGS });
    expect(e.message).toContain('docket grader lock');
    const g = resolveGrader({ suite: readSuiteGraders(s.root, s.bank), archive: null, drafts: true }, 'mine');
    expect([g.id, g.version, g.file]).toEqual(['mine', 2, 'graders/mine-v2.ts']);
    expect(g.grade({ ...INPUT, content: '**x**', question: { id: 'q', options: ['w', 'x', 'y', 'z'] } })).toEqual({ verdict: 'correct', shown: 'B', chosen: 'B' });
    expect(g.grade({ ...INPUT, content: 'C', question: { id: 'q', options: ['w', 'x', 'y', 'z'] } })).toMatchObject({ verdict: 'incorrect' });
  });

  it("names: NAME is the current version, NAME@N one version, docket's refs stay; unknown is EGRADER (exit 2) listing the suite's", () => {
    const s = suiteRoot();
    lockDir(s.root);
    lock(s);
    const ctx = { suite: readSuiteGraders(s.root, s.bank), archive: null };
    expect(resolveGrader(ctx, 'mine').version).toBe(2);
    expect(resolveGrader(ctx, 'mine@1').version).toBe(1);
    expect(resolveGrader(ctx, 'decision@2').id).toBe('decision');
    const e = thrown(() => resolveGrader(ctx, 'nope'));
    expect(e).toMatchObject({ code: 'EGRADER', exitCode: EXIT.USAGE });
    expect(e.message).toContain('mine, decision@1');
    expect(thrown(() => resolveGrader(ctx, 'mine@7')).code).toBe('EGRADER');
  });

  it('a pinned version runs from its archived bundle, and from it alone when its file is gone; neither is EGRADERNOTARCHIVED', () => {
    const s = suiteRoot();
    lockDir(s.root);
    lock(s);
    const archiveDir = join(s.root, 'evidence');
    const a = new Archive(archiveDir);
    try {
      const fromTree = suiteGrader(readSuiteGraders(s.root, s.bank), 'mine', 1, a);
      expect(fromTree.file).toBe('graders/mine-v1.ts');
      archiveGrader(a, fromTree);
      rmSync(join(s.root, 'graders/mine-v1.ts'));
      const fromArchive = suiteGrader(readSuiteGraders(s.root, s.bank), 'mine', 1, a);
      expect([fromArchive.file, fromArchive.digest, fromArchive.description]).toEqual([null, fromTree.digest, 'the first capital letter']);
      expect(fromArchive.grade({ ...INPUT, content: 'B' })).toEqual(fromTree.grade({ ...INPUT, content: 'B' }));
      rmSync(join(s.root, 'graders/mine-v2.ts'));
      expect(thrown(() => suiteGrader(readSuiteGraders(s.root, s.bank), 'mine', 2, a)).code).toBe('EGRADERNOTARCHIVED');
    } finally {
      a.close();
    }
  });

  it("the declaration's problems name their member: docket's names, a current version not declared, an unknown default, a path leaving the tree, a missing file", () => {
    const s = suiteRoot();
    const bank = {
      graders: {
        decision: { current: 1, versions: { '1': 'graders/mine-v1.ts' } },
        mine: { current: 3, versions: { '1': '../outside.ts', '2': 'graders/absent.ts' } },
      },
      grader: 'other',
    };
    expect(graderDeclProblems(s.root, bank).map((p) => p.field)).toEqual(['graders.decision', 'graders.mine.versions.1', 'graders.mine.versions.2', 'graders.mine.current', 'grader']);
    expect(readFileSync(join(s.root, 'decision-bank.json'), 'utf8')).toContain('"grader":"mine"');
  });
});

describe('the regression matrix', () => {
  const Q: Question[] = [{ id: 'q1', sourceEval: 'a/b', stem: 's', options: ['w', 'x', 'y', 'z'], key: 'B', claim: 'c', doesNotEstablish: 'd', probe: 'p.mjs' }];
  it('each case names a question of the bank (or gives key and options); a malformed line is EGRADERCASES with file:line; both sides are required', () => {
    const good = [
      { reply: 'B', question: 'q1', expect: 'correct', side: 'valid' },
      { reply: '**x**', question: 'q1', permutation: [1, 0, 2, 3], expect: 'correct', side: 'valid' },
      { reply: 'A or B', key: 'A', options: ['1', '2', '3', '4'], expect: 'invalid', side: 'invalid', note: 'two letters' },
    ];
    const cases = parseCases(good.map((c) => JSON.stringify(c)).join('\n'), 'm.jsonl', Q);
    expect(cases.map((c) => [c.line, c.key, c.fields.id])).toEqual([
      [1, 'B', 'q1'],
      [2, 'B', 'q1'],
      [3, 'A', 'm.jsonl:3'],
    ]);
    for (const [text, why] of [
      ['{"reply": "B"', 'm.jsonl:1: not JSON'],
      ['{"reply": "B", "question": "q9", "expect": "correct", "side": "valid"}', '"question" "q9" is not a question of the bank'],
      ['{"reply": "B", "question": "q1", "expect": "right", "side": "valid"}', '"expect" is one of'],
      ['{"reply": "B", "question": "q1", "expect": "correct", "side": "valid"}', 'no case on the invalid side'],
    ]) {
      const e = thrown(() => parseCases(text!, 'm.jsonl', Q));
      expect(e).toMatchObject({ code: 'EGRADERCASES' });
      expect(e.message).toContain(why);
    }
    const s = suiteRoot();
    const g = resolveGrader({ suite: s.suite, archive: null, drafts: true }, 'mine@1');
    expect(runCases(g, cases).map((r) => [r.verdict, r.pass])).toEqual([
      ['correct', true],
      ['invalid', false], // mine@1 does not read an option's text
      ['correct', false], // …and takes the first of two letters
    ]);
  });
});

describe('judge versions are pinned like graders', () => {
  it('grader lock pins each judge version; editing one in place is EGRADERCHANGED for validate, check and grading', () => {
    const root = tempDir('docket-judge-pins-');
    dirs.push(root);
    put(root, 'judges/q.md', 'Task: {{task}}\n<reply>{{reply}}</reply>\n');
    const v1 = { rubric: 'judges/q.md', model: 'judge-model', verdict: { pattern: 'SCORE: (\\d+)', scale: 10 } };
    const bank = { judges: { quality: { current: 1, versions: { '1': v1 } } } };
    writeFileSync(join(root, 'decision-bank.json'), JSON.stringify(bank));
    const suite = readSuiteGraders(root, bank);
    expect(versionStates(suite).map((s) => [s.ref, s.status, s.file])).toEqual([['judge:quality@1', 'unpinned', 'judges/q.md']]);
    expect(suiteJudge(suite, 'quality', 1, null).ref).toBe('quality@1'); // a draft until pinned
    lockDir(root);
    writeFileSync(join(root, 'lockfiles/graders.lock.json'), lockText(lockSuiteGraders(suite).lock));
    expect(versionStates(suite).map((s) => s.status)).toEqual(['pinned']);
    expect(graderViolations(root, bank)).toEqual([]);
    for (const edit of [
      () => put(root, 'judges/q.md', 'Task (strictly): {{task}}\n<reply>{{reply}}</reply>\n'),
      () => writeFileSync(join(root, 'decision-bank.json'), JSON.stringify({ judges: { quality: { current: 1, versions: { '1': { ...v1, model: 'other-model' } } } } })),
      () => writeFileSync(join(root, 'decision-bank.json'), JSON.stringify({ judges: { quality: { current: 1, versions: { '1': { ...v1, params: { temperature: 0.7 } } } } } })),
    ]) {
      put(root, 'judges/q.md', 'Task: {{task}}\n<reply>{{reply}}</reply>\n');
      writeFileSync(join(root, 'decision-bank.json'), JSON.stringify(bank));
      edit();
      const b = JSON.parse(readFileSync(join(root, 'decision-bank.json'), 'utf8'));
      const s = readSuiteGraders(root, b);
      expect(versionStates(s).map((x) => x.status)).toEqual(['changed']);
      const e = thrown(() => suiteJudge(s, 'quality', 1, null));
      expect(e).toMatchObject({ code: 'EGRADERCHANGED' });
      expect(e.message).toContain('put the change in version 2');
      expect(thrown(() => lockSuiteGraders(s))).toMatchObject({ code: 'EGRADERCHANGED' });
      expect(graderViolations(root, b).map((v) => [v.code, v.field])).toEqual([['EGRADERCHANGED', 'judges.quality.versions.1']]);
    }
  });
});
