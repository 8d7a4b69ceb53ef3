import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import { bankDrift, describeDrift } from '../../replay/bank/drift.ts';
import { findingError, usageError } from '../../replay/errors.ts';
import { generateKeys, loadPrivateKey } from '../../replay/release/dsse.ts';
import type { Lister } from '../../replay/content/policy.ts';
import { DIGEST_FILE } from '../../replay/content/release-rules.ts';
import { LIMITS } from '../../replay/release/limits.ts';
import { packRelease, planRelease, SCRIPTS_DIR, writeDigestFile, writeFileAtomic } from '../../replay/release/pack.ts';
import { gitLister, printSelection } from '../offline/content-git.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireValidBank } from './bank-run.ts';
import { requirePassingMatrices } from '../../replay/grading/grader-matrix.ts';
import { suiteGradersAt } from '../../replay/grading/suite-graders.ts';
import { bankRootOf } from '../where.ts';
import { collectVendor } from '../offline/vendor.ts';
import { loadBankFile } from '../../replay/bank/bank.ts';

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
  concurrency: number;
  'chunk-size': number;
}

export async function runPack(argv: ArgumentsCamelCase<PackArgs>) {
  const root = bankRootOf(argv);
  const lister = gitLister(root) ?? undefined;
  if (argv.list) return listRelease(argv, root, lister);
  const signKey = argv.sign ? loadPrivateKey(readKey(argv.sign), argv.sign) : undefined;
  if (!argv.json) line(`release pack: the bank at ${root} and the archive ${argv.archive} into ${argv.out}`); // before the work
  requireValidBank(root, 'release pack refused'); // a release ships only a bank that validates
  refuseDrift(root, resolve(argv.archive));
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
  writeFileAtomic(argv.out, r.bytes);
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
  const k = generateKeys();
  writeFileSync(argv.out, k.privatePem, { mode: 0o600, flag: 'wx' });
  writeFileSync(pub, k.publicPem, { mode: 0o644, flag: 'wx' });
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
      const r = await pushRelease(client, argv.file, verified.report.digest, verified.stagingDir, argv['chunk-size']);
      if (argv.json) return printJson(r);
      line(`pushed ${r.ref}@${r.digest} (tarball ${r.tarball})`);
      line(
        r.signature
          ? `  signature ${r.signature.digest} attached ${r.signature.attached === 'referrer' ? 'as an OCI referrer' : `under tag ${r.signature.tag}`}`
          : '  unsigned release: no signature attached',
      );
      line(`  verify it with: docket verify ${r.ref} --expect ${r.tarball}`);
    } finally {
      client.close();
    }
  } finally {
    verified.cleanup();
  }
}
