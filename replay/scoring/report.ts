import { PROTOCOL } from '../bank/protocol.ts';
import { formatCost, percent, type Coverage, type Ranking, type RankedRow, type Refusal } from './scoring.ts';
import type { JudgeContestantFlag } from './judge-flags.ts';
import type { TaskDetail } from './task-details.ts';

/**
 * `docket report`: a Ranking → one self-contained index.html (inline CSS and SVG; no scripts, no
 * external resources, enforced by its Content-Security-Policy) plus the report.json object. Pure
 * and deterministic: no clock, no randomness, so the same archive gives the same bytes.
 */

// ---------------------------------------------------------------------------------------------
// The JSON shapes (shared with `docket leaderboard --json`)

export interface CoverageJson extends Coverage {
  percent: number | null;
}

export interface RowJson {
  place: number;
  model: string;
  score: number | null; // percent
  low: number | null;
  high: number | null;
  coverage: CoverageJson;
  passRate: { correct: number; trials: number; low: number | null; high: number | null };
  cost: { knownUsd: number; unknownAttempts: number; attempts: number; text: string };
  run: string;
  grade: string;
  runId: string;
  benchmarkVersion: string;
  sealedAt: string;
  /** the model ids the provider answered as (what `audit` checks a published providerModel against) */
  providerModels: string[];
  categories: { name: string; score: number | null; questions: number }[];
  sourceEvals: { name: string; score: number | null; questions: number }[];
  test: { against: string; discordant: { b: number; c: number }; p: number; holmP: number; newPlace: boolean } | null;
  /** Per kind (banks with tasks only): score and interval in percent, items with a counted slot, coverage. */
  kinds?: Record<string, { score: number | null; low: number | null; high: number | null; n: number; coverage: CoverageJson; finishReasons?: Record<string, number> }>;
}

export interface RefusedJson {
  model: string;
  runId: string;
  run: string;
  grade: string;
  status: string;
  benchmarkVersion: string;
  providerModels: string[];
  code: string;
  reason: string;
  score: number | null;
  coverage: CoverageJson;
}

export interface RankingJson {
  protocol: { id: string; version: number; digest: string };
  /** the bank's name the ranked runs measured (null: none ranked, or not recorded) */
  benchmark: string | null;
  benchmarkVersion: string | null;
  scale: 'percent';
  rows: RowJson[];
  refused: RefusedJson[];
}

const coverageJson = (c: Coverage): CoverageJson => ({ ...c, percent: percent(c.fraction) });

function rowJson(r: RankedRow): RowJson {
  const s = r.score;
  return {
    place: r.place,
    model: s.model,
    score: percent(s.score),
    low: percent(s.interval?.low),
    high: percent(s.interval?.high),
    coverage: coverageJson(s.coverage),
    passRate: { correct: s.passRate.correct, trials: s.passRate.trials, low: percent(s.passRate.low), high: percent(s.passRate.high) },
    cost: { ...s.cost, text: formatCost(s.cost) },
    run: s.run,
    grade: s.grade,
    runId: s.runId,
    benchmarkVersion: s.benchmarkVersion,
    sealedAt: s.sealedAt,
    providerModels: s.providerModels,
    categories: s.categories.map((c) => ({ name: c.name, score: percent(c.score), questions: c.questions })),
    sourceEvals: s.sourceEvals.map((c) => ({ name: c.name, score: percent(c.score), questions: c.questions })),
    test: r.test && { against: r.test.against, discordant: { b: r.test.mcnemar.b, c: r.test.mcnemar.c }, p: r.test.mcnemar.p, holmP: r.test.adjustedP, newPlace: r.test.newPlace },
    ...(s.kinds
      ? {
          kinds: Object.fromEntries(
            Object.entries(s.kinds).map(([k, v]) => [
              k,
              {
                score: percent(v!.score),
                low: percent(v!.interval?.low),
                high: percent(v!.interval?.high),
                n: v!.items,
                coverage: coverageJson(v!.coverage),
                ...(v!.finishReasons ? { finishReasons: v!.finishReasons } : {}),
              },
            ]),
          ),
        }
      : {}),
  };
}

function refusedJson(f: Refusal): RefusedJson {
  const s = f.score;
  return {
    model: s.model,
    runId: s.runId,
    run: s.run,
    grade: s.grade,
    status: s.status,
    benchmarkVersion: s.benchmarkVersion,
    providerModels: s.providerModels,
    code: f.code,
    reason: f.reason,
    score: percent(s.score),
    coverage: coverageJson(s.coverage),
  };
}

