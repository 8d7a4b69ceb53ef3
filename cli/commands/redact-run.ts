import { createInterface } from 'node:readline/promises';
import type { ArgumentsCamelCase } from 'yargs';
import { flaggedObjects, redactObjects, type RedactReport } from '../../replay/check/redact.ts';
import { checkReason } from '../../replay/check/redact.ts';
import { isDigest, type Digest } from '../../replay/format/digest.ts';
import { usageError } from '../../replay/errors.ts';
import { formatHit } from '../../replay/content/secrets.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';

export interface Args extends GlobalArgs {
  digests?: string[];
  reason: string;
  scan: boolean;
  yes: boolean;
}

/** `docket redact` (docs/design.md §23): explicit digests, or every object the scanner flags (`--scan`, after one confirmation). */
export async function runRedact(argv: ArgumentsCamelCase<Args>) {
  requireDir(argv.archive, 'archive');
  const named = argv.digests ?? [];
  if (argv.scan === named.length > 0) throw usageError('EUSAGE', 'name the objects to redact (sha256:… digests) or pass --scan, not both');
  for (const d of named) if (!isDigest(d)) throw usageError('EDIGESTFORMAT', `${JSON.stringify(d)} is not a digest (sha256: + 64 lowercase hex); redact takes full digests only`);
  checkReason(argv.reason);
  let digests = named as Digest[];
  if (argv.scan) {
    // Refused before the scan when nobody could answer the question it would end with.
    if (!argv.yes && !process.stdin.isTTY) throw usageError('EUSAGE', 'redact --scan asks before it removes anything, and there is no terminal to ask: pass --yes to redact without asking');
    const flagged = flaggedObjects(argv.archive);
    if (!flagged.length) {
      if (argv.json) printJson({ ok: true, archive: argv.archive, redacted: [] } satisfies RedactReport);
      else line('the secret scanner flags no object: nothing to redact');
      return;
    }
    const out = argv.json ? process.stderr : process.stdout;
    out.write(`${flagged.length} object(s) the secret scanner flags:\n`);
    for (const f of flagged) for (const h of f.hits) out.write(`  ${f.digest}  ${formatHit(h)}\n`);
    if (!argv.yes) {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      const answer = await rl.question(`Redact these ${flagged.length} object(s)? Rotate the keys first: redaction does not make a leaked key safe. [y/N] `);
      rl.close();
      if (!/^y(es)?$/i.test(answer.trim())) {
        line('nothing redacted');
        return;
      }
    }
    digests = flagged.map((f) => f.digest);
  }
  const r = redactObjects(argv.archive, digests, argv.reason);
  if (argv.json) printJson(r);
  else {
    for (const o of r.redacted)
      line(`${o.already ? 'already redacted' : 'redacted'} ${o.digest} (${o.objectKind ?? 'undecodable'}, ${o.size} bytes${o.rules.length ? `; ${o.rules.join(', ')}` : ''}) → ${o.record}`);
    line('the archive still verifies: `docket verify` lists each redaction as a hint; re-run `docket release pack` and `docket push` to replace what you shipped');
  }
}
