import ignore from 'ignore';

/** The file that records the release tarball's own digest (`release pack --write-digest`). */
export const DIGEST_FILE = 'lockfiles/decision-verification.tgz.sha256';
/** The vendored npm tarballs and their listing (release/vendor.ts, `release pack --vendor`). */
export const VENDOR_PATH = /^vendor\/npm\/(?:[^/]+\.tgz|vendor\.json)$/;

/**
 * What a release never ships beyond the content policy: docket's own test code (the release runs
 * `docket check`, not docket's tests), in gitignore syntax over root-relative paths under cli/ and
 * replay/, and the file that records the release's own digest. Release pack and release verify
 * both ask releaseRule, so a tarball made by another tool is held to the same list.
 */
export const NOT_SHIPPED: readonly string[] = ['*.test.ts', '*.test.mjs', 'fixtures/', '/cli/dev/'];
let notShipped: ReturnType<typeof ignore> | null = null; // made on first use: not every command that loads this asks it

export function releaseRule(path: string): string | null {
  if (path === DIGEST_FILE) return 'not shipped: the digest of the release itself';
  if (!path.startsWith('cli/') && !path.startsWith('replay/')) return null;
  notShipped ??= ignore().add(NOT_SHIPPED);
  const r = notShipped.test(path);
  return r.ignored ? `not shipped: docket's test code (${r.rule?.pattern})` : null;
}
