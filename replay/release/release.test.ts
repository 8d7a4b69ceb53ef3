import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { Deflate } from 'pako';
import { afterAll, describe, expect, it } from 'vitest';
import { sha256, type Digest } from '../format/digest.ts';
import { DEFLATE_OPTIONS, gunzipStrict, gzipCanonical } from '../format/gzip.ts';
import { canonicalBytes } from '../format/json.ts';
import { Store } from '../store/store.ts';
import { docket, DOCKET, REPO, tempDir } from '../../cli/dev/testkit/core.ts';
import { checkEnvelope, loadPublicKey, pae, PAYLOAD_TYPE, signEnvelope } from './dsse.ts';
import { LIMITS, TOP_DIR } from './limits.ts';
import { parseManifest } from './manifest.ts';
import { merkleRoot, proveInclusion, rootFromProof } from './merkle.ts';
import { packRelease, readDigestFile } from './pack.ts';
import { checkProof } from './proof.ts';
import { parseTar } from './tar.ts';
import { makeBankValid, makeTree } from '../../cli/dev/testkit/release.ts';
import { verifyAndExtractRelease, verifyRelease } from './verify.ts';
import { DIGEST_FILE, releaseRule } from '../content/release-rules.ts';

const tmps: string[] = [];
const tmp = () => {
  const d = tempDir('docket-release-');
  tmps.push(d);
  return d;
};
afterAll(() => tmps.forEach((d) => rmSync(d, { recursive: true, force: true })));

const digestOf = (i: number): Digest => sha256(`object ${i}`);

describe('merkle (RFC 6962)', () => {
  it('matches the RFC definition on small trees, and the empty tree is SHA-256 of nothing', () => {
    expect(merkleRoot([])).toBe(sha256(new Uint8Array(0)));
    const leaf = (d: Digest) =>
      createHash('sha256')
        .update(Buffer.of(0))
        .update(Buffer.from(d.slice(7), 'hex'))
        .digest();
    const node = (l: Buffer, r: Buffer) => createHash('sha256').update(Buffer.of(1)).update(l).update(r).digest();
    const ds = [0, 1, 2].map(digestOf).sort();
    expect(merkleRoot([ds[0]!])).toBe(`sha256:${leaf(ds[0]!).toString('hex')}`);
    // n = 3 splits at k = 2: node(node(l0, l1), l2)
    const want = node(node(leaf(ds[0]!), leaf(ds[1]!)), leaf(ds[2]!));
    expect(merkleRoot([ds[2]!, ds[0]!, ds[1]!])).toBe(`sha256:${want.toString('hex')}`);
  });

  it('every inclusion proof verifies for trees of 1..33 leaves, and a tampered one does not', () => {
    for (let n = 1; n <= 33; n++) {
      const ds = Array.from({ length: n }, (_, i) => digestOf(i));
      const root = merkleRoot(ds);
      for (const d of ds) {
        const p = proveInclusion(ds, d)!;
        expect(p.root).toBe(root);
        expect(rootFromProof(d, p.leafIndex, p.treeSize, p.auditPath)).toBe(root);
        if (p.auditPath.length) {
          const bad = [...p.auditPath];
          bad[0] = digestOf(999);
          expect(rootFromProof(d, p.leafIndex, p.treeSize, bad)).not.toBe(root);
          expect(rootFromProof(d, p.leafIndex, p.treeSize, p.auditPath.slice(1))).toBeNull();
        }
        if (n > 1) expect(rootFromProof(d, (p.leafIndex + 1) % n, p.treeSize, p.auditPath)).not.toBe(root);
      }
    }
    expect(proveInclusion([digestOf(1)], digestOf(2))).toBeNull();
  });

  it('checkProof needs the path to lead to the trusted root and the archive', () => {
    const ds = Array.from({ length: 5 }, (_, i) => digestOf(i));
    const p = proveInclusion(ds, ds[3]!)!;
    const bytes = Buffer.from(JSON.stringify(p));
    expect(checkProof('p.json', bytes, { root: p.root, archive: { name: 'a', digests: ds } }).ok).toBe(true);
    expect(checkProof('p.json', bytes, { root: merkleRoot(ds.slice(1)) }).findings.map((f) => f.code)).toEqual(['EPROOFROOT']);
    expect(checkProof('p.json', bytes, { archive: { name: 'a', digests: [...ds, digestOf(9)] } }).findings.map((f) => f.code)).toContain('EPROOFARCHIVE');
    const forged = { ...p, auditPath: [digestOf(7), ...p.auditPath.slice(1)] };
    expect(checkProof('p.json', Buffer.from(JSON.stringify(forged)), { root: p.root }).ok).toBe(false);
    expect(checkProof('p.json', Buffer.from('{"kind":"merkle-inclusion-proof","kind":1}'), { root: p.root }).findings[0]!.code).toBe('EPROOF');
  });
});

