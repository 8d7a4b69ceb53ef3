import { findingError, type DocketError } from '../../replay/errors.ts';

/**
 * Unknown cost is never free (issue #18 item 6). `--max-known-cost-usd` counts only the cost a
 * provider reports on its responses (usage.cost), and docket cannot know whether a provider reports
 * cost until it has answered. The rule: with the cap set, an answer that carries no cost stops the
 * run before its next request (the journal stays open for --resume), unless --allow-unknown-cost
 * says that attempts of unknown cost may go on uncounted. So a provider that never reports cost is
 * sent exactly one request; one that reports cost runs until the cap.
 */

/** An answer (a well-formed completion) whose cost the provider did not report. */
export const answeredWithoutCost = (a: { errorClass: string | null; costUsd: number | null }) => a.errorClass === null && a.costUsd === null;

/** The cost rule as the plan (and --dry-run) states it; null without a cost cap. */
export function costRule(maxKnownCostUsd: number | null, allowUnknownCost: boolean, endpoint: string): string | null {
  if (maxKnownCostUsd === null) return null;
  const counts = `--max-known-cost-usd ${maxKnownCostUsd} counts only the cost ${endpoint} reports on its responses`;
  if (allowUnknownCost) return `${counts}; --allow-unknown-cost: answers without a reported cost are not counted and do not stop the run (the cap does not bound them)`;
  return `${counts}; whether it reports cost is unknown until its first answer: an answer without a cost stops the run before its next request (--allow-unknown-cost lets it go on)`;
}

export function unknownCostError(runId: string, endpoint: string, maxKnownCostUsd: number): DocketError {
  return findingError(
    'EUNKNOWNCOST',
    `run ${runId} stopped: ${endpoint} answered without reporting a cost, so --max-known-cost-usd ${maxKnownCostUsd} cannot bound this run (unknown cost is never free). The journal is intact: \`docket run --resume ${runId} --allow-unknown-cost\` continues without a known bound; \`docket run --resume ${runId} --abandon\` seals it as it stands`,
    { runId, endpoint, maxKnownCostUsd },
  );
}
