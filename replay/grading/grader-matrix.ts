import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Archive } from '../store/archive.ts';
import { sha256, type Digest } from '../format/digest.ts';
import { findingError, usageError } from '../errors.ts';
import type { Json } from '../format/json.ts';
import { LETTERS, type BankFile, type Letter, type Permutation, type Question } from '../bank/types.ts';
import { archiveGrader } from './grader-archive.ts';
import type { Grader, GraderResult } from './graders.ts';
import { identityOf, questionFields } from './grades.ts';
import type { GraderIdentity } from './grade-records.ts';
import { suiteGrader, type SuiteGraders } from './suite-graders.ts';

/**
 * A suite grader's regression matrix (docs/design.md §10 "The regression matrix"): its case file,
 * JSON lines of `{reply, finishReason?, question | key+options, permutation?, expect, side, note?}`,
 * the two sides of every grader correction — equivalent valid answers the grader must read, and
 * plausible invalid ones it must refuse. `docket grader test` runs one version over them and stores
 * the result as a `grader-test` bundle naming the grader's digest and the case file's digest;
 * `release pack` wants a passing one for each current suite grader.
 */

export type Expected = GraderResult['verdict'];
const EXPECTED: readonly Expected[] = ['correct', 'incorrect', 'invalid', 'truncated'];
const SIDES = ['valid', 'invalid'] as const;
export type Side = (typeof SIDES)[number];
const IDENTITY: Permutation = [0, 1, 2, 3];

/** One case as the grader is given it (the question's fields resolved from the bank when it names one). */
export interface MatrixCase {
  line: number;
  side: Side;
  expect: Expected;
  note: string | null;
  reply: string | null;
  finishReason: string | null;
  question: string | null;
  key: Letter;
  options: string[];
  permutation: Permutation;
  fields: { id: string } & { [field: string]: Json };
}

/** A case as run: the case (the question's fields left out: the bank has them) and what the grader gave. */
export type CaseResult = Omit<MatrixCase, 'fields'> & { verdict: Expected; shown: Letter | null; chosen: Letter | null; pass: boolean };

/** The `grader-test` bundle (docs/schemas/grader-test.schema.json). */
export interface GraderTestValue {
  kind: 'grader-test';
  schemaVersion: 1;
  grader: GraderIdentity;
  cases: { file: string; digest: Digest };
  counts: { cases: number; passed: number; failed: number; valid: number; invalid: number };
  ok: boolean;
  results: CaseResult[];
}

export const GRADER_TESTS_NS = 'grader-tests';
/** refs/grader-tests/<name>.<version>: the newest test of that version (a grader name holds no dot). */
export const testRefName = (g: Pick<Grader, 'id' | 'version'>) => `${GRADER_TESTS_NS}/${g.id}.${g.version}`;

/** The case file's text as it is hashed: a BOM dropped, CRLF → LF (a Windows checkout gives the same digest). */
const caseText = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n');
export const caseFileDigest = (bytes: Buffer): Digest => sha256(caseText(bytes));

const isPermutation = (p: unknown): p is Permutation => Array.isArray(p) && p.length === 4 && [...p].sort().join() === '0,1,2,3';

