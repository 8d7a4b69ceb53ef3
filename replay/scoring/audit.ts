import { usageError } from '../errors.ts';
import { JsonError, parseStrict, type Json } from '../format/json.ts';
import { PROTOCOL } from '../bank/protocol.ts';
import { newestVersion, rankRuns, refusalOf, scoreRun, scoreVariants, questionScores, weightedScore, type RefusalCode, type RunForScoring, type RunScore } from './scoring.ts';

/**
 * `docket audit`: recompute each number of a published leaderboard from the evidence. Pure: the
 * caller reads the file and the runs. docs/scoring.md documents the published format.
 */

export interface PublishedRow {
  model: string;
  score: number; // percent
  decimals: number; // digits after the decimal point as published: the precision
  run?: string;
  questions?: number;
  attempts?: number;
  providerModels?: string[]; // the model ids the provider answered as, when they are not `model`
  benchmark?: string; // CSV: per row (JSON names it once for the leaderboard)
  benchmarkVersion?: string;
  where: string; // "rows[2]" or "line 4", for messages
}

export interface Published {
  format: 'json' | 'csv';
  benchmark: string | null;
  benchmarkVersion: string | null;
  rows: PublishedRow[];
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;

// ---------------------------------------------------------------------------------------------
// Parsing

/** Parse a published leaderboard; JSON when the name ends in .json or the text starts with `{`, else CSV. */
export function parsePublished(text: string, name: string): Published {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  const json = /\.json$/i.test(name) || (!/\.csv$/i.test(name) && trimmed.startsWith('{'));
  return json ? parsePublishedJson(text, name) : parsePublishedCsv(text, name);
}

function bad(name: string, where: string, message: string): never {
  throw usageError('EPUBLISHED', `${name}: ${where}: ${message}`, { path: name, where });
}

export function parsePublishedJson(text: string, name: string): Published {
  let doc: Json;
  try {
    doc = parseStrict(text);
  } catch (e) {
    if (e instanceof JsonError) throw usageError('EJSON', `${name}: ${e.message}`, { path: name, offset: e.offset });
    throw e;
  }
  if (!isObject(doc)) bad(name, '$', 'a published leaderboard is a JSON object {"benchmark", "rows": [...]}');
  allowOnly(doc, ['benchmark', 'benchmarkVersion', 'rows'], name, '$');
  if (typeof doc.benchmark !== 'string' || doc.benchmark === '') bad(name, 'benchmark', 'must be a non-empty string');
  if (typeof doc.benchmarkVersion !== 'string' || doc.benchmarkVersion === '') bad(name, 'benchmarkVersion', VERSION_HINT);
  if (!Array.isArray(doc.rows)) bad(name, 'rows', 'must be an array');
  const rows = doc.rows.map((r, i) => {
    const where = `rows[${i}]`;
    if (!isObject(r)) bad(name, where, 'must be an object');
    allowOnly(r, ['model', 'providerModel', 'score', 'run', 'questions', 'attempts'], name, where);
    const score =
      typeof r.score === 'number'
        ? scoreFrom(String(r.score), name, where)
        : typeof r.score === 'string'
          ? scoreFrom(r.score, name, where)
          : bad(name, `${where}.score`, 'must be a number (percent) or a decimal string');
    if (r.providerModel !== undefined && typeof r.providerModel !== 'string') bad(name, `${where}.providerModel`, 'must be a string: the model id(s) the provider answered as, separated by spaces');
    return rowFrom({ model: r.model, providerModel: r.providerModel, run: r.run, questions: r.questions, attempts: r.attempts }, score, name, where);
  });
  return { format: 'json', benchmark: doc.benchmark, benchmarkVersion: doc.benchmarkVersion, rows };
}

// The identity a published number must carry: without it, a number cannot be tied to what was measured.
const VERSION_HINT = 'is required: the benchmark version the numbers were computed on (sha256:…, printed by `docket leaderboard` and `docket validate`)';
const CSV_COLUMNS = ['model', 'score', 'benchmark', 'benchmarkVersion', 'providerModel', 'run', 'questions', 'attempts'] as const;
const CSV_REQUIRED = ['benchmark', 'benchmarkVersion'] as const;

export function parsePublishedCsv(text: string, name: string): Published {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitCsv(lines[0] ?? '', name, 'line 1').map((h) => h.trim());
  if (header[0] !== 'model' || header[1] !== 'score') bad(name, 'line 1', `the header must start with model,score (got ${JSON.stringify(lines[0] ?? '')})`);
  for (const h of header) if (!(CSV_COLUMNS as readonly string[]).includes(h)) bad(name, 'line 1', `unknown column ${JSON.stringify(h)} (allowed: ${CSV_COLUMNS.join(', ')})`);
  if (new Set(header).size !== header.length) bad(name, 'line 1', 'a column is repeated');
  for (const c of CSV_REQUIRED) if (!header.includes(c)) bad(name, 'line 1', `the header has no ${c} column: a published row names the benchmark and benchmark version it was computed on`);
  const rows: PublishedRow[] = [];
  lines.slice(1).forEach((l, i) => {
    const where = `line ${i + 2}`;
    if (l.trim() === '') return;
    const cells = splitCsv(l, name, where);
    if (cells.length !== header.length) bad(name, where, `${cells.length} fields, the header has ${header.length}`);
    const get = (c: string) => {
      const v = cells[header.indexOf(c)]?.trim();
      return v === undefined || v === '' ? undefined : v;
    };
    const count = (c: string) => {
      const v = get(c);
      if (v === undefined) return undefined;
      if (!/^\d+$/.test(v)) bad(name, `${where}.${c}`, 'must be a non-negative integer');
      return Number(v);
    };
    const score = scoreFrom(get('score') ?? bad(name, `${where}.score`, 'is empty'), name, where);
    const row = rowFrom({ model: get('model'), providerModel: get('providerModel'), run: get('run'), questions: count('questions'), attempts: count('attempts') }, score, name, where);
    row.benchmark = get('benchmark') ?? bad(name, `${where}.benchmark`, 'is empty: name the benchmark (the bank name)');
    row.benchmarkVersion = get('benchmarkVersion') ?? bad(name, `${where}.benchmarkVersion`, VERSION_HINT.replace('is required', 'is empty'));
    rows.push(row);
  });
  return { format: 'csv', benchmark: null, benchmarkVersion: null, rows };
}

/** RFC 4180 fields of one line: commas, double-quoted fields with "" escapes. */
function splitCsv(line: string, name: string, where: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let v = '';
      i++;
      for (;;) {
        if (i >= line.length) bad(name, where, 'unterminated quoted field');
        if (line[i] === '"' && line[i + 1] === '"') (v += '"'), (i += 2);
        else if (line[i] === '"') break;
        else v += line[i++];
      }
      i++;
      out.push(v);
      if (i < line.length && line[i] !== ',') bad(name, where, 'text after a quoted field');
    } else {
      const j = line.indexOf(',', i);
      out.push(j < 0 ? line.slice(i) : line.slice(i, j));
      i = j < 0 ? line.length : j;
    }
    if (i >= line.length) return out;
    i++; // the comma
  }
}

