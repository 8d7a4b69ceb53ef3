import type { CommandModule } from 'yargs';

/**
 * The explicit public surface: every command docket has, by the name it is invoked with, loaded
 * on demand — `docket verify` does not pay for loading the statistics, the tar code or the recorder.
 * A command file (X.ts) holds only the definition (command, describe, builder); its handler imports
 * the implementation (X-run.ts) when it runs, so `X --help` and `docket --help` load no implementation.
 * Order is the order of `docket --help`.
 */
type Loader = () => Promise<CommandModule[]>;
const one = <K extends string>(p: Promise<Record<K, unknown>>, ...names: K[]) => p.then((m) => names.map((n) => m[n] as CommandModule));

export const COMMANDS: Record<string, Loader> = {
  check: () => one(import('./check.ts'), 'checkCommand'),
  init: () => one(import('./init.ts'), 'initCommand'),
  verify: () => one(import('./verify.ts'), 'verifyCommand'),
  repair: () => one(import('./repair.ts'), 'repairCommand'),
  redact: () => one(import('./redact.ts'), 'redactCommand'),
  put: () => one(import('./put.ts'), 'putCommand'),
  show: () => one(import('./show.ts'), 'showCommand'),
  ls: () => one(import('./show.ts'), 'lsCommand'),
  index: () => one(import('./index-cmd.ts'), 'indexCommand'),
  sql: () => one(import('./sql.ts'), 'sqlCommand'),
  export: () => one(import('./export.ts'), 'exportCommand'),
  validate: () => one(import('./bank.ts'), 'validateCommand'),
  snapshot: () => one(import('./bank.ts'), 'snapshotCommand'),
  evidence: () => one(import('./bank.ts'), 'evidenceCommand'),
  release: () => one(import('./release.ts'), 'releaseCommand'),
  push: () => one(import('./registry.ts'), 'pushCommand'),
  pull: () => one(import('./registry.ts'), 'pullCommand'),
  prove: () => one(import('./prove.ts'), 'proveCommand'),
  leaderboard: () => one(import('./leaderboard.ts'), 'leaderboardCommand'),
  compare: () => one(import('./compare.ts'), 'compareCommand'),
  failures: () => one(import('./failures.ts'), 'failuresCommand'),
  audit: () => one(import('./audit.ts'), 'auditCommand'),
  attest: () => one(import('./attest.ts'), 'attestCommand'),
  report: () => one(import('./report.ts'), 'reportCommand'),
  replay: () => one(import('./replay.ts'), 'replayCommand'),
  regrade: () => one(import('./regrade.ts'), 'regradeCommand'),
  plan: () => one(import('./plan.ts'), 'planCommand'),
  grader: () => one(import('./grader.ts'), 'graderCommand'),
  run: () => one(import('./run.ts'), 'runCommand'),
  judge: () => one(import('./judge.ts'), 'judgeCommand'),
  'judge-check': () => one(import('./judge-check.ts'), 'judgeCheckCommand'),
  import: () => one(import('./import.ts'), 'importCommand'),
  runs: () => one(import('./runs.ts'), 'runsCommand'),
  'serve-reference': () => one(import('./serve-reference.ts'), 'serveReferenceCommand'),
};

/**
 * Commands whose work involves no archive: they take no --archive (the others do; `release` takes
 * it on `release pack` alone). --json is global: every command has a machine-readable result.
 */
export const WITHOUT_ARCHIVE: ReadonlySet<string> = new Set(['init', 'validate', 'release']);

/** Every command, for --help (and for arguments whose first word names none). */
export async function loadAll(): Promise<CommandModule[]> {
  const out: CommandModule[] = [];
  for (const load of Object.values(COMMANDS)) out.push(...(await load()));
  return out;
}

/** Global options that take a value (`--archive DIR`, `-C DIR`, `--bank DIR`): their value is not the command word. */
const VALUED_GLOBALS = new Set(['--archive', '-C', '--bank']);

/** The first word of the arguments that is neither an option nor a global option's value. */
export function commandWord(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (VALUED_GLOBALS.has(a)) i++;
    else if (!a.startsWith('-')) return a;
  }
  return undefined;
}

/** The commands needed for these arguments: just the named one when the command word names one. */
export function commandsFor(argv: readonly string[]): Promise<CommandModule[]> {
  const first = commandWord(argv);
  if (first === undefined && argv.includes('--version')) return Promise.resolve([]);
  const load = first !== undefined && Object.hasOwn(COMMANDS, first) ? COMMANDS[first]! : loadAll;
  return load();
}
