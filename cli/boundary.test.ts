import { describe, expect, it } from 'vitest';
import { DocketError, EXIT } from '../replay/errors.ts';
import { BundleError } from '../replay/format/bundle.ts';
import { gunzipStrict, GzipError } from '../replay/format/gzip.ts';
import { JsonError, parseStrict } from '../replay/format/json.ts';
import { parsePython, PyJsonError } from '../replay/import/pyjson.ts';
import { IndexUnusable } from '../replay/store/sqlindex.ts';
import { codedError } from './main.ts';

const thrown = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('did not throw');
};

/**
 * Every error class docket throws derives from DocketError (a stable code, structured data, an exit
 * status), so the one error boundary (cli/main.ts) reports each as its code, never "internal error".
 */
describe('error classes and the boundary', () => {
  const cases: [string, unknown, { name: string; code: string; exitCode: number; data: Record<string, unknown> }][] = [
    [
      'JsonError',
      thrown(() => parseStrict('{"a":1,"a":2}')),
      { name: 'JsonError', code: 'EJSON', exitCode: EXIT.USAGE, data: { reason: expect.stringContaining('duplicate'), offset: expect.any(Number) } },
    ],
    ['GzipError', thrown(() => gunzipStrict(new Uint8Array(30), 1024)), { name: 'GzipError', code: 'EGZIP', exitCode: EXIT.FINDINGS, data: {} }],
    ['BundleError', new BundleError('ESCHEMA', 'bad'), { name: 'BundleError', code: 'ESCHEMA', exitCode: EXIT.FINDINGS, data: { stage: 'ESCHEMA' } }],
    ['PyJsonError', thrown(() => parsePython('[1,')), { name: 'PyJsonError', code: 'EIMPORTJSON', exitCode: EXIT.USAGE, data: { reason: expect.any(String), offset: 3 } }],
    ['IndexUnusable', new IndexUnusable('index.sqlite is damaged (x)'), { name: 'IndexUnusable', code: 'EINDEX', exitCode: EXIT.USAGE, data: { why: 'index.sqlite is damaged (x)' } }],
  ];
  for (const [cls, e, want] of cases) {
    it(`${cls} is a DocketError with a stable code and data, reported as itself`, () => {
      expect(e).toBeInstanceOf(DocketError);
      expect(e).toMatchObject(want);
      expect(codedError(e)).toBe(e);
    });
  }

  it('the messages the classes always had are kept (callers quote them)', () => {
    expect((cases[0]![1] as JsonError).message).toMatch(/ at byte \d+$/);
    expect((cases[3]![1] as PyJsonError).message).toMatch(/ at character 3$/);
    expect((cases[4]![1] as IndexUnusable).message).toBe('index.sqlite is damaged (x): run `docket index rebuild`');
    expect(cases[1]![1]).toBeInstanceOf(GzipError);
    expect(cases[0]![1]).toBeInstanceOf(JsonError);
  });

  it('maps what the machine and SQLite report; anything else is an internal error (null)', () => {
    const rofs = Object.assign(new Error('read-only'), { code: 'EROFS', syscall: 'open', path: '/x' });
    expect(codedError(rofs)).toMatchObject({ code: 'EREADONLY', exitCode: EXIT.USAGE });
    const corrupt = Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' });
    expect(codedError(corrupt)).toMatchObject({ code: 'EINDEX' });
    expect(codedError(new Error('a bug'))).toBeNull();
    expect(codedError(undefined)).toBeNull();
  });
});
