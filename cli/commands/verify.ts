import type { CommandModule } from 'yargs';
import { EXIT } from '../../replay/errors.ts';
import { verifyArchive, type VerifyReport } from '../../replay/verify.ts';
import { line, printJson, progress, type GlobalArgs } from '../output.ts';

interface Args extends GlobalArgs {
  dir?: string;
  quick: boolean;
}

export const verifyCommand: CommandModule<GlobalArgs, Args> = {
  command: 'verify [dir]',
  describe: 'check every object of an archive, read-only (DIR defaults to --archive)',
  builder: (y) =>
    y
      .positional('dir', { type: 'string', describe: 'archive directory' })
      .option('quick', { type: 'boolean', default: false, describe: 'size and digest only' }),
  handler: async (argv) => {
    const dir = argv.dir ?? argv.archive;
    const { requireDir } = await import('../paths.ts');
    requireDir(dir, 'archive');
    const report = await verifyArchive(dir, { quick: argv.quick, onProgress: progress('verify') });
    if (argv.json) printJson(report);
    else printVerify(report);
    process.exitCode = report.ok ? EXIT.OK : EXIT.FINDINGS;
  },
};

export function printVerify(r: VerifyReport) {
  line(`verify ${r.archive}${r.quick ? ' (quick: size + digest)' : ''}`);
  for (const s of r.steps) {
    line(`  ${s.name.padEnd(18)} ${s.skipped ? `skipped: ${s.skipped}` : `${String(s.checked).padStart(7)} checked ${String(s.failed).padStart(5)} failed ${s.ms.toFixed(0).padStart(6)} ms`}`);
  }
  const errors = r.findings.filter((f) => f.severity === 'error');
  const hints = r.findings.filter((f) => f.severity === 'hint');
  for (const f of r.findings) line(`  ${f.severity === 'error' ? 'ERROR' : 'hint '} ${f.code} ${f.path ?? ''}${f.digest ? ` ${f.digest}` : ''}: ${f.message}`);
  line(`${r.objects} objects, ${(r.bytes / 1e6).toFixed(1)} MB: ${errors.length} errors, ${hints.length} hints`);
  if (errors.length) line('Nothing was changed. Fix or restore the named files (e.g. `git checkout -- <path>`), then verify again.');
}