export function rankingJson(r: Ranking): RankingJson {
  const benchmark = r.rows.find((x) => x.score.benchmark !== null)?.score.benchmark ?? null;
  return { protocol: r.protocol, benchmark, benchmarkVersion: r.benchmarkVersion, scale: 'percent', rows: r.rows.map(rowJson), refused: r.refused.map(refusedJson) };
}

// ---------------------------------------------------------------------------------------------
// HTML

export interface Report {
  html: string;
  json: RankingJson & { kind: 'docket-report'; title: string; text?: string; judgeIsContestant?: JudgeContestantFlag[] };
}

/** What the bank says about itself on its page (decision-bank.json `report`): a title and an introduction. */
export interface ReportText {
  title: string;
  /** paragraphs separated by a blank line; plain text (escaped, never HTML) */
  text?: string;
}

export const DEFAULT_REPORT_TITLE = 'leaderboard';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const fmt = (x: number | null | undefined, digits = 1) => (x === null || x === undefined || Number.isNaN(x) ? '–' : (x * 100).toFixed(digits));
const short = (d: string) => d.replace(/^sha256:/, '').slice(0, 12);
const n2 = (x: number) => (Math.round(x * 100) / 100).toString(); // SVG coordinates: short, stable text

/** Okabe–Ito colours: distinguishable with the common colour-vision deficiencies. */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
const colourOf = (i: number) => PALETTE[i % PALETTE.length]!;

const COVERAGE_PARTS: { key: keyof Coverage; label: string; colour: string }[] = [
  { key: 'correct', label: 'correct', colour: '#009E73' },
  { key: 'incorrect', label: 'incorrect', colour: '#D55E00' },
  { key: 'invalid', label: 'invalid', colour: '#E69F00' },
  { key: 'providerFailures', label: 'provider failure', colour: '#CC79A7' },
  { key: 'truncated', label: 'truncated (did not answer)', colour: '#7F7F7F' },
  { key: 'interrupted', label: 'interrupted / missing', colour: '#D9D9D9' },
];

const W = 1000;
const LABEL = 200;
const PLOT = 580;

function axis(top: number, bottom: number): string {
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return ticks
    .map((t) => {
      const x = n2(LABEL + t * PLOT);
      return `<line x1="${x}" y1="${top}" x2="${x}" y2="${bottom}" class="grid"/><text x="${x}" y="${bottom + 16}" class="tick" text-anchor="middle">${t * 100} %</text>`;
    })
    .join('');
}

function scoreChart(rows: readonly RankedRow[]): string {
  const rowH = 36;
  const top = 10;
  const h = top + rows.length * rowH + 30;
  const parts = rows.map((r, i) => {
    const s = r.score;
    const y = top + i * rowH + rowH / 2;
    const x = (v: number) => n2(LABEL + v * PLOT);
    const lo = s.interval?.low ?? s.score!;
    const hi = s.interval?.high ?? s.score!;
    return [
      `<text x="12" y="${y + 5}" class="place">${r.place}</text>`,
      `<text x="${LABEL - 12}" y="${y + 5}" text-anchor="end" class="label">${esc(s.model)}</text>`,
      `<line x1="${x(lo)}" y1="${y}" x2="${x(hi)}" y2="${y}" stroke="${colourOf(i)}" stroke-width="4" stroke-linecap="round"/>`,
      `<line x1="${x(lo)}" y1="${y - 8}" x2="${x(lo)}" y2="${y + 8}" stroke="${colourOf(i)}" stroke-width="2"/>`,
      `<line x1="${x(hi)}" y1="${y - 8}" x2="${x(hi)}" y2="${y + 8}" stroke="${colourOf(i)}" stroke-width="2"/>`,
      `<circle cx="${x(s.score!)}" cy="${y}" r="7" fill="${colourOf(i)}" stroke="#fff" stroke-width="2"/>`,
      `<text x="${n2(LABEL + PLOT + 14)}" y="${y + 5}" class="value">${fmt(s.score)} % <tspan class="muted">[${fmt(lo)}, ${fmt(hi)}]</tspan></text>`,
    ].join('');
  });
  return svg(h, `${axis(top, top + rows.length * rowH)}${parts.join('')}`, 'Scores with 95 % bootstrap intervals');
}

