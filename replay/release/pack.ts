import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import type { KeyObject } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { byUtf8 } from '../format/utf8.ts';
import { BANK_FILE, loadBankFile, suiteLockfile } from '../bank/bank.ts';
import { graderFiles } from '../grading/suite-graders.ts';
import type { BankFile } from '../bank/types.ts';
import { layoutOf, type Layout } from '../bank/layout.ts';
import { contentConfig, refuseTooBig, selectContent, type Lister, type Selection } from '../content/policy.ts';
import { DIGEST_FILE, releaseRule, VENDOR_PATH } from '../content/release-rules.ts';
import { scanShipped } from '../content/scan-bundle.ts';
import { applyAllowances, secretError, type SecretHit } from '../content/secrets.ts';
import { sha256, type Digest } from '../format/digest.ts';
import { findingError, usageError } from '../errors.ts';
import { DEFLATE_OPTIONS, GZIP_HEADER, gzipCanonical } from '../format/gzip.ts';
import { canonicalBytes, parseStrict } from '../format/json.ts';
import { compiledModule, packageFile } from '../package-files.ts';
import { fsyncDir, Store, TEMP_PREFIX } from '../store/store.ts';
import { writeFileAtomic } from '../store/write-atomic.ts';
import { signEnvelope } from './dsse.ts';
import { VENDOR_INDEX } from './vendor.ts';
import { SUMS_NAME, sumsText, VERIFY_NAME, verifyDoc } from './explain.ts';
import { collisionKey, DEFAULT_OUT, LIMITS, MANIFEST_NAME, SIG_NAME, TOP_DIR, unsafePath, type Limits } from './limits.ts';
import { buildManifest, DOCKET_VERSION, type Manifest, type ManifestEntry } from './manifest.ts';
import { merkleRoot } from './merkle.ts';
import { BLOCK, END_BLOCKS, entryHeaders, padding, type TarEntry } from './tar.ts';

/**
 * `docket release pack`: the deterministic decision-verification.tgz (docs/design.md "Releases").
 * Phase 1 lists, hashes and scans every file (planRelease; the manifest, which goes first, needs every digest).
 * Phase 2 lays out the tar in a fixed order and deflates it with the pinned encoder; for big trees
 * the deflate runs in a worker thread while this thread reads and re-hashes files, so both cores
 * work and the output bytes do not depend on it (the worker streams the same pako deflate).
 */
export const SCRIPTS_DIR = fileURLToPath(packageFile('cli/release-scripts/'));
const WORKER_THRESHOLD = 8 * 1024 * 1024;
const CHUNK = 4 * 1024 * 1024;

export interface PackOptions {
  root: string; // the tree to pack: the repository root
  archive?: string; // the evidence archive (default <root>/evidence); shipped as evidence/
  scriptsDir?: string; // the scripts shipped as scripts/ (plain Node: they load no package) (default: docket's cli/release-scripts)
  signKey?: KeyObject;
  workers?: 0 | 1; // force the inline (0) or worker (1) deflate; default by size
  docketVersion?: string;
  limits?: Limits;
  /** how the content policy lists candidates (the CLI passes git's lister in a work tree) */
  lister?: Lister;
  /** files beyond the tree's (release pack --vendor: vendor/npm/, cli/offline/vendor.ts) */
  extra?: Source[];
}

export interface PackResult {
  bytes: Uint8Array;
  digest: Digest;
  manifest: Manifest;
  manifestDigest: Digest;
  files: number;
  tarBytes: number;
  signed: boolean;
}

export interface Source {
  path: string; // relative to decision-verification/
  src: string; // absolute or root-relative file to read
  mode: 0o644 | 0o755;
  size: number;
  digest?: Digest;
  /** the bytes, for a file made by the pack itself (vendor/npm/vendor.json) or read once already */
  data?: Uint8Array;
}

