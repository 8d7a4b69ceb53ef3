import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Ajv as AjvInstance, ValidateFunction } from 'ajv';
import { packageFile } from '../package-files.ts';
import { DIGEST_PATTERN, matchesDigestPattern } from './digest.ts';

const require = createRequire(import.meta.url);

/**
 * One JSON Schema per bundle kind, published in docs/schemas/<kind>.schema.json (the single source of
 * truth, read from docket's own install). Every schema sets additionalProperties:false at every level.
 * References to other bundles are marked with the custom keyword `bundleRef` (value: the expected
 * kind, or true for any kind); validation collects them, so reference checking needs no per-kind code.
 */
export const SCHEMA_DIR = fileURLToPath(packageFile('docs/schemas/'));

export interface BundleRef {
  pointer: string; // JSON pointer inside the referring bundle
  digest: string;
  kind: string | null; // expected kind, null = any
}

let collecting: BundleRef[] | null = null;

/**
 * The schemas' digest pattern (31 uses) is tested with matchesDigestPattern, every other pattern with
 * a RegExp. ajv keys compiled patterns by their toString(), so the tester names its pattern.
 */
const regExp = Object.assign((pattern: string, flags: string): { test: (s: string) => boolean } => (pattern === DIGEST_PATTERN ? DIGEST_TESTER : new RegExp(pattern, flags)), { code: 'new RegExp' });
const DIGEST_TESTER = { test: matchesDigestPattern, toString: () => `/${DIGEST_PATTERN}/ (matchesDigestPattern)` };

// Made on first use: loading ajv and setting it up cost ~110 ms of every command's start-up, and
// `docket verify --quick` (like --help) never validates a bundle.
let ajvInstance: AjvInstance | null = null;
function ajv(): AjvInstance {
  if (ajvInstance) return ajvInstance;
  const { Ajv } = require('ajv') as typeof import('ajv');
  const a = new Ajv({ allErrors: true, strict: true, validateFormats: false, code: { regExp } });
  a.addKeyword({
    keyword: 'bundleRef',
    schemaType: ['string', 'boolean'],
    errors: false,
    validate(schema: string | boolean, data: unknown, _parent: unknown, cxt?: { instancePath: string }) {
      if (collecting && typeof data === 'string') collecting.push({ pointer: cxt?.instancePath ?? '', digest: data, kind: schema === true ? null : String(schema) });
      return true;
    },
  });
  a.addSchema({ $id: 'https://docket.invalid/schemas/defs.json', $defs: { digest: { type: 'string', pattern: DIGEST_PATTERN } } });
  return (ajvInstance = a);
}

// Compiled on first use: ajv compilation is the slowest part of docket's start-up.
const validators = new Map<string, ValidateFunction | null>();
for (const file of readdirSync(SCHEMA_DIR).sort()) {
  if (file.endsWith('.schema.json')) validators.set(file.slice(0, -'.schema.json'.length), null);
}

export const KINDS: readonly string[] = [...validators.keys()];

function validatorFor(kind: string): ValidateFunction | undefined {
  if (!validators.has(kind)) return undefined;
  let v = validators.get(kind);
  if (!v) {
    v = ajv().compile(JSON.parse(readFileSync(`${SCHEMA_DIR}${kind}.schema.json`, 'utf8')));
    validators.set(kind, v);
  }
  return v;
}

export interface SchemaResult {
  ok: boolean;
  errors: string[];
  refs: BundleRef[];
}

export function validateBundle(value: unknown): SchemaResult {
  const kind = value && typeof value === 'object' && !Array.isArray(value) ? (value as { kind?: unknown }).kind : undefined;
  if (typeof kind !== 'string') return { ok: false, errors: ['/kind: missing or not a string'], refs: [] };
  const validate = validatorFor(kind);
  if (!validate) return { ok: false, errors: [`/kind: unknown kind ${JSON.stringify(kind)} (known: ${KINDS.join(', ')})`], refs: [] };
  return run(validate, value);
}

/**
 * Validate a value against one definition of a kind's schema (`$defs/<name>`): a journal line is
 * checked against run-segment's `line`, with the rules its sealed segment will be checked with.
 * Pointers in the errors are relative to the value.
 */
export function validateDefinition(kind: string, name: string, value: unknown): SchemaResult {
  const key = `${kind}#/$defs/${name}`;
  let validate = definitions.get(key);
  if (!validate) {
    const whole = validatorFor(kind); // registers the kind's schema under its $id
    const id = (whole?.schema as { $id?: string } | undefined)?.$id;
    validate = id ? ajv().getSchema(`${id}#/$defs/${name}`) : undefined;
    if (!validate) throw new Error(`internal: no definition ${name} in the ${kind} schema`);
    definitions.set(key, validate);
  }
  return run(validate, value);
}
const definitions = new Map<string, ValidateFunction>();

function run(validate: ValidateFunction, value: unknown): SchemaResult {
  collecting = [];
  try {
    const ok = validate(value) as boolean;
    const errors = ok
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'invalid'}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`);
    return { ok, errors, refs: ok ? collecting : [] };
  } finally {
    collecting = null;
  }
}
