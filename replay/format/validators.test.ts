import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENERATED, schemaAjv, validatorIds, validatorsSource } from '../../cli/dev/schema-validators.ts';
import { REPO, shippedBundles } from '../../cli/dev/testkit/core.ts';
import { buildManifest } from '../release/manifest.ts';
import type { Json } from './json.ts';
import { withRefs } from './schema-runtime.ts';
import { KINDS, validateBundle } from './schemas.ts';
import * as generated from './validators.generated.ts';

/**
 * validators.generated.ts is ajv's standalone code for docket's schemas. It must be exactly what the
 * schemas give now, and answer exactly as ajv compiling the schemas at run time answers (the
 * reference): validity, every error object, and the bundle references collected, in order.
 */

type Validate = ((data: unknown) => boolean) & { errors?: unknown };
const ids = validatorIds();
const reference = schemaAjv({ source: false });
const table = generated as unknown as Record<string, Validate>;

function answers(v: Validate, value: unknown) {
  const { value: ok, refs } = withRefs(() => v(value));
  return { ok, errors: v.errors ?? null, refs };
}

function same(name: string, value: unknown) {
  const mine = answers(table[name]!, value);
  const theirs = answers(reference.getSchema(ids[name]!) as Validate, value);
  expect(mine).toEqual(theirs);
  return mine;
}

const shippedValues = (): Json[] => shippedBundles().map((b) => b.value);

/** Every path (as keys) to a value inside `v`, the root included. */
function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
  return out;
}

type Edit = { op: 'set'; value: Json } | { op: 'delete' } | { op: 'extra'; key: string; value: Json };

/** `v` with one edit at `path` (a copy; `v` is untouched). */
function edited(v: Json, path: (string | number)[], edit: Edit): Json {
  const copy = structuredClone(v) as Json;
  if (path.length === 0) return edit.op === 'set' ? edit.value : copy;
  let parent = copy as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (edit.op === 'set') parent[last] = edit.value;
  else if (edit.op === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else {
    const target = parent[last];
    if (target && typeof target === 'object' && !Array.isArray(target)) (target as Record<string, Json>)[edit.key] = edit.value;
    else parent[last] = { [edit.key]: edit.value };
  }
  return copy;
}

const anEdit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), value: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json> }),
  fc.record({ op: fc.constant('delete' as const) }),
  fc.record({ op: fc.constant('extra' as const), key: fc.string({ maxLength: 8 }), value: fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<Json> }),
  // values the schemas' keywords are about: digests right and wrong, lengths at their bounds, wrong types
  fc.record({
    op: fc.constant('set' as const),
    value: fc.constantFrom<Json>(`sha256:${'a'.repeat(64)}`, `sha256:${'A'.repeat(64)}`, 'sha256:', '', 'x'.repeat(256), -1, 0, 1.5, 2 ** 53, null, [], {}),
  }),
);

/** Random single edits of `values`, each checked against both validators under `nameOf`. */
function fuzz(values: Json[], nameOf: (v: Json) => string | undefined, runs: number) {
  let invalid = 0;
  fc.assert(
    fc.property(fc.nat(values.length - 1), fc.nat(), anEdit, (i, j, edit) => {
      const v = values[i]!;
      const ps = paths(v);
      const mutated = edited(v, ps[j % ps.length]!, edit);
      const name = nameOf(mutated) ?? nameOf(v)!;
      if (!same(name, mutated).ok) invalid++;
    }),
    { numRuns: runs, seed: 22 },
  );
  return invalid;
}

const kindName = (v: Json) => {
  const kind = v && typeof v === 'object' && !Array.isArray(v) ? (v as { kind?: unknown }).kind : undefined;
  return typeof kind === 'string' && KINDS.includes(kind) ? `bundle_${kind.replace(/[^A-Za-z0-9]/g, '_')}` : undefined;
};

describe('the generated validators', () => {
  it('are exactly what ajv generates from docs/schemas now', () => {
    expect(readFileSync(GENERATED, 'utf8'), 'run `node cli/dev/run-ts.mjs cli/dev/schema-validators.ts`').toBe(validatorsSource());
  });

  it('answer as ajv compiling the schemas at run time does, on every shipped bundle and on 600 edits of them', () => {
    const values = shippedValues();
    const kinds = new Set<string>();
    let refs = 0;
    for (const v of values) {
      const r = same(kindName(v)!, v);
      expect(r.ok).toBe(true);
      refs += r.refs.length;
      kinds.add((v as { kind: string }).kind);
    }
    expect(kinds.size).toBeGreaterThanOrEqual(8);
    expect(refs).toBeGreaterThan(values.length); // the references are collected, not just validity
    expect(fuzz(values, kindName, 600)).toBeGreaterThan(100); // the edits reach the error paths
    // validateBundle is this validator: its text and references follow from the same answers
    const run = values.find((v) => (v as { kind: string }).kind === 'run')!;
    expect(validateBundle(run).refs).toEqual(answers(table.bundle_run!, run).refs);
  });

  it('answer as the reference on journal lines, the bank file and a release manifest, and edits of them', () => {
    const lines = shippedValues().flatMap((v) => ((v as { kind: string }).kind === 'run-segment' ? ((v as { lines: Json[] }).lines ?? []) : []));
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines.slice(0, 50)) expect(same('definition_run_segment_line', l).ok).toBe(true);
    expect(fuzz(lines.slice(0, 50), () => 'definition_run_segment_line', 200)).toBeGreaterThan(20);

    const bank = JSON.parse(readFileSync(join(REPO, 'decision-bank.json'), 'utf8')) as Json;
    expect(same('bankFile', bank).ok).toBe(true);
    expect(fuzz([bank], () => 'bankFile', 200)).toBeGreaterThan(20);

    const digest = `sha256:${'0'.repeat(64)}` as const;
    const { manifest } = buildManifest([{ path: 'MANIFEST.json', size: 3, digest }], digest);
    expect(same('releaseManifest', manifest as unknown as Json).ok).toBe(true);
    expect(fuzz([manifest as unknown as Json], () => 'releaseManifest', 100)).toBeGreaterThan(10);
  });
});
