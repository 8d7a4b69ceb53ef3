import { readFileSync } from 'node:fs';
import type { CommandModule } from 'yargs';
import { Archive } from '../../replay/store/archive.ts';
import { usageError } from '../../replay/errors.ts';
import { JsonError, parseStrict } from '../../replay/format/json.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';

interface Args extends GlobalArgs {
  file: string;
  kind: string;
  'media-type': string;
}

export const putCommand: CommandModule<GlobalArgs, Args> = {
  command: 'put <file>',
  describe: 'store a JSON document as a bundle and print its descriptor',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true })
      .option('kind', { type: 'string', default: 'attachment', choices: ['attachment'], describe: 'bundle kind' })
      .option('media-type', { type: 'string', default: 'application/json' }),
  handler: (argv) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(argv.file);
    } catch (e) {
      throw usageError('EREAD', `cannot read ${argv.file}: ${(e as Error).message}`, { path: argv.file });
    }
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
  },
};
