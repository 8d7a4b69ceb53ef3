import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import { listRuns } from '../../replay/runs/runs.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';

export function runRuns(argv: ArgumentsCamelCase<GlobalArgs>) {
  requireDir(argv.archive, 'archive');
  const archive = new Archive(argv.archive);
  let runs;
  try {
    runs = listRuns(archive);
  } finally {
    archive.close();
  }
  if (argv.json) return printJson({ runs });
  if (!runs.length) return line('no runs');
  const rows = [['id', 'model', 'status', 'planned', 'done', 'digest'], ...runs.map((r) => [r.id, r.model ?? '?', r.status, String(r.planned ?? '?'), String(r.done), r.digest ?? '-'])];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) line(r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  '));
  // A listing, not a check (exit 0), but a damaged working directory is said out loud: what is wrong with it.
  for (const r of runs) if (r.status === 'unreadable') line(`${r.id}: ${r.stopReason}`);
}
