import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, scratchDirs, treeHashes } from '../dev/testkit/core.ts';
import { runCliJson } from '../dev/testkit/recorder.ts';

/** Every file of the suite but its installed packages (a link to this checkout's node_modules). */
const suiteFiles = (root: string) => Object.fromEntries(Object.keys(EVALS).flatMap((id) => Object.entries(treeHashes(join(root, 'evals', id))).map(([p, h]) => [`evals/${id}/${p}`, h])));
import { runDocketWithoutNetwork } from '../dev/testkit/netns.ts';
import { startReferenceServer, type ReferenceServer } from '../recorder/reference-server.ts';

/**
 * A coding suite laid out like the Convex one (#35 item 6): `evals/<NNN-category>/<NNN-name>/` with
 * TASK.txt, the reference solution in answer/ and a TypeScript `grader.test.ts` run by vitest with
 * its JSON reporter, the suite's own installed vitest (node_modules/.bin). docket has never seen it
 * and edits none of its files: the bank file and the archive are docket's. Recorded against the
 * reference server's contenders, graded on seal by the suite's tests, replayed and regraded with
 * no network, and shown per test in the report.
 */
const dirs = scratchDirs();
const CONTENDERS = ['oracle', 'markdown', 'coin'];
const EVALS: Record<string, { answer: string; tests: string[] }> = {
  '001-fundamentals/001-clamp': {
    answer:
      'export function clamp(x: number, lo: number, hi: number): number {\n  return Math.min(hi, Math.max(lo, x));\n}\n\nexport function lerp(a: number, b: number, t: number): number {\n  return a + (b - a) * t;\n}\n',
    tests: [
      "import { describe, expect, test } from 'vitest';",
      "import { clamp, lerp } from './answer/math';",
      "describe('clamp', () => {",
      "  test('inside', () => expect(clamp(5, 0, 10)).toBe(5));",
      "  test('below', () => expect(clamp(-1, 0, 10)).toBe(0));",
      '});',
      "test('lerp half', () => expect(lerp(0, 10, 0.5)).toBe(5));",
    ],
  },
  '002-strings/004-slug': {
    answer: "export function slug(title: string): string {\n  return title.toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');\n}\n",
    tests: [
      "import { expect, test } from 'vitest';",
      "import { slug } from './answer/math';",
      "test('words', () => expect(slug('Hello World')).toBe('hello-world'));",
      "test('punctuation', () => expect(slug('  A, b & c!  ')).toBe('a-b-c'));",
    ],
  },
};

