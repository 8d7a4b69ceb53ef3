import { closeSync, existsSync, openSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byUtf8 } from '../format/utf8.ts';
import { sha256, type Digest } from '../format/digest.ts';
import fc from 'fast-check';
import { gunzipStrict, gzipCanonical, GzipError } from '../format/gzip.ts';
import { canonicalBytes } from '../format/json.ts';
import { docket, tempDir } from '../../cli/dev/testkit/core.ts';
import { signEnvelope } from './dsse.ts';
import { LIMITS, TOP_DIR, type Limits } from './limits.ts';
import { packRelease } from './pack.ts';
import { END_BLOCKS, parseTar, paxRecord, TarWalker } from './tar.ts';
import { tgzPass } from './stream.ts';
import { makeTree, rawDir, rawFile, rawsOf, tarOf, tgzOf, type Raw } from '../../cli/dev/testkit/release.ts';
import { verifyAndExtractRelease, type ReleaseVerifyOptions } from './verify.ts';

/**
 * Hostile releases, each built here from a clean one. Every case must end with a coded finding,
 * ok:false (exit 1 through the CLI), and the directory that would hold staging and the --extract
 * target unchanged: nothing is written outside staging, and staging is gone.
 */
const T = TOP_DIR;
let root: string;
let unsigned: Uint8Array;
let signed: Uint8Array;
let keyA: { privateKey: KeyObject; publicKey: KeyObject };
let keyB: { privateKey: KeyObject; publicKey: KeyObject };
const tmps: string[] = [];

beforeAll(async () => {
  root = tempDir('docket-adv-');
  tmps.push(root);
  makeTree(root);
  keyA = generateKeyPairSync('ed25519');
  keyB = generateKeyPairSync('ed25519');
  unsigned = (await packRelease({ root })).bytes;
  signed = (await packRelease({ root, signKey: keyA.privateKey })).bytes;
});
afterAll(() => tmps.forEach((d) => rmSync(d, { recursive: true, force: true })));

type Manifest = { entries: { path: string; size: number; digest: string }[]; [k: string]: unknown };
const base = (): Raw[] => rawsOf(unsigned);
const manifestOf = (raws: Raw[]): Manifest => JSON.parse(Buffer.from(raws[0]!.data).toString());
function setManifest(raws: Raw[], m: Manifest | Uint8Array): Raw[] {
  if (!(m instanceof Uint8Array)) m.entries.sort((a, b) => byUtf8(a.path, b.path));
  raws[0] = rawFile(`${T}/MANIFEST.json`, m instanceof Uint8Array ? m : canonicalBytes(m));
  return raws;
}
const editManifest = (raws: Raw[], edit: (m: Manifest) => void) => {
  const m = manifestOf(raws);
  edit(m);
  return setManifest(raws, m);
};
/** A file that is both in the tar and in the manifest, so only the intended rule is broken. */
function listed(raws: Raw[], path: string, data = 'evil\n'): Raw[] {
  raws.push(rawFile(`${T}/${path}`, data));
  return editManifest(raws, (m) => m.entries.push({ path, size: Buffer.byteLength(data), digest: sha256(data) }));
}
const push = (raw: Raw) => tgzOf([...base(), raw]);
const link = (name: string, type: string, linkname: string): Raw => ({ h: { name, type, size: 0, linkname }, data: new Uint8Array(0) });
const sigEnvelope = (raws: Raw[]) => JSON.parse(Buffer.from(raws[1]!.data).toString());
function withSig(raws: Raw[], env: unknown): Uint8Array {
  raws[1] = rawFile(`${T}/MANIFEST.sig.json`, canonicalBytes(env));
  return tgzOf(raws);
}

/** Open descriptors of this process (Linux): fd -> what it is; empty where that cannot be seen. */
function openDescriptors(): Map<string, string> {
  if (!existsSync('/proc/self/fd')) return new Map();
  const out = new Map<string, string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      out.set(fd, readlinkSync(`/proc/self/fd/${fd}`));
    } catch {
      // closed between the listing and the read: not open
    }
  }
  return out;
}