function scoreFrom(literal: string, name: string, where: string): { score: number; decimals: number } {
  const t = literal.trim();
  if (!/^\d+(\.\d+)?$/.test(t)) bad(name, `${where}.score`, `${JSON.stringify(literal)} is not a plain decimal percent (like 71.3)`);
  const score = Number(t);
  if (score > 100) bad(name, `${where}.score`, `${t} is over 100 (scores are percent)`);
  return { score, decimals: t.includes('.') ? t.length - t.indexOf('.') - 1 : 0 };
}

function rowFrom(
  r: { model: unknown; providerModel?: string; run: unknown; questions: unknown; attempts: unknown },
  s: { score: number; decimals: number },
  name: string,
  where: string,
): PublishedRow {
  if (typeof r.model !== 'string' || r.model === '') bad(name, `${where}.model`, 'must be a non-empty string');
  const row: PublishedRow = { model: r.model, score: s.score, decimals: s.decimals, where };
  if (r.providerModel !== undefined) {
    const ids = r.providerModel.split(' ').filter((x) => x !== '');
    if (ids.length === 0) bad(name, `${where}.providerModel`, 'is empty: name the model id(s) the provider answered as, or leave the field out');
    row.providerModels = [...new Set(ids)].sort();
  }
  if (r.run !== undefined) {
    if (typeof r.run !== 'string' || !DIGEST.test(r.run)) bad(name, `${where}.run`, 'must be a run digest sha256:<64 hex>');
    row.run = r.run;
  }
  for (const k of ['questions', 'attempts'] as const) {
    const v = r[k];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) bad(name, `${where}.${k}`, 'must be a non-negative integer');
    row[k] = v;
  }
  return row;
}

