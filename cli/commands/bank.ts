import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import { anchorOptions } from './anchor-options.ts';
import type { EvidenceArgs, SnapshotArgs } from './bank-run.ts';
import type { ValidateArgs } from './validate-run.ts';

export const validateCommand: CommandModule<GlobalArgs, ValidateArgs> = {
  command: 'validate',
  describe: 'check decision-bank.json and the source evals against the schema and authoring rules; print the benchmark version',
  builder: (y) => y.option('complete', { type: 'boolean', default: false, describe: 'also demand that every source eval has a question or an omission (what check and release pack demand)' }) as never,
  handler: async (argv) => (await import('./validate-run.ts')).runValidate(argv),
};

export const snapshotCommand: CommandModule<GlobalArgs, SnapshotArgs> = {
  command: 'snapshot',
  describe: 'store every source eval, the prompt template and the scoring protocol as bundles',
  builder: (y) =>
    y.option('list', { type: 'boolean', default: false, describe: 'write nothing: list every file a snapshot would store, and every file the content policy leaves out with its rule' }) as never,
  handler: async (argv) => (await import('./bank-run.ts')).runSnapshot(argv),
};

export const evidenceCommand: CommandModule<GlobalArgs, EvidenceArgs> = {
  command: 'evidence <action>',
  describe: 'capture: run probes and archive their output; replay: re-run probes offline and compare; lock: write the probe lockfile',
  builder: (y) =>
    anchorOptions(y)
      .positional('action', { choices: ['capture', 'replay', 'lock'] as const, demandOption: true })
      .option('from', {
        type: 'string',
        describe: 'replay: verify a release tarball with this docket (anchored by --expect and/or --key), extract it privately and re-run its probes from the verified tree',
      })
      .option('question', { type: 'string', array: true, describe: 'only these question ids' })
      .option('timeout-ms', {
        type: 'number',
        describe: "per-probe timeout in ms (default: capture, the question's or the bank's probeRuntime.timeoutMs, else 10000; replay, the timeout the evidence recorded)",
      }) as never,
  handler: async (argv) => (await import('./bank-run.ts')).runEvidence(argv),
};
