import type { ArgumentsCamelCase } from 'yargs';
import { parseDigest, type Digest } from '../../replay/format/digest.ts';
import { Archive } from '../../replay/index/archive.ts';
import { readPlanLog } from '../../replay/runs/plans.ts';
import { findingError } from '../../replay/errors.ts';
import { proveInclusion, proveInLog } from '../../replay/release/merkle.ts';
import { Store } from '../../replay/store/store.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir, writeOutput } from '../paths.ts';

export interface Args extends GlobalArgs {
  digest: string;
  out?: string;
  plans: boolean;
}

export function runProve(argv: ArgumentsCamelCase<Args>) {
  const digest = parseDigest(argv.digest, 'DIGEST');
  requireDir(argv.archive, 'archive');
  const proof = argv.plans ? planLogProof(argv.archive, digest) : proveInclusion(new Store(argv.archive).leaves(), digest); // a redacted object stays a leaf (design.md §23)
  if (!proof) throw findingError('ENOTINARCHIVE', `${digest} is not ${argv.plans ? 'a record of the plan log' : 'an object'} of the archive ${argv.archive}`, { digest });
  if (argv.out) writeOutput(argv.out, `${JSON.stringify(proof, null, 2)}\n`, `the proof ${argv.out}`);
  if (argv.json) return printJson(proof);
  line(`digest     ${proof.digest}`);
  line(`leaf index ${proof.leafIndex}`);
  line(`tree size  ${proof.treeSize}`);
  line(`audit path ${proof.auditPath.length ? '' : '(empty)'}`);
  for (const p of proof.auditPath) line(`  ${p}`);
  line(`root       ${proof.root}`);
}

function planLogProof(dir: string, digest: Digest) {
  const archive = new Archive(dir);
  try {
    return proveInLog(
      readPlanLog(archive).records.map((r) => r.digest),
      digest,
    );
  } finally {
    archive.close();
  }
}
