import type { CommandModule } from 'yargs';
import { loadRunsForScoring } from '../../replay/scoring-input.ts';
import { failuresOf, requireRun } from '../../replay/scoring.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';

interface Args extends GlobalArgs {
  run: string;
}

export const failuresCommand: CommandModule<GlobalArgs, Args> = {
  command: 'failures <run>',
  describe: 'every incorrect, invalid, truncated or failed slot of a run: question, answer text, parsed choice, key',
  builder: (y) => y.positional('run', { type: 'string', demandOption: true, describe: 'run digest, digest prefix or run id' }),
  handler: (argv) => {
    requireDir(argv.archive, 'archive');
    const run = requireRun(loadRunsForScoring(argv.archive), argv.run);
    const failures = failuresOf(run);
    if (argv.json) {
      printJson({
        run: run.run, grade: run.grade, runId: run.runId, model: run.model, count: failures.length,
        failures: failures.map((s) => ({ question: s.question, sourceEval: s.sourceEval, permutation: s.permutation, repetition: s.repetition, verdict: s.verdict, chosen: s.chosen, key: s.key, answerText: s.answerText, attempts: s.attempts })),
      });
      return;
    }
    line(`${run.model} ${run.runId} ${run.run} (grade ${run.grade}): ${failures.length} slot(s) not correct`);
    for (const s of failures) {
      line(`\n${s.question}  ${s.sourceEval}  permutation ${s.permutation} repetition ${s.repetition}  ${s.verdict}  chosen ${s.chosen ?? '–'}  key ${s.key}${s.attempts > 1 ? `  (${s.attempts} attempts)` : ''}`);
      line(`  answer: ${s.answerText === null ? '(no text)' : clip(s.answerText)}`);
    }
  },
};

/** One readable line per answer; --json has the full text. */
function clip(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 300 ? `${one.slice(0, 300)}… (${one.length} chars; --json shows all)` : JSON.stringify(one);
}
