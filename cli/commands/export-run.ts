import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ArgumentsCamelCase } from 'yargs';
import { usageError } from '../../replay/errors.ts';
import { writeFileAtomic } from '../../replay/release/pack.ts';
import { tempName } from '../../replay/store/temps.ts';
import { line, printJson, progress, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';
import { csvText, openIndexForReading, runQuery } from './sql-run.ts';

export interface Args extends GlobalArgs {
  table: 'attempts' | 'verdicts' | 'runs' | 'foreign-runs' | 'foreign-samples' | 'foreign-scores' | 'eee';
  format: 'csv' | 'jsonl';
  out?: string;
  runs?: string[];
  evaluatorRelationship?: 'first_party' | 'third_party' | 'collaborative' | 'other';
  organization?: string;
}

/**
 * What each export holds: the current runs (refs/runs/*), and for verdicts their current grades
 * (docs/design.md §5 names every column). Ordered, so the same archive exports the same bytes.
 */
export const EXPORTS: Record<Exclude<Args['table'], 'eee'>, string> = {
  attempts: `SELECT a.* FROM current_runs r JOIN attempts a ON a.run = r.digest ORDER BY a.run_id, a.run, a.seq`,
  verdicts: `SELECT c.run, c.run_id, c.grade, c.grader_ref, a.seq, a.question, a.source_eval, a.permutation, a.repetition, a.attempt,
      a.final, v.verdict, v.chosen, v.shown, v.input_hash
    FROM current_grades c JOIN verdicts v ON v.grade = c.grade JOIN attempts a ON a.run = c.run AND a.seq = v.seq
    ORDER BY c.run_id, c.run, a.seq`,
  runs: `SELECT r.digest AS run, r.id AS run_id, r.model, r.status, r.stop_reason, r.benchmark_version, r.bank, r.plan,
      r.planned, r.done, r.attempts, r.known_cost_usd, r.started_at, r.sealed_at, c.grade, c.grader_ref,
      v.planned AS coverage_planned, v.scored, v.correct, v.incorrect, v.invalid, v.provider_failure, v.truncated, v.interrupted,
      v.fraction AS coverage
    FROM current_runs r LEFT JOIN current_grades c ON c.run = r.digest LEFT JOIN coverage v ON v.run = r.digest
    ORDER BY r.id, r.digest`,
  // Imports: the runs the refs/imports/* name (the imports view), ordered by ref.
  'foreign-runs': `SELECT i.ref, i.digest AS run, i.framework, i.task, i.model, i.samples, i.content_digest, i.importer FROM imports i ORDER BY i.ref`,
  'foreign-samples': `SELECT i.ref, s.* FROM imports i JOIN foreign_samples s ON s.run = i.digest ORDER BY i.ref, s.seq`,
  'foreign-scores': `SELECT i.ref, s.* FROM imports i JOIN foreign_scores s ON s.run = i.digest ORDER BY i.ref, s.seq`,
};

const CHUNK = 2000;

/** stdout through process.stdout (synchronous for files and pipes on Linux), a file by writeSync. */
function writeAll(fd: number, text: string | Buffer) {
  if (fd === 1) {
    process.stdout.write(text);
    return;
  }
  const b = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  for (let off = 0; off < b.length; ) off += writeSync(fd, b, off);
}

export function runExport(argv: ArgumentsCamelCase<Args>) {
  requireDir(argv.archive, 'archive');
  if (argv.table === 'eee') return runExportEee(argv);
  if (argv.runs?.length) throw usageError('EUSAGE', `export ${argv.table} takes no runs (only export eee does); it writes every current run`, { runs: argv.runs });
  const db = openIndexForReading(argv.archive);
  let fd = 1;
  let temp: string | null = null;
  try {
    if (argv.out !== undefined) {
      temp = join(dirname(argv.out), tempName());
      try {
        fd = openSync(temp, 'wx', 0o644);
      } catch (e) {
        throw usageError('EWRITE', `cannot write ${argv.out}: ${(e as Error).message}`, { path: argv.out });
      }
    }
    const sql = EXPORTS[argv.table];
    const stmt = db.prepare(sql).raw();
    const columns = stmt.columns().map((c) => c.name);
    const total = db.prepare(`SELECT COUNT(*) FROM (${sql})`).pluck().get() as number;
    const show = argv.out !== undefined && !argv.json ? progress(`export ${argv.table}`) : undefined;
    let rows = 0;
    let batch: unknown[][] = [];
    let first = true;
    const flush = () => {
      const text = argv.format === 'csv' ? csvText(columns, batch, first) : batch.map((r) => `${JSON.stringify(Object.fromEntries(columns.map((c, i) => [c, r[i]])))}\n`).join('');
      writeAll(fd, text);
      first = false;
      batch = [];
      show?.(rows, total);
    };
    runQuery(() => {
      for (const r of stmt.iterate() as IterableIterator<unknown[]>) {
        batch.push(r);
        if (++rows % CHUNK === 0) flush();
      }
    }, sql);
    if (batch.length || first) flush(); // an empty CSV export still has its header
    show?.finish();
    if (temp !== null) {
      closeSync(fd);
      fd = 1;
      renameSync(temp, argv.out!);
      temp = null;
      if (argv.json) printJson({ table: argv.table, format: argv.format, out: argv.out, rows });
      else line(`wrote ${rows} ${argv.table} row(s) to ${argv.out}`);
    }
  } finally {
    if (fd !== 1) closeSync(fd);
    if (temp !== null) rmSync(temp, { force: true });
    db.close();
  }
}

/** `docket export eee [RUN…] --out DIR --evaluator-relationship R`: the records, each file replaced whole (temp → fsync → rename). */
async function runExportEee(argv: ArgumentsCamelCase<Args>) {
  if (argv.out === undefined) throw usageError('EUSAGE', 'export eee needs --out DIR: it writes a directory tree (data/docket/<developer>/<model>/<uuid>.json and <uuid>_samples.jsonl)', {});
  if (argv.evaluatorRelationship === undefined)
    throw usageError(
      'EUSAGE',
      'export eee needs --evaluator-relationship first_party|third_party|collaborative|other: whether you evaluated your own model (EEE source_metadata.evaluator_relationship)',
      {},
    );
  const { Archive } = await import('../../replay/index/archive.ts');
  const { exportEee } = await import('../../replay/scoring/eee-export.ts');
  const archive = new Archive(argv.archive);
  let result;
  try {
    result = exportEee(archive, argv.runs ?? [], { relationship: argv.evaluatorRelationship, organization: argv.organization ?? 'unknown' });
  } finally {
    archive.close();
  }
  for (const f of result.files) writeReplacing(join(argv.out, f.path), f.bytes);
  if (argv.json) return printJson({ ok: true, out: argv.out, runs: result.runs, skipped: result.skipped });
  for (const r of result.runs) line(`${r.runId}: ${r.aggregate} (score ${r.score}), ${r.instances} (${r.rows} attempts)`);
  for (const s of result.skipped) line(`skipped ${s.runId}: ${s.why}`);
  line(`wrote ${result.files.length} file(s) under ${argv.out}`);
}

function writeReplacing(path: string, bytes: Buffer) {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileAtomic(path, bytes);
  } catch (e) {
    throw usageError('EWRITE', `cannot write ${path}: ${(e as Error).message}`, { path });
  }
}
