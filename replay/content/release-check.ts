import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseStrict } from '../format/json.ts';
import { contentConfig, DEFAULT_CONFIG, selectContent, type ContentConfig, type Excluded } from './policy.ts';
import { releaseRule, VENDOR_PATH } from './release-rules.ts';
import { finding, type Finding } from '../findings.ts';
import { scanShipped } from './scan-bundle.ts';
import { isSourceFile } from './archive-scan.ts';
import { applyAllowances, type SecretHit } from './secrets.ts';

/**
 * Release verify's content check: the verified tree (decision-verification/, extracted into private
 * staging) held to the rules release pack applies (the content policy outside git, with the tree's
 * own .gitignore/.docketignore files and decision-bank.json's content settings, plus releaseRule),
 * and every file but the run and grade evidence read by the secret scanner (source snapshots are).
 * A tarball made by another tool is judged the same way.
 * Read-only; every finding is collected.
 */

const EVIDENCE = /^evidence\/(?:objects\/v1\/sha256\/[0-9a-f]{2}\/[0-9a-f]{62}\.json\.gz|refs\/.+)$/;
const SCRIPT = /^scripts\/[^/]+\.mjs$/;
// vendor/npm/ (release pack --vendor) is checked by replay/release/vendor.ts checkVendored.
const vendored = (p: string) => p.startsWith('vendor/');
const HEAD = new Set(['MANIFEST.json', 'MANIFEST.sig.json']);

/** `kinds`: what the read pass decoded, by release path (evidence/objects/...); others are sniffed. */
export function checkReleaseContent(top: string, files: string[], kinds: Map<string, string | undefined> = new Map()): Finding[] {
  const out: Finding[] = [];
  let config: ContentConfig = DEFAULT_CONFIG;
  try {
    config = contentConfig(parseStrict(readFileSync(join(top, 'decision-bank.json'))), 'decision-bank.json');
  } catch (e) {
    out.push(finding('ECONTENTCONFIG', `cannot read the bank's content settings (${(e as Error).message}); checked with the defaults`, { path: 'decision-bank.json' }));
  }
  const governed = (p: string) => !HEAD.has(p) && !p.startsWith('evidence/') && !p.startsWith('scripts/') && !vendored(p);
  const scopes = readdirSync(top).filter(governed);
  const sel = selectContent(top, scopes, { config, extra: releaseRule });
  const included = new Set(sel.included.map((f) => f.path));
  const big = new Map(sel.tooBig.map((t) => [t.path, t.size]));
  for (const p of files) {
    if (HEAD.has(p)) continue;
    if (p.startsWith('evidence/') || p.startsWith('scripts/') || vendored(p)) {
      if (!EVIDENCE.test(p) && !SCRIPT.test(p) && !VENDOR_PATH.test(p))
        out.push(finding('EPOLICY', 'not an evidence object, an evidence ref, a release script or a vendored package: release pack ships nothing else there', { path: p }));
    } else if (!included.has(p)) {
      out.push(finding('EPOLICY', `the content policy would have left it out (${ruleFor(p, sel.excluded)}); a release must not carry it`, { path: p }));
    } else if (big.has(p)) {
      out.push(finding('ETOOBIG', `${big.get(p)} bytes, over the ${config.maxFileBytes}-byte per-file cap`, { path: p }));
    }
  }
  // Every file but the evidence is scanned whole; of the evidence, the source snapshots (the bytes
  // a bank took from a maintainer's tree). Run and grade bundles were scanned whole by release
  // pack; reading all of them again here would cost more than the rest of the verify together.
  const hits: SecretHit[] = [];
  for (const p of files) {
    if (HEAD.has(p) || (VENDOR_PATH.test(p) && p.endsWith('.tgz'))) continue; // vendored tarballs: the registry's bytes, held to the lock's integrity instead
    if (p.startsWith('evidence/objects/')) {
      const kind = kinds.get(p);
      if (kind === undefined ? !isSourceFile(join(top, p)) : kind !== 'source') continue;
    }
    hits.push(...scanShipped(p, readFileSync(join(top, p))));
  }
  for (const h of applyAllowances(hits, config.allowSecrets).refused) {
    out.push(finding('ESECRET', `line ${h.line}: possible ${h.rule} secret ${h.redacted} (${h.digest}); whoever published this must rotate the key and re-make the release`, { path: h.path }));
  }
  return out;
}

function ruleFor(path: string, excluded: Excluded[]): string {
  const e = excluded.find((x) => x.path === path || (x.path.endsWith('/') && path.startsWith(x.path)));
  return e?.rule ?? 'outside what release pack ships';
}
