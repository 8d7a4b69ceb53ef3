import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import { bankDrift, describeDrift } from '../../replay/bank/drift.ts';
import { findingError, usageError } from '../../replay/errors.ts';
import { generateKeys, loadPrivateKey } from '../../replay/release/dsse.ts';
import type { Lister } from '../../replay/content/policy.ts';
import { DIGEST_FILE } from '../../replay/content/release-rules.ts';
import { LIMITS } from '../../replay/release/limits.ts';
import { packRelease, planRelease, SCRIPTS_DIR, writeDigestFile } from '../../replay/release/pack.ts';
import { makeDir, writeOutput } from '../paths.ts';
import { gitLister, printSelection } from '../offline/content-git.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireValidBank } from './bank-run.ts';
import { requirePassingMatrices } from '../../replay/grading/grader-matrix.ts';
import { suiteGradersAt } from '../../replay/grading/suite-graders.ts';
import { bankRootOf } from '../where.ts';
import { collectVendor } from '../offline/vendor.ts';
import { loadBankFile } from '../../replay/bank/bank.ts';
import { historyGaps, readHistory } from '../../replay/runs/history.ts';
import { bundlesOfKind } from '../../replay/runs/plans.ts';
import { parseAttestation, subjectDigests, type AttestationValue } from '../../replay/release/attest.ts';
import type { AttestationToAttach } from '../registry/referrers.ts';
import type { Digest } from '../../replay/format/digest.ts';
import { canonicalBytes, type Json } from '../../replay/format/json.ts';

export interface PackArgs extends GlobalArgs {
  out: string;
  sign?: string;
  writeDigest: boolean;
  list: boolean;
  vendor: boolean;
}
export interface KeygenArgs extends GlobalArgs {
  out: string;
}

function listRelease(argv: PackArgs, root: string, lister: Lister | undefined) {
  const plan = planRelease(root, resolve(argv.archive), SCRIPTS_DIR, LIMITS, lister);
  const shipped = plan.sources.map((s) => ({ path: s.path, size: s.size }));
  const result = {
    ok: true,
    policy: plan.selection.policy,
    mode: plan.selection.mode,
    files: shipped,
    excluded: plan.selection.excluded,
    allowedDenied: plan.selection.allowed,
    allowedSecrets: plan.allowedSecrets,
  };
  if (argv.json) return printJson(result);
  printSelection(shipped, plan.selection, plan.allowedSecrets);
  line(
    `release pack --list: ${shipped.length} files would ship (${plan.selection.mode === 'git' ? 'candidates from git' : 'candidates from .gitignore files'}); ${plan.selection.excluded.length} left out; nothing was written`,
  );
}

/** A release ships the bank of the working tree; its evidence must have measured that bank. */
export function refuseDrift(root: string, archiveDir: string) {
  const archive = new Archive(archiveDir);
  try {
    const drifted = bankDrift(root, archive, { lister: gitLister(root) ?? undefined }).filter((d) => d.changes.length);
    if (!drifted.length) return;
    const changes = drifted.flatMap((d) => d.changes.map((c) => c.message));
    throw findingError(
      'EBANKDRIFT',
      `release not packed: ${drifted.map(describeDrift).join('; ')}:\n${changes.map((c) => `  ${c}`).join('\n')}\nThe release would ship a bank its evidence did not measure: restore the measured bank (git checkout) or record new runs of this one.`,
      { drift: drifted },
    );
  } finally {
    archive.close();
  }
}

/** A release carries every run and plan record of the models it publishes (design.md §22): refuse, naming what it would leave out. */
export function refuseHistoryGaps(archiveDir: string) {
  if (!existsSync(archiveDir)) return; // no archive: no history to leave out (and a refused pack creates nothing)
  const archive = new Archive(archiveDir);
  try {
    const gaps = historyGaps(readHistory(archive));
    if (gaps.length)
      throw findingError(
        'EPACKHISTORY',
        `release not packed: it would not carry every run and plan record of the models it publishes:\n${gaps.map((g) => `  ${g}`).join('\n')}\nA stranger audits the release alone: what it leaves out, nobody can count.`,
        { gaps },
      );
  } finally {
    archive.close();
  }
}

export function readKey(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw usageError('EREAD', `cannot read key ${path}: ${(e as Error).message}`, { path });
  }
}

export interface PushArgs extends GlobalArgs {
  ref: string;
  file: string;
  attestation?: string[];
  concurrency: number;
  'chunk-size': number;
}

