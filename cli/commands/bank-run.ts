import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import {
  BANK_FILE,
  computeProbeLock,
  COVERAGE_CODE,
  encodeParts,
  freezeBank,
  loadBankFile,
  openSuite,
  PROBE_LOCKFILE,
  probeRel,
  requireTreePath,
  snapshotBank,
  validateBankFile,
  type Violation,
} from '../../replay/bank/bank.ts';
import { currentBank } from '../../replay/bank/frozen.ts';
import { requireSafeNames } from '../../replay/bank/layout.ts';
import { bankRootOf } from '../where.ts';
import { sha256, type Digest } from '../../replay/format/digest.ts';
import { DocketError, EXIT, findingError, usageError } from '../../replay/errors.ts';
import { compareEvidence, evidenceValue, probeProblem, probeSpec, replaySpec, runtimeProblem, type EvidenceValue, type ReplayOutcome } from '../../replay/bank/evidence.ts';
import { INSTALL_COMMAND, lockfilePath, readLock, type Lock } from '../../replay/bank/lockfiles.ts';
import { VENDOR_INDEX } from '../../replay/release/vendor.ts';
import { installedPackages, lockProblem, packageChanges } from '../../replay/bank/packages.ts';

import { contentConfig, POLICY_ID, type Selection } from '../../replay/content/policy.ts';
import { applyAllowances, formatHit, scanBytes, secretError, type SecretHit } from '../../replay/content/secrets.ts';
import { selectSource, snapshotSource } from '../../replay/bank/snapshot.ts';
import type { BankFile, Question } from '../../replay/bank/types.ts';
import { printSelection } from '../offline/content-git.ts';
import { encodeOptions } from './validate-run.ts';
import { line, printJson, progress, type GlobalArgs } from '../output.ts';
import { readProbe, runProbe, runProbes, runtimeHere } from '../offline/probes.ts';
import { probeWorkspace, type ProbeWorkspace } from '../offline/workspace.ts';
import { checkAnchor, openRelease, type AnchorArgs } from './release-from.ts';
import { graderViolations } from '../../replay/grading/suite-graders.ts';

/**
 * The full bank validation (schema, authoring rules, paths inside the tree, probe lock) of the
 * bank in `dir`, or EINVALID: what capture and release pack require before they freeze or ship it.
 */
export function requireValidBank(dir: string, what: string) {
  const bank = loadBankFile(dir);
  requireValid([...validateBankFile(dir, bank), ...graderViolations(dir, bank)], what);
}

/** What evidence capture demands: every rule but coverage (a bank is captured while it grows). */
function requireCapturable(dir: string, bank: BankFile) {
  requireValid(
    [...validateBankFile(dir, bank), ...graderViolations(dir, bank)].filter((v) => v.code !== COVERAGE_CODE),
    'evidence capture refused',
  );
}

function requireValid(violations: Violation[], what = 'the bank') {
  if (violations.length)
    throw findingError(
      'EINVALID',
      `${what}: the bank has ${violations.length} violations (first: ${violations[0]!.code} ${violations[0]!.question ?? violations[0]!.sourceEval ?? ''}: ${violations[0]!.message}); run \`docket validate\``,
      { violations },
    );
}

export interface SnapshotArgs extends GlobalArgs {
  list: boolean;
}