function categoryChart(rows: readonly RankedRow[]): string {
  const names = [...new Set(rows.flatMap((r) => r.score.categories.map((c) => c.name)))].sort();
  const barH = 14;
  const groupGap = 18;
  const groupH = rows.length * (barH + 3) + groupGap;
  const top = 10;
  const h = top + names.length * groupH + 24;
  const parts = names.map((name, g) => {
    const y0 = top + g * groupH;
    const bars = rows.map((r, i) => {
      const c = r.score.categories.find((x) => x.name === name);
      const y = y0 + i * (barH + 3);
      if (!c) return `<text x="${LABEL + 4}" y="${y + barH - 3}" class="muted small">no questions</text>`;
      const w = n2(Math.max(1, c.score * PLOT));
      return `<rect x="${LABEL}" y="${y}" width="${w}" height="${barH}" rx="2" fill="${colourOf(i)}"><title>${esc(`${r.score.model} · ${name}: ${fmt(c.score)} % over ${c.questions} questions`)}</title></rect><text x="${n2(LABEL + Math.max(1, c.score * PLOT) + 6)}" y="${y + barH - 3}" class="small">${fmt(c.score)}</text>`;
    });
    return `<text x="${LABEL - 12}" y="${y0 + (rows.length * (barH + 3)) / 2 + 4}" text-anchor="end" class="label">${esc(name)}</text>${bars.join('')}`;
  });
  return svg(h, `${axis(top, top + names.length * groupH - groupGap + 4)}${parts.join('')}`, 'Score per category (equal weight per source eval)');
}

function coverageChart(items: readonly { label: string; coverage: Coverage; refused: boolean }[]): string {
  const rowH = 30;
  const top = 10;
  const h = top + items.length * rowH + 30;
  const parts = items.map((it, i) => {
    const y = top + i * rowH + 6;
    const c = it.coverage;
    const total = Math.max(c.planned, c.scored + c.truncated + c.interrupted, 1);
    let x = LABEL;
    const segs = COVERAGE_PARTS.map((p) => {
      const v = c[p.key] as number;
      if (v <= 0) return '';
      const w = (v / total) * PLOT;
      const seg = `<rect x="${n2(x)}" y="${y}" width="${n2(w)}" height="18" fill="${p.colour}"><title>${esc(`${it.label}: ${v} ${p.label}`)}</title></rect>`;
      x += w;
      return seg;
    });
    const label = `<text x="${LABEL - 12}" y="${y + 14}" text-anchor="end" class="label${it.refused ? ' refused' : ''}">${esc(it.label)}</text>`;
    const value = `<text x="${n2(LABEL + PLOT + 14)}" y="${y + 14}" class="value${c.fraction < PROTOCOL.minCoverage ? ' bad' : ''}">${fmt(c.fraction)} %</text>`;
    return label + segs.join('') + value;
  });
  const min = n2(LABEL + PROTOCOL.minCoverage * PLOT);
  const bottom = top + items.length * rowH;
  const minLine = `<line x1="${min}" y1="${top - 4}" x2="${min}" y2="${bottom}" class="minline"/><text x="${min}" y="${bottom + 16}" text-anchor="middle" class="tick">${PROTOCOL.minCoverage * 100} % minimum</text>`;
  return svg(h, parts.join('') + minLine, 'Coverage: planned slots by outcome');
}

