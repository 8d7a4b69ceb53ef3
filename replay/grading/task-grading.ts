import type { FrozenTask } from '../bank/frozen.ts';
import type { SourceSnapshot } from '../bank/snapshot.ts';
import { sha256, type Digest } from '../format/digest.ts';
import { findingError } from '../errors.ts';
import { encodeBundle } from '../format/bundle.ts';
import { canonicalBytes, type Json } from '../format/json.ts';
import type { JournalLine } from '../runs/journal.ts';
import { execV1, gradeAnswer, taskGrader, type TaskGraderResult } from './graders.ts';
import type { AttemptVerdict, GraderIdentity, VerdictPart, VerdictRecord } from './grade-records.ts';
import { judged, readVerdict, replyTo, judgeName, judgeRequestFor, JUDGE_REF, type JudgeContext } from './judges.ts';

/**
 * Grading a task attempt (docs/design.md §10 "Task graders", §11): each of the task's graders gives a
 * verdict and a score; the slot score is their weighted mean. answer@1 grades here; exec@1 hands the
 * files the reply makes to the runner (docket-exec/1, cli/offline/exec.ts: the core never starts a
 * process) and scores its tests. The runner's evidence is stored as an `exec-result` bundle the
 * verdict names; the verdict itself holds only what decides (score and the tests' outcome), so a
 * regrade that changes nothing writes nothing.
 */

export type ExecParams = {
  files: execV1.FilesRule;
  command: string[];
  report: { format: 'junit' | 'json'; path: string };
  score?: 'fraction' | 'all-or-nothing';
  timeoutMs?: number;
  omit?: string[];
};

export const EXEC_RUNTIME = 'docket-exec/1';
export const DEFAULT_EXEC_TIMEOUT_MS = 30_000;
/** Bounds of the evidence: a failure message, and stdout and stderr (UTF-8 bytes each). */
export const MAX_MESSAGE_BYTES = 2048;
export const MAX_OUTPUT_BYTES = 16 * 1024;

export interface ExecTest {
  name: string;
  status: execV1.TestStatus;
  durationMs: number | null;
  message: string | null; // bounded (MAX_MESSAGE_BYTES)
}

/** What the runner is asked: run the task's tests on these files, in a scratch copy of the eval's tree from this snapshot. */
export interface ExecJob {
  task: FrozenTask;
  params: ExecParams;
  files: execV1.ReplyFile[];
  source: SourceSnapshot;
}

/** What the runner saw. `reportError`: the report was missing or unreadable (then no test passed). */
export interface ExecOutcome {
  tests: ExecTest[];
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  stdout: BoundedText;
  stderr: BoundedText;
  reportError: string | null;
  runtime: { node: string; platform: string; arch: string; netns: boolean };
  packages: { name: string; version: string; path: string; digest: string }[];
}
export type BoundedText = { text: string; truncatedFrom?: number };

/** The runner, injected by the CLI (synchronous: grading is). */
export type ExecRunner = (job: ExecJob) => ExecOutcome;

/** The exec-result bundle value: the evidence of one exec grading. */
export function execResultValue(job: ExecJob, grader: GraderIdentity, sourceDigest: Digest, o: ExecOutcome, outcome: Digest) {
  return {
    kind: 'exec-result',
    schemaVersion: 1,
    runtime: EXEC_RUNTIME,
    task: job.task.id,
    grader: { ref: grader.ref, digest: grader.digest },
    source: sourceDigest,
    files: filesDigest(job.files),
    paths: job.files.map((f) => ({ path: f.path, size: Buffer.byteLength(f.content, 'utf8'), digest: sha256(f.content) })),
    command: job.params.command,
    outcome,
    exitCode: o.exitCode,
    signal: o.signal,
    timedOut: o.timedOut,
    reportError: o.reportError,
    tests: o.tests,
    stdout: o.stdout,
    stderr: o.stderr,
    runtimeInfo: o.runtime,
    packages: o.packages,
  };
}
export type ExecResultValue = ReturnType<typeof execResultValue>;

/** SHA-256 of the files a reply made: their paths and contents, in path order. */
export function filesDigest(files: readonly execV1.ReplyFile[]): Digest {
  return sha256(canonicalBytes([...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).map((f) => [f.path, f.content])));
}

/** SHA-256 of the tests' names and statuses, sorted by name: what decides the score, and what a regrade compares. */
export function outcomeDigest(tests: readonly Pick<ExecTest, 'name' | 'status'>[], reportError: string | null): Digest {
  const t = tests.map((x) => [x.name, x.status]).sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
  return sha256(canonicalBytes({ tests: t, reportError: reportError !== null } as Json));
}

export interface TaskGradingContext {
  exec?: ExecRunner;
  source: (digest: Digest) => SourceSnapshot; // a source snapshot from the archive
  evidence: ExecResultValue[]; // collected: written with the grade
  identity: (ref: string) => GraderIdentity;
  judges?: JudgeContext; // judge graders and their recorded replies (judges.ts); without it a judge-graded task cannot be graded
}

