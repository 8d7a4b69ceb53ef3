import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { byUtf8 } from '../format/utf8.ts';
import { usageError, findingError } from '../errors.ts';

/**
 * The content policy (docs/design.md "Content policy"): which files of a tree may be stored in a
 * source snapshot or shipped in a release. One function, selectContent, decides for `docket
 * snapshot`, `docket release pack` and a release's verify:
 *   1. candidates: in a git work tree the files git would commit (tracked + untracked-not-ignored),
 *      listed by git itself (the CLI passes that lister, cli/offline/content-git.ts: replay/ never runs
 *      programs); elsewhere the same .gitignore rules at every level, through the `ignore` package;
 *   2. `.docketignore` files (gitignore syntax, any level) remove more;
 *   3. the built-in deny list removes private files whatever the ignore files say, unless the bank
 *      config names the exact path (content.include), which the caller records;
 *   4. a per-file size cap (content.maxFileBytes) refuses, so a stray binary is not archived.
 * Paths are POSIX and relative to `root`, ordered by UTF-8 bytes.
 */

export const POLICY_ID = 'docket-content-v1';
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

/** Private or machine-local files, in gitignore syntax (matched case-insensitively). */
export const DENY: readonly string[] = [
  // credentials
  '.env',
  '.env.*',
  '!.env.example',
  '!.env.sample',
  '!.env.template',
  '*.pem',
  '*.key',
  'id_rsa*',
  'id_dsa*',
  'id_ecdsa*',
  'id_ed25519*',
  '*.p12',
  '*.pfx',
  '*.jks',
  '*.keystore',
  '.npmrc',
  '.netrc',
  '.pypirc',
  '.git-credentials',
  // local databases and their journals
  '*.sqlite',
  '*.sqlite3',
  '*.db',
  '*-journal',
  '*-wal',
  '*-shm',
  // logs
  '*.log',
  'logs/',
  // dependencies and environments
  'node_modules/',
  '.venv/',
  'venv/',
  '__pycache__/',
  '*.pyc',
  // version control
  '.git',
  '.hg/',
  '.svn/',
  // editor and OS junk
  '.DS_Store',
  'Thumbs.db',
  'desktop.ini',
  '.idea/',
  '.vscode/',
  '*.swp',
  '*.swo',
  '*~',
  '.#*',
];

export interface ContentConfig {
  maxFileBytes: number;
  include: string[]; // denied paths the bank publishes anyway (exact, root-relative)
  allowSecrets: { path: string; digest: string }[]; // scanner false positives (replay/content/secrets.ts)
}

export const DEFAULT_CONFIG: ContentConfig = { maxFileBytes: DEFAULT_MAX_FILE_BYTES, include: [], allowSecrets: [] };

/** What a lister found: candidate paths, and what the ignore rules left out (directories end in '/'). */
export interface Listing {
  mode: 'git' | 'ignore-files';
  files: string[];
  ignored: Excluded[];
}
/**
 * Lists the candidates under `scopes` (root-relative directories or files) of `root`. `prune` names
 * a directory (trailing '/') the policy leaves out whatever it holds, so a walk need not enter it.
 */
export type Lister = (root: string, scopes: string[], prune?: (dir: string) => string | null) => Listing;

export interface Excluded {
  path: string;
  rule: string;
}
export interface Selected {
  path: string;
  abs: string;
  type: 'file' | 'symlink';
  size: number;
  executable: boolean;
}
export interface Selection {
  policy: typeof POLICY_ID;
  mode: Listing['mode'];
  included: Selected[];
  excluded: Excluded[];
  /** denied paths included because the bank config names them */
  allowed: Excluded[];
  /** included files over the per-file cap (refuseTooBig turns them into ETOOBIG) */
  tooBig: { path: string; size: number }[];
  maxFileBytes: number;
}

