import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkContent, decodeContent, encodeBundle, BundleError } from './bundle.ts';
import { gzipCanonical } from './gzip.ts';
import { canonicalText, provenCanonical, type Json } from './json.ts';
import { compileSchema, validateCanonicalBytes } from './schema-bytes.ts';
import { KINDS, validateBundle } from './schemas.ts';
import { strict } from '../accel/strict-wasm.ts';
import { REPO, shippedBundles } from '../../cli/dev/testkit/core.ts';

const shippedValues = (): Json[] => shippedBundles().map((b) => b.value);

/**
 * The validators on one value: the accelerator (the WebAssembly walk over the bytes, strict-wasm.ts)
 * must say exactly what the reference, ajv, says.
 */
function both(value: unknown) {
  const ajv = validateBundle(value);
  const bytes = Buffer.from(canonicalText(value), 'utf8');
  const proof = provenCanonical(bytes);
  // The table the walk jumps through must list exactly the text's containers, in opening order.
  if (proof) expect([...strict()!.table()]).toEqual(containersOf(bytes));
  return { ajv, proven: proof !== null, walk: proof ? validateCanonicalBytes(bytes, proof) : null };
}

/** What the module decided itself during `f` (the rest went to ajv). */
function decidedByModule(f: () => void) {
  const s = strict()!;
  const before = { ...s.stats };
  f();
  return { valid: s.stats.valid - before.valid, invalid: s.stats.invalid - before.invalid };
}

/** A canonical text's containers, found independently of the scan: (start, end, next) triples in opening order. */
function containersOf(b: Buffer): number[] {
  const out: number[] = [];
  const open: number[] = [];
  for (let i = 0; i < b.length; i++) {
    const c = b[i];
    if (c === 0x22) {
      for (i++; b[i] !== 0x22; i++) if (b[i] === 0x5c) i++;
    } else if (c === 0x7b || c === 0x5b) {
      open.push(out.length);
      out.push(i, 0, 0);
    } else if (c === 0x7d || c === 0x5d) {
      const at = open.pop()!;
      out[at + 1] = i + 1;
      out[at + 2] = out.length;
    }
  }
  return out;
}

