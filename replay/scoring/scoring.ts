import { ambiguousRun, matchRunRef } from '../runs/run-ref.ts';
import { usageError } from '../errors.ts';
import { PROTOCOL } from '../bank/protocol.ts';
import { bootstrapStatistic, clusteredBootstrap, clusteredMean, holm, mcnemarExact, pairedBootstrap, wilson, type BootstrapResult, type McNemar } from './stats.ts';

/**
 * Scores from per-slot evidence, exactly as replay/bank/protocol.ts states (docs/scoring.md explains
 * every rule). Pure: the input is a list of RunForScoring, built from the archive by
 * replay/scoring/scoring-input.ts; nothing here reads files or the clock.
 */

export type Verdict = 'correct' | 'incorrect' | 'invalid' | 'provider_failure' | 'truncated' | 'interrupted' | 'partial';
export type Kind = 'choice' | 'answer' | 'exec';
export const KINDS: readonly Kind[] = ['choice', 'answer', 'exec'];

export interface SlotOutcome {
  question: string;
  sourceEval: string;
  permutation: number;
  repetition: number;
  verdict: Verdict; // the last attempt of the slot; 'interrupted' for planned slots never completed
  chosen: string | null; // canonical letter parsed, if any
  key: string; // canonical key
  answerText: string | null; // the model's reply text (for `failures`)
  attempts: number; // attempts in the slot (retries included)
  costUsd: number; // sum of known provider-reported costs over the slot's attempts
  unknownCostAttempts: number; // attempts whose cost is unknown (never counted as 0)
  kind?: Kind; // a task's kind; absent for a question (choice)
  score?: number | null; // a task slot's score in [0, 1] (null: did not answer)
  finishReason?: string | null; // a task slot's last attempt: why it stopped (length, stop, …)
}

export interface RunForScoring {
  run: string; // digest of the run bundle
  grade: string; // digest of its current grade bundle
  /** the grader of that grade (the audit names the grader behind each number); absent when the source does not record it */
  grader?: { ref: string; digest: string };
  runId: string;
  model: string;
  status: 'sealed' | 'incomplete' | 'interrupted' | 'in-progress';
  benchmarkVersion: string;
  sealedAt: string;
  planned: number;
  slots: SlotOutcome[];
  /** Planned slots per kind (banks with tasks only; absent: every slot is a question's). */
  plannedByKind?: Partial<Record<Kind, number>>;
  /** How the bank's protocol combines kinds or categories (banks with tasks only). */
  weights?: { kind: Partial<Record<string, number>> } | { category: Record<string, number> };
  /** The bank's name (the benchmark) the run measured; absent when the source does not record it. */
  benchmark?: string;
  /** The distinct model ids the provider answered with (journal `model`), for audit's identity check. */
  providerModels?: string[];
  /**
   * Optional: slot outcomes under earlier grades of the same run, so `audit` can name a newer regrade.
   * (`slots` of a run read from the index is built on each read, so that thousands of runs do not
   * hold a million slot outcomes at once: read it once per use.)
   */
  earlierGrades?: { grade: string; slots: SlotOutcome[] }[];
}

/** The loader seam the commands call through (replay/scoring/scoring-input.ts). */
export type RunSource = () => RunForScoring[];

/** Verdicts that enter the score denominator (protocol.verdicts). */
const COUNTED: ReadonlySet<Verdict> = new Set(['correct', 'incorrect', 'invalid', 'provider_failure', 'partial']);
export const isCounted = (v: Verdict) => COUNTED.has(v);

export interface Coverage {
  planned: number;
  scored: number; // counted slots: correct + incorrect + invalid + provider_failure
  correct: number;
  incorrect: number;
  invalid: number;
  providerFailures: number;
  partial?: number; // task slots scored strictly between 0 and 1 (present only when some are)
  truncated: number;
  interrupted: number; // slots recorded as interrupted plus planned slots with no record
  fraction: number; // scored / planned
}

export interface Cost {
  knownUsd: number;
  unknownAttempts: number;
  attempts: number;
}

export interface QuestionScore {
  question: string;
  sourceEval: string;
  score: number;
  counted: number;
}

export interface GroupScore {
  name: string;
  score: number;
  questions: number;
}

