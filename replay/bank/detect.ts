import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { byUtf8 } from '../format/utf8.ts';
import { DEFAULT_LAYOUT, discoverEvals, hasSolution, taskFileOf, type Layout, type NameProblem, type SourceEvalDir } from './layout.ts';

/**
 * What `docket init` finds in a suite's root (docs/own-suite.md): read-only. Each value says where
 * it came from, and every one can be overridden (`Overrides`); the rest is detected around it.
 */
export const TASK_FILE_CANDIDATES = ['TASK.txt', 'TASK.md', 'README.md'] as const;
/** Reference solutions docket recognises without being told: a folder, or a file with any extension. */
export const SOLUTION_CANDIDATES = ['answer/', 'solution/', 'solution.*'] as const;
/** The lockfiles docket reads, by package manager, in the order one is chosen when a suite holds several and says nothing. */
export const LOCKFILES: readonly { file: string; manager: string }[] = [
  { file: 'package-lock.json', manager: 'npm' },
  { file: 'npm-shrinkwrap.json', manager: 'npm' },
  { file: 'bun.lock', manager: 'bun' },
  { file: 'pnpm-lock.yaml', manager: 'pnpm' },
  { file: 'yarn.lock', manager: 'yarn' },
];
/** Folders that are never an eval root: dependencies, docket's own, version control. */
const NOT_ROOTS = new Set(['node_modules', 'evidence', 'lockfiles', 'probes']);

export interface Overrides {
  name?: string;
  evalRoots?: string[];
  taskFiles?: string[];
  solution?: string[];
  probeRoot?: string;
  lockfile?: string;
  packageManager?: string;
}

/** Beside the layout: what `docket init` reports of the suite's packages (the lockfile is written to the bank's `lockfile`). */
export interface DetectedPackages {
  /** relative to the suite's root; null when there is none */
  lockfile: string | null;
  packageManager: string | null;
}

export interface DetectedEval extends SourceEvalDir {
  taskFile: string | null;
  solution: boolean;
}

export interface Detected {
  name: string;
  layout: Layout;
  packages: DetectedPackages;
  /** per value: "detected: …", "flag", or "default: …" */
  from: Record<keyof Layout | keyof DetectedPackages | 'name', string>;
  evals: DetectedEval[];
  categories: number;
  /** folders the layout's eval roots hold that cannot be source-eval ids (layout.ts) */
  problems: NameProblem[];
}

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};
const isFile = (p: string) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};
const subdirs = (p: string) =>
  isDir(p)
    ? readdirSync(p)
        .filter((n) => !n.startsWith('.') && isDir(join(p, n)))
        .sort(byUtf8)
    : [];

/** Folders two levels below `dir` (its would-be source evals), as paths relative to the suite root. */
function twoDown(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const c of subdirs(join(root, dir))) for (const e of subdirs(join(root, dir, c))) out.push(`${dir}/${c}/${e}`);
  return out;
}

/**
 * Eval roots: folders one or two levels below the root whose folders two levels down mostly (at
 * least half) hold a task file. README.md counts only when no TASK.txt/TASK.md exists anywhere: a
 * README is in too many folders to say "this is an eval" by itself. Nested candidates: the one with
 * more evals wins.
 */
function detectEvalRoots(root: string): { roots: string[]; kinds: string[] } {
  const candidates: string[] = [];
  for (const a of subdirs(root)) {
    if (NOT_ROOTS.has(a)) continue;
    candidates.push(a);
    for (const b of subdirs(join(root, a))) if (!NOT_ROOTS.has(b)) candidates.push(`${a}/${b}`);
  }
  const scored = candidates.map((dir) => {
    const evals = twoDown(root, dir);
    const has = (f: string) => evals.filter((e) => isFile(join(root, e, f))).length;
    return { dir, total: evals.length, counts: Object.fromEntries(TASK_FILE_CANDIDATES.map((f) => [f, has(f)])) as Record<string, number> };
  });
  const strong = ['TASK.txt', 'TASK.md'].filter((f) => scored.some((s) => s.counts[f]! > 0));
  const kinds = strong.length ? strong : ['README.md'];
  const hits = scored
    .map((s) => ({ ...s, n: Math.max(...kinds.map((k) => s.counts[k]!)) }))
    .filter((s) => s.n > 0 && s.n * 2 >= s.total)
    .sort((a, b) => b.n - a.n || byUtf8(a.dir, b.dir));
  const roots: string[] = [];
  const overlaps = (a: string, b: string) => `${a}/`.startsWith(`${b}/`) || `${b}/`.startsWith(`${a}/`);
  for (const h of hits) if (!roots.some((r) => overlaps(r, h.dir))) roots.push(h.dir);
  return { roots: roots.sort(byUtf8), kinds };
}

