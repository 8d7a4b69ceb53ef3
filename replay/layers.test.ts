import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The layers of the tree (README "Layout", docs/architecture.md): cli/ may import replay/, never the
 * other way round, so the offline core can be read, shipped and tested without the shell or the
 * online parts. Inside replay/, each folder imports only the folders below it, in the order the
 * `layers` block of docs/architecture.md draws (type imports included), and no file imports itself
 * back through others at run time. (replay/imports.test.ts separately walks everything replay/
 * loads for the network.)
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Files replay/ reads as data, not code: the release ships cli/release-scripts/ as scripts/. */
const DATA = new Set(['replay/release/pack.ts → ../../cli/release-scripts/']);
/** The name a file directly in replay/ (codes.ts, errors.ts…) has in the layers block. */
const TOP = 'replay/*.ts';

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

interface Edge {
  from: string; // a file, relative to the tree's root
  to: string;
  spec: string;
  runtime: boolean; // still there once types are erased
}

/**
 * Every edge from a file of `<root>/replay` to another file of it: imports, re-exports, dynamic
 * imports and require (read by TypeScript, so comments and strings do not count), code files named
 * by `new URL('./x.ts', import.meta.url)`, and modules started on their own by
 * `compiledModule('replay/…')` (a worker is part of the graph of the module that starts it).
 */
