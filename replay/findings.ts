import type { Code } from './codes.ts';

/**
 * A finding of a read-only check (docs/design.md §6): typed with a stable code from codes.ts, every
 * one collected (a check never stops at the first). `hint`s are reported and never fail a check.
 */
export type Severity = 'error' | 'hint';
export interface Finding {
  severity: Severity;
  code: Code;
  path: string | null;
  digest: string | null;
  message: string;
}
