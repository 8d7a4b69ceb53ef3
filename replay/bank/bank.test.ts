import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchmarkVersion, loadBankFile, validateBankFile } from './bank.ts';
import { sha256 } from '../format/digest.ts';
import { snapshotSource, treeDigest } from './snapshot.ts';
import { docket, REPO, tempDir, treeHashes } from '../../cli/dev/testkit/core.ts';
import type { BankFile, Question } from './types.ts';

/** A small bank in a temp dir: 4 questions (keys A-D) over 2 source evals, one probe per question. */
function fixture(probes: Partial<Record<string, string>> = {}) {
  const root = tempDir('docket-bank-');
  const letters = ['A', 'B', 'C', 'D'];
  const questions: Question[] = letters.map((key, i) => ({
    id: `cat-e${i % 2}-${i}`,
    sourceEval: `cat/e${i % 2}`,
    stem: `Which letter is ${key}?`,
    options: ['first', 'second', 'third', 'fourth'],
    key: key as Question['key'],
    claim: 'c',
    doesNotEstablish: 'd',
    probe: `probes/q${i}.mjs`,
  }));
  for (const q of questions) {
    const dir = join(root, 'evals', q.sourceEval);
    mkdirSync(join(dir, 'probes'), { recursive: true });
    writeFileSync(join(dir, 'TASK.md'), `# ${q.sourceEval}\n`);
    writeFileSync(join(dir, 'solution.mjs'), 'export const x = 1;\n');
    const body = probes[q.id] ?? `const answer = ['A','B','C','D'][${letters.indexOf(q.key)}];\nconsole.log(JSON.stringify({ question: ${JSON.stringify(q.id)}, observed: answer, answer }));\n`;
    writeFileSync(join(dir, q.probe), body);
  }
  const bank: BankFile = {
    schemaVersion: 1,
    name: 'fixture',
    version: '0.0.1',
    description: 'test bank',
    keyBalanceTolerance: 0,
    promptTemplate: { id: 't', version: 1, system: 's', user: '{{stem}}\nA) {{A}}\nB) {{B}}\nC) {{C}}\nD) {{D}}', answerFormat: 'a letter' },
    questions,
    omissions: [],
  };
  writeFileSync(join(root, 'decision-bank.json'), JSON.stringify(bank, null, 2));
  cpSync(join(REPO, 'package-lock.json'), join(root, 'package-lock.json'));
  mkdirSync(join(root, 'lockfiles'));
  writeFileSync(join(root, 'lockfiles', 'probes.lock.json'), JSON.stringify({ lockfileVersion: 1, node: '20', packages: {} }));
  return { root, bank };
}

const codes = (root: string, bank: BankFile) => validateBankFile(root, bank).map((v) => `${v.code}:${v.question ?? v.sourceEval ?? ''}`);

