import { describe, expect, it } from 'vitest';
import { buildReport, rankingJson } from './report.ts';
import type { TaskDetail } from './task-details.ts';
import { rankRuns, type RunForScoring, type SlotOutcome, type Verdict } from './scoring.ts';

function fakeRun(model: string, i: number, verdictOf: (q: number, p: number) => Verdict, over: Partial<RunForScoring> = {}): RunForScoring {
  const slots: SlotOutcome[] = [];
  for (let q = 0; q < 12; q++) {
    for (let p = 0; p < 3; p++) {
      slots.push({
        question: `q${q}`,
        sourceEval: `cat${q % 3}/eval${q % 6}`,
        permutation: p,
        repetition: 0,
        verdict: verdictOf(q, p),
        chosen: 'A',
        key: 'A',
        answerText: 'A',
        attempts: 1,
        costUsd: 0.002,
        unknownCostAttempts: q === 0 ? 1 : 0,
      });
    }
  }
  return {
    run: `sha256:${String(i).repeat(64)}`,
    grade: `sha256:${String(i + 1).repeat(64)}`,
    runId: `run-${i}`,
    model,
    status: 'sealed',
    benchmarkVersion: 'v1',
    sealedAt: `2026-01-0${i}T00:00:00Z`,
    planned: slots.length,
    slots,
    ...over,
  };
}

const runs = [
  fakeRun('<b>strong & "quoted"</b>', 1, () => 'correct'),
  fakeRun('weak', 2, (q, p) => ((q + p) % 3 === 0 ? 'correct' : q === 5 && p === 0 ? 'truncated' : 'incorrect')),
  fakeRun('partial', 3, () => 'correct', { status: 'interrupted' }),
];

