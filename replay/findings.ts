import type { Code } from './codes.ts';

/**
 * The one finding type (docs/design.md §6): every check, replay, import check, release check and
 * pull reports what it found as `{severity, code, message, data}`, the code declared in codes.ts,
 * every finding collected (a check never stops at the first). `hint`s are reported and never fail a
 * check. `data` says where and what: `path` (a file, relative to what was checked) and `digest`
 * (the bundle or blob concerned) when there are such, and whatever else the finding is about (a
 * run, a question, a field diff…); it is plain JSON, printed as it is by `--json`.
 */
export type Severity = 'error' | 'hint';

export interface FindingData {
  path?: string | null;
  digest?: string | null;
  [key: string]: unknown;
}

/** `D`: what a kind of finding says in its data (replay's name the run, the slot and a field diff). */
export interface Finding<D extends FindingData = FindingData> {
  severity: Severity;
  code: Code;
  message: string;
  data: D;
}

export function finding<D extends FindingData>(code: Code, message: string, data: D, severity: Severity = 'error'): Finding<D> {
  return { severity, code, message, data };
}

/** How many of `findings` fail a check. */
export const errorCount = (findings: readonly Finding[]) => findings.filter((f) => f.severity === 'error').length;
