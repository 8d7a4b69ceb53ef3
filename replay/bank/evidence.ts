import { sha256, type Digest } from '../format/digest.ts';
import type { InstalledPackage } from './packages.ts';
import type { BankFile, ProbeRuntimeName, Question } from './types.ts';

/** Evidence bundles (docs/design.md §7): what a probe printed, with everything needed to re-run it. */

/** The runtime a probe ran in: node (its version), tsx (docket's tsx version; Node is in `runtime.node`), bun (its version). */
export interface RuntimeRecord {
  name: ProbeRuntimeName;
  version: string;
}

export interface ProbeRun {
  command: string[];
  runtime: RuntimeRecord;
  exitCode: number | null;
  stdout: Buffer;
  stderr: Buffer;
  timedOut: boolean;
  error: string | null;
}

interface EvidenceCommon {
  kind: 'evidence';
  question: string;
  sourceEval: string;
  source: Digest;
  probe: { path: string; digest: Digest };
  command: string[];
  lockfile: { path: string; digest: Digest };
  runtime: { node: string; platform: string; arch: string };
  exitCode: number | null;
  stdout: { digest: Digest; size: number; text: string };
  stderr: { digest: Digest; size: number; text: string };
  answer: string | null;
}

/** Schema 1: node probes; what ran is `command`, the Node version `runtime.node`. Still read and replayed. */
export interface EvidenceV1 extends EvidenceCommon {
  schemaVersion: 1;
}

/** Schema 2 (what capture writes): adds the probe runtime and the installed packages the probe loaded. */
export interface EvidenceV2 extends EvidenceCommon {
  schemaVersion: 2;
  probeRuntime: { name: ProbeRuntimeName; version: string; timeoutMs: number };
  packages: InstalledPackage[];
}

export type EvidenceValue = EvidenceV1 | EvidenceV2;

export const DEFAULT_TIMEOUT_MS = 10_000;

/** How a question's probe runs: the question's probeRuntime over the bank's; auto = tsx for TypeScript files, node otherwise. */
export function probeSpec(bank: Pick<BankFile, 'probeRuntime'>, q: Question): { runtime: ProbeRuntimeName; timeoutMs: number } {
  const named = q.probeRuntime?.runtime ?? bank.probeRuntime?.runtime ?? 'auto';
  const runtime = named !== 'auto' ? named : /\.(ts|mts|cts)$/.test(q.probe) ? 'tsx' : 'node';
  return { runtime, timeoutMs: q.probeRuntime?.timeoutMs ?? bank.probeRuntime?.timeoutMs ?? DEFAULT_TIMEOUT_MS };
}

/** How archived evidence re-runs: schema 2 names its runtime and timeout; schema 1 ran node. */
export function replaySpec(archived: EvidenceValue, timeoutMs?: number): { runtime: ProbeRuntimeName; timeoutMs: number } {
  if (archived.schemaVersion === 2 && archived.probeRuntime) return { runtime: archived.probeRuntime.name, timeoutMs: timeoutMs ?? archived.probeRuntime.timeoutMs };
  return { runtime: 'node', timeoutMs: timeoutMs ?? DEFAULT_TIMEOUT_MS };
}

/** The answer a probe establishes: the `answer` field of its one JSON line, or null. */
export function probeAnswer(stdout: Buffer): string | null {
  const text = stdout.toString('utf8').trim();
  if (text.includes('\n')) return null;
  try {
    const v = JSON.parse(text) as { answer?: unknown };
    return typeof v.answer === 'string' && /^[A-D]$/.test(v.answer) ? v.answer : null;
  } catch {
    return null;
  }
}

/** The start and the end of a long stderr: bun prints the code frame before the error's message. */
function excerpt(b: Buffer): string {
  const text = b.toString('utf8').trim();
  return text.length <= 600 ? text : `${text.slice(0, 300)} … ${text.slice(-300)}`;
}

/** Why a probe run cannot be evidence for a question (null when it can). */
export function probeProblem(q: Question, run: ProbeRun): string | null {
  if (run.error) return run.error;
  if (run.exitCode !== 0) return `exited with ${run.exitCode}: ${excerpt(run.stderr)}`;
  if (run.stderr.length) return `wrote to stderr: ${excerpt(run.stderr)}`;
  const answer = probeAnswer(run.stdout);
  if (!answer) return `did not print one JSON line with an answer letter: ${run.stdout.toString('utf8').slice(0, 200)}`;
  if (answer !== q.key) return `establishes ${answer}, but the bank's key is ${q.key}`;
  return null;
}