export interface RunScore {
  run: string;
  grade: string;
  runId: string;
  model: string;
  status: RunForScoring['status'];
  benchmarkVersion: string;
  sealedAt: string;
  /** The bank's name the run measured, when recorded. */
  benchmark: string | null;
  /** The model ids the provider answered as (journal `model`), sorted; empty when it named none. */
  providerModels: string[];
  /** The protocol score in [0, 1]; null when no slot counts. */
  score: number | null;
  /** Clustered bootstrap interval of the score. */
  interval: BootstrapResult | null;
  /** Single-trial pass rate over counted slots, with its Wilson interval. */
  passRate: { correct: number; trials: number; low: number; high: number };
  coverage: Coverage;
  cost: Cost;
  questions: QuestionScore[];
  sourceEvals: GroupScore[];
  categories: GroupScore[];
  /** Per kind (runs of banks with tasks only): its score, interval, coverage and items; `score` is then their combination. */
  kinds?: Partial<Record<Kind, KindScore>>;
}

export interface KindScore {
  score: number | null;
  interval: BootstrapResult | null;
  coverage: Coverage;
  items: number; // items (questions or tasks) with a counted slot
  /** Task kinds only: the slots by their last attempt's finish_reason (`none` when the provider gave none), sorted by reason. */
  finishReasons?: Record<string, number>;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function coverageOf(run: Pick<RunForScoring, 'planned' | 'slots'>): Coverage {
  const slots = run.slots; // read once: a run from the index builds its slots on each read
  const n: Record<Verdict, number> = { correct: 0, incorrect: 0, invalid: 0, provider_failure: 0, truncated: 0, interrupted: 0, partial: 0 };
  for (const s of slots) n[s.verdict]++;
  const missing = Math.max(0, run.planned - slots.length);
  const scored = n.correct + n.incorrect + n.invalid + n.provider_failure + n.partial;
  return {
    planned: run.planned,
    scored,
    correct: n.correct,
    incorrect: n.incorrect,
    invalid: n.invalid,
    providerFailures: n.provider_failure,
    ...(n.partial ? { partial: n.partial } : {}),
    truncated: n.truncated,
    interrupted: n.interrupted + missing,
    fraction: run.planned > 0 ? scored / run.planned : 0,
  };
}

export function costOf(slots: readonly SlotOutcome[]): Cost {
  let knownUsd = 0;
  let unknownAttempts = 0;
  let attempts = 0;
  for (const s of slots) {
    knownUsd += s.costUsd;
    unknownAttempts += s.unknownCostAttempts;
    attempts += s.attempts;
  }
  return { knownUsd: Math.round(knownUsd * 1e12) / 1e12, unknownAttempts, attempts }; // float sums drift in the last digit
}

/** Unknown cost is never shown as $0: it is a count of attempts beside the known sum. */
export function formatCost(c: Cost): string {
  if (c.attempts === 0) return 'no attempts';
  if (c.unknownAttempts === 0) return `$${c.knownUsd.toFixed(4)}`;
  if (c.unknownAttempts >= c.attempts) return `unknown (${c.unknownAttempts} attempts)`;
  return `$${c.knownUsd.toFixed(4)} + ${c.unknownAttempts} attempts unknown`;
}

/** How a slot verdict scores under a scoring variant; null = excluded from the denominator. */
type SlotRule = (s: SlotOutcome) => number | null;
/** A question slot scores 1 when correct; a task slot scores what its graders gave; either counts only when its verdict does. */
const protocolRule: SlotRule = (s) => (!isCounted(s.verdict) ? null : s.kind ? (s.score ?? 0) : s.verdict === 'correct' ? 1 : 0);

/** Question scores: the mean of counted slot scores per question (protocol.questionScore). */
export function questionScores(slots: readonly SlotOutcome[], rule: SlotRule = protocolRule): QuestionScore[] {
  const acc = new Map<string, { sourceEval: string; sum: number; n: number }>();
  for (const s of slots) {
    const v = rule(s);
    if (v === null) continue;
    const q = acc.get(s.question) ?? { sourceEval: s.sourceEval, sum: 0, n: 0 };
    q.sum += v;
    q.n += 1;
    acc.set(s.question, q);
  }
  return [...acc.entries()]
    .map(([question, q]) => ({ question, sourceEval: q.sourceEval, score: q.sum / q.n, counted: q.n }))
    .sort((a, b) => byText(a.sourceEval, b.sourceEval) || byText(a.question, b.question));
}

/** Question scores grouped by source eval, both sorted: the clusters of the bootstrap. */
export function clustersOf(questions: readonly QuestionScore[]): { sourceEval: string; questions: QuestionScore[] }[] {
  const groups = new Map<string, QuestionScore[]>();
  for (const q of questions) {
    const g = groups.get(q.sourceEval);
    if (g) g.push(q);
    else groups.set(q.sourceEval, [q]);
  }
  return [...groups.entries()].sort(([a], [b]) => byText(a, b)).map(([sourceEval, qs]) => ({ sourceEval, questions: qs }));
}

/** protocol.score: source evals get equal weight. */
export function weightedScore(questions: readonly QuestionScore[]): number | null {
  return questions.length === 0 ? null : clusteredScore(clustersOf(questions));
}

/** weightedScore from the clusters already made. */
const clusteredScore = (clusters: ReturnType<typeof clustersOf>) => clusteredMean(clusters.map((c) => c.questions.map((q) => q.score)));

/** The part of a source eval before its first '/' (all of it when it has none). */
export const categoryOf = (sourceEval: string) => {
  const slash = sourceEval.indexOf('/');
  return slash < 0 ? sourceEval : sourceEval.slice(0, slash);
};

function groupScores(clusters: ReturnType<typeof clustersOf>): { sourceEvals: GroupScore[]; categories: GroupScore[] } {
  const sourceEvals = clusters.map((c) => ({ name: c.sourceEval, score: c.questions.reduce((a, q) => a + q.score, 0) / c.questions.length, questions: c.questions.length }));
  // A category is a set of source evals; equal weight per source eval inside it, as in the score.
  const cats = new Map<string, GroupScore[]>();
  for (const s of sourceEvals) {
    const c = cats.get(categoryOf(s.name));
    if (c) c.push(s);
    else cats.set(categoryOf(s.name), [s]);
  }
  const categories = [...cats.entries()]
    .sort(([a], [b]) => byText(a, b))
    .map(([name, ss]) => ({ name, score: ss.reduce((a, s) => a + s.score, 0) / ss.length, questions: ss.reduce((a, s) => a + s.questions, 0) }));
  return { sourceEvals, categories };
}

const BOOT = PROTOCOL.intervals.bootstrap;

/** The score's bootstrap interval (protocol.intervals.bootstrap): null when there is no score. */
export function intervalOf(questions: readonly QuestionScore[]): BootstrapResult | null {
  if (questions.length === 0) return null;
  const clusters = clustersOf(questions).map((c) => c.questions.map((q) => q.score));
  return clusteredBootstrap(clusters, { resamples: BOOT.resamples, confidence: BOOT.confidence, seed: BOOT.seed });
}

/**
 * A run's scores. `interval: false` leaves the bootstrap interval out (null): a ranking computes it
 * only for the runs it ranks, since 2,000 resamples per run dominate a ranking of thousands of runs.
 */
export function scoreRun(run: RunForScoring, opts: { interval?: boolean } = {}): RunScore {
  const slots = run.slots; // read once: a run from the index builds its slots on each read
  const questions = questionScores(slots);
  const clusters = clustersOf(questions); // once: the score and the group scores both read them
  const score = questions.length === 0 ? null : clusteredScore(clusters);
  const interval = opts.interval === false ? null : intervalOf(questions);
  const coverage = coverageOf({ planned: run.planned, slots });
  const w = wilson(coverage.correct, coverage.scored, PROTOCOL.intervals.wilson.confidence);
  const kinds = run.plannedByKind ? kindScores(run, slots, opts.interval !== false) : undefined;
  return {
    run: run.run,
    grade: run.grade,
    runId: run.runId,
    model: run.model,
    status: run.status,
    benchmarkVersion: run.benchmarkVersion,
    sealedAt: run.sealedAt,
    benchmark: run.benchmark ?? null,
    providerModels: [...(run.providerModels ?? [])].sort(),
    score,
    interval,
    passRate: { correct: coverage.correct, trials: coverage.scored, low: w.low, high: w.high },
    coverage,
    cost: costOf(slots),
    questions,
    ...groupScores(clusters),
    ...(kinds ? { kinds: kinds.kinds, score: kinds.combined, interval: kinds.interval } : {}),
  };
}

const kindOfSlot = (s: SlotOutcome): Kind => s.kind ?? 'choice';

/** Slots by the finish_reason of their last attempt ("answered badly" is not "did not answer": a cut-off reply says `length`). */
function finishReasonsOf(slots: readonly SlotOutcome[]): Record<string, number> {
  const n = new Map<string, number>();
  for (const s of slots) n.set(s.finishReason ?? 'none', (n.get(s.finishReason ?? 'none') ?? 0) + 1);
  return Object.fromEntries([...n].sort(([a], [b]) => byText(a, b)));
}

/**
 * Scores per kind and combined (docs/scoring.md "Kinds"): each kind scored as the protocol scores a
 * bank (source evals weighted equally), then combined by the protocol's weights: per kind (a
 * weighted mean of the kind scores with one), or per category (a weighted mean of category scores,
 * each the mean of its source evals over items of every kind). The combined interval is a clustered
 * bootstrap of that same statistic: source evals drawn with replacement, items within each.
 */
function kindScores(run: RunForScoring, slots: readonly SlotOutcome[], withInterval: boolean) {
  const kinds: Partial<Record<Kind, KindScore>> = {};
  for (const k of KINDS) {
    const planned = run.plannedByKind?.[k];
    if (!planned) continue;
    const mine = slots.filter((s) => kindOfSlot(s) === k);
    const qs = questionScores(mine);
    kinds[k] = {
      score: weightedScore(qs),
      interval: withInterval ? intervalOf(qs) : null,
      coverage: coverageOf({ planned, slots: mine }),
      items: qs.length,
      ...(k === 'choice' ? {} : { finishReasons: finishReasonsOf(mine) }),
    };
  }
  const weights = run.weights ?? { kind: { choice: 1, answer: 1, exec: 1 } };
  const kindOf = new Map(slots.map((s) => [s.question, kindOfSlot(s)]));
  const items = questionScores(slots).map((q) => ({ ...q, kind: kindOf.get(q.question)! }));
  const stat = combinedStatistic(weights);
  const clusters = clustersOf(items).map((c) => c.questions as (QuestionScore & { kind: Kind })[]);
  const combined = items.length ? stat(clusters) : null;
  const interval = withInterval && items.length ? bootstrapStatistic(clusters, stat, { resamples: BOOT.resamples, confidence: BOOT.confidence, seed: BOOT.seed }) : null;
  return { kinds, combined, interval };
}

type Item = QuestionScore & { kind: Kind };

/** The combined score of source-eval clusters of items under the protocol's weights; null when nothing weighs. */
function combinedStatistic(weights: NonNullable<RunForScoring['weights']>): (clusters: readonly (readonly Item[])[]) => number | null {
  const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
  const weighted = (parts: [number, number][]) => {
    const kept = parts.filter(([w]) => w > 0);
    const total = kept.reduce((a, [w]) => a + w, 0);
    return total > 0 ? kept.reduce((a, [w, v]) => a + w * v, 0) / total : null;
  };
  if ('kind' in weights)
    return (clusters) =>
      weighted(
        KINDS.flatMap((k): [number, number][] => {
          const means = clusters
            .map((c) => c.filter((i) => i.kind === k).map((i) => i.score))
            .filter((xs) => xs.length > 0)
            .map(mean);
          return means.length ? [[weights.kind[k] ?? 0, mean(means)]] : [];
        }),
      );
  return (clusters) => {
    const byCat = new Map<string, number[]>();
    for (const c of clusters) {
      if (!c.length) continue;
      const cat = categoryOf(c[0]!.sourceEval);
      byCat.set(cat, [...(byCat.get(cat) ?? []), mean(c.map((i) => i.score))]);
    }
    return weighted([...byCat].map(([cat, ms]): [number, number] => [weights.category[cat] ?? 0, mean(ms)]));
  };
}

/** Scores under rules other than the protocol's: `audit` uses them to explain a mismatch. */
export function scoreVariants(slots: readonly SlotOutcome[]): { name: string; explanation: string; score: number | null }[] {
  const truncatedAsZero: SlotRule = (s) => (s.verdict === 'truncated' ? 0 : protocolRule(s));
  const everyPlannedAsZero: SlotRule = (s) => protocolRule(s) ?? 0;
  const qs = questionScores(slots);
  const counted = slots.filter((s) => isCounted(s.verdict));
  const hasInterrupted = slots.some((s) => s.verdict === 'interrupted');
  return [
    {
      name: 'truncated-as-incorrect',
      explanation: 'matches if truncated-empty attempts are scored as incorrect instead of excluded (different protocol)',
      score: weightedScore(questionScores(slots, truncatedAsZero)),
    },
    // Only distinct from the variant above when some slot was interrupted.
    ...(hasInterrupted
      ? [
          {
            name: 'all-slots-as-attempted',
            explanation: 'matches if truncated and interrupted slots are scored as incorrect (different protocol)',
            score: weightedScore(questionScores(slots, everyPlannedAsZero)),
          },
        ]
      : []),
    {
      name: 'unweighted-questions',
      explanation: 'matches the plain mean over questions, without equal weight per source eval (different protocol)',
      score: qs.length ? qs.reduce((a, q) => a + q.score, 0) / qs.length : null,
    },
    {
      name: 'raw-pass-rate',
      explanation: 'matches the raw pass rate over counted slots, without per-question or per-source-eval weighting (different protocol)',
      score: counted.length ? counted.filter((s) => s.verdict === 'correct').length / counted.length : null,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Ranking

export interface ProtocolRef {
  id: string;
  version: number;
  digest: string;
}

/**
 * The digest of encodeBundle(PROTOCOL), written down: encoding it costs every leaderboard and audit
 * ~0.2 s of start-up (the bundle schema compiled, the deflater warmed up) for one constant.
 * scoring.test.ts encodes the protocol and holds the two equal, so a protocol change fails there.
 */
export const PROTOCOL_DIGEST = 'sha256:3cb406cedd3b1139ba4744bca7d395dab194f7c7db9c6b7d742004b97329a0db';

/** The protocol's bundle digest (part of the benchmark version). */
export function protocolRef(): ProtocolRef {
  return { id: PROTOCOL.id, version: PROTOCOL.version, digest: PROTOCOL_DIGEST };
}

export type RefusalCode = 'other-version' | 'not-sealed' | 'no-score' | 'low-coverage' | 'superseded';

export interface Refusal {
  code: RefusalCode;
  reason: string;
  score: RunScore;
}

export interface PlaceTest {
  model: string;
  against: string; // the first model of the place it was tested against
  mcnemar: McNemar;
  adjustedP: number;
  newPlace: boolean;
}

export interface RankedRow {
  place: number;
  score: RunScore;
  test: PlaceTest | null; // null for the first row
}

export interface Ranking {
  protocol: ProtocolRef;
  benchmarkVersion: string | null;
  rows: RankedRow[];
  refused: Refusal[];
}

/** Why the protocol refuses `s` a place on `version` (audit asks it of a published run), or null. */
export function refusalOf(s: RunScore, version: string | null): Refusal | null {
  if (s.benchmarkVersion !== version) return { code: 'other-version', reason: `benchmark version ${s.benchmarkVersion}, not ${version}`, score: s };
  if (s.status !== 'sealed') return { code: 'not-sealed', reason: `run is ${s.status}, not sealed and complete`, score: s };
  if (s.score === null) return { code: 'no-score', reason: 'no slot counts toward a score', score: s };
  if (s.coverage.fraction < PROTOCOL.minCoverage) {
    return {
      code: 'low-coverage',
      reason: `coverage ${(s.coverage.fraction * 100).toFixed(1)} % is below ${PROTOCOL.minCoverage * 100} % (${s.coverage.scored} of ${s.coverage.planned} slots scored)`,
      score: s,
    };
  }
  return null;
}

/** Newest first: sealedAt, then run digest so equal timestamps still order the same way. */
const newestFirst = (a: RunScore, b: RunScore) => byText(b.sealedAt, a.sealedAt) || byText(a.run, b.run);

/**
 * The ranking of protocol.ranking and protocol.comparison.places. `benchmarkVersion` selects the
 * runs; the caller passes the current version (or an older one on request).
 */
export function rankRuns(runs: readonly RunForScoring[], benchmarkVersion: string | null): Ranking {
  const bySlots = new Map(runs.map((r) => [r.run, r]));
  const scores = runs.map((r) => scoreRun(r, { interval: false })).sort(newestFirst); // refused runs show no interval
  const refused: Refusal[] = [];
  const chosen = new Map<string, RunScore>();
  for (const s of scores) {
    const refusal = refusalOf(s, benchmarkVersion);
    if (refusal) refused.push(refusal);
    else if (chosen.has(s.model)) refused.push({ code: 'superseded', reason: `a newer run of ${s.model} (${chosen.get(s.model)!.runId}) is ranked`, score: s });
    else chosen.set(s.model, s);
  }
  const ordered = [...chosen.values()].map((s) => ({ ...s, interval: intervalOf(s.questions) })).sort((a, b) => b.score! - a.score! || byText(a.model, b.model) || byText(a.run, b.run));
  const rows = assignPlaces(ordered, (a, b) => mcnemarRuns(bySlots.get(a.run)!, bySlots.get(b.run)!));
  return { protocol: protocolRef(), benchmarkVersion, rows, refused };
}

/**
 * Places (protocol.comparison.places). The family of tests is one per model after the first (the
 * n − 1 adjacent steps). Walking down, model i is tested against the first model of the current
 * place; its Holm-adjusted p is read from the family as it stands then (final tests above i,
 * adjacent-pair tests below). With all places distinct this is exactly Holm over adjacent pairs.
 */
export function assignPlaces(ordered: readonly RunScore[], test: (a: RunScore, b: RunScore) => McNemar): RankedRow[] {
  if (ordered.length === 0) return [];
  const rows: RankedRow[] = [{ place: 1, score: ordered[0]!, test: null }];
  const family: number[] = ordered.slice(1).map((s, i) => test(ordered[i]!, s).p);
  let leader = 0;
  for (let i = 1; i < ordered.length; i++) {
    const against = ordered[leader]!;
    const m = test(against, ordered[i]!);
    family[i - 1] = m.p;
    const adjustedP = holm(family)[i - 1]!;
    const newPlace = adjustedP < 0.05;
    if (newPlace) leader = i;
    rows.push({ place: leader + 1, score: ordered[i]!, test: { model: ordered[i]!.model, against: against.model, mcnemar: m, adjustedP, newPlace } });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Comparison of two runs

const slotKey = (s: SlotOutcome) => `${s.question}\u0000${s.permutation}\u0000${s.repetition}`;

/** Exact McNemar on shared slots counted in both runs (correct vs not correct). */
export function mcnemarRuns(a: RunForScoring, b: RunForScoring): McNemar {
  const bSlots = new Map(b.slots.filter((s) => isCounted(s.verdict)).map((s) => [slotKey(s), s]));
  let onlyA = 0;
  let onlyB = 0;
  for (const sa of a.slots) {
    if (!isCounted(sa.verdict)) continue;
    const sb = bSlots.get(slotKey(sa));
    if (!sb) continue;
    const ca = sa.verdict === 'correct';
    const cb = sb.verdict === 'correct';
    if (ca && !cb) onlyA++;
    if (cb && !ca) onlyB++;
  }
  return mcnemarExact(onlyA, onlyB);
}

export interface Comparison {
  a: RunScore;
  b: RunScore;
  sharedQuestions: number;
  sharedSlots: number;
  /** Protocol-weighted score difference A − B over shared questions, with its paired bootstrap interval. */
  difference: BootstrapResult | null;
  mcnemar: McNemar;
}

export function compareRuns(a: RunForScoring, b: RunForScoring): Comparison {
  const sa = scoreRun(a);
  const sb = scoreRun(b);
  const qb = new Map(sb.questions.map((q) => [q.question, q]));
  const shared = sa.questions.filter((q) => qb.has(q.question));
  const clusters = clustersOf(shared);
  const left = clusters.map((c) => c.questions.map((q) => q.score));
  const right = clusters.map((c) => c.questions.map((q) => qb.get(q.question)!.score));
  const P = PROTOCOL.comparison.pairedBootstrap;
  const difference = shared.length ? pairedBootstrap(left, right, { resamples: P.resamples, confidence: BOOT.confidence, seed: P.seed }) : null;
  const bKeys = new Set(b.slots.filter((s) => isCounted(s.verdict)).map(slotKey));
  const sharedSlots = a.slots.filter((s) => isCounted(s.verdict) && bKeys.has(slotKey(s))).length;
  return { a: sa, b: sb, sharedQuestions: shared.length, sharedSlots, difference, mcnemar: mcnemarRuns(a, b) };
}

// ---------------------------------------------------------------------------------------------
// Output helpers shared by the commands and the report

/** Percent, rounded to 4 decimals so JSON output is stable and readable. */
export const percent = (x: number | null | undefined): number | null => (x === null || x === undefined || Number.isNaN(x) ? null : Math.round(x * 1e6) / 1e4);

export const FAILURE_VERDICTS: readonly Verdict[] = ['incorrect', 'invalid', 'truncated', 'provider_failure', 'partial'];

/** Every slot a maintainer must look at: incorrect, invalid, truncated or failed. */
export function failuresOf(run: RunForScoring): SlotOutcome[] {
  return run.slots
    .filter((s) => FAILURE_VERDICTS.includes(s.verdict))
    .sort((a, b) => byText(a.sourceEval, b.sourceEval) || byText(a.question, b.question) || a.permutation - b.permutation || a.repetition - b.repetition);
}

/** Find a run by digest, unique digest prefix (hex, with or without `sha256:`), or run id. */
export function findRun(runs: readonly RunForScoring[], ref: string): { run?: RunForScoring; candidates: RunForScoring[] } {
  const found = matchRunRef(
    runs,
    ref,
    (r) => r.runId,
    (r) => r.run,
  );
  return { run: found.match, candidates: found.candidates };
}

/**
 * The default benchmark version when the archive does not name a current one: the version of the
 * most recently sealed run (documented in docs/scoring.md).
 */
export function newestVersion(runs: readonly RunForScoring[]): string | null {
  const sorted = [...runs].sort((a, b) => byText(b.sealedAt, a.sealedAt) || byText(a.run, b.run));
  return sorted[0]?.benchmarkVersion ?? null;
}

/** A run the archive holds that scoring leaves out (scoring-input.ts unscoredRuns), as requireRun names it. */
export interface UnscoredRef {
  runId: string;
  run: string | null;
  why?: string;
  command?: string | null;
}

/** findRun for the commands: a coded usage error (exit 2) when the reference names no single scored run. */
export function requireRun(runs: readonly RunForScoring[], ref: string, unscored: readonly UnscoredRef[] = []): RunForScoring {
  const found = findRun(runs, ref);
  if (found.run) return found.run;
  if (!found.candidates.length) {
    // A run without a grade, never sealed or imported is not scored: say so, and what changes that, rather than "no run matches".
    const named = matchRunRef(
      unscored,
      ref,
      (u) => u.runId,
      (u) => u.run ?? '',
    );
    if (named.match) {
      const u = named.match;
      const command = u.command === undefined ? `docket regrade ${u.runId}` : u.command;
      throw usageError(
        'ENOGRADE',
        `run ${u.runId}${u.run ? ` (${u.run})` : ''} is ${u.why ?? 'sealed but not graded yet'}, so it has no verdicts to show${command ? `: run \`${command}\` first` : ''}`,
        { ref, runId: u.runId, run: u.run, command },
      );
    }
  }
  if (found.candidates.length > 1) {
    throw ambiguousRun(ref, found.candidates);
  }
  const why =
    runs.length === 0 && unscored.length === 0
      ? 'there are no runs in the archive'
      : `the archive holds ${runs.length} scored run(s)${unscored.length ? ` and ${unscored.length} not scored (\`docket leaderboard\` lists them)` : ''}; name one by digest, digest prefix or run id`;
  throw usageError('ENORUN', `no run matches ${ref}: ${why}`, { ref });
}

/**
 * The benchmark version a ranking uses: the one asked for, else the archive's current one, else
 * the newest run's. Asking for a version no run was made on is a usage error.
 */
export function chooseVersion(runs: readonly RunForScoring[], requested: string | undefined, current: string | null): string | null {
  if (requested !== undefined) {
    const known = [...new Set(runs.map((r) => r.benchmarkVersion))].sort(byText);
    if (runs.length && !known.includes(requested))
      throw usageError('EVERSION', `no run in the archive is on benchmark version ${requested} (versions with runs: ${known.join(', ')})`, { requested, known });
    return requested;
  }
  return current ?? newestVersion(runs);
}