/**
 * The descriptors opened since `before` and still open. The test process also opens and closes
 * descriptors of its own (the runner, the module loader, worker threads' event loops winding
 * down, a worker's module read still in libuv's pool when it is terminated on a loaded machine),
 * so a difference must persist for five seconds to count as a leak; a leak never closes.
 */
async function leftOpen(before: Map<string, string>): Promise<string[]> {
  let extra: string[] = [];
  for (let i = 0; i < 250; i++) {
    const now = openDescriptors();
    extra = [...now].filter(([fd, what]) => before.get(fd) !== what).map(([fd, what]) => `${fd} -> ${what}`);
    if (extra.length === 0) return extra;
    await new Promise((r) => setTimeout(r, 20));
  }
  return extra;
}

interface Case {
  name: string;
  code: string;
  build: () => Uint8Array;
  opts?: () => Omit<ReleaseVerifyOptions, 'extract' | 'keep'>;
}

const small = (l: Partial<Limits>) => () => ({ limits: l });

const CASES: Case[] = [
  // path traversal
  { name: '../ traversal', code: 'EPATH', build: () => push(rawFile(`${T}/../escaped.txt`, 'x')) },
  { name: 'absolute path', code: 'EPATH', build: () => push(rawFile('/tmp/docket-escaped.txt', 'x')) },
  { name: 'backslashes', code: 'EPATH', build: () => push(rawFile(`${T}\\..\\..\\escaped.txt`, 'x')) },
  { name: 'drive letter', code: 'EPATH', build: () => push(rawFile('C:/Windows/escaped.txt', 'x')) },
  { name: 'drive-relative path', code: 'EPATH', build: () => push(rawFile('C:escaped.txt', 'x')) },
  // links and special files
  { name: 'symlink', code: 'ELINK', build: () => push(link(`${T}/evals/passwd`, '2', '/etc/passwd')) },
  { name: 'hardlink', code: 'ELINK', build: () => push(link(`${T}/evals/passwd`, '1', '/etc/passwd')) },
  {
    name: 'directory, then a symlink of the same name, then a file through it',
    code: 'ELINK',
    build: () => tgzOf([...base(), rawDir(`${T}/evals/pivot`), link(`${T}/evals/pivot`, '2', '/tmp'), rawFile(`${T}/evals/pivot/escaped.txt`, 'x')]),
  },
  { name: 'character device', code: 'ESPECIAL', build: () => push(link(`${T}/evals/null`, '3', '')) },
  { name: 'block device', code: 'ESPECIAL', build: () => push(link(`${T}/evals/sda`, '4', '')) },
  { name: 'FIFO', code: 'ESPECIAL', build: () => push(link(`${T}/evals/fifo`, '6', '')) },
  // names
  {
    name: 'duplicate path (a later entry would overwrite the verified one)',
    code: 'EDUPLICATE',
    build: () => {
      const raws = base();
      const bank = raws.find((r) => r.path === `${T}/decision-bank.json`)!;
      return tgzOf([...raws, rawFile(`${T}/decision-bank.json`, Buffer.alloc(bank.data.length, 0x20))]);
    },
  },
  { name: 'case collision', code: 'ECOLLISION', build: () => tgzOf(listed(base(), 'Decision-bank.json')) },
  { name: 'Unicode ligature collision (NFKC)', code: 'ECOLLISION', build: () => tgzOf(listed(listed(base(), 'evals/file.txt'), 'evals/\ufb01le.txt')) },
  { name: 'non-NFC (decomposed) name', code: 'EPATH', build: () => tgzOf(listed(base(), 'evals/cafe\u0301.txt')) },
  { name: 'invalid UTF-8 name', code: 'EPATH', build: () => push({ h: { name: Buffer.concat([Buffer.from(`${T}/evals/`), Buffer.of(0xff, 0xfe)]), type: '0', size: 1 }, data: Buffer.from('x') }) },
  { name: 'very deep path', code: 'EDEPTH', build: () => push(rawFile(`${T}/${Array(40).fill('d').join('/')}`, 'x')) },
  { name: 'path over 255 bytes (pax)', code: 'EPATHLEN', build: () => push({ ...rawFile('long', 'x'), pax: `${T}/evals/${'x'.repeat(300)}` }) },
  // sizes and caps
  { name: 'huge size', code: 'ETOOBIG', build: () => push({ h: { name: `${T}/evals/huge`, type: '0', size: 0o77777777777 }, data: new Uint8Array(0) }) },
  {
    name: 'negative size (base-256)',
    code: 'ESIZEFIELD',
    build: () => push({ ...rawFile(`${T}/evals/neg`, ''), mutate: (h) => h.fill(0xff, 124, 136) }),
  },
  { name: 'gzip bomb against an absolute cap', code: 'ETOTAL', build: () => push(rawFile(`${T}/evals/zeros`, Buffer.alloc(4 << 20))), opts: small({ totalBytes: 1 << 20 }) },
  { name: 'file over the release size cap', code: 'EFILESIZE', build: () => unsigned, opts: small({ fileBytes: 1000 }) },
  { name: 'too many entries', code: 'ECOUNT', build: () => unsigned, opts: small({ entries: 5 }) },
  // tar structure
  { name: 'data after the end of the archive', code: 'ETRAILING', build: () => tgzOf(base(), Buffer.concat([END_BLOCKS(), Buffer.alloc(512, 0x41)])) },
  { name: 'no end blocks (truncated tar)', code: 'ETRUNCATED', build: () => tgzOf(base(), new Uint8Array(0)) },
  { name: 'bad header checksum', code: 'ECHECKSUM', build: () => push({ ...rawFile(`${T}/evals/x`, 'x'), mutate: (h) => void (h[0] = h[0]! + 1), keepChecksum: true }) },
  { name: 'global pax header', code: 'EPAX', build: () => push({ h: { name: 'pax_global_header', type: 'g', size: 0 }, data: new Uint8Array(0) }) },
  { name: 'GNU long name', code: 'EPAX', build: () => push({ h: { name: '././@LongLink', type: 'L', size: 0 }, data: new Uint8Array(0) }) },
  {
    name: 'pax header with a size record (reader desync)',
    code: 'EPAX',
    build: () => {
      const rec = Buffer.concat([paxRecord('size', '0'), paxRecord('path', `${T}/evals/x`)]);
      return push({ h: { name: '././@PaxHeader', type: 'x', size: rec.length }, data: rec });
    },
  },
  { name: 'non-canonical header (uid 1000)', code: 'ETARHEADER', build: () => push({ ...rawFile(`${T}/evals/x`, 'x'), h: { ...rawFile(`${T}/evals/x`, 'x').h, uid: 1000 } }) },
  { name: 'setuid mode', code: 'ETARHEADER', build: () => tgzOf(listed(base(), 'evals/suid').map((r) => (r.path === `${T}/evals/suid` ? { ...r, h: { ...r.h, mode: 0o4755 } } : r))) },
  // gzip
  { name: 'second gzip member', code: 'EGZIP', build: () => Buffer.concat([unsigned, gzipCanonical(Buffer.from('more'))]) },
  { name: 'truncated gzip stream', code: 'EGZIP', build: () => unsigned.subarray(0, unsigned.length - 40) },
  { name: 'a path listed both as a file and as a directory', code: 'EMANIFEST', build: () => tgzOf(listed(listed(base(), 'clash'), 'clash/inner.txt')) },
  {
    // extraction runs in the read pass: a listed file that is being written when the stream ends
    name: 'tar ends inside a listed file',
    code: 'ETRUNCATED',
    build: () => {
      const tar = tarOf(base());
      const e = parseTar(tar, LIMITS).entries.findLast((x) => x.type === 'file' && x.size > 100 && !x.path.includes('/objects/') && !x.path.includes('MANIFEST'))!;
      return gzipCanonical(tar.subarray(0, e.offset + 50));
    },
  },
  {
    name: 'bad CRC',
    code: 'EGZIP',
    build: () => {
      const b = Buffer.from(unsigned);
      b[b.length - 8]! ^= 1;
      return b;
    },
  },
  { name: 'non-canonical gzip header (node zlib, OS byte)', code: 'EGZIP', build: () => gzipSync(tarOf(base())) },
  // manifest
  { name: 'manifest lists a file the tar lacks', code: 'EMISSINGENTRY', build: () => tgzOf(editManifest(base(), (m) => m.entries.push({ path: 'evals/ghost.txt', size: 1, digest: sha256('g') }))) },
  { name: 'tar holds a file the manifest lacks', code: 'EEXTRA', build: () => push(rawFile(`${T}/evals/extra.txt`, 'x')) },
  { name: 'size differs from the manifest', code: 'ESIZEMISMATCH', build: () => tgzOf(editManifest(base(), (m) => void (m.entries.find((e) => e.path === 'decision-bank.json')!.size += 1))) },
  {
    name: 'content differs from the manifest (same size)',
    code: 'EENTRYDIGEST',
    build: () => tgzOf(base().map((r) => (r.path === `${T}/decision-bank.json` ? rawFile(r.path, Buffer.alloc(r.data.length, 0x20)) : r))),
  },
  {
    name: 'duplicate JSON keys in the manifest',
    code: 'EMANIFEST',
    build: () => {
      const raws = base();
      const text = Buffer.from(raws[0]!.data).toString();
      return tgzOf(setManifest(raws, Buffer.from(`{"docketVersion":"9.9.9",${text.slice(1)}`)));
    },
  },
  { name: 'manifest not canonical (whitespace)', code: 'EMANIFEST', build: () => tgzOf(setManifest(base(), Buffer.from(JSON.stringify(manifestOf(base()), null, 1)))) },
  { name: 'manifest with an unknown field', code: 'EMANIFEST', build: () => tgzOf(editManifest(base(), (m) => void (m.extra = 1))) },
  {
    name: 'manifest is not the first entry',
    code: 'EMANIFEST',
    build: () => {
      const raws = base();
      [raws[0], raws[1]] = [raws[1]!, raws[0]!];
      return tgzOf(raws);
    },
  },
  // the bundles inside
  {
    name: 'a bundle whose bytes do not match its name (manifest updated to hide it)',
    code: 'EDIGEST',
    build: () => {
      const raws = base();
      const obj = raws.find((r) => r.path?.endsWith('.json.gz'))!;
      const data = Buffer.from(obj.data);
      data[data.length - 9]! ^= 0xff;
      obj.data = data;
      const path = obj.path!.slice(T.length + 1);
      return tgzOf(editManifest(raws, (m) => void (m.entries.find((e) => e.path === path)!.digest = sha256(data))));
    },
  },
  { name: 'Merkle root differs from the archive', code: 'EMERKLE', build: () => tgzOf(editManifest(base(), (m) => void (m.merkleRoot = sha256('another archive')))) },
  // whole file and signature
  { name: 'not the published file (--expect)', code: 'EEXPECT', build: () => unsigned, opts: () => ({ expect: sha256('published') as Digest }) },
  { name: 'missing signature with --key', code: 'ESIGMISSING', build: () => unsigned, opts: () => ({ key: keyA.publicKey }) },
  { name: 'signature by another key', code: 'ESIGNATURE', build: () => signed, opts: () => ({ key: keyB.publicKey }) },
  {
    name: 'forged signature',
    code: 'ESIGNATURE',
    build: () => {
      const raws = rawsOf(signed);
      const env = sigEnvelope(raws);
      const sig = Buffer.from(env.signatures[0].sig, 'base64');
      sig[10]! ^= 1;
      env.signatures[0].sig = sig.toString('base64');
      return withSig(raws, env);
    },
    opts: () => ({ key: keyA.publicKey }),
  },
  {
    name: 'wrong payloadType (validly signed)',
    code: 'ESIGTYPE',
    build: () => {
      const raws = rawsOf(signed);
      const env = signEnvelope(raws[0]!.data, keyA.privateKey);
      return withSig(raws, { ...env, payloadType: 'application/json' });
    },
    opts: () => ({ key: keyA.publicKey }),
  },
  {
    name: 'valid signature over a different manifest',
    code: 'ESIGPAYLOAD',
    build: () => {
      const raws = rawsOf(signed);
      const other = Buffer.from(raws[0]!.data.toString().replace('"schemaVersion":1', '"schemaVersion":1 '));
      return withSig(raws, signEnvelope(other, keyA.privateKey));
    },
    opts: () => ({ key: keyA.publicKey }),
  },
];

