/**
 * Generates replay/format/validators.generated.ts: the validation code ajv compiles from docket's
 * JSON Schemas (docs/schemas/), written out once with ajv's standalone code generator instead of
 * compiled again by every command at start-up (loading ajv and compiling one schema cost 100-150 ms
 * of a command's first output). The schemas stay the single source of truth: a test regenerates the
 * module and demands the committed bytes, and compares its answers with ajv compiling the schemas at
 * run time (the reference, `schemaAjv({ source: false })`).
 *
 * `node cli/dev/run-ts.mjs cli/dev/schema-validators.ts` writes the module; `--check` exits 1 when
 * the committed module differs from what the schemas give now.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { _, Ajv, type KeywordCxt } from 'ajv';
import { strConcat } from 'ajv/dist/compile/codegen/index.js';
import standalone from 'ajv/dist/standalone/index.js';

// A CommonJS module whose default export is also module.exports.
const standaloneCode = standalone.default;
import { collectBundleRef, schemaRegExp } from '../../replay/format/schema-runtime.ts';

const SCHEMAS = fileURLToPath(new URL('../../docs/schemas/', import.meta.url));
export const GENERATED = fileURLToPath(new URL('../../replay/format/validators.generated.ts', import.meta.url));

/** The bundle kinds: one schema per kind, docs/schemas/<kind>.schema.json. */
export const bundleKinds = (): string[] =>
  readdirSync(SCHEMAS)
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => f.slice(0, -'.schema.json'.length))
    .sort();

const readSchema = (rel: string) => JSON.parse(readFileSync(`${SCHEMAS}${rel}`, 'utf8')) as { $id: string };

/** Every validator docket uses, by its name in the generated module: the name → the schema id ajv knows it by. */
export function validatorIds(): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const kind of bundleKinds()) ids[exportName('bundle', kind)] = readSchema(`${kind}.schema.json`).$id;
  // A journal line is checked on append with the rules its sealed segment will be checked with.
  ids[exportName('definition', 'run-segment-line')] = `${readSchema('run-segment.schema.json').$id}#/$defs/line`;
  ids.bankFile = readSchema('files/decision-bank.schema.json').$id;
  ids.releaseManifest = readSchema('release/manifest.schema.json').$id;
  ids.redactionRecord = readSchema('archive/redaction.schema.json').$id;
  return ids;
}

export const exportName = (prefix: string, name: string) => `${prefix}_${name.replace(/[^A-Za-z0-9]/g, '_')}`;

/**
 * ajv set up as docket validates: every error collected, strict schemas, no formats; patterns through
 * schemaRegExp; `bundleRef` (design.md §3) as generated code calling collectBundleRef with the
 * value's JSON pointer. `source: true` keeps the code for standaloneCode.
 */
export function schemaAjv({ source }: { source: boolean }): Ajv {
  const regExp = Object.assign(schemaRegExp, { code: 'schemaRegExp' });
  const ajv = new Ajv({ allErrors: true, strict: true, validateFormats: false, code: { source, esm: true, lines: true, regExp } });
  ajv.addKeyword({
    keyword: 'bundleRef',
    schemaType: ['string', 'boolean'],
    code(cxt: KeywordCxt) {
      const { gen, data, schema, it } = cxt;
      const collect = gen.scopeValue('func', { ref: collectBundleRef, code: _`collectBundleRef` });
      gen.code(_`${collect}(${strConcat(_`instancePath`, it.errorPath)}, ${data}, ${schema === true ? null : String(schema)})`);
    },
  });
  ajv.addSchema({ $id: 'https://docket.invalid/schemas/defs.json', $defs: { digest: { type: 'string', pattern: '^sha256:[0-9a-f]{64}$' } } });
  for (const kind of bundleKinds()) ajv.addSchema(readSchema(`${kind}.schema.json`));
  ajv.addSchema(readSchema('files/decision-bank.schema.json'));
  ajv.addSchema(readSchema('release/manifest.schema.json'));
  ajv.addSchema(readSchema('archive/redaction.schema.json'));
  return ajv;
}

const HELPER = 'require("ajv/dist/runtime/ucs2length").default';

/** The module's text: ajv's standalone code for every validator, then the table of bundle kinds. */
export function validatorsSource(): string {
  const ids = validatorIds();
  let code = standaloneCode(schemaAjv({ source: true }), ids).replace(/^"use strict";\n?/, '');
  code = code.split(HELPER).join('ucs2length');
  if (/\brequire\(/.test(code)) throw new Error(`the generated validators call require(): only ${HELPER} is provided (replay/format/schema-runtime.ts)`);
  const kinds = bundleKinds()
    .map((k) => `  ${JSON.stringify(k)}: ${exportName('bundle', k)},`)
    .join('\n');
  return [
    '// Generated from docs/schemas/ by `node cli/dev/run-ts.mjs cli/dev/schema-validators.ts` (ajv standalone code); do not edit.',
    '// @ts-nocheck',
    "import { collectBundleRef, schemaRegExp, ucs2length } from './schema-runtime.ts';",
    '',
    code.trimEnd(),
    '',
    '/** The validator of each bundle kind, by kind. */',
    `export const BUNDLE_KINDS = {\n${kinds}\n};`,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = validatorsSource();
  if (process.argv.includes('--check')) {
    const same = readFileSync(GENERATED, 'utf8') === text;
    process.stderr.write(same ? 'validators.generated.ts is current\n' : 'validators.generated.ts differs from the schemas: run `node cli/dev/run-ts.mjs cli/dev/schema-validators.ts`\n');
    process.exitCode = same ? 0 : 1;
  } else {
    writeFileSync(GENERATED, text);
    process.stderr.write(`wrote ${GENERATED} (${text.length} bytes)\n`);
  }
}