/** Parse a case file: every malformed line is named (EGRADERCASES, exit 1); both sides of the matrix must be there. */
export function parseCases(text: string, file: string, questions: readonly Question[]): MatrixCase[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const out: MatrixCase[] = [];
  const problems: string[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const bad = (why: string) => problems.push(`${file}:${line}: ${why}`);
    let c: Record<string, unknown>;
    try {
      c = JSON.parse(raw) as Record<string, unknown>;
    } catch (e) {
      return bad(`not JSON (${(e as Error).message})`);
    }
    if (!c || typeof c !== 'object' || Array.isArray(c)) return bad('a case is a JSON object');
    const unknown = Object.keys(c).filter((k) => !['reply', 'finishReason', 'question', 'key', 'options', 'permutation', 'expect', 'side', 'note'].includes(k));
    if (unknown.length) return bad(`unknown member ${unknown.join(', ')}`);
    if (c.reply !== null && typeof c.reply !== 'string') return bad('"reply" is the reply text (a string, or null for no content)');
    if (c.finishReason !== undefined && c.finishReason !== null && typeof c.finishReason !== 'string') return bad('"finishReason" is a string (default "stop")');
    if (!EXPECTED.includes(c.expect as Expected)) return bad(`"expect" is one of ${EXPECTED.join(', ')}`);
    if (!SIDES.includes(c.side as Side)) return bad('"side" is "valid" (an equivalent valid answer) or "invalid" (a plausible invalid one)');
    if (c.note !== undefined && typeof c.note !== 'string') return bad('"note" is a string');
    if (c.permutation !== undefined && !isPermutation(c.permutation)) return bad('"permutation" is the shown order of the canonical options, e.g. [2, 0, 3, 1]');
    let key: Letter;
    let options: string[];
    let fields: MatrixCase['fields'];
    if (c.question !== undefined) {
      if (c.key !== undefined || c.options !== undefined) return bad('name a "question" of the bank, or give "key" and "options", not both');
      const q = typeof c.question === 'string' ? byId.get(c.question) : undefined;
      if (!q) return bad(`"question" ${JSON.stringify(c.question)} is not a question of the bank`);
      key = q.key;
      options = [...q.options];
      fields = questionFields(q);
    } else {
      if (!LETTERS.includes(c.key as Letter)) return bad('"key" is A, B, C or D (or name a "question" of the bank)');
      if (!Array.isArray(c.options) || c.options.length !== 4 || c.options.some((o) => typeof o !== 'string')) return bad('"options" are the four option texts, canonical order');
      key = c.key as Letter;
      options = c.options as string[];
      fields = { id: `${file}:${line}`, options, key };
    }
    out.push({
      line,
      side: c.side as Side,
      expect: c.expect as Expected,
      note: (c.note as string | undefined) ?? null,
      reply: c.reply as string | null,
      finishReason: c.finishReason === undefined ? 'stop' : (c.finishReason as string | null),
      question: (c.question as string | undefined) ?? null,
      key,
      options,
      permutation: (c.permutation as Permutation | undefined) ?? IDENTITY,
      fields,
    });
  });
  for (const side of SIDES)
    if (!problems.length && !out.some((c) => c.side === side)) problems.push(`${file}: no case on the ${side} side; a regression matrix has both (equivalent valid answers, plausible invalid ones)`);
  if (problems.length) throw findingError('EGRADERCASES', `${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more: ${problems.slice(1, 4).join('; ')})` : ''}`, { file, problems });
  return out;
}

/** Run one grader over the cases (pure but for the grader's own sandbox). */
export function runCases(g: Grader, cases: readonly MatrixCase[]): CaseResult[] {
  return cases.map((c) => {
    const r = g.grade({ content: c.reply, finishReason: c.finishReason, permutation: c.permutation, key: c.key, options: c.options, question: c.fields });
    const { fields: _, ...shown } = c;
    return { ...shown, verdict: r.verdict, shown: r.shown, chosen: r.chosen, pass: r.verdict === c.expect };
  });
}

/** The case file of a suite grader (its declaration's `cases`), read; null when it declares none. */
export function readCaseFile(suite: SuiteGraders, name: string): { file: string; bytes: Buffer } | null {
  const file = suite.declared.get(name)?.cases;
  if (file === undefined) return null;
  if (!existsSync(join(suite.root, file))) throw usageError('EGRADERDECL', `the case file of grader ${name}, ${file}, does not exist`, { path: file });
  return { file, bytes: readFileSync(join(suite.root, file)) };
}

/** The test of a grader on its matrix, not stored: the bundle value `grader test` stores. */
export function testGrader(suite: SuiteGraders, bank: Pick<BankFile, 'questions'>, g: Grader): GraderTestValue {
  const cf = readCaseFile(suite, g.id);
  if (!cf)
    throw findingError(
      'EGRADERCASES',
      `grader ${g.id} declares no case file: add "cases": "graders/${g.id}.cases.jsonl" to decision-bank.json graders.${g.id} (JSON lines, docs/own-suite.md "Graders")`,
      { ref: g.id },
    );
  const results = runCases(g, parseCases(caseText(cf.bytes), cf.file, Array.isArray(bank.questions) ? bank.questions : []));
  const passed = results.filter((r) => r.pass).length;
  return {
    kind: 'grader-test',
    schemaVersion: 1,
    grader: identityOf(g),
    cases: { file: cf.file, digest: caseFileDigest(cf.bytes) },
    counts: { cases: results.length, passed, failed: results.length - passed, valid: results.filter((r) => r.side === 'valid').length, invalid: results.filter((r) => r.side === 'invalid').length },
    ok: passed === results.length,
    results,
  };
}

/** Store a test: the grader's bundle, the test's bundle, refs/grader-tests/<name>.<version>. */
export function archiveTest(archive: Archive, g: Grader, t: GraderTestValue): Digest {
  return archive.writing(() => {
    archiveGrader(archive, g);
    const d = archive.put(t).digest;
    archive.setRef(testRefName(g), d);
    return d;
  });
}

/**
 * Whether the archive holds a passing test of this grader on the case file as it is now: the newest
 * test of the version (refs/grader-tests/…) names this grader digest and this case file digest, and
 * passed. Null when it does; otherwise why not.
 */
export function missingPassingTest(archive: Archive, suite: SuiteGraders, g: Grader): string | null {
  const cf = readCaseFile(suite, g.id);
  if (!cf) return `grader ${g.id} declares no case file (decision-bank.json graders.${g.id}.cases)`;
  const d = archive.ref(testRefName(g));
  if (!d) return `grader ${g.id}@${g.version} has no test archived`;
  const t = archive.get(d).value as unknown as GraderTestValue;
  if (t.kind !== 'grader-test' || t.grader.digest !== g.digest) return `the test archived for ${g.id}@${g.version} (${d}) is of another grader digest`;
  if (t.cases.digest !== caseFileDigest(cf.bytes)) return `${cf.file} changed since ${g.id}@${g.version} was tested (${d})`;
  if (!t.ok) return `${g.id}@${g.version} failed ${t.counts.failed} of ${t.counts.cases} cases when last tested (${d})`;
  return null;
}

/**
 * What `release pack` demands of the suite's graders: each declared grader's current version is
 * pinned and unchanged, and the archive holds a passing test of it on its case file as it is now.
 * EGRADERTEST (exit 1) names the first that does not, and `docket grader test`.
 */
export function requirePassingMatrices(archive: Archive, suite: SuiteGraders): void {
  const missing: string[] = [];
  for (const [name, d] of suite.declared) {
    const g = suiteGrader(suite, name, d.current, archive); // unpinned or changed: EGRADERUNPINNED / EGRADERCHANGED
    const why = missingPassingTest(archive, suite, g);
    if (why) missing.push(`${why}: run \`docket grader test ${name}@${d.current}\``);
  }
  if (missing.length) throw findingError('EGRADERTEST', `release pack refused: a current grader needs a passing regression matrix in the archive; ${missing.join('; ')}`, { graders: missing });
}
