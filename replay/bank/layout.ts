import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { byUtf8 } from '../format/utf8.ts';
import { findingError } from '../errors.ts';

/**
 * The suite's own layout (docs/design.md §7 "Layout"): where its source evals are, what a task file
 * and a reference solution are called, where probes live. `decision-bank.json` may describe it in
 * `layout`; every member it leaves out has the default below, which is the layout docket's shipped
 * bank has always had. The layout is read from the bank file and never stored in a bundle, so a
 * bank that does not write it keeps its bytes, its digests and its benchmark version.
 */
export interface Layout {
  /** directories (relative to the bank root) holding `<category>/<eval>/` */
  evalRoots: string[];
  /** file names: every source eval holds at least one */
  taskFiles: string[];
  /** the reference solution: `NAME/` a folder, `NAME.*` a file NAME with any extension, else an exact file name */
  solution: string[];
  /** null: a question's probe is relative to its source eval's folder; else relative to `<probeRoot>/<sourceEval>/` */
  probeRoot: string | null;
}

export const DEFAULT_LAYOUT: Readonly<Layout> = Object.freeze({
  evalRoots: ['evals'],
  taskFiles: ['TASK.md'],
  solution: ['solution.*'],
  probeRoot: null,
});

export const LAYOUT_KEYS = Object.keys(DEFAULT_LAYOUT) as (keyof Layout)[];

/** A path the layout names: relative, inside the bank root, no `.`/`..` segment, no control character or backslash. */
export function unsafeRelPath(p: string): string | null {
  if (p === '') return 'is empty';
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p)) return 'is absolute (a layout path is relative to the bank root)';
  if (p.includes('\\')) return 'holds a backslash (write paths with /)';
  if (CONTROL.test(p)) return 'holds a control character';
  const segs = p.replace(/\/$/, '').split('/');
  if (segs.some((s) => s === '' || s === '.' || s === '..')) return 'has an empty, "." or ".." segment (it must name a directory below the bank root)';
  return null;
}

// C0, DEL and C1 controls: invisible in a terminal, and a newline would split a listing line.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The layout of a bank file, defaults filled in, with what is wrong in it (each a message naming
 * the member). The schema checks the types; this checks what a schema cannot say.
 */
export function readLayout(bank: unknown): { layout: Layout; problems: { field: string; message: string }[] } {
  const raw = (bank as { layout?: unknown } | null)?.layout;
  const layout: Layout = { ...DEFAULT_LAYOUT, evalRoots: [...DEFAULT_LAYOUT.evalRoots], taskFiles: [...DEFAULT_LAYOUT.taskFiles], solution: [...DEFAULT_LAYOUT.solution] };
  const problems: { field: string; message: string }[] = [];
  if (raw === undefined) return { layout, problems };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { layout, problems: [{ field: 'layout', message: 'layout must be an object' }] };
  const o = raw as Record<string, unknown>;
  const strings = (k: 'evalRoots' | 'taskFiles' | 'solution') => {
    const v = o[k];
    if (v === undefined) return;
    if (!Array.isArray(v) || v.length === 0 || v.some((s) => typeof s !== 'string')) return void problems.push({ field: `layout.${k}`, message: `layout.${k} must be a non-empty array of strings` });
    layout[k] = v as string[];
  };
  strings('evalRoots');
  strings('taskFiles');
  strings('solution');
  if (o.probeRoot !== undefined) {
    if (typeof o.probeRoot !== 'string') problems.push({ field: 'layout.probeRoot', message: 'layout.probeRoot must be a string' });
    else layout.probeRoot = o.probeRoot;
  }
  layout.evalRoots.forEach((p, i) => {
    const bad = unsafeRelPath(p);
    if (bad) problems.push({ field: `layout.evalRoots[${i}]`, message: `eval root ${JSON.stringify(p)} ${bad}` });
  });
  for (const [k, list] of [
    ['taskFiles', layout.taskFiles],
    ['solution', layout.solution],
  ] as const) {
    list.forEach((n, i) => {
      const bare = k === 'solution' ? n.replace(/\/$/, '').replace(/\.\*$/, '') : n;
      const bad = nameProblem(bare);
      if (bad) problems.push({ field: `layout.${k}[${i}]`, message: `${JSON.stringify(n)} ${bad} (a file or folder name inside each source eval)` });
    });
  }
  const badRoot = layout.probeRoot === null ? null : unsafeRelPath(layout.probeRoot);
  if (badRoot) problems.push({ field: 'layout.probeRoot', message: `layout.probeRoot ${JSON.stringify(layout.probeRoot)} ${badRoot}` });
  // A probe root inside an eval root would be read as a category of evals (and the reverse hides evals).
  const within = (a: string, b: string) => `${a.replace(/\/$/, '')}/`.startsWith(`${b.replace(/\/$/, '')}/`);
  const pr = layout.probeRoot;
  if (pr !== null && !unsafeRelPath(pr)) {
    for (const r of layout.evalRoots)
      if (within(pr, r) || within(r, pr))
        problems.push({ field: 'layout.probeRoot', message: `layout.probeRoot ${JSON.stringify(pr)} overlaps the eval root ${JSON.stringify(r)}: keep probes in a folder of their own` });
  }
  layout.evalRoots.forEach((r, i) => {
    layout.evalRoots.forEach((o, j) => {
      if (i < j && (within(r, o) || within(o, r))) problems.push({ field: `layout.evalRoots[${j}]`, message: `eval roots ${JSON.stringify(r)} and ${JSON.stringify(o)} overlap` });
    });
  });
  return { layout, problems };
}