export async function packRelease(opts: PackOptions): Promise<PackResult> {
  const limits = opts.limits ?? LIMITS;
  const archive = opts.archive ?? join(opts.root, 'evidence');
  const { sources } = planRelease(opts.root, archive, opts.scriptsDir ?? SCRIPTS_DIR, limits, opts.lister, opts.extra, opts.docketVersion);
  const entries: ManifestEntry[] = sources.map((s) => ({ path: s.path, size: s.size, digest: s.digest! }));
  const root = merkleRoot(new Store(archive).leaves());
  const { manifest, bytes: manifestBytes } = buildManifest(entries, root, opts.docketVersion);
  const sigBytes = opts.signKey ? canonicalBytes(signEnvelope(manifestBytes, opts.signKey)) : null;

  const layout = tarLayout(sources);
  const totalSize = sources.reduce((n, s) => n + s.size, 0);
  const useWorker = opts.workers ?? (totalSize >= WORKER_THRESHOLD ? 1 : 0);
  const sink = useWorker ? workerSink() : inlineSink();
  let tarBytes = 0;
  const emit = (b: Uint8Array) => {
    tarBytes += b.length;
    sink.push(b);
  };
  const emitFile = (path: string, mode: 0o644 | 0o755, data: Uint8Array) => {
    for (const h of entryHeaders({ path: `${TOP_DIR}/${path}`, type: 'file', mode, size: data.length })) emit(h);
    emit(data);
    emit(new Uint8Array(padding(data.length)));
  };
  emitFile(MANIFEST_NAME, 0o644, manifestBytes);
  if (sigBytes) emitFile(SIG_NAME, 0o644, sigBytes);
  for (const item of layout) {
    if (item.type === 'dir') {
      for (const h of entryHeaders(item)) emit(h);
      continue;
    }
    const s = item.source!;
    const data = readSource(s);
    // A file that changed since phase 1 would make the manifest lie: stop rather than ship it.
    if (data.length !== s.size || sha256(data) !== s.digest) throw findingError('ECHANGED', `${s.src} changed while packing; pack again`, { path: s.src });
    emitFile(s.path, s.mode, data);
  }
  emit(END_BLOCKS());
  const bytes = await sink.end();
  return { bytes, digest: sha256(bytes), manifest, manifestDigest: sha256(manifestBytes), files: sources.length, tarBytes, signed: !!sigBytes };
}

function readSource(s: Source): Buffer {
  const b = s.data ? Buffer.from(s.data) : readFileSync(s.src);
  if (b.length !== s.size) throw findingError('ECHANGED', `${s.src} changed while packing; pack again`, { path: s.src });
  return b;
}

