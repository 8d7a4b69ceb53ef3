import { cpSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Archive } from '../index/archive.ts';
import { currentBank, type FrozenBank } from '../bank/frozen.ts';
import { sha256, type Digest } from '../format/digest.ts';
import { DocketError } from '../errors.ts';
import { gradeAttempt, inputHash, planRegrade, prepareRegrade, writeGrade } from './grades.ts';
import { headGradeDigest, currentGradesFromIndex, gradeChain, INLINE_VERDICTS_MAX, loadGrade, type LoadedGrade } from './grade-records.ts';
import { grader, type Grader } from './graders.ts';
import type { JournalLine } from '../runs/journal.ts';
import { canonicalBytes } from '../format/json.ts';
import { permutationsFor } from '../runs/request.ts';
import type { LoadedRun, PlanValue, RunValue } from '../runs/runs.ts';
import { REPO, tempDir } from '../../cli/dev/testkit/core.ts';
import { execRunner } from '../../cli/offline/exec.ts';
import { suiteGradersAt } from './suite-graders.ts';
import { LETTERS } from '../bank/types.ts';

const EVIDENCE = join(REPO, 'evidence');
const AT = '2026-01-01T00:00:00.000Z';
const bank: FrozenBank = (() => {
  const a = new Archive(EVIDENCE);
  try {
    return currentBank(a);
  } finally {
    a.close();
  }
})();
let tmp: string;

