import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeParts, loadBankFile, suiteLockfile, validateBankFile } from './bank.ts';
import { DEFAULT_LAYOUT, discoverEvals, hasSolution, nameProblem, probePathOf, readLayout, taskFileOf, type Layout } from './layout.ts';
import { DocketError } from '../errors.ts';
import { REPO, tempDir } from '../../cli/dev/testkit/core.ts';
import type { BankFile } from './types.ts';

const layout = (o: Partial<Layout> = {}): Layout => ({ ...DEFAULT_LAYOUT, ...o });
const mkdirs = (root: string, ...dirs: string[]) => dirs.forEach((d) => mkdirSync(join(root, d), { recursive: true }));

describe('the layout in decision-bank.json', () => {
  it('defaults to the shipped layout, member by member', () => {
    expect(readLayout({})).toEqual({ layout: { evalRoots: ['evals'], taskFiles: ['TASK.md'], solution: ['solution.*'], probeRoot: null }, problems: [] });
    expect(readLayout({ layout: { taskFiles: ['TASK.txt'] } }).layout).toMatchObject({ evalRoots: ['evals'], taskFiles: ['TASK.txt'], solution: ['solution.*'] });
  });

  it('names each unusable member: absolute, "..", backslash, control character, overlapping roots', () => {
    const fields = (l: unknown) => readLayout({ layout: l }).problems.map((p) => p.field);
    expect(fields({ evalRoots: ['/abs'] })).toEqual(['layout.evalRoots[0]']);
    expect(fields({ evalRoots: ['a/../b', 'ok', '.'] })).toEqual(['layout.evalRoots[0]', 'layout.evalRoots[2]']);
    expect(fields({ evalRoots: ['a\\b'] })).toEqual(['layout.evalRoots[0]']);
    expect(fields({ probeRoot: 'p\u0007' })).toEqual(['layout.probeRoot']);
    expect(fields({ evalRoots: ['evals'], probeRoot: 'evals/probes' })).toEqual(['layout.probeRoot']);
    expect(fields({ evalRoots: ['evals', 'evals/more'] })).toEqual(['layout.evalRoots[1]']);
    expect(fields({ taskFiles: [] })).toEqual(['layout.taskFiles']);
    expect(fields({ solution: ['../x/'] })).toEqual(['layout.solution[0]']);
    expect(fields('evals')).toEqual(['layout']);
    expect(fields({ evalRoots: ['tasks', 'more/tasks'], taskFiles: ['PROMPT.md'], solution: ['answer/', 'solution.*', 'REF.md'], probeRoot: 'docket/probes' })).toEqual([]);
  });
});

describe('names on disk', () => {
  it('refuses only what is unsafe', () => {
    for (const ok of ['001-data_modeling', 'Async Things', 'ünïcode', 'a.b', '-x', 'UPPER']) expect(nameProblem(ok), ok).toBeNull();
    for (const bad of ['', '.', '..', 'a/b', 'a\\b', 'C:x', 'tab\there', 'nl\n', 'del\u007f', 'c1\u0085']) expect(nameProblem(bad), JSON.stringify(bad)).not.toBeNull();
  });

  it("ids are the folders' own names; hidden folders and files are not evals; ids sort by UTF-8 bytes", () => {
    const root = tempDir('docket-layout-');
    mkdirs(root, 'evals/001-data_modeling/006-database_crud', 'evals/001-data_modeling/010-Z', 'evals/002-b/001-ä', 'evals/.cache/x', 'evals/002-b/.hidden');
    writeFileSync(join(root, 'evals/README.md'), 'not a category\n');
    writeFileSync(join(root, 'evals/002-b/notes.txt'), 'not an eval\n');
    const s = discoverEvals(root, layout());
    expect(s.evals).toEqual([
      { id: '001-data_modeling/006-database_crud', dir: 'evals/001-data_modeling/006-database_crud' },
      { id: '001-data_modeling/010-Z', dir: 'evals/001-data_modeling/010-Z' },
      { id: '002-b/001-ä', dir: 'evals/002-b/001-ä' },
    ]);
    expect(s.problems).toEqual([]);
    expect(s.dirOf('002-b/001-ä')).toBe('evals/002-b/001-ä');
  });

  it('a bad name is reported with its path and leaves the other evals listed; collisions name both folders', () => {
    const root = tempDir('docket-layout-');
    const nfc = 'caf\u00e9';
    const nfd = 'cafe\u0301';
    mkdirs(root, 'evals/cat/good', 'evals/cat/bad\u0001name', `evals/cat/${nfc}`, `evals/cat/${nfd}`, 'evals/Cat2/x', 'evals/cat2/y', 'more/cat/good');
    const s = discoverEvals(root, layout({ evalRoots: ['evals', 'more', 'missing'] }));
    expect(s.evals.map((e) => e.id)).toEqual([]);
    const byPath = Object.fromEntries(s.problems.map((p) => [p.path, p]));
    expect(byPath[JSON.stringify('evals/cat/bad\u0001name')]!.message).toMatch(/control character/);
    expect(byPath[`evals/cat/${nfc}`]!.message).toMatch(/NFC and NFD/);
    expect(byPath[`evals/cat/${nfd}`]!.message).toContain(`evals/cat/${nfc}`);
    expect(byPath['evals/Cat2']!.message).toMatch(/up to case/);
    expect(byPath['evals/cat2']!.message).toMatch(/up to case/);
    expect(byPath['evals/cat/good']!.message).toMatch(/the same id in two eval roots/);
    expect(byPath['more/cat/good']!.message).toContain('evals/cat/good/');
    expect(byPath.missing).toMatchObject({ code: 'EEVALROOT' });
    // and with the unsafe ones gone, the rest is listed as usual
    const clean = tempDir('docket-layout-');
    mkdirs(clean, 'evals/cat/good', 'evals/cat/bad\u0001name');
    expect(discoverEvals(clean, layout()).evals.map((e) => e.id)).toEqual(['cat/good']);
  });

  it('a folder name that is not UTF-8 is reported, not crashed on', () => {
    const root = tempDir('docket-layout-');
    mkdirs(root, 'evals/cat/fine');
    mkdirSync(Buffer.concat([Buffer.from(join(root, 'evals/cat/')), Buffer.from([0x66, 0xff, 0x6f])]));
    const s = discoverEvals(root, layout());
    expect(s.evals.map((e) => e.id)).toEqual(['cat/fine']);
    expect(s.problems).toHaveLength(1);
    expect(s.problems[0]!.message).toMatch(/not valid UTF-8 \(bytes 66ff6f\)/);
  });
});

