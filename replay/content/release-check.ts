import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseStrict } from '../format/json.ts';
import { contentConfig, DEFAULT_CONFIG, selectContent, type ContentConfig, type Excluded } from './policy.ts';
import { releaseRule, VENDOR_PATH } from './release-rules.ts';
import { finding, type Finding } from '../findings.ts';
import { scanShipped } from './scan-bundle.ts';
import { applyAllowances, type SecretHit } from './secrets.ts';

/**
 * Release verify's content check: the verified tree (decision-verification/, extracted into private
 * staging) held to the rules release pack applies (the content policy outside git, with the tree's
 * own .gitignore/.docketignore files and decision-bank.json's content settings, plus releaseRule),
 * and every file read by the secret scanner (evidence objects inflated).
 * A tarball made by another tool is judged the same way.
 * Read-only; every finding is collected.
 */

const EVIDENCE = /^evidence\/(?:objects\/v1\/sha256\/[0-9a-f]{2}\/[0-9a-f]{62}\.json\.gz|redacted\/[0-9a-f]{2}\/[0-9a-f]{62}\.json|refs\/.+)$/;
const SCRIPT = /^scripts\/[^/]+\.mjs$/;
// vendor/npm/ (release pack --vendor) is checked by replay/release/vendor.ts checkVendored.
const vendored = (p: string) => p.startsWith('vendor/');
// The head entries (never scanned: docket's own JSON), and the files release pack writes itself
// (checked by replay/release/explain.ts's rules in verify; scanned like any file).
const HEAD = new Set(['MANIFEST.json', 'MANIFEST.sig.json']);
const GENERATED = new Set([...HEAD, 'SHA256SUMS', 'VERIFY.md']);

/**
 * Which files of a release the secret scanner reads (the one rule, asked by the check below and by
 * release verify's read pass, which scans in its worker as the files stream by): `whole` every file
 * but the head entries and the vendored tarballs — evidence objects included, each inflated and read
 * as the JSON it holds (a source snapshot file by file), attachments, runs and grades as much as
 * sources (issue #33: what ships is what a stranger downloads); `never` the rest (vendored tarballs:
 * the registry's bytes, held to the lock's integrity instead).
 */
export function scanRule(path: string): 'whole' | 'never' {
  if (HEAD.has(path) || (VENDOR_PATH.test(path) && path.endsWith('.tgz'))) return 'never';
  return 'whole';
}

/**
 * `scanned`: the scanner's hits for files the read pass scanned already (the same scanShipped, run
 * in its worker); every other file the rule names is read and scanned here.
 */
export function checkReleaseContent(top: string, files: string[], scanned: Map<string, SecretHit[]> = new Map()): Finding[] {
  const out: Finding[] = [];
  let config: ContentConfig = DEFAULT_CONFIG;
  try {
    config = contentConfig(parseStrict(readFileSync(join(top, 'decision-bank.json'))), 'decision-bank.json');
  } catch (e) {
    out.push(finding('ECONTENTCONFIG', `cannot read the bank's content settings (${(e as Error).message}); checked with the defaults`, { path: 'decision-bank.json' }));
  }
  const governed = (p: string) => !GENERATED.has(p) && !p.startsWith('evidence/') && !p.startsWith('scripts/') && !vendored(p);
  const scopes = readdirSync(top).filter(governed);
  const sel = selectContent(top, scopes, { config, extra: releaseRule });
  const included = new Set(sel.included.map((f) => f.path));
  const big = new Map(sel.tooBig.map((t) => [t.path, t.size]));
  for (const p of files) {
    if (GENERATED.has(p)) continue;
    if (p.startsWith('evidence/') || p.startsWith('scripts/') || vendored(p)) {
      if (!EVIDENCE.test(p) && !SCRIPT.test(p) && !VENDOR_PATH.test(p))
        out.push(finding('EPOLICY', 'not an evidence object, an evidence ref, a redaction record, a release script or a vendored package: release pack ships nothing else there', { path: p }));
    } else if (!included.has(p)) {
      out.push(finding('EPOLICY', `the content policy would have left it out (${ruleFor(p, sel.excluded)}); a release must not carry it`, { path: p }));
    } else if (big.has(p)) {
      out.push(finding('ETOOBIG', `${big.get(p)} bytes, over the ${config.maxFileBytes}-byte per-file cap`, { path: p }));
    }
  }
  const hits: SecretHit[] = [];
  for (const p of files) {
    const rule = scanRule(p);
    if (rule === 'never') continue;
    const known = scanned.get(p);
    if (known) {
      hits.push(...known);
      continue;
    }
    hits.push(...scanShipped(p, readFileSync(join(top, p))));
  }
  for (const h of applyAllowances(hits, config.allowSecrets).refused) {
    out.push(
      finding(
        'ESECRET',
        `line ${h.line}: possible ${h.rule} secret ${h.redacted} (${h.digest}); whoever published this must rotate the key, take it out of the archive (\`docket redact\`) or the tree, and re-make the release`,
        { path: h.path },
      ),
    );
  }
  return out;
}

function ruleFor(path: string, excluded: Excluded[]): string {
  const e = excluded.find((x) => x.path === path || (x.path.endsWith('/') && path.startsWith(x.path)));
  return e?.rule ?? 'outside what release pack ships';
}
