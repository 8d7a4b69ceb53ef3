// Is this Node one docket supports? Checked by cli/docket.mjs before anything else loads, so an old
// Node gets a coded message naming the versions instead of a syntax error or a stack from deep inside.
// The range is package.json's "engines.node", in its simple form: `>=A.B.C <D || >=E` (comparators
// >=, >, <=, < and =, joined by spaces; alternatives by ||).
import { readFileSync } from 'node:fs';

const parse = (/** @type {string} */ v) => v.replace(/^v/, '').split('.').map((n) => Number.parseInt(n, 10) || 0);
const cmp = (/** @type {number[]} */ a, /** @type {number[]} */ b) => {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
};
/** @type {Record<string, (c: number) => boolean>} */
const OPS = { '>=': (c) => c >= 0, '>': (c) => c > 0, '<=': (c) => c <= 0, '<': (c) => c < 0, '=': (c) => c === 0 };

/**
 * True when `version` (e.g. "20.19.2" or "v22.1.0") satisfies `range`.
 * @param {string} version
 * @param {string} range
 * @returns {boolean}
 */
export function satisfies(version, range) {
  const v = parse(version);
  return range.split('||').some((alt) =>
    alt
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .every((c) => {
        const m = /^(>=|<=|>|<|=)?v?(\d+(?:\.\d+){0,2})$/.exec(c);
        if (!m) return false;
        return /** @type {(c: number) => boolean} */ (OPS[m[1] ?? '='])(cmp(v, parse(/** @type {string} */ (m[2]))));
      }),
  );
}

/**
 * The supported range from package.json next to this file.
 * @returns {string}
 */
export function engineRange() {
  return JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
}

/**
 * null when this Node is supported, else the message docket prints (exit 2).
 * @returns {string | null}
 */
export function nodeVersionProblem(version = process.versions.node, range = engineRange()) {
  if (satisfies(version, range)) return null;
  return `docket: ENODEVERSION: docket needs Node.js ${range}; this is Node.js v${version}. Install a supported Node (https://nodejs.org, or nvm install 22) and run docket again\n`;
}
