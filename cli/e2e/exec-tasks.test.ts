import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { bankDrift } from '../../replay/bank/drift.ts';
import { loadRunsForScoring, type UngradedRun } from '../../replay/scoring/scoring-input.ts';
import { docket as runDocket, scratchDirs } from '../dev/testkit/core.ts';
import { allText, runCliJson } from '../dev/testkit/recorder.ts';
import { runDocketWithoutNetwork } from '../dev/testkit/netns.ts';
import { startReferenceServer, type ReferenceServer } from '../recorder/reference-server.ts';

/**
 * Tasks end to end on a suite of its own: two exec tasks (JavaScript functions with node:test
 * suites) and two answer tasks (one opening on a tool result), frozen, recorded against the
 * reference server's contenders (right, wrong, partly right, truncated or empty, hostile), graded on
 * seal by running the suite's tests, ranked per kind, replayed and regraded with no network. One
 * shared setup: every test reads what it recorded.
 */
const dirs = scratchDirs();
const CANARY = 'docket-canary-7f3a9c1e5b';
const CONTENDERS = ['oracle', 'coin', 'markdown', 'truncator', 'hostile'];

const command = ['node', '--test', '--test-reporter=junit', '--test-reporter-destination=report.xml', 'grader.test.mjs'];
const exec = (id: string, sourceEval: string) => ({
  id,
  kind: 'exec',
  sourceEval,
  prompt: { file: 'TASK.md' },
  system: 'Reply with the module in one fenced block.',
  max_tokens: 600,
  grader: { ref: 'exec@1', params: { files: { rule: 'single-block', path: 'solution.mjs' }, command, report: { format: 'junit', path: 'report.xml' }, omit: ['solution.mjs'], timeoutMs: 8000 } },
});

function writeSuite(root: string) {
  const files: Record<string, string> = {
    'evals/code/clamp/TASK.md': 'Write solution.mjs exporting clamp(x, lo, hi) and lerp(a, b, t).\n',
    'evals/code/clamp/solution.mjs': 'export function clamp(x, lo, hi) {\n  return Math.min(hi, Math.max(lo, x));\n}\n\nexport function lerp(a, b, t) {\n  return a + (b - a) * t;\n}\n',
    'evals/code/clamp/grader.test.mjs': [
      "import test from 'node:test';",
      "import assert from 'node:assert/strict';",
      "import { clamp, lerp } from './solution.mjs';",
      "test('clamp inside', () => assert.equal(clamp(5, 0, 10), 5));",
      "test('clamp below', () => assert.equal(clamp(-1, 0, 10), 0));",
      "test('clamp above', () => assert.equal(clamp(11, 0, 10), 10));",
      "test('lerp half', () => assert.equal(lerp(0, 10, 0.5), 5));",
      '',
    ].join('\n'),
    'evals/code/words/TASK.md': 'Write solution.mjs exporting countWords(text).\n',
    'evals/code/words/solution.mjs': 'export function countWords(text) {\n  return text.split(/\\s+/).filter(Boolean).length;\n}\n',
    'evals/code/words/grader.test.mjs': [
      "import test from 'node:test';",
      "import assert from 'node:assert/strict';",
      "import { countWords } from './solution.mjs';",
      "test('two words', () => assert.equal(countWords('a b'), 2));",
      "test('empty', () => assert.equal(countWords(''), 0));",
      "test('spaces', () => assert.equal(countWords('  a  '), 1));",
      '',
    ].join('\n'),
    'evals/facts/capital/TASK.md': 'What is the capital of Norway?\n',
    'evals/facts/capital/solution.md': 'Oslo\n',
    'evals/facts/weather/TASK.md': 'Read a tool result and answer with the temperature.\n',
    'evals/facts/weather/solution.md': '11\n',
  };
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(root, p, '..'), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  const bank = {
    schemaVersion: 1,
    name: 'tasks-suite',
    version: '0.1.0',
    description: 'exec and answer tasks',
    keyBalanceTolerance: 0,
    promptTemplate: { id: 't', version: 1, system: 's', user: '{{stem}}', answerFormat: 'a letter' },
    questions: [],
    tasks: [
      exec('clamp-1', 'code/clamp'),
      exec('words-1', 'code/words'),
      {
        id: 'capital-1',
        kind: 'answer',
        sourceEval: 'facts/capital',
        prompt: { file: 'TASK.md' },
        max_tokens: 32,
        grader: { ref: 'answer@1', params: { match: 'exact', expected: 'Oslo', caseSensitive: false } },
      },
      {
        id: 'weather-1',
        kind: 'answer',
        sourceEval: 'facts/weather',
        messages: [
          { role: 'user', content: 'How warm is it in Oslo?' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } }] },
          { role: 'tool', tool_call_id: 'call_1', content: '{"celsius": 11}' },
        ],
        max_tokens: 32,
        grader: { ref: 'answer@1', params: { match: 'numeric', expected: 11, tolerance: 0.5 } },
      },
    ],
    scoring: { weights: { kind: { exec: 0.7, answer: 0.3 } } },
    omissions: [],
  };
  writeFileSync(join(root, 'decision-bank.json'), `${JSON.stringify(bank, null, 2)}\n`);
}

