import { fileURLToPath } from 'node:url';
import { packageFile } from '../package-files.ts';
import { withRefs, type BundleRef } from './schema-runtime.ts';
import { BUNDLE_KINDS, definition_run_segment_line } from './validators.generated.ts';

export type { BundleRef } from './schema-runtime.ts';

/**
 * One JSON Schema per bundle kind, published in docs/schemas/<kind>.schema.json (the single source of
 * truth, read from docket's own install). Every schema sets additionalProperties:false at every level.
 * References to other bundles are marked with the custom keyword `bundleRef` (value: the expected
 * kind, or true for any kind); validation collects them, so reference checking needs no per-kind code.
 * The validators are the code ajv generates from these schemas, generated once
 * (validators.generated.ts, by cli/dev/schema-validators.ts; a test holds it to the schemas).
 */
export const SCHEMA_DIR = fileURLToPath(packageFile('docs/schemas/'));

/** What a generated validator is: ajv's validate function, its errors left on it. */
export interface Validator {
  (data: unknown): boolean;
  errors?: { instancePath: string; message?: string; params?: Record<string, unknown> }[] | null;
}

const VALIDATORS = new Map<string, Validator>(Object.entries(BUNDLE_KINDS as Record<string, Validator>));

export const KINDS: readonly string[] = [...VALIDATORS.keys()];

export interface SchemaResult {
  ok: boolean;
  errors: string[];
  refs: BundleRef[];
}

export function validateBundle(value: unknown): SchemaResult {
  const kind = value && typeof value === 'object' && !Array.isArray(value) ? (value as { kind?: unknown }).kind : undefined;
  if (typeof kind !== 'string') return { ok: false, errors: ['/kind: missing or not a string'], refs: [] };
  const validate = VALIDATORS.get(kind);
  if (!validate) return { ok: false, errors: [`/kind: unknown kind ${JSON.stringify(kind)} (known: ${KINDS.join(', ')})`], refs: [] };
  return run(validate, value);
}

/**
 * A journal line, checked against run-segment's `line` definition: the rules its sealed segment will
 * be checked with. Pointers in the errors are relative to the line.
 */
export const validateJournalLine = (value: unknown): SchemaResult => run(definition_run_segment_line as Validator, value);

/** One schema error as docket prints it: pointer, message, and the property a closed object refused. */
export const schemaErrorText = (e: NonNullable<Validator['errors']>[number]) =>
  `${e.instancePath || '/'} ${e.message ?? 'invalid'}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`;

function run(validate: Validator, value: unknown): SchemaResult {
  const { value: ok, refs } = withRefs(() => validate(value));
  return { ok, errors: ok ? [] : (validate.errors ?? []).map(schemaErrorText), refs: ok ? refs : [] };
}
