import { inflateChecked } from '../format/bundle.ts';
import type { Digest } from '../format/digest.ts';
import type { Inflater } from '../format/gzip.ts';
import type { JournalLine } from './journal.ts';
import { provenCanonical, type Json } from '../format/json.ts';
import { numberValue, projectCanonicalBytes, projection, type Projection } from '../format/schema-bytes.ts';

/** What replay reads of a journal line (the rest is checked by the schema and left unread). */
export type LineKey = Pick<JournalLine, 'seq' | 'prev' | 'slot' | 'attempt' | 'requestHash' | 'request'> & {
  status: number | null; // response.status, null without a response
};

export interface ProjectedSegment {
  run: string;
  first: number;
  lines: LineKey[];
  spans: Uint32Array; // each line's [start, end) in `content`: exactly its RFC 8785 text, the hashed line
  content: Uint8Array; // the inflated text (in `into`'s memory when one was given: valid until its next use)
}

let plan: Projection | null | undefined;
function segmentPlan(): Projection | null {
  if (plan === undefined) {
    plan = projection(
      'run-segment',
      ['lines'],
      { run: ['run'], first: ['first'] },
      {
        seq: ['seq'],
        prev: ['prev'],
        question: ['slot', 'question'],
        permutation: ['slot', 'permutation'],
        repetition: ['slot', 'repetition'],
        attempt: ['attempt'],
        requestHash: ['requestHash'],
        request: ['request'],
        status: ['response', 'status'],
      },
    );
  }
  return plan;
}

/**
 * A run segment's journal lines, read without building the segment: digest, strict gunzip, canonical
 * form and the run-segment schema proven on the bytes (as `docket verify` does), and only the
 * members replay uses decoded. Null when anything is not proven here (a bad bundle, another kind, a
 * text the fast scan cannot vouch for): the caller then decodes the bundle the ordinary way, which
 * decides and names the problem.
 */
export function projectSegment(bytes: Uint8Array, digest: Digest, into?: Inflater): ProjectedSegment | null {
  const p = segmentPlan();
  if (!p) return null;
  let content: Uint8Array;
  try {
    content = inflateChecked(bytes, digest, undefined, into).content;
  } catch {
    return null;
  }
  const proof = provenCanonical(content);
  if (!proof) return null;
  const b = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  const s = p.slots as Record<'run' | 'first' | 'seq' | 'prev' | 'question' | 'permutation' | 'repetition' | 'attempt' | 'requestHash' | 'request' | 'status', number>;
  const lines: LineKey[] = [];
  const spans: number[] = [];
  const top = projectCanonicalBytes(b, proof, p, (start, end, at, to) => {
    spans.push(start, end);
    const line: LineKey = {
      seq: numberValue(b, at[s.seq]!, to[s.seq]!),
      prev: ascii(b, at[s.prev]!, to[s.prev]!) as Digest,
      slot: {
        question: text(b, at[s.question]!, to[s.question]!),
        permutation: numberValue(b, at[s.permutation]!, to[s.permutation]!),
        repetition: numberValue(b, at[s.repetition]!, to[s.repetition]!),
      },
      attempt: numberValue(b, at[s.attempt]!, to[s.attempt]!),
      requestHash: ascii(b, at[s.requestHash]!, to[s.requestHash]!) as Digest,
      status: at[s.status]! < 0 ? null : numberValue(b, at[s.status]!, to[s.status]!),
    };
    if (at[s.request]! >= 0) line.request = JSON.parse(b.toString('utf8', at[s.request]!, to[s.request]!)) as Json;
    lines.push(line);
  });
  if (!top) return null;
  return { run: text(b, top.starts[s.run]!, top.ends[s.run]!), first: numberValue(b, top.starts[s.first]!, top.ends[s.first]!), lines, spans: Uint32Array.from(spans), content };
}

// Buffer's own latin1Slice: toString('latin1', …) reaches it through argument checks that cost
// ~5 % of a replay (three short strings per journal line).
type Latin1 = Buffer & { latin1Slice(start: number, end: number): string };

/** A string token known to be plain ASCII without escapes (a digest). */
function ascii(b: Buffer, s: number, e: number): string {
  return (b as Latin1).latin1Slice(s + 1, e - 1);
}

/** Any string token: decoded directly when plain ASCII, else parsed. */
function text(b: Buffer, s: number, e: number): string {
  for (let k = s + 1; k < e - 1; k++) if (b[k] === 0x5c || b[k]! >= 0x80) return JSON.parse(b.toString('utf8', s, e)) as string;
  return (b as Latin1).latin1Slice(s + 1, e - 1);
}
