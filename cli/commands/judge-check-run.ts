import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import type { Digest } from '../../replay/format/digest.ts';
import type { Json } from '../../replay/format/json.ts';
import { EXIT, usageError } from '../../replay/errors.ts';
import { loadGrade, type VerdictRecord } from '../../replay/grading/grade-records.ts';
import { gradedAtNow, judgeContext, loadRunForGrading, planRegrade, sourceReader } from '../../replay/grading/grades.ts';
import { judgeGrader, type JudgeGrader } from '../../replay/grading/judges.ts';
import { bankGrader, suiteGradersAt } from '../../replay/grading/suite-graders.ts';
import { currentBenchmarkVersion, loadRunsForScoring, slotOutcomes } from '../../replay/scoring/scoring-input.ts';
import { chooseVersion, compareRuns, rankRuns, type RunForScoring } from '../../replay/scoring/scoring.ts';
import type { BootstrapResult } from '../../replay/scoring/stats.ts';
import { PROTOCOL } from '../../replay/bank/protocol.ts';
import { execRunner } from '../offline/exec.ts';
import { publicUrl } from '../../replay/runs/runs.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';
import { checkConcurrency } from '../recorder/recorder.ts';
import { judgeRun } from '../recorder/judge.ts';
import { judgeCaps, type JudgeCapArgs } from './judge-run.ts';
import { resolveApiKey } from '../recorder/secrets.ts';
import { positiveInt } from './plan-options.ts';

export interface JudgeCheckArgs extends GlobalArgs, JudgeCapArgs {
  judge: string;
  top: number;
  'base-url': string;
  'api-key-env': string;
  'env-file'?: string;
  'backoff-ms': number;
  concurrency: number;
}

/** Each judge part's score of a grade's verdicts, by `seq` and judge id (the version left out: the same judge, another model). */
function judgeScores(verdicts: readonly VerdictRecord[]): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const v of verdicts) for (const p of v.parts ?? []) if (p.judge) out.set(`${v.seq}\0${p.grader.split('@')[0]}`, p.score);
  return out;
}

/** Per-item agreement and Cohen's kappa of two judges' pass/fail (score ≥ 0.5) over the items both scored. */
export function agreement(pairs: readonly [number, number][]): { items: number; agreement: number | null; kappa: number | null } {
  const n = pairs.length;
  if (!n) return { items: 0, agreement: null, kappa: null };
  const a = pairs.map(([x]) => x >= 0.5);
  const b = pairs.map(([, y]) => y >= 0.5);
  const po = a.filter((x, i) => x === b[i]).length / n;
  const pa = a.filter(Boolean).length / n;
  const pb = b.filter(Boolean).length / n;
  const pe = pa * pb + (1 - pa) * (1 - pb);
  return { items: n, agreement: po, kappa: pe === 1 ? null : (po - pe) / (1 - pe) };
}

const PAIRED_CONFIDENCE = PROTOCOL.intervals.bootstrap.confidence; // what scoring.ts compareRuns' paired bootstrap uses