/** Score against known cost, one point per ranked model: only when some cost is known. A run with attempts of unknown cost is a hollow point (its cost is a floor). */
function costChart(rows: readonly RankedRow[]): string {
  const max = Math.max(...rows.map((r) => r.score.cost.knownUsd));
  const top = 16;
  const plotH = 260;
  const left = 70;
  const plotW = W - left - 380; // room on the right for the legend: model, score, cost
  const x = (usd: number) => n2(left + (usd / max) * plotW);
  const yAt = (score: number) => top + (1 - score) * plotH;
  const y = (score: number) => n2(yAt(score));
  const grid = [0, 0.25, 0.5, 0.75, 1]
    .map((t) => `<line x1="${left}" y1="${y(t)}" x2="${left + plotW}" y2="${y(t)}" class="grid"/><text x="${left - 8}" y="${n2(yAt(t) + 4)}" class="tick" text-anchor="end">${t * 100} %</text>`)
    .join('');
  const ticks = [0, 0.5, 1].map((t) => `<text x="${x(t * max)}" y="${top + plotH + 18}" class="tick" text-anchor="middle">$${(t * max).toFixed(4)}</text>`).join('');
  const points = rows.map((r, i) => {
    const s = r.score;
    const hollow = s.cost.unknownAttempts > 0;
    const fill = hollow ? '#fff' : colourOf(i);
    return `<circle cx="${x(s.cost.knownUsd)}" cy="${y(s.score!)}" r="7" fill="${fill}" stroke="${colourOf(i)}" stroke-width="2.5"><title>${esc(`${s.model}: ${fmt(s.score)} % for ${formatCost(s.cost)}`)}</title></circle>`;
  });
  const legend = rows.map(
    (r, i) =>
      `<text x="${left + plotW + 24}" y="${top + 14 + i * 20}" class="small"><tspan fill="${colourOf(i)}">●</tspan> ${esc(r.score.model)} · ${fmt(r.score.score)} % · ${esc(formatCost(r.score.cost))}</text>`,
  );
  return svg(top + plotH + 30, grid + ticks + points.join('') + legend.join(''), 'Score against known cost (hollow: some attempts of unknown cost)');
}

/** Per kind (banks with tasks): each model's score, interval, items and coverage for every kind it has. */
function kindsTable(rows: readonly RankedRow[]): string {
  const kinds = [...new Set(rows.flatMap((r) => Object.keys(r.score.kinds ?? {})))].sort();
  const head = ['Model', ...kinds.map((k) => `${esc(k)}: score (n, coverage)`)];
  const body = rows.map((r) => {
    const cells = kinds.map((k) => {
      const v = r.score.kinds?.[k as keyof typeof r.score.kinds];
      if (!v) return '<td class="num muted">–</td>';
      return `<td class="num">${fmt(v.score)} %<div class="muted small">${fmt(v.interval?.low)} – ${fmt(v.interval?.high)}</div><div class="muted small">n ${v.items} · ${fmt(v.coverage.fraction)} % covered</div></td>`;
    });
    return `<tr><td class="model"><b>${esc(r.score.model)}</b></td>${cells.join('')}</tr>`;
  });
  return `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${body.join('')}</tbody></table>`;
}

const clipReply = (text: string | null) => (text === null ? '(no text)' : text.length > 2000 ? `${text.slice(0, 2000)}… (${text.length} characters)` : text);

/** One ranked model's task slots: verdict, score, why the reply stopped, each grader's part and tests, and the reply. */
function taskTable(details: readonly TaskDetail[]): string {
  const body = details.map((d) => {
    const parts = d.parts
      .map((p) => {
        const tests = p.tests
          ? `<ul class="tests">${p.tests.map((t) => `<li class="${t.status === 'passed' ? 'pass' : 'fail'}">${esc(t.status)} · ${esc(t.name)}${t.message ? `<div class="muted small">${esc(t.message)}</div>` : ''}</li>`).join('')}</ul>`
          : '';
        const passed = p.tests ? ` · ${p.tests.filter((t) => t.status === 'passed').length}/${p.tests.length} tests passed` : '';
        return `<div>${esc(p.grader)}: ${esc(p.verdict)}${p.score === null ? '' : ` ${fmt(p.score)} %`}${passed}</div>${tests}`;
      })
      .join('');
    return `<tr><td class="mono">${esc(d.task)}${d.repetition ? ` <span class="muted">#${d.repetition}</span>` : ''}</td><td>${esc(d.kind)}</td><td>${esc(d.verdict)}</td><td class="num">${d.score === null ? '–' : `${fmt(d.score)} %`}</td><td>${esc(d.finishReason ?? '–')}</td><td>${parts || '<span class="muted">–</span>'}</td><td><pre class="reply">${esc(clipReply(d.reply))}</pre></td></tr>`;
  });
  return `<table class="tasks"><thead><tr><th>Task</th><th>Kind</th><th>Verdict</th><th>Score</th><th>Finish</th><th>Graders and tests</th><th>Reply</th></tr></thead><tbody>${body.join('')}</tbody></table>`;
}