/** `docket snapshot --list`: the content policy's decision for every source eval; exit 1 if a secret would refuse it. */
function listSnapshot(argv: SnapshotArgs, root: string, bank: BankFile) {
  const config = contentConfig(bank, BANK_FILE);
  const { lister } = encodeOptions(root);
  const hits: SecretHit[] = [];
  const suite = openSuite(root, bank);
  requireSafeNames(suite, 'snapshot --list');
  const files = (s: Selection) => s.included.map((f) => ({ path: f.path, size: f.size }));
  // Each source eval's list is printed as soon as it is read; --json prints once, at the end.
  const evals = suite.evals.map((se) => {
    const selection = selectSource(root, se, { config, lister });
    const snap = snapshotSource(root, se, { config, lister, hits });
    const e = { sourceEval: se.id, dir: se.dir, selection, allowedSecrets: snap.allowedSecrets ?? [] };
    if (!argv.json) {
      line(`${e.dir} (${e.selection.mode === 'git' ? 'candidates from git' : 'candidates from .gitignore files'})`);
      printSelection(
        files(e.selection),
        e.selection,
        e.allowedSecrets.map((a) => ({ ...a, redacted: '' })),
      );
    }
    return e;
  });
  const refused = applyAllowances(hits, config.allowSecrets).refused;
  if (argv.json) {
    printJson({
      ok: refused.length === 0,
      policy: POLICY_ID,
      evals: evals.map((e) => ({
        sourceEval: e.sourceEval,
        dir: e.dir,
        mode: e.selection.mode,
        files: files(e.selection),
        excluded: e.selection.excluded,
        allowedDenied: e.selection.allowed,
        allowedSecrets: e.allowedSecrets,
      })),
      secrets: refused,
    });
  } else {
    for (const h of refused) line(`SECRET ${formatHit(h)}`);
    const n = evals.reduce((k, e) => k + e.selection.included.length, 0);
    line(`snapshot --list: ${n} files in ${evals.length} source evals would be stored; nothing was written${refused.length ? `; ${refused.length} possible secret(s) would refuse the snapshot` : ''}`);
  }
  process.exitCode = refused.length ? EXIT.FINDINGS : EXIT.OK;
}

export interface EvidenceArgs extends GlobalArgs, AnchorArgs {
  action: 'capture' | 'replay' | 'lock';
  question?: string[];
  'timeout-ms'?: number;
}

function lock(argv: EvidenceArgs) {
  const root = bankRootOf(argv);
  const bank = loadBankFile(root);
  const text = `${JSON.stringify(computeProbeLock(root, bank), null, 2)}\n`;
  mkdirSync(dirname(join(root, PROBE_LOCKFILE)), { recursive: true }); // a new suite has no lockfiles/ yet
  writeFileSync(join(root, PROBE_LOCKFILE), text);
  if (argv.json) printJson({ ok: true, path: PROBE_LOCKFILE });
  else line(`wrote ${PROBE_LOCKFILE}`);
}

function selectQuestions<T extends { id: string }>(all: T[], wanted?: string[]): T[] {
  if (!wanted?.length) return all;
  const unknown = wanted.filter((id) => !all.some((q) => q.id === id));
  if (unknown.length) throw usageError('EQUESTION', `unknown question id: ${unknown.join(', ')}`, { unknown });
  return all.filter((q) => wanted.includes(q.id));
}