describe('buildReport', () => {
  const ranking = rankRuns(runs, 'v1');
  const { html, json } = buildReport(ranking);

  it('is self-contained: no scripts, no links, no external resources, a CSP that forbids them', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/https?:\/\//i);
    expect(html).not.toMatch(/\bsrc\s*=/i);
    expect(html).not.toMatch(/\bhref\s*=\s*"(?!#)/i); // in-page anchors only
    expect(html).not.toMatch(/url\(|@import/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(html.match(/<svg /g)!.length).toBe(4); // scores, categories, score against cost, coverage
  });

  it('escapes model names', () => {
    expect(html).toContain('&lt;b&gt;strong &amp; &quot;quoted&quot;&lt;/b&gt;');
    expect(html).not.toContain('<b>strong');
  });

  it('shows scores, intervals, coverage, truncated counts, cost with unknowns, digests, and refused runs with the reason', () => {
    const weak = ranking.rows.find((r) => r.score.model === 'weak')!.score;
    expect(html).toContain(`${(weak.score! * 100).toFixed(1)} %`);
    expect(html).toContain(`${(weak.interval!.low * 100).toFixed(1)} – ${(weak.interval!.high * 100).toFixed(1)}`);
    expect(html).toContain('truncated (did not answer)');
    expect(html).toContain('+ 3 attempts unknown');
    expect(html).toContain(runs[1]!.run);
    expect(html).toContain(runs[1]!.grade);
    expect(html).toContain('run is interrupted, not sealed and complete');
  });

  it('report.json is the leaderboard JSON plus a kind, with percent scores', () => {
    expect(json).toMatchObject({ kind: 'docket-report', ...rankingJson(ranking) });
    expect(json.rows[0]).toMatchObject({ place: 1, score: 100, run: runs[0]!.run, grade: runs[0]!.grade });
    expect(json.rows[1]!.coverage).toMatchObject({ truncated: 1, planned: 36, scored: 35 });
    expect(json.refused).toMatchObject([{ model: 'partial', code: 'not-sealed' }]);
  });

  it('same ranking → same bytes', () => {
    expect(buildReport(rankRuns(runs, 'v1')).html).toBe(html);
  });

  it('the page says what the bank says about itself: its title and introduction, escaped, one paragraph per blank line', () => {
    const page = buildReport(ranking, { title: 'Convex evals <checked>', text: 'First & foremost.\n\nSecond <p>aragraph.' });
    expect(page.html).toContain('<title>Convex evals &lt;checked&gt;</title>');
    expect(page.html).toContain('<h1>Convex evals &lt;checked&gt;</h1><p class="intro">First &amp; foremost.</p><p class="intro">Second &lt;p&gt;aragraph.</p>');
    expect(page.json).toMatchObject({ title: 'Convex evals <checked>', text: 'First & foremost.\n\nSecond <p>aragraph.' });
    expect(html).not.toContain('class="intro"');
    expect(json).not.toHaveProperty('text');
    expect(html).not.toContain('docket leaderboard');
  });

  it('plots score against known cost, one point per ranked model; a run with unknown-cost attempts is hollow', () => {
    const chart = html.slice(html.indexOf('<h2>Score and cost</h2>'), html.indexOf('<h2>Coverage</h2>'));
    expect(chart.match(/<circle /g)).toHaveLength(ranking.rows.length);
    expect(chart.match(/<circle [^>]*fill="#fff"/g)).toHaveLength(ranking.rows.length); // every fake run has one unknown-cost attempt
    for (const r of ranking.rows)
      expect(chart).toContain(`${r.score.model.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}: ${(r.score.score! * 100).toFixed(1)} %`);
    const free = rankRuns(
      runs.map((r) => ({ ...r, slots: r.slots.map((x) => ({ ...x, costUsd: 0, unknownCostAttempts: 1 })) })),
      'v1',
    );
    expect(buildReport(free).html).not.toContain('Score and cost'); // no cost known: nothing to plot
  });

  it('a bank with tasks gets a score per kind: score, interval, items and coverage of each kind', () => {
    const tasked = runs.slice(0, 2).map((r) => ({
      ...r,
      plannedByKind: { choice: 18, exec: 18 },
      slots: r.slots.map((x, i) => (i % 2 ? { ...x, kind: 'exec' as const, score: x.verdict === 'correct' ? 1 : 0.25 } : x)),
    }));
    const page = buildReport(rankRuns(tasked, 'v1'));
    expect(html).not.toContain('Score per kind');
    const table = page.html.slice(page.html.indexOf('<h2>Score per kind</h2>'), page.html.indexOf('<h2>Score per category</h2>'));
    expect(table).toContain('choice: score (n, coverage)');
    expect(table).toContain('exec: score (n, coverage)');
    for (const row of page.json.rows) {
      for (const [kind, v] of Object.entries(row.kinds!)) {
        const f = (x: number | null) => (x === null ? '–' : x.toFixed(1));
        expect(table, kind).toContain(`${f(v.score)} %<div class="muted small">${f(v.low)} – ${f(v.high)}</div><div class="muted small">n ${v.n} · ${f(v.coverage.percent)} % covered`);
      }
    }
  });

  it('task slots of a ranked run get a section the ranking links to: verdict, score, tests, the reply escaped', () => {
    const strong = ranking.rows[0]!.score;
    const detail: TaskDetail = {
      task: 't1',
      kind: 'exec',
      repetition: 0,
      verdict: 'partial',
      score: 0.5,
      finishReason: 'stop',
      reply: '```js\nexport const f = () => "<x>";\n```',
      parts: [
        {
          grader: 'exec@1',
          verdict: 'partial',
          score: 0.5,
          tests: [
            { name: 'f works', status: 'passed', message: null },
            { name: 'f <edge>', status: 'failed', message: 'expected 1' },
          ],
        },
      ],
    };
    const page = buildReport(ranking, undefined, new Map([[strong.run, [detail]]])).html;
    expect(html).not.toContain('<h2>Tasks</h2>');
    expect(page).toContain('<a href="#tasks-0">tasks</a>');
    const section = page.slice(page.indexOf('<details id="tasks-0">'));
    expect(section).toContain('1 task slot, 1 scored');
    expect(section).toContain('exec@1: partial 50.0 % · 1/2 tests passed');
    expect(section).toContain('<li class="fail">failed · f &lt;edge&gt;<div class="muted small">expected 1</div></li>');
    expect(section).toContain('export const f = () =&gt; &quot;&lt;x&gt;&quot;;');
    expect(page.match(/<details /g)).toHaveLength(1); // only the run with tasks
  });

  it('an empty archive gives a report that says so', () => {
    const empty = buildReport(rankRuns([], null));
    expect(empty.html).toContain('No runs in the archive are ranked');
    expect(empty.json.rows).toEqual([]);
  });
});
