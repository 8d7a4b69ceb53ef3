import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { loadGrade, headGradeDigest } from '../../replay/grading/grade-records.ts';
import { docket as runDocket, scratchDirs } from '../dev/testkit/core.ts';
import { allText, runCli, runCliJson } from '../dev/testkit/recorder.ts';
import { runDocketWithoutNetwork } from '../dev/testkit/netns.ts';
import { startReferenceServer, type ReferenceServer } from '../recorder/reference-server.ts';
import { judgeRun } from '../recorder/judge.ts';
import { suiteGradersAt } from '../../replay/grading/suite-graders.ts';

/**
 * Judge grades as evidence, end to end: a suite whose two answer tasks are graded by a judge
 * (`judge@1` → the suite's judge `quality`, model `markdown`), runs of two contestants on the
 * reference server, one of them (markdown) also the judge. Each contestant run's judge calls are a
 * sealed judge run; replay with no network rebuilds every judge request; a verdict-rule fix
 * regrades offline from the recorded judge replies; the leaderboard flags the self-judged scores;
 * the judge's key is nowhere in the evidence.
 */
const dirs = scratchDirs();
const KEY = 'judge-key-5d1e0c7a9b3f';
const CONTESTANTS = ['oracle', 'markdown'];
const RUBRIC = 'Grade the reply to this task.\nTask: {{task}}\nReference: {{reference}}\n<reply>{{reply}}</reply>\nAnswer SCORE: n/10.\n';
// The verdict rule's bug: one digit, so "SCORE: 10/10" reads as 1.
const BUGGY = { pattern: 'SCORE: (\\d)', scale: 10 };
const FIXED = { pattern: 'SCORE: (\\d+)/10', scale: 10 };

function writeSuite(root: string) {
  const files: Record<string, string> = {
    'evals/facts/capital/TASK.md': 'What is the capital of Norway?\n',
    'evals/facts/capital/solution.md': 'Oslo\n',
    'evals/facts/river/TASK.md': 'Name the longest river in Norway.\n',
    'evals/facts/river/solution.md': 'Glomma\n',
    'judges/quality.md': RUBRIC,
  };
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(root, p, '..'), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  const task = (id: string, sourceEval: string, expected: string) => ({
    id,
    kind: 'answer',
    sourceEval,
    prompt: { file: 'TASK.md' },
    max_tokens: 32,
    // graded by the judge alone (the reference server's contenders answer from its reference: oracle right, markdown partly)
    grader: { ref: 'judge@1', params: { judge: 'quality', reference: expected } },
  });
  const bank = {
    schemaVersion: 1,
    name: 'judge-suite',
    version: '0.1.0',
    description: 'answer tasks graded by a judge',
    keyBalanceTolerance: 0,
    promptTemplate: { id: 't', version: 1, system: 's', user: '{{stem}}', answerFormat: 'a letter' },
    questions: [],
    tasks: [task('capital-1', 'facts/capital', 'Oslo'), task('river-1', 'facts/river', 'Glomma')],
    judges: { quality: { current: 1, versions: { '1': { rubric: 'judges/quality.md', model: 'markdown', params: { temperature: 0, max_tokens: 16 }, verdict: BUGGY } } } },
    omissions: [],
  };
  writeFileSync(join(root, 'decision-bank.json'), `${JSON.stringify(bank, null, 2)}\n`);
}

const docket = (root: string, args: string[]) => runDocket(args, { cwd: root });
// The reference server runs in this process: a run must not block its event loop (spawnSync would).
const docketAsync = (root: string, args: string[], env: NodeJS.ProcessEnv = {}) => runCliJson(args, env, root);

const withArchive = <T>(root: string, f: (a: Archive) => T): T => {
  const a = new Archive(join(root, 'evidence'));
  try {
    return f(a);
  } finally {
    a.close();
  }
};