describe('validate', () => {
  it('passes a good fixture and the shipped bank', () => {
    const { root, bank } = fixture();
    expect(validateBankFile(root, bank)).toEqual([]);
    expect(validateBankFile(REPO, loadBankFile(REPO))).toEqual([]);
  });
  it('names every violation with its question and field', () => {
    const { root, bank } = fixture();
    const [q0, q1, q2, q3] = bank.questions as [Question, Question, Question, Question];
    q0.options = ['x', 'X ', 'y', 'z'];
    q1.key = 'E' as never;
    q2.sourceEval = 'cat/nope';
    q3.probe = 'probes/missing.mjs';
    bank.questions.push({ ...q0 });
    const v = validateBankFile(root, bank);
    const found = v.map((x) => `${x.code}:${x.question}:${x.field}`);
    expect(found).toContain('EOPTIONS:cat-e0-0:options[1]');
    expect(found).toContain('EKEY:cat-e1-1:key');
    expect(found).toContain('ESOURCE:cat-e0-2:sourceEval');
    expect(found).toContain('EPROBE:cat-e1-3:probe');
    expect(found).toContain('EDUPID:cat-e0-0:id');
    expect(v.some((x) => x.code === 'EBALANCE')).toBe(true);
  });
  it('requires a question or an omission with a reason for every source eval', () => {
    const { root, bank } = fixture();
    mkdirSync(join(root, 'evals', 'cat', 'lonely'));
    writeFileSync(join(root, 'evals', 'cat', 'lonely', 'TASK.md'), '# lonely');
    writeFileSync(join(root, 'evals', 'cat', 'lonely', 'solution.mjs'), '');
    expect(codes(root, bank)).toContain('EUNCOVERED:cat/lonely');
    bank.omissions.push({ sourceEval: 'cat/lonely', reason: '' });
    expect(codes(root, bank)).toContain('EOMISSION:cat/lonely');
    bank.omissions[0]!.reason = 'no deterministic probe';
    expect(codes(root, bank)).toEqual([]);
  });
  it('rejects probe imports that the lockfile does not pin', () => {
    const { root, bank } = fixture({ 'cat-e0-0': "import Database from 'better-sqlite3';\nconsole.log('{}');\n" });
    expect(codes(root, bank)).toContain('ELOCK:cat-e0-0');
  });
  it('CLI: malformed bank JSON is a coded error naming the file, exit 1', () => {
    const { root } = fixture();
    writeFileSync(join(root, 'decision-bank.json'), '{"questions": [], "questions": []}');
    const r = docket(['validate', '--json'], { cwd: root });
    expect(r.status).toBe(1);
    expect(r.json.error.code).toBe('EBANKJSON');
    expect(r.json.error.message).toMatch(/duplicate key "questions"/);
  });
  it('CLI: --json has the documented shape and a stable benchmark version', () => {
    const { root } = fixture();
    const a = docket(['validate', '--json'], { cwd: root });
    expect(a.status, a.stderr).toBe(0);
    expect(Object.keys(a.json).sort()).toEqual(['benchmarkVersion', 'categories', 'ok', 'omissions', 'questions', 'sourceEvals', 'tasks', 'uncovered', 'violations']);
    expect(a.json).toMatchObject({ ok: true, questions: 4, tasks: 0, sourceEvals: 2, categories: 1, omissions: 0, uncovered: [] });
    expect(docket(['validate', '--json'], { cwd: root }).json.benchmarkVersion).toBe(a.json.benchmarkVersion);
  });
});

describe('benchmark version', () => {
  const parts = (questions: Question[]) => ({ protocol: sha256('p'), template: sha256('t'), questions, sources: [{ sourceEval: 'cat/e0', digest: sha256('s') }] });
  it('is independent of question order but changes when a question changes', () => {
    const { bank } = fixture();
    const v = benchmarkVersion(parts(bank.questions));
    expect(benchmarkVersion(parts([...bank.questions].reverse()))).toBe(v);
    const changed = bank.questions.map((q, i) => (i === 0 ? { ...q, stem: q.stem + ' ' } : q));
    expect(benchmarkVersion(parts(changed))).not.toBe(v);
    expect(benchmarkVersion({ ...parts(bank.questions), template: sha256('t2') })).not.toBe(v);
  });
});