/** Every ranked model with task slots gets a section the ranking links to (#tasks-PLACE-INDEX). */
function tasksSections(rows: readonly RankedRow[], details: ReadonlyMap<string, readonly TaskDetail[]>): string {
  return rows
    .map((r, i) => {
      const d = details.get(r.score.run);
      if (!d?.length) return '';
      const scored = d.filter((x) => x.score !== null).length;
      return `<details id="tasks-${i}"><summary><b>${esc(r.score.model)}</b> · ${d.length} task slot${d.length === 1 ? '' : 's'}, ${scored} scored</summary>${taskTable(d)}</details>`;
    })
    .join('');
}

/** Every score a judge graded that is also ranked here (judge-flags.ts): its ranking may favour that judge's own replies. */
function judgeFlagsList(flags: readonly JudgeContestantFlag[]): string {
  const items = flags.map(
    (f) =>
      `<li><b>${esc(f.model)}</b> <span class="mono small">${esc(f.runId)}</span>: graded by judge ${esc(f.judge)} (model ${esc(f.judgeModel)}${f.judgeReturned.length ? `, returned ${esc(f.judgeReturned.join(' '))}` : ''}), which is also ranked: ${f.contestants.map((c) => `${esc(c.runId)} (by ${c.by} model)`).join(', ')}</li>`,
  );
  return `<p>These scores were graded by a judge model that is also a contestant in this ranking; a judge can favour its own replies (\`docket judge-check\` regrades the top runs with another judge).</p><ul class="rules">${items.join('')}</ul>`;
}

function svg(height: number, body: string, title: string): string {
  return `<svg viewBox="0 0 ${W} ${height}" width="100%" role="img" aria-label="${esc(title)}">${body}</svg>`;
}

function coverageLegend(): string {
  return `<p class="legend">${COVERAGE_PARTS.map((p) => `<span><i style="background:${p.colour}"></i>${esc(p.label)}</span>`).join('')}</p>`;
}

function modelLegend(rows: readonly RankedRow[]): string {
  return `<p class="legend">${rows.map((r, i) => `<span><i style="background:${colourOf(i)}"></i>${esc(r.score.model)}</span>`).join('')}</p>`;
}

function leaderboardTable(rows: readonly RankedRow[], details: ReadonlyMap<string, readonly TaskDetail[]>): string {
  const head = ['Place', 'Model', 'Score', '95 % interval', 'Pass rate', 'Coverage', 'Truncated', 'Cost', 'Evidence'];
  const body = rows.map((r, i) => {
    const s = r.score;
    const c = s.coverage;
    return [
      `<tr><td class="num">${r.place}</td>`,
      `<td class="model"><b>${esc(s.model)}</b><div class="muted small">${esc(s.runId)}</div>${details.get(s.run)?.length ? `<div class="small"><a href="#tasks-${i}">tasks</a></div>` : ''}</td>`,
      `<td class="num big">${fmt(s.score)} %</td>`,
      `<td class="num">${fmt(s.interval?.low)} – ${fmt(s.interval?.high)}</td>`,
      `<td class="num">${s.passRate.correct}/${s.passRate.trials}<div class="muted small">Wilson ${fmt(s.passRate.low)} – ${fmt(s.passRate.high)}</div></td>`,
      `<td class="num">${fmt(c.fraction)} %<div class="muted small">${c.scored}/${c.planned} scored</div><div class="muted small">${c.invalid} invalid · ${c.providerFailures} failed · ${c.interrupted} interrupted</div></td>`,
      `<td class="num">${c.truncated}</td>`,
      `<td class="num">${esc(formatCost(s.cost))}</td>`,
      `<td class="mono small nowrap"><div title="${esc(s.run)}">run ${short(s.run)}</div><div title="${esc(s.grade)}">grade ${short(s.grade)}</div></td></tr>`,
    ].join('');
  });
  return `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${body.join('')}</tbody></table>`;
}

function testsTable(rows: readonly RankedRow[]): string {
  const tested = rows.filter((r) => r.test);
  if (!tested.length) return '<p class="muted">Only one model is ranked: there is nothing to compare.</p>';
  const body = tested.map((r) => {
    const t = r.test!;
    return `<tr><td>${esc(t.model)}</td><td>${esc(t.against)}</td><td class="num">${t.mcnemar.b} / ${t.mcnemar.c}</td><td class="num">${t.mcnemar.p.toPrecision(3)}</td><td class="num">${t.adjustedP.toPrecision(3)}</td><td>${t.newPlace ? 'new place' : 'shares the place'}</td></tr>`;
  });
  return `<table><thead><tr><th>Model</th><th>Tested against</th><th>Discordant slots (b / c)</th><th>McNemar p</th><th>Holm p</th><th>Result</th></tr></thead><tbody>${body.join('')}</tbody></table>`;
}