/** Read `content` from the bank config (decision-bank.json); absent means the defaults. */
export function contentConfig(bank: unknown, where = 'decision-bank.json'): ContentConfig {
  const c = (bank as { content?: unknown } | null)?.content;
  if (c === undefined) return DEFAULT_CONFIG;
  const bad = (field: string, want: string) => usageError('ECONTENTCONFIG', `${where}: content.${field} must be ${want}`, { path: where, field: `content.${field}` });
  if (!c || typeof c !== 'object' || Array.isArray(c)) throw bad('', 'an object');
  const o = c as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!['maxFileBytes', 'include', 'allowSecrets'].includes(k)) throw bad(k, 'one of maxFileBytes, include, allowSecrets (unknown field)');
  const max = o.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  if (!Number.isSafeInteger(max) || (max as number) < 1) throw bad('maxFileBytes', 'a positive integer (bytes)');
  const include = o.include ?? [];
  if (!Array.isArray(include) || include.some((p) => typeof p !== 'string' || !p || p.startsWith('/') || p.split('/').includes('..'))) throw bad('include', 'an array of root-relative paths');
  const allow = o.allowSecrets ?? [];
  const okAllow = (a: unknown) => !!a && typeof a === 'object' && typeof (a as { path?: unknown }).path === 'string' && /^sha256:[0-9a-f]{64}$/.test(String((a as { digest?: unknown }).digest));
  if (!Array.isArray(allow) || !allow.every(okAllow)) throw bad('allowSecrets', 'an array of { "path": "...", "digest": "sha256:<hex>", "reason": "..." }');
  return { maxFileBytes: max as number, include: include as string[], allowSecrets: (allow as { path: string; digest: string }[]).map((a) => ({ path: a.path, digest: a.digest })) };
}

// ---------------------------------------------------------------- ignore files

/**
 * A gitignore line of `<dir>/<file>` rewritten to match root-relative paths, so the rules of every
 * level live in one `ignore` instance, in git's order (parents first; within a file, last match
 * wins, and a deeper file's rules come later). A pattern with a slash (not at the end) is anchored
 * to its file's directory; one without matches at any depth below it.
 */
export function rebase(line: string, dir: string): string | null {
  let s = line.replace(/\r$/, '').replace(/(?<!\\)\s+$/, '');
  if (!s || s.startsWith('#')) return null;
  if (!dir) return s;
  let neg = '';
  if (s.startsWith('!')) {
    neg = '!';
    s = s.slice(1);
  }
  const body = s.endsWith('/') ? s.slice(0, -1) : s;
  const anchored = body.includes('/');
  if (s.startsWith('/')) s = s.slice(1);
  return `${neg}${dir}/${anchored ? '' : '**/'}${s}`;
}

/** One root-relative rule set built from ignore files of one name (.gitignore or .docketignore). */
export class IgnoreRules {
  private readonly ig: Ignore = ignore({ ignorecase: false });
  private readonly loaded = new Set<string>();
  constructor(
    private readonly root: string,
    private readonly fileName: string,
  ) {}

  /** Load `<dir>/<fileName>` once (dir root-relative, '' for the root). */
  load(dir: string): void {
    if (this.loaded.has(dir)) return;
    this.loaded.add(dir);
    const rel = dir ? `${dir}/${this.fileName}` : this.fileName;
    const abs = join(this.root, rel);
    if (!existsSync(abs) || !lstatSync(abs).isFile()) return;
    readFileSync(abs, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const pattern = rebase(line, dir);
        if (pattern) this.ig.add({ pattern, mark: `${rel}:${i + 1}:${line.trim()}` });
      });
  }

  /** Load every ignore file from the root down to (and including) `dir`. */
  loadDown(dir: string): void {
    this.load('');
    const parts = dir ? dir.split('/') : [];
    for (let i = 1; i <= parts.length; i++) this.load(parts.slice(0, i).join('/'));
  }

  /** The rule that leaves `path` out (directories with a trailing '/'), or null. */
  why(path: string): string | null {
    const r = this.ig.test(path);
    return r.ignored ? `${this.fileName} ${r.rule?.mark ?? r.rule?.pattern}` : null;
  }
}

/** The lister outside git: walk the tree with .gitignore at every level (no tracked-file notion). */
export const listByIgnoreFiles: Lister = (root, scopes, prune = () => null) => {
  const rules = new IgnoreRules(root, '.gitignore');
  const files: string[] = [];
  const ignored: Excluded[] = [];
  const walk = (dir: string) => {
    rules.load(dir);
    for (const name of readdirSync(join(root, dir)).sort(byUtf8)) {
      const rel = dir ? `${dir}/${name}` : name;
      const st = lstatSync(join(root, rel));
      const isDir = st.isDirectory();
      const rule = rules.why(isDir ? `${rel}/` : rel) ?? (isDir ? prune(`${rel}/`) : null);
      if (rule) ignored.push({ path: isDir ? `${rel}/` : rel, rule });
      else if (isDir) walk(rel);
      else files.push(rel);
    }
  };
  for (const scope of scopes) {
    const abs = join(root, scope);
    if (!existsSync(abs)) continue;
    const parent = scope.includes('/') ? scope.slice(0, scope.lastIndexOf('/')) : '';
    rules.loadDown(parent);
    const isDir = lstatSync(abs).isDirectory();
    const rule = rules.why(isDir ? `${scope}/` : scope);
    if (rule) ignored.push({ path: isDir ? `${scope}/` : scope, rule });
    else if (isDir) walk(scope);
    else files.push(scope);
  }
  return { mode: 'ignore-files', files, ignored };
};

