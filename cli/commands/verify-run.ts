import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ArgumentsCamelCase } from 'yargs';
import { parseDigest, parseExpected, type Digest } from '../../replay/format/digest.ts';
import { EXIT, usageError, type Code } from '../../replay/errors.ts';
import type { ReleaseReport } from '../../replay/release/verify.ts';
import { Store } from '../../replay/store/store.ts';
import { Index } from '../../replay/store/sqlindex.ts';
import { INDEX_SCHEMA } from '../../replay/index/schema.ts';
import { verifyArchive, type VerifyReport } from '../../replay/check/verify.ts';
import { dropVerifyWorker } from '../../replay/check/verify-prestart.ts';
import { findingLine, line, printJson, progress, type GlobalArgs } from '../output.ts';
import { finding } from '../../replay/findings.ts';

export interface Args extends GlobalArgs {
  dir?: string;
  quick: boolean;
  expect?: string;
  key?: string;
  extract?: string;
  proof?: string;
  root?: string;
  attestation?: string;
  checkpoint?: string;
}

/**
 * Stored source snapshots through the secret scanner (replay/content/archive-scan.ts): hits are
 * findings. Reported beside the archive steps (as `sourcesScanned`), not as one of them.
 */
async function scanSources(dir: string, report: VerifyReport & { sourcesScanned?: number }) {
  const { scanArchiveSources } = await import('../../replay/content/archive-scan.ts');
  const { findings, checked } = scanArchiveSources(dir, { sources: verifiedSources(dir, report) });
  report.findings.push(...findings);
  report.sourcesScanned = checked;
  if (findings.length) report.ok = false;
}

/** The index's source bundles, when this verify found the index complete and right; else undefined (scan finds them itself). */
function verifiedSources(dir: string, report: VerifyReport): Set<string> | undefined {
  const step = report.steps.find((s) => s.name === 'index');
  if (!step || step.skipped || step.failed || report.findings.length) return undefined;
  try {
    const index = Index.openReadOnly(dir, INDEX_SCHEMA);
    try {
      return new Set(index.objects('source').map((o) => o.digest));
    } finally {
      index.close();
    }
  } catch {
    return undefined;
  }
}

