import { sha256, type Digest } from '../format/digest.ts';
import type { Json } from '../format/json.ts';
import { usageError } from '../errors.ts';
import { LETTERS } from '../bank/types.ts';
import { loadFrozenBank, type FrozenBank } from '../bank/frozen.ts';
import { loadGrade } from '../grading/grade-records.ts';
import { loadRun } from '../runs/runs.ts';
import { permutationsFor } from '../runs/request.ts';
import { PROTOCOL } from '../bank/protocol.ts';
import { runsFromBundles } from './scoring-input.ts';
import { PROTOCOL_DIGEST, questionScores, scoreRun, weightedScore, type RunForScoring, type SlotOutcome, type Verdict } from './scoring.ts';
import type { Archive } from '../index/archive.ts';
import { checksumOf, EEE_SCHEMA_VERSION, eeeValidators, sampleHash, schemaErrors, type ProtocolSlot } from '../import/eee.ts';
import { isObject, type JsonObject } from '../import/types.ts';

/**
 * `docket export eee [RUN…] --out DIR` (docs/import.md "Every Eval Ever"): one aggregate record per
 * current graded run (schema 0.3.0) with two results — docket's protocol score (bootstrap interval)
 * and the pass rate (Wilson interval), each with num_samples, the coverage and the run's and grade's
 * digests in score_details.details — and the run's instance file: one line per attempt, retries
 * included (sample id, sample_hash, the request's messages, the answer, its score, token usage, the
 * error). Files go where the EEE datastore puts them: data/docket/<developer>/<model>/<uuid>.json and
 * <uuid>_samples.jsonl, the uuid derived from the run and grade digests, so the same archive exports
 * the same bytes. Every record and line is validated against the EEE schemas before it is written.
 */
