import { isDigest, type Digest } from '../format/digest.ts';
import { JsonError, parseStrict } from '../format/json.ts';
import type { Step } from '../check/verify.ts';
import { finding, type Finding } from '../findings.ts';
import { merkleRoot, rootFromProof, sortDigests } from './merkle.ts';
import type { Code } from '../codes.ts';

/**
 * `docket verify --proof FILE`: recompute the root from the proof's leaf and audit path, then compare
 * it with a root the user trusts (--root) and/or with the archive's own tree. A proof checked only
 * against the root written inside it proves nothing, so at least one anchor is required (the CLI
 * enforces it).
 */
export interface ProofReport {
  ok: boolean;
  file: string;
  digest: Digest | null; // the proven object
  root: Digest | null; // the recomputed root
  findings: Finding[];
  steps: Step[];
  objects: number;
  bytes: number;
}

const KEYS = 'auditPath,digest,kind,leafIndex,root,schemaVersion,treeSize';

export function checkProof(file: string, bytes: Uint8Array, anchors: { root?: Digest; archive?: { name: string; digests: Digest[] } }): ProofReport {
  const report: ProofReport = { ok: false, file, digest: null, root: null, findings: [], steps: [], objects: 0, bytes: bytes.length };
  const add = (code: Code, message: string) => report.findings.push(finding(code, message, { path: file, digest: report.digest }));
  const t = performance.now();
  let p: Record<string, unknown>;
  try {
    p = parseStrict(bytes) as Record<string, unknown>;
  } catch (e) {
    add('EPROOF', e instanceof JsonError ? e.message : String(e));
    return done();
  }
  if (!p || typeof p !== 'object' || Array.isArray(p) || Object.keys(p).sort().join() !== KEYS || p.kind !== 'merkle-inclusion-proof' || p.schemaVersion !== 1) {
    add('EPROOF', `not a merkle-inclusion-proof (expected exactly the keys ${KEYS})`);
    return done();
  }
  if (!isDigest(p.digest) || !isDigest(p.root) || !Array.isArray(p.auditPath) || typeof p.leafIndex !== 'number' || typeof p.treeSize !== 'number') {
    add('EPROOF', 'digest/root must be sha256 digests, auditPath an array, leafIndex and treeSize integers');
    return done();
  }
  report.digest = p.digest;
  const computed = rootFromProof(p.digest, p.leafIndex, p.treeSize, p.auditPath as string[]);
  report.root = computed;
  if (!computed) add('EPROOF', `an audit path of ${p.auditPath.length} hashes does not fit leaf ${p.leafIndex} of a tree of ${p.treeSize}`);
  else if (computed !== p.root) add('EPROOFROOT', `the path leads to ${computed}, not the proof's root ${p.root}`);
  if (computed && anchors.root && computed !== anchors.root) add('EPROOFROOT', `the path leads to ${computed}, not the trusted root ${anchors.root}`);
  if (anchors.archive) {
    const digests = sortDigests(anchors.archive.digests);
    report.objects = digests.length;
    const archiveRoot = merkleRoot(digests);
    if (computed && computed !== archiveRoot)
      add('EPROOFARCHIVE', `the archive ${anchors.archive.name} has root ${archiveRoot} (tree size ${digests.length}); the proof is for ${computed} (tree size ${p.treeSize})`);
    if (digests[p.leafIndex] !== p.digest) add('EPROOFARCHIVE', `the archive ${anchors.archive.name} does not hold ${p.digest} at leaf ${p.leafIndex}`);
  }
  return done();

  function done(): ProofReport {
    report.steps.push({ name: 'inclusion proof', checked: 1, failed: report.findings.length ? 1 : 0, ms: performance.now() - t });
    report.ok = report.findings.length === 0;
    return report;
  }
}
