import { readFileSync } from 'node:fs';
import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import { restsByResult, restsLines } from '../../replay/index/redacted.ts';
import type { Digest } from '../../replay/format/digest.ts';
import { auditPublished, parsePublished, type AuditReport } from '../../replay/scoring/audit.ts';
import { EXIT, usageError } from '../../replay/errors.ts';
import { currentBenchmarkVersion, loadRunsForScoring } from '../../replay/scoring/scoring-input.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { judgeContestantFlags } from '../../replay/scoring/judge-flags.ts';
import { printJudgeFlags } from './leaderboard-run.ts';
import { join } from 'node:path';
import { auditSelective } from '../../replay/scoring/selective-input.ts';
import type { SelectiveReport } from '../../replay/scoring/selective.ts';
import { checkAnchor, openRelease, type AnchorArgs } from './release-from.ts';
import { requireDir } from '../paths.ts';

export interface Args extends GlobalArgs, AnchorArgs {
  published?: string;
  imported: boolean;
  imports?: string[];
  tolerance?: number;
  'allow-unverifiable': boolean;
  'allow-selected': boolean;
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
    for (const n of row.notes) line(`    ${n.startsWith('hint: ') ? n : `note: ${n}`}`);
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
  if (!argv.from) requireDir(argv.archive, 'archive'); // with --from, the release alone is read
  let text: string;
  try {
    text = readFileSync(argv.published, 'utf8');
  } catch (e) {
    throw usageError('EREAD', `cannot read ${argv.published}: ${(e as Error).message}`, { path: argv.published });
  }
  const published = parsePublished(text, argv.published);
  checkAnchor(argv, 'audit');
  const release = argv.from ? await openRelease(argv, 'audit') : null; // the archive inside a verified release, alone
  const archiveDir = release ? join(release.dir, 'evidence') : argv.archive;
  try {
    // One Archive for every read: the index is opened and brought up to date once.
    const archive = new Archive(archiveDir);
    let runs, currentVersion, report, selective, judged, redacted;
    try {
      runs = loadRunsForScoring(archive, undefined, { answers: false });
      currentVersion = currentBenchmarkVersion(archive);
      report = auditPublished(published, runs, { tolerance: argv.tolerance, currentVersion, allowUnverifiable: argv['allow-unverifiable'] });
      selective = auditSelective(archive, published, report, runs, { allowSelected: argv['allow-selected'] });
      judged = judgeContestantFlags(archive, runs); // a hint beside the rows: never fails the audit
      // Which published numbers rest on redacted evidence (design.md §23): named, never a failure.
      redacted = restsByResult(
        archive,
        report.rows.filter((row) => row.run).map((row) => ({ result: `${row.model} (run ${row.run})`, roots: [row.run as Digest, row.grade as Digest | null] })),
      );
    } finally {
      archive.close();
    }
    const ok = report.ok && selective.ok;
    const where = release ? `${argv.from} (${release.digest}, verified)` : argv.archive;
    if (argv.json)
      printJson({ ...report, ok, selective, judgeIsContestant: judged, redacted, ...(release ? { release: { file: argv.from, digest: release.digest, anchored: release.anchored } } : {}) });
    else {
      printAudit(report, runs.length, where);
      printSelective(selective);
      printJudgeFlags(judged);
      for (const l of restsLines(redacted)) line(l);
    }
    process.exitCode = ok ? EXIT.OK : EXIT.FINDINGS;
  } finally {
    release?.cleanup();
  }
}

/** The selective-reporting step: every run and plan of each published model, and the rule's verdict. */
export function printSelective(r: SelectiveReport) {
  line(`selective reporting${r.allowSelected ? ' (--allow-selected: a selected run is a hint, not a failure)' : ''}:`);
  for (const row of r.rows) {
    const tag = row.status === 'first' ? 'FIRST' : row.status === 'selected' ? (r.allowSelected ? 'SELECTED' : 'ESELECTIVE') : 'UNCHECKED';
    line(`${tag.padEnd(12)} ${row.message}`);
    for (const p of row.plans) line(`    plan ${p.record} (seq ${p.seq}, committed ${p.committedAt}): ${p.status}${p.runs.length ? `, runs ${p.runs.join(', ')}` : ''}`);
  }
  for (const f of r.findings) if (f.code === 'EPLANLOG') line(`  ERROR ${f.code}: ${f.message}`);
  const count = (s: string) => r.rows.filter((x) => x.status === s).length;
  const unregistered = r.rows.filter((x) => x.status === 'first' && x.rule === 'unregistered').length;
  line(
    `${count('first')} first, ${count('selected')} selected${count('unchecked') ? `, ${count('unchecked')} unchecked` : ''}${unregistered ? `; ${unregistered} with no registered plan (HUNREGISTERED): runs made outside this archive cannot be counted; register plans with \`docket plan commit\`` : ''}`,
  );
}
