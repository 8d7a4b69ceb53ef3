/** Shared printing helpers: commands print through these so --json and human output stay apart. */
export function printJson(value: unknown) {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
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
