import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { Archive } from '../../replay/archive.ts';
import { usageError } from '../../replay/errors.ts';
import { planInspect, planLmEval, storeImport, type ImportResult } from '../../replay/import/store.ts';
import type { ImportPlan } from '../../replay/import/types.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';

/**
 * `docket import inspect FILE…` / `docket import lm-eval DIR`: store logs other eval frameworks
 * wrote as evidence (docs/import.md). Every file is read and every bundle encoded before anything
 * is written, so a bad file imports nothing; importing the same files again adds nothing.
 */
interface Args extends GlobalArgs {
  files?: string[];
  dir?: string;
}

const inspectCommand: CommandModule<GlobalArgs, Args> = {
  command: 'inspect <files..>',
  describe: 'import inspect_ai logs (.eval zips or .json logs)',
  builder: (y) => y.positional('files', { type: 'string', array: true, demandOption: true }) as Argv<Args>,
  handler: async (argv) => {
    const plans: ImportPlan[] = [];
    for (const f of argv.files ?? []) plans.push(await planInspect(basename(f), readSource(f)));
    report(argv, plans);
  },
};

const lmEvalCommand: CommandModule<GlobalArgs, Args> = {
  command: 'lm-eval <dir>',
  describe: 'import lm-evaluation-harness output (results_<date>.json + samples_<task>_<date>.jsonl in DIR)',
  builder: (y) => y.positional('dir', { type: 'string', demandOption: true }) as Argv<Args>,
  handler: (argv) => report(argv, planLmEval(argv.dir!)),
};

export const importCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'import <format>',
  describe: 'import the logs of another eval framework (inspect_ai, lm-evaluation-harness) as evidence',
  builder: (y) => y.command(inspectCommand as never).command(lmEvalCommand as never).demandCommand(1),
  handler: () => {},
};

function readSource(path: string): Uint8Array {
  try {
    return readFileSync(path);
  } catch (e) {
    throw usageError('EREAD', `cannot read ${path}: ${(e as Error).message}`, { path });
  }
}

function report(argv: GlobalArgs, plans: ImportPlan[]) {
  const archive = new Archive(argv.archive);
  let results: ImportResult[];
  try {
    results = plans.map((p) => storeImport(archive, p));
  } finally {
    archive.close();
  }
  if (argv.json) return printJson(results);
  for (const r of results) {
    line(`${r.ref}  ${r.run}  ${r.framework} ${r.source.join(', ')}: ${r.samples} samples, ${r.objects} bundles (${r.written} new)`);
  }
}
