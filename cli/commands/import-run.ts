import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import { EXIT, usageError } from '../../replay/errors.ts';
import { encodeImport, type EncodedImport } from '../../replay/import/record.ts';
import { scanBytes, secretError, type SecretHit } from '../../replay/content/secrets.ts';
import { planInspect, planLmEval, storeImport, type ImportResult } from '../../replay/import/store.ts';
import type { ImportPlan } from '../../replay/import/types.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';

/**
 * `docket import inspect FILE…` / `docket import lm-eval DIR`: store logs other eval frameworks
 * wrote as evidence (docs/import.md). Every file is read and every bundle encoded before anything
 * is written, so a bad file imports nothing; importing the same files again adds nothing.
 */
export interface Args extends GlobalArgs {
  files?: string[];
  dir?: string;
  dirs?: string[];
}

function readSource(path: string): Uint8Array {
  try {
    return readFileSync(path);
  } catch (e) {
    throw usageError('EREAD', `cannot read ${path}: ${(e as Error).message}`, { path });
  }
}

/**
 * Every byte an import would store, through the secret scanner first (issue #33): each source file
 * as read, and each sample and run bundle inflated (a zipped log's samples are only readable so).
 */
function importHits(plans: ImportPlan[], encoded: EncodedImport[]): SecretHit[] {
  return plans.flatMap((p, i) => {
    const from = p.files[0]?.name ?? p.framework;
    const e = encoded[i]!;
    return [
      ...p.files.flatMap((f) => scanBytes(f.name, f.bytes)),
      ...e.samples.flatMap((b, n) => scanBytes(`${from} (sample ${n + 1})`, gunzipSync(b.bytes))),
      ...scanBytes(`${from} (run)`, gunzipSync(e.run.bytes)),
    ];
  });
}

function report(argv: GlobalArgs, plans: ImportPlan[], skipped: { path: string; why: string }[] = []) {
  const encoded = plans.map((p) => encodeImport(p)); // all files encoded before any is written
  const hits = importHits(plans, encoded);
  if (hits.length) throw secretError(hits, 'docket import');
  const archive = new Archive(argv.archive);
  let results: ImportResult[];
  try {
    results = plans.map((p, i) => storeImport(archive, p, encoded[i]));
  } finally {
    archive.close();
  }
  if (argv.json) return printJson({ ok: true, imports: results, skipped });
  for (const r of results) {
    const again = r.already ? `; already imported${r.already.join(', ') !== r.source.join(', ') ? ` from ${r.already.join(', ')}` : ''} (same content ${r.contentDigest.slice(0, 19)}…)` : '';
    line(`${r.ref}  ${r.run}  ${r.framework} ${sourcesLine(r.source)}: ${r.samples} samples, ${r.objects} bundles (${r.written} new)${again}`);
    for (const n of r.notes) line(`    ${n}`);
  }
  for (const f of skipped) line(`skipped ${f.path}: ${f.why}`);
}

const AUDIT_ROWS_SHOWN = 24;

/** `docket audit --imported [--imports REF…]`: the hook audit.ts calls (logic in replay/import/audit.ts). */
export async function auditImportedCommand(argv: GlobalArgs & { imports?: string[] }) {
  const { requireDir } = await import('../paths.ts');
  requireDir(argv.archive, 'archive');
  const { auditImports } = await import('../../replay/import/audit.ts');
  const { protocolScore } = await import('../../replay/scoring/eee-export.ts');
  const { selectImportsCollecting } = await import('../../replay/import/store.ts');
  const archive = new Archive(argv.archive);
  let report;
  try {
    const { imports, damaged } = selectImportsCollecting(archive, argv.imports ?? []);
    report = { ...auditImports(imports, { protocol: protocolScore }), damaged };
    if (damaged.length) report.ok = false;
  } finally {
    archive.close();
  }
  if (argv.json) printJson(report);
  else {
    line(`audit of imported logs in ${argv.archive}: each framework's own protocol (docket's source-eval weighting and coverage rule do not apply)`);
    if (!report.imports && !report.damaged.length) line('no imports in the archive (docket import inspect|lm-eval|helm|eee …)');
    // Every finding and every unverifiable number on its own line; an import's reproduced numbers
    // too, unless there are more than a screenful (a HELM run has ~150): then one line counts them.
    const reproduced = new Map<string, number>();
    for (const r of report.rows) if (r.status === 'reproduced') reproduced.set(r.import, (reproduced.get(r.import) ?? 0) + 1);
    const summarized = new Set<string>();
    for (const r of report.rows) {
      if (r.status === 'reproduced' && (reproduced.get(r.import) ?? 0) > AUDIT_ROWS_SHOWN) {
        if (!summarized.has(r.import)) line(`REPRODUCED   ${r.import}: ${reproduced.get(r.import)} numbers (--json lists each)`);
        summarized.add(r.import);
        continue;
      }
      line(`${r.status.toUpperCase().padEnd(12)} ${r.import} ${r.scope} ${r.metric}: reported ${r.reported ?? '–'}, recomputed ${r.recomputed ?? '–'}${r.note ? `  (${r.note})` : ''}`);
    }
    for (const d of report.damaged) line(`DAMAGED      ${d.import}: ${d.message}`);
    line(
      `${report.counts.reproduced} reproduced, ${report.counts.mismatch} mismatch, ${report.counts.unverifiable} unverifiable${report.damaged.length ? `, ${report.damaged.length} damaged imports` : ''}`,
    );
  }
  process.exitCode = report.ok ? EXIT.OK : EXIT.FINDINGS;
}

