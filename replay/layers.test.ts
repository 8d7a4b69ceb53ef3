import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers of the tree (README "Layout", docs/architecture.md): cli/ may import replay/, never the
 * other way round, so the offline core can be read, shipped and tested without the shell or the
 * online parts. (replay/imports.test.ts separately walks everything replay/ loads for the network.)
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Files replay/ reads as data, not code: the release ships cli/release-scripts/ as scripts/. */
const DATA = new Set(['replay/release/pack.ts → ../../cli/release-scripts/']);

function files(dir: string, out: string[] = []): string[] {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    if (d.isDirectory()) files(p, out);
    else if (/\.(ts|mts|mjs)$/.test(d.name) && !d.name.includes('.test.')) out.push(p);
  }
  return out;
}

/** Relative specifiers of static imports, re-exports, dynamic imports and `new URL('…', import.meta.url)`. */
function specifiers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|new URL\(\s*)(['"])(\.{1,2}\/[^'"]+)\1/g)) out.push(m[2]!);
  return out;
}

describe('layers', () => {
  it('nothing in replay/ imports cli/', () => {
    const bad: string[] = [];
    for (const f of files(join(ROOT, 'replay'))) {
      for (const s of specifiers(readFileSync(f, 'utf8'))) {
        const target = relative(ROOT, resolve(dirname(f), s));
        const edge = `${relative(ROOT, f)} → ${s}`;
        if ((target.startsWith('cli/') || target === 'cli') && !DATA.has(edge)) bad.push(edge);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the check can fail: it sees an import of cli/ in a line of source', () => {
    expect(specifiers("import { x } from '../../cli/main.ts';\nconst w = new URL('../cli/x.mjs', import.meta.url);")).toEqual(['../../cli/main.ts', '../cli/x.mjs']);
  });
});
