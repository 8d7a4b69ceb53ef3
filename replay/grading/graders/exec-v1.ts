// exec@1 — FROZEN (hashed into its digest). The pure steps of docket-exec/1 (docs/design.md §10
// "Execution tasks"): which files a reply makes (the rule the task declares) and how the tests' results
// score it. Running the tests is the runner's (it writes these files into a scratch copy of the
// eval's grading tree, runs the task's command there and reads its report).
import type { TaskGraderResult } from '../graders.ts';

export const ID = 'exec';
export const VERSION = 1;
export const CONFIG = {};
export const DESCRIPTION = "code in the reply run against the suite's tests (docket-exec/1): fraction of tests passed, or all-or-nothing";

export interface ReplyFile {
  path: string;
  content: string;
}
export type FilesRule = { rule: 'fenced-paths' } | { rule: 'single-block'; path: string } | { rule: 'whole-reply'; path: string };

const FENCE = /```([^\n`]*)\n([\s\S]*?)```/g;
// A path line: the fence's info string after the language (```js path/to/x.mjs), or a first line
// inside the block that is a comment naming the file (// file: x.mjs, # path: x.py).
const INFO_PATH = /^[A-Za-z0-9+#-]*\s+(?:(?:file|path)[:=]\s*)?([A-Za-z0-9._/-]+\.[A-Za-z0-9]+)\s*$/;
const FIRST_LINE_PATH = /^\s*(?:\/\/|#|--|<!--)\s*(?:file|path)\s*[:=]\s*([A-Za-z0-9._/-]+)\s*(?:-->)?\s*$/;

/** A path a reply may write: relative, inside the tree (no `..`, no absolute path, no backslash). */
export function safePath(p: string): boolean {
  return p.length > 0 && p.length <= 200 && !p.startsWith('/') && !p.includes('\\') && p.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

/** The files a reply makes under the task's rule; [] when it makes none (the reply is then invalid). */
export function replyFiles(reply: string, rule: FilesRule): ReplyFile[] {
  if (rule.rule === 'whole-reply') return reply.trim() === '' ? [] : [{ path: rule.path, content: reply }];
  const blocks: { info: string; body: string }[] = [];
  for (const m of reply.matchAll(FENCE)) blocks.push({ info: m[1]!.trim(), body: m[2]! });
  if (rule.rule === 'single-block') {
    // The first fenced block is the file; a reply with no fence at all is taken whole (models often
    // omit the fence for a single file).
    if (blocks.length === 0) return reply.trim() === '' ? [] : [{ path: rule.path, content: reply }];
    return [{ path: rule.path, content: blocks[0]!.body }];
  }
  const out = new Map<string, string>();
  for (const b of blocks) {
    let path = INFO_PATH.exec(b.info)?.[1];
    let body = b.body;
    if (path === undefined) {
      const nl = body.indexOf('\n');
      const first = FIRST_LINE_PATH.exec(nl < 0 ? body : body.slice(0, nl));
      if (first) {
        path = first[1];
        body = nl < 0 ? '' : body.slice(nl + 1);
      }
    }
    if (path !== undefined && safePath(path)) out.set(path, body); // a later block of the same path wins
  }
  return [...out].map(([path, content]) => ({ path, content }));
}

export type TestStatus = 'passed' | 'failed' | 'skipped';

/** The score of the tests' statuses: skipped tests do not count; no test that ran is 0. */
export function scoreTests(statuses: readonly TestStatus[], score: 'fraction' | 'all-or-nothing'): TaskGraderResult {
  const ran = statuses.filter((s) => s !== 'skipped');
  if (ran.length === 0) return { verdict: 'incorrect', score: 0 };
  const passed = ran.filter((s) => s === 'passed').length;
  const s = score === 'all-or-nothing' ? (passed === ran.length ? 1 : 0) : passed / ran.length;
  return { verdict: s >= 1 ? 'correct' : s <= 0 ? 'incorrect' : 'partial', score: s };
}
