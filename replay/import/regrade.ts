import type { Archive } from '../store/archive.ts';
import { sha256, type Digest } from '../format/digest.ts';
import type { Grader } from '../grading/graders.ts';
import { canonicalBytes, canonicalText, type Json } from '../format/json.ts';
import { LETTERS, type Letter, type Permutation } from '../bank/types.ts';
import type { LoadedImport } from './store.ts';
import { isObject, type JsonObject } from './types.ts';

/**
 * `docket regrade --imported --grader decision@N|exact@N` (docs/import.md "Regrading"): docket's
 * graders applied to imported inspect_ai multiple-choice samples — 2 to 4 `choices`, a letter
 * `target`, the model's `output.completion` — shown in the log's own order (identity permutation).
 * The result is a `foreign-grade` record per import, linked to the previous one
 * (refs/import-grades/<import>); nothing is written when the same grader gives the same verdicts.
 * Every other sample (judge-scored, free-text targets, lm-eval's loglikelihood choices) is counted
 * as skipped: it has no letter reply a docket grader can read.
 */
export const IMPORT_GRADES_NS = 'import-grades';
const IDENTITY: Permutation = [0, 1, 2, 3];

export interface ForeignVerdict {
  sample: Digest;
  inputHash: Digest;
  verdict: 'correct' | 'incorrect' | 'invalid' | 'truncated';
  shown: Letter | null;
  chosen: Letter | null;
  key: Letter;
  logged: 'correct' | 'incorrect' | 'other';
}

export interface ImportRegradeResult {
  import: string;
  status: 'graded' | 'unchanged' | 'skipped'; // skipped: no sample a docket grader can read
  grade: Digest | null;
  current: Digest | null;
  grader: string;
  counts: { samples: number; correct: number; incorrect: number; invalid: number; truncated: number; agreeWithLog: number };
  skipped: number;
  disagreements: { sample: Digest; logged: string; verdict: string }[];
}

/** inspect_ai's stop reasons in the OpenAI vocabulary docket's graders read ("length" = cut off). */
const FINISH: Record<string, string> = { stop: 'stop', max_tokens: 'length', model_length: 'length', tool_calls: 'tool_calls', content_filter: 'content_filter' };

function completionOf(sample: JsonObject): { content: string | null; finishReason: string | null } {
  const out = isObject(sample.output) ? sample.output : {};
  const first = Array.isArray(out.choices) && isObject(out.choices[0]) ? out.choices[0] : {};
  const msg = isObject(first.message) ? first.message : {};
  const content = typeof out.completion === 'string' ? out.completion : typeof msg.content === 'string' ? msg.content : null;
  return { content, finishReason: typeof first.stop_reason === 'string' ? (FINISH[first.stop_reason] ?? first.stop_reason) : null };
}

function letterTarget(t: Json | undefined): Letter | null {
  const v = Array.isArray(t) && t.length === 1 ? t[0] : t;
  return typeof v === 'string' && (LETTERS as readonly string[]).includes(v) ? (v as Letter) : null;
}

/** What the log's own scorer said: C/1/true → correct, I/0/false → incorrect. */
function loggedVerdict(sample: JsonObject): ForeignVerdict['logged'] {
  const scores = isObject(sample.scores) ? Object.values(sample.scores) : [];
  const v = isObject(scores[0]) ? scores[0].value : undefined;
  if (v === 'C' || v === 1 || v === true) return 'correct';
  if (v === 'I' || v === 0 || v === false) return 'incorrect';
  return 'other';
}

export function gradeImport(imp: LoadedImport, g: Grader): { verdicts: ForeignVerdict[]; skipped: number } {
  const verdicts: ForeignVerdict[] = [];
  let skipped = 0;
  for (const { digest, value } of imp.samples) {
    const s = value.sample as JsonObject;
    const key = value.framework === 'inspect_ai' ? letterTarget(s.target) : null;
    const choices = Array.isArray(s.choices) && s.choices.every((c) => typeof c === 'string') ? (s.choices as string[]) : null;
    if (!key || !choices || choices.length < 2 || choices.length > 4 || LETTERS.indexOf(key) >= choices.length) {
      skipped++;
      continue;
    }
    const { content, finishReason } = completionOf(s);
    const r = g.grade({ content, finishReason, permutation: IDENTITY, key, options: choices });
    verdicts.push({ sample: digest, inputHash: sha256(canonicalBytes({ content, finishReason })), verdict: r.verdict, shown: r.shown, chosen: r.chosen, key, logged: loggedVerdict(s) });
  }
  return { verdicts, skipped };
}

/** Grade one import and append a foreign-grade record unless nothing would change. */
export function regradeImport(archive: Archive, imp: LoadedImport, g: Grader, gradedAt: string): ImportRegradeResult {
  const { verdicts, skipped } = gradeImport(imp, g);
  const counts = { samples: verdicts.length, correct: 0, incorrect: 0, invalid: 0, truncated: 0, agreeWithLog: 0 };
  for (const v of verdicts) {
    counts[v.verdict]++;
    if (v.verdict === v.logged) counts.agreeWithLog++;
  }
  const name = `${IMPORT_GRADES_NS}/${(imp.ref ?? imp.digest.slice(7, 23)).split('/').pop()}`;
  const previous = archive.ref(name);
  const grader = { ref: `${g.id}@${g.version}`, id: g.id, version: g.version, digest: g.digest };
  const disagreements = verdicts.filter((v) => v.verdict !== v.logged).map((v) => ({ sample: v.sample, logged: v.logged, verdict: v.verdict }));
  const base = { import: imp.ref ?? imp.digest, grader: grader.ref, counts, skipped, disagreements };
  if (!verdicts.length) return { ...base, status: 'skipped', grade: null, current: previous };
  if (previous) {
    const prev = archive.get(previous).value as JsonObject;
    if ((prev.grader as JsonObject).digest === g.digest && canonicalText(prev.verdicts) === canonicalText(verdicts)) return { ...base, status: 'unchanged', grade: null, current: previous };
  }
  const d = archive.put({ kind: 'foreign-grade', schemaVersion: 1, run: imp.digest, grader, previous, gradedAt, verdicts, counts, skipped });
  archive.setRef(name, d.digest);
  return { ...base, status: 'graded', grade: d.digest, current: d.digest };
}