export const RELATIONSHIPS = ['first_party', 'third_party', 'collaborative', 'other'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export interface EeeFile {
  path: string; // relative to the output directory
  bytes: Buffer;
}
export interface EeeExport {
  files: EeeFile[];
  runs: { runId: string; run: Digest; grade: Digest; aggregate: string; instances: string; rows: number; score: number | null }[];
  skipped: { runId: string; why: string }[];
}

/** A UUID (version 4 layout) derived from the run and grade digests: the export is deterministic. */
function uuidOf(run: Digest, grade: Digest): string {
  const h = sha256(`docket-eee:${run}:${grade}`).slice('sha256:'.length);
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const epoch = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '0' : (ms / 1000).toFixed(3);
};
const segment = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_') || 'unknown';

function selectRuns(all: RunForScoring[], names: string[]): RunForScoring[] {
  if (!names.length) return all;
  return names.map((n) => {
    const hits = all.filter((r) => r.runId === n || r.run === n || (n.length >= 8 && r.run.startsWith(n.startsWith('sha256:') ? n : `sha256:${n}`)));
    if (hits.length !== 1)
      throw usageError(
        hits.length ? 'EAMBIGUOUS' : 'ENORUN',
        hits.length ? `${n} names ${hits.length} runs: ${hits.map((r) => r.runId).join(', ')}` : `no graded current run ${n} in the archive (docket runs lists them)`,
        { run: n },
      );
    return hits[0]!;
  });
}

export function exportEee(archive: Archive, names: string[], opts: { relationship: Relationship; organization: string }): EeeExport {
  const runs = selectRuns(runsFromBundles(archive, undefined, { earlier: false }), names);
  const out: EeeExport = { files: [], runs: [], skipped: [] };
  const banks = new Map<string, FrozenBank>();
  const v = eeeValidators();
  for (const r of runs) {
    const score = scoreRun(r);
    if (score.score === null) {
      out.skipped.push({ runId: r.runId, why: 'no counted slot: the run has no score' });
      continue;
    }
    const loaded = loadRun(archive, r.run);
    const bank = banks.get(loaded.plan.bank) ?? banks.set(loaded.plan.bank, loadFrozenBank(archive, loaded.plan.bank)).get(loaded.plan.bank)!;
    const grade = loadGrade(archive, r.grade as Digest);
    const uuid = uuidOf(r.run as Digest, r.grade as Digest);
    const parts = r.model.split('/');
    const developer = parts.length > 1 ? parts[0]! : 'unknown';
    const dir = `data/docket/${segment(developer)}/${segment(parts.length > 1 ? parts.slice(1).join('/') : r.model)}`;
    const evaluationId = `${bank.name}/${r.model}/${epoch(grade.value.gradedAt)}`;
    const scoreId = `${bank.name}.docket_score`;
    const lines = instanceLines(loaded, bank, grade, { evaluationId, scoreId, model: r.model });
    for (const l of lines) if (!v.instance(l)) throw new Error(`docket's EEE instance line does not validate: ${schemaErrors(v.instance)}`);
    const jsonl = Buffer.from(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), 'utf8');
    const instancesPath = `${dir}/${uuid}_samples.jsonl`;
    const details = (extra: JsonObject): JsonObject => ({
      run: r.run,
      grade: r.grade,
      run_id: r.runId,
      grader: String(grade.value.grader.ref),
      protocol: PROTOCOL_DIGEST,
      benchmark_version: r.benchmarkVersion,
      coverage: String(score.coverage.fraction),
      planned: String(score.coverage.planned),
      scored: String(score.coverage.scored),
      truncated: String(score.coverage.truncated),
      interrupted: String(score.coverage.interrupted),
      // a bank with tasks: what audit --imported needs to apply the protocol per kind and combine
      ...(r.plannedByKind ? { planned_by_kind: JSON.stringify(r.plannedByKind) } : {}),
      ...(r.weights ? { weights: JSON.stringify(r.weights) } : {}),
      ...extra,
    });
    const metric = (id: string, name: string, description: string): JsonObject => ({
      evaluation_description: description,
      metric_id: id,
      metric_name: name,
      metric_kind: 'accuracy',
      metric_unit: 'proportion',
      lower_is_better: false,
      score_type: 'continuous',
      min_score: 0,
      max_score: 1,
    });
    const base = {
      evaluation_name: bank.name,
      source_data: { dataset_name: bank.name, source_type: 'other', additional_details: { bank: bank.digest, bank_version: bank.version, benchmark_version: bank.benchmarkVersion } },
      evaluation_timestamp: epoch(loaded.run.sealedAt),
    };
    const results: JsonObject[] = [
      {
        evaluation_result_id: scoreId,
        ...base,
        metric_config: metric('docket.protocol_score', 'score', "docket's decision-scoring protocol (docs/scoring.md): the mean over source evals of the mean over questions of the counted slots"),
        score_details: {
          score: score.score,
          details: details({ correct: String(score.coverage.correct) }),
          uncertainty: {
            ...(score.interval
              ? { confidence_interval: { lower: score.interval.low, upper: score.interval.high, confidence_level: PROTOCOL.intervals.bootstrap.confidence, method: 'bootstrap' } }
              : {}),
            num_samples: score.coverage.scored,
            num_bootstrap_samples: PROTOCOL.intervals.bootstrap.resamples,
          },
        },
        ...generation(loaded.plan.params as unknown as JsonObject),
      },
      {
        evaluation_result_id: `${bank.name}.pass_rate`,
        ...base,
        metric_config: metric('docket.pass_rate', 'pass rate', 'correct final attempts over counted slots (one trial per slot)'),
        score_details: {
          score: score.passRate.trials ? score.passRate.correct / score.passRate.trials : 0,
          details: details({ correct: String(score.passRate.correct) }),
          uncertainty: {
            confidence_interval: { lower: score.passRate.low, upper: score.passRate.high, confidence_level: PROTOCOL.intervals.wilson.confidence, method: 'wilson' },
            num_samples: score.passRate.trials,
          },
        },
        ...generation(loaded.plan.params as unknown as JsonObject),
      },
    ];
    const record: JsonObject = {
      schema_version: EEE_SCHEMA_VERSION,
      evaluation_id: evaluationId,
      evaluation_timestamp: epoch(loaded.run.sealedAt),
      retrieved_timestamp: epoch(grade.value.gradedAt),
      source_metadata: { source_name: 'docket', source_type: 'evaluation_run', source_organization_name: opts.organization, evaluator_relationship: opts.relationship },
      eval_library: { name: 'docket', version: loaded.run.docketVersion ?? 'unknown', additional_details: { grader: String(grade.value.grader.ref), protocol: PROTOCOL_DIGEST } },
      model_info: { name: r.model, id: r.model, ...(parts.length > 1 ? { developer } : {}), additional_details: { deployment_type: 'unknown', model_availability: 'unknown' } },
      evaluation_results: results,
      detailed_evaluation_results: { format: 'jsonl', file_path: instancesPath, hash_algorithm: 'sha256', checksum: checksumOf(jsonl, 'sha256')!, total_rows: lines.length },
    };
    if (!v.aggregate(record)) throw new Error(`docket's EEE aggregate record does not validate: ${schemaErrors(v.aggregate)}`);
    const aggregatePath = `${dir}/${uuid}.json`;
    out.files.push({ path: aggregatePath, bytes: Buffer.from(`${JSON.stringify(record, null, 2)}\n`, 'utf8') }, { path: instancesPath, bytes: jsonl });
    out.runs.push({ runId: r.runId, run: r.run as Digest, grade: r.grade as Digest, aggregate: aggregatePath, instances: instancesPath, rows: lines.length, score: score.score });
  }
  return out;
}

