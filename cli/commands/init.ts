import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { InitArgs } from './init-run.ts';

export const initCommand: CommandModule<GlobalArgs, InitArgs> = {
  command: 'init [dir]',
  describe: "start a bank in an eval suite's root: detect its layout, print it, write decision-bank.json and lockfiles/ (never overwrites)",
  builder: (y) =>
    y
      .positional('dir', { type: 'string', describe: "the suite's root (default: the current directory)" })
      .option('name', { type: 'string', describe: "the bank's name (default: package.json name, else the folder's name)" })
      .option('eval-root', { type: 'string', array: true, describe: 'folder holding <category>/<eval>/ (repeatable; default: detected)' })
      .option('task-file', { type: 'string', array: true, describe: 'the task file every eval holds (repeatable; default: detected among TASK.txt, TASK.md, README.md)' })
      .option('solution', { type: 'string', array: true, describe: 'the reference solution: NAME/ a folder, NAME.* a file (repeatable; default: detected among answer/, solution/, solution.*)' })
      .option('probe-root', { type: 'string', describe: 'where probes live: <probe-root>/<category>/<eval>/ (default: probes)' })
      .option('lockfile', { type: 'string', describe: "the suite's lockfile (default: detected)" })
      .option('package-manager', { type: 'string', describe: 'npm, bun, pnpm or yarn (default: detected)' })
      .option('title', { type: 'string', describe: 'the report\'s title (default: "<name> leaderboard")' })
      .option('system', { type: 'string', describe: "the prompt template's system text (default: names the suite)" })
      .option('dry-run', { type: 'boolean', default: false, describe: 'print what was detected and what would be written; write nothing' }) as never,
  handler: async (argv) => (await import('./init-run.ts')).runInit(argv),
};
