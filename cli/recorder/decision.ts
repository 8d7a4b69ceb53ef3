import type { DecisionRecord } from '../../replay/runs/journal.ts';
import type { Json } from '../../replay/format/json.ts';

/**
 * Reading a decision endpoint's response (docs/design.md §9, README "The decision endpoint").
 * docket reads `choice` (the id of the chosen option), `probabilities` ({id: p} or [{id, probability}]),
 * `confidence`, `model`, `usage` (with `usage.cost`) and `provider`; the whole body is journaled
 * as returned. The chosen id becomes the line's `content`, so every grader reads it as a bare letter.
 */
const isObj = (v: unknown): v is Record<string, Json> => !!v && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export interface Reply {
  content: string | null;
  finishReason: string | null;
  model: string | null;
  usage: Json;
  costUsd: number | null;
  provider: string | null;
  decision?: DecisionRecord;
}

/** The fields every OpenAI-compatible body may carry: model, usage, usage.cost, provider. */
export function commonFields(body: Record<string, Json>) {
  const usage = isObj(body.usage) ? body.usage : null;
  // Provider-reported cost (OpenRouter: usage.cost). Unknown stays null: never guessed, never 0.
  const cost = usage && typeof usage.cost === 'number' && usage.cost >= 0 ? usage.cost : null;
  return {
    model: typeof body.model === 'string' ? body.model : null,
    usage,
    costUsd: cost,
    provider: typeof body.provider === 'string' && body.provider ? body.provider : null,
  };
}

function probabilities(v: Json | undefined): Record<string, number> | null {
  if (isObj(v)) {
    const out: Record<string, number> = {};
    for (const [k, p] of Object.entries(v)) if (num(p) !== null) out[k] = p as number;
    return out;
  }
  if (Array.isArray(v)) {
    const out: Record<string, number> = {};
    for (const e of v) {
      if (!isObj(e)) continue;
      const id = typeof e.id === 'string' ? e.id : typeof e.option === 'string' ? e.option : null;
      const p = num(e.probability);
      if (id !== null && p !== null) out[id] = p;
    }
    return out;
  }
  return null;
}

/** The decision in a 2xx body; null when the body has no `choice` member at all (bad_body). */
export function readDecision(body: Json): Reply | null {
  if (!isObj(body) || !('choice' in body)) return null;
  const choice = typeof body.choice === 'string' ? body.choice : null;
  const decision: DecisionRecord = { choice, probabilities: probabilities(body.probabilities), confidence: num(body.confidence) };
  return { content: choice, finishReason: null, ...commonFields(body), decision };
}