/** Directories first (a directory's "name/" sorts before its contents), then everything by UTF-8 bytes. */
function tarLayout(sources: Source[]): (TarEntry & { source?: Source })[] {
  const dirs = new Set<string>(['']);
  for (const s of sources) {
    const parts = s.path.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  const items: (TarEntry & { source?: Source; key: string })[] = [];
  for (const d of dirs) {
    const path = d ? `${TOP_DIR}/${d}` : TOP_DIR;
    items.push({ path, type: 'dir', mode: 0o755, size: 0, key: `${path}/` });
  }
  for (const s of sources) items.push({ path: `${TOP_DIR}/${s.path}`, type: 'file', mode: s.mode, size: s.size, source: s, key: `${TOP_DIR}/${s.path}` });
  return items.sort((a, b) => byUtf8(a.key, b.key));
}

// ---------------------------------------------------------------- what goes in

/** Files at the top of the tree a release ships, each required: the bank, package.json and the suite's lockfile. */
const topFiles = (root: string, bank: BankFile) => ['decision-bank.json', 'package.json', suiteLockfile(root, bank)];
const CODE_FILES = ['tsconfig.json', 'tsconfig.build.json', 'README.md'];
/** What a bank ships besides its top files: its eval roots, its probe root (when probes live apart) and lockfiles/. */
const policyScopes = (layout: Layout) => [...layout.evalRoots.map((r) => r.replace(/\/$/, '')), ...(layout.probeRoot === null ? [] : [layout.probeRoot.replace(/\/$/, '')]), 'lockfiles'];
const CODE_SCOPES = ['cli', 'replay', 'docs'];

export interface ReleasePlan {
  sources: Source[];
  /** the policy's view of everything under the policy's scopes (what `release pack --list` shows) */
  selection: Selection;
  /** scanner hits the bank config allows (content.allowSecrets) */
  allowedSecrets: SecretHit[];
}

/**
 * The explicit list a release ships: the evidence objects, refs and redaction records (all of the
 * archive's objects: the Merkle root is over every one, and over every redacted digest), the bank file, its eval roots (evals/), probe root and lockfiles/ as the content policy
 * selects them, the package files, the release scripts, and docket's own code and docs (policy
 * selected, minus NOT_SHIPPED). Every byte of it is scanned for secrets: a hit refuses (ESECRET)
 * before anything is written.
 */
export function planRelease(root: string, archive: string, scriptsDir: string, limits: Limits, lister?: Lister, extra: Source[] = [], docketVersion = DOCKET_VERSION): ReleasePlan {
  const out: Source[] = [];
  const need = (rel: string) => {
    const p = join(root, rel);
    if (!existsSync(p)) throw usageError('EPACKMISSING', `${p} is missing: run docket release pack from the repository root`, { path: p });
    return p;
  };
  need(BANK_FILE);
  const bank = loadBankFile(root);
  const layout = layoutOf(bank);
  const TOP_FILES = topFiles(root, bank);
  for (const f of TOP_FILES) need(f);
  const config = contentConfig(bank, BANK_FILE);
  walk(join(archive, 'objects'), 'evidence/objects', out, (name) => !name.startsWith(TEMP_PREFIX));
  walk(join(archive, 'refs'), 'evidence/refs', out, (name) => !name.includes(TEMP_PREFIX));
  // Redaction records stand in for redacted objects (design.md §23): they ship, the content is gone.
  walk(join(archive, 'redacted'), 'evidence/redacted', out, (name) => !name.startsWith(TEMP_PREFIX));
  walk(scriptsDir, 'scripts', out, (name) => name.endsWith('.mjs'), false);
  // docket itself, so `npm ci && npm start` (`docket check`) works in the extracted tree with no
  // other checkout: the code that checks the evidence ships beside it (its tests do not), and
  // npm ci compiles it (package.json prepare, with tsconfig.build.json).
  const withCode = existsSync(join(root, 'cli', 'docket.ts'));
  if (withCode) for (const f of CODE_FILES) need(f);
  const scopes = [...TOP_FILES, ...policyScopes(layout), ...graderFiles(root, bank), ...(withCode ? [...CODE_FILES, ...CODE_SCOPES] : [])];
  const selection = selectContent(root, scopes, { config, lister, extra: releaseRule });
  refuseTooBig(selection);
  for (const f of [...TOP_FILES, ...(withCode ? CODE_FILES : [])]) {
    if (!selection.included.some((s) => s.path === f)) {
      const why = selection.excluded.find((e) => e.path === f || f.startsWith(e.path))?.rule ?? 'not found';
      throw usageError('EPACKMISSING', `${f} is required in a release, but the content policy leaves it out (${why})`, { path: f });
    }
  }
  for (const f of selection.included) {
    if (f.type !== 'file') throw usageError('EPACKTYPE', `${f.abs} is not a regular file or directory (a release holds only those)`, { path: f.abs });
    out.push({ path: f.path, src: f.abs, mode: f.executable ? 0o755 : 0o644, size: f.size });
  }
  out.push(...extra);
  // VERIFY.md is scanned with the rest; SHA256SUMS, made from every digest, is only hex and paths.
  const vendorIndex = extra.find((s) => s.path === VENDOR_INDEX)?.data;
  const vendored = vendorIndex ? ((parseStrict(vendorIndex) as { lockfile?: string }).lockfile ?? null) : null;
  out.push(generated(VERIFY_NAME, verifyDoc({ bank: bank.name, docketVersion, vendored })));
  out.sort((a, b) => byUtf8(a.path, b.path));
  check(out, limits);
  const { refused, allowed } = applyAllowances(scanSources(out), config.allowSecrets);
  if (refused.length) throw secretError(refused, 'docket release pack');
  const sums = generated(SUMS_NAME, sumsText(out.map((s) => ({ path: s.path, digest: s.digest! }))));
  sums.digest = sha256(sums.data!);
  out.push(sums);
  out.sort((a, b) => byUtf8(a.path, b.path));
  check(out, limits);
  return { sources: out, selection, allowedSecrets: allowed };
}

/** A file the pack writes itself (VERIFY.md, SHA256SUMS) at the top of the release. */
function generated(path: string, text: string): Source {
  const data = Buffer.from(text, 'utf8');
  return { path, src: path, mode: 0o644, size: data.length, data };
}

/**
 * Every shipped byte through the scanner; evidence objects inflated (their JSON is what leaks).
 * Each file is hashed from the same read (the manifest needs every digest), so phase 1 of the pack
 * does not read the tree again.
 */
function scanSources(sources: Source[]): SecretHit[] {
  const hits: SecretHit[] = [];
  for (const s of sources) {
    const bytes = readSource(s);
    s.digest = sha256(bytes);
    // A vendored tarball is the registry's own bytes (its sha512 is the one the lock pins): public, and compressed, so scanning it finds nothing real.
    if (VENDOR_PATH.test(s.path) && s.path.endsWith('.tgz')) continue;
    hits.push(...scanShipped(s.path, bytes));
  }
  return hits;
}

function walk(dir: string, rel: string, out: Source[], keep: (name: string, rel: string) => boolean = () => true, recurse = true) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort(byUtf8)) {
    const abs = join(dir, name);
    const r = `${rel}/${name}`;
    if (!keep(name, r)) continue;
    const st = lstatSync(abs);
    if (st.isDirectory()) {
      if (recurse) walk(abs, r, out, keep, recurse);
    } else addFile(abs, r, out);
  }
}

