import { readFileSync } from 'node:fs';
import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import { auditPublished, parsePublished, type AuditReport } from '../../replay/scoring/audit.ts';
import { EXIT, usageError } from '../../replay/errors.ts';
import { currentBenchmarkVersion, loadRunsForScoring } from '../../replay/scoring/scoring-input.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';

export interface Args extends GlobalArgs {
  published?: string;
  imported: boolean;
  imports?: string[];
  tolerance?: number;
  'allow-unverifiable': boolean;
}

export function printAudit(r: AuditReport, runCount: number, archive: string) {
  line(
    `audit${r.benchmark ? ` ${r.benchmark}` : ''} against ${archive} (benchmark version ${r.benchmarkVersion ?? 'none'}; tolerance ${r.tolerance === 'published-precision' ? 'half a unit of the published precision' : `±${r.tolerance} points`})`,
  );
  if (runCount === 0) line('no runs in the archive: no published number can be checked');
  for (const row of r.rows) {
    const rec = row.recomputed === null ? '–' : `${row.recomputed}`;
    line(
      `${row.status.toUpperCase().padEnd(12)} ${row.model}: published ${asPublished(row.published, r.tolerance === 'published-precision' ? row.tolerance : null)}, recomputed ${rec}${row.difference !== null ? ` (difference ${row.difference > 0 ? '+' : ''}${row.difference}, tolerance ±${+row.tolerance.toPrecision(6)})` : ''}${row.run ? `  run ${row.run}` : ''}`,
    );
    if (row.grader) line(`    graded by ${row.grader.ref} ${row.grader.digest} (grade ${row.grade})`);
    for (const m of row.identity) line(`    ${m.field}: ${m.message}`);
    for (const e of row.explanations) line(`    ${e.kind}: ${e.message}`);
    for (const n of row.notes) line(`    note: ${n}`);
  }
  line(`${r.counts.reproduced} reproduced, ${r.counts.mismatch} mismatch, ${r.counts.unverifiable} unverifiable`);
  if (r.counts.unverifiable && !r.allowUnverifiable)
    line('An unverifiable row fails the audit: publish the run digest it rests on and ship its evidence, or pass --allow-unverifiable to report it without failing.');
}

/** The published number with the precision it was published at ("100.0", not 100): the tolerance is half a unit of its last digit. */
function asPublished(value: number, precisionTolerance: number | null): string {
  if (precisionTolerance === null || !(precisionTolerance > 0)) return String(value);
  const decimals = Math.round(-Math.log10(2 * precisionTolerance));
  return decimals >= 0 && decimals <= 20 ? value.toFixed(decimals) : String(value);
}

export async function runAudit(argv: ArgumentsCamelCase<Args>) {
  if (argv.imported) return (await import('./import-run.ts')).auditImportedCommand(argv);
  if (argv.published === undefined) throw usageError('EUSAGE', 'audit needs --published FILE (or --imported)');
  if (argv.tolerance !== undefined && !(argv.tolerance >= 0)) throw usageError('EUSAGE', `--tolerance must be a non-negative number of percentage points, got ${argv.tolerance}`);
  requireDir(argv.archive, 'archive');
  let text: string;
  try {
    text = readFileSync(argv.published, 'utf8');
  } catch (e) {
    throw usageError('EREAD', `cannot read ${argv.published}: ${(e as Error).message}`, { path: argv.published });
  }
  const published = parsePublished(text, argv.published);
  // One Archive for both reads: the index is opened and brought up to date once.
  const archive = new Archive(argv.archive);
  let runs, currentVersion;
  try {
    runs = loadRunsForScoring(archive, undefined, { answers: false });
    currentVersion = currentBenchmarkVersion(archive);
  } finally {
    archive.close();
  }
  const report = auditPublished(published, runs, { tolerance: argv.tolerance, currentVersion, allowUnverifiable: argv['allow-unverifiable'] });
  if (argv.json) printJson(report);
  else printAudit(report, runs.length, argv.archive);
  process.exitCode = report.ok ? EXIT.OK : EXIT.FINDINGS;
}