function generation(params: JsonObject): JsonObject {
  const args: JsonObject = {};
  if (typeof params.temperature === 'number') args.temperature = params.temperature;
  if (typeof params.top_p === 'number') args.top_p = params.top_p;
  if (typeof params.max_tokens === 'number' && Number.isInteger(params.max_tokens) && params.max_tokens >= 1) args.max_tokens = params.max_tokens;
  return Object.keys(args).length ? { generation_config: { generation_args: args } } : {};
}

/** A request body's messages as text ("role: content" blocks), or the body as JSON when it has none. */
function rendered(body: Json | undefined): string | null {
  if (body === undefined) return null;
  if (isObject(body) && Array.isArray(body.messages))
    return body.messages.map((m) => (isObject(m) ? `${String(m.role)}: ${typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}` : JSON.stringify(m))).join('\n\n');
  return JSON.stringify(body);
}

function tokens(usage: Json): JsonObject | null {
  if (!isObject(usage)) return null;
  const int = (...ks: string[]) => {
    for (const k of ks) if (typeof usage[k] === 'number' && Number.isInteger(usage[k]) && (usage[k] as number) >= 0) return usage[k] as number;
    return null;
  };
  const input = int('prompt_tokens', 'input_tokens');
  const output = int('completion_tokens', 'output_tokens');
  if (input === null || output === null) return null;
  return { input_tokens: input, output_tokens: output, total_tokens: int('total_tokens') ?? input + output };
}

function instanceLines(run: ReturnType<typeof loadRun>, bank: FrozenBank, grade: ReturnType<typeof loadGrade>, ids: { evaluationId: string; scoreId: string; model: string }): JsonObject[] {
  const questions = new Map(bank.questions.map((q) => [q.id, q]));
  const bodies = new Map<string, Json>();
  for (const l of run.lines) if (l.request !== undefined && !bodies.has(l.requestHash)) bodies.set(l.requestHash, l.request);
  const tasks = new Map(bank.tasks.map((t) => [t.id, t]));
  return run.lines.map((l, i) => {
    const task = tasks.get(l.slot.question);
    if (task) return taskLine(l, task, grade.verdicts[i]!, rendered(bodies.get(l.requestHash)), run.run.id, bank.name, ids);
    const q = questions.get(l.slot.question)!;
    const perm = permutationsFor(q.id)[l.slot.permutation]!;
    const choices = perm.map((c) => q.options[c]!);
    const keyShown = LETTERS[perm.indexOf(LETTERS.indexOf(q.key))]!;
    const v = grade.verdicts[i]!;
    const input = { raw: q.stem, formatted: rendered(bodies.get(l.requestHash)), reference: [keyShown], choices };
    return {
      schema_version: EEE_SCHEMA_VERSION,
      evaluation_id: ids.evaluationId,
      model_id: ids.model,
      evaluation_name: bank.name,
      evaluation_result_id: ids.scoreId,
      sample_id: `${q.id}/p${l.slot.permutation}/r${l.slot.repetition}/a${l.attempt}`,
      sample_hash: sampleHash(input),
      interaction_type: 'single_turn',
      input,
      output: { raw: [l.content ?? ''] },
      answer_attribution: [{ turn_idx: 0, source: 'output.raw', extracted_value: v.shown ?? '', extraction_method: String(grade.value.grader.ref), is_terminal: l.final }],
      evaluation: { score: v.verdict === 'correct' ? 1 : 0, is_correct: v.verdict === 'correct' },
      token_usage: tokens(l.usage),
      error: l.class === 'answered' ? null : `${l.class}${l.errorClass ? ` (${l.errorClass})` : ''}`,
      metadata: {
        run_id: run.run.id,
        question: q.id,
        source_eval: q.sourceEval,
        permutation: String(l.slot.permutation),
        repetition: String(l.slot.repetition),
        attempt: String(l.attempt),
        final: String(l.final),
        verdict: v.verdict,
        request_hash: l.requestHash,
      },
    };
  });
}

