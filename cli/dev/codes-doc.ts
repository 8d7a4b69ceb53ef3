/**
 * docs/codes.md, generated from the registry (replay/codes.ts): every code docket reports, its
 * severity, what it means and where it is specified. `node cli/dev/run-ts.mjs cli/dev/codes-doc.ts`
 * rewrites the file; replay/codes.test.ts fails while the file and the registry disagree.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CODES, type Code } from '../../replay/codes.ts';

export const CODES_DOC = fileURLToPath(new URL('../../docs/codes.md', import.meta.url));

const link = (doc: string) => {
  const [file, section] = doc.split(' ');
  return section ? `[${doc}](${file})` : `[${file}](${file})`;
};

export function renderCodes(): string {
  const codes = (Object.keys(CODES) as Code[]).sort();
  const rows = codes.map((c) => `| \`${c}\` | ${CODES[c].severity} | ${CODES[c].meaning.replaceAll('|', '\\|')} | ${link(CODES[c].doc)} |`);
  return [
    '# Codes',
    '',
    '<!-- Generated from replay/codes.ts by `node cli/dev/run-ts.mjs cli/dev/codes-doc.ts`; do not edit. -->',
    '',
    'Every code docket reports: in findings (`verify`, `repair`, `replay`, `verify FILE.tgz`, `check`,',
    '`audit`, `evidence replay`, `validate`, `pull`), in coded errors (`docket: CODE: message`, and',
    '`error.code` under `--json`) and in grade warnings. `error` fails a check or ends a command (exit 1',
    'for a finding, 2 for a usage error or unreadable input, as each command documents); `hint` is',
    'reported and never fails; `warning` is recorded in a grade bundle. Codes are stable: a code keeps its',
    'meaning once published.',
    '',
    '| code | severity | meaning | specified in |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(CODES_DOC, renderCodes());
  console.log(`wrote ${CODES_DOC} (${Object.keys(CODES).length} codes)`);
}
