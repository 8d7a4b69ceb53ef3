import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, rmdirSync, statSync, writeSync } from 'node:fs';
import { constants as bufferConstants } from 'node:buffer';
import type { KeyObject } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { createInflateRaw } from 'node:zlib';
import { sha256, type Digest } from '../digest.ts';
import { usageError } from '../errors.ts';
import { ENCODER_ID, GZIP_HEADER, gunzipStrict, GzipError } from '../gzip.ts';
import { Store } from '../store.ts';
import { verifyArchive, type Finding, type Severity, type Step } from '../verify.ts';
import { checkEnvelope } from './dsse.ts';
import { collisionKey, LIMITS, MANIFEST_NAME, SIG_NAME, TOP_DIR, unsafePath, type Limits } from './limits.ts';
import { parseManifest, type Manifest } from './manifest.ts';
import { merkleRoot } from './merkle.ts';
import { BLOCK, padding, parseTar, peekHeader, type ReadEntry } from './tar.ts';

/**
 * `docket verify FILE.tgz`: a release is checked in a fixed order, each step a gate for the next
 * (docs/design.md "Releases"): size caps → whole-file digest → signature → strict gzip → list-only
 * pass over every tar header against the manifest → extraction into a fresh private staging
 * directory → re-hash every file → verify the evidence archive and its Merkle root. Nothing is written
 * before the listing passed, nothing outside staging ever, and staging is removed on failure.
 */
export interface ReleaseReport {
  ok: boolean;
  file: string;
  digest: Digest | null; // sha256 of the .tgz
  archive: string; // = file (keeps the archive-verify report shape)
  quick: false;
  findings: Finding[];
  steps: Step[];
  objects: number; // bundles in the shipped archive
  bytes: number; // file bytes re-hashed
}

export interface ReleaseVerifyOptions {
  expect?: Digest; // the published digest of the .tgz
  key?: KeyObject; // the only trusted public key
  extract?: string; // move the verified tree here (must not exist)
  keep?: boolean; // keep the verified staging tree for the caller (docket replay --from)
  limits?: Partial<Limits>;
  workers?: number; // for the archive verify
}

export interface VerifiedRelease {
  report: ReleaseReport;
  /** the verified decision-verification/ tree (the --extract target, or a kept staging dir), else null */
  stagingDir: string | null;
  /** removes a kept staging tree (no-op otherwise) */
  cleanup: () => void;
}

class Stop extends Error {}

export async function verifyRelease(file: string, opts: Omit<ReleaseVerifyOptions, 'keep'> = {}): Promise<ReleaseReport> {
  return (await verifyAndExtractRelease(file, { ...opts, keep: false })).report;
}

