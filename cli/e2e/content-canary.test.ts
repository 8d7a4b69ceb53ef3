import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { allCanaries, canaries, git } from '../dev/testkit/content.ts';
import { docket, tempDir, treeHashes } from '../dev/testkit/core.ts';

/**
 * Canaries of every key shape in every place a maintainer's checkout holds them (issue #17): none may
 * reach a bundle, the index, a release (decompressed), stdout/stderr or a leftover file; one in a
 * file that would be stored refuses snapshot and release pack (exit 1, naming the file, nothing written).
 */
const SECRETS = canaries().map((c) => c.secret);
const BODY = allCanaries();
const E = 'evals/cat/e0';
/** Places the policy leaves out: an eval's .env, a nested .env.local, a gitignored folder, node_modules, a local database. */
const LEFT_OUT = [`${E}/.env`, `${E}/answer/.env.local`, `${E}/scratch/notes.md`, `${E}/node_modules/pkg/index.js`, `${E}/cache.sqlite3`];
/** Places that would be stored: the TASK file, a reference solution, a probe, a file with an innocent name. */
const STORED = [`${E}/TASK.md`, `${E}/solution.mjs`, `${E}/probes/q0.mjs`, `${E}/notes.txt`];

function write(root: string, rel: string, text: string) {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

function bank(root: string) {
  const questions = [0, 1].map((i) => ({
    id: `cat-e0-${i}`,
    sourceEval: 'cat/e0',
    stem: `Which ${i}?`,
    options: ['a', 'b', 'c', 'd'],
    key: 'A',
    claim: 'c',
    doesNotEstablish: 'd',
    probe: `probes/q${i}.mjs`,
  }));
  const b = {
    schemaVersion: 1,
    name: 'canary',
    version: '0.0.1',
    description: 'd',
    keyBalanceTolerance: 4,
    promptTemplate: { id: 't', version: 1, system: 's', user: '{{stem}}', answerFormat: 'a letter' },
    questions,
    omissions: [],
  };
  write(root, 'decision-bank.json', JSON.stringify(b, null, 2));
  write(root, 'package.json', '{"name":"canary","version":"1.0.0"}\n');
  write(root, 'package-lock.json', '{"lockfileVersion":3}\n');
  write(root, 'lockfiles/probes.lock.json', '{}\n');
  write(root, `${E}/TASK.md`, '# task\n');
  write(root, `${E}/solution.mjs`, 'export const x = 1;\n');
  for (const i of [0, 1]) write(root, `${E}/probes/q${i}.mjs`, 'console.log(JSON.stringify({ answer: "A" }));\n');
  write(root, `${E}/notes.txt`, 'innocent\n');
  write(root, '.gitignore', 'scratch/\n');
  const lock = docket(['evidence', 'lock'], { cwd: root }); // release pack ships only a bank that validates
  if (lock.status !== 0) throw new Error(lock.stderr);
}

/** Every file under dir (not .git), as path → bytes. */
function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (name === '.git') continue;
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p), readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

function expectNoCanary(where: string, bytes: Buffer | string) {
  const text = Buffer.isBuffer(bytes) ? bytes.toString('latin1') : bytes;
  for (const s of SECRETS) expect(text.includes(s), `a canary (${s.slice(0, 4)}…) is in ${where}`).toBe(false);
}

