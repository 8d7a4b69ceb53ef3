import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { byUtf8 } from '../format/utf8.ts';
import type { Archive } from '../store/archive.ts';
import { Index } from '../store/sqlindex.ts';
import { BANK_FILE, benchmarkVersion, encodeRead, loadBankFile, openSuite, readParts, type EncodeOptions, type FrozenParts, type ReadParts } from './bank.ts';
import { loadFrozenBank, type FrozenTask } from './frozen.ts';
import { taskValues, type TaskValue } from './tasks.ts';
import type { Suite } from './layout.ts';
import { contentConfig } from '../content/policy.ts';
import type { Digest } from '../format/digest.ts';
import { DocketError } from '../errors.ts';
import { canonicalBytes, type Json } from '../format/json.ts';
import { snapshotSource, type SnapshotOptions, type SourceEntry } from './snapshot.ts';
import type { BankFile } from './types.ts';

/**
 * Bank drift (issue #18 item 2): is the bank in the working tree the bank the runs measured? The
 * working tree is read the way `docket snapshot` reads it (readParts → snapshotSource, whatever
 * file selection the snapshot policy makes); each run's plan names its frozen bank. Read-only.
 */

export type DriftKind =
  | 'question-added'
  | 'question-removed'
  | 'question-changed'
  | 'task-added'
  | 'task-removed'
  | 'task-changed'
  | 'template'
  | 'protocol'
  | 'source-added'
  | 'source-removed'
  | 'source-changed'
  | 'name';

export interface DriftChange {
  kind: DriftKind;
  id: string; // question id, source eval, or the part's name
  message: string;
  files?: string[]; // source-changed: the files that differ, relative to the repository root
}

export interface BankMeasured {
  bank: Digest; // the frozen bank a plan names
  benchmarkVersion: Digest;
  runs: string[]; // run ids whose plan names it, in byte order
}

export interface BankDrift extends BankMeasured {
  worktreeVersion: Digest;
  changes: DriftChange[];
}

/** Every frozen bank the runs of the archive measured (refs/runs/* → plan → bank; judge runs left out), with its runs. */
export function banksMeasured(archive: Archive): BankMeasured[] {
  const fromIndex = banksMeasuredFromIndex(archive);
  if (fromIndex) return fromIndex;
  const byBank = new Map<Digest, BankMeasured>();
  const ids = archive.store
    .listRefs()
    .filter((r) => r.name.startsWith('runs/'))
    .map((r) => r.name.slice(5))
    .sort(byUtf8);
  for (const id of ids) {
    const run = archive.get(archive.ref(`runs/${id}`)!).value as { plan: Digest; serves?: Digest };
    if (run.serves) continue; // a judge run grades a run that measured the bank; it measures nothing itself
    const plan = archive.get(run.plan).value as { bank: Digest; benchmarkVersion: Digest }; // a plan bundle (runs/runs.ts PlanValue)
    const entry = byBank.get(plan.bank) ?? { bank: plan.bank, benchmarkVersion: plan.benchmarkVersion, runs: [] };
    entry.runs.push(id);
    byBank.set(plan.bank, entry);
  }
  return [...byBank.values()].sort((a, b) => byUtf8(a.bank, b.bank));
}

/** The same from the index (one query, not two bundles per run); null when it cannot answer for every run. */
function banksMeasuredFromIndex(archive: Archive): BankMeasured[] | null {
  if (!Index.exists(archive.dir)) return null; // never create one just for this: release pack and check write nothing
  let rows: { id: string; bank: Digest; benchmarkVersion: Digest; kind: string }[];
  let refs: number;
  try {
    const db = archive.currentIndex().db;
    refs = db.prepare("SELECT COUNT(*) FROM refs WHERE name LIKE 'runs/%'").pluck().get() as number;
    rows = db
      .prepare(
        "SELECT substr(f.name, 6) AS id, p.bank, p.benchmark_version AS benchmarkVersion, r.kind FROM refs f JOIN runs r ON r.digest = f.digest JOIN plans p ON p.digest = r.plan WHERE f.name LIKE 'runs/%'",
      )
      .all() as typeof rows;
  } catch {
    return null; // the cache cannot be used here: the bundles answer
  }
  if (rows.length !== refs || refs !== archive.listedRefs().filter((r) => r.name.startsWith('runs/')).length) return null;
  const byBank = new Map<Digest, BankMeasured>();
  for (const r of rows.sort((a, b) => byUtf8(a.id, b.id))) {
    if (r.kind === 'judge') continue; // as above: judge runs measure nothing
    const entry = byBank.get(r.bank) ?? { bank: r.bank, benchmarkVersion: r.benchmarkVersion, runs: [] };
    entry.runs.push(r.id);
    byBank.set(r.bank, entry);
  }
  return [...byBank.values()].sort((a, b) => byUtf8(a.bank, b.bank));
}