beforeAll(() => {
  tmp = tempDir('docket-grades-');
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the shipped archive to write into. */
function copyArchive(name: string): string {
  const dir = join(tmp, name);
  cpSync(EVIDENCE, dir, { recursive: true });
  return dir;
}

const Q = () => bank.questions[0]!;
/** The shown letter that carries the canonical key under permutation p. */
const shownKey = (p: number) => LETTERS[permutationsFor(Q().id)[p]!.indexOf(LETTERS.indexOf(Q().key))]!;

function line(seq: number, over: Partial<JournalLine> = {}): JournalLine {
  const permutation = seq % 3;
  return {
    seq,
    prev: sha256(`prev${seq}`),
    slot: { question: Q().id, permutation, repetition: 0 },
    attempt: 0,
    requestHash: sha256(`req${permutation}`),
    response: null,
    content: `**${shownKey(permutation)}**`,
    model: 'm',
    finishReason: 'stop',
    usage: null,
    costUsd: null,
    latencyMs: 1,
    errorClass: null,
    class: 'invalid',
    final: true,
    ...over,
  };
}

function fakeRun(lines: JournalLine[], digest: Digest = sha256('run')): LoadedRun {
  const plan = { questions: [Q().id], permutations: 3, repetitions: 1, grader: { ref: 'decision@1', digest: grader('decision@1').digest } } as unknown as PlanValue;
  const run = { id: 'fake-run', model: 'm', status: 'sealed' } as unknown as RunValue;
  return { digest, run, plan, lines };
}

/** A planned grade as the archive would hand it back as `previous`. */
function asPrevious(p: ReturnType<typeof planRegrade>, digest: Digest = sha256('grade')): LoadedGrade {
  return { digest, value: p.grade, verdicts: p.grade.verdicts };
}

describe('grading attempts', () => {
  it('inputHash is SHA-256 of the canonical {content, finishReason, requestHash} and changes with each', () => {
    const l = line(0);
    expect(inputHash(l)).toBe(sha256(canonicalBytes({ content: l.content, finishReason: l.finishReason, requestHash: l.requestHash })));
    const hashes = new Set([inputHash(l), inputHash({ ...l, content: 'B' }), inputHash({ ...l, finishReason: 'length' }), inputHash({ ...l, requestHash: sha256('x') })]);
    expect(hashes.size).toBe(4);
    expect(inputHash({ ...l, latencyMs: 99, costUsd: 1 } as JournalLine)).toBe(inputHash(l)); // what the grader does not read does not count
  });

  it('provider failures and interrupts keep their class as verdict; the grader is not asked', () => {
    const throwing = {
      ...grader('decision'),
      grade: () => {
        throw new Error('asked');
      },
    } as Grader;
    expect(gradeAttempt(line(0, { class: 'provider_failure', errorClass: 'http_5xx', content: null }), Q(), throwing)).toMatchObject({ verdict: 'provider_failure', shown: null, chosen: null });
    expect(gradeAttempt(line(1, { class: 'interrupted', errorClass: 'interrupted', content: null }), Q(), throwing)).toMatchObject({ verdict: 'interrupted' });
  });

  it('decision@1 misses **B**; decision@2 reads it and maps it through the permutation', () => {
    const l = line(1); // permutation 1
    expect(gradeAttempt(l, Q(), grader('decision@1'))).toMatchObject({ verdict: 'invalid', shown: null, chosen: null, seq: 1, question: Q().id, permutation: 1 });
    expect(gradeAttempt(l, Q(), grader('decision@2'))).toMatchObject({ verdict: 'correct', shown: shownKey(1), chosen: Q().key });
    expect(gradeAttempt(line(0, { content: '', finishReason: 'length' }), Q(), grader('decision@2')).verdict).toBe('truncated');
  });
});

describe('planRegrade (in memory)', () => {
  const lines = [line(0), line(1), line(2, { content: 'Answer: (z)' })];

  it('lists every flip with both grader digests, and counts final attempts', () => {
    const first = planRegrade({ run: fakeRun(lines), bank, grader: grader('decision@1'), previous: null, gradedAt: AT });
    expect(first.flips).toEqual([]);
    expect(first.grade.counts).toMatchObject({ attempts: 3, slots: 3, invalid: 3 });
    const second = planRegrade({ run: fakeRun(lines), bank, grader: grader('decision@2'), previous: asPrevious(first), gradedAt: AT });
    expect(second.unchanged).toBe(false);
    expect(second.grade.previous).toBe(sha256('grade'));
    expect(second.flips.map((f) => [f.seq, f.old, f.new])).toEqual([
      [0, 'invalid', 'correct'],
      [1, 'invalid', 'correct'],
    ]);
    expect(second.flips[0]).toMatchObject({
      oldGrader: grader('decision@1').digest,
      newGrader: grader('decision@2').digest,
      oldGraderRef: 'decision@1',
      newGraderRef: 'decision@2',
      final: true,
      runId: 'fake-run',
    });
    expect(second.grade.warnings).toEqual([]);
  });

  it('same grader, same verdicts → unchanged (nothing to write)', () => {
    const a = planRegrade({ run: fakeRun(lines), bank, grader: grader('decision@2'), previous: null, gradedAt: AT });
    const b = planRegrade({ run: fakeRun(lines), bank, grader: grader('decision@2'), previous: asPrevious(a), gradedAt: AT });
    expect(b.unchanged).toBe(true);
    const c = planRegrade({ run: fakeRun(lines), bank, grader: grader('decision@1'), previous: asPrevious(a), gradedAt: AT });
    expect(c.unchanged).toBe(false); // another grader is a new record even if nothing flips
  });

  it('a stored input whose hash no longer matches the previous grade is a warning on the new record', () => {
    const before = planRegrade({ run: fakeRun(lines), bank, grader: grader('decision@2'), previous: null, gradedAt: AT });
    const tampered = [lines[0]!, { ...lines[1]!, content: 'Answer: (a)' }, lines[2]!];
    const after = planRegrade({ run: fakeRun(tampered), bank, grader: grader('decision@2'), previous: asPrevious(before), gradedAt: AT });
    expect(after.unchanged).toBe(false);
    expect(after.grade.warnings).toHaveLength(1);
    expect(after.grade.warnings[0]).toMatchObject({ code: 'WINPUT', seq: 1 });
    expect(after.grade.warnings[0]!.message).toContain(before.grade.verdicts[1]!.inputHash);
  });

  it('a previous grade by an unknown grader digest: still regrades, with a warning', () => {
    const before = planRegrade({ run: fakeRun(lines), bank, grader: grader('decision@1'), previous: null, gradedAt: AT });
    const unknown = { ...before.grade, grader: { ref: 'decision@9', id: 'decision', version: 9, digest: sha256('gone') } };
    const after = planRegrade({ run: fakeRun(lines), bank, grader: grader('decision@2'), previous: { digest: sha256('g'), value: unknown, verdicts: unknown.verdicts }, gradedAt: AT });
    expect(after.grade.warnings.map((w) => w.code)).toEqual(['WGRADER']);
    expect(after.flips[0]!.oldGrader).toBe(sha256('gone'));
  });

  it(`more than ${INLINE_VERDICTS_MAX} attempts: verdicts go to grade-segment bundles, joined again on load`, () => {
    const many = Array.from({ length: INLINE_VERDICTS_MAX + 5 }, (_, i) => line(i));
    const p = planRegrade({ run: fakeRun(many), bank, grader: grader('decision@2'), previous: null, gradedAt: AT });
    expect(p.grade.verdicts).toEqual([]);
    expect(p.segments.map((s) => [s.first, s.verdicts.length])).toEqual([
      [0, INLINE_VERDICTS_MAX],
      [INLINE_VERDICTS_MAX, 5],
    ]);
    const a = new Archive(join(tmp, 'segmented'));
    try {
      const d = writeGrade(a, p);
      expect(a.ref('grades/fake-run')).toBe(d);
      const g = loadGrade(a, d);
      expect(g.value.segments).toHaveLength(2);
      expect(g.verdicts).toHaveLength(many.length);
      expect(g.verdicts[INLINE_VERDICTS_MAX + 4]!.seq).toBe(INLINE_VERDICTS_MAX + 4);
    } finally {
      a.close();
    }
  });
});

describe('grades in the archive', () => {
  it('append-only: a regrade writes a new record, moves the ref, and leaves the old record byte for byte', () => {
    const dir = copyArchive('append');
    const a = new Archive(dir);
    try {
      const old = headGradeDigest(a, 'ref-markdown-1')!;
      expect(old).not.toBeNull();
      const oldPath = join(dir, 'objects/v1/sha256', old.slice(7, 9), `${old.slice(9)}.json.gz`);
      const oldBytes = readFileSync(oldPath);
      // the shipped bank's tasks: exec tasks' tests run again, judge verdicts re-read from the judge runs
      const p = prepareRegrade(a, 'ref-markdown-1', { grader: 'decision@1', gradedAt: AT, exec: execRunner(), suite: suiteGradersAt(REPO) });
      expect(p.flips).toHaveLength(144); // back to decision@1: every reply to a question is invalid again
      expect(p.flips.every((f) => f.new === 'invalid' && f.oldGraderRef === 'decision@2' && f.newGraderRef === 'decision@1')).toBe(true);
      const d = writeGrade(a, p);
      expect(d).not.toBe(old);
      expect(readFileSync(oldPath)).toEqual(oldBytes);
      expect(a.ref('grades/ref-markdown-1')).toBe(d);
      const chain = gradeChain(a, 'ref-markdown-1');
      expect(chain.map((g) => g.digest).slice(0, 2)).toEqual([d, old]);
      expect(chain.map((g) => g.value.grader.ref)).toEqual(['decision@1', 'decision@2', 'decision@1']); // the shipped fix, then this regrade
      expect(chain.map((g) => Boolean(g.value.grader.bundle))).toEqual([true, true, true]);
      // the index: the newest grade is the current one, also after a rebuild from objects and refs
      const current = () => currentGradesFromIndex(a).find((r) => r.runId === 'ref-markdown-1');
      expect(current()).toMatchObject({ digest: d, graderRef: 'decision@1' });
      a.rebuildIndex();
      expect(current()).toMatchObject({ digest: d, graderRef: 'decision@1' });
      expect(currentGradesFromIndex(a)).toHaveLength(5);
    } finally {
      a.close();
    }
  });

  it('unknown grader → EGRADER (usage); missing run → ENORUN (usage); damaged run → EGRADERUN finding', () => {
    const dir = copyArchive('bad');
    const a = new Archive(dir);
    try {
      const code = (fn: () => unknown) => {
        try {
          fn();
        } catch (e) {
          return e instanceof DocketError ? `${e.code}/${e.exitCode}` : String(e);
        }
        return 'no error';
      };
      expect(code(() => prepareRegrade(a, 'ref-oracle-1', { grader: 'nope@1', gradedAt: AT }))).toBe('EGRADER/2');
      expect(code(() => prepareRegrade(a, 'no-such-run', { gradedAt: AT }))).toBe('ENORUN/2');
      const runDigest = a.ref('runs/ref-oracle-1')!;
      const seg = (a.get(runDigest).value as unknown as RunValue).segments[0]!;
      unlinkSync(join(dir, 'objects/v1/sha256', seg.slice(7, 9), `${seg.slice(9)}.json.gz`));
      expect(code(() => prepareRegrade(a, 'ref-oracle-1', { gradedAt: AT }))).toBe('EGRADERUN/1');
    } finally {
      a.close();
    }
  });
});
