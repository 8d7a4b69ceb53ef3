import { sha256, type Digest } from '../format/digest.ts';
import type { Question } from './types.ts';

/** Evidence bundles (docs/design.md §7): what a probe printed, with everything needed to re-run it. */
export interface ProbeRun {
  command: string[];
  exitCode: number | null;
  stdout: Buffer;
  stderr: Buffer;
  timedOut: boolean;
  error: string | null;
}

export interface EvidenceValue {
  kind: 'evidence';
  schemaVersion: 1;
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

/** Why a probe run cannot be evidence for a question (null when it can). */
export function probeProblem(q: Question, run: ProbeRun): string | null {
  if (run.error) return run.error;
  if (run.exitCode !== 0) return `exited with ${run.exitCode}: ${run.stderr.toString('utf8').trim().slice(0, 300)}`;
  if (run.stderr.length) return `wrote to stderr: ${run.stderr.toString('utf8').trim().slice(0, 300)}`;
  const answer = probeAnswer(run.stdout);
  if (!answer) return `did not print one JSON line with an answer letter: ${run.stdout.toString('utf8').slice(0, 200)}`;
  if (answer !== q.key) return `establishes ${answer}, but the bank's key is ${q.key}`;
  return null;
}

export function evidenceValue(q: Question, run: ProbeRun, refs: { source: Digest; probePath: string; probeDigest: Digest; lockPath: string; lockDigest: Digest; node: string; platform: string; arch: string }): EvidenceValue {
  const stream = (b: Buffer) => ({ digest: sha256(b), size: b.length, text: b.toString('utf8') });
  return {
    kind: 'evidence',
    schemaVersion: 1,
    question: q.id,
    sourceEval: q.sourceEval,
    source: refs.source,
    probe: { path: refs.probePath, digest: refs.probeDigest },
    command: run.command,
    lockfile: { path: refs.lockPath, digest: refs.lockDigest },
    runtime: { node: refs.node, platform: refs.platform, arch: refs.arch },
    exitCode: run.exitCode,
    stdout: stream(run.stdout),
    stderr: stream(run.stderr),
    answer: probeAnswer(run.stdout),
  };
}

export interface ReplayOutcome {
  question: string;
  ok: boolean;
  reason: string | null;
}

/** Compare a fresh probe run with archived evidence: same probe bytes, exit code, stdout and stderr. */
export function compareEvidence(q: Question, archived: EvidenceValue, probeDigest: Digest, run: ProbeRun): ReplayOutcome {
  const fail = (reason: string) => ({ question: q.id, ok: false, reason });
  if (archived.probe.digest !== probeDigest) return fail(`probe ${archived.probe.path} changed since capture (${archived.probe.digest} → ${probeDigest})`);
  if (run.error) return fail(run.error);
  if (run.exitCode !== archived.exitCode) return fail(`exit code ${run.exitCode}, archived ${archived.exitCode}`);
  if (sha256(run.stdout) !== archived.stdout.digest) return fail(`stdout differs: got ${JSON.stringify(run.stdout.toString('utf8').slice(0, 200))}, archived ${JSON.stringify(archived.stdout.text.slice(0, 200))}`);
  if (sha256(run.stderr) !== archived.stderr.digest) return fail(`stderr differs: ${run.stderr.toString('utf8').slice(0, 200)}`);
  if (archived.answer !== q.key) return fail(`archived evidence establishes ${archived.answer}, the key is ${q.key}`);
  return { question: q.id, ok: true, reason: null };
}