export async function verifyAndExtractRelease(file: string, opts: ReleaseVerifyOptions = {}): Promise<VerifiedRelease> {
  const limits: Limits = { ...LIMITS, ...opts.limits };
  const report: ReleaseReport = { ok: false, file, digest: null, archive: file, quick: false, findings: [], steps: [], objects: 0, bytes: 0 };
  const add = (code: string, path: string | null, message: string, severity: Severity = 'error') => report.findings.push({ severity, code, path, digest: null, message });
  const errors = () => report.findings.filter((f) => f.severity === 'error').length;
  const target = opts.extract ? resolve(opts.extract) : null;
  if (target && existsSync(target)) throw usageError('EEXISTS', `--extract target ${opts.extract} exists; name a directory that does not exist`, { path: opts.extract });
  if (target && !existsSync(dirname(target))) throw usageError('ENOTDIR', `the parent of --extract target ${opts.extract} does not exist`, { path: opts.extract });

  let st;
  try {
    st = statSync(file);
  } catch (e) {
    throw usageError('EREAD', `cannot read ${file}: ${(e as Error).message}`, { path: file });
  }
  if (!st.isFile()) throw usageError('EREAD', `${file} is not a regular file`, { path: file });

  let staging: string | null = null;
  const step = async <T>(name: string, run: () => T | Promise<T>, checked = 1): Promise<T> => {
    const t = performance.now();
    const before = errors();
    const out = await run();
    const failed = errors() - before;
    report.steps.push({ name, checked, failed, ms: performance.now() - t });
    if (failed) throw new Stop();
    return out;
  };
  const skip = (name: string, why: string) => report.steps.push({ name, checked: 0, failed: 0, ms: 0, skipped: why });

  try {
    await step('size caps', () => {
      if (st.size > limits.fileBytes) add('EFILESIZE', file, `${st.size} bytes, over the ${limits.fileBytes}-byte release cap`);
    });
    const bytes = await step('file digest', () => {
      const b = readFileSync(file);
      report.digest = sha256(b);
      if (opts.expect && report.digest !== opts.expect) add('EEXPECT', file, `the file hashes to ${report.digest}, not the expected ${opts.expect}: not the published file`);
      return b;
    });
    if (!opts.expect && !opts.key) add('HUNANCHORED', file, 'neither --expect nor --key given: this proves the file is self-consistent, not that it is the one published', 'hint');

    if (opts.key) {
      const key = opts.key;
      await step('signature', async () => {
        const head = await readHead(bytes, limits);
        if ('code' in head) return add(head.code, file, `cannot reach the signed manifest: ${head.message}`);
        if (!head.sig) return add('ESIGMISSING', file, `no ${SIG_NAME} after ${MANIFEST_NAME}: the release is unsigned, and --key demands a signature`);
        const r = checkEnvelope(head.sig, head.manifest, key);
        if (!r.ok) add(r.code, SIG_NAME, r.message);
      });
    } else skip('signature', 'no --key given');

    const tar = await step('strict gzip', () => {
      try {
        return gunzipStrict(bytes, Math.min(limits.totalBytes, bufferConstants.MAX_LENGTH));
      } catch (e) {
        if (!(e instanceof GzipError)) throw e;
        add(e.code === 'ETOOBIG' ? 'ETOTAL' : 'EGZIP', file, e.code === 'ETOOBIG' ? `the tar stream ${e.message} (an absolute cap: gzip bomb)` : e.message);
        return new Uint8Array(0);
      }
    });

    const { entries, manifest } = await step('tar listing', () => listAgainstManifest(tar, limits, add), 0);
    report.steps.at(-1)!.checked = entries.length;
    if (manifest.encoder !== ENCODER_ID) add('HENCODER', MANIFEST_NAME, `packed with encoder ${JSON.stringify(manifest.encoder)}; this docket pins ${JSON.stringify(ENCODER_ID)}, so a re-pack here will not reproduce the bytes`, 'hint');

    const parent = target ? dirname(target) : tmpdir();
    staging = mkdtempSync(join(parent, '.docket-release-')); // mode 0700
    const root = staging;
    await step('extract (staging)', () => extract(tar, entries, root), entries.length);

    const top = join(staging, TOP_DIR);
    // Hash the exact bytes written to staging (staging is private to us; reading them back from
    // the page cache would only cost time).
    const written = new Map(entries.map((e) => [e.path, e]));
    await step('re-hash files', () => {
      for (const e of manifest.entries) {
        const w = written.get(`${TOP_DIR}/${e.path}`)!;
        const data = tar.subarray(w.offset, w.offset + w.size);
        report.bytes += data.length;
        const d = sha256(data);
        if (d !== e.digest || data.length !== e.size) add('EENTRYDIGEST', e.path, `hashes to ${d} (${data.length} bytes); the manifest says ${e.digest} (${e.size} bytes)`);
      }
    }, manifest.entries.length);

    // The shipped archive, exactly as `docket verify DIR` checks it; findings continue from here.
    const evidence = join(top, 'evidence');
    const vr = await verifyArchive(evidence, { workers: opts.workers });
    report.objects = vr.objects;
    for (const s of vr.steps) report.steps.push({ ...s, name: `evidence: ${s.name}` });
    for (const f of vr.findings) report.findings.push({ ...f, path: f.path === null ? null : `evidence/${f.path.split(sep).join('/')}` });
    const t = performance.now();
    const root2 = merkleRoot(new Store(evidence).list().objects.map((o) => o.digest));
    const merkleBad = root2 !== manifest.merkleRoot;
    if (merkleBad) add('EMERKLE', 'evidence', `the archive's Merkle root is ${root2}; the manifest says ${manifest.merkleRoot}`);
    report.steps.push({ name: 'merkle root', checked: 1, failed: merkleBad ? 1 : 0, ms: performance.now() - t });
  } catch (e) {
    if (!(e instanceof Stop)) {
      if (staging) rmSync(staging, { recursive: true, force: true });
      throw e;
    }
  }

  report.ok = errors() === 0;
  if (!report.ok || !staging) {
    if (staging) rmSync(staging, { recursive: true, force: true });
    return { report, stagingDir: null, cleanup: () => {} };
  }
  const top = join(staging, TOP_DIR);
  if (target) {
    // Checked again here: the target may have appeared while we verified. rename() would replace an
    // empty directory, so this check is what keeps "only if DIR does not exist".
    if (existsSync(target)) {
      rmSync(staging, { recursive: true, force: true });
      throw usageError('EEXISTS', `--extract target ${opts.extract} appeared during verification; nothing was moved`, { path: opts.extract });
    }
    renameSync(top, target);
    rmdirSync(staging);
    return { report, stagingDir: target, cleanup: () => {} };
  }
  if (opts.keep) {
    const dir = staging;
    return { report, stagingDir: top, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  }
  rmSync(staging, { recursive: true, force: true });
  return { report, stagingDir: null, cleanup: () => {} };
}

type Add = (code: string, path: string | null, message: string, severity?: Severity) => void;

/** The list-only pass: every header against the manifest; nothing is written. */
function listAgainstManifest(tar: Uint8Array, limits: Limits, add: Add): { entries: ReadEntry[]; manifest: Manifest } {
  const parsed = parseTar(tar, limits);
  for (const i of parsed.issues) add(i.code, i.path, i.message);
  const first = parsed.entries[0];
  const manifestPath = `${TOP_DIR}/${MANIFEST_NAME}`;
  let manifest: Manifest | null = null;
  if (!first || first.path !== manifestPath || first.type !== 'file' || parsed.issues.some((i) => i.path === manifestPath)) {
    add('EMANIFEST', manifestPath, `the first tar entry must be ${manifestPath}`);
  } else if (first.size > limits.manifestBytes) {
    add('EMANIFEST', manifestPath, `${first.size} bytes, over the ${limits.manifestBytes}-byte manifest cap`);
  } else {
    const r = parseManifest(tar.subarray(first.offset, first.offset + first.size));
    for (const e of r.errors) add('EMANIFEST', MANIFEST_NAME, e);
    manifest = r.manifest;
  }
  if (parsed.fatal || !manifest) return { entries: parsed.entries, manifest: manifest as Manifest };

  const files = new Map(manifest.entries.map((e) => [e.path, e]));
  const dirs = new Set<string>(['']);
  for (const e of manifest.entries) {
    const why = unsafePath(`${TOP_DIR}/${e.path}`, limits);
    if (why) add(why.code, e.path, `manifest entry: ${why.reason}`);
    if (e.path === MANIFEST_NAME || e.path === SIG_NAME) add('EMANIFEST', e.path, 'the manifest must not list itself or its signature');
    const parts = e.path.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  const seen = new Map<string, ReadEntry>();
  const keys = new Map<string, string>();
  let total = 0;
  parsed.entries.forEach((e, i) => {
    if (e.path !== TOP_DIR && !e.path.startsWith(`${TOP_DIR}/`)) return add('EPATH', e.path, `outside the top directory ${TOP_DIR}/`);
    const rel = e.path === TOP_DIR ? '' : e.path.slice(TOP_DIR.length + 1);
    if (seen.has(e.path)) return add('EDUPLICATE', e.path, 'the path occurs twice in the tar (a later entry would overwrite the verified one)');
    seen.set(e.path, e);
    const key = collisionKey(e.path);
    const other = keys.get(key);
    if (other !== undefined) add('ECOLLISION', e.path, `collides with ${other} on a case-insensitive or Unicode-normalizing file system`);
    else keys.set(key, e.path);
    total += e.size;
    if (rel === MANIFEST_NAME) return i === 0 || add('EMANIFEST', e.path, 'must be the first entry');
    if (rel === SIG_NAME) return (i === 1 && e.type === 'file') || add('EEXTRA', e.path, 'a signature is allowed only as the second entry');
    if (e.type === 'dir') return dirs.has(rel) || add('EEXTRA', e.path, files.has(rel) ? 'a directory where the manifest lists a file' : 'a directory the manifest does not imply');
    const m = files.get(rel);
    if (!m) return add('EEXTRA', e.path, dirs.has(rel) ? 'a file where the manifest implies a directory' : 'not listed in the manifest');
    if (m.size !== e.size) add('ESIZEMISMATCH', e.path, `${e.size} bytes in the tar; the manifest says ${m.size}`);
  });
  for (const [rel, m] of files) {
    const s = seen.get(`${TOP_DIR}/${rel}`);
    if (!s || s.type !== 'file') add('EMISSINGENTRY', rel, `listed in the manifest (${m.size} bytes) but not in the tar`);
  }
  for (const d of dirs) if (!seen.has(d ? `${TOP_DIR}/${d}` : TOP_DIR)) add('EMISSINGENTRY', d || TOP_DIR, 'a directory entry the manifest implies is missing');
  if (total > limits.totalBytes) add('ETOTAL', null, `${total} bytes of entries, over the ${limits.totalBytes}-byte cap`);
  return { entries: parsed.entries, manifest };
}

/** Write the listed entries under `staging` only: exclusive creates, no links exist to follow. */
function extract(tar: Uint8Array, entries: ReadEntry[], staging: string) {
  const base = resolve(staging) + sep;
  const made = new Set<string>();
  const mkdir = (dir: string) => {
    if (made.has(dir)) return;
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    made.add(dir);
  };
  for (const e of entries) {
    const path = resolve(staging, e.path);
    if (!path.startsWith(base)) throw new Error(`internal: ${e.path} resolves outside staging`); // unreachable after unsafePath
    if (e.type === 'dir') {
      mkdir(path);
      continue;
    }
    mkdir(dirname(path));
    const fd = openSync(path, 'wx', e.mode);
    try {
      let off = 0;
      while (off < e.size) off += writeSync(fd, tar, e.offset + off, e.size - off);
    } finally {
      closeSync(fd);
    }
  }
}

type Head = { manifest: Uint8Array; sig: Uint8Array | null } | { code: string; message: string };

/**
 * The signature step reads only the first two entries (MANIFEST.json, MANIFEST.sig.json) by
 * inflating a prefix of the stream, so an unsigned or forged release is refused before the rest
 * of it is decompressed.
 */
function readHead(gz: Uint8Array, limits: Limits): Promise<Head> {
  for (let i = 0; i < GZIP_HEADER.length; i++) if (gz[i] !== GZIP_HEADER[i]) return Promise.resolve({ code: 'EGZIP', message: 'non-canonical gzip header' });
  const body = gz.subarray(GZIP_HEADER.length);
  const cap = limits.manifestBytes + limits.sigBytes + 4 * BLOCK;
  const manifestPath = `${TOP_DIR}/${MANIFEST_NAME}`;
  const sigPath = `${TOP_DIR}/${SIG_NAME}`;
  // How many bytes the first two entries need, or the result once they are in `buf`.
  const need = (buf: Buffer): number | Head => {
    if (buf.length < BLOCK) return BLOCK;
    const h1 = peekHeader(buf.subarray(0, BLOCK));
    if (!h1 || h1.path !== manifestPath || h1.type !== '0') return { code: 'EMANIFEST', message: `the first tar entry is not ${manifestPath}` };
    if (h1.size > limits.manifestBytes) return { code: 'EMANIFEST', message: `${h1.size} bytes, over the ${limits.manifestBytes}-byte manifest cap` };
    const end1 = BLOCK + h1.size + padding(h1.size);
    if (buf.length < end1 + BLOCK) return end1 + BLOCK;
    const manifest = Uint8Array.from(buf.subarray(BLOCK, BLOCK + h1.size));
    const h2 = peekHeader(buf.subarray(end1, end1 + BLOCK));
    if (!h2 || h2.path !== sigPath || h2.type !== '0') return { manifest, sig: null };
    if (h2.size > limits.sigBytes) return { code: 'ESIGFORMAT', message: `${SIG_NAME} is ${h2.size} bytes, over the ${limits.sigBytes}-byte cap` };
    const end2 = end1 + BLOCK + h2.size;
    if (buf.length < end2) return end2;
    return { manifest, sig: Uint8Array.from(buf.subarray(end1 + BLOCK, end2)) };
  };
  return new Promise((resolvePromise) => {
    const inflater = createInflateRaw();
    let chunks: Buffer[] = [];
    let len = 0;
    let want = BLOCK;
    let settled = false;
    const settle = (h: Head) => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      resolvePromise(h);
    };
    const check = () => {
      while (!settled && len >= want) {
        const buf = Buffer.concat(chunks);
        chunks = [buf];
        const r = need(buf);
        if (typeof r === 'number') want = r;
        else settle(r);
      }
    };
    inflater.on('data', (c: Buffer) => {
      chunks.push(c);
      len += c.length;
      check();
      if (!settled && len > cap) settle({ code: 'EMANIFEST', message: 'the first entries exceed the manifest and signature caps' });
    });
    inflater.on('error', (e) => settle({ code: 'EGZIP', message: `bad deflate stream: ${e.message}` }));
    inflater.on('end', () => {
      check();
      settle({ code: 'ETRUNCATED', message: 'the stream ends inside the first entries' });
    });
    let off = 0;
    const pump = () => {
      while (!settled && off < body.length) {
        const slice = body.subarray(off, off + 65536);
        off += slice.length;
        if (!inflater.write(slice)) return void inflater.once('drain', pump);
      }
      if (!settled) inflater.end();
    };
    pump();
  });
}
