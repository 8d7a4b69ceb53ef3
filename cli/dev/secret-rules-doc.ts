/**
 * The rule table of docs/design.md §20, generated from SECRET_RULES (replay/content/secret-rules.ts)
 * between its two markers. `node cli/dev/run-ts.mjs cli/dev/secret-rules-doc.ts` rewrites it;
 * replay/content/secrets.test.ts fails while the table and the rules disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MIN_ENTROPY, SECRET_RULES } from '../../replay/content/secret-rules.ts';

export const DESIGN_DOC = fileURLToPath(new URL('../../docs/design.md', import.meta.url));
export const BEGIN = '<!-- secret rules: generated from replay/content/secret-rules.ts by `node cli/dev/run-ts.mjs cli/dev/secret-rules-doc.ts`; do not edit -->';
export const END = '<!-- end of secret rules -->';

export function renderRules(): string {
  const cell = (s: string) => s.replaceAll('|', '\\|');
  const rows = SECRET_RULES.map((r) => {
    const needs = [`≥ ${r.minEntropy ?? DEFAULT_MIN_ENTROPY} bits/char`, ...(r.needs ?? []).map((n) => (n === 'digit' ? 'a digit and a letter' : 'both cases'))].join(', ');
    return `| \`${r.id}\` | ${cell(r.description)} | ${needs} |`;
  });
  return [BEGIN, '', '| rule | what it finds | and the secret has |', '|---|---|---|', ...rows, '', END].join('\n');
}

/** design.md with its rule table replaced by the rules' own. */
export function withRules(doc: string): string {
  const a = doc.indexOf(BEGIN);
  const b = doc.indexOf(END);
  if (a === -1 || b < a) throw new Error(`docs/design.md lacks the secret-rule markers (${BEGIN} … ${END})`);
  return doc.slice(0, a) + renderRules() + doc.slice(b + END.length);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(DESIGN_DOC, withRules(readFileSync(DESIGN_DOC, 'utf8')));
}
