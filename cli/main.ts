import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { anchorOptions } from './commands/anchor-options.ts';
import type { Argv, CommandModule } from 'yargs';
import yargs from './yargs.ts';
import { DocketError, EXIT } from '../replay/errors.ts';
import { EXAMPLES } from './commands/examples.ts';
import { commandsFor, commandWord, WITHOUT_ARCHIVE } from './commands/index.ts';
import { locate, notBankError } from './where.ts';
import { archiveOption, endProgressLine } from './output.ts';
import { packageFile } from '../replay/package-files.ts';
import { platformError } from './platform-errors.ts';
import { systemError } from './system-errors.ts';

const pkg = JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string };
export const DOCKET_VERSION: string = pkg.version;

export const EXIT_STATUS = `EXIT STATUS
  0  ok: everything checked out
  1  findings: verification failed, a mismatch, or a rule violated
  2  usage error, unreadable input, or an internal error`;

/** The one error boundary: parse → run → map coded errors to exit statuses. */
export async function main(given: string[]): Promise<number> {
  // Bare `docket` is `docket --help`: the list of commands, exit 0.
  const argv = given.length === 0 ? ['--help'] : given;
  let parser: Argv = yargs(argv)
    .scriptName('docket')
    .locale('en') // docket speaks English; the one-file parser (cli/yargs.ts) ships no yargs translations
    .version(DOCKET_VERSION)
    .option('C', { type: 'string', requiresArg: true, describe: 'run as if docket was started in DIR (like git -C)', global: true })
    .option('bank', { type: 'string', requiresArg: true, describe: 'the bank root: a directory holding decision-bank.json (default: the first one from the current directory upwards)', global: true })
    // Every command has a machine-readable result; --archive is declared per command (withCommonOptions).
    .option('json', { type: 'boolean', default: false, describe: 'machine-readable output on stdout', global: true })
    .alias('h', 'help')
    .epilogue(EXIT_STATUS)
    .completion('completion', 'print a shell completion script (bash, zsh): docket completion >> ~/.bashrc')
    .recommendCommands()
    .strict()
    .demandCommand(1, 'name a command (docket --help lists them)')
    .wrap(Math.min(110, process.stdout.columns || 100))
    .exitProcess(false)
    .fail((msg, err) => {
      throw err ?? new DocketError('EUSAGE', usageMessage(msg, argv));
    })
    .middleware(changeDirectory, true)
    .middleware(whereDocketWorks)
    .middleware(readFromRelease);
  for (const c of await commandsFor(argv)) parser = parser.command(withCommonOptions(c));
  skipHelpRendering(parser);
  try {
    await parser.parseAsync();
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.OK;
  } catch (e) {
    return report(e, argv.includes('--json'));
  } finally {
    for (const done of cleanups.splice(0)) done();
  }
}

/**
 * The reading commands that take `--from FILE.tgz` (with --expect, --key or --unanchored) as
 * `replay --from` does: the release is verified by the docket that runs, extracted privately, and
 * the command reads its archive and bank; the tree is removed when the command ends. (replay and
 * evidence replay handle --from themselves.)
 */
export const FROM_RELEASE: ReadonlySet<string> = new Set(['audit', 'check', 'compare', 'export', 'failures', 'leaderboard', 'ls', 'prove', 'report', 'runs', 'show', 'sql']);
const cleanups: (() => void)[] = [];

async function readFromRelease(argv: Record<string, unknown>) {
  const cmd = String((argv._ as unknown[] | undefined)?.[0] ?? '');
  if (!FROM_RELEASE.has(cmd)) return;
  const { checkAnchor, openRelease } = await import('./commands/release-from.ts');
  const anchor = argv as unknown as import('./commands/release-from.ts').AnchorArgs;
  if (anchor.from === undefined) return checkAnchor(anchor, `docket ${cmd}`); // --expect without --from is a usage error
  const release = await openRelease(anchor, `docket ${cmd}`);
  cleanups.push(release.cleanup);
  argv.archive = join(release.dir, 'evidence');
  argv.bankRoot = release.dir;
}

/**
 * yargs renders a command's whole help before it runs the command, to print it should the handler
 * fail later (yargs 18: the usage instance's cacheHelpMessage). docket never prints help on a
 * failure (the .fail handler throws a coded error; `--help` renders afresh), so that rendering,
 * 20–25 ms of every command's first output, is skipped. A test holds yargs to it
 * (cli/conventions/help.test.ts): if a later yargs drops the method, the test says so.
 */
