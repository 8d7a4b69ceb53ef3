/**
 * Re-records the shipped archive (evidence/) from the working tree, the way a maintainer records
 * theirs: probes captured, the bank frozen, one run of each reference contender against the
 * reference server (graded on seal by decision@1, the grader the bank shipped first; judge-graded
 * tasks judged by the contender `markdown`, so the report shows a judge that is also a contestant),
 * then `regrade --all` with the bank's current grader, which records the decision@1 → decision@2
 * fix as flips. Finally docs/examples/published-leaderboard.json is rewritten from the leaderboard.
 *
 *   npx tsc -p tsconfig.build.json && node cli/dev/run-ts.mjs cli/dev/record-shipped.ts
 *
 * Never part of a test: it replaces evidence/ (a recording holds wall-clock times, so two recordings
 * differ; the archive is what was recorded, and every later command checks it).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Store } from '../../replay/store/store.ts';
import { startReferenceServer } from '../recorder/reference-server.ts';
import { REPO, runCliJson } from './testkit/recorder.ts';

const CONTENDERS = ['oracle', 'coin', 'markdown', 'truncator', 'flaky'];
// grade records (regrade) carry this time, as the shipped ones always have
const EPOCH = '1796212800';

async function docket(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = await runCliJson(args, { SOURCE_DATE_EPOCH: EPOCH, ...env }, REPO);
  if (r.status !== 0) throw new Error(`docket ${args.join(' ')} exited ${r.status}\n${r.stdout}\n${r.stderr}`);
  return r;
}

async function main() {
  const evidence = join(REPO, 'evidence');
  for (const p of ['refs/runs', 'refs/grades', 'index.sqlite', 'index.sqlite-wal', 'index.sqlite-shm']) rmSync(join(evidence, p), { recursive: true, force: true });
  // Every run and what grew from it goes; the probes' evidence stays. A capture records the folder
  // digest of each package a probe loads, and a natively built one (better-sqlite3) has other bytes
  // on every machine that builds it, so re-captured sqlite evidence would not replay elsewhere.
  // Capturing one question that loads no package re-freezes the bank (tasks included), keeping the
  // archived evidence of the others.
  const store = new Store(evidence);
  for (const o of store.list().objects) {
    const kind = store.get(o.digest).descriptor.kind;
    if (['run', 'run-segment', 'plan', 'grade', 'grade-segment', 'exec-result', 'judge-grader'].includes(kind)) rmSync(store.objectPath(o.digest));
  }
  await docket(['evidence', 'capture', '--question', 'async-await-ordering-1', '--json']);
  // The bank as first shipped graded with decision@1 (its `grader`, which is not part of the
  // benchmark version); the fix made the newest decision current, as the bank file says today.
  const bankFile = join(REPO, 'decision-bank.json');
  const bank = readFileSync(bankFile, 'utf8');
  writeFileSync(bankFile, `${JSON.stringify({ ...JSON.parse(bank), grader: 'decision@1' }, null, 2)}\n`);
  const ref = await startReferenceServer({ archive: evidence, port: 0 });
  try {
    for (const m of CONTENDERS) {
      const r = await docket(['run', '--model', m, '--base-url', ref.baseUrl, '--run-id', `ref-${m}-1`, '--concurrency', '4', '--json']);
      process.stderr.write(`ref-${m}-1: ${JSON.stringify(r.json.grade?.counts ?? r.json.grade?.status)}\n`);
    }
  } finally {
    await ref.close();
    writeFileSync(bankFile, bank);
  }
  const rg = await docket(['regrade', '--all', '--json']);
  process.stderr.write(`regrade: ${rg.json.runs.map((r: { runId: string; flips?: number }) => `${r.runId} ${r.flips ?? 0} flips`).join(', ')}\n`);
  const board = (await docket(['leaderboard', '--json'])).json;
  const file = join(REPO, 'docs/examples/published-leaderboard.json');
  const rows = board.rows.map((r: { model: string; providerModels: string[]; score: number; run: string }) => ({
    model: r.model,
    providerModel: r.providerModels[0],
    score: r.score.toFixed(1),
    run: r.run,
  }));
  const write = () => writeFileSync(file, `${JSON.stringify({ benchmark: board.benchmark, benchmarkVersion: board.benchmarkVersion, rows }, null, 2)}\n`);
  write();
  // the counts a maintainer publishes beside a score: what audit recomputes from the evidence
  const audit = (await docket(['audit', '--published', file, '--json'])).json;
  rows.forEach((r: Record<string, unknown>, i: number) => {
    r.questions = audit.rows[i].questions.recomputed;
    r.attempts = audit.rows[i].attempts.recomputed;
  });
  write();
  const csv = ['model,score,benchmark,benchmarkVersion,providerModel,run,questions,attempts'];
  for (const r of rows) csv.push([r.model, r.score, board.benchmark, board.benchmarkVersion, r.providerModel, r.run, r.questions, r.attempts].join(','));
  writeFileSync(join(REPO, 'docs/examples/published-leaderboard.csv'), `${csv.join('\n')}\n`);
  if (existsSync(join(evidence, 'index.sqlite'))) process.stderr.write('index.sqlite left in evidence/ (git-ignored)\n');
}

await main();
