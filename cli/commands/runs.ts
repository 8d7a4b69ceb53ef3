import type { CommandModule } from 'yargs';
import { Archive } from '../../replay/archive.ts';
import { EXIT } from '../../replay/errors.ts';
import { listRuns } from '../../replay/runs.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';

export const runsCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'runs',
  describe: 'list the runs in the archive: sealed, incomplete, interrupted (resumable) and in-progress',
  handler: (argv) => {
    requireDir(argv.archive, 'archive');
    const archive = new Archive(argv.archive);
    let runs;
    try {
      runs = listRuns(archive);
    } finally {
      archive.close();
    }
    if (argv.json) {
      printJson({ runs });
      if (runs.some((r) => r.status === 'unreadable')) process.exitCode = EXIT.FINDINGS;
      return;
    }
    if (!runs.length) return line('no runs');
    const rows = [['id', 'model', 'status', 'planned', 'done', 'digest'], ...runs.map((r) => [r.id, r.model ?? '?', r.status, String(r.planned ?? '?'), String(r.done), r.digest ?? '-'])];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const r of rows) line(r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  '));
    // A damaged working directory is a finding: say what is wrong with it, and exit 1.
    const unreadable = runs.filter((r) => r.status === 'unreadable');
    for (const r of unreadable) process.stderr.write(`docket: ${r.id}: ${r.stopReason}\n`);
    if (unreadable.length) process.exitCode = EXIT.FINDINGS;
  },
};