export function skipHelpRendering(parser: Argv): void {
  const usage = (parser as unknown as { getInternalMethods?: () => { getUsageInstance(): { cacheHelpMessage?: () => void } } }).getInternalMethods?.().getUsageInstance();
  if (usage && typeof usage.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => {};
}

/** yargs' "Did you mean verify?" alone does not say what was wrong: name the word it did not know. */
function usageMessage(msg: string, argv: readonly string[]): string {
  const m = /^Did you mean (.+)\?$/.exec(msg);
  const first = commandWord(argv);
  return m && first ? `unknown command ${first}: did you mean ${m[1]}? (docket --help lists the commands)` : msg;
}

/** `-C DIR`: everything after, the bank walk and relative paths alike, starts in DIR (git's -C). */
function changeDirectory(argv: { C?: unknown }) {
  if (typeof argv.C !== 'string') return;
  try {
    process.chdir(argv.C);
  } catch (e) {
    throw new DocketError('ENOTDIR', `-C ${argv.C}: cannot work there (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, { dir: argv.C });
  }
}

/**
 * The bank root and the archive (cli/where.ts) for every command. With no bank found and no
 * archive named, a command that reads or writes the archive stops here with ENOTBANK; the ones
 * that need neither (needsArchive) go on, and a command that needs the bank asks bankRootOf.
 */
function whereDocketWorks(argv: Record<string, unknown>) {
  const cmd = (argv._ as unknown[] | undefined)?.[0];
  if (cmd === 'init') return; // init makes a bank where there is none: it looks for none
  if (FROM_RELEASE.has(String(cmd)) && argv.from === undefined)
    for (const o of ['expect', 'key'] as const) if (argv[o] !== undefined) throw new DocketError('EUSAGE', `--${o} applies to --from FILE.tgz`);
  if (FROM_RELEASE.has(String(cmd)) && argv.from !== undefined) {
    // The release names the archive and the bank (readFromRelease).
    if (argv.archive !== undefined || argv.bank !== undefined) throw new DocketError('EUSAGE', '--from FILE.tgz reads the archive and bank of the release: drop --archive and --bank');
    return;
  }
  const where = locate({ cwd: process.cwd(), bank: argv.bank as string | undefined, archive: argv.archive as string | undefined, env: process.env.DOCKET_ARCHIVE });
  argv.bankRoot = where.bankRoot;
  if (where.archive === null) {
    if (needsArchive(argv)) throw notBankError(process.cwd());
    return;
  }
  argv.archive = where.archive;
  checkArchiveDir(where.archive);
}

/** Commands (and forms of them) that work with no archive at all: a tarball, a registry reference, a directory named outright. */
export function needsArchive(argv: Record<string, unknown>): boolean {
  const [cmd, sub] = ((argv._ as unknown[] | undefined) ?? []).map(String);
  if (cmd === undefined || argv.help || argv.version) return false; // docket --help, --version
  if (cmd === 'init' || cmd === 'completion') return false;
  // --proof, --attestation and --checkpoint check files; they use an archive when there is one.
  if (cmd === 'verify') return argv.dir === undefined && argv.proof === undefined && argv.attestation === undefined && argv.checkpoint === undefined;
  if (cmd === 'release') return sub === 'pack';
  if ((cmd === 'replay' || cmd === 'evidence' || FROM_RELEASE.has(cmd)) && argv.from !== undefined) return false;
  if (cmd === 'attest') return !/\.(tgz|tar\.gz)$/.test(String(argv.target ?? '')); // a release tarball carries its own archive
  return true;
}

/** The archive must be a directory (or nothing yet): a file there would fail every read and write later. */
function checkArchiveDir(dir: string) {
  let st;
  try {
    st = statSync(dir);
  } catch {
    return; // missing: commands that need it say so (requireDir); writers create it
  }
  if (!st.isDirectory()) throw new DocketError('EARCHIVE', `--archive ${dir} is not a directory (an archive is a directory holding objects/ and refs/); pass --archive DIR`, { archive: dir });
}

/**
 * Every command takes --archive unless it works without one (commands/index.ts WITHOUT_ARCHIVE);
 * its --help shows its examples (commands/examples.ts) and ends with the EXIT STATUS section.
 */
function withCommonOptions(c: CommandModule): CommandModule {
  const inner = c.builder;
  const name = String(Array.isArray(c.command) ? c.command[0] : c.command).split(' ')[0]!;
  return {
    ...c,
    builder: (y: Argv) => {
      let built = (typeof inner === 'function' ? inner(y) : y.options(inner ?? {})) as Argv;
      if (!WITHOUT_ARCHIVE.has(name)) built = archiveOption(built);
      if (FROM_RELEASE.has(name)) built = anchorOptions(built).option('from', { type: 'string', describe: 'read the archive and bank of this release tarball, verified first (as replay --from)' });
      return built.example(EXAMPLES[name] ?? []).epilogue(EXIT_STATUS);
    },
  } as CommandModule;
}

/**
 * What the boundary reports for anything thrown: every docket error class derives from DocketError
 * (replay/errors.ts) and is reported as it is; conditions of the installation, the machine and a
 * damaged index cache become their coded errors; anything else is null, an internal error.
 */
export function codedError(thrown: unknown): DocketError | null {
  if (thrown instanceof DocketError) return thrown;
  const mapped = platformError(thrown) ?? systemError(thrown);
  if (mapped) return mapped;
  // A damaged index found mid-command (after its open-time check): a cache to rebuild, not a crash.
  const sqlite = (thrown as { code?: unknown } | null)?.code;
  if (typeof sqlite === 'string' && (sqlite.startsWith('SQLITE_CORRUPT') || sqlite === 'SQLITE_NOTADB')) {
    return new DocketError('EINDEX', `the index cache index.sqlite is damaged (${(thrown as Error).message}): run \`docket index rebuild\``);
  }
  return null;
}

function report(thrown: unknown, json: boolean): number {
  endProgressLine(); // an error message starts on a line of its own
  const e = codedError(thrown) ?? thrown;
  if (e instanceof DocketError) {
    if (json) process.stdout.write(`${JSON.stringify({ ok: false, error: { code: e.code, message: e.message, data: e.data } })}\n`);
    process.stderr.write(`docket: ${e.code}: ${e.message}\n`);
    return e.exitCode;
  }
  const err = e as Error;
  if (json) process.stdout.write(`${JSON.stringify({ ok: false, error: { code: 'EINTERNAL', message: err?.message ?? String(e) } })}\n`);
  process.stderr.write(`docket: internal error: ${err?.stack ?? String(e)}\n`);
  return EXIT.USAGE;
}