/** True when `root` holds a bank to compare (decision-bank.json). */
export const hasWorktreeBank = (root: string) => existsSync(join(root, BANK_FILE));

/** The working tree's bank, read as `docket snapshot` reads it (nothing encoded yet). */
export interface WorktreeBank {
  root: string;
  file: BankFile;
  read: ReadParts;
  opts: EncodeOptions;
}

/** Read the working tree's bank; its errors are the working tree's (a bad bank file, a secret, a file over the cap). */
export function readWorktreeBank(root: string, opts: EncodeOptions = {}): WorktreeBank {
  const file = loadBankFile(root);
  return { root, file, read: readParts(root, file, opts), opts };
}

/** The drift of the working tree at `root` from every bank the archive's runs measured. */
export function bankDrift(root: string, archive: Archive, opts: EncodeOptions = {}): BankDrift[] {
  const measured = banksMeasured(archive);
  if (measured.length === 0) return []; // nothing was measured: no bank to be faithful to
  return driftFrom(archive, measured, readWorktreeBank(root, opts));
}

/** The drift of a working-tree bank already read from the banks `measured`; a damaged or missing bundle is the archive's finding. */
export function driftFrom(archive: Archive, measured: BankMeasured[], tree: WorktreeBank): BankDrift[] {
  const { root, file, read, opts } = tree;
  let encoded: FrozenParts | null = null;
  const parts = () => (encoded ??= encodeRead(file, read).parts);
  return measured.map((m) => {
    const same = sameContent(archive, m.bank, file, read);
    if (same) return { ...m, worktreeVersion: same, changes: [] };
    const p = parts();
    return { ...m, worktreeVersion: p.benchmarkVersion, changes: sameFrozen(archive, m.bank, file.name, p.benchmarkVersion) ? [] : changesFrom(root, archive, m.bank, file, p, opts) };
  });
}

/**
 * The working tree is the frozen bank when the names agree, every part read from the tree has exactly
 * the bytes of the part the bank names (the same source evals, template and protocol), and its
 * questions give the bank's benchmark version with those parts. Telling so needs no encoding (the
 * pinned deflate of every source: most of leaderboard's start-up): returns the benchmark version,
 * or null when anything differs (then the parts are encoded and compared by digest).
 */
function sameContent(archive: Archive, bankDigest: Digest, file: BankFile, read: ReadParts): Digest | null {
  const bank = archive.get(bankDigest).value as { name?: string; benchmarkVersion?: Digest; template: Digest; protocol: Digest; sources?: { sourceEval: string; digest: Digest }[] };
  const sources = bank.sources ?? [];
  if (bank.name !== file.name || sources.length !== read.sources.length) return null;
  // Only inflated and compared: equal bytes are the working tree's own canonical value, so no parse is needed.
  const bytesEqual = (digest: Digest, value: unknown) => {
    // A redacted part (design.md §23) has no bytes to compare: its digest is compared instead, below.
    if (!archive.store.has(digest) && archive.store.redaction(digest)) return false;
    const stored = archive.store.content(digest);
    return Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength).equals(canonicalBytes(value as Json));
  };
  if (!bytesEqual(bank.template, read.template) || !bytesEqual(bank.protocol, read.protocol)) return null;
  const then = new Map(sources.map((s) => [s.sourceEval, s.digest]));
  for (const s of read.sources) {
    const digest = then.get(s.sourceEval);
    if (!digest || !bytesEqual(digest, s.value)) return null;
  }
  const tasks = taskValues(file.tasks, new Map(read.sources.map((s) => [s.sourceEval, s.value])));
  const version = benchmarkVersion({ protocol: bank.protocol, template: bank.template, questions: file.questions, sources, tasks });
  return version === bank.benchmarkVersion ? version : null;
}