export async function runPack(argv: ArgumentsCamelCase<PackArgs>) {
  const root = bankRootOf(argv);
  const lister = gitLister(root) ?? undefined;
  if (argv.list) return listRelease(argv, root, lister);
  const signKey = argv.sign ? loadPrivateKey(readKey(argv.sign), argv.sign) : undefined;
  if (!argv.json) line(`release pack: the bank at ${root} and the archive ${argv.archive} into ${argv.out}`); // before the work
  makeDir(dirname(resolve(argv.out)), `the release ${argv.out}`); // before the work: a path that cannot be written fails at once
  requireValidBank(root, 'release pack refused'); // a release ships only a bank that validates
  refuseDrift(root, resolve(argv.archive));
  refuseHistoryGaps(resolve(argv.archive));
  const suite = suiteGradersAt(root);
  if (suite?.declared.size) {
    const archive = new Archive(argv.archive);
    try {
      requirePassingMatrices(archive, suite);
    } finally {
      archive.close();
    }
  }
  const extra = argv.vendor ? collectVendor(root, loadBankFile(root)) : [];
  const r = await packRelease({ root, archive: resolve(argv.archive), signKey, lister, extra });
  writeOutput(argv.out, r.bytes, `the release ${argv.out}`);
  if (argv.writeDigest) writeDigestFile(root, r.digest);
  const vendored = Math.max(0, extra.length - 1); // the tarballs, without vendor.json
  const summary = {
    ok: true,
    out: argv.out,
    digest: r.digest,
    bytes: r.bytes.length,
    tarBytes: r.tarBytes,
    files: r.files,
    merkleRoot: r.manifest.merkleRoot,
    manifestDigest: r.manifestDigest,
    signed: r.signed,
    digestFile: argv.writeDigest ? DIGEST_FILE : null,
    vendored,
  };
  if (argv.json) return printJson(summary);
  line(`${r.digest}  ${argv.out}`);
  line(`  ${r.files} files, ${(r.tarBytes / 1e6).toFixed(1)} MB tar → ${(r.bytes.length / 1e6).toFixed(1)} MB gzip; merkle root ${r.manifest.merkleRoot}${r.signed ? '; signed' : ''}`);
  if (argv.vendor) line(`  ${vendored} vendored package tarballs (vendor/npm/); install them offline with \`node scripts/install-offline.mjs\``);
  if (argv.writeDigest) line(`  recorded in ${DIGEST_FILE}`);
}

export function runKeygen(argv: ArgumentsCamelCase<KeygenArgs>) {
  const pub = `${argv.out}.pub`;
  for (const p of [argv.out, pub]) if (existsSync(p)) throw usageError('EEXISTS', `${p} exists; keys are never overwritten`, { path: p });
  makeDir(dirname(resolve(argv.out)), `the key ${argv.out}`);
  const k = generateKeys();
  try {
    writeFileSync(argv.out, k.privatePem, { mode: 0o600, flag: 'wx' });
    writeFileSync(pub, k.publicPem, { mode: 0o644, flag: 'wx' });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (!code) throw e;
    throw usageError('EWRITE', `cannot write the key ${argv.out}: the folder ${dirname(resolve(argv.out))} is not writable (${code}); name a path in a folder you can write to`, {
      path: dirname(resolve(argv.out)),
    });
  }
  if (argv.json) return printJson({ ok: true, private: argv.out, public: pub, keyid: k.keyid });
  line(`wrote ${argv.out} (private, 0600) and ${pub}; keyid ${k.keyid}`);
  line('Publish the .pub file; verifiers pass it with `docket verify FILE.tgz --key FILE.pub`.');
}

