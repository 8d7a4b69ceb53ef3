import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../output.ts';
import type { ServeArgs } from './serve-reference-run.ts';

export const serveReferenceCommand: CommandModule<GlobalArgs, ServeArgs> = {
  command: 'serve-reference',
  describe: 'serve deterministic reference contenders on a loopback OpenAI-compatible endpoint (for tests and shipped runs)',
  builder: (y) =>
    y
      .option('port', { type: 'number', demandOption: true, describe: 'TCP port (0 = any free port)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'loopback address only: 127.0.0.1, ::1 or localhost' })
      .option('delay-ms', { type: 'number', default: 0, describe: 'wait this long before each chat-completions or decisions reply' }) as never,
  handler: async (argv) => (await import('./serve-reference-run.ts')).runServeReference(argv),
};
