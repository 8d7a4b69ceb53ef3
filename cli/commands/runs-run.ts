import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import { listRuns } from '../../replay/runs/runs.ts';
import { importRefs } from '../../replay/import/record.ts';
import { importListing } from '../../replay/import/summary.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';

export function runRuns(argv: ArgumentsCamelCase<GlobalArgs>) {
  requireDir(argv.archive, 'archive');
  const archive = new Archive(argv.archive);
  let runs;
  let imports;
  try {
    runs = listRuns(archive);
    imports = importListing(archive, importRefs(archive));
  } finally {
    archive.close();
  }
  if (argv.json) return printJson({ runs, imports });
  printImports(imports);
  if (!runs.length) return line(imports.length ? 'no docket runs' : 'no runs');
  const rows = [['id', 'model', 'status', 'planned', 'done', 'digest'], ...runs.map((r) => [r.id, r.model ?? '?', r.status, String(r.planned ?? '?'), String(r.done), r.digest ?? '-'])];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) line(r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  '));
  // A listing, not a check (exit 0), but a damaged working directory is said out loud: what is wrong with it.
  for (const r of runs) if (r.status === 'unreadable') line(`${r.id}: ${r.stopReason}`);
}

/** Imported logs, with the task and model each is of (before the runs: the runs' table ends the output). */
function printImports(imports: ReturnType<typeof importListing>) {
  if (!imports.length) return;
  const rows = [
    ['import', 'framework', 'task', 'model', 'samples'],
    ...imports.map((i) => [i.ref, i.framework, i.task ?? '?', i.model ?? '?', i.error ? `unreadable: ${i.error}` : String(i.samples)]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) line(r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  '));
  line();
}