const shipped = shippedValues();
const extra: Json[] = [
  { kind: 'attachment', schemaVersion: 1, mediaType: 'application/json', name: 'board.json', body: { rows: [{ model: 'x', score: 71.3 }], note: 'a "quoted" \\ back\u0001slash' } },
  { kind: 'attachment', schemaVersion: 1, mediaType: 'text/plain', body: 'x'.repeat(300) },
  // Imported logs (docs/import.md): the shipped archive holds none.
  { kind: 'foreign-log', schemaVersion: 1, format: 'inspect-eval', name: 'a.eval', size: 3, sha256: `sha256:${'a'.repeat(64)}`, encoding: 'base64', content: 'YWJj' },
  {
    kind: 'foreign-sample',
    schemaVersion: 1,
    framework: 'inspect_ai',
    log: `sha256:${'b'.repeat(64)}`,
    entry: 'samples/1_epoch_1.json',
    key: { id: 1, epoch: 1 },
    sample: { scores: { m: { value: { $float: 'NaN' } } } },
  },
  { kind: 'foreign-sample', schemaVersion: 1, framework: 'lm-eval', log: `sha256:${'b'.repeat(64)}`, entry: 'line 1', key: { task: 't', doc_id: 0, filter: 'none' }, sample: { acc: 1 } },
  {
    kind: 'foreign-run',
    schemaVersion: 1,
    framework: 'lm-eval',
    importer: 'docket-import/1',
    logs: [{ role: 'results', log: `sha256:${'c'.repeat(64)}` }],
    header: { results: {} },
    extra: {},
    layout: {},
    samples: [`sha256:${'d'.repeat(64)}`],
  },
  // The plan log and attestations (design.md §22): the shipped archive has no registered plan.
  { kind: 'plan-record', schemaVersion: 1, seq: 0, previous: null, plan: `sha256:${'e'.repeat(64)}`, model: 'm', benchmarkVersion: `sha256:${'f'.repeat(64)}`, committedAt: '2026-12-05T00:00:00Z' },
  { kind: 'plan-record', schemaVersion: 1, seq: 1, previous: `sha256:${'1'.repeat(64)}`, plan: `sha256:${'e'.repeat(64)}`, model: 'm', benchmarkVersion: `sha256:${'f'.repeat(64)}`, committedAt: 'x' },
  {
    kind: 'attestation',
    schemaVersion: 1,
    subject: `sha256:${'2'.repeat(64)}`,
    predicateType: 'https://docket.invalid/attestations/evaluation-result/v1',
    envelope: { payloadType: 'application/vnd.in-toto+json', payload: 'e30=', signatures: [{ keyid: 'k', sig: 'c2ln' }] },
  },
  // A task and the evidence of its exec grading (docs/design.md §7 "Tasks", §10 "Task graders"), with
  // the members the shipped ones may leave out: a tool-call history, tools, two graders, a cut stdout.
  {
    kind: 'task',
    schemaVersion: 1,
    task: {
      id: 'weather-1',
      kind: 'answer',
      sourceEval: 'facts/weather',
      prompt: null,
      system: 'Answer with a number.',
      messages: [
        { role: 'user', content: 'How warm is it?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: '{"celsius": 11}' },
      ],
      tools: [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }],
      max_tokens: 32,
      graders: [
        { ref: 'answer@1', weight: 1, params: { match: 'numeric', expected: 11, tolerance: 0.5 } },
        { ref: 'answer@1', weight: 0.5, params: { match: 'regex', expected: '^\\d+$' } },
      ],
    },
    source: `sha256:${'e'.repeat(64)}`,
  },
  {
    kind: 'exec-result',
    schemaVersion: 1,
    runtime: 'docket-exec/1',
    task: 'clamp-1',
    grader: { ref: 'exec@1', digest: `sha256:${'f'.repeat(64)}` },
    source: `sha256:${'e'.repeat(64)}`,
    files: `sha256:${'1'.repeat(64)}`,
    paths: [{ path: 'solution.mjs', size: 120, digest: `sha256:${'2'.repeat(64)}` }],
    command: ['node', '--test', '--test-reporter=junit', '--test-reporter-destination=report.xml'],
    outcome: `sha256:${'3'.repeat(64)}`,
    exitCode: null,
    signal: 'SIGKILL',
    timedOut: true,
    reportError: 'the command timed out after 8000 ms before its report was complete',
    tests: [
      { name: 'clamp inside', status: 'passed', durationMs: 0.412, message: null },
      { name: 'clamp below', status: 'failed', durationMs: null, message: 'Expected values to be strictly equal:\n\n-1 !== 0\n' },
    ],
    stdout: { text: 'x'.repeat(16), truncatedFrom: 20000 },
    stderr: { text: '' },
    runtimeInfo: { node: 'v20.19.0', platform: 'linux', arch: 'x64', netns: true },
    packages: [{ name: 'left-pad', version: '1.3.0', path: 'node_modules/left-pad', digest: `sha256:${'4'.repeat(64)}` }],
  },
  // A suite grader's regression-matrix result (docs/design.md §10): the shipped bank has no suite grader.
  {
    kind: 'grader-test',
    schemaVersion: 1,
    grader: { ref: 'mine@2', id: 'mine', version: 2, digest: `sha256:${'e'.repeat(64)}`, bundle: `sha256:${'f'.repeat(64)}` },
    cases: { file: 'graders/mine.cases.jsonl', digest: `sha256:${'1'.repeat(64)}` },
    counts: { cases: 1, passed: 1, failed: 0, valid: 1, invalid: 0 },
    ok: true,
    results: [
      {
        line: 1,
        side: 'valid',
        note: null,
        reply: '**A**',
        finishReason: 'stop',
        question: 'q1',
        key: 'A',
        options: ['w', 'x', 'y', 'z'],
        permutation: [1, 0, 2, 3],
        expect: 'correct',
        verdict: 'correct',
        shown: 'B',
        chosen: 'A',
        pass: true,
      },
    ],
  },
];
const samples = [...shipped, ...extra];

