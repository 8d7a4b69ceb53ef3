import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../commands/index.ts';
import { docket, REPO, tempDir } from '../dev/testkit/core.ts';
import { installDocket, packDocket, packedFiles } from '../dev/testkit/package.ts';
import { authorBank, authorGraders, buildSuite, GRADER_CASES } from '../dev/testkit/suite.ts';
import { REGISTRY_BIN, startRegistry, type Registry } from '../dev/testkit/registry.ts';

/**
 * Issue #22: docket as a user installs it. `npm pack`, then `npm ci` of the tarball into a new
 * project holding a bank and an archive of its own (a copy of the shipped bank), then every command
 * through node_modules/.bin/docket in that project. A loader hook (NODE_OPTIONS) records any
 * TypeScript or tsx module the CLI loads: the installed docket runs its compiled JavaScript only.
 */
const tmp = tempDir('docket-installed-');
const project = join(tmp, 'project');
const LOADED = join(tmp, 'loaded-ts.log');
const version = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
let tarball = '';

beforeAll(() => {
  tarball = packDocket(tmp);
  installDocket(project, tarball, { binding: true });
  newerTransitive(project);
  for (const p of ['decision-bank.json', 'evals', 'lockfiles/probes.lock.json', 'evidence/objects', 'evidence/refs']) cpSync(join(REPO, p), join(project, p), { recursive: true });
  writeFileSync(join(project, 'doc.json'), '{"note": "an attachment"}\n');
  const hook = join(tmp, 'hook.mjs');
  writeFileSync(
    hook,
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  if (url.endsWith('.ts') || url.includes('/node_modules/tsx/')) appendFileSync(${JSON.stringify(LOADED)}, url + '\\n');\n  return next(url, context);\n}\n`,
  );
  writeFileSync(join(tmp, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hook).href)});\n`);
}, 300_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * What a real install does that docket's own lock cannot foresee: npm resolved a newer version of a
 * transitive dependency of better-sqlite3 (string_decoder, through prebuild-install) than docket's
 * package-lock.json records, and recorded it in the project's lock. Probe locks must never compare
 * docket's own dependencies with a suite's lock, in either direction (issue #37 item 1).
 */
function newerTransitive(dir: string) {
  const manifest = join(dir, 'node_modules', 'string_decoder', 'package.json');
  const m = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  expect(m.version).not.toBe('1.4.0');
  writeFileSync(manifest, `${JSON.stringify({ ...m, version: '1.4.0' }, null, 2)}\n`);
  const lockPath = join(dir, 'package-lock.json');
  const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, { version?: string }> };
  lock.packages['node_modules/string_decoder']!.version = '1.4.0';
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
}

const env = (extra: Record<string, string> = {}) => ({
  ...process.env,
  PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
  NODE_OPTIONS: `--import=${pathToFileURL(join(tmp, 'register.mjs')).href}`,
  NO_COLOR: '1',
  ...extra,
});

/** node_modules/.bin/docket ARGS in `cwd` (the project): what `npx docket ARGS` runs. */
function docketIn(cwd: string, args: string[], bin = join(cwd, 'node_modules', '.bin', 'docket')) {
  const r = spawnSync(bin, args, { cwd, encoding: 'utf8', env: env(), timeout: 180_000 });
  let json: any;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    json = undefined;
  }
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, json };
}
/** The commands run through run(): the last test checks that none was left out. */
const invoked = new Set<string>();
const run = (...args: string[]) => {
  const name = args.find((a) => !a.startsWith('-'));
  if (name) invoked.add(name);
  return docketIn(project, args);
};
/** A stack frame names file:line:column; help texts may well contain "at". */
const STACK = /docket: internal error|^\s+at .*:\d+:\d+\)?$/m;
const noStack = (r: { stdout: string; stderr: string }) => expect(`${r.stdout}${r.stderr}`).not.toMatch(STACK);
const ok = (r: ReturnType<typeof run>) => {
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  noStack(r);
  return r;
};

