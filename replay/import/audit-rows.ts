import type { LoadedImport } from './store.ts';

/** The rows `docket audit --imported` reports, shared by every framework's audit (audit.ts, helm.ts, eee.ts). */
export type AuditStatus = 'reproduced' | 'mismatch' | 'unverifiable';
export interface ImportAuditRow {
  import: string; // ref name or run digest
  framework: string;
  scope: string; // "choice" (inspect scorer), "arc_easy/none" (lm-eval task/filter), "sample 3" (a reduction)
  metric: string;
  reported: number | null;
  recomputed: number | null;
  status: AuditStatus;
  note: string | null;
}
export interface ImportAuditReport {
  ok: boolean;
  protocol: 'framework';
  imports: number;
  rows: ImportAuditRow[];
  counts: Record<AuditStatus, number>;
}

/** Equal up to float rounding (numpy sums pairwise, Python and docket left to right). */
export function close(a: number, b: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
export function sampleStd(xs: number[]): number {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) * (x - m), 0) / (xs.length - 1));
}

export function row(imp: LoadedImport, scope: string, metric: string, reported: number | null, recomputed: number | null, note: string | null = null): ImportAuditRow {
  const status: AuditStatus = reported === null || recomputed === null ? 'unverifiable' : close(reported, recomputed) ? 'reproduced' : 'mismatch';
  return { import: imp.ref ?? imp.digest, framework: String(imp.run.framework), scope, metric, reported, recomputed, status, note };
}