function writeSuite(root: string): Record<string, string> {
  const put = (rel: string, text: string) => {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  put('package.json', `${JSON.stringify({ name: 'convex-like-evals', private: true, type: 'module', devDependencies: { vitest: '4.1.12' } }, null, 2)}\n`);
  put('.gitignore', 'node_modules/\n');
  // The suite's installed packages: this checkout's, which hold the vitest it pins.
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  for (const [id, e] of Object.entries(EVALS)) {
    put(`evals/${id}/TASK.txt`, `Write answer/math.ts for ${id}: its grader.test.ts says what it must do.\n`);
    put(`evals/${id}/answer/math.ts`, e.answer);
    put(`evals/${id}/grader.test.ts`, `${e.tests.join('\n')}\n`);
  }
  const suite = { ...suiteFiles(root), 'package.json': readFileSync(join(root, 'package.json'), 'utf8'), '.gitignore': readFileSync(join(root, '.gitignore'), 'utf8') };
  const task = (id: string) => ({
    id: id.split('/')[1]!,
    kind: 'exec',
    sourceEval: id,
    prompt: { file: 'TASK.txt' },
    system: 'Reply with each file in a fenced block whose info string names its path.',
    max_tokens: 800,
    grader: {
      ref: 'exec@1',
      params: {
        files: { rule: 'fenced-paths' },
        command: ['vitest', 'run', '--reporter=json', '--outputFile=report.json', 'grader.test.ts'],
        report: { format: 'json', path: 'report.json' },
        omit: ['answer'],
        timeoutMs: 60_000,
      },
    },
  });
  const bank = {
    schemaVersion: 1,
    name: 'convex-like-evals',
    version: '0.1.0',
    description: 'coding tasks graded by their vitest suites',
    keyBalanceTolerance: 0,
    promptTemplate: { id: 't', version: 1, system: 's', user: '{{stem}}', answerFormat: 'a letter' },
    layout: { evalRoots: ['evals'], taskFiles: ['TASK.txt'], solution: ['answer/'] },
    questions: [],
    tasks: Object.keys(EVALS).map(task),
    omissions: [],
  };
  writeFileSync(join(root, 'decision-bank.json'), `${JSON.stringify(bank, null, 2)}\n`);
  return suite;
}

// Async: the reference server runs in this process, and spawnSync would block its event loop.
const docket = (root: string, args: string[]) => runCliJson(args, {}, root);

describe('a Convex-like coding suite graded by its own vitest tests', () => {
  let root = '';
  let suite: Record<string, string> = {};
  let ref: ReferenceServer | undefined;
  const runs: Record<string, any> = {};

  beforeAll(async () => {
    root = dirs('docket-vitest-suite-');
    suite = writeSuite(root);
    expect((await docket(root, ['evidence', 'lock'])).status).toBe(0);
    const cap = await docket(root, ['evidence', 'capture', '--json']);
    expect(cap.status, cap.stderr).toBe(0);
    ref = await startReferenceServer({ archive: join(root, 'evidence'), port: 0 });
    for (const m of CONTENDERS) {
      const r = await docket(root, ['run', '--model', m, '--base-url', ref.baseUrl, '--run-id', `${m}-1`, '--json']);
      expect(r.status, r.stdout + r.stderr).toBe(0);
      runs[m] = r.json;
    }
  }, 300_000);
  afterAll(async () => {
    await ref?.close();
  });

  it('grades on seal with the suite tests: right, partly right, wrong', async () => {
    expect(runs.oracle.grade.counts).toMatchObject({ slots: 2, correct: 2 });
    expect(runs.markdown.grade.counts.partial).toBeGreaterThanOrEqual(1); // its last function throws: the others' tests pass
    expect(runs.coin.grade.counts.correct).toBe(0);
    const board = await docket(root, ['leaderboard', '--json']);
    expect(board.status, board.stderr).toBe(0);
    const score = (m: string) => board.json.rows.find((r: any) => r.model === m)?.kinds.exec.score;
    expect(score('oracle')).toBe(100);
    expect(score('markdown')).toBeGreaterThan(0);
    expect(score('markdown')).toBeLessThan(100);
    expect(score('coin')).toBe(0);
  });

  it('every vitest test is evidence: its name, in describe blocks, passed or failed, in the report', async () => {
    const out = join(dirs('docket-vitest-report-'), 'report');
    expect((await docket(root, ['report', '--out', out])).status).toBe(0);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    for (const name of ['clamp inside', 'clamp below', 'lerp half', 'words', 'punctuation']) expect(html).toContain(name);
    expect(html).toMatch(/exec@1: partial [\d.]+ % · \d\/3 tests passed/);
  });

  it('replays every request and regrades every task offline, unchanged; the suite is not edited', async () => {
    const rep = await runDocketWithoutNetwork(['replay', '--all', '--json'], { cwd: root });
    if (rep.unavailable) return console.log(`skipped: ${rep.unavailable}`);
    expect(JSON.parse(rep.stdout)).toMatchObject({ ok: true, requests: CONTENDERS.length * 2 });
    const rg = await runDocketWithoutNetwork(['regrade', '--all', '--json'], { cwd: root });
    expect(
      JSON.parse(rg.stdout).runs.map((r: any) => r.status),
      rg.stderr,
    ).toEqual(CONTENDERS.map(() => 'unchanged'));
    expect({ ...suiteFiles(root), 'package.json': readFileSync(join(root, 'package.json'), 'utf8'), '.gitignore': readFileSync(join(root, '.gitignore'), 'utf8') }).toEqual(suite);
  }, 180_000);
});