// ---------------------------------------------------------------- the policy

const deny = ignore({ ignorecase: true }).add(DENY);

/** The deny rule that leaves `path` out (checked on its directories first, so a denied folder is named once), or null. */
export function denied(path: string): { path: string; rule: string } | null {
  const parts = path.split('/');
  for (let i = 1; i < parts.length; i++) {
    const dir = `${parts.slice(0, i).join('/')}/`;
    const r = deny.test(dir);
    if (r.ignored) return { path: dir, rule: `deny ${r.rule?.pattern ?? '?'}` };
  }
  const r = deny.test(path);
  return r.ignored ? { path, rule: `deny ${r.rule?.pattern ?? '?'}` } : null;
}

export interface SelectOptions {
  config?: ContentConfig;
  lister?: Lister;
  /** extra rules for this caller, checked after the deny list (release pack: docket's test code) */
  extra?: (path: string) => string | null;
}

/**
 * The one content-policy function: every file under `scopes` that may go out, and every file left
 * out with the rule that left it out. A file over the size cap is an error (ETOOBIG), never a
 * silent omission.
 */
export function selectContent(root: string, scopes: string[], opts: SelectOptions = {}): Selection {
  const config = opts.config ?? DEFAULT_CONFIG;
  const include = new Set(config.include);
  const prune = (dir: string) => {
    const r = deny.test(dir);
    return r.ignored && ![...include].some((p) => p.startsWith(dir)) ? `deny ${r.rule?.pattern ?? '?'}` : null;
  };
  const listing = (opts.lister ?? listByIgnoreFiles)(root, scopes, prune);
  const docket = new IgnoreRules(root, '.docketignore');
  const included: Selected[] = [];
  const excluded = new Map<string, string>(listing.ignored.map((e) => [e.path, e.rule]));
  const allowed: Excluded[] = [];
  const tooBig: { path: string; size: number }[] = [];
  // Scopes may overlap (a judge's rubric inside evals/, say): a file reached twice is one file.
  for (const path of new Set(listing.files)) {
    const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    docket.loadDown(dir);
    const abs = join(root, path);
    let st;
    try {
      st = lstatSync(abs);
    } catch {
      excluded.set(path, 'tracked by git but missing on disk');
      continue;
    }
    const leaveOut = (p: string, rule: string) => excluded.has(p) || excluded.set(p, rule);
    const ig = docket.why(path);
    if (ig) {
      leaveOut(path, ig);
      continue;
    }
    const d = denied(path);
    if (d && !include.has(path)) {
      leaveOut(d.path, d.rule);
      continue;
    }
    const extra = opts.extra?.(path);
    if (extra) {
      leaveOut(path, extra);
      continue;
    }
    if (!st.isFile() && !st.isSymbolicLink()) {
      leaveOut(path, st.isDirectory() ? 'a directory git lists as one entry (a submodule): not stored' : 'not a regular file or symlink');
      continue;
    }
    if (d) allowed.push({ path, rule: d.rule });
    if (st.isFile() && st.size > config.maxFileBytes) tooBig.push({ path, size: st.size });
    // git records only the executable bit, so that is all anything records.
    included.push({ path, abs, type: st.isSymbolicLink() ? 'symlink' : 'file', size: st.size, executable: !!(st.mode & 0o100) });
  }
  included.sort((a, b) => byUtf8(a.path, b.path));
  const out = [...excluded].map(([path, rule]) => ({ path, rule })).sort((a, b) => byUtf8(a.path, b.path));
  return { policy: POLICY_ID, mode: listing.mode, included, excluded: out, allowed, tooBig, maxFileBytes: config.maxFileBytes };
}

/** A file over the size cap is an error, never a silent omission. */
export function refuseTooBig(sel: Selection): void {
  const { tooBig } = sel;
  if (!tooBig.length) return;
  const list = tooBig.map((t) => `  ${t.path}: ${t.size} bytes`).join('\n');
  throw findingError(
    'ETOOBIG',
    `${tooBig.length} file(s) over the ${sel.maxFileBytes}-byte per-file cap:\n${list}\nleave them out with a .gitignore or .docketignore rule, or raise content.maxFileBytes in decision-bank.json if they belong in the evidence`,
    { files: tooBig, maxFileBytes: sel.maxFileBytes },
  );
}
