import type { ArgumentsCamelCase } from 'yargs';
import { usageError } from '../../replay/errors.ts';
import { line, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';
import { CONTENDERS, startReferenceServer } from '../recorder/reference-server.ts';

export interface ServeArgs extends GlobalArgs {
  port: number;
  host: string;
  'delay-ms': number;
}

export async function runServeReference(argv: ArgumentsCamelCase<ServeArgs>) {
  if (!Number.isSafeInteger(argv.port) || argv.port < 0 || argv.port > 65535) throw usageError('EUSAGE', '--port must be 0–65535');
  requireDir(argv.archive, 'archive');
  const s = await startReferenceServer({ archive: argv.archive, port: argv.port, host: argv.host, delayMs: Math.max(0, argv['delay-ms']) });
  if (argv.json) process.stdout.write(`${JSON.stringify({ ok: true, baseUrl: s.baseUrl, port: s.port, models: CONTENDERS.map((c) => c.id) })}\n`);
  else {
    line(`serving ${s.baseUrl} (loopback only; Ctrl-C stops)`);
    for (const c of CONTENDERS) line(`  ${c.id.padEnd(10)} ${c.description}`);
  }
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void s.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
