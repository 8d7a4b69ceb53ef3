/** Shared printing helpers: commands print through these so --json and human output stay apart. */
export function printJson(value: unknown) {
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

export function line(text = '') {
  process.stdout.write(`${text}\n`);
}

/** Progress on stderr, only for a person watching (a TTY). */
export function progress(label: string) {
  if (!process.stderr.isTTY) return undefined;
  let last = 0;
  return (done: number, total: number) => {
    const now = Date.now();
    if (now - last < 100 && done < total) return;
    last = now;
    process.stderr.write(`\r${label} ${done}/${total}${done >= total ? '\n' : ''}`);
  };
}

export interface GlobalArgs {
  archive: string;
  json: boolean;
}
