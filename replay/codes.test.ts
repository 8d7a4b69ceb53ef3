import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CODES_DOC, renderCodes } from '../cli/dev/codes-doc.ts';
import { CODES } from './codes.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Quoted strings in source that look like codes but are not docket's: the OS's errnos, an HTTP method, placeholders, format names. */
const NOT_CODES = new Set([
  'EACCES',
  'EADDRINUSE',
  'ECONNREFUSED',
  'EDQUOT',
  'EEXIST',
  'EMFILE',
  'ENFILE',
  'ENOENT',
  'ENOSPC',
  'EPERM',
  'EPIPE',
  'ETIMEDOUT',
  'EROFS',
  'HEAD',
  'HTTP',
  'ERROR',
  'EXIT',
  'EIMPORT',
  'EEE',
  'HELM',
]); // EEE: Every Eval Ever; HELM: Stanford's framework
/** Words in the docs that look like codes but are not. */
const NOT_CODES_IN_DOCS = new Set(['EPYC', 'EPACK', 'ESM', 'ECR', 'HOME', 'WAKE']);

function sources(dir: string, out: string[] = []): string[] {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    if (d.isDirectory()) {
      if (d.name !== 'node_modules' && d.name !== 'fixtures') sources(p, out);
    } else if (/\.(ts|mjs)$/.test(d.name) && !/\.test\.|\.d\.mts$/.test(d.name)) out.push(p);
  }
  return out;
}

/** Every code-like literal the shipped code reports, with the first file that does. */
function codesInSource(): Map<string, string> {
  const found = new Map<string, string>();
  const files = [...sources(join(ROOT, 'replay')), ...sources(join(ROOT, 'cli'))].filter((f) => !relative(ROOT, f).startsWith('cli/dev/'));
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/(?<=['"`]|docket: )(E[A-Z][A-Z0-9]+|[HW][A-Z][A-Z0-9]{2,})(?=['"` :])/g)) {
      if (!NOT_CODES.has(m[1]!) && !found.has(m[1]!)) found.set(m[1]!, relative(ROOT, f));
    }
  }
  return found;
}

describe('the code registry (replay/codes.ts)', () => {
  it('declares every code the shipped code reports', () => {
    const missing = [...codesInSource()].filter(([c]) => !Object.hasOwn(CODES, c)).map(([c, f]) => `${c} (${f})`);
    expect(missing, 'declare these in replay/codes.ts, or add an OS errno to NOT_CODES').toEqual([]);
  });

  it('declares no code that nothing reports', () => {
    const used = codesInSource();
    expect(Object.keys(CODES).filter((c) => !used.has(c))).toEqual([]);
  });

  it('names, for each code, a doc and section that exist', () => {
    const bad: string[] = [];
    for (const [code, info] of Object.entries(CODES)) {
      const [file, section, ...rest] = info.doc.split(' ');
      let text: string;
      try {
        text = readFileSync(join(ROOT, 'docs', file!), 'utf8');
      } catch {
        bad.push(`${code}: docs/${file} does not exist`);
        continue;
      }
      if (rest.length || (section !== undefined && !new RegExp(`^## ${section} `, 'm').test(text))) bad.push(`${code}: no "## ${section} " heading in docs/${file}`);
      if (!info.meaning || info.meaning.includes('\n')) bad.push(`${code}: the meaning must be one line`);
      if ((code[0] === 'H') !== (info.severity === 'hint') || (code[0] === 'W') !== (info.severity === 'warning')) bad.push(`${code}: H codes are hints, W codes warnings, E codes errors`);
    }
    expect(bad).toEqual([]);
  });

  it('docs/codes.md lists exactly the registry (regenerate: node cli/dev/run-ts.mjs cli/dev/codes-doc.ts)', () => {
    expect(readFileSync(CODES_DOC, 'utf8')).toBe(renderCodes());
  });

  it('the docs name no code the registry does not declare', () => {
    const stale: string[] = [];
    for (const f of readdirSync(join(ROOT, 'docs')).filter((n) => n.endsWith('.md'))) {
      const text = readFileSync(join(ROOT, 'docs', f), 'utf8');
      // E codes anywhere; H and W codes where they are quoted as code (`HTEMP`), since HTTP, WAL… are words
      for (const m of text.matchAll(/\b(E[A-Z][A-Z0-9]+)\b|`([HW][A-Z][A-Z0-9]{2,})`/g)) {
        const c = (m[1] ?? m[2])!;
        if (!Object.hasOwn(CODES, c) && !NOT_CODES.has(c) && !NOT_CODES_IN_DOCS.has(c)) stale.push(`${f}: ${c}`);
      }
    }
    expect([...new Set(stale)]).toEqual([]);
  });
});