// Equal benchmark versions cover questions, template, protocol and sources; the bank's name is outside it.
function sameFrozen(archive: Archive, bank: Digest, name: string, version: Digest): boolean {
  const v = archive.get(bank).value as { name?: string; benchmarkVersion?: string };
  return v.benchmarkVersion === version && v.name === name;
}

const QUESTION_FIELDS = ['sourceEval', 'stem', 'options', 'key', 'claim', 'doesNotEstablish', 'probe'] as const;
const show = (v: unknown) => {
  const t = JSON.stringify(v);
  return t.length > 60 ? `${t.slice(0, 57)}…` : t;
};

function changesFrom(root: string, archive: Archive, bankDigest: Digest, file: BankFile, parts: FrozenParts, opts: EncodeOptions): DriftChange[] {
  const frozen = loadFrozenBank(archive, bankDigest);
  const out: DriftChange[] = [];
  if (frozen.name !== file.name) out.push({ kind: 'name', id: 'name', message: `the bank is named ${file.name}; the runs measured ${frozen.name}` });
  const now = new Map(file.questions.map((q) => [q.id, q]));
  const then = new Map(frozen.questions.map((q) => [q.id, q]));
  for (const [id, q] of then) {
    const w = now.get(id);
    if (!w) out.push({ kind: 'question-removed', id, message: `question ${id} was measured and is no longer in ${BANK_FILE}` });
    else {
      const fields = QUESTION_FIELDS.filter((f) => !sameJson(q[f], w[f]));
      if (fields.length)
        out.push({ kind: 'question-changed', id, message: `question ${id}: ${fields.map((f) => (f === 'key' ? `key ${q.key} → ${w.key}` : `${f} ${show(q[f])} → ${show(w[f])}`)).join('; ')}` });
    }
  }
  for (const id of now.keys()) if (!then.has(id)) out.push({ kind: 'question-added', id, message: `question ${id} is in ${BANK_FILE} but was not measured` });
  out.push(...taskChanges(frozen.tasks, parts.tasks));
  if (frozen.templateDigest !== parts.template) out.push({ kind: 'template', id: 'promptTemplate', message: `the prompt template is ${parts.template}; the runs measured ${frozen.templateDigest}` });
  if (frozen.protocolDigest !== parts.protocol) out.push({ kind: 'protocol', id: 'protocol', message: `the scoring protocol is ${parts.protocol}; the runs measured ${frozen.protocolDigest}` });
  out.push(...sourceChanges(root, archive, bankDigest, parts.sources, openSuite(root, file), { config: contentConfig(file), lister: opts.lister }));
  return out.sort((a, b) => byUtf8(a.kind, b.kind) || byUtf8(a.id, b.id));
}

/** Tasks added, removed or changed (with the members that differ: the prompt read from the source snapshot, the graders…). */
function taskChanges(then: readonly FrozenTask[], now: readonly TaskValue[]): DriftChange[] {
  const out: DriftChange[] = [];
  const byId = new Map(now.map((t) => [t.id, t]));
  for (const { digest: _d, source: _s, ...t } of then) {
    const w = byId.get(t.id);
    if (!w) out.push({ kind: 'task-removed', id: t.id, message: `task ${t.id} was measured and is no longer in ${BANK_FILE}` });
    else {
      const fields = [...new Set([...Object.keys(t), ...Object.keys(w)])].filter((f) => !sameJson((t as Record<string, unknown>)[f], (w as unknown as Record<string, unknown>)[f])).sort(byUtf8);
      if (fields.length) out.push({ kind: 'task-changed', id: t.id, message: `task ${t.id}: ${fields.join(', ')} changed` });
    }
  }
  const measured = new Set(then.map((t) => t.id));
  for (const t of now) if (!measured.has(t.id)) out.push({ kind: 'task-added', id: t.id, message: `task ${t.id} is in ${BANK_FILE} but was not measured` });
  return out;
}

