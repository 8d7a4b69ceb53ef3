import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditPublished, parsePublished } from '../../replay/scoring/audit.ts';
import { currentBenchmarkVersion, loadRunsForScoring } from '../../replay/scoring/scoring-input.ts';
import { docket, REPO, tempDir } from '../dev/testkit/core.ts';
import { printAudit } from './audit-run.ts';

/**
 * Issue #18 item 1, each case tried as a new user would, against the shipped archive: a published
 * leaderboard is checked for what it names (model, provider model, benchmark, benchmark version,
 * rankability), not only for its numbers.
 */
const EXAMPLE = join(REPO, 'docs/examples/published-leaderboard.json');
const tmp = tempDir('docket-audit-identity-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Row = { model: string; providerModel?: string; score: string; run?: string; questions?: number; attempts?: number };
type Doc = { benchmark: string; benchmarkVersion: string; rows: Row[] };
const example = (): Doc => JSON.parse(readFileSync(EXAMPLE, 'utf8'));

// In-process (the same functions the command calls; spawning the CLI per case costs seconds each);
// the exit codes themselves are checked through the real CLI below.
const EVIDENCE = join(REPO, 'evidence');
const runs = loadRunsForScoring(EVIDENCE);
const current = currentBenchmarkVersion(EVIDENCE);
let n = 0;
function audit(doc: Doc | string, ...flags: string[]) {
  const name = `pub-${n++}.${typeof doc === 'string' ? 'csv' : 'json'}`;
  const report = auditPublished(parsePublished(typeof doc === 'string' ? doc : JSON.stringify(doc), name), runs, {
    currentVersion: current,
    allowUnverifiable: flags.includes('--allow-unverifiable'),
  });
  let human = '';
  const write = process.stdout.write;
  process.stdout.write = ((s: string) => ((human += s), true)) as typeof process.stdout.write;
  try {
    printAudit(report, runs.length, EVIDENCE);
  } finally {
    process.stdout.write = write;
  }
  return { status: report.ok ? 0 : 1, json: report, human, rows: report.rows };
}
function cli(doc: Doc | string, ...flags: string[]) {
  const file = join(tmp, `cli-${n++}.${typeof doc === 'string' ? 'csv' : 'json'}`);
  writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return docket(['audit', '--published', file, ...flags]);
}
const fields = (r: ReturnType<typeof audit>) => r.rows.map((x) => x.identity.map((m) => m.field));

describe('docket audit checks identity, not only numbers', () => {
  it('the shipped example reproduces (exit 0)', () => {
    const r = audit(example());
    expect(r.status).toBe(0);
    expect(r.rows.map((x) => x.status)).toEqual(['reproduced', 'reproduced', 'reproduced', 'reproduced']);
  });

  it('two model names swapped: two mismatches naming the model field, exit 1', () => {
    const doc = example();
    const [a, b] = [doc.rows[0]!, doc.rows[1]!];
    [a.model, b.model] = [b.model, a.model];
    [a.providerModel, b.providerModel] = [b.providerModel, a.providerModel];
    const r = audit(doc);
    expect(r.status).toBe(1);
    expect(r.json.counts).toMatchObject({ mismatch: 2, reproduced: 2 });
    expect(fields(r).slice(0, 2)).toEqual([
      ['model', 'providerModel'],
      ['model', 'providerModel'],
    ]);
    expect(r.human).toMatch(/model: published as model flaky; run ref-oracle-1 requested model oracle/);
  });

  it('a renamed model is a mismatch (with its run) or unverifiable (without), both exit 1', () => {
    const doc = example();
    doc.rows[0]!.model = 'oracle-2';
    expect(fields(audit(doc))[0]).toContain('model');
    delete doc.rows[0]!.run;
    const r = audit(doc);
    expect(r.status).toBe(1);
    expect(r.rows[0]).toMatchObject({ status: 'unverifiable', notes: [expect.stringMatching(/no run of oracle-2/)] });
    expect(r.human).toMatch(/--allow-unverifiable/);
    expect(audit(doc, '--allow-unverifiable').status).toBe(0);
    // the real CLI: exit 1, and 0 with the flag
    expect(cli(doc).status).toBe(1);
    expect(cli(doc, '--allow-unverifiable').status).toBe(0);
  });

  it('a provider model id that the provider did not answer as is a mismatch', () => {
    const doc = example();
    doc.rows[2]!.providerModel = 'docket-reference/flaky-v2';
    const r = audit(doc);
    expect(r.status).toBe(1);
    expect(fields(r)[2]).toEqual(['providerModel']);
  });

  it('an all-zero benchmarkVersion and another benchmark name are mismatches on every row', () => {
    const zero = example();
    zero.benchmarkVersion = `sha256:${'0'.repeat(64)}`;
    const z = audit(zero);
    expect(z.status).toBe(1);
    expect(fields(z)).toEqual(z.rows.map(() => ['benchmarkVersion']));
    const other = example();
    other.benchmark = 'other-bench';
    const o = audit(other);
    expect(o.status).toBe(1);
    expect(fields(o)).toEqual(o.rows.map(() => ['benchmark']));
    expect(o.rows[0]!.identity[0]!.message).toMatch(/published for benchmark other-bench; run ref-oracle-1 measured bank docket-decisions/);
  });

  it('a leaderboard without a benchmarkVersion is refused (exit 2, names the field)', () => {
    const doc = example() as Partial<Doc>;
    delete doc.benchmarkVersion;
    const r = cli(doc as Doc);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/EPUBLISHED: .*benchmarkVersion: is required: the benchmark version/);
  });

  it('a model with no run at all is unverifiable: exit 1 unless --allow-unverifiable', () => {
    const doc = example();
    doc.rows.push({ model: 'ghost', score: '50.0' });
    const r = audit(doc);
    expect(r.status).toBe(1);
    expect(r.rows[4]).toMatchObject({ model: 'ghost', status: 'unverifiable' });
    expect(audit(doc, '--allow-unverifiable').status).toBe(0);
  });

  it('a published score for a run the protocol refuses to rank is a mismatch', () => {
    const doc = example();
    doc.rows.push({
      model: 'truncator',
      providerModel: 'docket-reference/truncator-v1',
      score: '31.4',
      run: 'sha256:6d2c77b0915131253ff4a6aed84f5ed4be589f68ce60d001555222df9a1630e7',
      questions: 64,
      attempts: 135,
    });
    const r = audit(doc);
    expect(r.status).toBe(1);
    expect(r.rows[4]).toMatchObject({ status: 'mismatch', identity: [{ field: 'rankable', message: 'published, but not rankable: coverage 84.4 % < 97 % (135 of 160 slots scored)' }] });
  });

  it('round trips (issue #37): leaderboard --json > board.json && audit --published board.json; report.json; a board with no providerModel', () => {
    const board = join(tmp, 'board.json');
    const lb = docket(['leaderboard', '--json']);
    expect(lb.status).toBe(0);
    expect(lb.json.rows.every((r: { providerModels: string[] }) => r.providerModels.length === 1)).toBe(true);
    writeFileSync(board, lb.stdout);
    const r = docket(['audit', '--published', board, '--json']);
    expect(r.status, r.stdout).toBe(0);
    expect(r.json.counts).toEqual({ reproduced: 4, mismatch: 0, unverifiable: 0 });
    const site = join(tmp, 'site');
    expect(docket(['report', '--out', site]).status).toBe(0);
    expect(docket(['audit', '--published', join(site, 'report.json')]).status).toBe(0);
    // The minimal correct board a maintainer writes by hand: no providerModel, no run. Exit 0, with a hint per row.
    const minimal = example();
    for (const row of minimal.rows) {
      delete row.providerModel;
      delete row.run;
    }
    const m = audit(minimal);
    expect(m.status).toBe(0);
    expect(m.human).toMatch(/hint: the row names no providerModel; the provider answered run ref-oracle-1 as docket-reference\/oracle-v1/);
    // The table shows the ids on request.
    expect(docket(['leaderboard', '--provider-models']).stdout).toMatch(/provider model[\s\S]*oracle\s+docket-reference\/oracle-v1/);
  });

  it('CSV carries the same identity: benchmark and benchmarkVersion columns are required, a swap is caught', () => {
    const csv = readFileSync(join(REPO, 'docs/examples/published-leaderboard.csv'), 'utf8');
    expect(audit(csv).status).toBe(0);
    const lines = csv.trimEnd().split('\n');
    const cells = lines.map((l) => l.split(','));
    [cells[1]![0], cells[2]![0]] = [cells[2]![0]!, cells[1]![0]!];
    const swapped = audit(`${cells.map((c) => c.join(',')).join('\n')}\n`);
    expect(swapped.status).toBe(1);
    expect(cli(`${cells.map((c) => c.join(',')).join('\n')}\n`).stdout).toMatch(/0 reproduced|2 mismatch/);
    expect(swapped.json.counts.mismatch).toBe(2);
    const noVersion = `model,score,benchmark\noracle,100.0,docket-decisions\n`;
    expect(() => parsePublished(noVersion, 'x.csv')).toThrow(/no benchmarkVersion column/);
    const r = cli(noVersion);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/no benchmarkVersion column/);
  });
});