function refusedTable(refused: readonly Refusal[]): string {
  if (!refused.length) return '<p class="muted">None: every run in the archive on this benchmark version is ranked.</p>';
  const body = refused.map(
    (f) =>
      `<tr><td>${esc(f.score.model)}</td><td class="mono" title="${esc(f.score.run)}">${esc(f.score.runId)}</td><td>${esc(f.code)}</td><td>${esc(f.reason)}</td><td class="num">${fmt(f.score.score)}</td><td class="num">${fmt(f.score.coverage.fraction)} %</td></tr>`,
  );
  return `<table><thead><tr><th>Model</th><th>Run</th><th>Code</th><th>Reason</th><th>Score</th><th>Coverage</th></tr></thead><tbody>${body.join('')}</tbody></table>`;
}

function evidenceList(rows: readonly RankedRow[]): string {
  const body = rows.map((r) => `<tr><td class="model">${esc(r.score.model)}</td><td class="mono"><div>run&nbsp;&nbsp; ${esc(r.score.run)}</div><div>grade ${esc(r.score.grade)}</div></td></tr>`);
  return `<table class="evidence"><thead><tr><th>Model</th><th>Run and grade digests (the evidence each row rests on)</th></tr></thead><tbody>${body.join('')}</tbody></table>`;
}

const CSS = `
:root{color-scheme:light}
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:0;background:#f6f7f9;color:#1d2330}
main{max-width:1120px;margin:0 auto;padding:28px 32px 48px}
h1{font-size:26px;margin:0 0 4px}
h2{font-size:18px;margin:0 0 10px}
section{background:#fff;border:1px solid #e1e4ea;border-radius:10px;padding:18px 20px;margin:18px 0}
.sub{color:#4a5266;margin:0}
.intro{margin:.4em 0 .8em;max-width:60em}
.muted{color:#6b7385}.small{font-size:12px}
.mono{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,monospace;font-size:12.5px}
table{border-collapse:collapse;width:100%;font-size:14px}
td.model{min-width:150px}
td .small{white-space:normal}
td.num .small{white-space:nowrap}
td.nowrap div{white-space:nowrap}
th{text-align:left;font-weight:600;color:#4a5266;border-bottom:2px solid #e1e4ea;padding:6px 8px;vertical-align:bottom}
td{border-bottom:1px solid #eef0f4;padding:7px 8px;vertical-align:top}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.big{font-size:16px;font-weight:600}
table.evidence td{font-size:12px;word-break:break-all}
svg text{font-family:system-ui,"DejaVu Sans",sans-serif;fill:#1d2330}
svg .label{font-size:14px}
svg .label.refused{fill:#8a90a0;font-style:italic}
svg .value{font-size:14px;font-weight:600}
svg .value.bad{fill:#C0392B}
svg .muted{fill:#6b7385;font-weight:400}
svg .small{font-size:11px}
svg .tick{font-size:11px;fill:#6b7385}
svg .place{font-size:15px;font-weight:700;fill:#4a5266}
svg .grid{stroke:#e6e8ee;stroke-width:1}
svg .minline{stroke:#C0392B;stroke-width:1.5;stroke-dasharray:4 3}
.legend{margin:6px 0 0;font-size:13px;color:#4a5266}
.legend span{margin-right:16px;white-space:nowrap}
.legend i{display:inline-block;width:11px;height:11px;border-radius:2px;margin-right:5px;vertical-align:-1px}
.empty{font-size:17px}
ul.rules{margin:0;padding-left:20px;color:#333b4d}
details{margin:10px 0}
section.warn{border-left:4px solid #C0392B}
summary{cursor:pointer;padding:6px 0}
table.tasks td{vertical-align:top}
ul.tests{margin:4px 0 0;padding-left:16px}
ul.tests li.pass{color:#1e7a3c}
ul.tests li.fail{color:#C0392B}
pre.reply{margin:0;max-width:420px;max-height:240px;overflow:auto;white-space:pre-wrap;font-size:12px}
`;

