import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { DocketError, EXIT, type Code } from '../replay/errors.ts';

/**
 * The error boundary's translation of what the operating system and SQLite report into coded
 * errors (cli/main.ts): a read-only archive, a full disk, a missing permission, a path through a
 * file. These reach the boundary from any write (an object, a ref, the index, a journal) and are
 * conditions of the machine, not bugs: they get a code, the path, and what to do, never a stack.
 * Anything else is left alone (an internal error).
 */
export function systemError(e: unknown): DocketError | null {
  if (e instanceof DocketError || !e || typeof e !== 'object') return null;
  const err = e as { name?: string; code?: unknown; syscall?: unknown; path?: unknown; address?: unknown; port?: unknown; message?: string };
  if (err.name === 'SqliteError' && typeof err.code === 'string') return sqliteError(err.code, err.message ?? '');
  if (typeof err.code !== 'string' || typeof err.syscall !== 'string') return null;
  const path = typeof err.path === 'string' ? err.path : '(unknown path)';
  // Node's recursive mkdir reports ENOENT where the file system said EROFS or EACCES: ask the
  // nearest directory that exists why it cannot be written.
  if (err.code === 'ENOENT' && err.syscall === 'mkdir' && typeof err.path === 'string') {
    const why = unwritableAncestor(err.path);
    if (why) return systemError(Object.assign(new Error(why), { code: why, syscall: 'mkdir', path: err.path }));
  }
  const data = { errno: err.code, syscall: err.syscall, path };
  const coded = (code: Code, message: string) => new DocketError(code, message, data, EXIT.USAGE);
  switch (err.code) {
    case 'EADDRINUSE':
      return new DocketError(
        'EPORTINUSE',
        `cannot listen on ${String(err.address ?? 'loopback')} port ${String(err.port ?? '?')}: another process is using it; stop that process or pass --port N (--port 0 picks a free port)`,
        { errno: err.code, address: err.address, port: err.port },
        EXIT.USAGE,
      );
    case 'EROFS':
      return coded(
        'EREADONLY',
        `cannot write ${path}: the file system is read-only. This command writes to the archive; run it on a writable copy (reading commands such as verify, check, runs and replay work on a read-only archive)`,
      );
    case 'ENOSPC':
    case 'EDQUOT':
      return coded('EDISKFULL', `cannot write ${path}: no space left on the device (${err.code}). Writes are atomic, so nothing half-written was kept; free space and run the command again`);
    case 'EACCES':
    case 'EPERM':
      return coded('EPERMISSION', `permission denied: ${err.syscall} ${path} (${err.code}); check the owner and mode of the archive, or pass --archive DIR`);
    case 'ENOTDIR':
      return coded('ENOTDIR', `${path}: a part of this path is a file, not a directory; pass --archive DIR naming a directory`);
    case 'EISDIR':
      return coded('EISDIR', `${path} is a directory where a file was expected`);
    case 'EMFILE':
    case 'ENFILE':
      return coded('ETOOMANYFILES', `too many open files (${err.code}) at ${err.syscall} ${path}; raise the limit (ulimit -n) and run again`);
    case 'EIO':
      return coded('EIO', `input/output error at ${err.syscall} ${path}: the disk or file system reported a failure; check it, then run \`docket verify\``);
    default:
      return null;
  }
}

function unwritableAncestor(path: string): string | null {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if (existsSync(dir)) {
      try {
        accessSync(dir, constants.W_OK);
        return null;
      } catch (e) {
        return (e as NodeJS.ErrnoException).code ?? null;
      }
    }
    if (dirname(dir) === dir) return null;
  }
}

function sqliteError(code: string, message: string): DocketError | null {
  const data = { sqlite: code };
  if (code === 'SQLITE_READONLY' || code.startsWith('SQLITE_READONLY_') || code === 'SQLITE_CANTOPEN') {
    return new DocketError(
      'EREADONLY',
      `the index cache (index.sqlite) cannot be opened for writing (${code}: ${message}): the archive is read-only or not writable by this user. This command writes to the archive; run it on a writable copy`,
      data,
      EXIT.USAGE,
    );
  }
  if (code === 'SQLITE_FULL')
    return new DocketError('EDISKFULL', `the index cache (index.sqlite) could not be written: the disk is full (${code}); free space, then run \`docket index rebuild\``, data, EXIT.USAGE);
  if (code === 'SQLITE_IOERR' || code.startsWith('SQLITE_IOERR_'))
    return new DocketError('EIO', `input/output error writing the index cache (${code}: ${message}); free space or check the disk, then run \`docket index rebuild\``, data, EXIT.USAGE);
  return null;
}