/** readLayout, or ELAYOUT naming every problem: for the commands that must know where things are. */
export function layoutOf(bank: unknown): Layout {
  const { layout, problems } = readLayout(bank);
  if (problems.length) throw findingError('ELAYOUT', `decision-bank.json: ${problems.map((p) => p.message).join('; ')} (docs/design.md §7 "Layout")`, { problems });
  return layout;
}

// ---------------------------------------------------------------- names on disk

/**
 * Why one folder name cannot be (part of) a source-eval id, or null. Names are the suite's own:
 * only what is unsafe is refused — what would be read as another path, is invisible, or cannot
 * be written down exactly. Collisions between names are found by discoverEvals.
 */
export function nameProblem(name: string): string | null {
  if (name === '') return 'is empty';
  if (name === '.' || name === '..') return `is "${name}"`;
  if (name.includes('/') || name.includes('\\')) return 'holds a path separator';
  if (/^[A-Za-z]:/.test(name)) return 'starts like a drive letter (an absolute path on Windows)';
  if (CONTROL.test(name)) return 'holds a control character';
  return null;
}

/** Two names one file system may take for the same: NFC/NFD forms, and case (macOS, Windows). */
export const collisionKey = (name: string) => name.normalize('NFC').toUpperCase().toLowerCase();

export interface SourceEvalDir {
  /** `<category>/<eval>`: the two folders' names as they are on disk */
  id: string;
  /** its folder, relative to the bank root, with `/` */
  dir: string;
}

export interface NameProblem {
  code: 'ENAME' | 'EEVALROOT';
  /** the folder, relative to the bank root (JSON-escaped where it holds control characters) */
  path: string;
  /** the source eval it would have been, when the name got that far */
  id: string | null;
  message: string;
}

export interface Suite {
  layout: Layout;
  /** every source eval with a safe name, by id in UTF-8 byte order */
  evals: SourceEvalDir[];
  /** folders refused as names, and eval roots that do not exist */
  problems: NameProblem[];
  /** ids not listed because their folder, or their category's, was refused (validate says so instead of "does not exist") */
  refused: Set<string>;
  dirOf(id: string): string | undefined;
}

const fatal = new TextDecoder('utf-8', { fatal: true });
const shown = (p: string) => (CONTROL.test(p) ? JSON.stringify(p) : p);

/**
 * The source evals: every folder `<root>/<category>/<eval>/` of every eval root (links followed;
 * names starting with "." are not evals, as in `ls`). A folder whose name is unsafe, or collides
 * with another, is left out and reported with its path, so one bad name never hides the others.
 */
export function discoverEvals(root: string, layout: Layout): Suite {
  const problems: NameProblem[] = [];
  const found: SourceEvalDir[] = [];
  const refused = new Set<string>();
  for (const evalRoot of layout.evalRoots) {
    const base = join(root, evalRoot);
    if (!isDir(base)) {
      problems.push({ code: 'EEVALROOT', path: evalRoot, id: null, message: `eval root ${evalRoot}/ does not exist (layout.evalRoots in decision-bank.json)` });
      continue;
    }
    const rootRel = evalRoot.replace(/\/$/, '');
    const cats = safeChildren(base, rootRel, problems);
    for (const cat of [...cats.ok, ...cats.colliding]) {
      const names = safeChildren(join(base, cat), `${rootRel}/${cat}`, problems);
      // A category that collides with another is refused whole: its evals are named as refused, not as missing.
      if (cats.colliding.includes(cat)) for (const n of [...names.ok, ...names.colliding]) refused.add(`${cat}/${n}`);
      else {
        for (const n of names.ok) found.push({ id: `${cat}/${n}`, dir: `${rootRel}/${cat}/${n}` });
        for (const n of names.colliding) refused.add(`${cat}/${n}`);
      }
    }
  }
  // One id, one folder: two eval roots may not both hold it, nor forms of it a file system merges.
  const byKey = new Map<string, SourceEvalDir[]>();
  for (const e of found) byKey.set(collisionKey(e.id), [...(byKey.get(collisionKey(e.id)) ?? []), e]);
  const evals: SourceEvalDir[] = [];
  for (const group of byKey.values()) {
    if (group.length === 1) evals.push(group[0]!);
    else
      for (const e of group)
        refused.add(e.id),
          problems.push({
            code: 'ENAME',
            path: shown(e.dir),
            id: e.id,
            message: `source eval ${shown(e.id)} (${shown(e.dir)}/) collides with ${group
              .filter((g) => g !== e)
              .map((g) => `${shown(g.dir)}/`)
              .join(', ')}: ${collisionWhy(e.id, group.find((g) => g !== e)!.id)}`,
          });
  }
  evals.sort((a, b) => byUtf8(a.id, b.id));
  problems.sort((a, b) => byUtf8(a.path, b.path) || byUtf8(a.message, b.message));
  const dirs = new Map(evals.map((e) => [e.id, e.dir]));
  return { layout, evals, problems, refused, dirOf: (id) => dirs.get(id) };
}