describe('canaries in the places the policy leaves out', () => {
  let root: string;
  const outputs: string[] = [];
  beforeAll(() => {
    root = tempDir('docket-canary-');
    bank(root);
    for (const p of LEFT_OUT) write(root, p, BODY);
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'bank');
  });

  it('snapshot --list shows each one left out with its rule, and no canary', () => {
    const r = docket(['snapshot', '--list'], { cwd: root });
    outputs.push(r.stdout, r.stderr);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`- ${E}/.env  deny .env`);
    expect(r.stdout).toContain(`- ${E}/answer/.env.local  deny .env.*`);
    expect(r.stdout).toContain(`- ${E}/scratch/  .gitignore .gitignore:1:scratch/`);
    expect(r.stdout).toContain(`- ${E}/node_modules/  deny node_modules/`);
    expect(r.stdout).toContain(`- ${E}/cache.sqlite3  deny *.sqlite3`);
    expect(r.stdout).toContain(`+ ${E}/TASK.md`);
    const j = docket(['snapshot', '--list', '--json'], { cwd: root });
    outputs.push(j.stdout, j.stderr);
    expect(j.json.evals[0].files.map((f: { path: string }) => f.path)).toEqual(
      [`${E}/.gitignore`, `${E}/TASK.md`, `${E}/notes.txt`, `${E}/probes/q0.mjs`, `${E}/probes/q1.mjs`, `${E}/solution.mjs`].filter((p) => existsSync(join(root, p))),
    );
  });

  it('snapshot, index rebuild, release pack and verify succeed, and no canary reaches a bundle, the index, the tarball, any output or a leftover file', () => {
    const list = docket(['release', 'pack', '--list', '--json'], { cwd: root });
    outputs.push(list.stdout, list.stderr);
    expect(list.status, list.stderr).toBe(0);
    const left = Object.fromEntries(list.json.excluded.map((e: { path: string; rule: string }) => [e.path, e.rule]));
    expect(left).toMatchObject({
      [`${E}/.env`]: 'deny .env',
      [`${E}/answer/.env.local`]: 'deny .env.*',
      [`${E}/cache.sqlite3`]: 'deny *.sqlite3',
      [`${E}/node_modules/`]: 'deny node_modules/',
      [`${E}/scratch/`]: '.gitignore .gitignore:1:scratch/',
    });
    expect(list.json.files.map((f: { path: string }) => f.path)).toContain(`${E}/TASK.md`);
    for (const args of [['snapshot'], ['index', 'rebuild'], ['release', 'pack', '--out', 'r.tgz'], ['verify'], ['verify', 'r.tgz']]) {
      const r = docket(args, { cwd: root });
      outputs.push(r.stdout, r.stderr);
      expect(r.status, `${args.join(' ')}: ${r.stderr}${r.stdout}`).toBe(0);
    }
    const all = files(root);
    const planted = new Set(LEFT_OUT);
    for (const [path, bytes] of all) {
      if (planted.has(path)) continue;
      expectNoCanary(path, bytes);
      if (path.endsWith('.gz') || path.endsWith('.tgz')) expectNoCanary(`${path} (inflated)`, gunzipSync(bytes));
      expect(path.includes('.tmp-'), `leftover temp file ${path}`).toBe(false);
    }
    expect([...all.keys()].some((p) => p.startsWith('evidence/index.sqlite'))).toBe(true);
    expect([...all.keys()].filter((p) => p.startsWith('evidence/objects/')).length).toBeGreaterThan(0);
    for (const o of outputs) expectNoCanary('command output', o);
  });
});

describe('a canary in a file that would be stored', () => {
  let root: string;
  beforeAll(() => {
    root = tempDir('docket-canary-');
    bank(root);
    for (const p of STORED) write(root, p, BODY);
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'bank');
  });

  it('validate reports it as a violation (exit 1) without the secret, and snapshot --list exits 1 naming it', () => {
    const v = docket(['validate', '--json'], { cwd: root });
    expect(v.status).toBe(1);
    expect(v.json.violations.map((x: { code: string }) => x.code)).toContain('ESECRET');
    expectNoCanary('validate output', v.stdout + v.stderr);
    const l = docket(['snapshot', '--list'], { cwd: root });
    expect(l.status).toBe(1);
    expect(l.stdout).toContain(`SECRET ${E}/TASK.md:2  openrouter-key`);
    expectNoCanary('snapshot --list output', l.stdout + l.stderr);
  });

  for (const args of [['snapshot'], ['release', 'pack', '--out', 'r.tgz', '--write-digest']]) {
    it(`${args.slice(0, 2).join(' ')} exits 1 naming every file:line and rule, shows no secret, and writes nothing`, () => {
      const before = treeHashes(root);
      const r = docket(args, { cwd: root });
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toContain('ESECRET');
      const all = canaries();
      const lineOf = (text: string) => BODY.slice(0, BODY.indexOf(text)).split('\n').length;
      // the message lists the first 200 hits (every canary of the first file), --json every one
      for (const c of all) expect(r.stderr).toContain(`${STORED[0]}:${lineOf(c.text)}  ${c.rule}`);
      expectNoCanary('stdout', r.stdout);
      expectNoCanary('stderr', r.stderr);
      const j = docket([...args, '--json'], { cwd: root });
      expect(j.status).toBe(1);
      expect(j.json.error.code).toBe('ESECRET');
      const listed = new Set(j.json.error.data.hits.map((h: { path: string; line: number; rule: string }) => `${h.path}:${h.line}  ${h.rule}`));
      for (const p of STORED) for (const c of all) expect(listed.has(`${p}:${lineOf(c.text)}  ${c.rule}`), `${p} ${c.rule}`).toBe(true);
      expectNoCanary('--json output', j.stdout + j.stderr);
      expect(treeHashes(root)).toEqual(before); // no bundle, no index, no tarball, no digest, no temp file
      expect(existsSync(join(root, 'evidence'))).toBe(false);
    });
  }

  it('with an archive and index already there, a refused snapshot still changes nothing (not even -wal/-shm files)', () => {
    const dir = tempDir('docket-canary-');
    bank(dir);
    expect(docket(['snapshot'], { cwd: dir }).status).toBe(0);
    write(dir, `${E}/notes.txt`, BODY);
    const before = treeHashes(dir);
    const r = docket(['snapshot'], { cwd: dir });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('ESECRET');
    expect(treeHashes(dir)).toEqual(before);
  });

  it('an allowance by path and digest lets exactly that text through, and the snapshot records it', () => {
    const dir = tempDir('docket-canary-');
    bank(dir);
    const c = canaries()[0]!;
    write(dir, `${E}/notes.txt`, `example:\n${c.text}\n`);
    const refused = docket(['snapshot', '--json'], { cwd: dir });
    expect(refused.status).toBe(1);
    const hit = refused.json.error.data.hits[0];
    expect(hit).toMatchObject({ path: `${E}/notes.txt`, line: 2, rule: 'openrouter-key' });
    const b = JSON.parse(readFileSync(join(dir, 'decision-bank.json'), 'utf8'));
    b.content = { allowSecrets: [{ path: hit.path, digest: hit.digest, reason: 'a documented example key' }] };
    writeFileSync(join(dir, 'decision-bank.json'), JSON.stringify(b, null, 2));
    const ok = docket(['snapshot', '--json'], { cwd: dir });
    expect(ok.status, ok.stdout + ok.stderr).toBe(0);
    const src = ok.json.sources[0].digest.slice(7);
    const bundle = JSON.parse(gunzipSync(readFileSync(join(dir, 'evidence/objects/v1/sha256', src.slice(0, 2), `${src.slice(2)}.json.gz`))).toString());
    expect(bundle.allowedSecrets).toEqual([{ path: `${E}/notes.txt`, line: 2, rule: 'openrouter-key', digest: hit.digest }]);
    // release pack honours the same allowance: in the tree's file and in the snapshot that holds it
    const packed = docket(['release', 'pack', '--out', join(dir, 'r.tgz'), '--json'], { cwd: dir });
    expect(packed.status, packed.stdout + packed.stderr).toBe(0);
    expectNoCanary('release pack output', packed.stdout + packed.stderr);
    const listed = docket(['release', 'pack', '--list', '--json'], { cwd: dir });
    expect(listed.json.allowedSecrets.map((h: { file?: string; path: string }) => h.file ?? h.path)).toEqual([`${E}/notes.txt`, `${E}/notes.txt`]); // the snapshot's copy, the tree's
    const checked = docket(['verify', join(dir, 'r.tgz'), '--json'], { cwd: dir });
    expect(checked.status, checked.stdout).toBe(0); // the release's own bank allows it, wherever it ships
    // docket verify still reports what the archive exposes: an allowance is the bank's word, not the verifier's
    const v = docket(['verify', '--json'], { cwd: dir });
    expect(v.status).toBe(1);
    expect(v.json.findings.map((f: { code: string }) => f.code)).toEqual(['ESECRET']);
    expect(v.json.sourcesScanned).toBe(1);
    expectNoCanary('verify output', v.stdout + v.stderr);
    // the same without an index: the scan finds the source bundles by their first bytes
    expect(existsSync(join(dir, 'evidence', 'index.sqlite'))).toBe(true);
    rmSync(join(dir, 'evidence', 'index.sqlite'));
    const w = docket(['verify', '--json'], { cwd: dir });
    expect(w.json.findings.map((f: { code: string }) => f.code)).toEqual(['ESECRET']);
    expect(w.json.sourcesScanned).toBe(1);
  });
});