const combine = (parts: VerdictPart[]): { verdict: AttemptVerdict; score: number | null } => {
  if (parts.some((p) => p.verdict === 'truncated')) return { verdict: 'truncated', score: null };
  // A judge that failed (no reply, or none its verdict rule reads) measured nothing: not a 0.
  if (parts.some((p) => p.verdict === 'provider_failure')) return { verdict: 'provider_failure', score: null };
  const w = parts.reduce((a, p) => a + p.weight, 0);
  const score = parts.reduce((a, p) => a + p.weight * (p.score ?? 0), 0) / w;
  if (parts.every((p) => p.verdict === 'invalid')) return { verdict: 'invalid', score: 0 };
  return { verdict: score >= 1 ? 'correct' : score <= 0 ? 'incorrect' : 'partial', score };
};

/** One task attempt's verdict. Provider failures and interrupts were never answered: their class is their verdict. */
export function gradeTaskAttempt(line: JournalLine, task: FrozenTask, base: Omit<VerdictRecord, 'verdict' | 'shown' | 'chosen'>, ctx: TaskGradingContext): VerdictRecord {
  if (line.class === 'provider_failure' || line.class === 'interrupted') return { ...base, verdict: line.class, shown: null, chosen: null, score: null };
  const parts: VerdictPart[] = task.graders.map((g) => {
    const r = gradePart(line, task, g, ctx);
    return { grader: g.ref, weight: g.weight, ...r }; // a judge's part names its judge grader (`quality@2`), not judge@1
  });
  return { ...base, ...combine(parts), shown: null, chosen: null, parts };
}

function gradePart(line: JournalLine, task: FrozenTask, g: FrozenTask['graders'][number], ctx: TaskGradingContext): Omit<VerdictPart, 'grader' | 'weight'> & { grader?: string } {
  if (g.ref === JUDGE_REF) return gradeByJudge(line, task, g, ctx);
  const identity = ctx.identity(g.ref);
  const kind = taskGrader(g.ref).kind;
  if (kind === 'answer') return gradeAnswer({ content: line.content, finishReason: line.finishReason, params: g.params });
  // exec@1
  const truncated = line.finishReason === 'length' && (line.content ?? '').trim() === '';
  if (truncated) return { verdict: 'truncated', score: null };
  const params = g.params as unknown as ExecParams;
  const files = execV1.replyFiles(line.content ?? '', params.files);
  if (files.length === 0) return { verdict: 'invalid', score: 0 };
  if (!ctx.exec)
    throw findingError('EEXECRUNNER', `task ${task.id} is graded by running its tests (${EXEC_RUNTIME}), and this caller gave no runner: grade with \`docket regrade\``, { task: task.id });
  const job: ExecJob = { task, params, files, source: ctx.source(task.source) };
  const o = ctx.exec(job);
  const statuses = o.reportError === null ? o.tests.map((t) => t.status) : [];
  const r: TaskGraderResult = execV1.scoreTests(statuses, params.score ?? 'fraction');
  const outcome = outcomeDigest(o.tests, o.reportError);
  const value = execResultValue(job, identity, task.source, o, outcome);
  ctx.evidence.push(value);
  return { verdict: r.verdict, score: r.score, outcome, evidence: encodeBundle(value).descriptor.digest };
}

/** A judge's part: its recorded reply to the request this reply makes, read by its verdict rule (a judge call is never made here). */
function gradeByJudge(line: JournalLine, task: FrozenTask, g: FrozenTask['graders'][number], ctx: TaskGradingContext): Omit<VerdictPart, 'grader' | 'weight'> & { grader?: string } {
  const name = judgeName(g.params);
  const j = name === null ? undefined : ctx.judges?.graders.get(name);
  if (!j)
    throw findingError(
      'EJUDGE',
      `task ${task.id} is graded by judge ${JSON.stringify(name)}, which ${ctx.judges ? 'the suite does not declare (decision-bank.json judges)' : 'this caller cannot resolve'}`,
      { task: task.id, judge: name },
    );
  if (!judged(line)) {
    if (line.finishReason === 'length') return { grader: j.ref, verdict: 'truncated', score: null };
    return { grader: j.ref, verdict: 'invalid', score: 0 };
  }
  const { hash } = judgeRequestFor(j, task, line.content!, g.params);
  const reply = replyTo(ctx.judges!.replies, j, hash);
  if (!reply)
    throw findingError(
      'EJUDGEMISSING',
      `task ${task.id} attempt ${line.seq}: no reply of judge ${j.ref} (${j.value.model}) to request ${hash} is recorded; a judge call is made online only: \`docket judge RUN --base-url URL\` records it (a changed rubric, model or setting is a new request)`,
      { task: task.id, seq: line.seq, judge: j.ref, requestHash: hash },
    );
  const link = { run: reply.run, seq: reply.seq };
  if (reply.failed) return { grader: j.ref, verdict: 'provider_failure', score: null, judge: link };
  const { score, criteria } = readVerdict(j.value.verdict, reply.content);
  const read = criteria ? { criteria } : {}; // a per-criterion rule: each criterion's score, archived in the part
  if (score === null) return { grader: j.ref, verdict: 'provider_failure', score: null, judge: link, ...read };
  return { grader: j.ref, verdict: score >= 1 ? 'correct' : score <= 0 ? 'incorrect' : 'partial', score, judge: link, ...read };
}
