import { readFileSync } from 'node:fs';
import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import { usageError } from '../../replay/errors.ts';
import { scanBytes, secretError } from '../../replay/content/secrets.ts';
import { JsonError, parseStrict } from '../../replay/format/json.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';

export interface Args extends GlobalArgs {
  file: string;
  kind: string;
  'media-type': string;
}

export function runPut(argv: ArgumentsCamelCase<Args>) {
  let bytes: Buffer;
  try {
    bytes = readFileSync(argv.file);
  } catch (e) {
    throw usageError('EREAD', `cannot read ${argv.file}: ${(e as Error).message}`, { path: argv.file });
  }
  // What is stored is kept and shipped: the scanner reads it first (issue #33), and a hit stores nothing.
  const hits = scanBytes(argv.file, bytes);
  if (hits.length) throw secretError(hits, 'docket put');
  let body;
  try {
    body = parseStrict(bytes);
  } catch (e) {
    if (e instanceof JsonError) throw usageError('EJSON', `${argv.file}: ${e.message}`, { path: argv.file, offset: e.offset });
    throw e;
  }
  const name = argv.file.split(/[\\/]/).pop() ?? argv.file;
  const archive = new Archive(argv.archive);
  const d = archive.put({ kind: 'attachment', schemaVersion: 1, mediaType: argv['media-type'], name, body });
  archive.close();
  if (argv.json) printJson(d);
  else line(`${d.digest}  ${d.kind} ${d.size} bytes (content ${d.contentDigest}, ${d.contentSize} bytes)`);
}