function isObject(v: Json): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function allowOnly(o: { [key: string]: Json }, keys: string[], name: string, where: string) {
  for (const k of Object.keys(o)) if (!keys.includes(k)) bad(name, where, `unknown field ${JSON.stringify(k)} (allowed: ${keys.join(', ')})`);
}

// ---------------------------------------------------------------------------------------------
// Comparison

export type AuditStatus = 'reproduced' | 'mismatch' | 'unverifiable';
export type ExplanationKind = 'newer-regrade' | 'excluded-attempts' | 'different-protocol' | 'missing-runs' | 'unexplained';

export interface Explanation {
  kind: ExplanationKind;
  message: string;
}

/** What a published row claims about what was measured, each checked against the evidence. */
export type IdentityField = 'model' | 'providerModel' | 'benchmark' | 'benchmarkVersion' | 'rankable';

export interface IdentityMismatch {
  field: IdentityField;
  published: string;
  recorded: string;
  message: string;
}

export interface AuditRow {
  model: string;
  where: string;
  status: AuditStatus;
  published: number;
  recomputed: number | null;
  difference: number | null; // published − recomputed, percentage points
  tolerance: number;
  run: string | null;
  grade: string | null;
  /** the grader of that grade: the grader digest behind the number */
  grader: { ref: string; digest: string } | null;
  runId: string | null;
  questions: { published: number | null; recomputed: number | null };
  attempts: { published: number | null; recomputed: number | null };
  identity: IdentityMismatch[]; // any entry makes the row a mismatch, whatever the number
  explanations: Explanation[];
  notes: string[];
}

export interface AuditReport {
  ok: boolean; // no row is a mismatch, and none is unverifiable (unless allowed)
  benchmark: string | null;
  benchmarkVersion: string | null;
  tolerance: 'published-precision' | number;
  allowUnverifiable: boolean;
  counts: Record<AuditStatus, number>;
  rows: AuditRow[];
}

export interface AuditOptions {
  /** Percentage points; default: half a unit of each published number's last digit. */
  tolerance?: number;
  /** The archive's current benchmark version (used when the published file names none). */
  currentVersion?: string | null;
  /** Unverifiable rows do not fail the audit (they are still reported). */
  allowUnverifiable?: boolean;
}

/** Half a unit of the last published digit: 71.3 → 0.05, 71 → 0.5. */
export const precisionTolerance = (decimals: number) => 0.5 * 10 ** -decimals;

// Float noise allowance when comparing a difference with a tolerance (71.35 − 71.3 ≠ 0.05 exactly).
const EPS = 1e-9;

export function auditPublished(pub: Published, runs: readonly RunForScoring[], opts: AuditOptions = {}): AuditReport {
  const fallback = opts.currentVersion ?? newestVersion(runs);
  const version = pub.benchmarkVersion ?? pub.rows[0]?.benchmarkVersion ?? fallback;
  const rankings = new Map<string | null, RunScore[]>();
  const rankedOn = (v: string | null) =>
    rankings.get(v) ??
    rankings
      .set(
        v,
        rankRuns(runs, v).rows.map((r) => r.score),
      )
      .get(v)!;
  const rows = pub.rows.map((row) => {
    const claimed = { benchmark: row.benchmark ?? pub.benchmark, benchmarkVersion: row.benchmarkVersion ?? pub.benchmarkVersion };
    const v = claimed.benchmarkVersion ?? fallback;
    return auditRow(row, claimed, runs, rankedOn(v), v, opts);
  });
  const counts = { reproduced: 0, mismatch: 0, unverifiable: 0 };
  for (const r of rows) counts[r.status]++;
  const allowUnverifiable = opts.allowUnverifiable ?? false;
  return {
    ok: counts.mismatch === 0 && (allowUnverifiable || counts.unverifiable === 0),
    benchmark: pub.benchmark ?? pub.rows[0]?.benchmark ?? null,
    benchmarkVersion: version,
    tolerance: opts.tolerance ?? 'published-precision',
    allowUnverifiable,
    counts,
    rows,
  };
}

