import { appendFileSync, cpSync, existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { bankDrift } from '../../replay/bank/drift.ts';
import { encodeParts } from '../../replay/bank/bank.ts';
import { docket, REPO, tempDir } from '../dev/testkit/core.ts';
import type { BankFile } from '../../replay/bank/types.ts';
import { driftStep } from '../../replay/check/steps.ts';
import { gitLister } from '../offline/content-git.ts';

/**
 * Issue #18 item 2: the bank that was measured is the bank that ships. A copy of the repository's
 * bank and archive, with the first question whose key is D changed to A.
 */
const tmp = tempDir('docket-drift-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function copyRepo(name: string): string {
  const dir = join(tmp, name);
  for (const f of ['decision-bank.json', 'evals', 'evidence', 'lockfiles', 'package.json', 'package-lock.json']) cpSync(join(REPO, f), join(dir, f), { recursive: true });
  rmSync(join(dir, 'evidence', 'index.sqlite'), { force: true });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules')); // the probes import pinned packages
  return dir;
}
function changeKey(dir: string): string {
  const file = join(dir, 'decision-bank.json');
  const bank = JSON.parse(readFileSync(file, 'utf8')) as BankFile;
  const q = bank.questions.find((x) => x.key === 'D')!;
  q.key = 'A';
  writeFileSync(file, `${JSON.stringify(bank, null, 2)}\n`);
  return q.id;
}
const drift = (dir: string) => {
  const a = new Archive(join(dir, 'evidence'));
  try {
    return bankDrift(dir, a);
  } finally {
    a.close();
  }
};

let clean = '';
let changed = '';
let question = '';
beforeAll(() => {
  clean = copyRepo('clean');
  changed = copyRepo('changed');
  question = changeKey(changed);
});

describe('bank drift', () => {
  it('the shipped tree is the bank every run measured', () => {
    const d = drift(clean);
    expect(d).toHaveLength(1);
    expect(d[0]!.runs).toHaveLength(5);
    expect(d[0]!.changes).toEqual([]);
    expect(driftStep(join(clean, 'evidence'), clean, gitLister(clean) ?? undefined).ok).toBe(true);
    // Told by comparing bytes, without encoding: the version is the one encoding the tree gives.
    const bank = JSON.parse(readFileSync(join(clean, 'decision-bank.json'), 'utf8')) as BankFile;
    expect(d[0]!.worktreeVersion).toBe(encodeParts(clean, bank).parts.benchmarkVersion);
    expect(d[0]!.worktreeVersion).toBe(d[0]!.benchmarkVersion);
  });

  it('a bank renamed, or a source eval with one byte more, is not the measured bank', () => {
    const renamed = copyRepo('renamed');
    const file = join(renamed, 'decision-bank.json');
    const bank = JSON.parse(readFileSync(file, 'utf8')) as BankFile;
    writeFileSync(file, `${JSON.stringify({ ...bank, name: `${bank.name}-2` }, null, 2)}\n`);
    expect(drift(renamed)[0]!.changes.map((c) => c.kind)).toEqual(['name']);
    expect(drift(renamed)[0]!.worktreeVersion).toBe(drift(clean)[0]!.worktreeVersion); // the name is outside the version

    const grown = copyRepo('grown');
    appendFileSync(join(grown, 'evals', 'async', 'await-ordering', 'TASK.md'), ' ');
    const d = drift(grown)[0]!;
    expect(d.changes.map((c) => c.kind)).toEqual(['source-changed']);
    expect(d.worktreeVersion).toBe(encodeParts(grown, bank).parts.benchmarkVersion);
    expect(d.worktreeVersion).not.toBe(d.benchmarkVersion);
  });

  it('a key changed D → A is named, with the question id', () => {
    const d = drift(changed);
    expect(d[0]!.changes).toEqual([{ kind: 'question-changed', id: question, message: `question ${question}: key D → A` }]);
    expect(d[0]!.worktreeVersion).not.toBe(d[0]!.benchmarkVersion);
  });

  it('a changed, an added and a removed file of a source eval are listed by path; template and removed questions too', () => {
    const dir = copyRepo('files');
    const bank = JSON.parse(readFileSync(join(dir, 'decision-bank.json'), 'utf8')) as BankFile;
    const se = bank.questions[0]!.sourceEval;
    appendFileSync(join(dir, 'evals', se, 'TASK.md'), '\nedited\n');
    writeFileSync(join(dir, 'evals', se, 'notes.txt'), 'new file\n');
    const gone = bank.questions.pop()!;
    bank.promptTemplate.system += ' ';
    writeFileSync(join(dir, 'decision-bank.json'), JSON.stringify(bank));
    const changes = drift(dir)[0]!.changes;
    expect(changes.map((c) => `${c.kind} ${c.id}`)).toEqual([`question-removed ${gone.id}`, `source-changed ${se}`, 'template promptTemplate']);
    expect(changes.find((c) => c.kind === 'source-changed')!.files).toEqual([`evals/${se}/TASK.md`, `evals/${se}/notes.txt`]);
  });

  it('docket check exits 1 naming the question; leaderboard says which runs measured which version; release pack refuses', () => {
    const check = docket(['check'], { cwd: changed });
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(/FAIL bank drift +the working tree \(benchmark version sha256:\w+\) is not bank sha256:\w+ .* that 5 run\(s\) measured/);
    expect(check.stdout).toContain(`question ${question}: key D → A`);

    const board = docket(['leaderboard', '--json'], { cwd: changed });
    expect(board.status).toBe(0);
    expect(board.json.measuredOn).toEqual([expect.objectContaining({ runs: ['ref-coin-1', 'ref-flaky-1', 'ref-markdown-1', 'ref-oracle-1', 'ref-truncator-1'], changes: 1 })]);
    expect(board.json.worktree).toMatchObject({ drifted: true });

    const out = join(changed, 'out.tgz');
    const pack = docket(['release', 'pack', '--out', out], { cwd: changed });
    expect(pack.status).toBe(1);
    expect(pack.stderr).toMatch(/EBANKDRIFT: release not packed/);
    expect(pack.stderr).toContain(`question ${question}: key D → A`);
    expect(existsSync(out)).toBe(false);
  }, 180_000); // three full commands over the shipped archive; check re-runs all 48 probes, each in its own network namespace
});
