import { isDigest, type Digest } from '../../replay/format/digest.ts';
import { usageError } from '../../replay/errors.ts';

/** A parsed registry reference: HOST[:PORT]/REPOSITORY[:TAG|@DIGEST] (docs/design.md "Registries"). */
export interface RegistryRef {
  host: string; // as written, with the port: "127.0.0.1:5000", "[::1]:5000", "ghcr.io"
  hostname: string; // without the port or brackets
  repository: string;
  tag: string | null;
  digest: Digest | null;
  /** https, except for a loopback host (plain HTTP is never used across a network) */
  scheme: 'http' | 'https';
}

// The OCI distribution spec's grammar for repository names and tags.
const REPO_COMPONENT = /^[a-z0-9]+(?:(?:\.|_|__|-+)[a-z0-9]+)*$/;
const TAG = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export function isLoopback(hostname: string): boolean {
  return LOOPBACK.has(hostname.toLowerCase());
}

/** Does this string look like a registry reference rather than a local path? (`verify` takes either.) */
export function looksLikeRef(s: string): boolean {
  if (/\.(tgz|tar\.gz)$/.test(s)) return false; // a release file, present or not
  const slash = s.indexOf('/');
  if (slash <= 0) return false;
  const host = s.slice(0, slash);
  // A written-out host: localhost, [v6], a dotted name with non-empty labels, or any of them with a port.
  return /^(?:localhost|\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)(?::\d+)?$/.test(host) || /^[A-Za-z0-9-]+:\d+$/.test(host);
}

export function parseRef(text: string, defaultTag: string | null = 'latest'): RegistryRef {
  const bad = (why: string) =>
    usageError('EREF', `bad registry reference ${JSON.stringify(text)}: ${why} (expected HOST[:PORT]/REPOSITORY[:TAG|@sha256:DIGEST], e.g. 127.0.0.1:5000/team/evals:nightly)`, { ref: text });
  const slash = text.indexOf('/');
  if (slash <= 0) throw bad('no registry host');
  const host = text.slice(0, slash);
  let rest = text.slice(slash + 1);
  const m = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(host);
  if (!m || (m[2] !== undefined && (Number(m[2]) < 1 || Number(m[2]) > 65535))) throw bad(`host ${JSON.stringify(host)} is not a host name or address with an optional port`);
  if (!(host.includes('.') || host.includes(':') || host.startsWith('[') || host === 'localhost'))
    throw bad(`${JSON.stringify(host)} does not name a registry host (write it in full, e.g. docker.io/${text})`);
  const hostname = m[1]!.replace(/^\[|\]$/g, '');
  let digest: Digest | null = null;
  let tag: string | null = null;
  const at = rest.indexOf('@');
  if (at >= 0) {
    const d = rest.slice(at + 1);
    if (!isDigest(d)) throw bad(`digest ${JSON.stringify(d)} is not sha256: + 64 lowercase hex`);
    digest = d;
    rest = rest.slice(0, at);
  }
  const colon = rest.lastIndexOf(':');
  if (colon >= 0) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
    if (!TAG.test(tag)) throw bad(`tag ${JSON.stringify(tag)} is not [A-Za-z0-9_][A-Za-z0-9._-]{0,127}`);
  }
  if (!rest || !rest.split('/').every((c) => REPO_COMPONENT.test(c)) || rest.length > 255)
    throw bad(`repository ${JSON.stringify(rest)} is not lowercase path components of [a-z0-9] joined by . _ __ or -`);
  if (!tag && !digest) tag = defaultTag;
  return { host, hostname, repository: rest, tag, digest, scheme: isLoopback(hostname) ? 'http' : 'https' };
}

/** The reference as text, without credentials (there are none in it). */
export function formatRef(r: RegistryRef): string {
  return `${r.host}/${r.repository}${r.tag ? `:${r.tag}` : ''}${r.digest ? `@${r.digest}` : ''}`;
}
