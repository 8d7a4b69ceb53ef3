import { statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { usageError } from '../replay/errors.ts';

/** replay/bank/bank.ts BANK_FILE (where.test.ts holds them equal): importing it would load the validator into every command's start-up. */
export const BANK_FILE = 'decision-bank.json';

/**
 * Where docket works (docs/design.md §21 "Where docket works"), like git: the bank root is the
 * first directory, from the current one upwards, that holds decision-bank.json; `--bank DIR`
 * names it instead (no walk) and `-C DIR` starts everything in DIR. The archive is `--archive`,
 * else $DOCKET_ARCHIVE, else `<bank root>/evidence`.
 */
export interface Where {
  /** absolute, or null when no bank was found */
  bankRoot: string | null;
  /** the archive directory as docket prints it (relative to the current directory when below it), or null */
  archive: string | null;
  /** what named the archive */
  archiveFrom: 'option' | 'env' | 'bank' | null;
}

const isFile = (p: string) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

/** The first directory from `start` upwards holding decision-bank.json, or null. */
export function findBankRoot(start: string): string | null {
  let dir = resolve(start);
  for (;;) {
    if (isFile(join(dir, BANK_FILE))) return dir;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

/** Not inside a bank: what to run, and how to point docket elsewhere. */
export function notBankError(cwd: string) {
  return usageError(
    'ENOTBANK',
    `no ${BANK_FILE} in ${cwd} or any directory above it: run \`docket init\` in your eval suite's root to start a bank there, or point docket at one with -C DIR or --bank DIR (commands that only read an archive also take --archive DIR)`,
    { cwd },
  );
}

export function locate(o: { cwd: string; bank?: string; archive?: string; env?: string }): Where {
  let bankRoot: string | null;
  if (o.bank !== undefined) {
    bankRoot = resolve(o.cwd, o.bank);
    if (!isFile(join(bankRoot, BANK_FILE))) throw usageError('ENOTBANK', `--bank ${o.bank}: ${bankRoot} holds no ${BANK_FILE} (\`docket init\` starts a bank there)`, { bank: bankRoot });
  } else bankRoot = findBankRoot(o.cwd);
  if (o.archive !== undefined && o.archive !== '') return { bankRoot, archive: o.archive, archiveFrom: 'option' };
  if (o.env) return { bankRoot, archive: o.env, archiveFrom: 'env' };
  if (bankRoot === null) return { bankRoot, archive: null, archiveFrom: null };
  return { bankRoot, archive: shortPath(o.cwd, bankRoot, join(bankRoot, 'evidence')), archiveFrom: 'bank' };
}

/** `evidence` from the bank root, `../evidence` from a folder below it, the absolute path from anywhere else. */
function shortPath(cwd: string, bankRoot: string, abs: string): string {
  const inside = relative(bankRoot, resolve(cwd));
  if (inside.startsWith('..') || isAbsolute(inside)) return abs;
  return relative(cwd, abs);
}

/** The bank root a command works on, or ENOTBANK. */
export function bankRootOf(argv: { bankRoot?: string | null }): string {
  if (!argv.bankRoot) throw notBankError(process.cwd());
  return argv.bankRoot;
}