// A member absent on one side (a task's optional system prompt) differs from any value on the other.
const sameJson = (a: unknown, b: unknown) => (a === undefined || b === undefined ? a === b : Buffer.from(canonicalBytes(a as Json)).equals(Buffer.from(canonicalBytes(b as Json))));

function sourceChanges(root: string, archive: Archive, bankDigest: Digest, now: { sourceEval: string; digest: Digest }[], suite: Suite, snapOpts: SnapshotOptions): DriftChange[] {
  const bank = archive.get(bankDigest).value as { sources?: { sourceEval: string; digest: Digest }[] };
  const then = new Map((bank.sources ?? []).map((s) => [s.sourceEval, s.digest]));
  const out: DriftChange[] = [];
  for (const s of now) {
    const old = then.get(s.sourceEval);
    const dir = suite.dirOf(s.sourceEval)!; // parts.sources come from the same suite
    if (!old) out.push({ kind: 'source-added', id: s.sourceEval, message: `source eval ${dir}/ was not measured` });
    else if (old !== s.digest && !archive.store.has(old) && archive.store.redaction(old)) {
      out.push({ kind: 'source-changed', id: s.sourceEval, message: `source eval ${s.sourceEval} changed (the measured snapshot ${old} is redacted: its files cannot be compared)`, files: [] });
    } else if (old !== s.digest) {
      const files = changedFiles((archive.get(old).value as { entries: SourceEntry[] }).entries, snapshotSource(root, { id: s.sourceEval, dir }, snapOpts).entries).map((p) => `${dir}/${p}`);
      out.push({ kind: 'source-changed', id: s.sourceEval, message: `source eval ${s.sourceEval} changed: ${files.join(', ') || 'file modes or links'}`, files });
    }
  }
  for (const se of then.keys()) if (!now.some((s) => s.sourceEval === se)) out.push({ kind: 'source-removed', id: se, message: `source eval ${se} was measured and is gone` });
  return out;
}

/** Paths added, removed or changed between two snapshots' entries. */
function changedFiles(a: SourceEntry[], b: SourceEntry[]): string[] {
  const key = (e: SourceEntry) => (e.type === 'file' ? `f ${e.mode} ${e.digest}` : `l ${e.target}`);
  const ma = new Map(a.map((e) => [e.path, key(e)]));
  const mb = new Map(b.map((e) => [e.path, key(e)]));
  const paths = new Set([...ma.keys(), ...mb.keys()]);
  return [...paths].filter((p) => ma.get(p) !== mb.get(p)).sort(byUtf8);
}

/** One line per drifted bank, for `check` and refusals. */
export function describeDrift(d: BankDrift): string {
  return `the working tree (benchmark version ${d.worktreeVersion}) is not bank ${d.bank} (benchmark version ${d.benchmarkVersion}) that ${d.runs.length} run(s) measured (${d.runs.join(', ')}): ${d.changes.length} change(s)`;
}

/**
 * `docket verify FILE.tgz`: the verified tree's bank against the runs its archive holds, one
 * message per change (an unreadable bank is one message too: damaged input is a finding).
 */
export function releaseDrift(tree: string, archive: Archive): string[] {
  try {
    return bankDrift(tree, archive).flatMap((d) =>
      d.changes.map((c) => `${c.message} (the shipped runs ${d.runs.join(', ')} measured bank ${d.bank}, benchmark version ${d.benchmarkVersion}; the shipped tree is ${d.worktreeVersion})`),
    );
  } catch (e) {
    if (e instanceof DocketError) return [`the shipped bank cannot be compared with the bank its runs measured: ${e.code}: ${e.message}`];
    throw e;
  }
}