describe('inside a source eval', () => {
  it('task files, and a reference solution as a folder, a file with any extension, or an exact name', () => {
    const root = tempDir('docket-layout-');
    mkdirs(root, 'e/answer', 'e2');
    writeFileSync(join(root, 'e/TASK.txt'), 't\n');
    writeFileSync(join(root, 'e2/solution.py'), 's\n');
    writeFileSync(join(root, 'e2/REF.md'), 's\n');
    expect(taskFileOf(root, 'e', layout({ taskFiles: ['TASK.md', 'TASK.txt'] }))).toBe('TASK.txt');
    expect(taskFileOf(root, 'e', layout())).toBeNull();
    expect(hasSolution(root, 'e', layout({ solution: ['answer/'] }))).toBe(true);
    expect(hasSolution(root, 'e', layout())).toBe(false);
    expect(hasSolution(root, 'e2', layout())).toBe(true);
    expect(hasSolution(root, 'e2', layout({ solution: ['answer/'] }))).toBe(false);
    expect(hasSolution(root, 'e2', layout({ solution: ['REF.md'] }))).toBe(true);
    writeFileSync(join(root, 'e/answer.txt'), 'a file, not the folder\n');
    expect(hasSolution(root, 'e2', layout({ solution: ['answer/'] }))).toBe(false);
  });

  it('a probe is relative to its source eval, or to <probeRoot>/<sourceEval>/', () => {
    expect(probePathOf(layout(), 'evals/async/x', 'async/x', 'probes/p.mjs')).toBe('evals/async/x/probes/p.mjs');
    expect(probePathOf(layout({ probeRoot: 'probes' }), 'evals/001-a/002-b', '001-a/002-b', 'p.mjs')).toBe('probes/001-a/002-b/p.mjs');
  });
});

/** A bank in a suite laid out its own way: tasks/<cat>/<eval>/ with PROMPT.txt, reference/ folders, probes apart. */
function ownLayout() {
  const root = tempDir('docket-layout-');
  const bank: BankFile = {
    schemaVersion: 1,
    name: 'own',
    version: '1',
    description: '',
    keyBalanceTolerance: 1,
    layout: { evalRoots: ['tasks'], taskFiles: ['PROMPT.txt'], solution: ['reference/'], probeRoot: 'checks' },
    promptTemplate: { id: 't', version: 1, system: 's', user: '{{stem}}', answerFormat: 'a letter' },
    questions: [{ id: 'q-1', sourceEval: '01-Cat_A/02-eval_B', stem: 's', options: ['a', 'b', 'c', 'd'], key: 'A', claim: 'c', doesNotEstablish: 'd', probe: 'q1.mjs' }],
    omissions: [{ sourceEval: '01-Cat_A/03-eval_C', reason: 'nothing offline to establish' }],
  };
  for (const e of ['01-Cat_A/02-eval_B', '01-Cat_A/03-eval_C']) {
    mkdirs(root, `tasks/${e}/reference`);
    writeFileSync(join(root, `tasks/${e}/PROMPT.txt`), 'task\n');
  }
  mkdirs(root, 'checks/01-Cat_A/02-eval_B', 'lockfiles');
  writeFileSync(join(root, 'checks/01-Cat_A/02-eval_B/q1.mjs'), 'console.log(JSON.stringify({ answer: "A" }));\n');
  writeFileSync(join(root, 'lockfiles/probes.lock.json'), JSON.stringify({ lockfileVersion: 1, node: '20', packages: {} }));
  writeFileSync(join(root, 'decision-bank.json'), JSON.stringify(bank, null, 2));
  return { root, bank };
}