async function capture(argv: EvidenceArgs) {
  const root = bankRootOf(argv);
  const bank = loadBankFile(root);
  requireCapturable(root, bank);
  const suite = openSuite(root, bank);
  const archive = new Archive(argv.archive);
  const { parts, bundles } = encodeParts(root, bank, encodeOptions(root)); // written only once every probe succeeded
  const sourceOf = new Map(parts.sources.map((s) => [s.sourceEval, s.digest]));
  const lockDigest = sha256(readFileSync(join(root, PROBE_LOCKFILE)));
  // Validation read it already when a probe imports a package; a suite whose probes import none may have no lockfile.
  const suiteLock = lockfilePath(root, bank) === null ? null : readLock(root, bank);
  // Keep evidence of questions not re-captured this time (capture --question X).
  const evidence = new Map<string, Digest>();
  const prior = archive.ref('bank/current') ? currentBank(archive) : null;
  for (const q of prior?.questions ?? []) evidence.set(q.id, q.evidence);
  const selected = selectQuestions(bank.questions, argv.question);
  const failures: { question: string; reason: string }[] = [];
  const values: EvidenceValue[] = [];
  const allowSecrets = contentConfig(bank).allowSecrets;
  const leaks: SecretHit[] = [];
  await runProbes(
    selected,
    async (q: Question) => {
      const probePath = probeRel(suite, q)!; // validated above: the source eval exists
      const spec = probeSpec(bank, q);
      const timeoutMs = argv['timeout-ms'] ?? spec.timeoutMs;
      // What the probe loads must be what the lock pins: evidence of an unlocked package proves nothing.
      const { packages, lent } = installedPackages(root, requireTreePath(root, probePath), suiteLock);
      const drift = packages.map((p) => (suiteLock === null ? `${p.name} is imported, and the suite has no lockfile to pin it` : lockProblem(p, suiteLock))).filter((p) => p !== null);
      // Evidence records what the suite's own install loaded: a package from outside the tree is another installation's.
      for (const path of lent) drift.push(`${path} lies outside the suite's tree: install the suite's dependencies in ${root} (\`${suiteLock ? INSTALL_COMMAND[suiteLock.kind] : 'npm install'}\`)`);
      if (drift.length) {
        failures.push({ question: q.id, reason: `installed packages differ from ${suiteLock?.path ?? 'the lockfile'}: ${drift.join('; ')}` });
        return;
      }
      const run = await runProbe(root, probePath, { runtime: spec.runtime, timeoutMs });
      // The output is stored verbatim and a failure quotes it: the scanner reads it first (issue #33).
      const hits = [...scanBytes(`${probePath} (stdout)`, run.stdout), ...scanBytes(`${probePath} (stderr)`, run.stderr)];
      const leaked = applyAllowances(hits, allowSecrets).refused;
      if (leaked.length) {
        leaks.push(...leaked);
        return;
      }
      const problem = probeProblem(q, run);
      if (problem) {
        failures.push({ question: q.id, reason: problem });
        return;
      }
      const value = evidenceValue(q, run, {
        source: sourceOf.get(q.sourceEval)!,
        probePath,
        probeDigest: sha256(readProbe(root, probePath)),
        lockPath: PROBE_LOCKFILE,
        lockDigest,
        node: process.version,
        platform: process.platform,
        arch: process.arch,
        timeoutMs,
        packages,
      });
      values.push(value);
    },
    progress('probes'),
  );
  if (leaks.length) {
    archive.close();
    leaks.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || (a.rule < b.rule ? -1 : 1)));
    throw secretError(leaks, 'docket evidence capture (probe output); the bank was not re-frozen');
  }
  if (failures.length) {
    archive.close();
    failures.sort((a, b) => (a.question < b.question ? -1 : 1));
    throw findingError('EPROBE', `${failures.length} probes failed; the bank was not re-frozen:\n${failures.map((f) => `  ${f.question}: ${f.reason}`).join('\n')}`, { failures });
  }
  // Only now, with every probe good, does anything new reach the archive.
  for (const b of bundles) archive.putEncoded(b);
  for (const value of values) evidence.set(value.question, archive.put(value).digest);
  const digest = freezeBank(archive, bank, parts, evidence);
  archive.close();
  if (argv.json) printJson({ ok: true, captured: selected.length, bank: digest, benchmarkVersion: parts.benchmarkVersion });
  else line(`captured ${selected.length} probes; bank ${digest} (refs/bank/current), benchmark version ${parts.benchmarkVersion}`);
}

export interface EvidenceReplayResult {
  ok: boolean;
  bank: Digest;
  total: number;
  matched: number;
  mismatched: number;
  failed: Omit<ReplayOutcome, 'ok'>[];
  /** questions whose archived evidence was redacted (design.md §23): not compared, not failed */
  redacted: { question: string; digest: Digest; reason: string }[];
  /** where the probes' packages came from: the tree's own install, the release's vendored tarballs, or the docket that runs */
  packages: ProbeWorkspace['packages'];
}

/**
 * Re-run every probe of the archive's current bank from the working tree and compare: the probe's
 * bytes, its runtime (installed, same version), the packages it loads (installed as the suite's
 * lockfile pins them and, for schema-2 evidence, as capture found them) and its output.
 */
