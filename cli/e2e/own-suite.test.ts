import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentBank } from '../../replay/bank/frozen.ts';
import { Archive } from '../../replay/index/archive.ts';
import { docket, scratchDirs } from '../dev/testkit/core.ts';
import { networkNamespaceUnavailable, runDocketWithoutNetwork } from '../dev/testkit/netns.ts';
import { allText } from '../dev/testkit/recorder.ts';
import { authorBank, buildSuite, SUITE_EVALS, SUITE_SECRET, suiteEdits } from '../dev/testkit/suite.ts';

/**
 * docket on a suite it has never seen (issue #21, docs/own-suite.md): a suite laid out like a real
 * one, `docket init` → three questions and one omission → validate → evidence lock and capture →
 * evidence replay (offline), with zero edits to the suite's files. cli/e2e/full-flow.test.ts goes on
 * from there (run, replay, leaderboard, report, release pack --vendor, verify, npm ci --offline).
 */
const scratch = scratchDirs();

describe('docket on its own eval suite', () => {
  it('init → 3 questions + 1 omission → validate → evidence lock/capture → evidence replay, zero edits to the suite', async () => {
    const suite = buildSuite(scratch('docket-suite-'));
    const root = suite.root;
    const init = docket(['init', '--json'], { cwd: root });
    expect(init.status, init.stderr).toBe(0);
    expect(init.json).toMatchObject({ layout: { evalRoots: ['evals'], taskFiles: ['TASK.txt'], solution: ['answer/'], probeRoot: 'probes' }, lockfile: 'bun.lock' });

    const questions = authorBank(root);
    // From a folder deep inside the suite, docket finds the bank above it, like git.
    const inside = join(root, 'evals', '001-data_modeling', '006-database_crud', 'answer');
    const v = docket(['validate', '--complete', '--json'], { cwd: inside });
    expect(v.status, JSON.stringify(v.json?.violations ?? v.stderr)).toBe(0);
    expect(v.json).toMatchObject({ ok: true, questions: 3, omissions: 1, sourceEvals: 4, categories: 3, uncovered: [] });

    const lock = docket(['evidence', 'lock', '--json'], { cwd: inside });
    expect(lock.status, lock.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'lockfiles/probes.lock.json'), 'utf8'))).toEqual({ lockfileVersion: 1, node: '20', packages: {} });
    const elsewhere = scratch('docket-elsewhere-');
    const capture = docket(['-C', root, 'evidence', 'capture', '--json'], { cwd: elsewhere });
    expect(capture.status, capture.stderr).toBe(0);
    expect(capture.json).toMatchObject({ ok: true, captured: 3, benchmarkVersion: v.json.benchmarkVersion });

    // The archive is <bank root>/evidence, whichever folder docket was started in.
    const shown = docket(['show', 'bank/current', '--json'], { cwd: inside });
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.json.value.sources.map((s: { sourceEval: string }) => s.sourceEval)).toEqual([...SUITE_EVALS]);
    expect(shown.json.value.omissions).toEqual([{ sourceEval: '003-file_storage/001-upload_limits', reason: expect.any(String) }]);
    const archive = new Archive(join(root, 'evidence'));
    const frozen = currentBank(archive);
    const probes = frozen.questions.map((q) => (archive.get(q.evidence).value as { probe: { path: string } }).probe.path).sort();
    archive.close();
    expect(frozen.digest).toBe(shown.json.descriptor.digest);
    expect(probes).toEqual(questions.map((q) => q.probe).sort());

    // Offline: in a network namespace when one can be made, else under docket's own guard.
    const offline = (await networkNamespaceUnavailable()) ? docket(['evidence', 'replay', '--json'], { cwd: root }) : await runDocketWithoutNetwork(['evidence', 'replay', '--json'], { cwd: root });
    const replayed = JSON.parse(offline.stdout);
    expect(replayed, offline.stderr).toMatchObject({ ok: true, total: 3, matched: 3, mismatched: 0 });

    // Zero edits: every file the suite had is byte-identical (.gitignore only gained lines), and git
    // sees only docket's new files besides it.
    expect(suiteEdits(suite)).toEqual([]);
    if (suite.git) {
      const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=normal'], { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean).sort();
      expect(status).toEqual([' M .gitignore', '?? decision-bank.json', '?? evidence/', '?? lockfiles/', '?? probes/']);
    }
    // What a maintainer's checkout holds privately never reaches the archive.
    const archived = allText(join(root, 'evidence'));
    expect(archived).not.toContain(SUITE_SECRET);
    expect(archived).not.toContain('local.sqlite3');
    expect(archived).not.toContain('padStart(n, c)'); // node_modules/left-pad/index.js
    expect(archived).toContain('_generated/dataModel.d.ts'); // the committed generated folder is part of the source

    // The probes read the suite: change what the reference solution declares and replay says so.
    const generated = join(root, 'evals/001-data_modeling/006-database_crud/answer/convex/_generated/dataModel.d.ts');
    const original = readFileSync(generated, 'utf8');
    writeFileSync(generated, original.replace('by_owner', 'by_creation_time'));
    const drifted = docket(['evidence', 'replay', '--json'], { cwd: root });
    expect(drifted.status).toBe(1);
    expect(drifted.json.failed).toEqual([expect.objectContaining({ question: 'crud-owner-index-1', reason: expect.stringContaining('stdout differs'), exitCode: 0, archivedExitCode: 0 })]);
    writeFileSync(generated, original);

    // The report names the bank, not docket.
    const out = join(elsewhere, 'report');
    const report = docket(['report', '--out', out], { cwd: inside });
    expect(report.status, report.stderr).toBe(0);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('<title>convex-evals leaderboard</title>');
    expect(html).not.toContain('docket leaderboard');
  }, 240_000);

  it('an unsafe folder name is named with its path, the other evals still listed; capture refuses naming it', () => {
    const suite = buildSuite(scratch('docket-suite-'), { git: false });
    expect(docket(['init'], { cwd: suite.root }).status).toBe(0);
    authorBank(suite.root);
    mkdirSync(join(suite.root, 'evals', '002-auth_flows', 'bad\u001bname', 'answer'), { recursive: true });
    mkdirSync(join(suite.root, 'evals', '002-Auth_Flows', '009-x', 'answer'), { recursive: true });
    const v = docket(['validate', '--json'], { cwd: suite.root });
    expect(v.status).toBe(1);
    const names = v.json.violations.filter((x: { code: string }) => x.code === 'ENAME');
    expect(names.map((x: { path: string }) => x.path).sort()).toEqual(['evals/002-Auth_Flows', 'evals/002-auth_flows', JSON.stringify('evals/002-auth_flows/bad\u001bname')].sort());
    expect(v.json.sourceEvals).toBe(3); // the rest is listed
    expect(v.json.benchmarkVersion).toBeNull();
    const capture = docket(['evidence', 'capture', '--json'], { cwd: suite.root });
    expect(capture.status).toBe(1);
    expect(capture.json.error.code).toBe('EINVALID');
    expect(capture.json.error.message).toContain('ENAME');
    const snap = docket(['snapshot', '--json'], { cwd: suite.root });
    expect(snap.status).toBe(1);
    expect(snap.json.error.code).toBe('ENAME');
    expect(snap.json.error.message).toContain('evals/002-auth_flows collides with evals/002-Auth_Flows');
  }, 120_000);
});