describe('DSSE', () => {
  it('PAE is exactly the DSSE v1 byte string', () => {
    expect(pae('t/x', Buffer.from('hello')).toString()).toBe('DSSEv1 3 t/x 5 hello');
    expect(pae(PAYLOAD_TYPE, new Uint8Array(0)).toString()).toBe(`DSSEv1 ${PAYLOAD_TYPE.length} ${PAYLOAD_TYPE} 0 `);
  });

  it('verifies only with the named key and only over these manifest bytes', () => {
    const a = generateKeyPairSync('ed25519');
    const b = generateKeyPairSync('ed25519');
    const manifest = Buffer.from('{"m":1}');
    const env = signEnvelope(manifest, a.privateKey);
    const bytes = canonicalBytes(env);
    expect(checkEnvelope(bytes, manifest, a.publicKey).ok).toBe(true);
    expect(checkEnvelope(bytes, manifest, b.publicKey)).toMatchObject({ ok: false, code: 'ESIGNATURE' });
    expect(checkEnvelope(bytes, Buffer.from('{"m":2}'), a.publicKey)).toMatchObject({ ok: false, code: 'ESIGPAYLOAD' });
    // keyid claims the trusted key, signature from another: keyid never drives trust
    const lying = { ...signEnvelope(manifest, b.privateKey), signatures: [{ keyid: env.signatures[0]!.keyid, sig: signEnvelope(manifest, b.privateKey).signatures[0]!.sig }] };
    expect(checkEnvelope(canonicalBytes(lying), manifest, a.publicKey)).toMatchObject({ ok: false, code: 'ESIGNATURE' });
  });
});

describe('pack', () => {
  it('two packs of the same tree are byte-identical; worker and inline deflate agree with gzipCanonical', async () => {
    const root = tmp();
    makeTree(root);
    const a = await packRelease({ root, workers: 0 });
    const b = await packRelease({ root, workers: 0 });
    const w = await packRelease({ root, workers: 1 });
    expect(Buffer.from(b.bytes).equals(Buffer.from(a.bytes))).toBe(true);
    expect(Buffer.from(w.bytes).equals(Buffer.from(a.bytes))).toBe(true);
    const tar = gunzipStrict(a.bytes, 1 << 30);
    expect(Buffer.from(gzipCanonical(tar)).equals(Buffer.from(a.bytes))).toBe(true);
  });

  it('streamed pako deflate equals one-shot deflate on > 1 MB of mixed input (the worker relies on it)', () => {
    const parts = [readFileSync(join(REPO, 'package-lock.json')), Buffer.alloc(300_000, 7), createHash('sha512').update('x').digest(), readFileSync(join(REPO, 'decision-bank.json'))];
    let data = Buffer.concat(parts);
    while (data.length < 1_200_000) data = Buffer.concat([data, Buffer.from(data.toString('base64').slice(0, 200_000))]);
    const d = new Deflate({ ...DEFLATE_OPTIONS });
    const out: Uint8Array[] = [];
    d.onData = (c: Uint8Array) => out.push(c);
    for (let i = 0; i < data.length; i += 12_345) d.push(data.subarray(i, i + 12_345), false);
    d.push(new Uint8Array(0), true);
    const streamed = Buffer.concat(out);
    const oneShot = Buffer.from(gzipCanonical(data)).subarray(10, -8);
    expect(streamed.equals(oneShot)).toBe(true);
  });

  it('writes a canonical tar: manifest first, sorted, fixed metadata, modes from the exec bit', async () => {
    const root = tmp();
    const objects = makeTree(root);
    const r = await packRelease({ root });
    const tar = gunzipStrict(r.bytes, 1 << 30);
    const { entries, issues } = parseTar(tar, LIMITS);
    expect(issues).toEqual([]);
    expect(entries[0]!.path).toBe(`${TOP_DIR}/MANIFEST.json`);
    const rest = entries.slice(1).map((e) => (e.type === 'dir' ? `${e.path}/` : e.path));
    expect(rest).toEqual([...rest].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))));
    const probe = entries.find((e) => e.path.endsWith('p1.mjs'))!;
    expect(probe.mode).toBe(0o755);
    expect(entries.find((e) => e.path.endsWith('TASK.md'))!.mode).toBe(0o644);
    const paths = r.manifest.entries.map((e) => e.path);
    expect(paths).toContain('scripts/verify.mjs');
    expect(paths).toContain('package-lock.json');
    expect(paths.some((p) => p.includes('index.sqlite'))).toBe(false);
    expect(paths).not.toContain(DIGEST_FILE);
    expect(r.manifest.merkleRoot).toBe(merkleRoot(objects as Digest[]));
    const m = parseManifest(tar.subarray(entries[0]!.offset, entries[0]!.offset + entries[0]!.size));
    expect(m.errors).toEqual([]);
    for (const e of r.manifest.entries)
      expect(e.digest).toBe(e.path.startsWith('scripts/') ? sha256(readFileSync(join(REPO, 'cli', 'release-scripts', e.path.slice(8)))) : sha256(readFileSync(join(root, e.path))));
  });

  it('refuses a symlink in the tree it packs', async () => {
    const root = tmp();
    makeTree(root);
    const { symlinkSync } = await import('node:fs');
    symlinkSync('/etc/passwd', join(root, 'evals', 'cat', 'one', 'link'));
    await expect(packRelease({ root })).rejects.toMatchObject({ code: 'EPACKTYPE' });
  });

  it('the shipped repository packs to the digest recorded in lockfiles/', async () => {
    const recorded = readDigestFile(REPO);
    if (!recorded) throw new Error(`${DIGEST_FILE} is missing: run \`docket release pack --write-digest\` at the repository root`);
    const r = await packRelease({ root: REPO });
    expect(r.digest, `the shipped tree no longer packs to ${DIGEST_FILE}; if the change is intended, run \`docket release pack --write-digest\``).toBe(recorded);
  });
});