const docket = (root: string, args: string[], env: Record<string, string> = {}) => runDocket(args, { cwd: root, env });

// The reference server runs in this process: a run must not block its event loop (spawnSync would).
const docketAsync = (root: string, args: string[], env: NodeJS.ProcessEnv = {}) => runCliJson(args, env, root);

const execScratches = () => readdirSync(tmpdir()).filter((n) => n.includes('docket-exec')).length;

describe('tasks end to end', () => {
  let root = '';
  let ref: ReferenceServer | undefined;
  const runs: Record<string, any> = {};
  let scratchBefore = 0;

  beforeAll(async () => {
    root = dirs('docket-tasks-');
    writeSuite(root);
    expect(docket(root, ['evidence', 'lock']).status).toBe(0);
    const cap = docket(root, ['evidence', 'capture', '--json']);
    expect(cap.stderr).toBe('');
    expect(cap.status).toBe(0);
    scratchBefore = execScratches();
    ref = await startReferenceServer({ archive: join(root, 'evidence'), port: 0 });
    for (const m of CONTENDERS) {
      const r = await docketAsync(root, ['run', '--model', m, '--base-url', ref.baseUrl, '--run-id', `${m}-1`, '--concurrency', '2', '--json'], { DOCKET_CANARY: CANARY, SECRET_TOKEN: CANARY });
      expect(r.status, r.stdout + r.stderr).toBe(0);
      runs[m] = r.json;
    }
  }, 240_000);
  afterAll(async () => {
    await ref?.close();
  });

  it('grades every kind on seal: right, wrong, partly right, truncated or empty', () => {
    expect(runs.oracle.grade.counts).toMatchObject({ slots: 4, correct: 4 });
    const c = runs.coin.grade.counts;
    expect(c.incorrect + c.invalid).toBe(4); // wrong code, a wrong name, no number at all
    expect(c.correct).toBe(0);
    expect(runs.markdown.grade.counts.partial).toBeGreaterThanOrEqual(1);
    const t = runs.truncator.grade.counts;
    expect(t.truncated + t.invalid).toBe(4); // empty replies: cut by the token limit (not answered) or stopped (0)
  });

  it('ranks per kind with n and coverage, the combined score by the declared weights', () => {
    const board = docket(root, ['leaderboard', '--json']);
    expect(board.status, board.stderr).toBe(0);
    const oracle = board.json.rows.find((r: any) => r.model === 'oracle');
    expect(oracle.kinds.exec).toMatchObject({ score: 100, n: 2, coverage: { planned: 2, scored: 2 } });
    expect(oracle.kinds.answer).toMatchObject({ score: 100, n: 2, finishReasons: { stop: 2 } });
    const text = docket(root, ['leaderboard']).stdout;
    expect(text).toMatch(/\nper kind .*\n(?: {2}.*\n)*? {2}oracle: answer 100\.0 % \(n 2, coverage 100\.0 %; finish stop 2\) · exec 100\.0 % \(n 2, coverage 100\.0 %; finish stop 2\)\n/);
    const partly = board.json.rows.find((r: any) => r.model === 'markdown');
    // 0.7 × exec + 0.3 × answer, the weights the bank declares
    expect(partly.score).toBeCloseTo(0.7 * partly.kinds.exec.score + 0.3 * partly.kinds.answer.score, 2);
    const t = board.json.refused.find((r: any) => r.model === 'truncator');
    expect(t).toBeDefined(); // cut-off empty replies lower its coverage below 97 %
  });

  it('the report shows every task of a ranked model: reply, tests passed, verdict, linked from the ranking', () => {
    const out = join(dirs('docket-tasks-report-'), 'report');
    const r = docket(root, ['report', '--out', out, '--json']);
    expect(r.status, r.stderr).toBe(0);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('<h2>Score per kind</h2>');
    const board = docket(root, ['leaderboard', '--json']).json;
    const markdown = board.rows.findIndex((x: any) => x.model === 'markdown');
    expect(markdown).toBeGreaterThanOrEqual(0);
    expect(html).toContain(`<a href="#tasks-${markdown}">tasks</a>`);
    const section = html.slice(html.indexOf(`<details id="tasks-${markdown}">`), html.indexOf('</details>', html.indexOf(`<details id="tasks-${markdown}">`)));
    expect(section).toContain('<b>markdown</b>');
    for (const name of ['clamp inside', 'lerp half', 'two words', 'spaces']) expect(section).toContain(name); // every test the exec graders ran
    expect(section).toMatch(/exec@1: \w+ [\d.]+ % · \d\/\d tests passed/);
    expect(section).toMatch(/<li class="fail">/); // markdown is partly right: some test failed
    expect(html).not.toContain(`<details id="tasks-${board.rows.length}"`); // ranked models only
  });

  it('hostile replies get failing tests and nothing more: no caller variable in any evidence, scratch folders removed', () => {
    const h = runs.hostile.grade.counts;
    expect(h.correct).toBeLessThan(4);
    const text = allText(join(root, 'evidence'));
    expect(text).not.toContain(CANARY);
    expect(text).toContain('timed out'); // the reply that loops forever
    expect(execScratches()).toBe(scratchBefore);
  });

  it('replays every task request and regrades every exec task offline, unchanged', async () => {
    const rep = await runDocketWithoutNetwork(['replay', '--all', '--json'], { cwd: root });
    if (rep.unavailable) return console.log(`skipped: ${rep.unavailable}`);
    const replay = JSON.parse(rep.stdout);
    expect(replay.ok, rep.stderr).toBe(true);
    expect(replay.requests).toBe(CONTENDERS.length * 4);
    const rg = await runDocketWithoutNetwork(['regrade', '--all', '--json'], { cwd: root });
    const regrade = JSON.parse(rg.stdout);
    expect(regrade.runs.map((r: any) => r.status)).toEqual(CONTENDERS.map(() => 'unchanged'));
  }, 120_000);

  it('the index holds every kind (kind, score, finish_reason; a task slot has no key) and gives what the bundles give', () => {
    const a = new Archive(join(root, 'evidence'));
    try {
      const u: UngradedRun[] = [];
      const index = loadRunsForScoring(a, u, { from: 'index' });
      const bundles = loadRunsForScoring(a, [], { from: 'bundles' });
      expect(index).toEqual(bundles);
      expect(index).toHaveLength(CONTENDERS.length);
      const slots = index.flatMap((r) => r.slots);
      expect(new Set(slots.map((s) => s.kind))).toEqual(new Set(['answer', 'exec']));
      expect(slots.some((s) => s.kind === 'exec' && s.verdict === 'partial' && s.score! > 0 && s.score! < 1)).toBe(true);
      expect(slots.some((s) => s.verdict === 'truncated' && s.score === null && s.finishReason === 'length')).toBe(true);
      expect(index.every((r) => r.plannedByKind?.exec === 2 && r.plannedByKind?.answer === 2 && r.weights !== undefined)).toBe(true);
      const db = a.currentIndex().db;
      const rows = (sql: string) => db.prepare(sql).raw().all();
      expect(rows('SELECT kind, COUNT(*) FROM slots WHERE key IS NULL GROUP BY kind ORDER BY kind')).toEqual([
        ['answer', 2 * CONTENDERS.length],
        ['exec', 2 * CONTENDERS.length],
      ]);
      expect(rows('SELECT DISTINCT kind FROM attempts ORDER BY kind')).toEqual([['answer'], ['exec']]);
      // A score per answered task attempt; none where it did not answer.
      const scored = 'FROM verdicts v JOIN grades g ON g.digest = v.grade JOIN attempts a ON a.run = g.run AND a.seq = v.seq';
      expect(rows(`SELECT DISTINCT v.verdict ${scored} WHERE v.score IS NULL`)).toEqual([['truncated']]);
      // coverage counts a task slot as scoring does (partial included)
      const md = index.find((r) => r.runId === 'markdown-1')!;
      expect(rows("SELECT planned, scored FROM coverage WHERE run_id = 'markdown-1'")).toEqual([[md.planned, md.slots.filter((s) => s.verdict !== 'truncated' && s.verdict !== 'interrupted').length]]);
    } finally {
      a.close();
    }
  });

  it('bank drift names a task changed, removed or added, with the members that changed', () => {
    const file = join(root, 'decision-bank.json');
    const text = readFileSync(file, 'utf8');
    const drift = () => {
      const a = new Archive(join(root, 'evidence'));
      try {
        return bankDrift(root, a);
      } finally {
        a.close();
      }
    };
    try {
      expect(drift().map((d) => d.changes)).toEqual([[]]); // the tree is the bank every run measured
      const bank = JSON.parse(text);
      const gone = bank.tasks.pop(); // weather-1
      const edited = bank.tasks.find((t: any) => t.id === 'capital-1');
      edited.max_tokens += 1;
      edited.system = 'Be brief.';
      bank.tasks.push({ ...edited, id: 'capital-2' });
      writeFileSync(file, `${JSON.stringify(bank, null, 2)}\n`);
      const d = drift()[0]!;
      expect(d.changes).toEqual([
        { kind: 'task-added', id: 'capital-2', message: 'task capital-2 is in decision-bank.json but was not measured' },
        { kind: 'task-changed', id: 'capital-1', message: 'task capital-1: max_tokens, system changed' },
        { kind: 'task-removed', id: gone.id, message: `task ${gone.id} was measured and is no longer in decision-bank.json` },
      ]);
      expect(d.worktreeVersion).not.toBe(d.benchmarkVersion);
    } finally {
      writeFileSync(file, text);
    }
  });
});
