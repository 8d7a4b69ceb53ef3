import { sha256, type Digest } from './digest.ts';
import { DocketError, EXIT, usageError } from '../errors.ts';
import { gunzipStrict, gzipCanonical, GzipError, type Inflater } from './gzip.ts';
import { canonicalBytes, JsonError, parseCanonical, provenCanonical, type Json } from './json.ts';
import { validateCanonicalBytes } from './schema-bytes.ts';
import { validateBundle, type BundleRef } from './schemas.ts';

/** Hard caps (docs/design.md §3): bounded memory per object, whatever the archive holds. */
export const MAX_OBJECT_BYTES = 64 * 1024 * 1024;
export const MAX_CONTENT_BYTES = 64 * 1024 * 1024;

export interface Descriptor {
  kind: string;
  digest: Digest; // SHA-256 of the stored (gzip) bytes: the object's name
  size: number;
  contentDigest: Digest; // SHA-256 of the canonical JSON
  contentSize: number;
}

export interface Encoded {
  bytes: Uint8Array;
  descriptor: Descriptor;
  refs: BundleRef[];
}

/** value → schema check → RFC 8785 bytes → canonical gzip. Refuses anything it could not read back. */
export function encodeBundle(value: unknown): Encoded {
  const content = canonicalBytes(value);
  if (content.length > MAX_CONTENT_BYTES) throw usageError('ESIZE', `bundle content is ${content.length} bytes, over the ${MAX_CONTENT_BYTES}-byte cap`);
  const schema = validateBundle(value);
  if (!schema.ok) throw usageError('ESCHEMA', `not a valid ${String((value as { kind?: unknown })?.kind)} bundle: ${schema.errors.join('; ')}`, { errors: schema.errors });
  const bytes = gzipCanonical(content);
  const kind = (value as { kind: string }).kind;
  return {
    bytes,
    refs: schema.refs,
    descriptor: { kind, digest: sha256(bytes), size: bytes.length, contentDigest: sha256(content), contentSize: content.length },
  };
}

export type Stage = 'EDIGEST' | 'ESIZE' | 'EGZIP' | 'EJSON' | 'ESCHEMA';

/**
 * A bundle that fails a decoding stage. It is damaged input, so a finding (exit 1), never an internal
 * error: every command that reads a bundle through the store gets one naming the stage, the object
 * and its path (`at`), whatever command it is.
 */
export class BundleError extends DocketError {
  declare readonly code: Stage;
  constructor(code: Stage, message: string, data: Record<string, unknown> = {}) {
    super(code, message, { stage: code, ...data }, EXIT.FINDINGS);
    this.name = 'BundleError';
  }

  /** The same failure, naming the object it was read from (`shown`: the path as the user reaches it) and what to do. */
  at(digest: Digest, path: string, shown = path): BundleError {
    return new BundleError(this.code, `damaged object ${shown} (${digest}): ${this.message}. Restore it from a good copy of the archive; 'docket verify' lists every finding`, { digest, path });
  }
}

export interface Decoded {
  value: Json;
  descriptor: Descriptor;
  refs: BundleRef[];
  content?: Uint8Array; // the canonical JSON bytes (set by decodeBundle: replay hashes journal lines from them)
}

/** What decoding proves, without the content digest (which only an index compares with). */
export interface DecodedContent {
  digest: Digest;
  kind: string;
  value: Json;
  refs: BundleRef[];
  content: Uint8Array; // the canonical JSON bytes
}

/**
 * bytes → (digest check) → strict gunzip → strict canonical parse → schema. `expected` is the
 * name the bytes were found under; a bundle is never trusted by its name. `knownDigest`: the caller
 * has just hashed these very bytes.
 */
export function decodeContent(bytes: Uint8Array, expected?: Digest, knownDigest?: Digest): DecodedContent {
  const { digest, content } = inflateChecked(bytes, expected, knownDigest);
  return decodeInflated(digest, content);
}

/** The parse and schema stages of decodeContent, for content already inflated. */
function decodeInflated(digest: Digest, content: Uint8Array): DecodedContent {
  let value: Json;
  try {
    value = parseCanonical(content);
  } catch (e) {
    if (e instanceof JsonError) throw new BundleError('EJSON', e.message);
    throw e;
  }
  const schema = validateBundle(value);
  if (!schema.ok) throw new BundleError('ESCHEMA', schema.errors.join('; '));
  return { digest, kind: (value as { kind: string }).kind, value, refs: schema.refs, content };
}

/** What checking proves without building the value: `docket verify` needs no more. */
export type CheckedContent = Omit<DecodedContent, 'value'>;

/**
 * decodeContent's stages and verdicts, without building the value: canonical form and the schema
 * are proven on the bytes (json.ts `provenCanonical`, schema-bytes.ts). Whatever they cannot prove
 * goes through the parse and ajv, which decide and name the error; so a bundle passes here exactly
 * when it passes there. `into`: inflate into its reused memory (the returned content is then valid
 * until its next use).
 */
export function checkContent(bytes: Uint8Array, expected?: Digest, knownDigest?: Digest, into?: Inflater): CheckedContent {
  const { digest, content } = inflateChecked(bytes, expected, knownDigest, into);
  const proof = provenCanonical(content);
  const proven = proof && validateCanonicalBytes(Buffer.from(content.buffer, content.byteOffset, content.byteLength), proof);
  if (proven) return { digest, kind: proven.kind, refs: proven.refs, content };
  const { value: _value, ...rest } = decodeInflated(digest, content);
  return rest;
}

/** decodeContent, and the bundle's descriptor (its content digest included). */
export function decodeBundle(bytes: Uint8Array, expected?: Digest, knownDigest?: Digest): Decoded {
  const d = decodeContent(bytes, expected, knownDigest);
  return { value: d.value, refs: d.refs, content: d.content, descriptor: descriptorOf(d, bytes.length) };
}

/** The first stages of every read: size cap, digest against the expected name, strict capped gunzip. */
export function inflateChecked(bytes: Uint8Array, expected?: Digest, knownDigest?: Digest, into?: Inflater): { digest: Digest; content: Uint8Array } {
  if (bytes.length > MAX_OBJECT_BYTES) throw new BundleError('ESIZE', `object is ${bytes.length} bytes, over the ${MAX_OBJECT_BYTES}-byte cap`);
  const digest = knownDigest ?? sha256(bytes);
  if (expected && digest !== expected) throw new BundleError('EDIGEST', `content hashes to ${digest}, not ${expected}`);
  return { digest, content: inflate(bytes, into) };
}

function inflate(bytes: Uint8Array, into?: Inflater): Uint8Array {
  try {
    return gunzipStrict(bytes, MAX_CONTENT_BYTES, into);
  } catch (e) {
    if (e instanceof GzipError) throw new BundleError(e.code === 'ETOOBIG' ? 'ESIZE' : 'EGZIP', e.message);
    throw e;
  }
}

export function descriptorOf(d: CheckedContent, size: number): Descriptor {
  return { kind: d.kind, digest: d.digest, size, contentDigest: sha256(d.content), contentSize: d.content.length };
}
