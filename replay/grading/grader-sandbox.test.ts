import { describe, expect, it } from 'vitest';
import { DocketError, EXIT } from '../errors.ts';
import { sandboxedGrade, type ArchivedSource } from './grader-sandbox.ts';
import { ALL_GRADERS, refOf, type GraderInput } from './graders.ts';
import { permutationsFor } from '../runs/request.ts';
import { prng, thrown } from '../../cli/dev/testkit/core.ts';
import { LETTERS } from '../bank/types.ts';

const archived = (g: (typeof ALL_GRADERS)[number]): ArchivedSource => ({ id: g.id, version: g.version, config: g.config, source: { ...g.source } });
const PERMS = permutationsFor('sandbox-question');
const REPLIES = ['B', '**C**', 'Answer: (b)', 'The answer is D.', 'A or B', '', 'C) 42', 'undefined', 'I think (a)', '  d  ', 'B, because', 'null'];
const OPTIONS = ['undefined', 'null', '42', 'throws'];

function inputs(n: number): GraderInput[] {
  const rand = prng(10);
  return Array.from({ length: n }, () => ({
    content: rand() < 0.05 ? null : REPLIES[Math.floor(rand() * REPLIES.length)]!,
    finishReason: rand() < 0.1 ? 'length' : 'stop',
    permutation: PERMS[Math.floor(rand() * PERMS.length)]!,
    key: LETTERS[Math.floor(rand() * 4)]!,
    options: OPTIONS,
  }));
}

/** A one-module grader whose grade body is `body` (JavaScript inside a TypeScript module). */
const evil = (body: string, extra = ''): ArchivedSource => ({
  id: 'evil',
  version: 1,
  config: {},
  source: { grader: `${extra}\nexport const ID = 'evil';\nexport const VERSION = 1;\nexport function grade(input: unknown) {\n${body}\n}\n` },
});

describe('the grader sandbox runs archived source alone', () => {
  it.each(ALL_GRADERS.map((g) => [refOf(g), g] as const))('%s from its source gives exactly the built-in verdicts', (_, g) => {
    const grade = sandboxedGrade(archived(g), refOf(g));
    for (const i of inputs(300)) expect(grade(i)).toEqual(g.grade(i));
  });

  it('a module may import only another module of the bundle', () => {
    const e = thrown(() => sandboxedGrade(evil('return null;', "import { request } from 'node:http'; void request;"), 'evil@1'));
    expect(e).toBeInstanceOf(DocketError);
    expect(e).toMatchObject({ code: 'EGRADERSOURCE', exitCode: EXIT.FINDINGS });
    expect(e.message).toContain('EGRADERIMPORT node:http');
    const missing = thrown(() => sandboxedGrade(evil('return null;', "import { x } from './elsewhere.ts'; void x;"), 'evil@1'));
    expect(missing.message).toContain('EGRADERIMPORT ./elsewhere.ts');
  });

  it('nothing of Node or docket is reachable: no process, fetch, import(), eval, Date; require is the bundle loader', () => {
    const probe = sandboxedGrade(
      evil(`const seen = [typeof process, typeof fetch, typeof globalThis.Buffer, typeof setTimeout, typeof Date, typeof WebAssembly, typeof Math.random];
        let escaped = 'no';
        try { escaped = typeof ({}).constructor.constructor('return process')(); } catch { escaped = 'blocked'; }
        let required = 'no';
        try { required = typeof require('node:fs'); } catch (e) { required = String(e.message); }
        const ok = seen.every((t) => t === 'undefined') && escaped === 'blocked' && required === 'EGRADERIMPORT node:fs';
        return { verdict: ok ? 'correct' : 'incorrect', shown: null, chosen: null };`),
      'evil@1',
    );
    expect(probe(inputs(1)[0]!)).toEqual({ verdict: 'correct', shown: null, chosen: null });
  });

  it.each([
    ["import('node:fs');", 'import'],
    ["(async () => { throw new Error('later'); })();", 'async'],
    ['void globalThis["Pro" + "mise"].reject(1);', 'none'],
  ])('asynchronous code is refused or unreachable: %s', (code, word) => {
    const src = evil(`${code}\nreturn { verdict: 'correct', shown: null, chosen: null };`);
    if (word === 'none') {
      // Promise is gone from the context's globals: reaching it by a computed name fails inside the call.
      expect(thrown(() => sandboxedGrade(src, 'evil@1')(inputs(1)[0]!))).toMatchObject({ code: 'EGRADERSOURCE' });
      return;
    }
    const e = thrown(() => sandboxedGrade(src, 'evil@1'));
    expect(e).toMatchObject({ code: 'EGRADERSOURCE' });
    expect(e.message).toContain(`uses "${word}"`);
  });

  it('a grader that loops is stopped by the timeout; one that returns junk is refused', () => {
    const loop = sandboxedGrade(evil('for (;;) {}'), 'evil@1', 200);
    expect(thrown(() => loop(inputs(1)[0]!))).toMatchObject({ code: 'EGRADERSOURCE' });
    const junk = sandboxedGrade(evil("return { verdict: 'maybe' };"), 'evil@1');
    expect(thrown(() => junk(inputs(1)[0]!)).message).toContain('not a verdict');
  });

  it('the source must say it is the grader the bundle names', () => {
    const g = ALL_GRADERS[0]!;
    expect(thrown(() => sandboxedGrade({ ...archived(g), version: 7 }, 'x')).message).toContain('the bundle says decision@7');
  });
});
