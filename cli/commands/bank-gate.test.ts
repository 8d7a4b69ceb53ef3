import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocketError } from '../../replay/errors.ts';
import { docket, DOCKET, REPO, tempDir } from '../dev/testkit/core.ts';
import { loadBankFile, validateBankFile } from '../../replay/bank/bank.ts';
import { runProbe } from '../offline/probes.ts';
import { requireValidBank } from './bank-run.ts';

/** Issue 19 (6, 7, 10, 13): pack, capture and validate hold every bank to the full validation, paths inside the tree. */
let tree = '';
const BANK = readFileSync(join(REPO, 'decision-bank.json'), 'utf8');
const bank = () => JSON.parse(BANK) as { questions: Record<string, unknown>[]; omissions: Record<string, unknown>[]; [k: string]: unknown };

function freshTree(): string {
  const dir = tempDir('docket-gate-');
  for (const f of ['decision-bank.json', 'evals', 'lockfiles', 'package.json', 'package-lock.json']) cpSync(join(REPO, f), join(dir, f), { recursive: true });
  rmSync(join(dir, 'lockfiles', 'decision-verification.tgz.sha256'), { force: true });
  return dir;
}

beforeAll(() => {
  tree = freshTree();
});
afterAll(() => rmSync(tree, { recursive: true, force: true }));

const withBank = (text: string | Buffer, f: () => void) => {
  writeFileSync(join(tree, 'decision-bank.json'), text);
  try {
    f();
  } finally {
    writeFileSync(join(tree, 'decision-bank.json'), BANK);
  }
};

const edited = (edit: (b: ReturnType<typeof bank>) => void) => {
  const b = bank();
  edit(b);
  return JSON.stringify(b, null, 2);
};

const q0 = (b: ReturnType<typeof bank>) => b.questions[0]!;

const BROKEN: [string, string | Buffer, string][] = [
  ['invalid JSON', BANK.slice(0, 200), 'EBANKJSON'],
  ['a duplicate key at the root', BANK.replace('{', '{\n  "name": "x",'), 'EBANKJSON'],
  ['a duplicate key in a question', edited(() => {}).replace('"stem":', '"key": "A",\n      "stem":'), 'EBANKJSON'],
  ['five options', edited((b) => void (q0(b).options as string[]).push('E) another')), 'EINVALID'],
  ['three options', edited((b) => void (q0(b).options as string[]).pop()), 'EINVALID'],
  ['two keys', edited((b) => void (q0(b).key = ['A', 'B'])), 'EINVALID'],
  ['a key that is no letter', edited((b) => void (q0(b).key = 'E')), 'EINVALID'],
  ['a duplicate question id', edited((b) => void (b.questions[1]!.id = q0(b).id)), 'EINVALID'],
  ['two equal options', edited((b) => void ((q0(b).options as string[])[1] = (q0(b).options as string[])[0]!)), 'EINVALID'],
  ['a source eval that does not exist', edited((b) => void (q0(b).sourceEval = 'nope/missing')), 'EINVALID'],
  ['a probe that does not exist', edited((b) => void (q0(b).probe = 'probes/missing.mjs')), 'EINVALID'],
  ['unbalanced keys', edited((b) => b.questions.forEach((q) => void (q.key = 'A'))), 'EINVALID'],
  ['an unknown field', edited((b) => void (q0(b).extra = 1)), 'EINVALID'],
  ['an omission without a reason', edited((b) => void (b.omissions[0]!.reason = ' ')), 'EINVALID'],
  ['questions not an array', edited((b) => void ((b as Record<string, unknown>).questions = { a: 1 })), 'EINVALID'],
  ['a question that is a number', edited((b) => void ((b.questions as unknown[])[0] = 5)), 'EINVALID'],
  ['a sourceEval that is a number', edited((b) => void (q0(b).sourceEval = 5)), 'EINVALID'],
  ['a missing prompt template', edited((b) => void delete b.promptTemplate), 'EINVALID'],
  ['a root that is an array', '[1, 2]', 'EBANKROOT'],
  ['a root that is a number', '42', 'EBANKROOT'],
  ['a root that is null', 'null', 'EBANKROOT'],
  ['a byte order mark', `\uFEFF${BANK}`, 'EBANKJSON'],
  ['invalid UTF-8', Buffer.concat([Buffer.from(BANK.slice(0, 40)), Buffer.from([0xff, 0xfe]), Buffer.from(BANK.slice(40))]), 'EBANKJSON'],
  ['an integer beyond 2^53', BANK.replace('{', '{\n  "keyBalanceTolerance": 9007199254740993,'), 'EBANKJSON'],
  ['nesting 100000 levels deep', BANK.replace('{', `{\n  "deep": ${'['.repeat(100_000)}${']'.repeat(100_000)},`), 'EBANKJSON'],
];

