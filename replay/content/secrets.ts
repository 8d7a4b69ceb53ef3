import { sha256, type Digest } from '../format/digest.ts';
import { findingError } from '../errors.ts';
import { DEFAULT_MIN_ENTROPY, HEAD_CHARS, MAX_MATCH_CHARS, SECRET_RULES, type SecretRule, VALUE_END } from './secret-rules.ts';

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
  /** A hit inside a source snapshot: the eval file it is in (`evals/…`), the path an allowance names. */
  file?: string;
}

export interface Allowance {
  path: string;
  digest: string;
}

/**
 * The input is read in chunks of CHUNK bytes, each with MARGIN bytes of its neighbours on either
 * side, so a match that starts in a chunk is found whole and its `before` window is there; a match
 * belongs to the chunk it starts in. A chunk (with its margins) of one repeated byte is skipped
 * unread: no rule matches a run of one character. Bytes are read as latin1 (one char per byte,
 * so offsets are byte offsets and binaries scan too).
 */
const CHUNK = 1 << 20;
const MARGIN = HEAD_CHARS + MAX_MATCH_CHARS + 64; // a whole match, its `before` window and its `after` character
const MIN_UNIFORM_CHECK = 1 << 16; // below this a chunk is just scanned

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
}

function plausible(rule: SecretRule, secret: string): boolean {
  for (const need of rule.needs ?? []) {
    if (need === 'digit' && !(/[0-9]/.test(secret) && /[A-Za-z]/.test(secret))) return false;
    if (need === 'mixed' && !(/[a-z]/.test(secret) && /[A-Z]/.test(secret))) return false;
  }
  return entropy(secret) >= (rule.minEntropy ?? DEFAULT_MIN_ENTROPY);
}

/** A form that names the shape without the secret: its first 4 characters (a rule's fixed prefix at most) and its length. */
export function redact(secret: string): string {
  return `${secret.slice(0, Math.min(4, Math.floor(secret.length / 4)))}…(${secret.length} chars)`;
}

interface Found {
  at: number; // byte offset of the secret in the input
  end: number;
  secret: string;
}

/** Every rule hit in `bytes` (or a string, read as its UTF-8 bytes), 1-based lines; allowances not applied. */
export function scanBytes(path: string, bytes: Uint8Array | string): SecretHit[] {
  return scanInChunks(path, bytes, CHUNK);
}

/** scanBytes with a chosen chunk size (tests move the chunk boundaries around). */
export function scanInChunks(path: string, input: Uint8Array | string, chunk: number): SecretHit[] {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const perRule: Found[][] = SECRET_RULES.map(() => []);
  for (let start = 0; start < bytes.length; start += chunk) {
    const end = Math.min(bytes.length, start + chunk);
    const lo = Math.max(0, start - MARGIN);
    const hi = Math.min(bytes.length, end + MARGIN);
    if (hi - lo >= MIN_UNIFORM_CHECK && uniform(bytes, lo, hi)) continue;
    scanText(bytes.toString('latin1', lo, hi), start - lo, end - lo, lo, perRule);
  }
  const kept = keepFirstPerSpan(perRule);
  const lines = new Lines(bytes);
  return kept
    .map(({ rule, f }) => ({ path, line: lines.of(f.at), rule: SECRET_RULES[rule]!.id, redacted: redact(f.secret), digest: sha256(Buffer.from(f.secret, 'latin1')) }))
    .sort((a, b) => a.line - b.line || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0));
}

