import { readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { byUtf8 } from '../format/utf8.ts';
import { canaries } from '../../cli/dev/testkit/content.ts';
import { gunzipSync } from 'node:zlib';
import { gitLister } from '../../cli/offline/content-git.ts';
import { encodeParts, loadBankFile } from '../bank/bank.ts';
import { encodeBundle } from '../format/bundle.ts';
import { sha256 } from '../format/digest.ts';
import { EXCLUDE } from '../bank/snapshot.ts';
import { canonicalBytes } from '../format/json.ts';
import { REPO, tempDir } from '../../cli/dev/testkit/core.ts';
import { LIMITS, TOP_DIR } from './limits.ts';
import { packRelease, planRelease, SCRIPTS_DIR } from './pack.ts';
import { makeTree, rawDir, rawFile, rawsOf, tgzOf, type Raw } from '../../cli/dev/testkit/release.ts';
import { verifyRelease } from './verify.ts';

/**
 * A release made by another tool is held to release pack's rules: every entry the content policy
 * would have left out, and every secret in any entry (evidence included), is a finding.
 */
const T = TOP_DIR;
let clean: Uint8Array;
beforeAll(async () => {
  const root = tempDir('docket-rel-content-');
  makeTree(root);
  clean = (await packRelease({ root })).bytes;
});

type Manifest = { entries: { path: string; size: number; digest: string }[] };
/** The clean release plus files that are in the tar and in the manifest (only the policy is broken). */
function withFiles(files: Record<string, string>, dirs: string[] = [], encoding: BufferEncoding = 'utf8'): Uint8Array {
  const raws: Raw[] = rawsOf(clean);
  const m = JSON.parse(Buffer.from(raws[0]!.data).toString()) as Manifest;
  for (const d of dirs) raws.push(rawDir(`${T}/${d}`));
  for (const [path, data] of Object.entries(files)) {
    const bytes = Buffer.from(data, encoding);
    raws.push(rawFile(`${T}/${path}`, bytes));
    m.entries.push({ path, size: bytes.length, digest: sha256(bytes) });
  }
  m.entries.sort((a, b) => byUtf8(a.path, b.path));
  raws[0] = rawFile(`${T}/MANIFEST.json`, canonicalBytes(m as never));
  return tgzOf(raws);
}

async function verify(bytes: Uint8Array) {
  const file = join(tempDir('docket-rel-content-'), 'r.tgz');
  writeFileSync(file, bytes);
  return verifyRelease(file);
}

describe('release verify: the content policy and the scanner', () => {
  it('a release from docket pack has no content findings', async () => {
    const r = await verify(clean);
    expect(r.ok).toBe(true);
    expect(r.steps.find((s) => s.name === 'content policy')).toMatchObject({ failed: 0 });
  });

  it('reports every entry pack would have left out, with the rule', async () => {
    const r = await verify(
      withFiles(
        {
          'evals/cat/one/.env': 'X=1\n',
          'evals/cat/one/data.sqlite3': 'db',
          'replay/x.test.ts': 'test\n',
          'cli/dev/testkit/core.ts': 'helper\n',
          'evidence/notes.txt': 'n\n',
          'lockfiles/decision-verification.tgz.sha256': 'd\n',
        },
        ['replay', 'cli', 'cli/dev', 'cli/dev/testkit'],
      ),
    );
    expect(r.ok).toBe(false);
    const found = r.findings.filter((f) => f.code === 'EPOLICY').map((f) => [f.data.path, f.message.match(/\((.*)\)/)?.[1] ?? f.message]);
    expect(found).toEqual([
      ['cli/dev/testkit/core.ts', "not shipped: docket's test code (/cli/dev/)"],
      ['evals/cat/one/.env', 'deny .env'],
      ['evals/cat/one/data.sqlite3', 'deny *.sqlite3'],
      ['evidence/notes.txt', 'not an evidence object, an evidence ref, a redaction record, a release script or a vendored package: release pack ships nothing else there'],
      ['lockfiles/decision-verification.tgz.sha256', 'not shipped: the digest of the release itself'],
      ['replay/x.test.ts', "not shipped: docket's test code (*.test.ts)"],
    ]);
  });

  it('reports a secret in any shipped file by path, line and rule, never the secret', async () => {
    const [a, b] = canaries();
    const r = await verify(withFiles({ 'evals/cat/one/notes.md': `hello\n${a!.text}\n`, 'evals/cat/one/probes/p2.mjs': `// ${b!.text}\n` }));
    expect(r.ok).toBe(false);
    const found = r.findings.filter((f) => f.code === 'ESECRET');
    expect(found.map((f) => [f.data.path, f.message.split(':')[0]])).toEqual([
      ['evals/cat/one/notes.md', 'line 2'],
      ['evals/cat/one/probes/p2.mjs', 'line 1'],
    ]);
    expect(found[0]!.message).toContain('openrouter-key');
    expect(JSON.stringify(r)).not.toContain(a!.secret.slice(4));
    expect(JSON.stringify(r)).not.toContain(b!.secret.slice(4));
  });
});

describe('release verify: source snapshots in the shipped evidence are scanned', () => {
  it('a secret stored in a source bundle is an ESECRET finding naming the bundle and the eval file', async () => {
    const c = canaries()[1]!;
    const snap = {
      kind: 'source',
      schemaVersion: 1,
      sourceEval: 'cat/one',
      exclude: EXCLUDE,
      entries: [{ path: 'TASK.md', type: 'file', mode: 420, size: 1, digest: sha256('x'), encoding: 'utf8', content: `# task\n${c.text}\n` }],
      treeDigest: sha256('t'),
    };
    const enc = encodeBundle(snap);
    const hex = enc.descriptor.digest.slice(7);
    const path = `evidence/objects/v1/sha256/${hex.slice(0, 2)}/${hex.slice(2)}.json.gz`;
    const r = await verify(withFiles({ [path]: Buffer.from(enc.bytes).toString('latin1') }, [`evidence/objects/v1/sha256/${hex.slice(0, 2)}`], 'latin1'));
    const found = r.findings.filter((f) => f.code === 'ESECRET');
    expect(found.map((f) => [f.data.path, f.message.split(':')[0]])).toEqual([[`${path} (evals/cat/one/TASK.md)`, 'line 2']]);
    expect(JSON.stringify(r)).not.toContain(c.secret.slice(4));
  });
});

describe('release verify: every evidence object is scanned, not only source snapshots', () => {
  it('a secret in an attachment (a probe output that printed .env) is an ESECRET finding naming the bundle', async () => {
    const c = canaries()[2]!;
    const enc = encodeBundle({ kind: 'attachment', schemaVersion: 1, mediaType: 'text/plain', name: 'stdout.txt', body: `ok\n${c.text}\n` });
    const hex = enc.descriptor.digest.slice(7);
    const path = `evidence/objects/v1/sha256/${hex.slice(0, 2)}/${hex.slice(2)}.json.gz`;
    const r = await verify(withFiles({ [path]: Buffer.from(enc.bytes).toString('latin1') }, [`evidence/objects/v1/sha256/${hex.slice(0, 2)}`], 'latin1'));
    const found = r.findings.filter((f) => f.code === 'ESECRET');
    expect(found.map((f) => f.data.path)).toEqual([path]);
    expect(found[0]!.message).toContain(c.rule);
    expect(JSON.stringify(r)).not.toContain(c.secret.slice(4));
  });
});

describe('the shipped bank under the content policy', () => {
  it('keeps the benchmark version its frozen bank records (outside git and from git alike)', () => {
    const ref = readFileSync(join(REPO, 'evidence', 'refs', 'bank', 'current'), 'utf8').trim();
    const hex = ref.replace(/^sha256:/, '');
    const frozen = JSON.parse(gunzipSync(readFileSync(join(REPO, 'evidence', 'objects', 'v1', 'sha256', hex.slice(0, 2), `${hex.slice(2)}.json.gz`))).toString());
    const bank = loadBankFile(REPO);
    expect(encodeParts(REPO, bank).parts.benchmarkVersion).toBe(frozen.benchmarkVersion);
    const lister = gitLister(REPO);
    if (lister) expect(encodeParts(REPO, bank, { lister }).parts.benchmarkVersion).toBe(frozen.benchmarkVersion);
  });
});

describe('release pack of the shipped repository', () => {
  it('ships no test code, and nothing it ships imports a file it does not ship', () => {
    const { sources, selection } = planRelease(REPO, join(REPO, 'evidence'), SCRIPTS_DIR, LIMITS);
    const shipped = new Set(sources.map((s) => s.path));
    for (const p of ['cli/dev/testkit/netns.ts', 'cli/dev/testkit/recorder.ts', 'cli/dev/testkit/core.ts', 'cli/dev/testkit/release.ts', 'cli/dev/testkit/content.ts']) {
      expect(shipped.has(p), p).toBe(false);
      expect(selection.excluded.find((e) => e.path === p)?.rule).toMatch(/^not shipped: docket's test code/);
    }
    // docket's own tests stay out; the bank's exec graders (its evals' test files) are evidence and ship
    expect([...shipped].filter((p) => /\.test\.(ts|mjs)$/.test(p) && !p.startsWith('evals/'))).toEqual([]);
    expect([...shipped].filter((p) => /^evals\/code\/[^/]+\/grader\.test\.mjs$/.test(p))).toHaveLength(8);
    expect([...shipped].filter((p) => p.includes('/fixtures/'))).toEqual([]);
    expect(shipped.has('replay/content/policy.ts')).toBe(true);
    const missing: string[] = [];
    let imports = 0;
    for (const p of shipped) {
      if (!/^(cli|replay)\/.*\.(ts|mjs)$/.test(p)) continue;
      const code = readFileSync(join(REPO, p), 'utf8');
      for (const m of code.matchAll(/(?:from\s+|import\(\s*|new URL\(\s*)'(\.{1,2}\/[^']+)'/g)) {
        imports++;
        const target = posix.normalize(posix.join(posix.dirname(p), m[1]!));
        if (/\.(ts|mjs|js|json)$/.test(target) && !shipped.has(target)) missing.push(`${p} -> ${target}`);
      }
    }
    expect(missing).toEqual([]);
    expect(imports).toBeGreaterThan(200); // the scan does see the import graph
  });
});
