import { closeSync, existsSync, fstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, rmdirSync, writeSync } from 'node:fs';
import { createHash, type KeyObject } from 'node:crypto';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { MAX_OBJECT_BYTES } from '../format/bundle.ts';
import { bankViolations, BANK_FILE, loadBankFile, PROBE_LOCKFILE, type Violation } from '../bank/bank.ts';
import { graderViolations } from '../grading/suite-graders.ts';
import { LOCK_KINDS } from '../bank/lockfiles.ts';
import { checkVendored } from './vendor.ts';
import { explainedOf, SUMS_NAME, sumsText, VERIFY_NAME, verifyDoc } from './explain.ts';
import { releaseDrift } from '../bank/drift.ts';
import { Archive } from '../index/archive.ts';
import type { Digest } from '../format/digest.ts';
import { usageError, type Code } from '../errors.ts';
import { ENCODER_ID } from '../format/gzip.ts';
import { Store } from '../store/store.ts';
import { verifyArchive, type Step } from '../check/verify.ts';
import { finding, type Finding, type Severity } from '../findings.ts';
import { checkReleaseContent, scanRule } from '../content/release-check.ts';
import { BundleChecks, type WriteTo } from './bundle-checks.ts';
import { checkEnvelope, type EnvelopeCheck } from './dsse.ts';
import { collisionKey, LIMITS, MANIFEST_NAME, SIG_NAME, TOP_DIR, unsafePath, type Limits } from './limits.ts';
import { parseManifest, type Manifest } from './manifest.ts';
import { merkleRoot } from './merkle.ts';
import { tgzPass, type PassResult } from './stream.ts';
import { TarWalker, type ParseResult, type ReadEntry } from './tar.ts';
import { CONFLICTS, writeNew } from '../accel/write-new.ts';