/** A release is named by its extension or is a regular file; archives are directories. */
function isRelease(path: string): boolean {
  if (/\.(tgz|tar\.gz)$/.test(path)) return true;
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

async function releaseOptions(argv: Args) {
  if (argv.quick) throw usageError('EUSAGE', '--quick applies to archive directories; a release is always verified in full');
  const expect = argv.expect === undefined ? undefined : parseExpected(argv.expect);
  let key;
  if (argv.key) {
    let pem: Buffer;
    try {
      pem = readFileSync(argv.key);
    } catch (e) {
      throw usageError('EREAD', `cannot read key ${argv.key}: ${(e as Error).message}`, { path: argv.key });
    }
    const { loadPublicKey } = await import('../../replay/release/dsse.ts');
    key = loadPublicKey(pem, argv.key);
  }
  return { expect, key, extract: argv.extract };
}

async function verifyReleaseFile(file: string, argv: Args) {
  if (argv.checkpoint) return verifyReleaseCheckpoint(file, argv);
  const { expect, key } = await releaseOptions(argv);
  const { requireTarball } = await import('./release-from.ts');
  requireTarball(file, '');
  // Loaded here, not at the top: an archive verify does not pay for the tar and release code.
  const { verifyRelease } = await import('../../replay/release/verify.ts');
  const report = await verifyRelease(file, { expect, key, extract: argv.extract });
  if (argv.json) printJson(report);
  else printRelease(report, argv.extract);
  process.exitCode = report.ok ? EXIT.OK : EXIT.FINDINGS;
}

/**
 * `docket verify HOST/REPO:TAG`: fetch the release (each blob digest-checked), verify the tarball
 * as a file, and check that the registry's MANIFEST.json layer and signature referrer are the very
 * bytes inside it. The network is used only to fetch; the verify itself is the offline one.
 */
async function verifyReleaseRef(refText: string, argv: Args) {
  const opts = await releaseOptions(argv);
  if (opts.extract && existsSync(opts.extract)) throw usageError('EEXISTS', `--extract target ${opts.extract} exists; name a directory that does not exist`, { path: opts.extract });
  const { openClient } = await import('./registry-run.ts');
  const { fetchRelease } = await import('../registry/release.ts');
  const client = openClient(refText, 'pull', 2);
  let fetched;
  try {
    fetched = await fetchRelease(client);
  } finally {
    client.close();
  }
  try {
    const { verifyAndExtractRelease } = await import('../../replay/release/verify.ts');
    const { MANIFEST_NAME, SIG_NAME } = await import('../../replay/release/limits.ts');
    const v = await verifyAndExtractRelease(fetched.file, { expect: opts.expect, key: opts.key, keep: true }); // extracted below, once the registry's copies agree
    for (const f of v.report.findings) if (f.data.path === fetched.file) f.data.path = refText; // the temp file's name means nothing to the reader
    const report = { ...v.report, file: refText, archive: refText, ref: refText, manifestDigest: fetched.manifestDigest, signatureAttached: !!fetched.signature };
    try {
      if (v.stagingDir) {
        const add = (code: Code, path: string, message: string) => report.findings.push(finding(code, message, { path, digest: null }));
        if (!readFileSync(join(v.stagingDir, MANIFEST_NAME)).equals(fetched.manifestJson))
          add('EREGISTRYMANIFEST', MANIFEST_NAME, `the registry's MANIFEST.json layer is not the one inside the tarball`);
        const sigPath = join(v.stagingDir, SIG_NAME);
        const inside = existsSync(sigPath) ? readFileSync(sigPath) : null;
        if (fetched.signature && (!inside || !inside.equals(fetched.signature)))
          add('EREGISTRYSIG', SIG_NAME, inside ? 'the signature attached in the registry is not the one inside the tarball' : 'the registry has a signature for an unsigned tarball');
        if (inside && !fetched.signature)
          report.findings.push(finding('HNOSIGREF', 'the tarball is signed but the registry has no signature attached to it', { path: SIG_NAME, digest: null }, 'hint'));
        report.ok = report.findings.every((f) => f.severity !== 'error');
      }
      if (report.ok && opts.extract) {
        const { renameSync } = await import('node:fs');
        renameSync(v.stagingDir!, opts.extract);
      }
    } finally {
      v.cleanup();
    }
    if (argv.json) printJson(report);
    else printRelease(report, report.ok ? opts.extract : undefined);
    process.exitCode = report.ok ? EXIT.OK : EXIT.FINDINGS;
  } finally {
    fetched.cleanup();
  }
}

/**
 * `docket verify FILE.tgz --checkpoint NOTE --key PUB`: the checkpoint (signed by --key) anchors the
 * release's evidence: the release verifies in full and its bundles' Merkle root (or its plan log)
 * is the checkpoint's tree. --key is the checkpoint's key here; the tarball itself is anchored
 * only by --expect (else the HUNANCHORED hint says so).
 */
async function verifyReleaseCheckpoint(file: string, argv: Args) {
  const { publicKeyFor, checkpointAgainstArchive } = await import('./verify-anchors.ts');
  const noteKey = publicKeyFor('--checkpoint', argv.key);
  const { expect } = await releaseOptions({ ...argv, key: undefined });
  const { verifyAndExtractRelease } = await import('../../replay/release/verify.ts');
  const v = await verifyAndExtractRelease(file, { expect, keep: true });
  const report = { ...v.report, checkpoint: argv.checkpoint!, checkpointTree: null as string | null };
  try {
    if (v.stagingDir) {
      const t = performance.now();
      const c = checkpointAgainstArchive(argv.checkpoint!, noteKey, join(v.stagingDir, 'evidence'));
      report.checkpointTree = c.matched;
      report.findings.push(...c.findings);
      report.steps.push({ name: 'checkpoint', checked: 1, failed: c.findings.length ? 1 : 0, ms: performance.now() - t });
      report.ok = report.findings.every((f) => f.severity !== 'error');
      if (report.ok && argv.extract) {
        if (existsSync(argv.extract)) throw usageError('EEXISTS', `--extract target ${argv.extract} exists; name a directory that does not exist`, { path: argv.extract });
        const { renameSync } = await import('node:fs');
        renameSync(v.stagingDir, argv.extract);
      }
    }
  } finally {
    v.cleanup();
  }
  if (argv.json) printJson(report);
  else {
    printRelease(report, report.ok ? argv.extract : undefined);
    if (report.checkpointTree)
      line(`checkpoint ${argv.checkpoint}: signed by the key, and this release's ${report.checkpointTree === 'objects' ? 'bundles (its Merkle root)' : 'plan log'} is its tree`);
  }
  process.exitCode = report.ok ? EXIT.OK : EXIT.FINDINGS;
}

/** `docket verify HOST/REPO:TAG`: a release or an archive, as the artifact's type says. */
async function verifyRef(refText: string, argv: Args) {
  const { openClient } = await import('./registry-run.ts');
  const { artifactTypeOf } = await import('../registry/artifact.ts');
  const { MEDIA } = await import('../registry/layout.ts');
  const client = openClient(refText, 'pull', 4);
  let type: string | null;
  try {
    await client.ping();
    type = await artifactTypeOf(client, client.ref.digest ?? client.ref.tag!);
  } catch (e) {
    client.close();
    throw e;
  }
  if (type !== MEDIA.archive) {
    client.close();
    return verifyReleaseRef(refText, argv); // says what is wrong when it is neither
  }
  try {
    for (const o of ['expect', 'key', 'extract'] as const) if (argv[o] !== undefined) throw usageError('EUSAGE', `--${o} applies to a release; ${refText} is an archive`);
    const { verifyRemoteArchive } = await import('../registry/verify-remote.ts');
    if (!argv.json) line(`verify ${refText} (an archive in a registry: every pack streamed, every bundle checked)`);
    const shown = progress('verify');
    const report = await verifyRemoteArchive(client, { concurrency: 4, onProgress: shown });
    shown?.finish();
    if (argv.json) printJson(report);
    else {
      line(
        `  ${report.format}, ${report.manifests} manifest${report.manifests === 1 ? '' : 's'}: ${report.bundles} bundles in ${report.packs} packs, ${(report.bytes / 1e6).toFixed(1)} MB read, ${report.refs} refs`,
      );
      for (const f of report.findings) line(`  ${findingLine(f)}`);
      line(report.ok ? 'ok: every bundle passed every check, every reference resolves' : `${report.findings.length} errors`);
    }
    process.exitCode = report.ok ? EXIT.OK : EXIT.FINDINGS;
  } finally {
    client.close();
  }
}

async function verifyProof(argv: Args) {
  const file = argv.proof!;
  const root = argv.root === undefined ? undefined : (parseDigest(argv.root, '--root') as Digest);
  let checkpoint;
  const noteFindings = [];
  if (argv.checkpoint) {
    const { publicKeyFor, openNote } = await import('./verify-anchors.ts');
    const opened = openNote(argv.checkpoint, publicKeyFor('--checkpoint', argv.key));
    noteFindings.push(...opened.findings);
    checkpoint = opened.checkpoint ?? undefined; // one that does not verify anchors nothing: its findings fail the proof
  }
  if (!root && !argv.dir && !argv.checkpoint) throw usageError('EUSAGE', 'name what the proof must match: --root ROOT (a root you trust), a signed --checkpoint, and/or the archive DIR');
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw usageError('EREAD', `cannot read ${file}: ${(e as Error).message}`, { path: file });
  }
  let archive;
  if (argv.dir) {
    const { requireDir } = await import('../paths.ts');
    requireDir(argv.dir, 'archive');
    archive = { name: argv.dir, digests: new Store(argv.dir).leaves() };
  }
  const { checkProof } = await import('../../replay/release/proof.ts');
  const report = checkProof(file, bytes, { root, archive, checkpoint });
  if (noteFindings.length) {
    report.findings.unshift(...noteFindings);
    report.ok = false;
  }
  if (argv.json) printJson(report);
  else {
    line(`verify proof ${file}: ${report.digest ?? '?'} → root ${report.root ?? '?'}`);
    for (const f of report.findings) line(`  ${findingLine(f)}`);
    line(
      report.ok
        ? `ok: included in ${[root, argv.dir && `the archive ${argv.dir}`, checkpoint && `checkpoint ${checkpoint.origin} (tree size ${checkpoint.size})`].filter(Boolean).join(' and ')}`
        : 'proof rejected',
    );
  }
  process.exitCode = report.ok ? EXIT.OK : EXIT.FINDINGS;
}

