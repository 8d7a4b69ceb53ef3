import type { Json } from '../format/json.ts';
import { usageError } from '../errors.ts';

/** What an importer reads from source files, before anything is stored (docs/import.md). */
export type Framework = 'inspect_ai' | 'lm-eval' | 'helm' | 'eee';
export type LogFormat =
  | 'inspect-eval'
  | 'inspect-json'
  | 'lm-eval-samples'
  | 'lm-eval-results'
  | 'helm-run-spec'
  | 'helm-scenario'
  | 'helm-scenario-state'
  | 'helm-per-instance-stats'
  | 'helm-stats'
  | 'eee-aggregate'
  | 'eee-instances';

export interface SourceFile {
  role: string; // "log" (inspect), "results" or "samples:<task>" (lm-eval)
  name: string; // the file's base name
  format: LogFormat;
  bytes: Uint8Array;
}

export interface ImportedSample {
  file: number; // index into files
  entry: string; // zip entry name, "samples[3]" (a .json log) or "line 12" (a .jsonl file)
  key:
    | { id: Json; epoch: number } // inspect_ai
    | { task: string; doc_id: number; filter: string } // lm-eval
    | { instance: string; trial: number; reference: number | null; perturbation: string | null } // HELM request state
    | { evaluation: string; sample_id: string; row: number }; // EEE instance line
  sample: Json; // the source's own fields, attachments and pools resolved, non-JSON numbers encoded
}

export interface ImportPlan {
  framework: Framework;
  files: SourceFile[];
  header: Json; // inspect: header.json (or _journal/start.json); lm-eval: the results file
  extra: { [k: string]: Json }; // inspect: reductions
  layout: { [k: string]: Json }; // facts about the source layout (zstd entries, pools, crash, duplicates)
  samples: ImportedSample[];
  notes?: string[]; // what the import found out (printed, never stored: verify re-derives the bundles from the files alone)
}

export type JsonObject = { [k: string]: Json };

export const isObject = (v: Json | undefined): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

/** An unknown or broken layout: a coded error naming the file and field, and nothing is stored. */
export function layoutError(where: string, field: string, message: string): never {
  throw usageError('EIMPORTLAYOUT', `${where}: ${field}: ${message}; nothing was imported`, { where, field });
}