/** Every path under dir (relative), to show nothing was written. */
function listing(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).map(String).sort();
}

describe('hostile releases', () => {
  it('there are at least 30 cases, and the clean baselines pass', async () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    const dir = tempDir('docket-adv-case-');
    tmps.push(dir);
    writeFileSync(join(dir, 'ok.tgz'), signed);
    const r = await verifyAndExtractRelease(join(dir, 'ok.tgz'), { key: keyA.publicKey, extract: join(dir, 'out') });
    expect(r.report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(r.report.ok).toBe(true);
    writeFileSync(join(dir, 'raw.tgz'), tgzOf(base()));
    expect((await verifyAndExtractRelease(join(dir, 'raw.tgz'))).report.ok).toBe(true); // the raw builder itself is faithful
  });

  it('an over-cap signature entry is not read without --key (the release verifies), and fails closed with it', async () => {
    const dir = tempDir('docket-adv-case-');
    tmps.push(dir);
    writeFileSync(join(dir, 'signed.tgz'), signed);
    const limits = { sigBytes: 16 };
    const plain = await verifyAndExtractRelease(join(dir, 'signed.tgz'), { limits, extract: join(dir, 'out') });
    expect(plain.report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(existsSync(join(dir, 'out', 'MANIFEST.json'))).toBe(true);
    const keyed = await verifyAndExtractRelease(join(dir, 'signed.tgz'), { limits, key: keyA.publicKey });
    expect(keyed.report.findings.map((f) => f.code)).toContain('ESIGFORMAT');
  });

  for (const c of CASES) {
    it(`${c.name} → ${c.code}`, async () => {
      const dir = tempDir('docket-adv-case-');
      tmps.push(dir);
      const file = join(dir, 'hostile.tgz');
      writeFileSync(file, c.build());
      const before = listing(dir);
      const fds = openDescriptors();
      const { report, stagingDir } = await verifyAndExtractRelease(file, { ...c.opts?.(), extract: join(dir, 'out') });
      expect(await leftOpen(fds), 'a descriptor was left open').toEqual([]);
      expect(report.ok).toBe(false);
      expect(report.findings.filter((f) => f.severity === 'error').map((f) => f.code)).toContain(c.code);
      expect(stagingDir).toBeNull();
      expect(listing(dir)).toEqual(before);
      expect(existsSync('/tmp/docket-escaped.txt')).toBe(false);
    });
  }

  it('the streaming tar walker finds the same entries and issues however the stream is chunked', () => {
    let walked = 0;
    for (const c of [{ name: 'baseline', build: () => signed, opts: undefined }, ...CASES]) {
      let tar: Uint8Array;
      try {
        tar = gunzipStrict(c.build(), 1 << 28);
      } catch {
        continue; // a gzip-level case: the walker never sees it
      }
      const limits = { ...LIMITS, ...c.opts?.().limits };
      const whole = parseTar(tar, limits);
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 1, max: 1500 }), { minLength: 1, maxLength: 40 }), (sizes) => {
          const w = new TarWalker(limits);
          const data: number[] = [];
          w.onData = (chunk) => data.push(chunk.length);
          for (let off = 0, i = 0; off < tar.length; i++) {
            const n = sizes[i % sizes.length]!;
            w.push(tar.subarray(off, off + n));
            off += n;
          }
          const r = w.end();
          expect(r).toEqual(whole);
          const files = whole.entries.filter((e) => e.type === 'file').reduce((n, e) => n + e.size, 0);
          if (!whole.fatal) expect(data.reduce((a, b) => a + b, 0)).toBe(files);
        }),
        { numRuns: 25 },
      );
      walked++;
    }
    expect(walked).toBeGreaterThan(25);
  });

  it('the read pass reads every hostile release as the in-memory reader does (digest, verdict, output)', async () => {
    const dir = tempDir('docket-adv-pass-');
    tmps.push(dir);
    let compared = 0;
    for (const c of [{ name: 'baseline', build: () => signed, opts: undefined }, ...CASES]) {
      const bytes = c.build();
      const file = join(dir, 'x.tgz');
      writeFileSync(file, bytes);
      const fd = openSync(file, 'r');
      try {
        // One cap for both readers (zlib's one-shot call takes at most 4 GiB; these releases are small).
        const maxOut = Math.min({ ...LIMITS, ...c.opts?.().limits }.totalBytes, 64 << 20);
        const out: Buffer[] = [];
        const r = await tgzPass(fd, bytes.length, { hash: true, maxOut, onOutput: (chunk) => void out.push(Buffer.from(chunk)) });
        expect(r.digest, c.name).toBe(sha256(bytes));
        let reference: { error: { code: string; message: string } | null; output: Buffer };
        try {
          reference = { error: null, output: Buffer.from(gunzipStrict(bytes, maxOut)) };
        } catch (e) {
          if (!(e instanceof GzipError)) throw e;
          reference = { error: { code: e.code === 'ETOOBIG' ? 'ETOTAL' : e.code, message: e.message }, output: Buffer.alloc(0) };
        }
        expect(r.error, c.name).toEqual(reference.error);
        // After an error the output is not a result (stream.test.ts): compared only on clean streams.
        if (!r.error) expect(Buffer.concat(out).equals(reference.output), c.name).toBe(true);
        compared++;
      } finally {
        closeSync(fd);
      }
    }
    expect(compared).toBe(CASES.length + 1);
  });

  it('through the CLI: exit 1 with the coded finding, nothing extracted', () => {
    const dir = tempDir('docket-adv-cli-');
    tmps.push(dir);
    const cases: [string, Uint8Array, string[], string][] = [
      ['link.tgz', push(link(`${T}/evals/passwd`, '2', '/etc/passwd')), [], 'ELINK'],
      ['escape.tgz', push(rawFile(`${T}/../escaped.txt`, 'x')), [], 'EPATH'],
    ];
    const pub = join(dir, 'a.pub');
    writeFileSync(pub, keyB.publicKey.export({ type: 'spki', format: 'pem' }));
    cases.push(['signed.tgz', signed, ['--key', pub], 'ESIGNATURE']);
    for (const [name, bytes, extra, code] of cases) {
      writeFileSync(join(dir, name), bytes);
      const before = listing(dir);
      const r = docket(['verify', join(dir, name), '--extract', join(dir, 'out'), '--json', ...extra]);
      expect(r.status, r.stderr).toBe(1);
      expect(r.json.ok).toBe(false);
      expect(r.json.findings.map((f: { code: string }) => f.code)).toContain(code);
      expect(listing(dir)).toEqual(before);
    }
  });
});