const pct = (x: number) => x * 100;
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** Which run a published row rests on, and notes on how it was chosen. */
function evidenceFor(row: PublishedRow, runs: readonly RunForScoring[], ranked: readonly RunScore[], version: string | null): { run?: RunForScoring; notes: string[]; missing?: string } {
  if (row.run) {
    const run = runs.find((r) => r.run === row.run);
    if (!run) {
      const others = runs.filter((r) => r.model === row.model).length;
      return { notes: [], missing: `run ${row.run} is not in the archive${others ? ` (it holds ${others} other run(s) of ${row.model})` : ''}` };
    }
    return { run, notes: [] };
  }
  const rankedRow = ranked.find((s) => s.model === row.model);
  if (rankedRow) return { run: runs.find((r) => r.run === rankedRow.run), notes: [] };
  const own = runs.filter((r) => r.model === row.model).sort((a, b) => (a.sealedAt < b.sealedAt ? 1 : a.sealedAt > b.sealedAt ? -1 : a.run < b.run ? -1 : 1));
  const sameVersion = own.filter((r) => r.benchmarkVersion === version);
  const run = sameVersion[0] ?? own[0];
  if (!run) return { notes: [], missing: `no run of ${row.model} in the archive` };
  return {
    run,
    notes: [`${row.model} has no ranked run; audited its newest run ${run.runId} (${run.status}${run.benchmarkVersion !== version ? `, benchmark version ${run.benchmarkVersion}` : ''})`],
  };
}

/**
 * The identity a row claims against what the run records: the model requested and the model ids
 * the provider answered as, the bank's name and benchmark version, and whether the protocol ranks
 * the run at all. Each difference names its field.
 */
export function identityMismatches(row: PublishedRow, claimed: { benchmark: string | null; benchmarkVersion: string | null }, run: RunForScoring, s: RunScore): IdentityMismatch[] {
  const out: IdentityMismatch[] = [];
  const add = (field: IdentityField, published: string, recorded: string, message: string) => out.push({ field, published, recorded, message });
  if (run.model !== row.model) add('model', row.model, run.model, `published as model ${row.model}; run ${run.runId} requested model ${run.model}`);
  // The provider may answer under another id (a dated snapshot): then the row must say which.
  const answered = run.providerModels ?? [];
  const claimedIds = row.providerModels ?? [row.model];
  const unclaimed = answered.filter((m) => !claimedIds.includes(m));
  const unanswered = row.providerModels ? claimedIds.filter((m) => !answered.includes(m)) : [];
  if (unclaimed.length || unanswered.length) {
    const said = row.providerModels ? `published provider model ${claimedIds.join(' ')}` : `published as model ${row.model} with no providerModel`;
    const fix = `; publish providerModel "${answered.join(' ')}"`;
    add('providerModel', claimedIds.join(' '), answered.join(' '), `${said}; the provider answered run ${run.runId} as ${answered.join(', ') || 'nothing'}${unclaimed.length ? fix : ''}`);
  }
  if (claimed.benchmark !== null && run.benchmark !== undefined && claimed.benchmark !== run.benchmark)
    add('benchmark', claimed.benchmark, run.benchmark, `published for benchmark ${claimed.benchmark}; run ${run.runId} measured bank ${run.benchmark}`);
  if (claimed.benchmarkVersion !== null && claimed.benchmarkVersion !== run.benchmarkVersion)
    add('benchmarkVersion', claimed.benchmarkVersion, run.benchmarkVersion, `published for benchmark version ${claimed.benchmarkVersion}; run ${run.runId} measured ${run.benchmarkVersion}`);
  const refusal = refusalOf(s, run.benchmarkVersion);
  if (refusal) add('rankable', 'ranked', refusal.code, `published, but not rankable: ${notRankable(refusal.code, s, refusal.reason)}`);
  return out;
}

function notRankable(code: RefusalCode, s: RunScore, reason: string): string {
  if (code === 'low-coverage') return `coverage ${(s.coverage.fraction * 100).toFixed(1)} % < ${PROTOCOL.minCoverage * 100} % (${s.coverage.scored} of ${s.coverage.planned} slots scored)`;
  return reason;
}