/** Members of `candidates` present in the evals, most common first (ties: candidate order). */
function ranked(candidates: readonly string[], present: (dir: string, c: string) => boolean, evals: SourceEvalDir[], root: string): string[] {
  const counts = candidates.map((c) => ({ c, n: evals.filter((e) => present(join(root, e.dir), c)).length }));
  return counts
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n || candidates.indexOf(a.c) - candidates.indexOf(b.c))
    .map((x) => x.c);
}

const solutionPresent = (abs: string, pattern: string) =>
  pattern.endsWith('/') ? isDir(join(abs, pattern.slice(0, -1))) : readdirSync(abs).some((n) => n === pattern.slice(0, -2) || n.startsWith(`${pattern.slice(0, -2)}.`));

/** The suite's lockfile and package manager: package.json's `packageManager` first, else the first lockfile present. */
function detectPackages(root: string, pkg: { packageManager?: unknown } | null): { lockfile: string | null; manager: string | null } {
  const declared = typeof pkg?.packageManager === 'string' ? pkg.packageManager.split('@')[0]! : null;
  const present = LOCKFILES.filter((l) => isFile(join(root, l.file)));
  const pick = present.find((l) => l.manager === declared) ?? present[0];
  return { lockfile: pick?.file ?? null, manager: declared ?? pick?.manager ?? null };
}

function readPackageJson(root: string): { name?: unknown; packageManager?: unknown } | null {
  const p = join(root, 'package.json');
  if (!existsSync(p)) return null;
  try {
    const v = JSON.parse(readFileSync(p, 'utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as { name?: unknown }) : null;
  } catch {
    return null; // a package.json docket cannot read names nothing; the folder's name will do
  }
}

export function detectSuite(root: string, o: Overrides = {}): Detected {
  const pkg = readPackageJson(root);
  const from = {} as Detected['from'];
  const name = o.name ?? (typeof pkg?.name === 'string' && pkg.name ? pkg.name : basename(root));
  from.name = o.name !== undefined ? 'flag' : typeof pkg?.name === 'string' && pkg.name ? 'detected: package.json name' : 'detected: the folder name';

  const found = o.evalRoots ? null : detectEvalRoots(root);
  const evalRoots = o.evalRoots ?? found!.roots;
  from.evalRoots = o.evalRoots ? 'flag' : evalRoots.length ? `detected: folders whose sub-sub-folders hold ${found!.kinds.join(' or ')}` : 'none found';
  // Task files and solutions are counted over the evals of the chosen roots.
  const probe = discoverEvals(root, { ...DEFAULT_LAYOUT, evalRoots });
  const taskFiles = o.taskFiles ?? ranked(TASK_FILE_CANDIDATES, (abs, f) => isFile(join(abs, f)), probe.evals, root);
  from.taskFiles = o.taskFiles ? 'flag' : taskFiles.length ? 'detected: in the source evals, most common first' : `default: none of ${TASK_FILE_CANDIDATES.join(', ')} found`;
  const solution = o.solution ?? ranked(SOLUTION_CANDIDATES, solutionPresent, probe.evals, root);
  from.solution = o.solution ? 'flag' : solution.length ? 'detected: in the source evals, most common first' : `default: none of ${SOLUTION_CANDIDATES.join(', ')} found`;
  const pm = detectPackages(root, pkg);
  const layout: Layout = {
    evalRoots,
    taskFiles: taskFiles.length ? taskFiles : [...DEFAULT_LAYOUT.taskFiles],
    solution: solution.length ? solution : [...DEFAULT_LAYOUT.solution],
    probeRoot: o.probeRoot ?? 'probes',
  };
  const packages: DetectedPackages = { lockfile: o.lockfile ?? pm.lockfile, packageManager: o.packageManager ?? pm.manager };
  from.probeRoot = o.probeRoot !== undefined ? 'flag' : "default: beside the bank, one folder per source eval; the suite's own folders stay as they are";
  from.lockfile = o.lockfile !== undefined ? 'flag' : pm.lockfile ? 'detected' : `none found (${LOCKFILES.map((l) => l.file).join(', ')}): docket evidence lock needs one`;
  from.packageManager =
    o.packageManager !== undefined ? 'flag' : pm.manager ? (typeof pkg?.packageManager === 'string' ? 'detected: package.json packageManager' : 'detected: from the lockfile') : 'none found';
  const suite = discoverEvals(root, layout);
  const evals = suite.evals.map((e) => ({ ...e, taskFile: taskFileOf(root, e.dir, layout), solution: hasSolution(root, e.dir, layout) }));
  return { name, layout, packages, from, evals, categories: new Set(evals.map((e) => e.id.split('/')[0])).size, problems: suite.problems };
}
