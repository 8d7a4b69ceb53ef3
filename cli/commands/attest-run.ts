import { existsSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import type { Digest } from '../../replay/format/digest.ts';
import { findingError, usageError } from '../../replay/errors.ts';
import { canonicalBytes, type Json } from '../../replay/format/json.ts';
import { loadPrivateKey } from '../../replay/release/dsse.ts';
import { RESULT_PREDICATE, resultPredicate, runClaims, signStatement, statementOf, storeAttestation, subjectOf, type Statement } from '../../replay/release/attest.ts';
import { resolveRunRef } from '../../replay/runs/run-ref.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';
import { readKey } from './release-run.ts';

export interface AttestArgs extends GlobalArgs {
  target: string;
  key: string;
  out: string;
}

const isRelease = (t: string) => /\.(tgz|tar\.gz)$/.test(t);

/**
 * `docket attest RUN|RELEASE` (docs/design.md §22). A run's attestation is also kept in the
 * archive (an `attestation` bundle), so the next release carries it; a release's cannot be inside
 * the release it is about, so it is only written to --out (and `release push --attestation`
 * attaches it in a registry).
 */
export async function runAttest(argv: ArgumentsCamelCase<AttestArgs>) {
  const key = loadPrivateKey(readKey(argv.key), argv.key);
  if (existsSync(argv.out)) throw usageError('EEXISTS', `${argv.out} exists; an attestation is never written over a file`, { path: argv.out });
  let statement: Statement;
  let stored: Digest | null = null;
  if (isRelease(argv.target)) {
    if (!existsSync(argv.target)) throw usageError('ENOFILE', `${argv.target}: no such file`, { file: argv.target });
    const { verifyAndExtractRelease } = await import('../../replay/release/verify.ts');
    const v = await verifyAndExtractRelease(resolve(argv.target), { keep: true });
    try {
      if (!v.report.ok || !v.stagingDir || !v.report.digest) {
        const errors = v.report.findings.filter((f) => f.severity === 'error');
        throw findingError('ERELEASE', `${argv.target} does not verify (${errors.map((f) => f.code).join(', ')}); nothing attested. Run \`docket verify ${argv.target}\``, { file: argv.target });
      }
      const archive = new Archive(join(v.stagingDir, 'evidence'));
      try {
        statement = statementOf([subjectOf(basename(argv.target), v.report.digest)], RESULT_PREDICATE, resultPredicate(runClaims(archive)));
      } finally {
        archive.close();
      }
    } finally {
      v.cleanup();
    }
  } else {
    requireDir(argv.archive, 'archive');
    const archive = new Archive(argv.archive);
    try {
      const id = resolveRunRef(archive, argv.target);
      const digest = (id.startsWith('sha256:') ? id : archive.ref(`runs/${id}`)) as Digest | null;
      if (!digest) throw usageError('ENORUN', `no sealed run ${argv.target} in ${argv.archive}`, { run: argv.target });
      const [claim] = runClaims(archive, [digest]);
      statement = statementOf([subjectOf(`run/${claim!.runId}`, digest)], RESULT_PREDICATE, resultPredicate([claim!]));
      stored = storeAttestation(archive, digest, statement, signStatement(statement, key)); // Ed25519 is deterministic: the same envelope as the file's
    } finally {
      archive.close();
    }
  }
  const envelope = signStatement(statement, key);
  writeFileSync(argv.out, `${Buffer.from(canonicalBytes(envelope as unknown as Json)).toString('utf8')}\n`, { flag: 'wx' });
  const subject = statement.subject[0]!;
  if (argv.json) return printJson({ ok: true, out: argv.out, subject, predicateType: statement.predicateType, keyid: envelope.signatures[0]!.keyid, attestation: stored });
  line(`wrote ${argv.out}: ${subject.name} sha256:${subject.digest.sha256} (${statement.predicateType})`);
  if (stored) line(`  kept in the archive as ${stored}, so a release carries it`);
  line(`  check it with: docket verify --attestation ${argv.out} --key <public key>`);
}