describe('the package', () => {
  it('ships compiled JavaScript, the files docket reads, and nothing else', () => {
    const files = packedFiles().map((f) => f.path);
    const outside = files.filter((p) => !/^dist\/(cli|replay)\/.+\.js$/.test(p) && p !== 'dist/cli/yargs.LICENSES.txt');
    expect(
      outside.filter(
        (p) =>
          !/^(docs\/schemas\/.+\.json|docs\/schemas\/eee\/LICENSE|replay\/grading\/graders\/[\w-]+\.ts|replay\/accel\/wasm\/strict\.wasm|cli\/release-scripts\/[\w-]+\.mjs|lockfiles\/graders\.lock\.json|package\.json|README\.md)$/.test(
            p,
          ),
      ),
    ).toEqual([]);
    // No tests, benchmarks, dev tools, C sources, build records or docket's own bank.
    for (const p of files) expect(p).not.toMatch(/\.test\.|\/dev\/|\.c$|tsbuildinfo|^evals\/|^evidence\/|decision-bank\.json/);
    // Every compiled module has its source in the repository (a stale dist/ would not).
    for (const p of files.filter((f) => f.endsWith('.js') && f.startsWith('dist/'))) expect(existsSync(join(REPO, p.slice(5).replace(/\.js$/, '.ts'))), p).toBe(true);
    expect(files).toContain('dist/cli/docket.js');
    // The command-line parser is one bundled file with its packages' licences: yargs itself is not installed.
    expect(files).toContain('dist/cli/yargs.LICENSES.txt');
    expect(existsSync(join(project, 'node_modules', 'yargs'))).toBe(false);
  });

  it('offers no library surface: only package.json is exported', async () => {
    const req = (spec: string) => spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(spec)})`], { cwd: project, encoding: 'utf8' });
    expect(req('docket').stderr).toMatch(/ERR_PACKAGE_PATH_NOT_EXPORTED|No "exports" main/);
    expect(req('docket/dist/cli/main.js').stderr).toMatch(/ERR_PACKAGE_PATH_NOT_EXPORTED/);
    const pkg = spawnSync(process.execPath, ['--input-type=module', '-e', "const { default: p } = await import('docket/package.json', { with: { type: 'json' } }); console.log(p.version)"], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(pkg.stdout.trim(), pkg.stderr).toBe(version);
  });
});

// Each test runs several commands, each a process of its own: minutes on a loaded machine.
describe('every command, installed, on the project’s own bank and archive', { timeout: 300_000 }, () => {
  it('init starts a bank in a suite of its own', () => {
    const suite = join(tmp, 'suite');
    cpSync(join(REPO, 'evals'), join(suite, 'evals'), { recursive: true });
    ok(run('init', suite));
    expect(existsSync(join(suite, 'decision-bank.json'))).toBe(true);
  });

  it('--version, --help, completion', () => {
    expect(ok(run('--version')).stdout.trim()).toBe(version);
    expect(ok(run('--help')).stdout).toContain('docket check');
    expect(ok(run('completion')).stdout).toContain('###-begin-docket-completions-###');
  });

  it('verify, check, index, ls, show, runs, validate, repair, snapshot, put, prove', () => {
    expect(ok(run('verify', '--json')).json.ok).toBe(true);
    expect(ok(run('verify', '--quick', '--json')).json.ok).toBe(true);
    ok(run('index', 'rebuild'));
    const ls = ok(run('ls', 'run', '--json')).json;
    expect(ls.objects.length).toBeGreaterThan(0);
    expect(ok(run('show', 'bank/current', '--json')).json.descriptor.kind).toBe('bank');
    expect(ok(run('runs', '--json')).json.runs.map((r: { id: string }) => r.id)).toContain('ref-coin-1');
    expect(ok(run('validate', '--json')).json.violations).toEqual([]);
    ok(run('repair', '--dry-run'));
    ok(run('snapshot', '--list'));
    ok(run('snapshot'));
    const put = ok(run('put', 'doc.json', '--json')).json;
    const proof = ok(run('prove', put.digest, '--out', 'proof.json', '--json')).json;
    ok(run('verify', '--proof', 'proof.json', '--root', proof.root ?? proof.merkleRoot));
    expect(ok(run('check', '--json')).json.ok).toBe(true);
  });

  it('evidence lock, capture and replay (the probes run under the compiled probe guard)', () => {
    ok(run('evidence', 'lock'));
    ok(run('evidence', 'capture'));
    expect(ok(run('evidence', 'replay', '--json')).json.mismatched ?? 0).toBe(0);
  });

  it('replay, regrade, leaderboard, sql, export, compare, failures, audit, report', () => {
    expect(ok(run('replay', '--json')).json.ok).toBe(true);
    ok(run('regrade', '--all'));
    ok(run('leaderboard'));
    const sql = ok(run('sql', 'SELECT id FROM current_runs ORDER BY id', '--json')).json;
    expect(sql.rows.map((r: { id: string }) => r.id)).toContain('ref-coin-1');
    ok(run('export', 'verdicts', '--format', 'jsonl', '--out', 'verdicts.jsonl'));
    expect(readFileSync(join(project, 'verdicts.jsonl'), 'utf8').trim().split('\n').length).toBeGreaterThan(0);
    ok(run('compare', 'ref-coin-1', 'ref-oracle-1'));
    ok(run('failures', 'ref-coin-1'));
    ok(run('audit', '--published', join(REPO, 'docs/examples/published-leaderboard.json')));
    ok(run('report', '--out', 'site'));
    expect(existsSync(join(project, 'site', 'index.html'))).toBe(true);
  });

  it('import inspect and lm-eval, then audit --imported', () => {
    ok(run('import', 'inspect', join(REPO, 'replay/import/fixtures/inspect_ai/log_formats.eval')));
    ok(run('import', 'lm-eval', join(REPO, 'replay/import/fixtures/lm_eval')));
    const r = run('audit', '--imported');
    expect([0, 1]).toContain(r.status); // findings are allowed (unverifiable metrics); a crash is not
    noStack(r);
  });

  it('release keygen, release pack (signed), verify FILE.tgz; the clone-built docket replays its probes 48/48', () => {
    ok(run('release', 'keygen', '--out', 'publisher.key'));
    const pack = ok(run('release', 'pack', '--out', 'release.tgz', '--sign', 'publisher.key', '--json')).json;
    const v = ok(run('verify', 'release.tgz', '--expect', pack.digest, '--key', 'publisher.key.pub', '--json')).json;
    expect(v.ok).toBe(true);
    // The other direction of issue #37 item 1: this release's lock records the installed docket's
    // transitive versions; the clone's better-sqlite3 brings its own, never compared with it.
    const r = docket(['evidence', 'replay', '--from', join(project, 'release.tgz'), '--key', join(project, 'publisher.key.pub'), '--json']);
    expect(r.json, r.stderr).toMatchObject({ ok: true, matched: 48, total: 48, release: { packages: { from: 'docket', count: 1 } } });
  });

  it('serve-reference, then run against it: a sealed run, replayed', async () => {
    invoked.add('serve-reference');
    const server = spawn(join(project, 'node_modules', '.bin', 'docket'), ['serve-reference', '--port', '0', '--json'], { cwd: project, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const first = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (b: Buffer) => {
          out += b.toString();
          if (out.includes('\n')) resolve(out.split('\n')[0]!);
        });
        server.once('exit', (code) => reject(new Error(`serve-reference exited ${code}`)));
      });
      const { baseUrl } = JSON.parse(first) as { baseUrl: string };
      const r = ok(run('run', '--model', 'oracle', '--base-url', baseUrl, '--limit-evals', '1', '--run-id', 'installed-1', '--json'));
      expect(r.json.ok).toBe(true);
      expect(ok(run('replay', 'installed-1', '--json')).json.ok).toBe(true);
      // A registered plan, run exactly, attested and checked (design.md §22).
      const plan = ok(run('plan', 'commit', '--model', 'oracle', '--base-url', baseUrl, '--limit-evals', '1', '--json')).json;
      ok(run('run', '--plan', plan.digest, '--model', 'oracle', '--base-url', baseUrl, '--limit-evals', '1', '--run-id', 'installed-2'));
      expect(ok(run('plan', 'list', '--json')).json.records.map((p: { status: string }) => p.status)).toEqual(['complete']);
      // Judges (#36): a run of no judged task has nothing to judge; judge-check re-scores the shipped
      // ranking with the neutral judge (the shipped runs' judge is the contestant markdown).
      expect(ok(run('judge', 'installed-1', '--base-url', baseUrl, '--json')).json.runs).toMatchObject([{ runId: 'installed-1', judges: [], status: 'unchanged' }]);
      const check = run('judge-check', '--judge', 'judge-neutral', '--base-url', baseUrl, '--json');
      noStack(check);
      expect([0, 1], check.stdout + check.stderr).toContain(check.status); // 1 when the order changes with the judge
      expect(check.json.error).toBeUndefined();
      ok(run('attest', 'installed-2', '--key', 'publisher.key', '--out', 'installed-2.intoto.json'));
      expect(ok(run('verify', '--attestation', 'installed-2.intoto.json', '--key', 'publisher.key.pub', '--json')).json.claimsChecked).toBe(1);
    } finally {
      server.kill();
    }
  });

  it.skipIf(!REGISTRY_BIN)('push, pull and release push to a registry on loopback', async () => {
    let registry: Registry | null = null;
    try {
      mkdirSync(join(tmp, 'registry'));
      registry = await startRegistry(join(tmp, 'registry'));
      ok(run('push', `${registry.host}/evidence:v1`));
      ok(run('pull', `${registry.host}/evidence:v1`, '--archive', 'pulled'));
      expect(ok(run('verify', 'pulled', '--json')).json.ok).toBe(true);
      ok(run('release', 'push', `${registry.host}/release:v1`, '--file', 'release.tgz'));
    } finally {
      await registry?.stop();
    }
  });

  it("grader lock, test and diff run a suite's own TypeScript graders (issue #34), compiled in the sandbox", () => {
    const suite = buildSuite(join(tmp, 'graded'), { git: false }).root;
    ok(run('init', suite));
    authorBank(suite);
    authorGraders(suite, 2);
    const lock = ok(run('grader', 'lock', '-C', suite, '--json')).json;
    expect(lock.graders.map((g: { ref: string; added: boolean }) => [g.ref, g.added])).toEqual([
      ['mine@1', true],
      ['mine@2', true],
    ]);
    expect(ok(run('grader', 'test', '-C', suite, '--json')).json).toMatchObject({ ok: true, pinned: true, grader: { ref: 'mine@2' }, counts: { cases: GRADER_CASES.length, failed: 0 } });
    const v1 = run('grader', 'test', 'mine@1', '-C', suite);
    expect(v1.status).toBe(1); // mine@1 misreads markdown: its matrix fails
    expect(v1.stdout).toContain(`3 of ${GRADER_CASES.length} cases fail`);
    noStack(v1);
    expect(ok(run('grader', 'diff', 'mine@1', 'mine@2', '-C', suite, '--json')).json).toMatchObject({ ok: true, count: 0 });
  });

  it('redact --scan finds no secret to redact in the shipped archive (and writes nothing)', () => {
    expect(ok(run('redact', '--scan', '--reason', 'installed-package check', '--yes', '--json')).json).toMatchObject({ ok: true, redacted: [] });
  });

  it('left no command out', () => {
    expect([...invoked].sort()).toEqual([...Object.keys(COMMANDS), 'completion'].sort());
  });

  it('loaded no TypeScript and nothing of tsx: docket runs as compiled JavaScript', () => {
    ok(run('check')); // installed-1 was graded as it was sealed, so check has nothing to report
    expect(existsSync(LOADED) ? readFileSync(LOADED, 'utf8') : '').toBe('');
  });
});

describe('the shipped release, replayed by the installed docket (issue #37 item 1)', { timeout: 300_000 }, () => {
  let shipped = '';
  let digest = '';
  beforeAll(() => {
    shipped = join(tmp, 'shipped.tgz');
    const pack = docket(['release', 'pack', '--out', shipped, '--json']); // the clone-built docket packs the shipped bank
    expect(pack.status, pack.stderr).toBe(0);
    digest = pack.json.digest;
  });

  it('evidence replay --from: 48/48 with the installed docket lending its better-sqlite3 (bare hex --expect, as sha256sum prints it)', () => {
    const r = ok(run('evidence', 'replay', '--from', shipped, '--expect', digest.slice('sha256:'.length), '--json')).json;
    expect(r).toMatchObject({ ok: true, matched: 48, total: 48, release: { packages: { from: 'docket', count: 1 } } });
  });

  it('check in a verified, extracted release passes with no stack: extracted in a plain folder, and inside the project', () => {
    const plain = join(tmp, 'plain', 'release');
    mkdirSync(dirname(plain));
    ok(run('verify', shipped, '--expect', digest, '--extract', plain));
    const c = ok(docketIn(plain, ['check', '--json'], join(project, 'node_modules', '.bin', 'docket')));
    expect(c.json.ok).toBe(true);
    expect(c.json.steps.find((s: { name: string }) => s.name === 'evidence replay').summary).toMatch(/^48\/48 /);
    const inside = join(project, 'extracted');
    ok(run('verify', shipped, '--expect', digest, '--extract', 'extracted'));
    const e = ok(docketIn(inside, ['evidence', 'replay', '--json'], join(project, 'node_modules', '.bin', 'docket')));
    expect(e.json).toMatchObject({ ok: true, matched: 48, packages: { from: 'tree' } });
    expect(existsSync(join(plain, 'node_modules'))).toBe(false); // check wrote nothing into the tree it checked
  });
});

describe('platform failures in the installed package: coded errors, never a stack', { timeout: 180_000 }, () => {
  it('an install without scripts (no native binding): docket runs is ENATIVE, exit 2', () => {
    const bare = join(tmp, 'bare');
    installDocket(bare, tarball, { binding: false });
    for (const p of ['decision-bank.json', 'evidence']) cpSync(join(project, p), join(bare, p), { recursive: true });
    const r = docketIn(bare, ['runs']);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^docket: ENATIVE: .*npm rebuild better-sqlite3/m);
    noStack(r);
    expect(docketIn(bare, ['--version']).stdout.trim()).toBe(version); // what needs no binding still runs
  }, 240_000);

  it('an unsupported Node: ENODEVERSION, exit 2', () => {
    const fake = 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"18.20.0"})';
    const r = spawnSync(process.execPath, ['--import', fake, join(project, 'node_modules', 'docket', 'dist', 'cli', 'docket.js'), 'runs'], { cwd: project, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^docket: ENODEVERSION: docket needs Node\.js /);
    noStack(r);
  });

  it('a missing archive directory: ENOTDIR naming it, exit 2', () => {
    const r = run('runs', '--archive', 'no-such-archive', '--json');
    expect(r.status).toBe(2);
    expect(r.json.error.code).toBe('ENOTDIR');
    expect(r.json.error.message).toContain('no-such-archive');
    noStack(r);
  });

  const canMount = spawnSync('unshare', ['-m', 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs /mnt && umount /mnt']).status === 0;
  it.skipIf(!canMount)('a read-only archive: put is EREADONLY (exit 2), runs still works', () => {
    const ro = join(project, 'ro');
    mkdirSync(ro);
    cpSync(join(project, 'evidence'), ro, { recursive: true });
    const bin = join(project, 'node_modules', '.bin', 'docket');
    const script = `mount --bind '${ro}' '${ro}' && mount -o remount,ro,bind '${ro}' && ('${bin}' put doc.json --archive ro --json > put.out 2> put.err; echo $? > put.rc) && ('${bin}' runs --archive ro --json > runs.out; echo $? > runs.rc)`;
    const r = spawnSync('unshare', ['-m', 'sh', '-c', `cd '${project}' && ${script}`], { encoding: 'utf8', env: env() });
    expect(r.status, r.stderr).toBe(0);
    const read = (f: string) => readFileSync(join(project, f), 'utf8');
    expect(read('put.rc').trim()).toBe('2');
    expect(JSON.parse(read('put.out')).error.code).toBe('EREADONLY');
    expect(read('put.err')).not.toMatch(STACK);
    expect(read('runs.rc').trim()).toBe('0');
  });
});
