import type { ArgumentsCamelCase } from 'yargs';
import { EXIT } from '../../replay/errors.ts';
import { repairArchive } from '../../replay/check/repair.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';

export interface Args extends GlobalArgs {
  'dry-run': boolean;
  forget?: string[];
}

export async function runRepair(argv: ArgumentsCamelCase<Args>) {
  requireDir(argv.archive, 'archive');
  if (!argv.json) line(`repair ${argv.archive}${argv['dry-run'] ? ' (dry run: nothing is changed)' : ''}`); // what it works on, before the work
  const r = await repairArchive(argv.archive, { dryRun: argv['dry-run'], forget: argv.forget ?? [] });
  if (argv.json) printJson(r);
  else {
    // One line per thing done or left: a finding is never cleared without a line saying how.
    for (const a of r.actions) line(`  ${r.dryRun && a.action !== 'leave' ? 'would ' : ''}${a.action} ${a.path ?? ''}: ${a.reason}`);
    if (r.actions.some((a) => a.action === 'quarantine')) line(`quarantined objects are in ${r.quarantine} (restore a good copy, e.g. from git, then verify)`);
    const left = r.remaining.filter((f) => f.severity === 'error');
    if (!r.actions.length && !left.length) line('nothing to repair');
    const codes = [...new Set(left.map((f) => f.code))].join(', ');
    line(left.length ? `${left.length} error(s) ${r.dryRun ? 'found' : 'remain'} (${codes}): run docket verify` : 'the archive verifies clean');
  }
  process.exitCode = r.ok ? EXIT.OK : EXIT.FINDINGS;
}