/**
 * `docket verify FILE.tgz`: a release is checked in a fixed order, each step a gate for the next
 * (docs/design.md "Releases"): size caps → whole-file digest → signature → strict gzip → list-only
 * pass over every tar header against the manifest → extraction into a fresh private staging
 * directory → re-hash every file → verify the evidence archive and its Merkle root. Extraction runs
 * in the read pass behind a gate that asks of each entry what the listing asks (class Gate): nothing
 * unlisted is ever written, nothing outside staging ever, and staging is removed on failure.
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
  const add = (code: Code, path: string | null, message: string, severity: Severity = 'error') => report.findings.push(finding(code, message, { path, digest: null }, severity));
  const errors = () => report.findings.filter((f) => f.severity === 'error').length;
  const target = opts.extract ? resolve(opts.extract) : null;
  if (target && existsSync(target)) throw usageError('EEXISTS', `--extract target ${opts.extract} exists; name a directory that does not exist`, { path: opts.extract });
  if (target && !existsSync(dirname(target))) throw usageError('ENOTDIR', `the parent of --extract target ${opts.extract} does not exist`, { path: opts.extract });

  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw usageError('EREAD', `cannot read ${file}: ${(e as Error).message}`, { path: file });
  }
  // One descriptor for every pass: renaming another file into place cannot change what we read.
  const st = fstatSync(fd);
  if (!st.isFile()) {
    closeSync(fd);
    throw usageError('EREAD', `${file} is not a regular file`, { path: file });
  }

  let staging: string | null = null;
  const step = async <T>(name: string, run: () => T | Promise<T>, checked = 1, ms?: number): Promise<T> => {
    const t = performance.now();
    const before = errors();
    const out = await run();
    const failed = errors() - before;
    report.steps.push({ name, checked, failed, ms: ms ?? performance.now() - t });
    if (failed) throw new Stop();
    return out;
  };
  const skip = (name: string, why: string) => report.steps.push({ name, checked: 0, failed: 0, ms: 0, skipped: why });
  const checks = new BundleChecks(opts.workers ?? Math.max(0, availableParallelism() - 1));

  try {
    await step('size caps', () => {
      if (st.size > limits.fileBytes) add('EFILESIZE', file, `${st.size} bytes, over the ${limits.fileBytes}-byte release cap`);
    });
    // Steps 2-5 are gates checked in order, but read in one streaming pass (digest, inflate, walk,
    // and the bundle checks started early on the other core); the pass's time is reported under
    // "file digest". Extraction happens in the same pass, into staging (private, 0700) only, and
    // behind a gate: an entry is written only once the manifest has parsed (and, with --key, its
    // signature has checked) and the entry's own header agrees with it (listed, same size, first of
    // its path and of its case-folded name). The listing step below still judges the whole tar;
    // any finding anywhere removes staging with everything in it.
    const parent = target ? dirname(target) : tmpdir();
    staging = mkdtempSync(join(parent, '.docket-release-')); // mode 0700
    const t0 = performance.now();
    const pass = await readPass(fd, st.size, limits, opts.key ?? null, checks, staging);
    const passMs = performance.now() - t0;
    await step(
      'file digest',
      () => {
        report.digest = pass.digest;
        if (pass.error?.code === 'ECHANGED') add('ECHANGED', file, pass.error.message);
        else if (opts.expect && report.digest !== opts.expect) add('EEXPECT', file, `the file hashes to ${report.digest}, not the expected ${opts.expect}: not the published file`);
      },
      1,
      passMs - pass.extractMs,
    );
    if (!opts.expect && !opts.key) add('HUNANCHORED', file, 'neither --expect nor --key given: this proves the file is self-consistent, not that it is the one published', 'hint');

    if (opts.key) {
      await step(
        'signature',
        () => {
          const head = pass.head;
          if ('code' in head) return add(head.code, file, `cannot reach the signed manifest: ${head.message}`);
          if (!head.sig) return add('ESIGMISSING', file, `no ${SIG_NAME} after ${MANIFEST_NAME}: the release is unsigned, and --key demands a signature`);
          if (pass.signature && !pass.signature.ok) add(pass.signature.code, SIG_NAME, pass.signature.message);
        },
        1,
        0,
      );
    } else skip('signature', 'no --key given');

    await step(
      'strict gzip',
      () => {
        const e = pass.error;
        if (e) add(e.code, file, e.code === 'ETOTAL' ? `the tar stream ${e.message}` : e.message); // ECHANGED stopped at the digest step
      },
      1,
      0,
    );

    const { entries, manifest } = await step('tar listing', () => listAgainstManifest(pass.parsed, pass.manifest, limits, add, pass.manifestParse), pass.parsed.entries.length, 0);
    if (manifest.encoder !== ENCODER_ID)
      add('HENCODER', MANIFEST_NAME, `packed with encoder ${JSON.stringify(manifest.encoder)}; this docket pins ${JSON.stringify(ENCODER_ID)}, so a re-pack here will not reproduce the bytes`, 'hint');

    // Everything the listing admits was written during the pass (the gate asks what the listing
    // asks); the bundles' writes finish with their checks.
    const t1 = performance.now();
    const checked = await checks.finish();
    for (const [path, d] of checks.written) pass.written.set(path, d);
    await step('extract (staging)', () => {}, entries.length, pass.extractMs + (performance.now() - t1));
    const t2 = performance.now();
    const x = compareWritten(entries, manifest, pass);
    report.bytes = x.bytes;
    // The exact bytes written were hashed as they were written (staging is private to us).
    await step(
      're-hash files',
      () => {
        for (const f of x.findings) add(f.code, f.path, f.message);
      },
      manifest.entries.length,
      performance.now() - t2,
    );

    // The shipped archive, exactly as `docket verify DIR` checks it; findings continue from here.
    // Bundles checked during the read pass count only where the written file is proven the same.
    const prechecked = new Map([...checked].filter(([rel]) => x.sameObjects.has(rel)));
    const top = join(staging, TOP_DIR);
    const evidence = join(top, 'evidence');
    const vr = await verifyArchive(evidence, { workers: opts.workers, prechecked });
    report.objects = vr.objects;
    for (const s of vr.steps) report.steps.push({ ...s, name: `evidence: ${s.name}` });
    for (const f of vr.findings) report.findings.push({ ...f, data: { ...f.data, path: typeof f.data.path === 'string' ? `evidence/${f.data.path.split(sep).join('/')}` : (f.data.path ?? null) } });
    const t = performance.now();
    const root2 = merkleRoot(new Store(evidence).leaves());
    const merkleBad = root2 !== manifest.merkleRoot;
    if (merkleBad) add('EMERKLE', 'evidence', `the archive's Merkle root is ${root2}; the manifest says ${manifest.merkleRoot}`);
    report.steps.push({ name: 'merkle root', checked: 1, failed: merkleBad ? 1 : 0, ms: performance.now() - t });
    // What release pack would not have shipped (docs/design.md "Content policy"), and any secret.
    const t3 = performance.now();
    const policy = checkReleaseContent(
      top,
      manifest.entries.map((e) => e.path),
      checks.scanned,
    );
    report.findings.push(...policy);
    report.steps.push({ name: 'content policy', checked: manifest.entries.length, failed: policy.length, ms: performance.now() - t3 });
    // What the release says about itself: SHA256SUMS must be the manifest's list; VERIFY.md is compared as a hint.
    for (const f of checkExplained(top, manifest)) add(f.code, f.path, f.message, f.code === 'ESUMS' ? 'error' : 'hint');
    // Vendored packages (release pack --vendor): each tarball is the one the shipped lockfile pins.
    const shipped = new Set(manifest.entries.map((e) => e.path));
    if ([...shipped].some((p) => p.startsWith('vendor/'))) {
      const t4 = performance.now();
      const vendor = checkVendored(top, shipped);
      report.findings.push(...vendor);
      report.steps.push({ name: 'vendored packages', checked: [...shipped].filter((p) => p.startsWith('vendor/')).length, failed: vendor.length, ms: performance.now() - t4 });
    }
    // The shipped bank must pass the full bank validation release pack demands (a tarball made by
    // another tool or an older docket may ship any bank): every violation is a finding.
    const t5 = performance.now();
    const invalid = bankViolations(top);
    if (!invalid.some((v) => v.code === 'EBANK' || v.code === 'EBANKJSON' || v.code === 'EBANKROOT' || v.code === 'ESCHEMA')) invalid.push(...graderViolations(top, loadBankFile(top)));
    for (const v of invalid) add(v.code, violationPath(v), violationMessage(v));
    report.steps.push({ name: 'bank validation', checked: 1, failed: invalid.length, ms: performance.now() - t5 });
    // The shipped bank must be the bank the shipped runs measured (docs/design.md §7 "Bank drift").
    if (errors() === 0) {
      const t3 = performance.now();
      const archive = new Archive(evidence);
      let drift: string[];
      try {
        drift = releaseDrift(top, archive);
      } finally {
        archive.close();
      }
      for (const m of drift) add('EBANKDRIFT', 'decision-bank.json', m);
      report.steps.push({ name: 'bank drift', checked: 1, failed: drift.length ? 1 : 0, ms: performance.now() - t3 });
    }
  } catch (e) {
    if (!(e instanceof Stop)) {
      await checks.close(); // first: the worker may still be writing into staging
      if (staging) rmSync(staging, { recursive: true, force: true });
      throw e;
    }
  } finally {
    closeSync(fd);
    await checks.close();
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

/** SHA256SUMS against the manifest (when shipped), VERIFY.md against the text this docket writes for the release. */
function checkExplained(top: string, manifest: Manifest): { code: Code; path: string; message: string }[] {
  const out: { code: Code; path: string; message: string }[] = [];
  const listed = new Set(manifest.entries.map((e) => e.path));
  if (listed.has(SUMS_NAME) && !readFileSync(join(top, SUMS_NAME)).equals(Buffer.from(sumsText(manifest.entries))))
    out.push({ code: 'ESUMS', path: SUMS_NAME, message: `not the list of every file's sha256 that MANIFEST.json gives: \`sha256sum -c ${SUMS_NAME}\` would check other files or digests` });
  const x = explainedOf(top, manifest);
  const text = listed.has(VERIFY_NAME) ? readFileSync(join(top, VERIFY_NAME), 'utf8') : null;
  if (text === null) out.push({ code: 'HVERIFYDOC', path: VERIFY_NAME, message: 'the release has no VERIFY.md (packed by an older docket or another tool)' });
  else if (!x || text !== verifyDoc(x))
    out.push({ code: 'HVERIFYDOC', path: VERIFY_NAME, message: `not the text docket writes for this release (docket ${manifest.docketVersion}): trust docket's own docs over its commands` });
  return out;
}