export async function runPush(argv: ArgumentsCamelCase<PushArgs>) {
  const { verifyAndExtractRelease } = await import('../../replay/release/verify.ts');
  const verified = await verifyAndExtractRelease(argv.file, { keep: true });
  try {
    if (!verified.report.ok || !verified.stagingDir || !verified.report.digest) {
      const errors = verified.report.findings.filter((f) => f.severity === 'error');
      throw findingError('ERELEASE', `${argv.file} does not verify (${errors.map((f) => f.code).join(', ')}); nothing pushed. Run 'docket verify ${argv.file}' for the findings.`, {
        file: argv.file,
      });
    }
    const { openClient } = await import('./registry-run.ts');
    const { pushRelease } = await import('../registry/release.ts');
    const client = openClient(argv.ref, 'pull,push', argv.concurrency);
    try {
      const attestations = collectAttestations(verified.stagingDir, verified.report.digest, argv.attestation ?? []);
      const r = await pushRelease(client, argv.file, verified.report.digest, verified.stagingDir, argv['chunk-size'], attestations);
      if (argv.json) return printJson(r);
      line(`pushed ${r.ref}@${r.digest} (tarball ${r.tarball})`);
      line(
        r.signature
          ? `  signature ${r.signature.digest} attached ${r.signature.attached === 'referrer' ? 'as an OCI referrer' : `under tag ${r.signature.tag}`}`
          : '  unsigned release: no signature attached',
      );
      for (const a of r.attestations) line(`  attestation ${a.about} ${a.digest} attached ${a.attached === 'referrer' ? 'as an OCI referrer' : `in the referrers index tagged ${a.tag}`}`);
      line(`  verify it with: docket verify ${r.ref} --expect ${r.tarball}`);
    } finally {
      client.close();
    }
  } finally {
    verified.cleanup();
  }
}

export interface ReleaseCheckpointArgs extends GlobalArgs {
  file: string;
  key: string;
  origin?: string;
  name?: string;
  out?: string;
}

/** `docket release checkpoint`: the verified release's Merkle root (over its bundles) as a signed note (design.md §22). */
export async function runReleaseCheckpoint(argv: ArgumentsCamelCase<ReleaseCheckpointArgs>) {
  const key = loadPrivateKey(readKey(argv.key), argv.key);
  const { verifyAndExtractRelease } = await import('../../replay/release/verify.ts');
  const v = await verifyAndExtractRelease(resolve(argv.file), { keep: true });
  try {
    if (!v.report.ok || !v.stagingDir) {
      const errors = v.report.findings.filter((f) => f.severity === 'error');
      throw findingError('ERELEASE', `${argv.file} does not verify (${errors.map((f) => f.code).join(', ')}); no checkpoint written. Run 'docket verify ${argv.file}'`, { file: argv.file });
    }
    const { treesOf } = await import('../../replay/release/checkpoint.ts');
    const { writeCheckpoint } = await import('./plan-run.ts');
    const archive = new Archive(join(v.stagingDir, 'evidence'));
    let trees;
    try {
      trees = treesOf(archive);
    } finally {
      archive.close();
    }
    const bankName = (loadBankFile(v.stagingDir) as { name?: string }).name ?? 'docket';
    writeCheckpoint(argv, `${bankName}/releases`, trees.objects, key);
  } finally {
    v.cleanup();
  }
}

/**
 * What `release push` attaches as referrers: every attestation the release's archive carries (a
 * run's, a plan record's), then each --attestation file, which must be about this tarball or about
 * a bundle inside it (EATTESTSUBJECT otherwise; its signature is the verifier's to check).
 */
function collectAttestations(tree: string, tarball: Digest, files: string[]): AttestationToAttach[] {
  const out: AttestationToAttach[] = [];
  const archive = new Archive(join(tree, 'evidence'));
  try {
    for (const d of bundlesOfKind(archive, 'attestation')) {
      const v = archive.get(d).value as unknown as AttestationValue;
      const subject = archive.get(v.subject);
      const about = subject.descriptor.kind === 'run' ? `run-${(subject.value as { id: string }).id}` : `${subject.descriptor.kind}-${v.subject.slice(7, 19)}`;
      out.push({ envelope: Buffer.from(canonicalBytes(v.envelope as unknown as Json)), predicateType: v.predicateType, about });
    }
    for (const f of files) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(f);
      } catch (e) {
        throw usageError('EREAD', `cannot read attestation ${f}: ${(e as Error).message}`, { path: f });
      }
      const p = parseAttestation(f, bytes);
      if (!p.statement) throw findingError('EATTEST', `${f}: ${p.findings[0]?.message ?? 'not an attestation'}`, { path: f });
      const subjects = subjectDigests(p.statement);
      if (!subjects.some((s) => s === tarball || archive.store.has(s)))
        throw findingError('EATTESTSUBJECT', `${f} is about ${subjects.join(', ')}: neither this release (${tarball}) nor a bundle in it; nothing pushed`, { path: f });
      out.push({ envelope: bytes, predicateType: p.statement.predicateType, about: basename(f).replace(/\.(intoto\.)?json$/, '') });
    }
  } finally {
    archive.close();
  }
  return out;
}
