import { spawnSync } from 'node:child_process';
import { isUtf8 } from 'node:buffer';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { CLANG_ARGS, WASM_FILE, WASM_HEADER, buildWasm } from '../../cli/dev/build-wasm.ts';
import { canonicalText, MAX_JSON_DEPTH, parseCanonical } from '../format/json.ts';
import { compileSchema, wasmPlan } from '../format/schema-bytes.ts';
import { CHECK, layoutHeader, MAX_DEPTH } from './strict-layout.ts';
import { checkRecords, strict, useAccelerator, WASM_MAX_TEXT, type Strict } from './strict-wasm.ts';
import { tempDir } from '../../cli/dev/testkit/core.ts';

/**
 * The WebAssembly scanner and walk (the accelerator) against the references: json.ts's exact
 * scanner for the canonical form, ajv for the schemas. The whole-bundle comparisons (every kind,
 * mutated, against ajv, with and without the accelerator) are in schema-bytes.test.ts and
 * segment-lines.test.ts; here: the scanner against the exact scanner, its table of containers, the
 * bounds it compares itself, what it must leave to the reference, and that the committed module
 * and header are what their sources say.
 */

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const module = (): Strict => {
  useAccelerator(true);
  const s = strict();
  if (!s) throw new Error('the WebAssembly module did not load');
  return s;
};

/** The exact reference's verdict: parseCanonical with the accelerator off (valid UTF-8, JSON, RFC 8785). */
function exact(b: Buffer): boolean {
  useAccelerator(false);
  try {
    parseCanonical(b);
    return true;
  } catch {
    return false;
  } finally {
    useAccelerator(true);
  }
}

/** The table of containers of a canonical text, found the plain way: each bracket's position, in the order they open. */
function tableOf(b: Buffer): number[] {
  const t: number[] = [];
  const open: number[] = [];
  let inString = false;
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      open.push(t.length);
      t.push(i, -1, -1);
    } else if (c === 0x7d || c === 0x5d) {
      const at = open.pop()!;
      t[at + 1] = i + 1;
      t[at + 2] = t.length;
    }
  }
  return t;
}

/** The accelerator's answer, as json.ts `provenCanonical` asks for it: UTF-8 is checked first (the module's contract leaves it out). */
function wasmAnswer(s: Strict, b: Buffer): { proven: boolean | null; table: number[] } {
  const proven = isUtf8(b) ? s.prove(b) : false;
  return { proven, table: proven === true ? [...s.table()] : [] };
}

/** Whether a key of the text is one the scanner leaves to the reference (an escape in it, or U+E000 and above). */
function unplainKey(b: Buffer): boolean {
  if (!isUtf8(b)) return false;
  let v: unknown;
  try {
    v = JSON.parse(b.toString('utf8'));
  } catch {
    return false;
  }
  const walk = (x: unknown): boolean => {
    if (Array.isArray(x)) return x.some(walk);
    if (x && typeof x === 'object') return Object.entries(x).some(([k, y]) => /[\u0000-\u001f"\\]|[\ue000-\uffff]|[\ud800-\udfff]|[\u{10000}-\u{10ffff}]/u.test(k) || walk(y));
    return false;
  };
  return walk(v);
}

/** The accelerator's verdict held to the reference's: proven only where the reference accepts, and wherever it accepts a text of plain keys; the table as the brackets say. */
function agree(s: Strict, b: Buffer, what: string): boolean {
  const wasm = wasmAnswer(s, b);
  const ref = exact(b);
  if (wasm.proven === true) {
    expect(ref, `proven but the reference refuses: ${what}`).toBe(true);
    expect(wasm.table, what).toEqual(tableOf(b));
  } else if (ref) expect(wasm.proven === null || unplainKey(b), `the reference accepts, the accelerator refuses: ${what}`).toBe(true);
  return ref;
}

const jsonValue = (leaves: fc.Arbitrary<unknown>[], key: fc.Arbitrary<string>) =>
  fc.letrec((tie) => ({
    v: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.boolean(), ...leaves, fc.array(tie('v'), { maxLength: 5 }), fc.dictionary(key, tie('v'), { maxKeys: 5 })),
  })).v;

const unit = ['a', 'b', 'Z', '1', '"', '\\', '/', '\n', '\t', '\u0001', '\u001f', '\u007f', 'é', '😀', '\ue000', '\uffff', ' ', 'e', '.'];
const value = jsonValue(
  [
    fc.integer({ min: -1e6, max: 1e6 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Object.is(x, -0)),
    fc.constantFrom(0.5, 1e-7, 1e21, 123.456, -2.5e-9, 100, 4.35, 2 ** 53, 123456789012345, 1234567890123456),
    fc.string({ unit: fc.constantFrom(...unit) }),
    fc.string({ unit: fc.constantFrom(...unit), minLength: 14, maxLength: 120 }),
  ],
  // Names short and long (over 16 bytes: the vector compare's other branch), plain and not.
  fc.oneof(
    fc.string({ unit: fc.constantFrom('a', 'b', 'B', '_', '0', 'é', '"', '\ue000', '😀', '\\'), maxLength: 3 }),
    fc.string({ unit: fc.constantFrom('a', 'b', 'c'), minLength: 14, maxLength: 20 }),
  ),
);

/** Text-level edits a byte flip rarely makes: a member repeated, two members swapped, other number and escape forms. */
const edits: ((t: string) => string)[] = [
  (t) => t,
  (t) => t.replace(/\{"((?:[^"\\]|\\.)*)":((?:[^,{}[\]"]|"(?:[^"\\]|\\.)*")*)/, '{"$1":$2,"$1":$2'),
  (t) => t.replace(/\{"((?:[^"\\]|\\.)*)":(null|true|false|-?\d+),"((?:[^"\\]|\\.)*)":(null|true|false|-?\d+)/, '{"$3":$4,"$1":$2'),
  (t) => t.replace(/"([a-c]{2,})":/, '"$1":1,"$1x":'),
  (t) => t.replace(/"([a-c]{2,})":/, '"$1x":1,"$1":'),
  (t) => t.replace(/([:,[])(\d+)(?=[,\]}])/, '$1$2.0'),
  (t) => t.replace(/([:,[])(\d+)(?=[,\]}])/, '$1$2e0'),
  (t) => t.replace(/\\n/, '\\u000a'),
  (t) => t.replace(/é/, '\\u00e9'),
];