export async function evidenceReplay(
  archiveDir: string,
  opts: { question?: string[]; timeoutMs?: number; root: string; onStart?: (probes: number, bank: Digest) => void; privateTree?: boolean },
): Promise<EvidenceReplayResult> {
  const archive = new Archive(archiveDir);
  let workspace: ProbeWorkspace | null = null;
  try {
    // An extracted release without its packages installed runs its probes in a private copy that has them.
    workspace = probeWorkspace(opts.root, { isPrivate: opts.privateTree });
    const tree = workspace.root;
    const bank = currentBank(archive);
    const selected = selectQuestions(bank.questions, opts.question);
    opts.onStart?.(selected.length, bank.digest);
    const lock = treeLock(tree);
    const outcomes: ReplayOutcome[] = [];
    const redacted: EvidenceReplayResult['redacted'] = [];
    await runProbes(
      selected,
      async (q) => {
        let archived: EvidenceValue;
        try {
          archived = archive.get(q.evidence).value as unknown as EvidenceValue;
        } catch (e) {
          // A damaged or missing evidence bundle fails its question; the other probes still run.
          if (!(e instanceof DocketError && e.exitCode === EXIT.FINDINGS)) throw e;
          // Redacted on purpose: nothing to compare with, which is said, not failed.
          if (e.code === 'EREDACTED') {
            redacted.push({ question: q.id, digest: q.evidence, reason: e.message });
            return;
          }
          outcomes.push({ question: q.id, ok: false, reason: `${e.code}: ${e.message}` });
          return;
        }
        let probeDigest: Digest;
        let probeAbs: string;
        try {
          probeAbs = requireTreePath(tree, archived.probe.path);
          probeDigest = sha256(readProbe(tree, archived.probe.path));
        } catch (e) {
          const why = e instanceof DocketError ? e.message : `probe ${archived.probe.path} is missing from the working tree`;
          outcomes.push({ question: q.id, ok: false, reason: why });
          return;
        }
        const spec = replaySpec(archived, opts.timeoutMs);
        const here = runtimeHere(spec.runtime);
        const extra: string[] = [];
        const runtime = runtimeProblem(archived, { node: process.version, runtime: here });
        if (runtime) extra.push(runtime);
        extra.push(...packageFindings(tree, probeAbs, archived, lock));
        const run = here.version === null ? null : await runProbe(tree, archived.probe.path, spec);
        outcomes.push(compareEvidence(q, archived, probeDigest, run, extra));
      },
      progress('probes'),
    );
    outcomes.sort((a, b) => (a.question < b.question ? -1 : 1));
    const failed = outcomes.filter((o) => !o.ok).map(({ ok: _ok, ...rest }) => rest);
    redacted.sort((a, b) => (a.question < b.question ? -1 : 1));
    return { ok: failed.length === 0, bank: bank.digest, total: outcomes.length, matched: outcomes.length - failed.length, mismatched: failed.length, failed, redacted, packages: workspace.packages };
  } finally {
    workspace?.cleanup();
    archive.close();
  }
}

/** The tree's lockfile (the one its decision-bank.json names, else the first present), or why there is none. */
function treeLock(tree: string): Lock | { problem: string } {
  try {
    let named: { lockfile?: string } = {};
    try {
      named = loadBankFile(tree);
    } catch {
      // no readable bank file: the default lockfile names apply
    }
    return readLock(tree, named);
  } catch (e) {
    if (e instanceof DocketError) return { problem: `${e.code}: ${e.message}` };
    throw e;
  }
}

/** What installs the lock in this tree: an extracted release packed with --vendor installs from its own tarballs, offline. */
function installCommand(tree: string, lock: Lock): string {
  return existsSync(join(tree, VENDOR_INDEX)) ? 'node scripts/install-offline.mjs' : INSTALL_COMMAND[lock.kind];
}

/** The installed packages a probe loads against the lock and (schema 2) against what capture loaded. */
function packageFindings(tree: string, probeAbs: string, archived: EvidenceValue, lock: Lock | { problem: string }): string[] {
  const now = installedPackages(tree, probeAbs, 'problem' in lock ? null : lock);
  const then = archived.schemaVersion === 2 ? (archived.packages ?? []) : null;
  if (!now.packages.length && !then?.length) return [];
  const out: string[] = [];
  if ('problem' in lock) out.push(`the installed packages cannot be checked: ${lock.problem}`);
  else
    for (const p of now.packages) {
      const problem = lockProblem(p, lock, installCommand(tree, lock));
      if (problem) out.push(problem);
    }
  if (then) out.push(...packageChanges(then, now).filter((c) => !out.includes(c)));
  return out;
}