describe('validate and snapshot on a layout of its own', () => {
  it('passes with ids as on disk, probes apart, no package-lock.json', () => {
    const { root, bank } = ownLayout();
    expect(validateBankFile(root, bank)).toEqual([]);
    expect(encodeParts(root, bank).parts.sources.map((s) => s.sourceEval)).toEqual(['01-Cat_A/02-eval_B', '01-Cat_A/03-eval_C']);
  });

  it('task file, solution, probe and coverage rules follow the layout and name the folder', () => {
    const { root, bank } = ownLayout();
    mkdirs(root, 'tasks/01-Cat_A/04-new');
    const v = validateBankFile(root, { ...bank, questions: [{ ...bank.questions[0]!, probe: 'missing.mjs' }] });
    expect(v.map((x) => `${x.code}:${x.sourceEval}:${x.path ?? ''}`).sort()).toEqual([
      'EPROBE:01-Cat_A/02-eval_B:',
      'ESOLUTION:01-Cat_A/04-new:tasks/01-Cat_A/04-new',
      'ETASK:01-Cat_A/04-new:tasks/01-Cat_A/04-new',
      'EUNCOVERED:01-Cat_A/04-new:tasks/01-Cat_A/04-new',
    ]);
    expect(v.find((x) => x.code === 'ETASK')!.message).toBe('tasks/01-Cat_A/04-new/ has no task file (PROMPT.txt; layout.taskFiles)');
    expect(v.find((x) => x.code === 'EPROBE')!.message).toContain('checks/01-Cat_A/02-eval_B/missing.mjs does not exist');
  });

  it('an unsafe name is a violation naming its path; the snapshot refuses with ENAME naming every one', () => {
    const { root, bank } = ownLayout();
    mkdirs(root, 'tasks/01-Cat_A/bad\u0007bell', 'tasks/01-cat_a/x');
    const all = validateBankFile(root, bank);
    expect(all.filter((x) => x.code === 'ESOURCE')).toEqual([]); // its question and omission are in the refused category: not "missing"
    const v = all.filter((x) => x.code === 'ENAME');
    expect(v.map((x) => x.path).sort()).toEqual(['tasks/01-Cat_A', 'tasks/01-cat_a', JSON.stringify('tasks/01-Cat_A/bad\u0007bell')].sort());
    let thrown: unknown;
    try {
      encodeParts(root, bank);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(DocketError);
    expect((thrown as DocketError).code).toBe('ENAME');
    expect((thrown as DocketError).exitCode).toBe(1);
    expect((thrown as DocketError).message).toContain('tasks/01-cat_a collides with tasks/01-Cat_A');
    expect((thrown as DocketError).message).toContain(JSON.stringify('tasks/01-Cat_A/bad\u0007bell'));
  });

  it('an unusable layout is ELAYOUT, and nothing else is guessed; a lockfile outside the tree is ELOCKFILE', () => {
    const { root, bank } = ownLayout();
    expect(validateBankFile(root, { ...bank, layout: { evalRoots: ['../elsewhere'] } }).map((x) => x.code)).toEqual(['ELAYOUT']);
    expect(validateBankFile(root, { ...bank, lockfile: '../bun.lock' }).map((x) => x.code)).toEqual(['ELOCKFILE']);
    expect(() => suiteLockfile(root, { lockfile: '../bun.lock' })).toThrow(/ELOCKFILE|outside|segment/);
  });

  it("the suite's lockfile: the bank's lockfile, else the first kind present, else package-lock.json", () => {
    const { root } = ownLayout();
    expect(suiteLockfile(root, {})).toBe('package-lock.json');
    writeFileSync(join(root, 'yarn.lock'), '');
    writeFileSync(join(root, 'bun.lock'), '{}');
    expect(suiteLockfile(root, {})).toBe('bun.lock');
    expect(suiteLockfile(root, { lockfile: 'yarn.lock' })).toBe('yarn.lock');
  });

  it('the shipped bank writes no layout: the defaults describe it', () => {
    expect(loadBankFile(REPO).layout).toBeUndefined();
    expect(validateBankFile(REPO, loadBankFile(REPO))).toEqual([]);
  });
});
