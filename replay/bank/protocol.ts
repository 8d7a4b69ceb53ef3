/**
 * The scoring protocol, versioned. Its bundle digest is part of the benchmark version, so any change
 * here makes a new benchmark version: runs on different versions never mix in one ranking.
 * replay/scoring/scoring.ts implements exactly these rules; docs/design.md §14 and docs/scoring.md explain them.
 */
export const PROTOCOL = {
  kind: 'protocol',
  schemaVersion: 1,
  id: 'docket-decision-scoring',
  version: 1,
  permutationsPerQuestion: 3,
  slot: 'question × permutation × repetition; retries are attempts within a slot and the last attempt is the slot outcome',
  verdicts: {
    correct: 'counts 1',
    incorrect: 'counts 0',
    invalid: 'counts 0 (no parseable choice)',
    provider_failure: 'counts 0',
    truncated: 'finish_reason length with empty content: did not answer; excluded from the score denominator, reported separately, and lowers coverage',
    interrupted: 'slot not completed: excluded from the score, lowers coverage',
  },
  questionScore: 'mean of slot scores over the question slots that count (correct, incorrect, invalid, provider_failure)',
  sourceEvalScore: 'mean of its question scores (questions with no counted slot are left out)',
  score: 'mean of source-eval scores, equal weight per source eval',
  coverage: '(correct + incorrect + invalid + provider_failure slots) / planned slots',
  minCoverage: 0.97,
  ranking: 'runs that are sealed, complete (not incomplete or interrupted), on the current benchmark version and at coverage >= minCoverage; one row per model (its newest such run)',
  intervals: {
    wilson: { confidence: 0.95, use: 'single-trial pass rates' },
    bootstrap: { resamples: 2000, confidence: 0.95, method: 'percentile; resample source evals with replacement, then questions within each drawn source eval', seed: 'docket-bootstrap-v1' },
  },
  comparison: {
    pairedBootstrap: { resamples: 2000, seed: 'docket-paired-v1', unit: 'question score differences over shared questions' },
    mcnemar: 'exact two-sided binomial test on discordant shared slots (correct vs not correct)',
    multipleComparisons: 'Holm adjustment over all adjacent pairs in the ranking, alpha 0.05',
    places: 'sorted by score; a model starts a new place only when its Holm-adjusted McNemar p against the first model of the current place is < 0.05; otherwise it shares that place',
  },
  cost: 'sum of provider-reported costs plus the count of attempts with unknown cost; unknown is never 0',
} as const;

/** How a bank weighs its kinds or categories in the combined score (decision-bank.json `scoring.weights`). */
export type Weights = { kind: { [kind: string]: number } } | { category: { [category: string]: number } };

/**
 * The protocol a bank is scored by. A bank of questions only, declaring no weights, is scored by
 * PROTOCOL exactly (its bundle, and so the benchmark version, keep their bytes). A bank with tasks
 * (or declared weights) adds how kinds are scored and combined; the weights are part of the
 * protocol, so of the benchmark version (docs/scoring.md "Kinds").
 */
export function protocolFor(bank: { tasks?: readonly unknown[]; scoring?: { weights?: Weights } }) {
  const weights = bank.scoring?.weights;
  if (!bank.tasks?.length && weights === undefined) return PROTOCOL;
  return {
    ...PROTOCOL,
    id: 'docket-scoring',
    version: 1,
    kinds: {
      choice: 'a question: 3 permutations, slot score 1 when correct, 0 when incorrect, invalid or a provider failure',
      answer:
        "a free-form reply: slot score = the task's graders' weighted score in [0, 1]; an empty reply with finish_reason length is truncated (excluded, lowers coverage); an empty reply that stopped scores 0",
      exec: "code run against the suite's tests (docket-exec/1): slot score = fraction of tests passed, or all-or-nothing, as the task declares; truncated as for answer",
    },
    itemScore: 'mean of slot scores over the slots that count (questions and tasks alike)',
    kindScore: 'per kind: mean over source evals of the mean of their item scores of that kind',
    combined:
      weights === undefined
        ? 'mean of the kind scores, equal weight per kind that has a counted slot'
        : 'kind' in weights
          ? 'weighted mean of the kind scores by weights.kind (kinds with no counted slot left out, the rest renormalised)'
          : 'weighted mean of the category scores by weights.category (a category score: mean of its source evals, each the mean of its item scores of any kind)',
    weights: weights ?? { kind: { choice: 1, answer: 1, exec: 1 } },
  };
}

export type Protocol = ReturnType<typeof protocolFor>;
