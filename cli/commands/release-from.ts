import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseExpected } from '../../replay/format/digest.ts';
import { findingError, usageError } from '../../replay/errors.ts';

/**
 * `--from FILE.tgz` (replay, evidence replay): verify a release with the docket that is running
 * (one the user installed and trusts), anchored to a digest or key the user got from the publisher,
 * then hand the verified, extracted tree to the command. An unanchored tarball proves only that it
 * is self-consistent, so it is refused unless --unanchored says that is enough.
 */
export interface AnchorArgs {
  from?: string;
  expect?: string;
  key?: string;
  unanchored: boolean;
}

export interface OpenedRelease {
  dir: string; // the verified decision-verification/ tree
  digest: string | null;
  anchored: 'expect' | 'key' | 'expect+key' | 'unanchored';
  cleanup: () => void;
}

/**
 * A file named as a release must at least start as gzip does (1f 8b): anything else (a text file,
 * a directory's listing, a zip) is not a release at all, a usage error (exit 2) rather than a
 * finding about a damaged one.
 */
export function requireTarball(file: string, flag: string): void {
  const head = Buffer.alloc(2);
  let n = 0;
  try {
    const fd = openSync(file, 'r');
    try {
      n = readSync(fd, head, 0, 2, 0);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    throw usageError('EREAD', `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, { path: file });
  }
  if (n < 2 || head[0] !== 0x1f || head[1] !== 0x8b)
    throw usageError('ENOTRELEASE', `${flag}${file} is not a release: a release is a gzip tarball (decision-verification.tgz, from docket release pack), and this file does not start as gzip does`, {
      path: file,
    });
}

/** Check the anchor flags; a usage error says exactly what to pass. */
export function checkAnchor(a: AnchorArgs, command: string) {
  const given = a.expect !== undefined || a.key !== undefined;
  if (!a.from) {
    for (const o of ['expect', 'key'] as const) if (a[o] !== undefined) throw usageError('EUSAGE', `--${o} applies to --from FILE.tgz`);
    if (a.unanchored) throw usageError('EUSAGE', '--unanchored applies to --from FILE.tgz');
    return;
  }
  if (a.unanchored && given) throw usageError('EUSAGE', '--unanchored contradicts --expect/--key: drop one');
  if (!given && !a.unanchored) {
    throw usageError(
      'EUNANCHORED',
      `${command} --from ${a.from}: nothing ties this tarball to its publisher. Pass --expect sha256:<digest> (the digest the publisher announced, e.g. lockfiles/decision-verification.tgz.sha256 of a checkout you trust) and/or --key PUBLIC.pem (the publisher's Ed25519 key); or --unanchored to accept a self-consistent tarball of unknown origin`,
      { file: a.from },
    );
  }
}

export async function openRelease(a: AnchorArgs, command: string): Promise<OpenedRelease> {
  checkAnchor(a, command);
  const file = a.from!;
  if (!existsSync(file)) throw usageError('ENOFILE', `--from ${file}: no such file`, { file });
  requireTarball(file, '--from ');
  const expect = a.expect === undefined ? undefined : parseExpected(a.expect);
  let key;
  if (a.key !== undefined) {
    let pem: Buffer;
    try {
      pem = readFileSync(a.key);
    } catch (e) {
      throw usageError('EREAD', `cannot read key ${a.key}: ${(e as Error).message}`, { path: a.key });
    }
    const { loadPublicKey } = await import('../../replay/release/dsse.ts');
    key = loadPublicKey(pem, a.key);
  }
  const { verifyAndExtractRelease } = await import('../../replay/release/verify.ts');
  const v = await verifyAndExtractRelease(resolve(file), { keep: true, expect, key });
  if (!v.report.ok || !v.stagingDir) {
    v.cleanup();
    const errors = v.report.findings.filter((f) => f.severity === 'error');
    const first = errors[0];
    throw findingError('ERELEASE', `--from ${file}: the release does not verify (${errors.length} findings${first ? `, first ${first.code}: ${first.message}` : ''}); run \`docket verify ${file}\``, {
      file,
      findings: errors.slice(0, 20),
    });
  }
  const anchored = expect && key ? 'expect+key' : expect ? 'expect' : key ? 'key' : 'unanchored';
  return { dir: v.stagingDir, digest: v.report.digest, anchored, cleanup: v.cleanup };
}