function addFile(abs: string, rel: string, out: Source[]) {
  const st = lstatSync(abs);
  if (!st.isFile()) throw usageError('EPACKTYPE', `${abs} is not a regular file or directory (a release holds only those)`, { path: abs });
  // 0755 only for files executable in git: git records exactly the owner-execute bit.
  out.push({ path: rel, src: abs, mode: st.mode & 0o100 ? 0o755 : 0o644, size: st.size });
}

/** Refuse at pack time what verify would refuse: unsafe names, collisions, caps. */
function check(sources: Source[], limits: Limits) {
  const seen = new Map<string, string>();
  let total = 0;
  for (const s of sources) {
    const why = unsafePath(`${TOP_DIR}/${s.path}`, limits);
    if (why) throw usageError('EPACKPATH', `${s.src}: ${why.reason}`, { path: s.src });
    const key = collisionKey(s.path);
    const other = seen.get(key);
    if (other) throw usageError('EPACKPATH', `${s.path} and ${other} collide on case-insensitive or normalizing file systems`, { path: s.src });
    seen.set(key, s.path);
    if (s.size > limits.entryBytes) throw usageError('EPACKSIZE', `${s.src}: ${s.size} bytes, over the ${limits.entryBytes}-byte entry cap`, { path: s.src });
    total += s.size;
  }
  if (sources.length > limits.entries) throw usageError('EPACKSIZE', `${sources.length} files: a release holds at most ${limits.entries} entries`);
  if (total > limits.totalBytes) throw usageError('EPACKSIZE', `${total} bytes of files: over the ${limits.totalBytes}-byte cap`);
}

// ---------------------------------------------------------------- deflate sinks

interface Sink {
  push(b: Uint8Array): void;
  end(): Promise<Uint8Array>;
}

function inlineSink(): Sink {
  const parts: Uint8Array[] = [];
  return {
    push: (b) => parts.push(b),
    end: async () => gzipCanonical(Buffer.concat(parts)),
  };
}

function workerSink(): Sink {
  const worker = new Worker(compiledModule('replay/accel/deflate-worker'), { workerData: { options: DEFLATE_OPTIONS } });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  failed.catch(() => {}); // observed through the race in end()
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (!pendingBytes) return;
    worker.postMessage(Buffer.concat(pending));
    pending = [];
    pendingBytes = 0;
  };
  return {
    push(b) {
      pending.push(b);
      pendingBytes += b.length;
      if (pendingBytes >= CHUNK) flush();
    },
    async end() {
      flush();
      const done = new Promise<{ chunks: Uint8Array[]; crc: number; length: number }>((resolve) => worker.once('message', resolve));
      worker.postMessage(null);
      try {
        const r = await Promise.race([done, failed]);
        const trailer = new Uint8Array(8);
        const view = new DataView(trailer.buffer);
        view.setUint32(0, r.crc, true);
        view.setUint32(4, r.length % 2 ** 32, true);
        return Buffer.concat([GZIP_HEADER, ...r.chunks, trailer]);
      } finally {
        await worker.terminate();
      }
    },
  };
}

// ---------------------------------------------------------------- writing

/** The published digest file's one line, as `sha256sum` writes it (so `sha256sum -c` accepts it). */
export const digestLine = (digest: Digest) => `${digest.slice('sha256:'.length)}  ${DEFAULT_OUT}\n`;

/**
 * Record the release digest in lockfiles/. Its temp file is made in the repository root, never in
 * lockfiles/: pack ships lockfiles/ and only named files from the root, so a write killed before
 * its rename leaves nothing the next pack would ship (it did: the digest changed).
 */
export function writeDigestFile(root: string, digest: Digest) {
  writeFileAtomic(join(root, DIGEST_FILE), digestLine(digest), 0o644, root);
  fsyncDir(dirname(join(root, DIGEST_FILE)));
}

/** The recorded digest (lockfiles/decision-verification.tgz.sha256), or null when absent. */
export function readDigestFile(root: string): Digest | null {
  const p = join(root, DIGEST_FILE);
  if (!existsSync(p)) return null;
  // sha256sum's line; older files carried a sha256: prefix, still read.
  const m = /^(?:sha256:)?([0-9a-f]{64}) {2}decision-verification\.tgz\n?$/.exec(readFileSync(p, 'utf8'));
  if (!m) throw usageError('EDIGESTFILE', `${p}: expected one line "<64 hex>  ${DEFAULT_OUT}" (what sha256sum prints)`, { path: p });
  return `sha256:${m[1]}` as Digest;
}

export { BLOCK, writeFileAtomic };
