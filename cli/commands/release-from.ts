import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { parseDigest } from '../../replay/format/digest.ts';
import { findingError, usageError } from '../../replay/errors.ts';
import { parseStrict } from '../../replay/format/json.ts';

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
  const expect = a.expect === undefined ? undefined : parseDigest(a.expect, '--expect');
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

/**
 * Probes import pinned packages (lockfiles/probes.lock.json). A release packed without --vendor
 * ships no packages, so the verified tree gets links to the packages of the docket that is running
 * (the shipped bank's probes import docket's own dependencies), each checked to be the pinned
 * version; a different version is a finding, never a silent substitute. Returns how many it linked.
 */
export function linkProbePackages(dir: string): number {
  const lockPath = join(dir, 'lockfiles', 'probes.lock.json');
  if (!existsSync(lockPath)) return 0;
  const lock = parseStrict(readFileSync(lockPath)) as { packages?: Record<string, { version: string }> };
  const pins = Object.entries(lock.packages ?? {});
  for (const [name, pin] of pins) {
    const folder = docketPackage(name);
    if (!folder) {
      throw findingError(
        'EPROBEPACKAGE',
        `the probes need ${name}@${pin.version} (lockfiles/probes.lock.json), which this release does not vendor and this docket does not have: pack the release with \`docket release pack --vendor\`, or extract it (\`docket verify FILE --extract DIR\`), install its packages there and run \`docket evidence replay\` in DIR`,
        { name },
      );
    }
    const version = (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;
    if (version !== pin.version)
      throw findingError('EPROBEPACKAGE', `the probes pin ${name}@${pin.version}; this docket has ${version}: install the docket version the release names`, {
        name,
        pinned: pin.version,
        have: version,
      });
    const link = join(dir, 'node_modules', name);
    if (existsSync(link)) continue;
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(folder, link, 'dir');
  }
  return pins.length;
}

/**
 * The folder of an installed package as Node finds it from docket's own code, or null. Looked up
 * along Node's node_modules paths rather than by resolving `NAME/package.json`, which a package
 * whose `exports` leaves package.json out refuses (ERR_PACKAGE_PATH_NOT_EXPORTED).
 */
function docketPackage(name: string): string | null {
  for (const base of createRequire(import.meta.url).resolve.paths(name) ?? []) {
    if (existsSync(join(base, name, 'package.json'))) return join(base, name);
  }
  return null;
}