/** Each keyword rule's regex made sticky, the rules by keyword, and one alternation of every keyword (longest first). */
const STICKY = SECRET_RULES.map((r) => (r.keywords ? new RegExp(r.re.source, `${r.re.flags.replace('g', '')}y`) : null));
const BY_KEYWORD = new Map<string, number[]>();
SECRET_RULES.forEach((r, i) => {
  for (const k of r.keywords ?? []) BY_KEYWORD.set(k, [...(BY_KEYWORD.get(k) ?? []), i]);
});
const KEYWORD_LIST = [...BY_KEYWORD.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
// A keyword that starts with a shorter one (`sk-or-v1-`, `sk-`) also starts every rule of the shorter.
const RULES_AT = new Map(KEYWORD_LIST.map((k) => [k, [...new Set(KEYWORD_LIST.filter((j) => k.startsWith(j)).flatMap((j) => BY_KEYWORD.get(j)!))].sort((a, b) => a - b)]));
const TRIGGER = new RegExp(KEYWORD_LIST.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
const FULL_PASS = SECRET_RULES.flatMap((r, i) => (r.keywords ? [] : [i]));

/** Every rule over one chunk: matches starting in [from, to) of `text`, which starts at byte `base`. */
function scanText(text: string, from: number, to: number, base: number, perRule: Found[][]) {
  const keep = (r: number, m: RegExpExecArray | null) => {
    const f = m && judge(SECRET_RULES[r]!, m, text);
    if (f) perRule[r]!.push({ at: base + f.at, end: base + f.end, secret: f.secret });
  };
  TRIGGER.lastIndex = from;
  for (let k = TRIGGER.exec(text); k !== null && k.index < to; k = TRIGGER.exec(text)) {
    for (const r of RULES_AT.get(k[0])!) {
      const re = STICKY[r]!;
      re.lastIndex = k.index;
      keep(r, re.exec(text));
    }
    TRIGGER.lastIndex = k.index + 1; // a keyword may start inside another
  }
  for (const r of FULL_PASS) {
    const re = SECRET_RULES[r]!.re;
    re.lastIndex = from;
    for (let m = re.exec(text); m !== null && m.index < to; m = re.exec(text)) keep(r, m);
  }
}

/** A regex match made a hit, or null: the checks a bounded regex cannot make, each on a bounded window. */
function judge(rule: SecretRule, m: RegExpExecArray, text: string): Found | null {
  let secret = m[rule.group ?? 0] ?? m[0];
  let at = m.index + m[0].lastIndexOf(secret); // every grouped rule's secret is its match's last occurrence of it
  const end = at + secret.length;
  const next = text.charAt(end); // cheapest first: the end, then the head, then the secret itself
  if (rule.after && !rule.after.test(next)) return null;
  if (rule.quoteGroup !== undefined) {
    const quote = m[rule.quoteGroup] ?? '';
    if (quote ? !text.startsWith(quote, end) : !VALUE_END.test(next)) return null;
  }
  if (rule.before) {
    const head = text.slice(Math.max(0, m.index - HEAD_CHARS), m.index);
    if (rule.before instanceof RegExp) {
      const b = rule.before.exec(head);
      if (!b) return null;
      if (rule.keepBefore) {
        secret = b[0] + secret;
        at -= b[0].length;
      }
    } else if (!rule.before(head)) return null;
  }
  if (!plausible(rule, secret)) return null;
  if (rule.accept && !rule.accept(secret, m)) return null;
  return { at, end, secret };
}

/**
 * One hit per span of text: rules run specific first, so a later rule's match that overlaps an
 * earlier rule's hit (or an earlier hit of its own) is dropped. Linear merges of sorted lists.
 */
function keepFirstPerSpan(perRule: Found[][]): { rule: number; f: Found }[] {
  let kept: { rule: number; f: Found }[] = [];
  perRule.forEach((found, rule) => {
    found.sort((a, b) => a.at - b.at || a.end - b.end); // a secret extended backwards (keepBefore) can start before an earlier match's
    const mine: { rule: number; f: Found }[] = [];
    let k = 0;
    for (const f of found) {
      const last = mine[mine.length - 1];
      if (last && f.at < last.f.end) continue;
      while (k < kept.length && kept[k]!.f.end <= f.at) k++;
      if (k < kept.length && kept[k]!.f.at < f.end) continue;
      mine.push({ rule, f });
    }
    const merged: { rule: number; f: Found }[] = [];
    let i = 0;
    let j = 0;
    while (i < kept.length || j < mine.length) {
      if (j >= mine.length || (i < kept.length && kept[i]!.f.at <= mine[j]!.f.at)) merged.push(kept[i++]!);
      else merged.push(mine[j++]!);
    }
    kept = merged;
  });
  return kept;
}

let fill: Buffer = Buffer.alloc(0);
/** Whether bytes[lo, hi) are all one byte value: a compare against a filled buffer, at memcmp speed. */
function uniform(bytes: Buffer, lo: number, hi: number): boolean {
  const b = bytes[lo]!;
  if (bytes[hi - 1] !== b || bytes[(lo + hi) >> 1] !== b) return false;
  if (fill.length < hi - lo || fill[0] !== b) fill = Buffer.alloc(Math.max(hi - lo, CHUNK + 2 * MARGIN), b);
  return bytes.compare(fill, 0, hi - lo, lo, hi) === 0;
}

/** 1-based line numbers of byte offsets asked in ascending order: newlines counted once, up to the furthest offset asked. */
class Lines {
  private line = 1;
  private counted = 0; // newlines before this offset are counted in `line`
  constructor(private bytes: Buffer) {}
  of(offset: number): number {
    for (let nl = this.bytes.indexOf(10, this.counted); nl !== -1 && nl < offset; nl = this.bytes.indexOf(10, nl + 1)) this.line++;
    this.counted = Math.max(this.counted, offset);
    return this.line;
  }
}
/** Split hits into those an allowance covers (same path — for a hit in a source snapshot, its eval file's — same digest) and the rest. */
export function applyAllowances(hits: SecretHit[], allow: Allowance[]): { refused: SecretHit[]; allowed: SecretHit[] } {
  const ok = new Set(allow.map((a) => `${a.path}\0${a.digest}`));
  const refused: SecretHit[] = [];
  const allowed: SecretHit[] = [];
  for (const h of hits) (ok.has(`${h.file ?? h.path}\0${h.digest}`) ? allowed : refused).push(h);
  return { refused, allowed };
}

export const formatHit = (h: SecretHit) => `${h.path}:${h.line}  ${h.rule}  ${h.redacted}  ${h.digest}`;

/** Where a hit is an archived object (`evidence/objects/…` in a release, `objects/…` of an archive) rather than a file of the tree. */
const OBJECT_HIT = /^(?:evidence\/)?objects\//;

const TREE_ADVICE =
  'Remove each one from the file (and rotate any real key: it has been on disk in the tree), or leave the file out with a .gitignore/.docketignore rule. ' +
  'If a hit is not a secret, allow exactly that text: add { "path": PATH, "digest": DIGEST, "reason": "..." } to content.allowSecrets in decision-bank.json.';
const OBJECT_ADVICE =
  'A hit in an evidence object means the key is in the archive already: rotate it first (a dead key is no secret). ' +
  'Then take its content out with `docket redact DIGEST --reason TEXT` (or `docket redact --scan --reason TEXT`): a redaction record stands in for it and the archive still verifies. ' +
  'Do not delete the object by hand: every reference to it would break (EREF).';

/** Where a hit is in what a probe printed: `<probe> (stdout)`, `<probe> (stderr)`. */
const OUTPUT_HIT = / \((?:stdout|stderr)\)$/;
const OUTPUT_ADVICE =
  'A probe printed it: change the probe so its output holds no credential (and rotate any real key: it has been on a terminal). ' +
  'If a hit is not a secret, allow exactly that text: add { "path": PATH, "digest": DIGEST, "reason": "..." } to content.allowSecrets in decision-bank.json.';

/** Where a hit is in what `docket run` would journal: `<run> <slot> (response)`, `(request)`. */
const RUN_HIT = / \((?:response|request)\)$/;
const RUN_ADVICE =
  'The endpoint sent it (or the request held it): nothing of that attempt was journaled, and the run stopped with its journal intact. ' +
  'Rotate the key if it is real, find out why the server returns it (a misconfigured proxy or endpoint echoing credentials), then `docket run --resume RUN`.';

/** The refusal every writing command raises: exit 1, every hit by file:line and rule, nothing secret, and what to do for where the hits are. */
export function secretError(hits: SecretHit[], what: string) {
  const shown = hits.slice(0, 200);
  const more = hits.length > shown.length ? `\n  … and ${hits.length - shown.length} more` : '';
  const kind = (h: SecretHit) => (OBJECT_HIT.test(h.path) ? OBJECT_ADVICE : OUTPUT_HIT.test(h.path) ? OUTPUT_ADVICE : RUN_HIT.test(h.path) ? RUN_ADVICE : TREE_ADVICE);
  const advice = [TREE_ADVICE, OUTPUT_ADVICE, RUN_ADVICE, OBJECT_ADVICE].filter((a) => hits.some((h) => kind(h) === a)).join(' ');
  return findingError('ESECRET', `${what}: ${hits.length} possible secret(s) found; nothing was written or sent:\n${shown.map((h) => `  ${formatHit(h)}`).join('\n')}${more}\n${advice}`, { hits });
}
