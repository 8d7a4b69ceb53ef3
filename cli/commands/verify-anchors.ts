import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { Archive } from '../../replay/index/archive.ts';
import { Store } from '../../replay/store/store.ts';
import { type Finding, finding } from '../../replay/findings.ts';
import { sha256, type Digest } from '../../replay/format/digest.ts';
import { EXIT, usageError } from '../../replay/errors.ts';
import { checkAttestation, checkClaims, PLAN_PREDICATE, subjectDigests, type RunClaim } from '../../replay/release/attest.ts';
import { checkTrees, openCheckpoint, treesOf, type Checkpoint } from '../../replay/release/checkpoint.ts';
import { loadPublicKey } from '../../replay/release/dsse.ts';
import { line, printJson } from '../output.ts';

/**
 * `docket verify --attestation FILE --key PUB [DIR|FILE.tgz]` and the `--checkpoint NOTE --key PUB`
 * checks (docs/design.md §22), all offline: the signature first, then what the signed thing claims
 * against the evidence at hand (an archive, or a release tarball verified in full).
 */

function readInput(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw usageError('EREAD', `cannot read ${what} ${path}: ${(e as Error).message}`, { path });
  }
}

export function publicKeyFor(flag: string, key: string | undefined): KeyObject {
  if (!key) throw usageError('EUSAGE', `${flag} needs --key PUB: the publisher's Ed25519 public key it must be signed by`);
  return loadPublicKey(readInput(key, 'key'), key);
}

/** Open a checkpoint with the key: its findings (format, signature) and, when it verifies, its tree. */
export function openNote(file: string, key: KeyObject): { checkpoint: Checkpoint | null; findings: Finding[] } {
  const o = openCheckpoint(file, readInput(file, 'checkpoint'), key);
  return { checkpoint: o.ok ? o.checkpoint : null, findings: o.findings };
}

/** An archive's trees against a signed checkpoint: which tree it is of, or ECHECKPOINTROOT. */
export function checkpointAgainstArchive(file: string, key: KeyObject, archiveDir: string): { matched: string | null; checkpoint: Checkpoint | null; findings: Finding[] } {
  const opened = openNote(file, key);
  if (!opened.checkpoint) return { matched: null, ...opened };
  const archive = new Archive(archiveDir);
  try {
    const r = checkTrees(file, opened.checkpoint, treesOf(archive));
    return { matched: r.matched, checkpoint: opened.checkpoint, findings: r.findings };
  } finally {
    archive.close();
  }
}

const isTarball = (p: string) => /\.(tgz|tar\.gz)$/.test(p) || (existsSync(p) && statSync(p).isFile());

export async function verifyAttestationCommand(argv: { attestation?: string; key?: string; dir?: string; archive?: string; json: boolean }) {
  const file = argv.attestation!;
  const key = publicKeyFor('--attestation', argv.key);
  const check = checkAttestation(file, readInput(file, 'attestation'), key);
  const findings = [...check.findings];
  const st = check.ok ? check.statement : null;
  const subjects = st ? subjectDigests(st) : [];
  let evidence: string | null = null;
  let claimsChecked = 0;
  let unchecked: string[] = [];
  const add = (code: 'EATTESTSUBJECT', message: string) => findings.push(finding(code, message, { path: file, digest: null }));
  const claims = (archiveDir: string) => {
    const archive = new Archive(archiveDir);
    try {
      const r = checkClaims(st!, archive, file);
      findings.push(...r.findings);
      claimsChecked = r.checked;
      unchecked = r.unchecked;
      // About a bundle this archive holds (a run, a plan record): it must be what the claims are about.
      const held = subjects.filter((d) => archive.store.has(d));
      if (held.length && st!.predicateType !== PLAN_PREDICATE) {
        const runs = ((st!.predicate as { runs?: RunClaim[] }).runs ?? []).map((c) => c.run);
        if (runs.length !== held.length || runs.some((r) => !held.includes(r))) add('EATTESTSUBJECT', `the subject names ${held.join(', ')}, but the claims are about ${runs.join(', ') || 'no run'}`);
      }
    } finally {
      archive.close();
    }
  };
  if (st && argv.dir && isTarball(argv.dir)) {
    // A release: verified in full, then its archive backs the claims. The attestation is about the
    // release itself (its digest is the subject, which then anchors the tarball) or about bundles
    // the release carries (a run's attestation: the signed subject anchors the run, which must be in it).
    evidence = argv.dir;
    const digest = sha256(readInput(argv.dir, 'release'));
    const aboutRelease = subjects.includes(digest as Digest);
    const { verifyAndExtractRelease } = await import('../../replay/release/verify.ts');
    const v = await verifyAndExtractRelease(resolve(argv.dir), { keep: true, ...(aboutRelease ? { expect: digest as Digest } : {}) });
    try {
      findings.push(...v.report.findings.filter((f) => f.severity === 'error'));
      if (v.stagingDir) {
        const store = new Store(join(v.stagingDir, 'evidence'));
        if (!aboutRelease && !subjects.some((d) => store.has(d)))
          add('EATTESTSUBJECT', `${argv.dir} is ${digest} and carries none of ${subjects.join(', ')}; the attestation is about neither the release nor a bundle in it`);
        else claims(join(v.stagingDir, 'evidence'));
      }
    } finally {
      v.cleanup();
    }
  } else if (st) {
    const dir = argv.dir ?? argv.archive;
    if (dir && existsSync(join(dir, 'objects'))) {
      evidence = dir;
      claims(dir);
    }
  }
  const ok = findings.every((f) => f.severity !== 'error');
  const report = { ok, attestation: file, keyid: check.keyid, predicateType: st?.predicateType ?? null, subject: st?.subject ?? [], evidence, claimsChecked, unchecked, findings };
  process.exitCode = ok ? EXIT.OK : EXIT.FINDINGS;
  if (argv.json) return printJson(report);
  line(`verify attestation ${file}${check.keyid ? ` (signed by ${check.keyid})` : ''}`);
  if (st) line(`  ${st.predicateType} about ${st.subject.map((s) => `${s.name} sha256:${s.digest.sha256}`).join(', ')}`);
  if (st)
    line(
      evidence
        ? `  ${claimsChecked} claim(s) recomputed from ${evidence}${unchecked.length ? `; not in it: ${unchecked.join(', ')}` : ''}`
        : '  no archive or release at hand: the signature and the statement were checked, not the numbers',
    );
  for (const f of findings) line(`  ERROR ${f.code}: ${f.message}`);
  line(ok ? 'ok' : 'attestation rejected');
}