function edges(root: string): Edge[] {
  const out: Edge[] = [];
  for (const f of files(join(root, 'replay'))) {
    const text = readFileSync(f, 'utf8');
    const from = relative(root, f).split(sep).join('/');
    const runtime = new Set(
      imported(ts.transpileModule(text, { fileName: f, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ESNext, verbatimModuleSyntax: true } }).outputText),
    );
    const add = (spec: string, target: string, always: boolean) => {
      const to = relative(root, target).split(sep).join('/');
      if (to.startsWith('replay/')) out.push({ from, to, spec, runtime: always || runtime.has(spec) });
    };
    for (const spec of imported(text)) if (spec.startsWith('.')) add(spec, resolve(dirname(f), spec), false);
    for (const m of text.matchAll(/new URL\(\s*(['"])(\.{1,2}\/[^'"]+\.(?:ts|mts|mjs))\1\s*,\s*import\.meta\.url/g)) add(m[2]!, resolve(dirname(f), m[2]!), true);
    for (const m of text.matchAll(/\bcompiledModule\(\s*(['"])(replay\/[^'"]+)\1\s*\)/g)) add(m[2]!, join(root, `${m[2]!}.ts`), true);
  }
  return out;
}

function imported(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((i) => i.fileName);
}

/** The folder a file of replay/ belongs to, as the layers block names it. */
function folderOf(file: string): string {
  const parts = file.split('/');
  return parts.length === 2 ? TOP : parts[1]!;
}

/** The `layers` block of architecture.md: one line per layer, top first; `name name — what they hold`. */
function layersFrom(doc: string): Map<string, number> {
  const block = /```layers\n([\s\S]*?)```/.exec(doc);
  if (!block) throw new Error('docs/architecture.md has no ```layers block');
  const lines = block[1]!.trim().split('\n').reverse(); // bottom first: rank 0
  const rank = new Map<string, number>();
  lines.forEach((l, i) => {
    for (const name of l.split(' — ')[0]!.trim().split(/\s+/)) rank.set(name, i);
  });
  return rank;
}

/** Each edge that does not go to a strictly lower layer, and each folder the block leaves out. */
function violations(es: Edge[], rank: Map<string, number>): string[] {
  const bad: string[] = [];
  for (const e of es) {
    const a = folderOf(e.from);
    const b = folderOf(e.to);
    if (a === b) continue;
    const ra = rank.get(a);
    const rb = rank.get(b);
    if (ra === undefined || rb === undefined) bad.push(`${e.from} → ${e.spec}: ${ra === undefined ? a : b} is not in the layers block`);
    else if (rb >= ra) bad.push(`${e.from} → ${e.spec}: ${a} may not import ${b} (${rb > ra ? 'a layer above' : 'the same layer'})`);
  }
  return bad;
}

/** The circles among files, following only the edges that remain at run time (Tarjan's strongly connected components). */
function circles(es: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of es) if (e.runtime && e.from !== e.to) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    on.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        on.delete(w);
        c.push(w);
        if (w === v) break;
      }
      if (c.length > 1) out.push(c.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
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

describe('the folder order of replay/ (docs/architecture.md)', () => {
  const rank = layersFrom(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));
  const es = edges(ROOT);

  it('the layers block names every folder of replay/, and only those', () => {
    const folders = readdirSync(join(ROOT, 'replay'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect([...rank.keys()].sort()).toEqual([...folders, TOP].sort());
  });

  it('each folder imports only the folders below it', () => {
    expect(es.length).toBeGreaterThan(300); // the walk saw the graph
    expect(es.some((e) => e.from === 'replay/check/verify-prestart.ts' && e.to === 'replay/check/verify-worker.ts')).toBe(true); // a worker start is an edge
    expect(violations(es, rank)).toEqual([]);
  });

  it('no file imports itself back through others at run time', () => {
    expect(circles(es)).toEqual([]);
  });
});

describe('the folder-order check fails on what it must refuse', () => {
  const fx = mkdtempSync(join(tmpdir(), 'docket-layers-'));
  afterAll(() => rmSync(fx, { recursive: true, force: true }));
  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(fx, path)), { recursive: true });
    writeFileSync(join(fx, path), text);
  };
  put('replay/errors.ts', 'export const e = 1;\n');
  put('replay/store/store.ts', "import { e } from '../errors.ts';\nimport type { Row } from '../index/rows.ts';\nexport const s = (r: Row) => e + r.n;\n");
  put('replay/index/rows.ts', "import { s } from '../store/store.ts';\nexport interface Row { n: number }\nexport const rows = s;\n");
  put('replay/index/archive.ts', "import { rows } from './rows.ts';\n// import { x } from '../check/verify.ts'; (a comment is no import)\nexport const a = rows;\n");
  put(
    'replay/check/verify.ts',
    "import { a } from '../index/archive.ts';\nimport { v } from './verify-b.ts';\nexport const w = new Worker(compiledModule('replay/scoring/worker'));\nexport const u = a ?? v;\n",
  );
  put('replay/check/verify-b.ts', "import { u } from './verify.ts';\nexport const v = () => u;\n");
  put('replay/check/types.ts', "import type { u } from './verify.ts';\nexport type U = typeof u;\n");
  put('replay/check/c.ts', "import type { U } from './types.ts';\nexport const c: U | null = null;\n");
  put('replay/scoring/worker.ts', "import { rows } from '../index/rows.ts';\nexport const x = rows;\n");
  put('replay/scoring/side.ts', "export const side = async () => (await import('../check/verify.ts')).u;\n");
  const doc = '# x\n\n```layers\ncheck scoring — the top\nindex — rows\nstore — objects\nreplay/*.ts — base\n```\n';

  it('reports an upward import (a type import too), an import across one layer and an unlisted folder', () => {
    const r = violations(edges(fx), layersFrom(doc));
    expect(r).toEqual(
      expect.arrayContaining([
        'replay/store/store.ts → ../index/rows.ts: store may not import index (a layer above)',
        'replay/check/verify.ts → replay/scoring/worker: check may not import scoring (the same layer)',
        'replay/scoring/side.ts → ../check/verify.ts: scoring may not import check (the same layer)',
      ]),
    );
    expect(r).toHaveLength(3);
    expect(violations(edges(fx), layersFrom(doc.replace('index — rows\n', '')))).toContain('replay/store/store.ts → ../index/rows.ts: index is not in the layers block');
  });

  it('reports a circle of run-time imports, and not one closed only by types', () => {
    expect(circles(edges(fx))).toEqual([['replay/check/verify-b.ts', 'replay/check/verify.ts']]);
  });
});
