import { DocketError, EXIT } from '../replay/errors.ts';

/**
 * Failures of the installation rather than of the input: better-sqlite3's native module missing
 * (installed with --ignore-scripts, or a prebuilt binary that never downloaded) or built for another
 * Node. Each is a coded error saying what to run, never "internal error" and a stack.
 */
export function platformError(thrown: unknown): DocketError | null {
  if (!(thrown instanceof Error)) return null;
  const code = (thrown as { code?: unknown }).code;
  const missing = thrown.message.startsWith('Could not locate the bindings file');
  const mismatched = code === 'ERR_DLOPEN_FAILED';
  if (!missing && !mismatched) return null;
  const why = missing ? 'is not installed (its build step did not run: installed with --ignore-scripts?)' : `cannot be loaded by Node.js ${process.version} (${thrown.message.split('\n')[0]})`;
  return new DocketError(
    'ENATIVE',
    `the SQLite index's native module (better-sqlite3) ${why}. Run \`npm rebuild better-sqlite3\` in the project that installed docket (it needs the npm registry or a C++ toolchain), then run docket again`,
    { module: 'better-sqlite3', cause: missing ? 'missing' : 'dlopen' },
    EXIT.USAGE,
  );
}