function printRelease(r: ReleaseReport, extract?: string) {
  line(`verify ${r.file}${r.digest ? ` (${r.digest})` : ''}`);
  printSteps(r, 30);
  if (r.ok && extract) line(`verified tree moved to ${extract}`);
  else if (!r.ok) line('Nothing was extracted: the staging directory was removed.');
}

/** What is verified, printed before the work starts (the steps and findings follow it). */
const verifyHeader = (archive: string, quick: boolean) => `verify ${archive}${quick ? ' (quick: size + digest)' : ''}`;

export function printVerify(r: VerifyReport & { sourcesScanned?: number }, header = true) {
  if (header) line(verifyHeader(r.archive, r.quick));
  printSteps(r);
  if (r.sourcesScanned !== undefined) line(`secret scan: ${r.sourcesScanned} source snapshots read; ${r.findings.filter((f) => f.code === 'ESECRET').length} possible secrets`);
  if (r.findings.some((f) => f.severity === 'error')) line('Nothing was changed. Fix or restore the named files (e.g. `git checkout -- <path>`), then verify again.');
}

function printSteps(r: Pick<VerifyReport, 'steps' | 'findings' | 'objects' | 'bytes'>, width = 18) {
  for (const s of r.steps) {
    line(`  ${s.name.padEnd(width)} ${s.skipped ? `skipped: ${s.skipped}` : `${String(s.checked).padStart(7)} checked ${String(s.failed).padStart(5)} failed ${s.ms.toFixed(0).padStart(6)} ms`}`);
  }
  const errors = r.findings.filter((f) => f.severity === 'error');
  const hints = r.findings.filter((f) => f.severity === 'hint');
  for (const f of r.findings) line(`  ${findingLine(f)}`);
  line(`${r.objects} objects, ${(r.bytes / 1e6).toFixed(1)} MB: ${errors.length} errors, ${hints.length} hints`);
}

