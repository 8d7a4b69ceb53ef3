import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { sha256, type Digest } from '../../../replay/format/digest.ts';
import { parseCanonical, type Json } from '../../../replay/format/json.ts';
import type { DocketError } from '../../../replay/errors.ts';

/** Shared test helpers (not shipped behaviour). */
export const REPO = fileURLToPath(new URL('../../..', import.meta.url));
/** The compiled CLI (what the package's bin runs); vitest builds dist/ before any test (vitest.config.ts). */
export const DOCKET = join(REPO, 'dist', 'cli', 'docket.js');

/** Every bundle of the shipped archive: its digest, its stored bytes and its value (read with Node's zlib and the exact parser). */
export function shippedBundles(): { digest: Digest; bytes: Uint8Array; value: Json }[] {
  const root = join(REPO, 'evidence', 'objects', 'v1', 'sha256');
  const out: { digest: Digest; bytes: Uint8Array; value: Json }[] = [];
  for (const fan of readdirSync(root).sort()) {
    for (const f of readdirSync(join(root, fan)).sort()) {
      if (!f.endsWith('.json.gz')) continue;
      const bytes = readFileSync(join(root, fan, f));
      out.push({ digest: `sha256:${fan}${f.slice(0, -'.json.gz'.length)}` as Digest, bytes, value: parseCanonical(gunzipSync(bytes)) });
    }
  }
  return out;
}

export function tempDir(prefix = 'docket-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A maker of temp directories that are all removed after the test file (call it at the file's top level). */
export function scratchDirs(): (prefix: string) => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  return (prefix) => {
    const d = tempDir(prefix);
    dirs.push(d);
    return d;
  };
}

/** Run the real CLI; returns exit status, stdout, stderr and parsed JSON when --json was given. */
export function docket(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(process.execPath, [DOCKET, ...args], { cwd: opts.cwd ?? REPO, encoding: 'utf8', env: { ...process.env, ...opts.env }, timeout: 120_000 });
  let json: any = undefined;
  if (args.includes('--json')) {
    try {
      json = JSON.parse(r.stdout);
    } catch {
      json = undefined;
    }
  }
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, json };
}

/** path → sha256 of every file under dir: to prove a check changed nothing. */
export function treeHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = sha256(readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

/** Deterministic pseudo-random generator (mulberry32) for test data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The DocketError `fn` throws; a test fails when it throws none. */
export function thrown(fn: () => unknown): DocketError {
  try {
    fn();
  } catch (e) {
    return e as DocketError;
  }
  throw new Error('expected an error');
}
