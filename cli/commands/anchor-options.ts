import type { Argv } from 'yargs';

export function anchorOptions<T>(y: Argv<T>): Argv<T> {
  return y
    .option('expect', { type: 'string', describe: 'with --from: the published sha256 of the tarball (sha256:…)' })
    .option('key', { type: 'string', describe: "with --from: the publisher's Ed25519 public key (PEM); the release must be signed by it" })
    .option('unanchored', {
      type: 'boolean',
      default: false,
      describe: 'with --from: accept a tarball with neither --expect nor --key (it is then only proven self-consistent, not published)',
    }) as unknown as Argv<T>;
}
