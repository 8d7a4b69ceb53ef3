import type { CommandModule } from 'yargs';
import { Archive } from '../../replay/store/archive.ts';
// Their index tables (runs, grades) are rebuilt too, whatever else this process loaded (as in registry/pull.ts).
import '../../replay/runs/runs.ts';
import '../../replay/grading/grades.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';

export const indexCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'index <action>',
  describe: 'manage the SQLite index cache (action: rebuild)',
  builder: (y) => y.positional('action', { choices: ['rebuild'] as const, demandOption: true }) as never,
  handler: (argv) => {
    requireDir(argv.archive, 'archive');
    const archive = new Archive(argv.archive);
    const t = performance.now();
    const idx = archive.rebuildIndex();
    const objects = idx.objects().length;
    const refs = idx.refs().length;
    archive.close();
    const ms = performance.now() - t;
    if (argv.json) printJson({ ok: true, objects, refs, ms });
    else line(`index rebuilt from ${objects} objects and ${refs} refs in ${ms.toFixed(0)} ms`);
  },
};