/** Byte-level damage: what a flipped bit, a cut or stray junk does to a canonical text. */
const damage = fc.oneof(
  fc.constant({ op: 'none' as const, at: 0, byte: 0 }),
  fc.record({
    op: fc.constantFrom('set' as const, 'insert' as const, 'delete' as const, 'cut' as const),
    at: fc.nat(),
    byte: fc.oneof(fc.constantFrom(0x22, 0x5c, 0x7b, 0x7d, 0x5b, 0x5d, 0x2c, 0x3a, 0x20, 0x30, 0x2d, 0x2e, 0x65, 0x45, 0x2b, 0x75, 0x6e, 0x01, 0x1f, 0x7f, 0xed, 0xee, 0xff), fc.nat(255)),
  }),
);

function apply(b: Buffer, d: { op: string; at: number; byte: number }): Buffer {
  if (d.op === 'none' || b.length === 0) return b;
  const at = d.at % b.length;
  if (d.op === 'set') return Buffer.concat([b.subarray(0, at), Buffer.from([d.byte]), b.subarray(at + 1)]);
  if (d.op === 'insert') return Buffer.concat([b.subarray(0, at), Buffer.from([d.byte]), b.subarray(at)]);
  if (d.op === 'delete') return Buffer.concat([b.subarray(0, at), b.subarray(at + 1)]);
  return b.subarray(0, at);
}

