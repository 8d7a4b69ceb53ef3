import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ArgumentsCamelCase } from 'yargs';
import { usageError } from '../../replay/errors.ts';
import { tempName } from '../../replay/store/temps.ts';
import { line, printJson, progress, type GlobalArgs } from '../output.ts';
import { makeDir, requireDir } from '../paths.ts';
import { csvText, openIndexForReading, runQuery } from './sql-run.ts';

export interface Args extends GlobalArgs {
  table: 'attempts' | 'verdicts' | 'runs';
  format: 'csv' | 'jsonl';
  out?: string;
}

/**
 * What each export holds: the current runs (refs/runs/*), and for verdicts their current grades
 * (docs/design.md §5 names every column). Ordered, so the same archive exports the same bytes.
 */
export const EXPORTS: Record<Args['table'], string> = {
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
};

const CHUNK = 2000;

/** stdout through process.stdout (synchronous for files and pipes on Linux), a file by writeSync. */
function writeAll(fd: number, text: string) {
  if (fd === 1) {
    process.stdout.write(text);
    return;
  }
  const b = Buffer.from(text, 'utf8');
  for (let off = 0; off < b.length; ) off += writeSync(fd, b, off);
}

export function runExport(argv: ArgumentsCamelCase<Args>) {
  requireDir(argv.archive, 'archive');
  const db = openIndexForReading(argv.archive);
  let fd = 1;
  let temp: string | null = null;
  try {
    if (argv.out !== undefined) {
      makeDir(dirname(resolve(argv.out)), `the export ${argv.out}`);
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
    // --json with no --out: one JSON object on stdout ({ok, table, columns, rows}), streamed as the rows are read.
    const asJson = argv.json && argv.out === undefined;
    const object = (r: unknown[]) => JSON.stringify(Object.fromEntries(columns.map((c, i) => [c, r[i]])));
    if (asJson) writeAll(fd, `{"ok":true,"table":${JSON.stringify(argv.table)},"columns":${JSON.stringify(columns)},"rows":[`);
    const flush = () => {
      const text = asJson
        ? batch.map((r, i) => `${first && i === 0 ? '' : ','}\n${object(r)}`).join('')
        : argv.format === 'csv'
          ? csvText(columns, batch, first)
          : batch.map((r) => `${object(r)}\n`).join('');
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
    if (asJson) writeAll(fd, '\n]}\n');
    show?.finish();
    if (temp !== null) {
      closeSync(fd);
      fd = 1;
      renameSync(temp, argv.out!);
      temp = null;
      if (argv.json) printJson({ ok: true, table: argv.table, format: argv.format, out: argv.out, rows });
      else line(`wrote ${rows} ${argv.table} row(s) to ${argv.out}`);
    }
  } finally {
    if (fd !== 1) closeSync(fd);
    if (temp !== null) rmSync(temp, { force: true });
    db.close();
  }
}
