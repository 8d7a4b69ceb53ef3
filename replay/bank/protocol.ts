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