describe('validateCanonicalBytes', () => {
  it('agrees with ajv on every shipped bundle: valid, same kind, same references in the same order', () => {
    const kinds = new Set<string>();
    const decided = decidedByModule(() => {
      for (const v of samples) {
        const r = both(v);
        expect(r.ajv.ok).toBe(true);
        expect(r.proven).toBe(true);
        expect(r.walk).not.toBeNull();
        expect(r.walk!.kind).toBe((v as { kind: string }).kind);
        expect(r.walk!.refs).toEqual(r.ajv.refs);
        kinds.add(r.walk!.kind);
      }
    });
    expect(decided.valid).toBe(samples.length); // every one by the module, references and all
    expect(samples.some((v) => validateBundle(v).refs.length > 1)).toBe(true);
    // The shipped archive holds every kind but a few (judge-grader among them: it holds no judge runs
    // yet); the fuzz below reaches those through mutation.
    expect(kinds.size).toBeGreaterThanOrEqual(KINDS.length - 3);
  });

  it('compiles every shipped schema (none falls back to ajv for an unknown keyword)', () => {
    for (const kind of KINDS) {
      const schema = JSON.parse(readFileSync(join(REPO, 'docs', 'schemas', `${kind}.schema.json`), 'utf8'));
      expect(() => compileSchema(schema), kind).not.toThrow();
    }
  });

  it('refuses to compile a keyword it does not implement, so that kind stays with ajv', () => {
    expect(() => compileSchema({ type: 'object', not: { required: ['a'] } })).toThrow('keyword not');
    expect(() => compileSchema({ $ref: 'https://elsewhere.invalid/x.json' })).toThrow('$ref');
    expect(() => compileSchema({ type: 'object', required: ['a'] })).toThrow('required a');
  });

  it('agrees with ajv on hand-picked edges: lengths in code points, minimum, maximum, integer, enum, escapes', () => {
    const att = (mediaType: unknown, extra: object = {}) => ({ kind: 'attachment', schemaVersion: 1, mediaType, body: null, ...extra });
    const cases: [unknown, boolean][] = [
      [att('é'.repeat(255)), true],
      [att('é'.repeat(256)), false],
      [att('😀'.repeat(255)), true],
      [att('😀'.repeat(256)), false],
      [att('\n'.repeat(255)), true],
      [att('\u0001'.repeat(255)), true],
      [att('\u0001'.repeat(256)), false],
      [att(''), false],
      [att('x', { name: 'n'.repeat(1025) }), false],
      [att(1), false],
      [{ kind: 'attachment', schemaVersion: 2, mediaType: 'x', body: 1 }, false],
      [{ kind: 'attachment', schemaVersion: 1.5, mediaType: 'x', body: 1 }, false],
      [{ kind: 'attachment', schemaVersion: 1, mediaType: 'x' }, false],
      [{ kind: 'attachment', schemaVersion: 1, mediaType: 'x', body: 1, zz: 1 }, false],
    ];
    const protocol = samples.find((v) => (v as { kind?: string }).kind === 'protocol') as Record<string, unknown> | undefined;
    if (protocol) {
      for (const [minCoverage, ok] of [
        [0, true],
        [1, true],
        [0.5, true],
        [-0.1, false],
        [1.01, false],
        ['1', false],
      ] as const)
        cases.push([{ ...protocol, minCoverage }, ok]);
      cases.push([{ ...protocol, verdicts: { a: 'x', b: 1 } }, false], [{ ...protocol, verdicts: { a: 'x', 'b/~c': 'y' } }, true]);
    }
    for (const [value, ok] of cases) {
      const r = both(value);
      expect(r.ajv.ok, JSON.stringify(value).slice(0, 80)).toBe(ok);
      expect(r.walk !== null, JSON.stringify(value).slice(0, 80)).toBe(ok);
    }
    expect(protocol).toBeDefined();
  });

  // Values chosen to sit on the schemas' edges: minimum 0, integers against numbers, empty and long
  // strings, digests (valid, upper-case, short), escapes and astral characters, exponents.
  const leaf = fc.oneof(
    fc.constantFrom(
      0,
      -1,
      1,
      2,
      1.5,
      2 ** 53 - 1,
      1e-7,
      -2.5e-9,
      420,
      493,
      2000,
      2001,
      '',
      'A',
      'E',
      'x',
      'run',
      'answered',
      'utf8',
      'file',
      'attachment',
      'run-segment',
      'a-b',
      'W1',
      'WAB',
      'x\n',
      '😀',
      'é'.repeat(3),
      'x'.repeat(256),
    ),
    fc.constantFrom(`sha256:${'ab'.repeat(32)}`, `sha256:${'AB'.repeat(32)}`, `sha256:${'a'.repeat(63)}`, `sha1:${'a'.repeat(64)}`),
    fc.integer({ min: -5, max: 5 }),
    fc.string({ maxLength: 6 }),
  );
  const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      fc.constant(null),
      fc.boolean(),
      leaf,
      fc.array(tie('v'), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom('a', 'kind', 'z', 'text', 'status', 'body', 'digest'), tie('v'), { maxKeys: 3 }),
    ),
  })).v;

  /** Every path to a value inside v. */
  function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
    out.push(at);
    if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
    return out;
  }
  type Op = { op: 'replace'; with: unknown } | { op: 'delete' } | { op: 'add'; key: string; with: unknown } | { op: 'wrap' } | { op: 'dup' };
  function mutate(v: unknown, path: (string | number)[], m: Op): unknown {
    const copy = structuredClone(v);
    if (path.length === 0) return m.op === 'replace' ? m.with : m.op === 'wrap' ? [copy] : copy;
    let parent: any = copy;
    for (const p of path.slice(0, -1)) parent = parent[p];
    const last = path[path.length - 1]!;
    if (m.op === 'replace') parent[last] = m.with;
    else if (m.op === 'delete') {
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete parent[last];
    } else if (m.op === 'wrap') parent[last] = [parent[last]];
    else if (m.op === 'dup' && Array.isArray(parent)) {
      const list: unknown[] = parent;
      list.push(...Array.from({ length: 3 }, () => structuredClone(list[last as number])));
    } else if (m.op === 'add' && parent[last] && typeof parent[last] === 'object' && !Array.isArray(parent[last])) parent[last][m.key] = m.with;
    return copy;
  }
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constant('replace' as const), with: anyJson }),
    fc.record({ op: fc.constant('replace' as const), with: leaf }),
    fc.constant({ op: 'delete' as const }),
    fc.record({ op: fc.constant('add' as const), key: fc.constantFrom('a', 'extra', 'status', 'text', 'truncatedFrom', 'kind', 'body', 'zz'), with: anyJson }),
    fc.constant({ op: 'wrap' as const }),
    fc.constant({ op: 'dup' as const }),
  );

  it('agrees with ajv on mutated bundles of every kind (valid or not, and on the references)', () => {
    let accepted = 0;
    let rejected = 0;
    let undecided = 0;
    const decided = decidedByModule(() =>
      fc.assert(
        fc.property(fc.nat(samples.length - 1), fc.array(fc.tuple(fc.nat(), op), { minLength: 1, maxLength: 3 }), (which, muts) => {
          let v: unknown = samples[which];
          for (const [pick, m] of muts) {
            const ps = paths(v);
            v = mutate(v, ps[pick % ps.length]!, m);
          }
          const unsure = strict()!.stats.unsure;
          const r = both(v);
          expect(r.proven).toBe(true); // canonicalText of a strict value is always proven canonical
          if (r.ajv.ok) {
            accepted++;
            // Undecided (null) only where the walk says it leaves numbers to ajv: integers of more than 15 digits (accel/wasm/strict.c).
            if (r.walk === null && /[^\d.]\d{16,}(?![\d.])/.test(canonicalText(v))) return;
            // The walk may leave a value to ajv (a check it cannot record inside a oneOf, e.g. a
            // 16-digit bound there), but only by saying so: never by calling a valid value invalid.
            if (r.walk === null && strict()!.stats.unsure > unsure) {
              undecided++;
              return;
            }
            expect(r.walk, canonicalText(v).slice(0, 400)).not.toBeNull();
            expect(r.walk!.refs).toEqual(r.ajv.refs);
          } else {
            rejected++;
            expect(r.walk, `${r.ajv.errors.join('; ')}\n${canonicalText(v).slice(0, 400)}`).toBeNull();
          }
        }),
        { numRuns: 3000, seed: 20261129 },
      ),
    );
    // Both verdicts must be well represented, or the comparison proves little; and the module must
    // have decided many of each itself, not handed them all to ajv.
    expect(accepted).toBeGreaterThan(300);
    expect(rejected).toBeGreaterThan(300);
    expect(decided.valid).toBeGreaterThan(100);
    expect(decided.invalid).toBeGreaterThan(100);
    expect(undecided).toBeLessThan(accepted / 20); // left to ajv rarely
  });
});