describe('verify', () => {
  it('a clean release verifies, extracts only on success, and round-trips the tree', async () => {
    const root = tmp();
    makeTree(root);
    const r = await packRelease({ root });
    const dir = tmp();
    const file = join(dir, 'r.tgz');
    writeFileSync(file, r.bytes);
    const out = join(dir, 'out');
    const { report, stagingDir } = await verifyAndExtractRelease(file, { expect: r.digest, extract: out });
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.digest).toBe(r.digest);
    expect(report.objects).toBe(3);
    expect(stagingDir).toBe(out);
    expect(readdirSync(dir).sort()).toEqual(['out', 'r.tgz']);
    expect((statSync(out).mode & 0o777).toString(8)).toBe('755');
    for (const e of r.manifest.entries) expect(sha256(readFileSync(join(out, e.path)))).toBe(e.digest);
    expect(new Store(join(out, 'evidence')).list().objects.length).toBe(3);
    // and the extracted archive verifies through the CLI
    const v = docket(['verify', join(out, 'evidence'), '--json']);
    expect(v.status).toBe(0);
  });

  it('keep: returns a private staging tree for replay, removed by cleanup()', async () => {
    const root = tmp();
    makeTree(root);
    const r = await packRelease({ root });
    const file = join(tmp(), 'r.tgz');
    writeFileSync(file, r.bytes);
    const v = await verifyAndExtractRelease(file, { keep: true });
    expect(v.report.ok).toBe(true);
    expect(v.stagingDir && existsSync(join(v.stagingDir, 'MANIFEST.json'))).toBe(true);
    expect(statSync(join(v.stagingDir!, '..')).mode & 0o777).toBe(0o700);
    v.cleanup();
    expect(existsSync(v.stagingDir!)).toBe(false);
  });

  it('the extracted tree equals what GNU tar extracts', async () => {
    const root = tmp();
    makeTree(root);
    const r = await packRelease({ root });
    const dir = tmp();
    writeFileSync(join(dir, 'r.tgz'), r.bytes);
    const { spawnSync } = await import('node:child_process');
    const t = spawnSync('tar', ['xzf', 'r.tgz'], { cwd: dir });
    expect(t.status).toBe(0);
    for (const e of r.manifest.entries) expect(sha256(readFileSync(join(dir, TOP_DIR, e.path)))).toBe(e.digest);
  });

  it('a signed release verifies with --key through the CLI; the other key fails with exit 1', async () => {
    const root = tmp();
    makeTree(root);
    makeBankValid(root); // the CLI packs only a bank that validates
    const dir = tmp();
    expect(docket(['release', 'keygen', '--out', join(dir, 'k.pem')]).status).toBe(0);
    expect(docket(['release', 'keygen', '--out', join(dir, 'other.pem')]).status).toBe(0);
    expect((statSync(join(dir, 'k.pem')).mode & 0o777).toString(8)).toBe('600');
    const p = docket(['release', 'pack', '--out', join(dir, 'r.tgz'), '--sign', join(dir, 'k.pem'), '--json'], { cwd: root });
    expect(p.status).toBe(0);
    expect(p.json.signed).toBe(true);
    const ok = docket(['verify', join(dir, 'r.tgz'), '--key', join(dir, 'k.pem.pub'), '--expect', p.json.digest, '--json']);
    expect(ok.status).toBe(0);
    expect(ok.json).toMatchObject({ ok: true, digest: p.json.digest, file: join(dir, 'r.tgz') });
    const bad = docket(['verify', join(dir, 'r.tgz'), '--key', join(dir, 'other.pem.pub'), '--json']);
    expect(bad.status).toBe(1);
    expect(bad.json.findings.map((f: { code: string }) => f.code)).toEqual(['ESIGNATURE']);
    // a private key where the public one belongs is a usage error (exit 2 at the CLI boundary)
    expect(() => loadPublicKey(readFileSync(join(dir, 'k.pem')), 'k.pem')).toThrow(expect.objectContaining({ code: 'EKEY', exitCode: 2 }));
  });

  it('prove → verify --proof round trip through the CLI', async () => {
    const root = tmp();
    const objects = makeTree(root, 5);
    const dir = tmp();
    const proofFile = join(dir, 'proof.json');
    const pr = docket(['prove', objects[2]!, '--archive', join(root, 'evidence'), '--out', proofFile, '--json']);
    expect(pr.status).toBe(0);
    expect(pr.json.root).toBe(merkleRoot(objects as Digest[]));
    expect(docket(['verify', '--proof', proofFile, '--root', pr.json.root]).status).toBe(0);
    const bad = docket(['verify', '--proof', proofFile, join(root, 'evidence'), '--root', sha256('other'), '--json']);
    expect(bad.status).toBe(1);
    expect(bad.json.findings.map((f: { code: string }) => f.code)).toEqual(['EPROOFROOT']);
    expect(docket(['verify', '--proof', proofFile]).status).toBe(2);
  });

  it('--extract into an existing directory is a usage error and writes nothing', async () => {
    const root = tmp();
    makeTree(root);
    const r = await packRelease({ root });
    const dir = tmp();
    writeFileSync(join(dir, 'r.tgz'), r.bytes);
    const res = docket(['verify', join(dir, 'r.tgz'), '--extract', dir]);
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('EEXISTS');
    expect(readdirSync(dir)).toEqual(['r.tgz']);
  });

  it("npm ci and npm start in a release's extracted tree run only what a release ships", () => {
    // docket's own release ships its sources, and `npm ci && npm start` there compiles and checks
    // them; a lifecycle script that runs a file the release leaves out (cli/dev/) would fail there.
    const { scripts } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const name of ['prepare', 'prestart', 'start']) {
      const script = scripts[name]!;
      expect(script, name).toBeDefined();
      const files = [...script.matchAll(/(?:^|\s)((?:cli|replay|dist)\/\S+|tsconfig[\w.]*\.json)/g)].map((m) => m[1]!);
      expect(files.length, `${name}: ${script}`).toBeGreaterThan(0);
      for (const f of files) {
        expect(releaseRule(f), `${name} runs ${f}, which a release does not ship`).toBeNull();
        if (!f.startsWith('dist/')) expect(existsSync(join(REPO, f)), f).toBe(true);
      }
    }
  });

  it('the shipped scripts are valid, and verify.mjs checks an extracted release', async () => {
    const { spawnSync } = await import('node:child_process');
    for (const s of ['verify', 'evidence-replay', 'request-replay', 'audit', 'install-offline', 'run-docket']) {
      expect(spawnSync(process.execPath, ['--check', join(REPO, 'cli', 'release-scripts', `${s}.mjs`)]).status).toBe(0);
    }
    const root = tmp();
    makeTree(root);
    const r = await packRelease({ root });
    const dir = tmp();
    writeFileSync(join(dir, 'r.tgz'), r.bytes);
    const out = join(dir, 'x');
    expect((await verifyRelease(join(dir, 'r.tgz'), { extract: out })).ok).toBe(true);
    // Stand-in for `npm ci`: the tree borrows this checkout's node_modules, and DOCKET_BIN names docket.
    const { symlinkSync } = await import('node:fs');
    symlinkSync(join(REPO, 'node_modules'), join(out, 'node_modules'));
    const env = { ...process.env, DOCKET_BIN: DOCKET };
    const run = spawnSync(process.execPath, ['scripts/verify.mjs'], { cwd: out, encoding: 'utf8', env });
    expect(run.stdout).toMatch(/(\d+)\/\1 files match MANIFEST\.json/);
    expect(run.status, run.stderr).toBe(0);
    // a changed file: the script must notice and exit 1
    writeFileSync(join(out, 'decision-bank.json'), '{"questions":[1]}\n');
    const bad = spawnSync(process.execPath, ['scripts/verify.mjs'], { cwd: out, encoding: 'utf8', env });
    expect(bad.stderr).toContain('CHANGED decision-bank.json');
    expect(bad.status).toBe(1);
  });
});