export interface EvidenceRefs {
  source: Digest;
  probePath: string;
  probeDigest: Digest;
  lockPath: string;
  lockDigest: Digest;
  node: string;
  platform: string;
  arch: string;
  timeoutMs: number;
  packages: InstalledPackage[];
}

export function evidenceValue(q: Question, run: ProbeRun, refs: EvidenceRefs): EvidenceV2 {
  const stream = (b: Buffer) => ({ digest: sha256(b), size: b.length, text: b.toString('utf8') });
  return {
    kind: 'evidence',
    schemaVersion: 2,
    question: q.id,
    sourceEval: q.sourceEval,
    source: refs.source,
    probe: { path: refs.probePath, digest: refs.probeDigest },
    command: run.command,
    lockfile: { path: refs.lockPath, digest: refs.lockDigest },
    runtime: { node: refs.node, platform: refs.platform, arch: refs.arch },
    probeRuntime: { name: run.runtime.name, version: run.runtime.version, timeoutMs: refs.timeoutMs },
    packages: refs.packages,
    exitCode: run.exitCode,
    stdout: stream(run.stdout),
    stderr: stream(run.stderr),
    answer: probeAnswer(run.stdout),
  };
}

const major = (v: string) => /^v?(\d+)\./.exec(v)?.[1] ?? v;

/**
 * Why this machine is not the runtime the evidence was captured in (null when it is). Node is
 * compared by major version (the probe lock pins `node` the same way); tsx, which docket ships,
 * and bun exactly. A runtime that is not installed is named with the version to install.
 */
export function runtimeProblem(archived: EvidenceValue, here: { node: string; runtime: { name: ProbeRuntimeName; version: string | null; problem: string | null } }): string | null {
  const problems: string[] = [];
  if (major(archived.runtime.node) !== major(here.node)) problems.push(`captured on Node ${archived.runtime.node}; this is Node ${here.node} (Node is compared by major version)`);
  if (archived.schemaVersion === 2 && archived.probeRuntime && archived.probeRuntime.name !== 'node') {
    const want = archived.probeRuntime;
    if (here.runtime.version === null) problems.push(`captured with ${want.name} ${want.version}: ${here.runtime.problem ?? `${want.name} is not available here`}`);
    else if (here.runtime.version !== want.version) problems.push(`captured with ${want.name} ${want.version}; this machine has ${want.name} ${here.runtime.version}`);
  }
  return problems.length ? `probe runtime differs: ${problems.join('; ')}` : null;
}

/** One question's replay: ok, or every reason it is not, with what the probe did this time. */
export interface ReplayOutcome {
  question: string;
  ok: boolean;
  reason: string | null;
  /** when the probe ran and the outcome is not ok: its exit code and stderr (at most STDERR_SHOWN bytes), and what capture archived */
  exitCode?: number | null;
  stderr?: string;
  archivedExitCode?: number | null;
  runtime?: RuntimeRecord;
}

export const STDERR_SHOWN = 4096;

/**
 * Compare a fresh probe run with archived evidence: same probe bytes, runtime, installed packages,
 * exit code, stdout and stderr. `extra` are problems found before the run (runtime, packages);
 * every reason is reported, not only the first.
 */
export function compareEvidence(q: Question, archived: EvidenceValue, probeDigest: Digest, run: ProbeRun | null, extra: string[] = []): ReplayOutcome {
  const reasons = [...extra];
  if (archived.probe.digest !== probeDigest) reasons.unshift(`probe ${archived.probe.path} changed since capture (${archived.probe.digest} → ${probeDigest})`);
  if (run) {
    if (run.error) reasons.push(run.error);
    else if (run.exitCode !== archived.exitCode) reasons.push(`exit code ${run.exitCode}, archived ${archived.exitCode}`);
    else if (sha256(run.stdout) !== archived.stdout.digest)
      reasons.push(`stdout differs: got ${JSON.stringify(run.stdout.toString('utf8').slice(0, 200))}, archived ${JSON.stringify(archived.stdout.text.slice(0, 200))}`);
    else if (sha256(run.stderr) !== archived.stderr.digest) reasons.push(`stderr differs: ${run.stderr.toString('utf8').slice(0, 200)}`);
  }
  if (archived.answer !== q.key) reasons.push(`archived evidence establishes ${archived.answer}, the key is ${q.key}`);
  if (!reasons.length) return { question: q.id, ok: true, reason: null };
  const out: ReplayOutcome = { question: q.id, ok: false, reason: reasons.join('; ') };
  if (run) Object.assign(out, { exitCode: run.exitCode, stderr: run.stderr.subarray(0, STDERR_SHOWN).toString('utf8'), archivedExitCode: archived.exitCode, runtime: run.runtime });
  return out;
}