describe('a probe that prints .env (issue #33: evidence capture stored probe output verbatim)', () => {
  it('evidence capture exits 1 with ESECRET naming each probe stream, writes no object, and shows no secret', () => {
    const root = tempDir('docket-canary-');
    bank(root);
    write(root, `${E}/.env`, BODY); // left out of every snapshot (deny .env): only the probes' output carries it
    const read = `import { readFileSync } from 'node:fs';\nconst env = readFileSync(new URL('../.env', import.meta.url), 'utf8');\n`;
    write(root, `${E}/probes/q0.mjs`, `${read}process.stdout.write(env);\nconsole.log(JSON.stringify({ answer: 'A' }));\n`);
    write(root, `${E}/probes/q1.mjs`, `${read}process.stderr.write(env);\nconsole.log(JSON.stringify({ answer: 'A' }));\n`);
    const lock = docket(['evidence', 'lock'], { cwd: root });
    expect(lock.status, lock.stderr).toBe(0);
    const before = treeHashes(root);
    const r = docket(['evidence', 'capture'], { cwd: root });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain('ESECRET');
    for (const c of canaries()) {
      const line = BODY.slice(0, BODY.indexOf(c.text)).split('\n').length;
      expect(r.stderr).toContain(`${E}/probes/q0.mjs (stdout):${line}  ${c.rule}`);
      expect(r.stderr).toContain(`${E}/probes/q1.mjs (stderr):${line}  ${c.rule}`);
    }
    expect(r.stderr).toContain('A probe printed it');
    expectNoCanary('capture output', r.stdout + r.stderr);
    const j = docket(['evidence', 'capture', '--json'], { cwd: root });
    expect(j.status).toBe(1);
    expect(j.json.error.code).toBe('ESECRET');
    expectNoCanary('capture --json output', j.stdout + j.stderr);
    const after = treeHashes(root);
    const objects = Object.keys(after).filter((p) => p.startsWith('evidence/objects/'));
    expect(objects.filter((p) => !(p in before))).toEqual([]); // no bundle written
    for (const [path] of Object.entries(after)) if (path !== `${E}/.env`) expectNoCanary(path, readFileSync(join(root, path)));
  });
});
