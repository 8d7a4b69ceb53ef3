import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { usageError } from '../replay/errors.ts';
import { writeFileAtomic } from '../replay/store/write-atomic.ts';

export function requireDir(dir: string, what: string) {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw usageError(
      'ENOTDIR',
      `${what} directory ${dir} does not exist (${what === 'archive' ? 'the archive is evidence/ beside the bank (docket evidence capture or docket run create it), or --archive DIR' : `run docket in a directory that holds ${what}`})`,
      { dir },
    );
}

/** EWRITE naming the folder an output cannot go into, and the operating system's reason. */
const cannotWrite = (what: string, folder: string, why: string) =>
  usageError('EWRITE', `cannot write ${what}: the folder ${folder} ${why}; name a path in a folder you can write to`, { path: folder });

const reason = (e: unknown) => {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'EACCES' || code === 'EPERM' ? `is not writable (${code})` : code === 'EROFS' ? 'is on a read-only file system' : `cannot be created (${code ?? (e as Error).message})`;
};

/**
 * Make `dir` and the folders above it that are missing, one level at a time, or EWRITE naming the
 * folder that cannot be made. Not `mkdirSync(dir, {recursive: true})`: under /proc, node's
 * recursive mkdir retries forever (a `report --out /proc/x` spun at full CPU).
 */
export function makeDir(dir: string, what: string): void {
  const missing: string[] = [];
  let at = resolve(dir);
  while (!existsSync(at)) {
    missing.unshift(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  if (existsSync(at) && !statSync(at).isDirectory()) throw cannotWrite(what, at, 'is a file, not a folder');
  for (const m of missing) {
    try {
      mkdirSync(m);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && statSync(m).isDirectory()) continue;
      throw cannotWrite(what, m, reason(e));
    }
  }
}

/**
 * Write an output file (`--out`) atomically, making its missing parent folders first; a folder that
 * cannot be made or written is EWRITE naming it, never a stack.
 */
export function writeOutput(path: string, bytes: Uint8Array | string, what: string, mode = 0o644): void {
  const folder = dirname(resolve(path));
  makeDir(folder, what);
  try {
    writeFileAtomic(path, bytes, mode);
  } catch (e) {
    if (!(e as NodeJS.ErrnoException).code) throw e;
    if ((e as NodeJS.ErrnoException).code === 'EISDIR') throw usageError('EWRITE', `cannot write ${what}: ${path} is a folder`, { path });
    throw cannotWrite(what, folder, reason(e));
  }
}