function collisionWhy(a: string, b: string): string {
  if (a === b) return 'the same id in two eval roots';
  if (a.normalize('NFC') === b.normalize('NFC')) return 'the same name in NFC and NFD Unicode forms';
  return 'the same name up to case (one folder on a case-insensitive file system)';
}

/** The sub-folders of `abs` with safe names: `ok`, and `colliding` with a sibling (a problem each); unsafe names become problems. */
function safeChildren(abs: string, rel: string, problems: NameProblem[]): { ok: string[]; colliding: string[] } {
  const names: string[] = [];
  for (const raw of readdirSync(abs, { encoding: 'buffer' })) {
    let name: string;
    try {
      name = fatal.decode(raw);
    } catch {
      const lossy = raw.toString('utf8');
      problems.push({ code: 'ENAME', path: shown(`${rel}/${lossy}`), id: null, message: `${shown(`${rel}/${lossy}`)}: the folder name is not valid UTF-8 (bytes ${raw.toString('hex')}); rename it` });
      continue;
    }
    if (name.startsWith('.')) continue;
    if (!isDir(join(abs, name))) continue;
    const bad = nameProblem(name);
    if (bad) problems.push({ code: 'ENAME', path: shown(`${rel}/${name}`), id: null, message: `${shown(`${rel}/${name}`)}: the folder name ${bad}; rename it (or move it out of the eval root)` });
    else names.push(name);
  }
  const byKey = new Map<string, string[]>();
  for (const n of names) byKey.set(collisionKey(n), [...(byKey.get(collisionKey(n)) ?? []), n]);
  const ok: string[] = [];
  const colliding: string[] = [];
  for (const group of byKey.values()) {
    if (group.length === 1) ok.push(group[0]!);
    else
      for (const n of group)
        colliding.push(n),
          problems.push({
            code: 'ENAME',
            path: shown(`${rel}/${n}`),
            id: null,
            message: `${shown(`${rel}/${n}`)} collides with ${group
              .filter((g) => g !== n)
              .map((g) => shown(`${rel}/${g}`))
              .join(', ')}: ${collisionWhy(n, group.find((g) => g !== n)!)}; rename one`,
          });
  }
  return { ok, colliding };
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The suite's source evals for a command that stores or runs them: an unsafe name is ENAME, naming every one. */
export function requireSafeNames(suite: Suite, what: string): void {
  const names = suite.problems.filter((p) => p.code === 'ENAME');
  if (names.length)
    throw findingError('ENAME', `${what}: ${names.length} folder name(s) in the eval roots cannot be source-eval ids:\n${names.map((p) => `  ${p.message}`).join('\n')}`, { problems: names });
}

// ---------------------------------------------------------------- inside one source eval

/** The task file a source eval holds (the first of layout.taskFiles present), or null. */
export function taskFileOf(root: string, dir: string, layout: Layout): string | null {
  return layout.taskFiles.find((f) => isFile(join(root, dir, f))) ?? null;
}

/** Whether a source eval holds its reference solution as the layout names it. */
export function hasSolution(root: string, dir: string, layout: Layout): boolean {
  const abs = join(root, dir);
  let names: string[] | null = null;
  return layout.solution.some((pattern) => {
    if (pattern.endsWith('/')) return isDir(join(abs, pattern.slice(0, -1)));
    if (pattern.endsWith('.*')) {
      const stem = pattern.slice(0, -2);
      names ??= existsSync(abs) ? readdirSync(abs) : [];
      return names.some((n) => n === stem || n.startsWith(`${stem}.`));
    }
    return isFile(join(abs, pattern));
  });
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Where a question's probe is, relative to the bank root (docs/design.md §7 "Layout"). */
export function probePathOf(layout: Layout, sourceEvalDir: string, sourceEval: string, probe: string): string {
  return layout.probeRoot === null ? `${sourceEvalDir}/${probe}` : `${layout.probeRoot.replace(/\/$/, '')}/${sourceEval}/${probe}`;
}