/** Where a violation is: the bank for anything about a question, else the file or source eval it names. */
function violationPath(v: Violation): string {
  if (v.question === null && v.field === PROBE_LOCKFILE) return PROBE_LOCKFILE;
  if (v.question === null && v.field !== null && (LOCK_KINDS as readonly string[]).includes(basename(v.field))) return v.field; // the suite's lockfile
  if (v.path !== undefined) return v.path;
  return BANK_FILE;
}

const violationMessage = (v: Violation) =>
  `${v.question !== null ? `question ${v.question}` : v.sourceEval !== null ? `source eval ${v.sourceEval}` : 'the bank'}${v.field ? ` [${v.field}]` : ''}: ${v.message} (bank validation rule ${v.code}; release pack refuses such a bank: \`docket validate\` lists every violation)`;

type Add = (code: Code, path: string | null, message: string, severity?: Severity) => void;

/** The list-only checks: every header of the read pass against the manifest; nothing is written. */
function listAgainstManifest(parsed: ParseResult, manifestBytes: Uint8Array | null, limits: Limits, add: Add, known: ManifestParse | null): { entries: ReadEntry[]; manifest: Manifest } {
  for (const i of parsed.issues) add(i.code, i.path, i.message);
  const first = parsed.entries[0];
  let manifest: Manifest | null = null;
  if (!first || first.path !== MANIFEST_PATH || first.type !== 'file' || parsed.issues.some((i) => i.path === MANIFEST_PATH)) {
    add('EMANIFEST', MANIFEST_PATH, `the first tar entry must be ${MANIFEST_PATH}`);
  } else if (first.size > limits.manifestBytes || !manifestBytes) {
    add('EMANIFEST', MANIFEST_PATH, `${first.size} bytes, over the ${limits.manifestBytes}-byte manifest cap`);
  } else {
    const r = known ?? parseManifest(manifestBytes);
    for (const e of r.errors) add('EMANIFEST', MANIFEST_NAME, e);
    manifest = r.manifest;
  }
  if (parsed.fatal || !manifest) return { entries: parsed.entries, manifest: manifest as Manifest };

  const { files, dirs } = layoutOf(manifest);
  for (const e of manifest.entries) {
    const why = unsafePath(`${TOP_DIR}/${e.path}`, limits);
    if (why) add(why.code, e.path, `manifest entry: ${why.reason}`);
    if (e.path === MANIFEST_NAME || e.path === SIG_NAME) add('EMANIFEST', e.path, 'the manifest must not list itself or its signature');
  }
  for (const e of manifest.entries) if (dirs.has(e.path)) add('EMANIFEST', e.path, 'listed as a file, and implied as a directory by another entry');
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

type ManifestParse = ReturnType<typeof parseManifest>;

/** The manifest's files by path, and every directory its paths imply ('' is the top directory). */
function layoutOf(manifest: Manifest): { files: Map<string, Manifest['entries'][number]>; dirs: Set<string> } {
  const files = new Map(manifest.entries.map((e) => [e.path, e]));
  const dirs = new Set<string>(['']);
  for (const e of manifest.entries) {
    const parts = e.path.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  return { files, dirs };
}
type Head = { manifest: Uint8Array; sig: Uint8Array | null } | { code: Code; message: string };

interface ReadPass {
  digest: Digest | null;
  error: PassResult['error'];
  parsed: ParseResult;
  manifest: Uint8Array | null; // the first entry's bytes when it is MANIFEST.json within its cap
  sig: Uint8Array | null;
  head: Head; // what the signature step sees
  signature: EnvelopeCheck | null; // checked as soon as the first two entries are in (with --key)
  manifestParse: ManifestParse | null; // parsed once, for the gate and the listing
  written: Map<string, Digest>; // tar path -> SHA-256 of the bytes written under staging
  extractMs: number; // main-thread time spent writing
}

const MANIFEST_PATH = `${TOP_DIR}/${MANIFEST_NAME}`;
/** Files up to this size go to the worker whole (written, hashed, scanned there); larger ones stream to disk here and are scanned after. */
const IN_WORKER = 8 * 1024 * 1024;
const SIG_PATH = `${TOP_DIR}/${SIG_NAME}`;
const OBJECTS_PREFIX = `${TOP_DIR}/evidence/`;
const OBJECT_PATH = /^objects\/v1\/sha256\/([0-9a-f]{2})\/([0-9a-f]{62})\.json\.gz$/;

/** The digest an evidence object's path names, for paths of the store's layout (else null). */
function objectDigest(path: string): { rel: string; digest: Digest } | null {
  if (!path.startsWith(OBJECTS_PREFIX)) return null;
  const rel = path.slice(OBJECTS_PREFIX.length);
  const m = OBJECT_PATH.exec(rel);
  return m ? { rel, digest: `sha256:${m[1]}${m[2]}` as Digest } : null;
}

/**
 * Steps 2-5 in one streaming pass: SHA-256 of the file, strict gunzip, the list-only tar walk, the
 * manifest and signature entries kept, and every bundle handed to `checks` as soon as its bytes are
 * in. With a key, the signature is checked once the first two entries are in and a bad one stops
 * the inflating (the digest still completes, so the findings keep their order). Entries the gate
 * admits are written under `staging` as they stream by (see Gate).
 */
async function readPass(fd: number, size: number, limits: Limits, key: KeyObject | null, checks: BundleChecks, staging: string): Promise<ReadPass> {
  const walker = new TarWalker(limits);
  const out: ReadPass = {
    digest: null,
    error: null,
    parsed: { entries: [], issues: [], fatal: false },
    manifest: null,
    sig: null,
    head: { code: 'ETRUNCATED', message: 'the stream ends inside the first entries' },
    signature: null,
    manifestParse: null,
    written: new Map(),
    extractMs: 0,
  };
  const gate = new Gate(staging);
  let headKnown = false;
  let stop = false;
  const settleHead = (h: Head) => {
    if (headKnown) return;
    headKnown = true;
    out.head = h;
    if (key) {
      if ('code' in h) stop = true;
      else if (h.sig) {
        out.signature = checkEnvelope(h.sig, h.manifest, key);
        if (!out.signature.ok) stop = true;
      } else stop = true; // unsigned: refused before the rest is inflated
    }
    // Without a key, an unreadable signature entry (over its cap) is not read at all, as before:
    // the manifest still opens the gate. With a key, any problem above has stopped the pass.
    const kept = 'code' in h ? out.manifest : h.manifest;
    if (kept) out.manifestParse = parseManifest(kept);
    if (!stop && out.manifestParse) gate.open(out.manifestParse);
  };
  let index = -1;
  let collect: { buf: Buffer<ArrayBufferLike>; filled: number; done: (b: Buffer<ArrayBufferLike>) => void } | null = null;
  let stream: FileSink | null = null;
  const headModes = new Map<string, number>(); // the manifest's and signature's listed modes, for writing them at the end
  walker.onEntry = (e) => {
    index++;
    collect = null;
    stream = null;
    const keep = (done: (b: Buffer<ArrayBufferLike>) => void, buf: Buffer<ArrayBufferLike> = Buffer.allocUnsafeSlow(e.size)) => {
      collect = { buf, filled: 0, done };
      if (e.size === 0) done(collect.buf);
    };
    if (index === 0) {
      if (e.path !== MANIFEST_PATH || e.type !== 'file') settleHead({ code: 'EMANIFEST', message: `the first tar entry is not ${MANIFEST_PATH}` });
      else if (e.size > limits.manifestBytes) settleHead({ code: 'EMANIFEST', message: `${e.size} bytes, over the ${limits.manifestBytes}-byte manifest cap` });
      else {
        gate.saw(e.path);
        headModes.set(e.path, e.mode);
        keep((b) => (out.manifest = b));
      }
      return;
    }
    if (index === 1) {
      if (e.path !== SIG_PATH || e.type !== 'file') settleHead(out.manifest ? { manifest: out.manifest, sig: null } : { code: 'EMANIFEST', message: 'no manifest' });
      else if (e.size > limits.sigBytes) {
        // Not read; without a key nothing needs it, and it is extracted like any file.
        settleHead({ code: 'ESIGFORMAT', message: `${SIG_NAME} is ${e.size} bytes, over the ${limits.sigBytes}-byte cap` });
        gate.saw(e.path);
        const to = gate.admitHead(e.path, e.mode);
        if (to) stream = FileSink.open(to, e.size, out.written);
        return;
      } else {
        gate.saw(e.path);
        headModes.set(e.path, e.mode);
        keep((b) => {
          out.sig = b;
          settleHead(out.manifest ? { manifest: out.manifest, sig: b } : { code: 'EMANIFEST', message: 'no manifest' });
        });
        return;
      }
    }
    const t = performance.now();
    const to = gate.admit(e);
    const obj = e.type === 'file' && e.size > 0 && e.size <= MAX_OBJECT_BYTES ? objectDigest(e.path) : null;
    if (obj) keep((b) => checks.submit(b, { rel: obj.rel, digest: obj.digest, path: `evidence/${obj.rel}`, scan: true }, to ?? undefined), checks.reserve(e.size));
    else if (to && e.type === 'file' && e.size > 0 && e.size <= IN_WORKER) {
      // Written, hashed and secret-scanned by the worker beside the inflate (the content check reads its hits).
      const rel = e.path.slice(TOP_DIR.length + 1);
      keep((b) => checks.submit(b, { rel, digest: null, path: rel, scan: scanRule(rel) === 'whole' }, to), checks.reserve(e.size));
    } else if (to && e.type === 'file') stream = FileSink.open(to, e.size, out.written);
    out.extractMs += performance.now() - t;
  };
  walker.onData = (chunk) => {
    if (stream) {
      const t = performance.now();
      if (stream.push(chunk)) stream = null;
      out.extractMs += performance.now() - t;
      return;
    }
    const c = collect;
    if (!c) return;
    c.buf.set(chunk, c.filled);
    c.filled += chunk.length;
    if (c.filled === c.buf.length) {
      collect = null;
      c.done(c.buf);
    }
  };
  let failure: unknown = null;
  let r: Awaited<ReturnType<typeof tgzPass>>;
  try {
    r = await tgzPass(fd, size, {
      hash: true,
      maxOut: limits.totalBytes,
      onOutput: (chunk) => {
        if (failure) return 'stop';
        try {
          walker.push(chunk);
          checks.flush(); // a partial batch waits for no more than one piece of the stream
        } catch (e) {
          failure = e; // a write failed (a full disk): the pass stops and the error surfaces below
          return 'stop';
        }
        return stop ? 'stop' : undefined;
      },
    });
  } finally {
    (stream as FileSink | null)?.abandon(); // the stream ended inside a file (the findings say so), or the pass failed
  }
  if (failure) throw failure;
  out.digest = r.digest;
  out.error = r.error;
  out.parsed = walker.end();
  if (!headKnown && out.manifest && index >= 0) settleHead({ manifest: out.manifest, sig: null });
  // The two head entries are written last, from the bytes kept for the checks above.
  for (const [path, bytes] of [
    [MANIFEST_PATH, out.manifest],
    [SIG_PATH, out.sig],
  ] as const) {
    const to = bytes && gate.admitHead(path, headModes.get(path) ?? 0o644);
    const d = to && writeNew(to.abs, to.mode, bytes);
    if (d) out.written.set(path, d);
  }
  return out;
}

/**
 * Which entries may be written while the tar streams by, and where. Closed until the manifest has
 * parsed without an error (and, with a key, its signature has checked); then an entry is admitted
 * when its header agrees with the manifest the way the listing step demands: under the top
 * directory, listed as a file of exactly this size (or a directory the manifest implies), and the
 * first entry of its path and of its collision key. Whatever it refuses is never written; the
 * listing step reports it, and any finding removes staging.
 */
export class Gate {
  private files: Map<string, { size: number }> | null = null; // by manifest path
  private dirs = new Set<string>();
  private readonly seen = new Set<string>();
  private readonly keys = new Set<string>();
  private readonly made = new Set<string>();
  private readonly base: string;
  constructor(private readonly staging: string) {
    this.base = resolve(staging) + sep;
    this.made.add(resolve(staging));
  }

  open(r: ManifestParse): void {
    if (r.errors.length || !r.manifest) return;
    ({ files: this.files, dirs: this.dirs } = layoutOf(r.manifest));
  }

  /** Where to write `e`, or null; directories it admits are created here. Every entry counts as seen. */
  admit(e: ReadEntry): WriteTo | null {
    const first = !this.seen.has(e.path);
    this.seen.add(e.path);
    const key = collisionKey(e.path);
    const unique = !this.keys.has(key);
    this.keys.add(key);
    if (!this.files || !first || !unique) return null;
    if (e.path !== TOP_DIR && !e.path.startsWith(`${TOP_DIR}/`)) return null;
    const rel = e.path === TOP_DIR ? '' : e.path.slice(TOP_DIR.length + 1);
    if (rel === MANIFEST_NAME || rel === SIG_NAME) return null;
    if (e.type === 'dir' ? !this.dirs.has(rel) : this.files.get(rel)?.size !== e.size) return null;
    if (e.type === 'file' && this.dirs.has(rel)) return null; // also implied as a directory: the listing says so
    const abs = resolve(this.staging, e.path);
    if (!abs.startsWith(this.base)) throw new Error(`internal: ${e.path} resolves outside staging`); // unreachable: the walker refused unsafe paths
    if (!this.mkdir(e.type === 'dir' ? abs : dirname(abs))) return null;
    return { path: e.path, abs, mode: e.mode };
  }

  /** The manifest and its signature (the first two entries, never listed): written once the gate is open. */
  admitHead(path: string, mode: number): WriteTo | null {
    if (!this.files) return null;
    const abs = resolve(this.staging, path);
    return this.mkdir(dirname(abs)) ? { path, abs, mode } : null;
  }

  /** The manifest and its signature, kept for the end: later entries must not share their path or key. */
  saw(path: string): void {
    this.seen.add(path);
    this.keys.add(collisionKey(path));
  }

  /**
   * Make `dir` and, first, its parents, each exclusively and under exactly its own name; `made`
   * holds every directory made so (and staging). A name that exists without having been made here
   * can only be one this file system folds onto another (case, normalization) or a file in the way:
   * a collision the listing did not foresee. Then false: the entry is refused, and its files are
   * reported as not extracted, instead of two directories silently merging or the check ending.
   */
  private mkdir(dir: string): boolean {
    if (this.made.has(dir)) return true;
    if (!dir.startsWith(this.base) || !this.mkdir(dirname(dir))) return false;
    try {
      mkdirSync(dir, { mode: 0o755 });
    } catch (e) {
      if (CONFLICTS.has((e as NodeJS.ErrnoException).code ?? '')) return false;
      throw e;
    }
    this.made.add(dir);
    return true;
  }
}

/** A file that is not a bundle, written and hashed chunk by chunk as the tar streams by. */
class FileSink {
  private readonly hash = createHash('sha256');
  private left: number;
  /** The sink, or null when the name is taken (CONFLICTS): nothing is written, the file is reported as not extracted. */
  static open(to: WriteTo, size: number, written: Map<string, Digest>): FileSink | null {
    let fd: number;
    try {
      fd = openSync(to.abs, 'wx', to.mode); // exclusive: nothing can be there to follow or overwrite
    } catch (e) {
      if (CONFLICTS.has((e as NodeJS.ErrnoException).code ?? '')) return null;
      throw e;
    }
    return new FileSink(fd, to, size, written);
  }

  private constructor(
    private readonly fd: number,
    private readonly to: WriteTo,
    size: number,
    private readonly written: Map<string, Digest>,
  ) {
    this.left = size;
    if (size === 0) this.close();
  }

  /** Close a file whose data never all came; it gets no digest, and staging goes with the findings. */
  abandon(): void {
    if (this.left > 0) closeSync(this.fd);
  }

  /** Write a chunk of the entry's data; true once the entry is complete. */
  push(chunk: Uint8Array): boolean {
    this.hash.update(chunk);
    for (let off = 0; off < chunk.length; ) off += writeSync(this.fd, chunk, off, chunk.length - off);
    this.left -= chunk.length;
    if (this.left > 0) return false;
    this.close();
    return true;
  }

  private close(): void {
    closeSync(this.fd);
    this.written.set(this.to.path, `sha256:${this.hash.digest('hex')}` as Digest);
  }
}

interface Compared {
  bytes: number; // file bytes re-hashed
  findings: { code: Code; path: string; message: string }[];
  sameObjects: Set<string>; // evidence object paths whose written bytes hash to their name
}

/** Step 7: every listed file's written bytes against the manifest's digest. */
function compareWritten(listed: ReadEntry[], manifest: Manifest, pass: ReadPass): Compared {
  const res: Compared = { bytes: 0, findings: [], sameObjects: new Set() };
  // MANIFEST.json and MANIFEST.sig.json are listed by nothing: they were written from the very bytes
  // the checks read (the manifest's own digest is tied to the file by steps 2 and 3).
  const expected = new Map<string, Digest>(manifest.entries.map((e) => [`${TOP_DIR}/${e.path}`, e.digest]));
  for (const entry of listed) {
    if (entry.type !== 'file') continue;
    const rel = entry.path.slice(TOP_DIR.length + 1);
    const d = pass.written.get(entry.path);
    res.bytes += entry.size;
    if (d === undefined) {
      res.findings.push({
        code: 'EENTRYDIGEST',
        path: rel,
        message:
          'was not extracted: its name, or a directory on its path, is already taken on this file system (a case or Unicode-normalization collision the listing does not model), so it cannot be re-hashed; extract on a case-sensitive file system',
      });
      continue;
    }
    const want = expected.get(entry.path);
    if (want !== undefined && d !== want) res.findings.push({ code: 'EENTRYDIGEST', path: rel, message: `hashes to ${d} (${entry.size} bytes); the manifest says ${want} (${entry.size} bytes)` });
    const obj = objectDigest(entry.path);
    if (obj && obj.digest === d) res.sameObjects.add(obj.rel);
  }
  return res;
}
