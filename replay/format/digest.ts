import { createHash, hash } from 'node:crypto';
import { usageError } from '../errors.ts';

/** `sha256:` + 64 lowercase hex. The only accepted digest form (docs/design.md §1). */
export type Digest = `sha256:${string}`;
export const DIGEST_PATTERN = '^sha256:[0-9a-f]{64}$';
const HEX = new Uint8Array(128);
for (const c of '0123456789abcdef') HEX[c.charCodeAt(0)] = 1;

export function isDigest(value: unknown): value is Digest {
  return typeof value === 'string' && matchesDigestPattern(value);
}

/**
 * Exactly `new RegExp(DIGEST_PATTERN).test(s)`, as a loop: about twice as fast here, and replay tests
 * two digests per journal line in the schema and again in the line check (~5 % of a replay). A
 * property test holds the two together.
 */
export function matchesDigestPattern(s: string): boolean {
  if (s.length !== 71 || !s.startsWith('sha256:')) return false;
  for (let i = 7; i < 71; i++) if (HEX[s.charCodeAt(i)] !== 1) return false; // undefined past 127
  return true;
}

/** Validate before any use; nothing builds a path from a string that has not passed here. */
export function parseDigest(value: unknown, where = 'digest'): Digest {
  if (!isDigest(value)) {
    throw usageError('EDIGESTFORMAT', `${where}: not a digest (expected sha256: + 64 lowercase hex): ${JSON.stringify(value)?.slice(0, 80)}`, { where, value: String(value).slice(0, 80) });
  }
  return value;
}

/**
 * A published digest as a stranger holds it (`--expect`): `sha256:<hex>` as docket prints it, or
 * the bare hex `sha256sum` prints (either case); anything else is EDIGESTFORMAT saying both forms.
 */
export function parseExpected(value: string, where = '--expect'): Digest {
  const text = value.trim();
  const hex = /^(?:sha256:)?([0-9a-fA-F]{64})$/.exec(text)?.[1];
  if (!hex)
    throw usageError('EDIGESTFORMAT', `${where}: not a sha256 digest (expected sha256:<64 hex> or the 64 hex digits sha256sum prints): ${JSON.stringify(value).slice(0, 80)}`, {
      where,
      value: value.slice(0, 80),
    });
  return `sha256:${hex.toLowerCase()}` as Digest;
}

export function hexOf(digest: Digest): string {
  return digest.slice(7);
}

/** node:crypto one-shot hash: the fastest path here (see docs/design.md, measured-limits). */
export function sha256(bytes: Uint8Array | string): Digest {
  return `sha256:${hash('sha256', bytes, 'hex')}`;
}

export function sha256Stream() {
  const h = createHash('sha256');
  return {
    update(chunk: Uint8Array | string) {
      h.update(chunk); // a string is hashed as its UTF-8 bytes
    },
    digest(): Digest {
      return `sha256:${h.digest('hex')}`;
    },
  };
}