describe('the WebAssembly scanner', () => {
  it('proves exactly the texts the exact scanner accepts (keys it does not order aside), on canonical texts and on every kind of damage to them; its table is where the brackets are', () => {
    const s = module();
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(value, fc.nat(edits.length - 1), fc.array(damage, { maxLength: 2 }), (v, e, ds) => {
        // The library's RFC 8785 text, which (unlike canonicalText) also writes what strict JSON
        // refuses: unsafe integers, lone surrogates as escapes. Both scanners must refuse them.
        let b: Buffer = Buffer.from(edits[e]!(canonicalize(v)!), 'utf8');
        for (const d of ds) b = apply(b, d);
        if (agree(s, b, b.toString('latin1').slice(0, 300))) accepted++;
        else refused++;
      }),
      { numRuns: 4000, seed: 20261201 },
    );
    expect(accepted).toBeGreaterThan(800);
    expect(refused).toBeGreaterThan(800);
    expect(s.stats.proven).toBeGreaterThan(700); // the module decides, not the reference behind it
  });

  it('checks escapes and control bytes at every position of a long string (the 16-byte blocks and their edges)', () => {
    const s = module();
    for (let len = 30; len < 70; len++) {
      for (const bad of ['\u0001', '\\u0041', '\\/', '\\u000A', '\\u001g']) {
        for (let at = 0; at <= len; at += 7) {
          const body = 'x'.repeat(at) + bad + 'y'.repeat(len - at);
          const b = Buffer.from(`{"k":"${body}"}`, 'latin1');
          expect(agree(s, b, body)).toBe(false);
          expect(s.prove(b)).toBe(false);
        }
      }
      const fine = Buffer.from(`{"k":"${'x'.repeat(len)}\\n\\u001f\\"${'y'.repeat(len)}"}`, 'latin1');
      expect(wasmAnswer(s, fine)).toEqual({ proven: true, table: tableOf(fine) });
      expect(exact(fine)).toBe(true);
    }
  });

  it('prints back, through JS, the number tokens it cannot prove canonical alone', () => {
    const s = module();
    for (const [text, ok] of [
      ['[1e+21]', false],
      ['[1e+300]', false],
      ['[1.5e-300]', true],
      ['[1e21]', false],
      ['[1.5e-7]', true],
      ['[0.00000015]', false],
      ['[9007199254740991]', true],
      ['[9007199254740993]', false],
      ['[1.0]', false],
      ['[-0]', false],
      ['[123456789012345.6]', true],
      ['[1234567890123456.7]', false],
    ] as const) {
      const b = Buffer.from(text);
      expect(s.prove(b), text).toBe(ok);
      expect(exact(b), text).toBe(ok);
    }
  });

  it('leaves to the reference what it cannot hold: nesting past its depth, too many tokens to print back, a text over its size, too many containers', () => {
    const s = module();
    expect(MAX_DEPTH).toBe(MAX_JSON_DEPTH); // the two stop at the same depth
    const deep = Buffer.from(`${'['.repeat(1100)}${']'.repeat(1100)}`);
    expect(s.prove(deep)).toBeNull();
    expect(() => parseCanonical(deep)).toThrow(/nested deeper than 1024 levels/);
    const shallower = Buffer.from(`${'['.repeat(1000)}${']'.repeat(1000)}`);
    expect(agree(s, shallower, 'depth 1000')).toBe(true);
    expect(s.prove(shallower)).toBe(true);
    const numbers = Buffer.from(`[${Array.from({ length: 5000 }, () => '1e+21').join(',')}]`);
    expect(s.prove(numbers)).toBeNull();
    expect(s.prove(Buffer.alloc(WASM_MAX_TEXT + 1, 0x20))).toBeNull();
    // More containers than its table holds (1,048,576): undecided, never a table past its bound.
    const many = (k: number) => Buffer.from(`[${'[],'.repeat(k - 2)}[]]`);
    expect(s.prove(many(1 << 20))).toBe(true);
    expect(s.prove(many((1 << 20) + 1))).toBeNull();
  });

  it('never walks a text that is no longer the one it proved', () => {
    const s = module();
    const a = Buffer.from('{"a":[1,2,3],"b":{"c":null}}');
    expect(s.prove(a)).toBe(true);
    const proof = s.proof();
    expect(s.holds(a, proof)).toBe(true);
    expect(s.holds(Buffer.from(a), proof)).toBe(false); // same bytes elsewhere
    expect(s.prove(Buffer.from('[true]'))).toBe(true);
    expect(s.holds(a, proof)).toBe(false); // another text was loaded since
    expect(s.prove(a)).toBe(true);
    expect(s.holds(a, proof)).toBe(false); // the same text again: a new proof
  });
});

describe('the WebAssembly walk', () => {
  /** The module's verdict on `{"x": token}` against `{x: {type: number, minimum?, maximum?}}`, checks it leaves resolved as JS would. */
  function inBounds(s: Strict, token: string, minimum: number | undefined, maximum: number | undefined): { verdict: boolean; leftToJs: boolean } {
    const schema = { type: 'object', properties: { x: { type: 'number', ...(minimum === undefined ? {} : { minimum }), ...(maximum === undefined ? {} : { maximum }) } } };
    const plan = wasmPlan(compileSchema(schema), null)!;
    const placed = s.place(plan)!;
    expect(s.prove(Buffer.from(`{"x":${token}}`))).toBe(true);
    const r = s.walk(placed, 0)!;
    let verdict = r.end >= 0;
    let leftToJs = false;
    for (const k of checkRecords(r.checks)) {
      expect(r.checks[k + CHECK.WHAT]).toBe(CHECK.RANGE);
      leftToJs = true;
      const v = Number(token);
      if ((minimum !== undefined && v < minimum) || (maximum !== undefined && v > maximum)) verdict = false;
    }
    return { verdict, leftToJs };
  }

  it('compares numbers with integral bounds exactly, and leaves the rest to JS', () => {
    // A fresh instance: every case places a plan, and the fixed zone of one instance is finite.
    const s = module();
    let decided = 0;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1e6, max: 1e6 }),
          fc.double({ min: -1e4, max: 1e4, noNaN: true }),
          fc.constantFrom(0, 1e-7, -1e-7, 5e-324, -5e-324, 1.5e-300, -1.5e-300, 0.5, -0.5, 2.5, 3, -3, 123456789012345.5, 1e15, 9.999999999999999),
        ),
        fc.option(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(0.5, -2.5, 1e21)), { nil: undefined }),
        fc.option(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(0.5, -2.5, 1e21)), { nil: undefined }),
        (x, minimum, maximum) => {
          if (Object.is(x, -0)) x = 0;
          const token = canonicalText(x);
          const expected = (minimum === undefined || x >= minimum) && (maximum === undefined || x <= maximum);
          const r = inBounds(s, token, minimum, maximum);
          expect(r.verdict, `${token} in [${minimum}, ${maximum}]`).toBe(expected);
          if (!r.leftToJs) decided++;
        },
      ),
      { numRuns: 1500, seed: 7 },
    );
    expect(decided).toBeGreaterThan(300); // most comparisons are made in the module, not handed back
  });
});