type Paired = { estimate: number; low: number; high: number } | null;
const paired = (b: BootstrapResult | null): Paired => (b && Number.isFinite(b.estimate) ? { estimate: b.estimate, low: b.low, high: b.high } : null);
const pp = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`;
const showInterval = (p: Paired) => (p ? `${pp(p.estimate)} [${pp(p.low)}, ${pp(p.high)}]` : '–');

/**
 * Paired intervals, by scoring.ts compareRuns (the protocol's paired bootstrap over the items both
 * sides score, clustered by source eval): per run, its score by the suite's judges − by the checking
 * judge (the two judges on the same items); per pair of runs (in the original order), run a − run b
 * under each judge, whether both intervals exclude 0 on the same side (`separated`), and whether
 * they exclude it on opposite sides (`opposite`: the two judges order the pair clearly, differently).
 */
export function pairedIntervals(original: readonly RunForScoring[], checked: readonly RunForScoring[]) {
  const differences = original.map((r, i) => {
    const c = compareRuns(r, checked[i]!);
    return { runId: r.runId, model: r.model, sharedItems: c.sharedQuestions, difference: paired(c.difference) };
  });
  const intervals: { a: { runId: string; model: string }; b: { runId: string; model: string }; original: Paired; checked: Paired; separated: boolean; opposite: boolean }[] = [];
  for (let i = 0; i < original.length; i++)
    for (let j = i + 1; j < original.length; j++) {
      const o = paired(compareRuns(original[i]!, original[j]!).difference);
      const c = paired(compareRuns(checked[i]!, checked[j]!).difference);
      const side = (p: Paired) => (p === null ? 0 : p.low > 0 ? 1 : p.high < 0 ? -1 : 0);
      intervals.push({
        a: { runId: original[i]!.runId, model: original[i]!.model },
        b: { runId: original[j]!.runId, model: original[j]!.model },
        original: o,
        checked: c,
        separated: side(o) !== 0 && side(o) === side(c),
        opposite: side(o) * side(c) === -1,
      });
    }
  return { differences, intervals };
}

/**
 * `docket judge-check --judge MODEL [--top N]`: the top N ranked runs regraded with the suite's
 * judges asked of MODEL instead (a judge run per run, recorded as any), scored in memory (no grade
 * is written: the current grades stay), both rankings printed with the rank changes and the two
 * judges' agreement. The comparison is archived as an attachment. Exit 1 when the order changes.
 */
export async function runJudgeCheck(argv: ArgumentsCamelCase<JudgeCheckArgs>) {
  requireDir(argv.archive, 'archive');
  const suite = suiteGradersAt(argv.bankRoot);
  if (!suite?.judges.size) throw usageError('EJUDGEDECL', 'judge-check needs the suite whose judges grade the runs: run it in the bank root (decision-bank.json judges)');
  const top = positiveInt(argv.top, '--top', 2)!;
  const caps = judgeCaps(argv);
  const apiKey = resolveApiKey({ envName: argv['api-key-env'], envFile: argv['env-file'] });
  // the suite's judge asked of another model (at --base-url: a declared endpoint is replaced too)
  const override = (j: JudgeGrader) => judgeGrader({ ...j.value, model: argv.judge, ...(j.value.endpoint === undefined ? {} : { endpoint: publicUrl(argv['base-url']) }) });
  const archive = new Archive(argv.archive);
  try {
    const runs = loadRunsForScoring(archive, [], { answers: false, earlier: false });
    const version = chooseVersion(runs, undefined, currentBenchmarkVersion(archive));
    const ranking = rankRuns(runs, version);
    const chosen = ranking.rows.slice(0, top).map((r) => runs.find((x) => x.run === r.score.run)!);
    const exec = execRunner({ packages: argv.bankRoot ?? null });
    const neutral: RunForScoring[] = [];
    const pairs: [number, number][] = [];
    for (const r of chosen) {
      await judgeRun(
        archive,
        r.runId,
        { suite, baseUrl: argv['base-url'], override, caps },
        { apiKey, backoffMs: positiveInt(argv['backoff-ms'], '--backoff-ms', 0)!, concurrency: checkConcurrency(argv.concurrency), allowUnknownCost: argv['allow-unknown-cost'] },
      );
      const { run, bank } = loadRunForGrading(archive, r.runId);
      const ctx = judgeContext(archive, run, bank, suite, null);
      const judges = ctx && { ...ctx, graders: new Map([...ctx.graders].map(([n, j]) => [n, override(j)])) };
      const p = planRegrade({ run, bank, grader: bankGrader({ suite, archive }), previous: null, gradedAt: gradedAtNow(), judges, exec, source: sourceReader(archive) });
      const verdicts = p.segments.length ? p.segments.flatMap((s) => s.verdicts) : p.grade.verdicts;
      neutral.push({ ...r, slots: slotOutcomes(run, bank, { digest: r.grade as Digest, value: p.grade, verdicts }) });
      const before = judgeScores(loadGrade(archive, r.grade as Digest).verdicts);
      for (const [k, s] of judgeScores(verdicts)) {
        const o = before.get(k);
        if (typeof o === 'number' && typeof s === 'number') pairs.push([o, s]);
      }
    }
    const order = (rk: ReturnType<typeof rankRuns>) => rk.rows.map((x) => ({ place: x.place, model: x.score.model, runId: x.score.runId, score: x.score.score }));
    const original = order(rankRuns(chosen, version));
    const checked = order(rankRuns(neutral, version));
    const changes = checked.map((c, i) => ({ model: c.model, runId: c.runId, from: original.findIndex((o) => o.runId === c.runId) + 1, to: i + 1 })).filter((c) => c.from !== c.to);
    const agree = agreement(pairs);
    const { differences, intervals } = pairedIntervals(chosen, neutral);
    const comparison = { judge: argv.judge, top, benchmarkVersion: version, original, checked, changes, agreement: agree, differences, pairs: intervals };
    const attachment = archive.put({ kind: 'attachment', schemaVersion: 1, mediaType: 'application/json', name: 'judge-check.json', body: comparison as unknown as Json }).digest;
    const holds = changes.length === 0;
    if (argv.json) printJson({ ok: holds, ...comparison, holds, attachment });
    else {
      const show = (rows: typeof original) => rows.map((r, i) => `  ${i + 1}. ${r.model} (${r.runId}) ${r.score === null ? '–' : (r.score * 100).toFixed(1)} %`).forEach((l) => line(l));
      line(`ranked by the suite's judges:`);
      show(original);
      line(`ranked with judge ${argv.judge}:`);
      show(checked);
      for (const c of changes) line(`  ${c.model}: ${c.from} → ${c.to}`);
      line(
        `agreement over ${agree.items} judged item(s): ${agree.agreement === null ? '–' : `${(agree.agreement * 100).toFixed(1)} %`}, Cohen's kappa ${agree.kappa === null ? '–' : agree.kappa.toFixed(3)}`,
      );
      line(`paired intervals (${(PAIRED_CONFIDENCE * 100).toFixed(0)} %, the same items on both sides; percentage points):`);
      for (const d of differences) line(`  ${d.model} (${d.runId}), the suite's judges − ${argv.judge}: ${showInterval(d.difference)} over ${d.sharedItems} item(s)`);
      for (const p of intervals)
        line(
          `  ${p.a.model} − ${p.b.model}: with the suite's judges ${showInterval(p.original)}, with ${argv.judge} ${showInterval(p.checked)}${p.separated ? '' : ` (${p.opposite ? 'each judge orders them clearly, the other way round' : 'an interval includes 0: the order is within noise'})`}`,
        );
      line(holds ? 'the ranking holds with the other judge' : 'the ranking changes with the judge');
      line(`comparison archived as ${attachment}`);
    }
    process.exitCode = holds ? EXIT.OK : EXIT.FINDINGS;
  } finally {
    archive.close();
  }
}
