// Is this Node one docket supports? Checked by cli/docket.ts before anything else loads, so an old
// Node gets a coded message naming the versions instead of a syntax error or a stack from deep inside.
// The range is package.json's "engines.node", in its simple form: `>=A.B.C <D || >=E` (comparators
// >=, >, <=, < and =, joined by spaces; alternatives by ||).
import { readFileSync } from 'node:fs';
import { packageFile } from '../replay/package-files.ts';

const parse = (v: string) =>
  v
    .replace(/^v/, '')
    .split('.')
    .map((n) => Number.parseInt(n, 10) || 0);
const cmp = (a: number[], b: number[]) => {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
};
const OPS: Record<string, (c: number) => boolean> = { '>=': (c) => c >= 0, '>': (c) => c > 0, '<=': (c) => c <= 0, '<': (c) => c < 0, '=': (c) => c === 0 };

/** True when `version` (e.g. "20.19.2" or "v22.1.0") satisfies `range`. */
export function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  return range.split('||').some((alt) =>
    alt
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .every((c) => {
        const m = /^(>=|<=|>|<|=)?v?(\d+(?:\.\d+){0,2})$/.exec(c);
        if (!m) return false;
        return OPS[m[1] ?? '=']!(cmp(v, parse(m[2]!)));
      }),
  );
}

let pkg: { version: string; engines: { node: string } } | null = null;
/** docket's package.json (read once). */
export function packageJson(): { version: string; engines: { node: string } } {
  pkg ??= JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string; engines: { node: string } };
  return pkg;
}

/** The supported range from docket's package.json. */
export function engineRange(): string {
  return packageJson().engines.node;
}

/** null when this Node is supported, else the message docket prints (exit 2). */
export function nodeVersionProblem(version: string = process.versions.node, range: string = engineRange()): string | null {
  if (satisfies(version, range)) return null;
  return `docket: ENODEVERSION: docket needs Node.js ${range}; this is Node.js v${version}. Install a supported Node (https://nodejs.org, or nvm install 22) and run docket again\n`;
}
