import { join } from 'node:path';
import type { ArgumentsCamelCase } from 'yargs';
import { readFileSync } from 'node:fs';
import { loadBankFile, openSuite } from '../../replay/bank/bank.ts';
import { taskValue, type TaskValue } from '../../replay/bank/tasks.ts';
import { EXIT, findingError, usageError } from '../../replay/errors.ts';
import { replayArchive, type FieldDiff, type ReplayReport, type WorktreeBank } from '../../replay/runs/replay.ts';
import { Archive } from '../../replay/index/archive.ts';
import { installNetworkGuard } from '../offline/netguard.ts';
import { checkAnchor, openRelease, type AnchorArgs } from './release-from.ts';
import { findingLine, line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';
import { bankRootOf } from '../where.ts';

/**
 * `docket replay [RUN...] [--all] [--against-worktree] [--from FILE.tgz]`: rebuild every request of
 * the sealed runs from the archive, match the journal, re-check its hash chain, verify every bundle
 * the runs name (docs/design.md "Replay"). Offline by construction: the network guard goes in
 * before anything else runs.
 */
export interface ReplayArgs extends GlobalArgs, AnchorArgs {
  runs?: string[];
  all: boolean;
  againstWorktree: boolean;
  imported: boolean;
}

const MAX_PRINTED_FINDINGS = 30;

/** The working tree's template and questions (what --against-worktree rebuilds from). */
export function worktreeBank(root: string): WorktreeBank {
  const file = loadBankFile(root);
  if (!file || typeof file !== 'object' || !Array.isArray(file.questions) || !file.promptTemplate) throw findingError('EBANKJSON', 'decision-bank.json has no questions array or promptTemplate', {});
  return { template: file.promptTemplate, questions: file.questions, tasks: worktreeTasks(root, file) };
}

/** The working tree's tasks, a prompt file read from the eval's folder (what a change to it would break). */
function worktreeTasks(root: string, file: ReturnType<typeof loadBankFile>): TaskValue[] {
  if (!file.tasks?.length) return [];
  const suite = openSuite(root, file);
  const out: TaskValue[] = [];
  for (const t of file.tasks) {
    const dir = suite.dirOf(t.sourceEval);
    let entries: { path: string; type: 'file'; encoding: 'utf8'; content: string }[] = [];
    if (dir !== undefined && t.prompt && 'file' in t.prompt) {
      try {
        entries = [{ path: t.prompt.file, type: 'file', encoding: 'utf8', content: readFileSync(join(root, dir, t.prompt.file), 'utf8') }];
      } catch {
        entries = []; // the task is left out: its requests are reported as not rebuilt
      }
    }
    const v = taskValue(t, { entries: entries as never });
    if (v) out.push(v);
  }
  return out;
}

/** --from: verify the release end to end, replay the archive inside it, always remove the staging copy. */
async function replayRelease(a: AnchorArgs, names: string[], worktree: WorktreeBank | undefined): Promise<ReplayReport> {
  const r = await openRelease(a, 'docket replay');
  try {
    const report = await withArchive(join(r.dir, 'evidence'), (a) => replayArchive(a, { runs: names, worktree }));
    return { ...report, archive: `${a.from}!decision-verification/evidence`, release: { file: a.from, digest: r.digest, anchored: r.anchored } } as ReplayReport;
  } finally {
    r.cleanup();
  }
}

/** What is replayed, and from what: printed before the work when the archive is read directly. */
function printHeader(h: { selection: 'all' | 'named'; runs: number; archive: string; rebuiltFrom: 'worktree' | 'archive' }) {
  if (h.selection === 'all') line(`no RUN named: replaying all ${h.runs} sealed runs in ${h.archive}`);
  line(
    `rebuilding requests from ${h.rebuiltFrom === 'worktree' ? 'the working tree (decision-bank.json): mismatches show what a change would break' : 'the frozen bank each plan names (archive only)'}`,
  );
}

function printHuman(r: ReplayReport, header = true) {
  if (header) printHeader({ selection: r.selection, runs: r.runs.length, archive: r.archive, rebuiltFrom: r.rebuiltFrom });
  const rows = [
    ['run', 'model', 'requests', 'matched', 'mismatched', 'chain', 'bundles', 'findings'],
    ...r.runs.map((x) => [
      x.run,
      x.model ?? '?',
      String(x.requests),
      String(x.matched),
      String(x.mismatched),
      x.chain,
      String(x.bundles),
      String(x.findings.filter((f) => f.severity === 'error').length),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) line(`  ${row.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`);
  let printed = 0;
  for (const run of r.runs) {
    for (const f of run.findings) {
      if (printed++ >= MAX_PRINTED_FINDINGS) continue;
      line(findingLine(f));
      for (const d of (f.data.diff as FieldDiff[] | undefined) ?? []) line(`    ${d.path}: rebuilt ${show(d, 'rebuilt')}, stored ${show(d, 'stored')}`);
    }
  }
  if (printed > MAX_PRINTED_FINDINGS) line(`… ${printed - MAX_PRINTED_FINDINGS} more findings (--json lists them all)`);
  for (const s of r.skipped) line(`skipped ${s.run}: ${s.reason}`);
  const resting = r.runs.filter((x) => x.findings.some((f) => f.code === 'HREDACTED'));
  if (resting.length) line(`${resting.length} run(s) rest on redacted evidence (HREDACTED above): ${resting.map((x) => x.run).join(', ')}`);
  line(
    r.ok
      ? `ok: ${r.runs.length} runs, ${r.requests} requests rebuilt, ${r.matched} matched; every journal chain intact, every referenced bundle verified`
      : `FAILED: ${r.mismatched} of ${r.requests} requests mismatched, ${r.findings} findings`,
  );
}

/** One side of a diff; long strings are cut to a window around the first differing character. */
function show(d: FieldDiff, side: 'rebuilt' | 'stored'): string {
  if (!(side in d)) return '(absent)';
  const v = d[side];
  const other = side === 'rebuilt' ? d.stored : d.rebuilt;
  if (typeof v === 'string' && typeof other === 'string' && v.length > 120) {
    let at = 0;
    while (at < v.length && v[at] === other[at]) at++;
    const from = Math.max(0, at - 40);
    return `${from ? '…' : ''}${JSON.stringify(v.slice(from, at + 80))}${at + 80 < v.length ? '…' : ''} (first difference at character ${at})`;
  }
  const text = JSON.stringify(v);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

export async function runReplay(argv: ArgumentsCamelCase<ReplayArgs>) {
  installNetworkGuard();
  if (argv.imported) return (await import('./import-run.ts')).replayImportedCommand(argv, argv.runs ?? []);
  const names = argv.runs ?? [];
  if (argv.all && names.length) throw usageError('EUSAGE', 'name runs or pass --all, not both');
  checkAnchor(argv, 'docket replay');
  const worktree = argv.againstWorktree ? worktreeBank(bankRootOf(argv)) : undefined;
  let report: ReplayReport;
  if (argv.from) report = await replayRelease(argv, names, worktree);
  else {
    requireDir(argv.archive, 'archive');
    const archive = argv.archive;
    const onStart = argv.json ? undefined : (s: { selection: 'all' | 'named'; runs: number }) => printHeader({ ...s, archive, rebuiltFrom: worktree ? 'worktree' : 'archive' });
    report = { ...(await withArchive(archive, (a) => replayArchive(a, { runs: names, worktree, onStart }))), archive }; // the archive as named
  }
  if (argv.json) printJson(report);
  else printHuman(report, argv.from !== undefined);
  process.exitCode = report.ok ? EXIT.OK : EXIT.FINDINGS;
}

/** Open the archive at `dir` for `fn`, and close it after. */
async function withArchive<T>(dir: string, fn: (a: Archive) => Promise<T>): Promise<T> {
  const a = new Archive(dir);
  try {
    return await fn(a);
  } finally {
    a.close();
  }
}