describe('the WebAssembly walk leaves to JS what it cannot hold', () => {
  const placedFor = (s: Strict, schema: object, items = false) => {
    const root = compileSchema(schema as never);
    // A projection of the root's "x" array, with no fields: only its element records are written.
    const proj = items ? ({ captures: new Map(), items: (root as unknown as { nameNodes: { items: unknown }[] }).nameNodes[0]!.items, itemSlots: [], slots: {} } as never) : null;
    const plan = wasmPlan(root, proj);
    return plan && s.place(plan);
  };

  it('refuses a plan whose length or item bounds do not fit its 32-bit words (they would wrap into other bounds)', () => {
    for (const x of [
      { type: 'array', minItems: 4294967297 },
      { type: 'string', minLength: 2147483648 },
      { type: 'array', maxItems: 2 ** 40 },
    ]) {
      expect(wasmPlan(compileSchema({ type: 'object', properties: { x } } as never), null), JSON.stringify(x)).toBeNull();
    }
    expect(wasmPlan(compileSchema({ type: 'object', properties: { x: { type: 'array', minItems: 2147483647 } } } as never), null)).not.toBeNull();
  });

  it('bounds its output whatever maxItems the caller names: past it, the walk is undecided, never a failed allocation', () => {
    const s = module();
    const placed = placedFor(s, { type: 'object', properties: { x: { type: 'array', items: { type: 'integer' } } } }, true)!;
    expect(s.prove(Buffer.from(`{"x":[${Array.from({ length: 3000 }, (_, i) => i).join(',')}]}`))).toBe(true);
    expect(s.walk(placed, 1e9)!.end).toBeGreaterThan(0); // a cap this large is clamped, not allocated
    expect(s.walk(placed, 10)!.end).toBe(-2); // 3,000 records do not fit a cap of 10
  });

  it('turns a trap (a schema that recurses without consuming input) into "undecided"', () => {
    const s = module();
    const placed = placedFor(s, { type: 'object', properties: { a: { type: 'integer', minimum: 2e15 }, b: { $ref: '#/$defs/d' } }, $defs: { d: { oneOf: [{ $ref: '#/$defs/d' }] } } })!;
    expect(s.prove(Buffer.from('{"a":1234567890123456,"b":1}'))).toBe(true);
    expect(s.walk(placed, 0)!.end).toBe(-2);
    // and the instance still works
    expect(s.prove(Buffer.from('{"a":1,"b":[]}'))).toBe(true);
  });
});

describe('the committed module', () => {
  it('includes the header rendered from strict-layout.ts (every offset shared with TypeScript)', () => {
    expect(readFileSync(WASM_HEADER, 'utf8'), 'render it with: node cli/dev/run-ts.mjs cli/dev/build-wasm.ts').toBe(layoutHeader());
    expect(readFileSync(join(WASM_HEADER, '..', 'strict.c'), 'utf8')).toContain('#include "strict-layout.h"');
  });

  const clang = spawnSync(process.env.CLANG ?? 'clang', ['--version'], { encoding: 'utf8' });
  const wasmLd = spawnSync('wasm-ld', ['--version'], { encoding: 'utf8' });
  const can = clang.status === 0 && wasmLd.status === 0;
  if (!can) console.log('skipping the rebuild of replay/accel/wasm/strict.wasm: clang and wasm-ld are not installed (apt-get install clang lld)');
  it.skipIf(!can)('is byte for byte what its source builds to (clang and lld from Debian, the options in cli/dev/build-wasm.ts)', () => {
    const out = join(tempDir('docket-wasm-'), 'strict.wasm');
    dirs.push(join(out, '..'));
    buildWasm(out);
    expect(readFileSync(out).equals(readFileSync(WASM_FILE)), `rebuild with: node cli/dev/run-ts.mjs cli/dev/build-wasm.ts (${CLANG_ARGS.join(' ')})`).toBe(true);
  });
});