/** One attempt at a task (answer, exec): its prompt as the input, its reply, its score (a fraction for partly passed tests). */
function taskLine(
  l: ReturnType<typeof loadRun>['lines'][number],
  task: FrozenBank['tasks'][number],
  v: ReturnType<typeof loadGrade>['verdicts'][number],
  formatted: string | null,
  runId: string,
  bankName: string,
  ids: { evaluationId: string; scoreId: string; model: string },
): JsonObject {
  const last = task.messages?.at(-1) as { content?: unknown } | undefined;
  const raw = task.prompt?.text ?? (typeof last?.content === 'string' ? last.content : '');
  const input = { raw, formatted, reference: [] as string[] };
  const score = v.score ?? null;
  return {
    schema_version: EEE_SCHEMA_VERSION,
    evaluation_id: ids.evaluationId,
    model_id: ids.model,
    evaluation_name: bankName,
    evaluation_result_id: ids.scoreId,
    sample_id: `${task.id}/p${l.slot.permutation}/r${l.slot.repetition}/a${l.attempt}`,
    sample_hash: sampleHash(input),
    interaction_type: 'single_turn',
    input,
    output: { raw: [l.content ?? ''] },
    answer_attribution: [{ turn_idx: 0, source: 'output.raw', extracted_value: '', extraction_method: (v.parts ?? []).map((p) => p.grader).join('+') || task.kind, is_terminal: l.final }],
    evaluation: { score: score ?? 0, is_correct: v.verdict === 'correct' },
    token_usage: tokens(l.usage),
    error: l.class === 'answered' ? null : `${l.class}${l.errorClass ? ` (${l.errorClass})` : ''}`,
    metadata: {
      run_id: runId,
      question: task.id,
      kind: task.kind,
      source_eval: task.sourceEval,
      permutation: String(l.slot.permutation),
      repetition: String(l.slot.repetition),
      attempt: String(l.attempt),
      final: String(l.final),
      verdict: v.verdict,
      score: score === null ? 'null' : String(score),
      request_hash: l.requestHash,
    },
  };
}

/**
 * docket's protocol score of the slots an EEE record's rows describe (what `audit --imported`
 * applies to docket's own records): the bank's protocol, per kind and combined by its weights when
 * the record names them (a bank with tasks), as the leaderboard scores the run.
 */
export function protocolScore(slots: ProtocolSlot[], kinds?: { plannedByKind: Partial<Record<string, number>>; weights?: RunForScoring['weights'] }): number | null {
  const outcomes: SlotOutcome[] = slots.map((s) => ({
    question: s.question,
    sourceEval: s.sourceEval,
    permutation: s.permutation,
    repetition: s.repetition,
    verdict: s.verdict as Verdict,
    chosen: null,
    key: '',
    answerText: null,
    attempts: 1,
    costUsd: 0,
    unknownCostAttempts: 0,
    ...(s.kind && s.kind !== 'choice' ? { kind: s.kind as SlotOutcome['kind'], score: s.score ?? null } : {}),
  }));
  if (!kinds) {
    const questions = questionScores(outcomes);
    return questions.length ? weightedScore(questions) : null;
  }
  const run: RunForScoring = {
    run: '',
    grade: '',
    runId: '',
    model: '',
    status: 'sealed',
    benchmarkVersion: '',
    sealedAt: '',
    planned: outcomes.length,
    slots: outcomes,
    plannedByKind: kinds.plannedByKind,
    weights: kinds.weights,
  };
  return scoreRun(run, { interval: false }).score;
}
