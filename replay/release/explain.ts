import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseStrict } from '../format/json.ts';
import type { Digest } from '../format/digest.ts';
import { DEFAULT_OUT, TOP_DIR } from './limits.ts';
import type { Manifest } from './manifest.ts';
import { VENDOR_INDEX } from './vendor.ts';

/**
 * What a release says about itself (docs/design.md §15 "A release that explains itself"): two
 * files at the top of decision-verification/, written by release pack, listed in the manifest
 * like any file.
 *
 * - VERIFY.md: what the tarball is, the commands a stranger runs with and without docket, and what
 *   each proves. Generated from the bank's name, the packing docket's version and the vendored
 *   lockfile, so a re-pack gives the same bytes.
 * - SHA256SUMS: `<hex>  <path>` per file of the manifest but itself, in the manifest's order, so
 *   `sha256sum -c SHA256SUMS` in the extracted tree checks every file without docket.
 */
export const VERIFY_NAME = 'VERIFY.md';
export const SUMS_NAME = 'SHA256SUMS';
export const EXPLAINING = new Set([VERIFY_NAME, SUMS_NAME]);

/** SHA256SUMS for a manifest's entries (SHA256SUMS itself left out): GNU coreutils' text format. */
export function sumsText(entries: readonly { path: string; digest: Digest }[]): string {
  return entries
    .filter((e) => e.path !== SUMS_NAME)
    .map((e) => `${e.digest.slice('sha256:'.length)}  ${e.path}\n`)
    .join('');
}

export interface Explained {
  bank: string; // the bank's name
  docketVersion: string;
  /** the lockfile the vendored tarballs are held to (vendor/npm/vendor.json), or null */
  vendored: string | null;
}

/** VERIFY.md's text. Plain Markdown, the same for the same bank name, docket version and vendoring. */
export function verifyDoc(x: Explained): string {
  const v = x.docketVersion;
  const D = '<digest>';
  const lines = [
    `# Verifying ${DEFAULT_OUT}`,
    '',
    `This tarball is a docket release of the decision bank \`${x.bank}\`, packed by docket ${v}: the evidence`,
    'archive (every request, response, grade and probe output as content-addressed bundles), the bank and its',
    `source evals, the lockfiles, and scripts. Believe nothing in it until it has verified. Get the tarball's`,
    `digest (\`${DEFAULT_OUT}.sha256\`) and, for a signed release, the publisher's public key from the publisher,`,
    'through another channel than this file.',
    '',
    '## Without docket: these are the published bytes',
    '',
    '```sh',
    `sha256sum -c ${DEFAULT_OUT}.sha256        # beside the tarball: it is the file that was published`,
    `tar xzf ${DEFAULT_OUT} && cd ${TOP_DIR}`,
    `sha256sum --quiet -c ${SUMS_NAME}                     # every file is the one MANIFEST.json lists`,
    '```',
    '',
    'Proves: the tarball is the one whose digest was published, and each extracted file is intact. It does',
    'not check the evidence itself (bundle digests, schemas, references, the Merkle root), that the bank',
    'shipped is the bank the runs measured, or any published number: docket does that.',
    '',
    '## With docket: everything, offline',
    '',
    `Use a docket you trust, not anything inside this tarball: \`npm install -g docket@${v}\`, or run it`,
    `without installing as \`npx docket@${v}\` (with bun: \`bunx docket@${v}\`). \`${D}\` is the published`,
    `digest, as \`sha256:<hex>\` or the bare hex \`sha256sum\` prints.`,
    '',
    '```sh',
    `docket verify ${DEFAULT_OUT} --expect ${D} [--key publisher.pub] --extract DIR`,
    '```',
    '',
    'Proves, in this order, each step a gate for the next: size caps, the digest (and signature), strict',
    'gzip, every tar header against the manifest, a private extraction and re-hash of every file, every',
    'evidence bundle (digest, gzip form, JSON, schema, references), the Merkle root, the content policy and',
    'secret scan, the bank rules, and that the shipped bank is the bank the shipped runs measured. Only then',
    'is DIR written.',
    '',
    '```sh',
    `docket replay --all --from ${DEFAULT_OUT} --expect ${D}          # every archived request rebuilt and matched`,
    `docket evidence replay --from ${DEFAULT_OUT} --expect ${D}       # every probe re-run offline, output compared`,
    `docket leaderboard --from ${DEFAULT_OUT} --expect ${D}           # the ranking, recomputed from the evidence`,
    `docket audit --from ${DEFAULT_OUT} --expect ${D} --published leaderboard.json   # a published number checked`,
    `docket -C DIR check                                              # all of it, in the extracted tree`,
    '```',
    '',
    'Each `--from` verifies the tarball first (as above), then works on a private copy. `evidence replay`',
    'runs the probes with no network, in an allowlisted environment; the packages they import come from',
    x.vendored === null
      ? 'the docket that runs (each the version lockfiles/probes.lock.json pins) unless they are installed in DIR.'
      : `this release (vendor/, held to ${x.vendored}), installed with no network into a private copy.`,
    ...(x.vendored === null ? [] : ['', `To install them into DIR yourself, with no network and an empty cache: \`node scripts/install-offline.mjs\` in DIR.`]),
    '',
    'Exit status: 0 the check passed, 1 it found something, 2 a usage error or unreadable input. The full',
    "walk-through is docs/decision-verification.md in docket's repository.",
    '',
  ];
  return lines.join('\n');
}

/** What VERIFY.md should say for an extracted release (its bank name, manifest and vendor index), or null when that cannot be read. */
export function explainedOf(top: string, manifest: Pick<Manifest, 'docketVersion'>): Explained | null {
  try {
    const bank = (parseStrict(readFileSync(join(top, 'decision-bank.json'))) as { name?: unknown }).name;
    const vendored = existsSync(join(top, VENDOR_INDEX)) ? (parseStrict(readFileSync(join(top, VENDOR_INDEX))) as { lockfile?: unknown }).lockfile : null;
    if (typeof bank !== 'string' || (vendored !== null && typeof vendored !== 'string')) return null;
    return { bank, docketVersion: manifest.docketVersion, vendored };
  } catch {
    return null;
  }
}
