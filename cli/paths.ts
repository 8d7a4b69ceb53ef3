import { existsSync, statSync } from 'node:fs';
import { usageError } from '../replay/errors.ts';

export function requireDir(dir: string, what: string) {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw usageError(
      'ENOTDIR',
      `${what} directory ${dir} does not exist (${what === 'archive' ? 'the archive is evidence/ beside the bank (docket evidence capture or docket run create it), or --archive DIR' : `run docket in a directory that holds ${what}`})`,
      { dir },
    );
}
