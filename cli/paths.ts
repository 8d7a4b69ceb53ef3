import { existsSync, statSync } from 'node:fs';
import { usageError } from '../replay/errors.ts';

export function requireDir(dir: string, what: string) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw usageError('ENOTDIR', `${what} directory ${dir} does not exist (run docket in a directory that holds ${what === 'archive' ? 'an evidence/ archive, or pass --archive DIR' : what})`, { dir });
}