function auditRow(
  row: PublishedRow,
  claimed: { benchmark: string | null; benchmarkVersion: string | null },
  runs: readonly RunForScoring[],
  ranked: readonly RunScore[],
  version: string | null,
  opts: AuditOptions,
): AuditRow {
  const tolerance = opts.tolerance ?? precisionTolerance(row.decimals);
  const base: AuditRow = {
    model: row.model,
    where: row.where,
    status: 'unverifiable',
    published: row.score,
    recomputed: null,
    difference: null,
    tolerance,
    run: row.run ?? null,
    grade: null,
    grader: null,
    runId: null,
    questions: { published: row.questions ?? null, recomputed: null },
    attempts: { published: row.attempts ?? null, recomputed: null },
    identity: [],
    explanations: [],
    notes: [],
  };
  const ev = evidenceFor(row, runs, ranked, version);
  if (!ev.run) return { ...base, notes: [ev.missing ?? 'no evidence'] };
  // A ranked run was scored, interval and all, by the ranking: scoring it again doubled audit's time.
  const s = ranked.find((r) => r.run === ev.run!.run && r.grade === ev.run!.grade) ?? scoreRun(ev.run);
  const out: AuditRow = {
    ...base,
    run: ev.run.run,
    grade: ev.run.grade,
    grader: ev.run.grader ?? null,
    runId: ev.run.runId,
    notes: ev.notes,
    questions: { published: row.questions ?? null, recomputed: s.questions.length },
    attempts: { published: row.attempts ?? null, recomputed: s.coverage.scored },
    identity: identityMismatches(row, claimed, ev.run, s),
  };
  if (s.score === null) return { ...out, status: out.identity.length ? 'mismatch' : 'unverifiable', notes: [...out.notes, `run ${ev.run.runId} has no scored slot`] };
  const recomputed = pct(s.score);
  const difference = row.score - recomputed;
  out.recomputed = round4(recomputed);
  out.difference = round4(difference);
  const close = (x: number) => Math.abs(row.score - x) <= tolerance + EPS;
  const numberOk = close(recomputed);
  out.status = numberOk && out.identity.length === 0 ? 'reproduced' : 'mismatch';
  out.explanations = explain(row, ev.run, s, close);
  if (!numberOk && out.explanations.length === 0) out.explanations.push({ kind: 'unexplained', message: 'docket cannot tell from the evidence what explains the difference' });
  if (numberOk) {
    // Facts that do not change the number are still worth saying, but not as explanations.
    out.notes.push(...out.explanations.filter((e) => e.kind !== 'different-protocol').map((e) => e.message));
    out.explanations = [];
  }
  return out;
}

/** Everything docket can tell about why a published number differs from the recomputed one. */
function explain(row: PublishedRow, run: RunForScoring, s: RunScore, close: (x: number) => boolean): Explanation[] {
  const out: Explanation[] = [];
  // An alternative that gives the current number explains nothing (a regrade that flipped no slot, a variant with nothing to vary).
  const differs = (x: number) => s.score === null || Math.abs(x - s.score) > 1e-12;
  for (const g of run.earlierGrades ?? []) {
    const earlier = weightedScore(questionScores(g.slots));
    if (earlier !== null && differs(earlier) && close(pct(earlier)))
      out.push({ kind: 'newer-regrade', message: `matches the earlier grade ${g.grade} (${round4(pct(earlier))} %); the current grade ${run.grade} regraded the run` });
  }
  for (const v of scoreVariants(run.slots)) {
    if (v.score !== null && differs(v.score) && close(pct(v.score)))
      out.push({
        kind: v.name === 'truncated-as-incorrect' || v.name === 'all-slots-as-attempted' ? 'excluded-attempts' : 'different-protocol',
        message: `${v.explanation}: ${round4(pct(v.score))} %`,
      });
  }
  if (run.status !== 'sealed') out.push({ kind: 'missing-runs', message: `run ${run.runId} is ${run.status}: ${s.coverage.interrupted} of ${s.coverage.planned} planned slots were never completed` });
  if (row.questions !== undefined && row.questions !== s.questions.length) {
    out.push({ kind: row.questions > s.questions.length ? 'missing-runs' : 'excluded-attempts', message: `published over ${row.questions} questions; the evidence scores ${s.questions.length}` });
  }
  if (row.attempts !== undefined && row.attempts !== s.coverage.scored) {
    const excluded = s.coverage.truncated + s.coverage.interrupted;
    out.push({
      kind: row.attempts > s.coverage.scored ? 'excluded-attempts' : 'missing-runs',
      message: `published over ${row.attempts} attempts; the evidence scores ${s.coverage.scored} (${s.coverage.truncated} truncated and ${s.coverage.interrupted} interrupted slots are excluded by the protocol${excluded ? '' : ', none here'})`,
    });
  }
  return out;
}