export async function runVerify(argv: ArgumentsCamelCase<Args>) {
  if (argv.proof) return verifyProof(argv);
  if (argv.attestation) {
    dropVerifyWorker();
    return (await import('./verify-anchors.ts')).verifyAttestationCommand(argv);
  }
  const dir = argv.dir ?? argv.archive;
  if (argv.dir && !existsSync(argv.dir)) {
    const { looksLikeRef } = await import('../registry/ref.ts');
    if (looksLikeRef(argv.dir)) {
      dropVerifyWorker();
      return verifyRef(argv.dir, argv);
    }
  }
  if (isRelease(dir)) {
    dropVerifyWorker(); // started by the CLI entry for an archive verify (`--archive FILE.tgz` looks like one)
    return verifyReleaseFile(dir, argv);
  }
  for (const o of ['expect', 'extract', 'root'] as const) if (argv[o] !== undefined) throw usageError('EUSAGE', `--${o} applies to a release tarball (FILE.tgz) or --proof, not an archive directory`);
  if (argv.key !== undefined && !argv.checkpoint) throw usageError('EUSAGE', '--key applies to a release tarball (FILE.tgz), --attestation or --checkpoint, not an archive directory alone');
  const { requireDir } = await import('../paths.ts');
  requireDir(dir, 'archive');
  if (!argv.json) line(verifyHeader(dir, argv.quick === true));
  const shown = progress('verify');
  const report = await verifyArchive(dir, { quick: argv.quick, onProgress: shown });
  shown?.finish(); // verify reports progress every 256 objects, never the last
  if (!argv.quick) await scanSources(dir, report);
  let checkpointTree: string | null = null;
  if (argv.checkpoint) {
    const { publicKeyFor, checkpointAgainstArchive } = await import('./verify-anchors.ts');
    const c = checkpointAgainstArchive(argv.checkpoint, publicKeyFor('--checkpoint', argv.key), dir);
    checkpointTree = c.matched;
    report.findings.push(...c.findings);
    if (c.findings.length) report.ok = false;
  }
  if (argv.json) printJson(argv.checkpoint ? { ...report, checkpoint: argv.checkpoint, checkpointTree } : report);
  else {
    printVerify(report, false);
    if (checkpointTree) line(`checkpoint ${argv.checkpoint}: signed by the key, and this archive's ${checkpointTree === 'objects' ? 'objects (its Merkle root)' : 'plan log'} is its tree`);
  }
  process.exitCode = report.ok ? EXIT.OK : EXIT.FINDINGS;
}