async function replay(argv: EvidenceArgs) {
  checkAnchor(argv, 'docket evidence replay');
  // What runs is said before the probes run (they take a while); --json prints once, at the end.
  const onStart = argv.json ? undefined : (n: number, bank: Digest) => line(`evidence replay: re-running ${n} probe(s) offline against the evidence of bank ${bank}`);
  const result = argv.from ? await replayRelease(argv) : await evidenceReplay(argv.archive, { question: argv.question, timeoutMs: argv['timeout-ms'], root: bankRootOf(argv), onStart });
  if (argv.json) printJson(result);
  else {
    for (const f of result.failed) {
      line(`  MISMATCH ${f.question}: ${f.reason}`);
      if (f.exitCode === undefined) continue;
      line(`    this run: ${f.runtime ? `${f.runtime.name} ${f.runtime.version}, ` : ''}exit code ${f.exitCode} (archived ${f.archivedExitCode})${f.stderr ? '; stderr:' : '; no stderr'}`);
      for (const l of (f.stderr ?? '').trimEnd().split('\n').slice(0, 20)) if (l) line(`      ${l}`);
    }
    for (const r of result.redacted) line(`  hint HREDACTED ${r.question}: not compared, its evidence rests on a redaction: ${r.reason}`);
    line(
      `evidence replay: ${result.matched}/${result.total} probes reproduce their archived output (bank ${result.bank})${result.redacted.length ? `; ${result.redacted.length} not compared (evidence redacted)` : ''}`,
    );
  }
  process.exitCode = result.ok ? EXIT.OK : EXIT.FINDINGS;
}

/** --from: the probes and the archive both come from the verified release tree, never the working tree. */
// The release verify behind --from already refused a tarball whose bank its runs did not measure.
// `release.packages` says where the probes' packages came from: the release's vendored tarballs, or docket's own installation.
async function replayRelease(argv: EvidenceArgs): Promise<EvidenceReplayResult & { release: { file: string; digest: string | null; anchored: string; packages: ProbeWorkspace['packages'] } }> {
  const r = await openRelease(argv, 'docket evidence replay');
  try {
    // A release packed with --vendor brings the suite's packages; one without borrows docket's own.
    const result = await evidenceReplay(join(r.dir, 'evidence'), { question: argv.question, timeoutMs: argv['timeout-ms'], root: r.dir, privateTree: true });
    return { ...result, release: { file: argv.from!, digest: r.digest, anchored: r.anchored, packages: result.packages } };
  } finally {
    r.cleanup();
  }
}

export function runSnapshot(argv: ArgumentsCamelCase<SnapshotArgs>) {
  const root = bankRootOf(argv);
  const bank = loadBankFile(root);
  if (argv.list) return listSnapshot(argv, root, bank);
  if (!argv.json) line(`snapshot: the source evals, prompt template and protocol of ${bank.name} into ${argv.archive}`); // before the work
  const archive = new Archive(argv.archive);
  const parts = snapshotBank(root, archive, bank, encodeOptions(root));
  archive.close();
  if (argv.json) printJson({ ok: true, ...parts });
  else {
    for (const s of parts.sources) line(`${s.digest}  source ${s.sourceEval}`);
    line(`${parts.template}  prompt-template`);
    line(`${parts.protocol}  protocol`);
    line(`benchmark version ${parts.benchmarkVersion} (${parts.written} new objects)`);
  }
}

export async function runEvidence(argv: ArgumentsCamelCase<EvidenceArgs>) {
  if (argv.from !== undefined && argv.action !== 'replay') throw usageError('EUSAGE', `--from applies to \`docket evidence replay\`, not ${argv.action}`);
  if (argv.action === 'lock') return lock(argv);
  if (argv.action === 'capture') return capture(argv);
  return replay(argv);
}
