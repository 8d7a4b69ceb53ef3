import { createRequire } from 'node:module';
import { DIGEST_PATTERN, matchesDigestPattern } from './digest.ts';

/**
 * What the validators ajv generated from docket's schemas (validators.generated.ts) call while they
 * run: the pattern tester, the `bundleRef` collector and ajv's own string-length helper. The
 * generator (cli/dev/schema-validators.ts) names these functions in the code it asks ajv for, and the
 * same functions serve ajv's compile at run time in the tests that hold the two together.
 */

/** A reference from one bundle to another, declared by the schema keyword `bundleRef` (design.md §3). */
export interface BundleRef {
  pointer: string; // JSON pointer inside the referring bundle
  digest: string;
  kind: string | null; // expected kind, null = any
}

/**
 * The schemas' digest pattern (31 uses) is tested with matchesDigestPattern, every other pattern with
 * a RegExp. ajv keys compiled patterns by their toString(), so the tester names its pattern.
 */
const DIGEST_TESTER = { test: matchesDigestPattern, toString: () => `/${DIGEST_PATTERN}/ (matchesDigestPattern)` };
export const schemaRegExp = (pattern: string, flags: string): { test: (s: string) => boolean } => (pattern === DIGEST_PATTERN ? DIGEST_TESTER : new RegExp(pattern, flags));

let collecting: BundleRef[] | null = null;

/** Called by the validators where the schema says `bundleRef`; `kind` null means any kind. */
export function collectBundleRef(pointer: string, digest: unknown, kind: string | null): void {
  if (collecting && typeof digest === 'string') collecting.push({ pointer, digest, kind });
}

/** Run `fn` (one validation) and return what it returned with the references it met, in order. */
export function withRefs<T>(fn: () => T): { value: T; refs: BundleRef[] } {
  const refs: BundleRef[] = [];
  collecting = refs;
  try {
    return { value: fn(), refs };
  } finally {
    collecting = null;
  }
}

// minLength and maxLength count code points, as ajv's runtime does (one small CommonJS file).
const require = createRequire(import.meta.url);
export const ucs2length: (s: string) => number = (require('ajv/dist/runtime/ucs2length') as { default: (s: string) => number }).default;
