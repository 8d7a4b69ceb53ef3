import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ArgumentsCamelCase } from 'yargs';
import { loadBankFile } from '../../replay/bank/bank.ts';
import { EXIT, usageError } from '../../replay/errors.ts';
import { archiveTest, testGrader, testRefName } from '../../replay/grading/grader-matrix.ts';
import { diffGraders } from '../../replay/grading/grades.ts';
import { graderBundleDigest } from '../../replay/grading/grader-archive.ts';
import { isPinned, lockSuiteGraders, lockText, readSuiteGraders, resolveGrader, suiteRef, SUITE_GRADER_LOCK, type SuiteGraders } from '../../replay/grading/suite-graders.ts';
import { Archive } from '../../replay/index/archive.ts';
import { writeFileAtomic } from '../../replay/release/pack.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';
import { bankRootOf } from '../where.ts';
import { flipLine } from './regrade-run.ts';
import { sealedRunIds } from '../../replay/grading/grade-records.ts';

export interface GraderArgs extends GlobalArgs {
  action: 'lock' | 'test' | 'diff';
  refs?: string[];
}

export async function runGrader(argv: ArgumentsCamelCase<GraderArgs>) {
  const root = bankRootOf(argv);
  const bank = loadBankFile(root);
  const suite = readSuiteGraders(root, bank);
  const refs = argv.refs ?? [];
  if (argv.action === 'lock') {
    if (refs.length) throw usageError('EUSAGE', 'docket grader lock pins every declared version: it takes no grader');
    return lock(suite, argv.json);
  }
  if (argv.action === 'test') {
    if (refs.length > 1) throw usageError('EUSAGE', 'docket grader test takes one grader (NAME or NAME@N)');
    return test(suite, bank, refs[0], argv);
  }
  if (refs.length !== 2) throw usageError('EUSAGE', 'docket grader diff takes two graders: A (the one grades are made with now) and B (the one to compare), e.g. mine@1 mine@2');
  return diff(suite, refs[0]!, refs[1]!, argv);
}

/** `docket grader lock`: pin every declared version not pinned yet (lockfiles/graders.lock.json in the suite). */
function lock(suite: SuiteGraders, json: boolean) {
  const { lock, added, states } = lockSuiteGraders(suite); // a changed pinned version: EGRADERCHANGED, nothing written
  if (added.length) {
    const path = join(suite.root, SUITE_GRADER_LOCK);
    mkdirSync(dirname(path), { recursive: true }); // a new suite may have no lockfiles/ yet
    writeFileAtomic(path, lockText(lock));
  }
  const pinned = states.map((s) => ({ ref: s.ref, digest: s.digest, file: s.file, files: s.files, added: added.includes(s) }));
  if (json) return printJson({ ok: true, path: SUITE_GRADER_LOCK, written: added.length > 0, graders: pinned });
  if (!states.length) return line('no suite graders declared (decision-bank.json "graders"): nothing to pin');
  for (const s of pinned) line(`${s.added ? 'new ' : 'kept'} ${s.ref} ${s.digest}  ${s.files.join(', ')}`);
  line(
    added.length
      ? `wrote ${SUITE_GRADER_LOCK}: ${added.length} new version(s) pinned, ${pinned.length - added.length} kept; now frozen (a change goes into a new version)`
      : `${SUITE_GRADER_LOCK} already pins every version`,
  );
}

/** The grader `grader test` tests when none is named: the bank's grader if it is the suite's, else the only one declared. */
function defaultTestRef(suite: SuiteGraders): string {
  if (suiteRef(suite, suite.defaultRef)) return suite.defaultRef;
  const names = [...suite.declared.keys()];
  if (names.length === 1) return names[0]!;
  throw usageError(
    'EUSAGE',
    names.length ? `name the grader to test: ${names.join(', ')}` : 'no suite graders declared (decision-bank.json "graders"): grader test runs a suite grader over its case file',
    {},
  );
}

