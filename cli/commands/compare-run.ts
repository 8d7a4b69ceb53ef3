import { Archive } from '../../replay/index/archive.ts';
import type { ArgumentsCamelCase } from 'yargs';
import { loadRunsForScoring, unscoredRuns, type UngradedRun } from '../../replay/scoring/scoring-input.ts';
import { compareRuns, percent, requireRun, type Comparison, type RunScore } from '../../replay/scoring/scoring.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';

export interface Args extends GlobalArgs {
  'run-a': string;
  'run-b': string;
}

const side = (s: RunScore) => ({
  model: s.model,
  runId: s.runId,
  run: s.run,
  grade: s.grade,
  benchmarkVersion: s.benchmarkVersion,
  score: percent(s.score),
  low: percent(s.interval?.low),
  high: percent(s.interval?.high),
  coverage: percent(s.coverage.fraction),
});

export function comparisonJson(c: Comparison) {
  return {
    a: side(c.a),
    b: side(c.b),
    sameBenchmarkVersion: c.a.benchmarkVersion === c.b.benchmarkVersion,
    sharedQuestions: c.sharedQuestions,
    sharedSlots: c.sharedSlots,
    difference: c.difference && {
      estimate: percent(c.difference.estimate),
      low: percent(c.difference.low),
      high: percent(c.difference.high),
      resamples: c.difference.resamples,
      unit: 'percentage points, A − B',
    },
    mcnemar: { aOnlyCorrect: c.mcnemar.b, bOnlyCorrect: c.mcnemar.c, p: c.mcnemar.p },
  };
}

const pts = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`;
const pct = (x: number | null | undefined) => (x === null || x === undefined ? '–' : (x * 100).toFixed(1));

export function printComparison(c: Comparison) {
  for (const [name, s] of [
    ['A', c.a],
    ['B', c.b],
  ] as const)
    line(
      `${name}  ${s.model}  ${s.runId}  ${s.run}\n   score ${pct(s.score)} % [${pct(s.interval?.low)}, ${pct(s.interval?.high)}], coverage ${pct(s.coverage.fraction)} %, benchmark ${s.benchmarkVersion}`,
    );
  if (c.a.benchmarkVersion !== c.b.benchmarkVersion) line('warning: the runs are on different benchmark versions; they would never share a ranking');
  line(`shared: ${c.sharedQuestions} questions, ${c.sharedSlots} slots scored in both runs`);
  if (c.difference) line(`difference A − B: ${pts(c.difference.estimate)} points, 95 % paired bootstrap [${pts(c.difference.low)}, ${pts(c.difference.high)}] (${c.difference.resamples} resamples)`);
  else line('difference A − B: none (no shared question)');
  line(
    `exact McNemar: A right / B wrong ${c.mcnemar.b}, B right / A wrong ${c.mcnemar.c}, p = ${c.mcnemar.p.toPrecision(4)}${c.mcnemar.p < 0.05 ? ' (significant at 0.05)' : ' (not significant at 0.05)'}`,
  );
}

export function runCompare(argv: ArgumentsCamelCase<Args>) {
  requireDir(argv.archive, 'archive');
  const archive = new Archive(argv.archive); // one archive (and index) for both reads
  let runs, unscored;
  try {
    const ungraded: UngradedRun[] = [];
    runs = loadRunsForScoring(archive, ungraded, { answers: false, earlier: false });
    unscored = unscoredRuns(archive, ungraded);
  } finally {
    archive.close();
  }
  const a = requireRun(runs, argv['run-a'], unscored);
  const b = requireRun(runs, argv['run-b'], unscored);
  const cmp = compareRuns(a, b);
  if (argv.json) printJson(comparisonJson(cmp));
  else printComparison(cmp);
}
