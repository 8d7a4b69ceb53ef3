import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DocketError, EXIT } from '../errors.ts';
import {
  ALL_GRADERS,
  CURRENT_GRADERS,
  exactGrader,
  grader,
  graderByDigest,
  graderDigest,
  graderSource,
  lockFor,
  TASK_GRADERS,
  lockProblems,
  readGraderSource,
  refOf,
  type Grader,
  type GraderInput,
  type GraderLock,
} from './graders.ts';
import { permutationsFor, renderPrompt, toCanonical } from '../runs/request.ts';
import { LETTERS as COMMON_LETTERS, toCanonical as commonToCanonical } from './graders/common.ts';
import { LETTERS, type BankFile, type Letter, type Permutation } from '../bank/types.ts';

const ID: Permutation = [0, 1, 2, 3];
const OPTIONS = ['undefined', 'null', '42', 'throws a TypeError'];
const input = (content: string | null, extra: Partial<GraderInput> = {}): GraderInput => ({
  content,
  finishReason: 'stop',
  permutation: ID,
  key: 'B',
  options: OPTIONS,
  ...extra,
});
const shownBy = (g: Grader, content: string) => g.grade(input(content)).shown;

const v1 = grader('decision@1');
const v2 = grader('decision@2');

// Replies that name exactly one letter, in formats decision@1 already reads.
const BARE: [string, Letter][] = [
  ['B', 'B'],
  ['  C \n', 'C'],
  ['D.', 'D'],
  ['(A)', 'A'],
  ['B)', 'B'],
  ['(C).', 'C'],
  ['\tA\n', 'A'],
];
// The reference contender "markdown" answers like this; decision@1 misses both.
const MARKDOWN: [string, Letter][] = [
  ['**B**', 'B'],
  ['Answer: (b)', 'B'],
];
// More variants decision@2 reads.
const VARIANTS: [string, Letter][] = [
  ['**C)**', 'C'],
  ['**(D)**', 'D'],
  ['__A__', 'A'],
  ['b', 'B'],
  ['(d)', 'D'],
  ['**c**', 'C'],
  ['The answer is C', 'C'],
  ['The answer is C.', 'C'],
  ['Answer: D', 'D'],
  ['Answer: d', 'D'],
  ['ANSWER: (B)', 'B'],
  ['**Answer:** (b)', 'B'],
  ['**Answer**: C', 'C'],
  ['Final answer: B.', 'B'],
  ['The correct answer is (c) because x', 'C'],
  ['The answer is B because the loop runs twice', 'B'],
  ['Answer: A', 'A'],
  ['answer:a', 'A'],
  ['B\n\nOption A is wrong because it ignores hoisting.', 'B'],
  ['C) 42', 'C'],
  ['(C) 42', 'C'],
  ['B, because the promise settles first', 'B'],
  ['D - the statement throws', 'D'],
  ['Option A is wrong; the answer is **C**.', 'C'],
  ['The answer is B, not A', 'B'],
  ['**B**\n\nAnswer: (b)', 'B'],
];
// Nothing parseable, or two different letters: invalid for every version.
const INVALID = [
  '',
  'I am not sure.',
  'The answer is a closure.',
  'The answer is A closure over x.',
  'I think a closure is right',
  'the answer is a',
  'E',
  'AB',
  'A or B',
  'A, B',
  'A\nB',
  'Answer: B or C',
  'Answer: B/C',
  '**B** or **C**',
  'Answer: B\nAnswer: C',
  'C) 42\nD) 43',
  'The answer is not A',
  'BA',
];

describe('decision@1', () => {
  it.each(BARE)('reads the bare reply %j as %s', (reply, letter) => expect(shownBy(v1, reply)).toBe(letter));
  it.each(MARKDOWN)('misses the markdown contender format %j', (reply) => expect(v1.grade(input(reply)).verdict).toBe('invalid'));
  it.each(VARIANTS)('does not read %j', (reply) => expect(shownBy(v1, reply)).toBeNull());
  it.each(INVALID)('%j → invalid', (reply) => expect(v1.grade(input(reply))).toEqual({ verdict: 'invalid', shown: null, chosen: null }));
});

describe('decision@2', () => {
  it.each([...BARE, ...MARKDOWN, ...VARIANTS])('reads %j as %s', (reply, letter) => expect(shownBy(v2, reply)).toBe(letter));
  it.each(INVALID)('%j → invalid', (reply) => expect(v2.grade(input(reply))).toEqual({ verdict: 'invalid', shown: null, chosen: null }));
  it('the markdown formats flip from invalid to correct (the shipped grader fix)', () => {
    for (const [reply] of MARKDOWN) {
      expect(v1.grade(input(reply)).verdict).toBe('invalid');
      expect(v2.grade(input(reply))).toEqual({ verdict: 'correct', shown: 'B', chosen: 'B' });
    }
  });
  it('reads every letter decision@1 reads, the same way (property)', () => {
    const reply = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.tuple(fc.constantFrom(' ', '', '(', '\n'), fc.constantFrom(...LETTERS, 'a', 'e'), fc.constantFrom('', ')', '.', ').', ' ')).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(reply, (r) => {
        const old = shownBy(v1, r);
        return old === null || shownBy(v2, r) === old;
      }),
      { numRuns: 2000 },
    );
  });
});