const clip = (s: string | null, n = 48) => (s === null ? 'null' : JSON.stringify(s.length > n ? `${s.slice(0, n - 1)}…` : s));

/** `docket grader test [REF]`: the grader over its case file; the result archived when the version is pinned. */
function test(suite: SuiteGraders, bank: ReturnType<typeof loadBankFile>, spec: string | undefined, argv: GraderArgs) {
  const ref = spec ?? defaultTestRef(suite);
  if (!suiteRef(suite, ref))
    throw usageError('EGRADER', `${ref} is not one of the suite's graders (${[...suite.declared.keys()].join(', ') || 'none declared'}): docket's own graders are tested by docket's own tests`, {
      ref,
    });
  const archive = new Archive(argv.archive);
  try {
    const g = resolveGrader({ suite, archive, drafts: true }, ref);
    const t = testGrader(suite, bank, g);
    const pinned = isPinned(suite, g);
    const result = pinned ? archiveTest(archive, g, t) : null;
    const failures = t.results.filter((r) => !r.pass);
    process.exitCode = t.ok ? EXIT.OK : EXIT.FINDINGS;
    const bundle = graderBundleDigest(g);
    if (argv.json) return printJson({ ok: t.ok, grader: { ...t.grader, bundle }, pinned, cases: t.cases, counts: t.counts, failures, result, ref: result ? testRefName(g) : null });
    line(`grader test ${t.grader.ref} ${g.digest} on ${t.cases.file}: ${t.counts.cases} cases (${t.counts.valid} valid, ${t.counts.invalid} invalid)`);
    if (failures.length) {
      line(`  ${'line'.padEnd(5)} ${'side'.padEnd(8)} ${'expect'.padEnd(10)} ${'got'.padEnd(10)} reply`);
      for (const f of failures) line(`  ${String(f.line).padEnd(5)} ${f.side.padEnd(8)} ${f.expect.padEnd(10)} ${f.verdict.padEnd(10)} ${clip(f.reply)}${f.note ? `  (${f.note})` : ''}`);
    }
    const stored = result ? `; result ${result} (refs/${testRefName(g)})` : `; not archived: ${t.grader.ref} is not pinned yet (\`docket grader lock\`, then test again)`;
    line(t.ok ? `ok: all ${t.counts.cases} cases pass${stored}` : `${failures.length} of ${t.counts.cases} cases fail${stored}`);
  } finally {
    archive.close();
  }
}

/** `docket grader diff A B`: every stored reply graded by both; the ones whose verdict changes. Writes nothing. */
function diff(suite: SuiteGraders, a: string, b: string, argv: GraderArgs) {
  requireDir(argv.archive, 'archive');
  const archive = new Archive(argv.archive);
  try {
    const ctx = { suite, archive, drafts: true };
    const ga = resolveGrader(ctx, a);
    const gb = resolveGrader(ctx, b);
    const ids = sealedRunIds(archive);
    if (!argv.json) line(`grader diff ${a} ${ga.digest} → ${b} ${gb.digest} over the ${ids.length} sealed run(s) of ${argv.archive} (nothing is written)`);
    const r = diffGraders(archive, ids, ga, gb);
    const from = { ref: `${ga.id}@${ga.version}`, digest: ga.digest };
    const to = { ref: `${gb.id}@${gb.version}`, digest: gb.digest };
    if (argv.json) return printJson({ ok: true, from, to, runs: r.runs, attempts: r.attempts, flips: r.flips, count: r.flips.length });
    for (const f of r.flips) line(flipLine(f));
    const current = suiteRef(suite, suite.defaultRef);
    const command = current && `${current.name}@${current.version}` === to.ref ? 'docket regrade --all' : `docket regrade --all --grader ${to.ref}`;
    line(`${r.flips.length} of ${r.attempts} stored replies change verdict (${r.runs} runs); \`${command}\` would write them`);
  } finally {
    archive.close();
  }
}
