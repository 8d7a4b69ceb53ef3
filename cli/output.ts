import type { Argv } from 'yargs';
import type { Finding } from '../replay/findings.ts';

/** Shared printing helpers: commands print through these so --json and human output stay apart. */
export function printJson(value: unknown) {
  endProgressLine();
  process.stdout.write(`${JSON.stringify(withOk(value), null, 2)}\n`);
}

/**
 * Every --json result is an object with `ok` first (scripts test one field). Commands with findings
 * set it themselves; a listing or a stored descriptor that got this far is ok.
 */
export function withOk(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) throw new TypeError('printJson: a --json result is an object with ok, not a bare array');
  return 'ok' in value ? value : { ok: true, ...value };
}

/**
 * One finding as every command prints it (`--json` prints the finding itself): severity, code,
 * where (its data's path and digest, when it has them), message.
 */
export function findingLine(f: Finding): string {
  const where = [f.data.path, f.data.digest].filter((x) => typeof x === 'string' && x !== '').join(' ');
  return `${f.severity === 'error' ? 'ERROR' : 'hint '} ${f.code}${where ? ` ${where}` : ''}: ${f.message}`;
}

export function line(text = '') {
  endProgressLine();
  process.stdout.write(`${text}\n`);
}

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** A progress display: call it with (done, total); finish() draws total/total and ends the line. */
export interface Progress {
  (done: number, total: number): void;
  finish(): void;
}

let openLine: ProgressStream | null = null;

/** End a progress line still being redrawn (before other output, or an error message, lands after it). */
export function endProgressLine() {
  if (!openLine) return;
  openLine.write('\n');
  openLine = null;
}

const CLEAR_LINE = '\r\x1b[K'; // carriage return + erase to end of line: each redraw replaces the last

/**
 * Progress on stderr, only for a person watching (a TTY): redrawn in place at most every 100 ms,
 * always drawn at n/n, then ended with a newline. Piped or redirected, nothing at all.
 */
export function progress(label: string, stream: ProgressStream = process.stderr, now: () => number = Date.now): Progress | undefined {
  if (!stream.isTTY) return undefined;
  let last = -Infinity;
  let total = 0;
  let finished = false;
  const draw = (done: number) => {
    stream.write(`${CLEAR_LINE}${label} ${done}/${total}`);
    openLine = stream;
  };
  const end = () => {
    finished = true;
    if (openLine === stream) endProgressLine();
  };
  const update = ((done: number, t: number) => {
    if (finished) return;
    total = t;
    if (done >= t) {
      draw(t);
      return end();
    }
    if (now() - last < 100) return;
    last = now();
    draw(done);
  }) as Progress;
  update.finish = () => {
    if (finished) return;
    if (total > 0) draw(total);
    end();
  };
  return update;
}

export interface GlobalArgs {
  /** resolved by cli/where.ts: --archive, else $DOCKET_ARCHIVE, else <bank root>/evidence */
  archive: string;
  json: boolean;
  /** the bank root cli/where.ts found (absolute), null when there is none; commands that need one call bankRootOf */
  bankRoot?: string | null;
}

/**
 * `--archive` is declared per command (main.ts adds it unless commands/index.ts WITHOUT_ARCHIVE
 * names the command; `release pack` adds its own), so --help lists it only where an archive is
 * read or written. Declared on a command, yargs carries it into the command's subcommands.
 */
export const archiveOption = <T>(y: Argv<T>): Argv<T> =>
  // No default here: cli/where.ts resolves it (main.ts whereDocketWorks), from the bank root.
  y.option('archive', {
    type: 'string',
    requiresArg: true,
    defaultDescription: '$DOCKET_ARCHIVE, else <bank root>/evidence',
    describe: 'archive directory (relative to the current directory)',
  }) as unknown as Argv<T>;