describe('provenCanonical and checkContent', () => {
  it('finds a raw control byte anywhere in a string, at every alignment', () => {
    for (let len = 0; len < 70; len++) {
      const b = Buffer.from(`["${'a'.repeat(len)}"]`, 'latin1');
      expect(provenCanonical(b)).not.toBeNull();
      for (let at = 2; at < b.length - 2; at++) {
        for (const c of [0x00, 0x0a, 0x1f]) {
          b[at] = c;
          expect(provenCanonical(b), `len ${len} at ${at} byte ${c}`).toBeNull();
        }
        b[at] = 0x20;
        expect(provenCanonical(b)).not.toBeNull();
        b[at] = 0x61;
      }
    }
  });

  it('does not vouch for a raw control character in a long string', () => {
    const good = Buffer.from(`{"body":"${'x'.repeat(100)}${'y'.repeat(100)}","kind":"attachment","mediaType":"text/plain","schemaVersion":1}`);
    expect(provenCanonical(good)).not.toBeNull(); // the same text without the control byte is proven
    const text = Buffer.from(`{"body":"${'x'.repeat(100)}\u0001${'y'.repeat(100)}","kind":"attachment","mediaType":"text/plain","schemaVersion":1}`);
    expect(provenCanonical(text)).toBeNull();
    const bytes = gzipCanonical(text);
    expect(() => checkContent(bytes)).toThrow(BundleError);
    expect(() => checkContent(bytes)).toThrow(/control|not JSON/);
  });

  it('gives the same verdict and message as decodeContent, valid or not', () => {
    const good = encodeBundle({ kind: 'attachment', schemaVersion: 1, mediaType: 'text/plain', body: { a: [1, 2, { b: 'c' }] } });
    const c = checkContent(good.bytes);
    const d = decodeContent(good.bytes);
    expect({ kind: c.kind, refs: c.refs, digest: c.digest }).toEqual({ kind: d.kind, refs: d.refs, digest: d.digest });
    const bad = gzipCanonical(Buffer.from('{"body":1,"kind":"attachment","mediaType":"","schemaVersion":1}'));
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e as BundleError;
      }
      throw new Error('no error');
    };
    const e1 = err(() => checkContent(bad));
    const e2 = err(() => decodeContent(bad));
    expect(e1.code).toBe('ESCHEMA');
    expect(e1.message).toBe(e2.message);
    expect(e1.message).toContain('/mediaType');
  });
});
