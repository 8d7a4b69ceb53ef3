import type { Digest } from '../format/digest.ts';
import type { Json } from '../format/json.ts';
import type { TaskFile } from './tasks.ts';
import type { Weights } from './protocol.ts';

/** Shared domain types of the offline core. docs/design.md describes each on disk. */
export type Letter = 'A' | 'B' | 'C' | 'D';
export const LETTERS: readonly Letter[] = ['A', 'B', 'C', 'D'];

export interface Question {
  id: string;
  sourceEval: string; // "<category>/<name>", a directory under evals/
  stem: string;
  options: [string, string, string, string]; // canonical order: options[0] is A
  key: Letter; // canonical key
  claim: string;
  doesNotEstablish: string;
  probe: string; // path relative to the source eval directory
  /** how this question's probe runs, over the bank's probeRuntime (not part of the question's digest: evidence records it) */
  probeRuntime?: ProbeRuntimeConfig;
}

/** Probe runtimes (docs/design.md §7 "Probes"): auto picks tsx for .ts/.mts/.cts, node otherwise. */
export type ProbeRuntimeName = 'node' | 'tsx' | 'bun';
export interface ProbeRuntimeConfig {
  runtime?: ProbeRuntimeName | 'auto';
  timeoutMs?: number;
}

export interface Omission {
  sourceEval: string;
  reason: string;
}

export interface PromptTemplate {
  id: string;
  version: number;
  system: string;
  user: string; // placeholders {{stem}} {{A}} {{B}} {{C}} {{D}}
  answerFormat: string;
  requestKind?: 'chat' | 'decision'; // how a run asks by default (absent: chat); part of the template's digest when set
}

export interface BankFile {
  schemaVersion: 1;
  name: string;
  version: string;
  description: string;
  keyBalanceTolerance: number;
  promptTemplate: PromptTemplate;
  questions: Question[];
  /** free-form and execution tasks (replay/bank/tasks.ts); absent or empty: a bank of questions only */
  tasks?: TaskFile[];
  /** how kinds or categories weigh in the combined score (part of the protocol, so of the benchmark version) */
  scoring?: { weights?: Weights };
  omissions: Omission[];
  /** the content policy's settings (replay/content/policy.ts contentConfig) */
  content?: unknown;
  /** where the suite keeps its source evals, task files, reference solutions and probes (replay/bank/layout.ts) */
  layout?: unknown;
  /** the suite's lockfile, relative to the bank root (default: the first of replay/bank/lockfiles.ts LOCK_KINDS present) */
  lockfile?: string;
  /** what the report page says (docket report): its title and introduction */
  report?: { title?: string; text?: string };
  /** how probes run unless a question says otherwise (default: auto, 10 s) */
  probeRuntime?: ProbeRuntimeConfig;
}

/**
 * perm[displayed position] = canonical option index. Shown letter L = LETTERS[pos] carries the
 * canonical option LETTERS[perm[pos]].
 */
/** A frozen bank bundle's value (docs/schemas/bank.schema.json): what replay and the index read. */
export interface BankValue {
  kind: 'bank';
  name: string;
  version: string;
  benchmarkVersion: Digest;
  template: Digest;
  protocol: Digest;
  questions: { id: string; digest: Digest }[];
  tasks?: { id: string; digest: Digest }[];
}

export type Permutation = [number, number, number, number];

/** Generation parameters that go into every request body verbatim. */
export interface RunParams {
  temperature: number;
  max_tokens: number;
  seed?: number;
  top_p?: number;
}

/** What a run records about one attempt (issue 4 journal line, minus chaining). */
export type AttemptClass = 'answered' | 'invalid' | 'provider_failure' | 'truncated' | 'interrupted';

export interface Slot {
  question: string;
  permutation: number; // 0..2
  repetition: number; // 0..repetitions-1
}

export type { Digest, Json };
