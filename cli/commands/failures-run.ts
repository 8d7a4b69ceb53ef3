import type { ArgumentsCamelCase } from 'yargs';
import { permutationsFor } from '../../replay/runs/request.ts';
import { Archive } from '../../replay/index/archive.ts';
import { loadRunsForScoring, slotsWithAnswers, unscoredRuns, type UngradedRun } from '../../replay/scoring/scoring-input.ts';
import { failuresOf, requireRun } from '../../replay/scoring/scoring.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';

export interface Args extends GlobalArgs {
  run: string;
}

const LETTERS = ['A', 'B', 'C', 'D'];

/** A canonical letter and the letter it was displayed as: the reply names the displayed one ("Answer: (d)" may be canonical A). */
function letterWithShown(question: string, permutation: number, canonical: string | null): string {
  if (canonical === null) return '–';
  const perm = permutationsFor(question)[permutation];
  const pos = perm ? perm.indexOf(LETTERS.indexOf(canonical)) : -1;
  return pos < 0 || LETTERS[pos] === canonical ? canonical : `${canonical} (shown ${LETTERS[pos]})`;
}

/** One readable line per answer; --json has the full text. */
function clip(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 300 ? `${one.slice(0, 300)}… (${one.length} chars; --json shows all)` : JSON.stringify(one);
}

export function runFailures(argv: ArgumentsCamelCase<Args>) {
  requireDir(argv.archive, 'archive');
  const archive = new Archive(argv.archive); // one archive (and index) for the three reads
  let run;
  try {
    const ungraded: UngradedRun[] = [];
    const runs = loadRunsForScoring(archive, ungraded, { answers: false, earlier: false });
    const found = requireRun(runs, argv.run, unscoredRuns(archive, ungraded));
    run = { ...found, slots: slotsWithAnswers(archive, found) };
  } finally {
    archive.close();
  }
  const failures = failuresOf(run);
  if (argv.json) {
    printJson({
      run: run.run,
      grade: run.grade,
      runId: run.runId,
      model: run.model,
      count: failures.length,
      failures: failures.map((s) => ({
        question: s.question,
        sourceEval: s.sourceEval,
        permutation: s.permutation,
        repetition: s.repetition,
        verdict: s.verdict,
        chosen: s.chosen,
        key: s.key,
        answerText: s.answerText,
        attempts: s.attempts,
        ...(s.kind ? { kind: s.kind, score: s.score ?? null, finishReason: s.finishReason ?? null } : {}),
      })),
    });
    return;
  }
  line(`${run.model} ${run.runId} ${run.run} (grade ${run.grade}): ${failures.length} slot(s) not correct`);
  line('chosen and key are canonical letters (the bank\'s order); "shown" is the letter the model saw under that permutation');
  for (const s of failures) {
    if (s.kind) {
      // A task: its kind, score and why the reply stopped (a cut-off empty reply did not answer; an empty stop scores 0).
      line(
        `\n${s.question}  ${s.sourceEval}  ${s.kind} task  repetition ${s.repetition}  ${s.verdict}  score ${s.score === null || s.score === undefined ? '–' : s.score.toFixed(3)}  finish_reason ${s.finishReason ?? 'none'}`,
      );
      line(`  answer: ${s.answerText === null ? '(no text)' : clip(s.answerText)}`);
      continue;
    }
    line(
      `\n${s.question}  ${s.sourceEval}  permutation ${s.permutation} repetition ${s.repetition}  ${s.verdict}  chosen ${letterWithShown(s.question, s.permutation, s.chosen)}  key ${letterWithShown(s.question, s.permutation, s.key)}${s.attempts > 1 ? `  (${s.attempts} attempts)` : ''}`,
    );
    line(`  answer: ${s.answerText === null ? '(no text)' : clip(s.answerText)}`);
  }
}