describe('the full bank validation gates capture and release pack', () => {
  it('the shipped bank passes', () => {
    expect(() => requireValidBank(tree, 'release pack refused')).not.toThrow();
  });

  it.each(BROKEN)('refuses %s with a coded finding', (_name, text, code) => {
    withBank(text, () => {
      let err: unknown;
      try {
        requireValidBank(tree, 'release pack refused');
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(DocketError);
      expect((err as DocketError).code).toBe(code);
      expect((err as DocketError).exitCode).toBe(1);
    });
  });

  it('docket release pack exits 1 for a broken bank and writes nothing; validate prints coded findings, not "undefined"', () => {
    withBank(BROKEN[3]![1], () => {
      const r = docket(['release', 'pack', '--out', 'out.tgz', '--json'], { cwd: tree });
      expect(r.status, r.stderr).toBe(1);
      expect(r.json.error.code).toBe('EINVALID');
      expect(r.json.error.message).toMatch(/^release pack refused: .*EOPTIONS/);
      expect(existsSync(join(tree, 'out.tgz'))).toBe(false);
    });
    withBank('[1, 2]', () => {
      const v = docket(['validate'], { cwd: tree });
      expect(v.status, v.stderr).toBe(1);
      expect(v.stderr).toMatch(/^docket: EBANKROOT: decision-bank\.json: the root is an array/);
      expect(v.stdout + v.stderr).not.toMatch(/undefined|internal error/);
    });
  });
});

describe('paths a bank names stay inside the tree', () => {
  it('a probe symlinked outside the tree fails validate, capture and pack, and is never run; a symlink inside is fine', async () => {
    const dir = freshTree();
    const outside = mkdirSync(join(tmpdir(), `docket-outside-${process.pid}`), { recursive: true }) ?? join(tmpdir(), `docket-outside-${process.pid}`);
    try {
      const q = bank().questions[0]!;
      const probe = join(dir, 'evals', q.sourceEval as string, q.probe as string);
      const target = join(outside, 'evil.mjs');
      writeFileSync(target, readFileSync(probe));
      unlinkSync(probe);
      symlinkSync(target, probe);
      expect(validateBankFile(dir, loadBankFile(dir))).toContainEqual(expect.objectContaining({ code: 'EPROBE', question: q.id, message: expect.stringMatching(/outside the repository/) }));
      await expect(runProbe(dir, join('evals', q.sourceEval as string, q.probe as string), { runtime: 'node', timeoutMs: 5000 })).rejects.toMatchObject({ code: 'ETREEPATH' });
      const cap = docket(['evidence', 'capture', '--archive', join(dir, 'evidence'), '--json'], { cwd: dir });
      expect(cap.status).toBe(1);
      expect(cap.json.error.code).toBe('EINVALID');
      expect(existsSync(join(dir, 'evidence'))).toBe(false);
      const pack = docket(['release', 'pack', '--out', 'x.tgz', '--json'], { cwd: dir });
      expect(pack.status).toBe(1);
      expect(pack.json.error.code).toBe('EINVALID');
      // The same file reached through a symlink that stays inside the tree resolves inside it.
      unlinkSync(probe);
      cpSync(target, join(dir, 'inside.mjs'));
      symlinkSync(join(dir, 'inside.mjs'), probe);
      expect(validateBankFile(dir, loadBankFile(dir)).filter((x) => x.code === 'EPROBE')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a source eval directory symlinked outside the tree is ESOURCE', () => {
    const dir = freshTree();
    const outside = join(tmpdir(), `docket-outside-se-${process.pid}`);
    try {
      const se = bank().questions[0]!.sourceEval as string;
      cpSync(join(dir, 'evals', se), outside, { recursive: true });
      rmSync(join(dir, 'evals', se), { recursive: true });
      symlinkSync(outside, join(dir, 'evals', se));
      expect(validateBankFile(dir, loadBankFile(dir))).toContainEqual(expect.objectContaining({ code: 'ESOURCE', sourceEval: se, message: expect.stringMatching(/outside the repository/) }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('release pack --write-digest killed before its rename', () => {
  it('leaves no temp the next pack ships (the digest does not change)', () => {
    const dir = freshTree();
    const hook = join(dir, '..', `kill-at-rename-${process.pid}.mjs`);
    // SIGKILL at the digest file's rename: exactly where a crash leaves the temp behind.
    writeFileSync(
      hook,
      `import fs from 'node:fs';\nimport { syncBuiltinESMExports } from 'node:module';\nconst rename = fs.renameSync;\nfs.renameSync = (from, to) => { if (String(to).endsWith('decision-verification.tgz.sha256')) process.kill(process.pid, 'SIGKILL'); return rename(from, to); };\nsyncBuiltinESMExports();\n`,
    );
    try {
      const first = docket(['release', 'pack', '--out', 'a.tgz', '--json'], { cwd: dir });
      expect(first.status, first.stderr).toBe(0);
      const killed = spawnSync(process.execPath, ['--import', hook, DOCKET, 'release', 'pack', '--out', 'b.tgz', '--write-digest'], { cwd: dir, encoding: 'utf8' });
      expect(killed.signal).toBe('SIGKILL');
      const leftovers = [...readdirSync(dir), ...readdirSync(join(dir, 'lockfiles')).map((f) => `lockfiles/${f}`)].filter((f) => f.includes('.tmp-'));
      expect(leftovers).toHaveLength(1); // the kill really left a temp
      const again = docket(['release', 'pack', '--out', 'c.tgz', '--json'], { cwd: dir });
      expect(again.status, again.stderr).toBe(0);
      expect(again.json.digest).toBe(first.json.digest);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(hook, { force: true });
    }
  });
});