/** `docket replay --imported [REF…]`: the hook replay.ts calls (logic in replay/import/replay.ts). */
export async function replayImportedCommand(argv: GlobalArgs, names: string[]) {
  const { requireDir } = await import('../paths.ts');
  requireDir(argv.archive, 'archive');
  const { replayImports } = await import('../../replay/import/replay.ts');
  const { selectImportsCollecting } = await import('../../replay/import/store.ts');
  const archive = new Archive(argv.archive);
  let report;
  try {
    const { imports, damaged } = selectImportsCollecting(archive, names);
    report = { ...replayImports(imports), damaged };
    if (damaged.length) report.ok = false;
  } finally {
    archive.close();
  }
  if (argv.json) printJson(report);
  else {
    if (!report.imports.length) line('no imports in the archive (docket import inspect|lm-eval|helm|eee …)');
    for (const r of report.imports) {
      const cov = r.coverage === null ? '' : `, raw-request coverage ${(100 * r.coverage).toFixed(1)} % of samples`;
      line(
        `${r.mismatched ? 'MISMATCH' : 'OK      '} ${r.import} (${r.framework}): ${r.samples} samples; ${r.checked} checked, ${r.matched} matched, ${r.mismatched} mismatched, ${r.unsupported} not rebuildable${cov}`,
      );
      for (const n of r.notes) line(`    note: ${n}`);
    }
    for (const d of report.diffs.slice(0, 50)) line(`  ${d.import} ${d.where}: ${d.field}: logged ${JSON.stringify(d.logged)?.slice(0, 120)}, rebuilt ${JSON.stringify(d.rebuilt)?.slice(0, 120)}`);
    if (report.diffs.length > 50) line(`  … ${report.diffs.length - 50} more (--json lists every one)`);
    for (const d of report.damaged) line(`DAMAGED  ${d.import}: ${d.message}`);
  }
  process.exitCode = report.ok ? EXIT.OK : EXIT.FINDINGS;
}

/** `docket regrade --imported [REF…] [--grader G]`: the hook regrade.ts calls (logic in replay/import/regrade.ts). */
export async function regradeImportedCommand(argv: GlobalArgs & { grader?: string }, names: string[]) {
  const { requireDir } = await import('../paths.ts');
  requireDir(argv.archive, 'archive');
  const { grader, CURRENT_GRADERS } = await import('../../replay/grading/graders.ts');
  const { regradeImport } = await import('../../replay/import/regrade.ts');
  const { selectImports } = await import('../../replay/import/store.ts');
  const g = argv.grader ? grader(argv.grader) : CURRENT_GRADERS.decision;
  const archive = new Archive(argv.archive);
  let results;
  try {
    const gradedAt = new Date().toISOString();
    results = selectImports(archive, names).map((imp) => regradeImport(archive, imp, g, gradedAt));
  } finally {
    archive.close();
  }
  if (argv.json) return printJson({ ok: true, imports: results });
  if (!results.length) line('no imports in the archive (docket import inspect|lm-eval|helm|eee …)');
  for (const r of results) {
    const c = r.counts;
    line(
      `${r.status.padEnd(9)} ${r.import} with ${r.grader}: ${c.samples} multiple-choice samples (${c.correct} correct, ${c.incorrect} incorrect, ${c.invalid} invalid, ${c.truncated} truncated), ${c.agreeWithLog} agree with the log's own score; ${r.skipped} skipped (no letter target and choices)${r.grade ? `  grade ${r.grade}` : ''}`,
    );
    for (const d of r.disagreements.slice(0, 20)) line(`    ${d.sample}: log ${d.logged}, ${r.grader} ${d.verdict}`);
  }
}

export async function runInspect(argv: ArgumentsCamelCase<Args>) {
  const plans: ImportPlan[] = [];
  for (const f of argv.files ?? []) plans.push(await planInspect(basename(f), readSource(f)));
  report(argv, plans);
}

export function runLmEval(argv: ArgumentsCamelCase<Args>) {
  const { plans, skipped } = planLmEval(argv.dir!);
  return report(argv, plans, skipped);
}

export async function runHelm(argv: ArgumentsCamelCase<Args>) {
  const { readHelmDir } = await import('../../replay/import/helm.ts');
  return report(
    argv,
    (argv.dirs ?? []).map((d) => readHelmDir(d)),
  );
}

export async function runEee(argv: ArgumentsCamelCase<Args>) {
  const { readEeeFile } = await import('../../replay/import/eee.ts');
  return report(
    argv,
    (argv.files ?? []).map((f) => readEeeFile(f)),
  );
}

/** An import's files in one line: those of one directory (a HELM run) as `DIR/ (a, b, …)`, not the directory again before each. */
export function sourcesLine(files: string[]): string {
  const dir = files[0]?.includes('/') ? files[0].slice(0, files[0].lastIndexOf('/') + 1) : '';
  if (files.length < 2 || !dir || !files.every((f) => f.startsWith(dir) && !f.slice(dir.length).includes('/'))) return files.join(', ');
  return `${dir} (${files.map((f) => f.slice(dir.length)).join(', ')})`;
}
