import type { RunForScoring } from './scoring.ts';

/**
 * ADAPTER (placeholder): archive → RunForScoring[] for the scoring commands.
 *
 * The run and grade bundle formats are not final yet, so this reads nothing and returns [].
 * The lead replaces the bodies below once runs and grades exist: walk the runs, take each run's
 * current grade, and map every planned slot to a SlotOutcome (slots never completed as
 * 'interrupted'). Every command already handles an empty list.
 */
export function loadRunsForScoring(archive: string): RunForScoring[] {
  void archive;
  return [];
}

/** The benchmark version the archive calls current; null = use the newest sealed run's version. */
export function currentBenchmarkVersion(archive: string): string | null {
  void archive;
  return null;
}