describe('truncation', () => {
  it.each(ALL_GRADERS.map((g) => [`${g.id}@${g.version}`, g] as const))('%s: finish length with empty content is truncated', (_, g) => {
    for (const content of [null, '', '  \n ']) {
      expect(g.grade(input(content, { finishReason: 'length' }))).toEqual({ verdict: 'truncated', shown: null, chosen: null });
    }
    // Empty content that was not cut off is no answer (invalid), and a cut-off reply that named a letter is graded.
    expect(g.grade(input('', { finishReason: 'stop' })).verdict).toBe('invalid');
    expect(g.grade(input(null, { finishReason: null })).verdict).toBe('invalid');
    expect(g.grade(input('B', { finishReason: 'length' })).verdict).toBe('correct');
  });
});

describe('permutation mapping', () => {
  const bank = JSON.parse(readFileSync(new URL('../../decision-bank.json', import.meta.url), 'utf8')) as BankFile;

  it('maps the shown letter back through every permutation (matches toCanonical)', () => {
    for (const perm of [ID, [2, 0, 3, 1], [3, 2, 1, 0]] as Permutation[]) {
      for (const [pos, shown] of LETTERS.entries()) {
        const chosen = LETTERS[perm[pos]!]!;
        expect(toCanonical(perm, shown)).toBe(chosen);
        for (const g of [v1, v2]) {
          expect(g.grade(input(shown, { permutation: perm, key: 'C' }))).toEqual({ verdict: chosen === 'C' ? 'correct' : 'incorrect', shown, chosen });
        }
      }
    }
  });

  it('on every bank question and permutation, the letter shown beside the key text grades correct and the others incorrect', () => {
    let checked = 0;
    for (const q of bank.questions) {
      const keyText = q.options[LETTERS.indexOf(q.key)]!;
      for (const perm of permutationsFor(q.id)) {
        const { user } = renderPrompt(bank.promptTemplate, q, perm);
        const base = { permutation: perm, key: q.key, options: [...q.options] };
        for (const shown of LETTERS) {
          const displayedText = q.options[perm[LETTERS.indexOf(shown)]!]!;
          expect(user).toContain(`${shown}) ${displayedText}`);
          const expected = displayedText === keyText ? 'correct' : 'incorrect';
          for (const g of [v1, v2, CURRENT_GRADERS.exact]) expect(g.grade(input(shown, base)).verdict).toBe(expected);
          expect(v2.grade(input(`**${shown}**`, base)).verdict).toBe(expected);
          checked++;
        }
      }
    }
    expect(checked).toBe(bank.questions.length * 3 * 4);
  });
});

describe('exact@1', () => {
  const exact = grader('exact@1');
  const perm: Permutation = [2, 0, 3, 1]; // shown A = canonical C, B = A, C = D, D = B
  const at = (content: string, g: Grader = exact) => g.grade(input(content, { permutation: perm, key: 'B' }));

  it('accepts the displayed letter or the exact option text, mapped through the permutation', () => {
    expect(at('D')).toEqual({ verdict: 'correct', shown: 'D', chosen: 'B' });
    expect(at('  null \n')).toEqual({ verdict: 'correct', shown: 'D', chosen: 'B' });
    expect(at('42')).toEqual({ verdict: 'incorrect', shown: 'A', chosen: 'C' });
    expect(at('B')).toEqual({ verdict: 'incorrect', shown: 'B', chosen: 'A' });
  });
  it('is exact: anything else is invalid', () => {
    for (const r of ['**D**', 'Answer: D', 'null.', 'd', 'NULL', 'the value is null']) expect(at(r).verdict).toBe('invalid');
  });
  it('case sensitivity is config, and config is part of the identity', () => {
    const loose = exactGrader({ caseSensitive: false });
    expect(at('d', loose)).toEqual({ verdict: 'correct', shown: 'D', chosen: 'B' });
    expect(at('NULL', loose).verdict).toBe('correct');
    expect(at('THROWS a typeerror', loose)).toEqual({ verdict: 'incorrect', shown: 'C', chosen: 'D' });
    expect(loose.digest).not.toBe(exact.digest);
    expect(loose.config).toEqual({ caseSensitive: false });
  });
  it('two options with the same text are not decidable', () => {
    expect(exact.grade(input('same', { options: ['same', 'same', 'x', 'y'] })).verdict).toBe('invalid');
  });
});

