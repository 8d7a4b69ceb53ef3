import { sha256, type Digest } from '../format/digest.ts';
import { findingError } from '../errors.ts';
import { SECRET_RULES, type SecretRule } from './secret-rules.ts';

/**
 * The secret scanner (docs/design.md "Secret scanner"): every byte that would be stored or shipped
 * is read against SECRET_RULES. A hit is reported by file, line and rule with a redacted form and
 * the digest of the matched text, never the text itself; the digest is what an allowance names
 * (content.allowSecrets in decision-bank.json: { path, digest, reason }).
 */
export interface SecretHit {
  path: string;
  line: number;
  rule: string;
  redacted: string;
  digest: Digest; // sha256 of the matched secret text
}

export interface Allowance {
  path: string;
  digest: string;
}

const decoder = new TextDecoder('latin1'); // every byte maps to one char, so offsets are byte offsets and binaries scan too

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
}

function plausible(rule: SecretRule, secret: string): boolean {
  if (rule.needsDigit && !(/[0-9]/.test(secret) && /[A-Za-z]/.test(secret))) return false;
  return rule.minEntropy === undefined || entropy(secret) >= rule.minEntropy;
}

/** A form that names the shape without the secret: its first 4 characters (a rule's fixed prefix at most) and its length. */
export function redact(secret: string): string {
  return `${secret.slice(0, Math.min(4, Math.floor(secret.length / 4)))}…(${secret.length} chars)`;
}

/** Every rule hit in `bytes` (or a string), 1-based lines; allowances not applied. */
export function scanBytes(path: string, bytes: Uint8Array | string): SecretHit[] {
  const text = typeof bytes === 'string' ? bytes : decoder.decode(bytes);
  const hits: SecretHit[] = [];
  let lineStarts: number[] | null = null;
  const lineOf = (offset: number) => {
    lineStarts ??= newlineOffsets(text);
    let lo = 0;
    let hi = lineStarts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo; // count of line starts at or before offset = the 1-based line
  };
  const seen = new Set<string>(); // one hit per span: the rules run specific first, so a generic rule does not repeat one
  for (const rule of SECRET_RULES) {
    rule.re.lastIndex = 0;
    for (const m of text.matchAll(rule.re)) {
      if (rule.before && !rule.before.test(text.slice(Math.max(0, m.index - 64), m.index))) continue;
      const secret = m[rule.group ?? 0] ?? m[0];
      if (!plausible(rule, secret)) continue;
      const at = m.index + m[0].indexOf(secret);
      const span = `${at}:${secret.length}`;
      if (seen.has(span)) continue;
      seen.add(span);
      hits.push({ path, line: lineOf(at), rule: rule.id, redacted: redact(secret), digest: sha256(Buffer.from(secret, 'latin1')) });
    }
  }
  return hits.sort((a, b) => a.line - b.line || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0));
}

function newlineOffsets(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

/** Split hits into those an allowance covers (same path, same digest) and the rest. */
export function applyAllowances(hits: SecretHit[], allow: Allowance[]): { refused: SecretHit[]; allowed: SecretHit[] } {
  const ok = new Set(allow.map((a) => `${a.path}\0${a.digest}`));
  const refused: SecretHit[] = [];
  const allowed: SecretHit[] = [];
  for (const h of hits) (ok.has(`${h.path}\0${h.digest}`) ? allowed : refused).push(h);
  return { refused, allowed };
}

export const formatHit = (h: SecretHit) => `${h.path}:${h.line}  ${h.rule}  ${h.redacted}  ${h.digest}`;

/** The refusal every writing command raises: exit 1, every hit by file:line and rule, nothing secret. */
export function secretError(hits: SecretHit[], what: string) {
  const shown = hits.slice(0, 200);
  const more = hits.length > shown.length ? `\n  … and ${hits.length - shown.length} more` : '';
  return findingError(
    'ESECRET',
    `${what}: ${hits.length} possible secret(s) found; nothing was written:\n${shown.map((h) => `  ${formatHit(h)}`).join('\n')}${more}\n` +
      'Remove each one (and rotate any real key: it has been on disk in the tree), or leave the file out with a .gitignore/.docketignore rule. ' +
      'If a hit is not a secret, allow exactly that text: add { "path": PATH, "digest": DIGEST, "reason": "..." } to content.allowSecrets in decision-bank.json.',
    { hits },
  );
}