describe('source snapshots', () => {
  it('records files in UTF-8 byte order, symlinks as links, and skips excluded paths', () => {
    const { root } = fixture();
    const dir = join(root, 'evals', 'cat', 'e0');
    writeFileSync(join(dir, 'Z.txt'), 'upper');
    writeFileSync(join(dir, 'a.txt'), 'lower');
    writeFileSync(join(dir, 'é.txt'), 'accent');
    writeFileSync(join(dir, 'run.log'), 'runtime output');
    writeFileSync(join(dir, 'data.sqlite'), 'db');
    mkdirSync(join(dir, 'node_modules', 'x'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', 'x', 'index.js'), '');
    symlinkSync('/etc/passwd', join(dir, 'link'));
    const snap = snapshotSource(root, { id: 'cat/e0', dir: 'evals/cat/e0' });
    const paths = snap.entries.map((e) => e.path);
    expect(paths).toEqual(['TASK.md', 'Z.txt', 'a.txt', 'link', 'probes/q0.mjs', 'probes/q2.mjs', 'solution.mjs', 'é.txt']);
    expect(snap.entries.find((e) => e.path === 'link')).toEqual({ path: 'link', type: 'symlink', target: '/etc/passwd' });
    expect(snap.exclude.files).toContain('*.sqlite');
    expect(snap.treeDigest).toBe(treeDigest(snap.entries));
  });
  it('tree digests are unambiguous: moving bytes between name and content changes the digest', () => {
    const f = (path: string, content: string) => ({ path, type: 'file' as const, mode: 420 as const, size: content.length, digest: sha256(content), encoding: 'utf8' as const, content });
    expect(treeDigest([f('ab', 'c')])).not.toBe(treeDigest([f('a', 'bc')]));
    expect(treeDigest([f('a', ''), f('b', '')])).not.toBe(treeDigest([f('a', '')]));
  });
});

describe('evidence capture and replay (CLI, fixture bank)', () => {
  it('captures, freezes the bank, and replays every probe', () => {
    const { root } = fixture();
    const c = docket(['evidence', 'capture', '--json'], { cwd: root });
    expect(c.status, c.stderr).toBe(0);
    expect(c.json.captured).toBe(4);
    const r = docket(['evidence', 'replay', '--json'], { cwd: root });
    expect(r.json).toMatchObject({ ok: true, total: 4, matched: 4, mismatched: 0, failed: [] });
    expect(docket(['verify', '--json'], { cwd: root }).json.ok).toBe(true);
  });

  it.each([
    ['times out', 'setInterval(() => {}, 1000);\n', /timed out/],
    ['crashes', "throw new Error('boom');\n", /exited with 1.*boom/s],
    ['establishes another option', "console.log(JSON.stringify({ answer: 'D' }));\n", /establishes D, but the bank's key is A/],
    ['tries the network', "await fetch('http://192.0.2.1/');\n", /ENETWORK/],
    ['reads a secret from the environment', "console.log(JSON.stringify({ answer: process.env.OPENAI_API_KEY ? 'A' : 'B' }));\n", /establishes B/],
  ])('a probe that %s fails capture with a coded error naming the question; the archive is untouched', (_n, body, reason) => {
    const { root } = fixture();
    expect(docket(['evidence', 'capture'], { cwd: root }).status).toBe(0);
    writeFileSync(join(root, 'evals', 'cat', 'e0', 'probes', 'q0.mjs'), body);
    const before = treeHashes(join(root, 'evidence'));
    const r = docket(['evidence', 'capture', '--json', '--timeout-ms', '1500'], { cwd: root, env: { OPENAI_API_KEY: 'sk-test-should-not-leak' } });
    expect(r.status).toBe(1);
    expect(r.json.error.code).toBe('EPROBE');
    expect(r.json.error.message).toMatch(/cat-e0-0/);
    expect(r.json.error.message).toMatch(reason);
    const objectsAndRefs = (t: Record<string, string>) => Object.fromEntries(Object.entries(t).filter(([p]) => !p.startsWith('index.sqlite')));
    expect(objectsAndRefs(treeHashes(join(root, 'evidence')))).toEqual(objectsAndRefs(before)); // nothing written, nothing overwritten
  });

  it('replay reports a probe whose output changed, naming the question, exit 1', () => {
    const { root } = fixture();
    expect(docket(['evidence', 'capture'], { cwd: root }).status).toBe(0);
    writeFileSync(join(root, 'evals', 'cat', 'e1', 'probes', 'q1.mjs'), "console.log(JSON.stringify({ answer: 'B', extra: 1 }));\n");
    const r = docket(['evidence', 'replay', '--json'], { cwd: root });
    expect(r.status).toBe(1);
    expect(r.json).toMatchObject({ ok: false, total: 4, matched: 3, mismatched: 1 });
    expect(r.json.failed[0].question).toBe('cat-e1-1');
    expect(r.json.failed[0].reason).toMatch(/changed since capture/);
  });
});