function rules(): string {
  const p = PROTOCOL;
  const items = [
    `Question score: ${p.questionScore}. Source eval: ${p.sourceEvalScore}. Score: ${p.score}.`,
    `Invalid responses and provider failures count as incorrect. Truncated-empty attempts: ${p.verdicts.truncated}.`,
    `Coverage: ${p.coverage}; a run below ${p.minCoverage * 100} % is not ranked.`,
    `Intervals: ${p.intervals.bootstrap.resamples} bootstrap resamples (${p.intervals.bootstrap.method}), seed “${p.intervals.bootstrap.seed}”; Wilson for pass rates.`,
    `Places: ${p.comparison.places}. ${p.comparison.multipleComparisons}.`,
    `Cost: ${p.cost}.`,
  ];
  return `<ul class="rules">${items.map((t) => `<li>${esc(t)}</li>`).join('')}</ul>`;
}

/**
 * `details`: the task slots of ranked runs by run digest (task-details.ts), for the per-task
 * sections; a bank of questions only has none.
 */
export function buildReport(
  ranking: Ranking,
  page: ReportText = { title: DEFAULT_REPORT_TITLE },
  details: ReadonlyMap<string, readonly TaskDetail[]> = new Map(),
  judged: readonly JudgeContestantFlag[] = [],
): Report {
  const { title, text } = page;
  const json = { kind: 'docket-report' as const, title, ...(text ? { text } : {}), ...rankingJson(ranking), ...(judged.length ? { judgeIsContestant: [...judged] } : {}) };
  const intro = text
    ? text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => `<p class="intro">${esc(p)}</p>`)
        .join('')
    : '';
  const rows = ranking.rows;
  const coverageItems = [
    ...rows.map((r) => ({ label: r.score.model, coverage: r.score.coverage, refused: false })),
    ...ranking.refused.filter((f) => f.code !== 'other-version' && f.code !== 'superseded').map((f) => ({ label: `${f.score.model} (not ranked)`, coverage: f.score.coverage, refused: true })),
  ];
  const header = `<h1>${esc(title)}</h1>${intro}<p class="sub">Benchmark version <b class="mono">${esc(ranking.benchmarkVersion ?? 'none')}</b> · protocol ${esc(ranking.protocol.id)} v${ranking.protocol.version} <span class="mono">${esc(ranking.protocol.digest)}</span></p><p class="sub">${rows.length} ranked model${rows.length === 1 ? '' : 's'} · ${ranking.refused.length} run${ranking.refused.length === 1 ? '' : 's'} not ranked. Every number is recomputed from per-attempt evidence; the digests name it.</p>`;
  const sections = rows.length
    ? [
        `<section><h2>Leaderboard</h2>${scoreChart(rows)}</section>`,
        ...(judged.length ? [`<section class="warn"><h2>The judge is a contestant</h2>${judgeFlagsList(judged)}</section>`] : []),
        `<section><h2>Rows and the evidence behind them</h2>${leaderboardTable(rows, details)}</section>`,
        ...(rows.some((r) => r.score.kinds) ? [`<section><h2>Score per kind</h2>${kindsTable(rows)}</section>`] : []),
        `<section><h2>Score per category</h2>${modelLegend(rows)}${categoryChart(rows)}</section>`,
        ...(rows.some((r) => r.score.cost.knownUsd > 0) ? [`<section><h2>Score and cost</h2>${costChart(rows)}</section>`] : []),
        `<section><h2>Coverage</h2>${coverageLegend()}${coverageChart(coverageItems)}</section>`,
        `<section><h2>Shared places: paired tests</h2>${testsTable(rows)}</section>`,
        ...(rows.some((r) => details.get(r.score.run)?.length) ? [`<section><h2>Tasks</h2>${tasksSections(rows, details)}</section>`] : []),
      ]
    : [
        `<section><p class="empty">No runs in the archive are ranked on this benchmark version.</p></section>`,
        ...(coverageItems.length ? [`<section><h2>Coverage</h2>${coverageLegend()}${coverageChart(coverageItems)}</section>`] : []),
      ];
  sections.push(`<section><h2>Runs not ranked</h2>${refusedTable(ranking.refused)}</section>`);
  if (rows.length) sections.push(`<section><h2>Evidence digests</h2>${evidenceList(rows)}</section>`);
  sections.push(`<section><h2>Scoring protocol</h2>${rules()}</section>`);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${CSS}</style>
</head>
<body><main>
${header}
${sections.join('\n')}
</main></body>
</html>
`;
  return { html, json };
}