describe('judge grades as evidence', () => {
  let root = '';
  let ref: ReferenceServer | undefined;
  const runs: Record<string, any> = {};

  beforeAll(async () => {
    root = dirs('docket-judge-');
    writeSuite(root);
    expect(docket(root, ['evidence', 'lock']).status).toBe(0);
    const v = docket(root, ['validate', '--json']);
    expect(v.status, v.stdout + v.stderr).toBe(0);
    const cap = docket(root, ['evidence', 'capture', '--json']);
    expect(cap.status, cap.stderr).toBe(0);
    ref = await startReferenceServer({ archive: join(root, 'evidence'), port: 0 });
    for (const m of CONTESTANTS) {
      const r = await docketAsync(root, ['run', '--model', m, '--base-url', ref.baseUrl, '--run-id', `${m}-1`, '--judge-api-key-env', 'JUDGE_KEY', '--json'], { JUDGE_KEY: KEY });
      expect(r.status, r.stdout + r.stderr).toBe(0);
      runs[m] = r.json;
    }
  }, 180_000);
  afterAll(async () => {
    await ref?.close();
  });

  it('records each contestant run’s judge calls as a sealed judge run, linked from its grade', () => {
    expect(runs.oracle.grade.status).toBe('graded');
    withArchive(root, (a) => {
      const db = a.currentIndex().db;
      expect(db.prepare('SELECT kind, COUNT(*) FROM runs GROUP BY kind ORDER BY kind').raw().all()).toEqual([
        ['contestant', 2],
        ['judge', 2],
      ]);
      const g = loadGrade(a, headGradeDigest(a, 'oracle-1')!);
      expect(g.value.judges).toHaveLength(1);
      const j = g.value.judges![0]!;
      expect(j).toMatchObject({ ref: 'quality@1', model: 'markdown' });
      expect(j.runs).toHaveLength(1);
      const judgeRun = db.prepare('SELECT id, model, status, planned, kind FROM runs WHERE digest = ?').raw().get(j.runs[0]) as unknown[];
      expect(judgeRun.slice(1)).toEqual(['markdown', 'sealed', 2, 'judge']);
      // every task attempt's judge part names the judge run and the attempt whose reply it read
      const parts = g.verdicts.flatMap((v) => v.parts ?? []).filter((p) => p.grader === 'quality@1');
      expect(parts).toHaveLength(2);
      for (const p of parts) expect(p.judge?.run).toBe(j.runs[0]);
      // sql: which judge graded what
      expect(db.prepare('SELECT judge, judge_run, verdict FROM judge_parts WHERE grade = ? ORDER BY seq').raw().all(g.digest)).toEqual(parts.map((p) => ['quality@1', j.runs[0], p.verdict]));
      // the judge grader (rubric included) is archived
      expect(a.get(j.bundle).value).toMatchObject({ kind: 'judge-grader', rubric: RUBRIC, model: 'markdown' });
    });
  });

  it('flags every score graded by a judge that is also a ranked contestant', () => {
    const board = docket(root, ['leaderboard', '--json']);
    expect(board.status, board.stderr).toBe(0);
    const flags = board.json.judgeIsContestant;
    expect(flags.map((f: any) => f.runId).sort()).toEqual(['markdown-1', 'oracle-1']);
    for (const f of flags) expect(f.contestants).toEqual([{ runId: 'markdown-1', model: 'markdown', by: 'requested' }]);
    const text = docket(root, ['leaderboard']);
    expect(text.stdout).toContain('judge is a contestant:');
    // audit names them too, beside the published numbers it checks (a hint: the numbers still reproduce)
    const published = join(root, 'board.json');
    writeFileSync(published, board.stdout);
    const audit = docket(root, ['audit', '--published', published, '--json']);
    expect(audit.json?.judgeIsContestant?.map((f: any) => f.runId).sort(), audit.stdout + audit.stderr).toEqual(['markdown-1', 'oracle-1']);
    // and the report: a section above the ranking's table, and report.json carries the same flags
    const out = join(dirs('docket-judge-report-'), 'report');
    const rep = docket(root, ['report', '--out', out]);
    expect(rep.status, rep.stderr).toBe(0);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('<h2>The judge is a contestant</h2>');
    expect(html).toMatch(/<b>oracle<\/b> <span class="mono small">oracle-1<\/span>: graded by judge quality@\d+ \(model markdown[^)]*\), which is also ranked: markdown-1 \(by requested model\)/);
    expect(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')).judgeIsContestant).toEqual(flags);
  });

  it('judge runs are runs: listed, verified', () => {
    const list = docket(root, ['runs', '--json']);
    expect(list.status, list.stderr).toBe(0);
    expect(JSON.stringify(list.json)).toMatch(/"judge-[0-9a-f]{20}"/);
    const v = docket(root, ['verify', '--json']);
    expect(v.status, v.stdout + v.stderr).toBe(0);
  });

  it('never stores the judge’s key', () => {
    expect(allText(join(root, 'evidence'))).not.toContain(KEY);
  });

  it('replays every judge request offline, and a verdict-rule fix regrades offline from the recorded replies', async () => {
    const rep = await runDocketWithoutNetwork(['replay', '--all', '--json'], { cwd: root });
    if (rep.unavailable) return console.log(`skipped: ${rep.unavailable}`);
    const replay = JSON.parse(rep.stdout);
    expect(replay.ok, rep.stdout).toBe(true);
    expect(replay.requests).toBe(8); // 2 contestants × 2 tasks, and their 2 judge runs × 2 replies
    expect(replay.runs.filter((r: any) => r.run.startsWith('judge-')).map((r: any) => r.matched)).toEqual([2, 2]);
    const same = await runDocketWithoutNetwork(['regrade', '--all', '--json'], { cwd: root });
    expect(JSON.parse(same.stdout).runs.map((r: any) => r.status)).toEqual(['unchanged', 'unchanged']);
    const before = withArchive(root, (a) => loadGrade(a, headGradeDigest(a, 'markdown-1')!).verdicts.map((v) => v.score));
    // The judge gave markdown's own replies 10/10, which the one-digit rule read as 1/10.
    expect(before).toEqual([0.1, 0.1]);
    const file = join(root, 'decision-bank.json');
    const bank = JSON.parse(readFileSync(file, 'utf8'));
    bank.judges.quality.versions['2'] = { ...bank.judges.quality.versions['1'], verdict: FIXED };
    bank.judges.quality.current = 2;
    writeFileSync(file, `${JSON.stringify(bank, null, 2)}\n`);
    // --dry-run says so first, offline and writing nothing: two flips, no judge request
    const heads = () => withArchive(root, (a) => ['oracle-1', 'markdown-1'].map((id) => headGradeDigest(a, id)));
    const headsBefore = heads();
    const dry = await runDocketWithoutNetwork(['regrade', 'markdown-1', '--dry-run', '--json'], { cwd: root });
    expect(dry.code, dry.stdout + dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, count: 2, judgeRequests: 0, runs: [{ runId: 'markdown-1', status: 'would-grade', flips: 2, judges: [] }] });
    expect(heads()).toEqual(headsBefore);
    const fixed = await runDocketWithoutNetwork(['regrade', 'markdown-1', '--json'], { cwd: root });
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    const out = JSON.parse(fixed.stdout);
    expect(out.runs[0].status).toBe('graded');
    expect(out.flips.length).toBe(2);
    const after = withArchive(root, (a) => loadGrade(a, headGradeDigest(a, 'markdown-1')!));
    expect(after.verdicts.map((v) => v.score)).toEqual([1, 1]); // the same recorded replies, read right
    expect(after.value.judges![0]!.ref).toBe('quality@2');
  }, 120_000);

  it('a changed rubric needs a new judge run: regrade says so, docket judge records it and grades', async () => {
    writeFileSync(join(root, 'judges/quality-v3.md'), RUBRIC.replace('Grade the reply', 'Grade strictly the reply'));
    const file = join(root, 'decision-bank.json');
    const bank = JSON.parse(readFileSync(file, 'utf8'));
    bank.judges.quality.versions['3'] = { ...bank.judges.quality.versions['2'], rubric: 'judges/quality-v3.md' };
    bank.judges.quality.current = 3;
    writeFileSync(file, `${JSON.stringify(bank, null, 2)}\n`);
    // --dry-run: no verdict invented; each run needs a new online judge run, its requests counted, its cost unknown without a price
    const dry = docket(root, ['regrade', '--all', '--dry-run', '--json']);
    expect(dry.status, dry.stdout + dry.stderr).toBe(0);
    expect(dry.json.runs.map((r: any) => [r.runId, r.status, r.flips, r.judges.map((j: any) => [j.judge, j.model, j.requests, j.of, j.estimate.costUsd])])).toEqual([
      ['markdown-1', 'needs-judge-run', 0, [['quality@3', 'markdown', 2, 2, null]]],
      ['oracle-1', 'needs-judge-run', 0, [['quality@3', 'markdown', 2, 2, null]]],
    ]);
    expect(dry.json).toMatchObject({ judgeRequests: 4, costUsd: null });
    const priced = docket(root, ['regrade', 'oracle-1', '--dry-run', '--price-per-1k-tokens', '2', '--json']);
    expect(priced.json.costUsd).toBeGreaterThan(0);
    expect(priced.json.runs[0].judges[0].estimate.completionTokens).toBe(32); // 2 requests × max_tokens 16
    expect(docket(root, ['regrade', 'oracle-1', '--dry-run']).stdout).toContain('a new online judge run is needed');
    const missing = docket(root, ['regrade', 'oracle-1', '--json']);
    expect(missing.status).toBe(1);
    const err = JSON.parse(missing.stdout).error;
    expect(err.code).toBe('EJUDGEMISSING');
    expect(err.message).toContain('2 of 2 requests of judge quality@3 (model markdown)');
    const judged = await docketAsync(root, ['judge', 'oracle-1', '--base-url', ref!.baseUrl, '--api-key-env', 'JUDGE_KEY', '--json'], { JUDGE_KEY: KEY });
    expect(judged.status, judged.stdout + judged.stderr).toBe(0);
    expect(judged.json.runs[0].judges[0]).toMatchObject({ judge: 'quality@3', requests: 2, recorded: 0 });
    expect(judged.json.runs[0].status).toBe('graded');
    const g = withArchive(root, (a) => loadGrade(a, headGradeDigest(a, 'oracle-1')!));
    expect(g.value.judges![0]!.runs).toEqual([judged.json.runs[0].judges[0].digest]);
    expect(allText(join(root, 'evidence'))).not.toContain(KEY);
    // quality@3 now names grades: editing its rubric in place is another judge under an old name, refused offline and online
    const v3 = join(root, 'judges/quality-v3.md');
    const text = readFileSync(v3, 'utf8');
    writeFileSync(v3, `${text}Be lenient.\n`);
    try {
      const edited = docket(root, ['regrade', 'oracle-1', '--json']);
      expect(edited.status).toBe(1);
      expect(JSON.parse(edited.stdout).error).toMatchObject({ code: 'EGRADERCHANGED', data: { ref: 'quality@3', next: 'quality@4' } });
      const online = await docketAsync(root, ['judge', 'oracle-1', '--base-url', ref!.baseUrl, '--json']);
      expect(online.status).toBe(1);
      expect(online.json.error.code).toBe('EGRADERCHANGED');
    } finally {
      writeFileSync(v3, text);
    }
  }, 120_000);

  it('judge-check: the neutral judge undoes the swap the self-favouring judge caused, and says so (exit 1)', async () => {
    const board = docket(root, ['leaderboard', '--json']);
    expect(board.json.rows.map((r: any) => r.model)).toEqual(['markdown', 'oracle']); // markdown judged its own replies 10/10
    const check = await docketAsync(root, ['judge-check', '--judge', 'judge-neutral', '--top', '2', '--base-url', ref!.baseUrl, '--json']);
    expect(check.status, check.stdout + check.stderr).toBe(1);
    expect(check.json.original.map((r: any) => r.model)).toEqual(['markdown', 'oracle']);
    expect(check.json.checked.map((r: any) => r.model)).toEqual(['oracle', 'markdown']);
    expect(check.json.changes).toEqual([
      { model: 'oracle', runId: 'oracle-1', from: 2, to: 1 },
      { model: 'markdown', runId: 'markdown-1', from: 1, to: 2 },
    ]);
    expect(check.json.agreement.items).toBe(4);
    // paired intervals: per run the two judges on the same items, per pair of runs the difference under each judge
    expect(check.json.differences.map((d: any) => [d.runId, d.sharedItems])).toEqual([
      ['markdown-1', 2],
      ['oracle-1', 2],
    ]);
    expect(check.json.differences[0].difference.estimate).toBeGreaterThan(0); // markdown's judge favoured markdown
    expect(check.json.pairs).toHaveLength(1);
    const pair = check.json.pairs[0];
    expect([pair.a.runId, pair.b.runId]).toEqual(['markdown-1', 'oracle-1']);
    expect(pair.original.estimate).toBeGreaterThan(0);
    expect(pair.checked.estimate).toBeLessThan(0);
    expect(pair.separated).toBe(false);
    expect(pair.opposite).toBe(pair.original.low > 0 && pair.checked.high < 0); // each judge sure of its own order
    for (const p of [pair.original, pair.checked]) expect(p.low <= p.estimate && p.estimate <= p.high).toBe(true);
    withArchive(root, (a) => expect((a.get(check.json.attachment).value as any).body.pairs).toEqual(check.json.pairs));
    // the neutral judge's calls are judge runs too, and the current grades are untouched
    withArchive(root, (a) => {
      const db = a.currentIndex().db;
      expect(db.prepare("SELECT model, COUNT(*) FROM runs WHERE kind = 'judge' GROUP BY model ORDER BY model").raw().all()).toEqual([
        ['judge-neutral', 2],
        ['markdown', 3],
      ]);
      expect(a.get(check.json.attachment).value).toMatchObject({ kind: 'attachment', name: 'judge-check.json' });
    });
    expect(docket(root, ['leaderboard', '--json']).json.rows.map((r: any) => r.model)).toEqual(['markdown', 'oracle']);
    // control: checked with the same judge model, the order holds (exit 0)
    const same = await docketAsync(root, ['judge-check', '--judge', 'markdown', '--top', '2', '--base-url', ref!.baseUrl, '--json']);
    expect(same.status, same.stdout + same.stderr).toBe(0);
    expect(same.json).toMatchObject({ holds: true, changes: [] });
    expect(same.json.differences.map((d: any) => d.difference.estimate)).toEqual([0, 0]); // the same judge: no difference on any item
    const text = await runCli(['judge-check', '--judge', 'judge-neutral', '--top', '2', '--base-url', ref!.baseUrl], {}, root);
    expect(text.stdout).toMatch(/markdown − oracle: with the suite's judges \+\d+\.\d \[/);
    expect(text.stdout).toMatch(/agreement over 4 judged item\(s\): \d+\.\d %, Cohen's kappa/);
  }, 120_000);

  it('a judge run interrupted midway is continued, not asked again: no judge call is made twice', async () => {
    writeFileSync(join(root, 'judges/quality-v4.md'), RUBRIC.replace('Grade the reply', 'Grade fairly the reply'));
    const file = join(root, 'decision-bank.json');
    const bank = JSON.parse(readFileSync(file, 'utf8'));
    bank.judges.quality.versions['4'] = { ...bank.judges.quality.versions['3'], rubric: 'judges/quality-v4.md' };
    bank.judges.quality.current = 4;
    writeFileSync(file, `${JSON.stringify(bank, null, 2)}\n`);
    const suite = suiteGradersAt(root);
    const a = new Archive(join(root, 'evidence'));
    try {
      const before = ref!.requests();
      const stop = new AbortController();
      const first = judgeRun(a, 'oracle-1', { suite, baseUrl: ref!.baseUrl }, { apiKey: null, backoffMs: 0, concurrency: 1, signal: stop.signal, onAttempt: () => stop.abort() });
      await expect(first).rejects.toMatchObject({ code: 'EINTERRUPTED' });
      expect(ref!.requests() - before).toBe(1);
      const stopped = docket(root, ['leaderboard', '--json']).json.unscored.filter((u: any) => u.runId.startsWith('judge-'));
      expect(stopped.map((u: any) => u.command)).toEqual([`docket judge oracle-1 --base-url URL`]);
      const again = await judgeRun(a, 'oracle-1', { suite, baseUrl: ref!.baseUrl }, { apiKey: null, backoffMs: 0, concurrency: 1 });
      expect(ref!.requests() - before).toBe(2); // the second reply only
      expect(again[0]).toMatchObject({ judge: 'quality@4', requests: 2, recorded: 0 });
      const run = a.get(again[0]!.digest!).value as { attempts: number; planned: number };
      expect(run).toMatchObject({ attempts: 2, planned: 2 });
    } finally {
      a.close();
    }
    // docket check: markdown-1 has no reply of quality@4 yet, so its grade cannot be checked offline
    const stale = docket(root, ['check', '--json']);
    expect(stale.status).toBe(1);
    expect(stale.json.steps.filter((x: any) => !x.ok).map((x: any) => [x.name, x.summary.split(':')[0]])).toEqual([['regrade check', 'EJUDGEMISSING']]);
    const judged = await docketAsync(root, ['judge', 'oracle-1', 'markdown-1', '--base-url', ref!.baseUrl, '--json']);
    expect(judged.status, judged.stdout + judged.stderr).toBe(0);
    expect(judged.json.runs.map((r: any) => r.judges[0].recorded)).toEqual([2, 0]); // oracle-1's replies were recorded above
    const check = docket(root, ['check', '--json']);
    expect(check.status, JSON.stringify(check.json?.steps?.filter((x: any) => !x.ok)).slice(0, 3000) + check.stderr).toBe(0);
  }, 120_000);

  it("judge runs take docket run's budgets (--max-requests, --max-known-cost-usd); a declared endpoint is part of the judge", async () => {
    writeFileSync(join(root, 'judges/quality-v5.md'), RUBRIC.replace('Grade the reply', 'Grade briefly the reply'));
    const file = join(root, 'decision-bank.json');
    const bank = JSON.parse(readFileSync(file, 'utf8'));
    bank.judges.quality.versions['5'] = { ...bank.judges.quality.versions['4'], rubric: 'judges/quality-v5.md' };
    bank.judges.quality.current = 5;
    writeFileSync(file, `${JSON.stringify(bank, null, 2)}\n`);
    const before = ref!.requests();
    const refused = await docketAsync(root, ['judge', 'oracle-1', '--base-url', ref!.baseUrl, '--max-requests', '1', '--json']);
    expect(refused.status).toBe(1);
    expect(refused.json.error).toMatchObject({ code: 'EBUDGET' });
    expect(refused.json.error.message).toContain('needs 2 requests, over --max-requests 1');
    expect(ref!.requests() - before).toBe(0); // nothing asked
    // the judge reports a cost: a cap of $0.000001 is passed by the first reply, and the judge run is sealed incomplete
    const capped = await docketAsync(root, ['judge', 'oracle-1', '--base-url', ref!.baseUrl, '--max-known-cost-usd', '0.000001', '--concurrency', '1', '--json']);
    expect(capped.status, capped.stdout + capped.stderr).toBe(1);
    expect(capped.json.error).toMatchObject({ code: 'EBUDGET' });
    expect(capped.json.error.message).toMatch(/stopped incomplete: max-known-cost-usd/);
    expect(ref!.requests() - before).toBe(1);
    withArchive(root, (a) => {
      const row = a.currentIndex().db.prepare("SELECT plan, status, attempts FROM runs WHERE kind = 'judge' AND status = 'incomplete'").raw().all() as [string, string, number][];
      expect(row.map((r) => r.slice(1))).toEqual([['incomplete', 1]]);
      expect((a.get(row[0]![0] as never).value as any).caps).toMatchObject({ maxKnownCostUsd: 0.000001, maxRequests: null });
    });
    // without the cap, only the request the capped run did not ask is asked
    const rest = await docketAsync(root, ['judge', 'oracle-1', '--base-url', ref!.baseUrl, '--json']);
    expect(rest.status, rest.stdout + rest.stderr).toBe(0);
    expect(rest.json.runs[0].judges[0]).toMatchObject({ judge: 'quality@5', requests: 2, recorded: 1 });
    expect(ref!.requests() - before).toBe(2);
    // a version that declares its endpoint is another judge: replies recorded at another endpoint are not its own
    const declare = (endpoint: string) => {
      const b = JSON.parse(readFileSync(file, 'utf8'));
      b.judges.quality.versions['6'] = { ...b.judges.quality.versions['5'], endpoint };
      b.judges.quality.current = 6;
      writeFileSync(file, `${JSON.stringify(b, null, 2)}\n`);
    };
    declare('http://127.0.0.1:9/v1');
    const dry = docket(root, ['regrade', 'oracle-1', '--dry-run', '--json']);
    expect(dry.json.runs[0]).toMatchObject({ status: 'needs-judge-run', judges: [{ judge: 'quality@6', requests: 2 }] });
    const wrong = await docketAsync(root, ['judge', 'oracle-1', '--base-url', ref!.baseUrl, '--json']);
    expect(wrong.status).toBe(2);
    expect(wrong.json.error).toMatchObject({ code: 'EJUDGEDECL' });
    expect(ref!.requests() - before).toBe(2); // nothing asked
    // declared where quality@5's replies were recorded: the same requests at the same endpoint, read again, none asked
    declare(ref!.baseUrl);
    const same = await docketAsync(root, ['judge', 'oracle-1', '--base-url', ref!.baseUrl, '--json']);
    expect(same.status, same.stdout + same.stderr).toBe(0);
    expect(same.json.runs[0].judges[0]).toMatchObject({ judge: 'quality@6', requests: 2, recorded: 2 });
    expect(ref!.requests() - before).toBe(2);
  }, 120_000);
});