describe('identity', () => {
  // Golden digests: lockfiles/graders.lock.json pins them. If one changes, a grader's logic (or
  // common.ts) changed: that must be a new grader version, not an edit of a shipped one.
  const LOCK = JSON.parse(readFileSync(new URL('../../lockfiles/graders.lock.json', import.meta.url), 'utf8')) as GraderLock;
  const FILES = { 'decision@1': 'decision-v1.ts', 'decision@2': 'decision-v2.ts', 'exact@1': 'exact-v1.ts' } as const;

  it('digests are the pinned ones (lockfiles/graders.lock.json), and the lock pins every built-in grader', () => {
    expect(LOCK).toEqual(lockFor([...ALL_GRADERS, ...TASK_GRADERS]));
    expect(Object.keys(LOCK.graders).sort()).toEqual(['answer@1', 'decision@1', 'decision@2', 'exact@1', 'exec@1']);
    expect(lockProblems(ALL_GRADERS, LOCK)).toEqual([]);
  });

  it('digest = sha256(canonical JSON of {id, version, config, source}), source keyed by logical module, never a path', () => {
    for (const g of ALL_GRADERS) {
      const source = graderSource(FILES[refOf(g) as keyof typeof FILES]);
      expect(Object.keys(source).sort()).toEqual(['common', 'grader']);
      expect(g.source).toEqual(source);
      expect(graderDigest(g.id, g.version, g.config, source)).toBe(g.digest);
      // Any edit to the text gives another identity.
      expect(graderDigest(g.id, g.version, g.config, { ...source, common: `${source.common}// edit\n` })).not.toBe(g.digest);
    }
  });

  it("common.ts's LETTERS and toCanonical are the request format's (replay/runs/request.ts)", () => {
    expect(COMMON_LETTERS).toEqual(LETTERS);
    for (const perm of permutationsFor('any-question')) for (const shown of [...LETTERS, 'E', '', 'a']) expect(commonToCanonical(perm, shown)).toBe(toCanonical(perm, shown));
  });

  it('moving the files changes no digest', () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'docket-moved-graders-'));
    try {
      mkdirSync(join(elsewhere, 'some', 'other', 'place'), { recursive: true });
      for (const g of ALL_GRADERS) {
        const file = FILES[refOf(g) as keyof typeof FILES];
        const moved = { common: join(elsewhere, 'shared-steps.ts'), grader: join(elsewhere, 'some', 'other', 'place', `moved-${file}`) };
        copyFileSync(new URL('./graders/common.ts', import.meta.url), moved.common);
        copyFileSync(new URL(`./graders/${file}`, import.meta.url), moved.grader);
        expect(graderDigest(g.id, g.version, g.config, readGraderSource(moved))).toBe(g.digest);
      }
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('a grader edited in place under its pinned ref is EGRADERCHANGED naming the ref, both digests and the next version', () => {
    const v2 = grader('decision@2');
    const edited = { ...v2, digest: graderDigest(v2.id, v2.version, v2.config, { ...v2.source, grader: `${v2.source.grader}// tweak\n` }) } as Grader;
    const problems = lockProblems([grader('decision@1'), edited, grader('exact@1')], LOCK);
    expect(problems).toHaveLength(1);
    const [p] = problems;
    expect(p).toBeInstanceOf(DocketError);
    expect(p).toMatchObject({ code: 'EGRADERCHANGED', exitCode: EXIT.FINDINGS, data: { ref: 'decision@2', pinned: LOCK.graders['decision@2'], actual: edited.digest, next: 'decision@3' } });
    expect(p!.message).toContain(LOCK.graders['decision@2']);
    expect(p!.message).toContain(edited.digest);
    expect(p!.message).toContain('decision@3');
  });

  it('a grader with no pin is EGRADERUNPINNED, giving the line to add', () => {
    const { 'exact@1': _, ...rest } = LOCK.graders;
    const [p] = lockProblems(ALL_GRADERS, { lockfileVersion: 1, graders: rest });
    expect(p).toMatchObject({ code: 'EGRADERUNPINNED', data: { ref: 'exact@1' } });
    expect(p!.message).toContain(`"exact@1": "${grader('exact@1').digest}"`);
  });

  it('digests differ between versions and ids', () => {
    expect(new Set(ALL_GRADERS.map((g) => g.digest)).size).toBe(ALL_GRADERS.length);
    expect(v1.digest).not.toBe(v2.digest);
  });

  it('resolves references: bare id is the newest version', () => {
    expect(grader('decision')).toBe(v2);
    expect(CURRENT_GRADERS.decision).toBe(v2);
    expect(grader('exact')).toBe(grader('exact@1'));
    expect(CURRENT_GRADERS.exact.id).toBe('exact');
    expect(graderByDigest(v1.digest)).toBe(v1);
    expect(graderByDigest('sha256:' + '0'.repeat(64))).toBeUndefined();
  });

  it.each(['decision@3', 'decision@0', 'nope', 'Decision', 'decision@', 'decision@1.0', ''])('unknown grader %j → EGRADER (exit 2)', (ref) => {
    let err: unknown;
    try {
      grader(ref);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DocketError);
    expect(err).toMatchObject({ code: 'EGRADER', exitCode: EXIT.USAGE, data: { ref } });
  });

  it('grading is pure: same input, same result, input untouched', () => {
    const frozen = Object.freeze({ ...input('Answer: (b)'), permutation: Object.freeze([...ID]) as Permutation, options: Object.freeze([...OPTIONS]) as string[] });
    const results = ALL_GRADERS.map((g) => [g.grade(frozen), g.grade(frozen)]);
    for (const [a, b] of results) expect(a).toEqual(b);
    expect(Object.isFrozen(v2)).toBe(true);
  });
});
