import { cpSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Store } from '../../replay/store/store.ts';
import { prng, REPO, tempDir } from '../dev/testkit/core.ts';

/**
 * Damage is a finding, everywhere (#18 item 4): every reading command, run over a copy of the
 * shipped archive in which one bundle it reads has a flipped bit (or is gone), exits 1 with a coded
 * finding naming that bundle, and never prints "internal error" or a stack trace. Seeded and
 * bounded: the same seed damages the same bytes on every machine.
 */
const SEED = 18_004;
const { main } = await import('../main.ts');

const dir = tempDir('docket-fuzz-');
const archive = join(dir, 'evidence');
const report = join(dir, 'report.html');
const COMMANDS: string[][] = [
  ['check'],
  ['verify'],
  ['evidence', 'replay', '--question', 'async-await-ordering-1', '--question', 'async-eventemitter-sync-1'],
  ['leaderboard'],
  ['audit', '--published', 'docs/examples/published-leaderboard.json'],
  ['replay'],
  ['runs'],
  ['failures', 'ref-markdown-1'],
  ['compare', 'ref-oracle-1', 'ref-markdown-1'],
  ['report', '--out', report],
];

let out = '';
async function docket(args: string[]): Promise<{ status: number; out: string; reads: Set<string> }> {
  out = '';
  process.exitCode = undefined;
  const reads = new Set<string>();
  const getBytes = Store.prototype.getBytes;
  const rehash = Store.prototype.rehash;
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true)),
    vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true)),
    vi.spyOn(Store.prototype, 'getBytes').mockImplementation(function (this: Store, d) {
      reads.add(d);
      return getBytes.call(this, d);
    }),
    // The index's provenance check re-hashes the bundles whose rows an answer uses: a read too.
    vi.spyOn(Store.prototype, 'rehash').mockImplementation(function (this: Store, d) {
      reads.add(d);
      return rehash.call(this, d);
    }),
  ];
  try {
    const status = await main(['--archive', archive, ...args]);
    return { status, out, reads };
  } finally {
    for (const s of spies) s.mockRestore();
    process.exitCode = undefined;
  }
}

const objectPath = (d: string) => new Store(archive).objectPath(d as never);
const allObjects = () => new Store(archive).list().objects.map((o) => o.digest as string);

/** What a finding must look like: a code, the damaged bundle named, no crash. */
function expectFinding(r: { status: number; out: string }, digest: string, what: string) {
  const hex = digest.slice('sha256:'.length);
  const ctx = `${what}\n${r.out.slice(0, 2000)}`;
  expect(r.out, ctx).not.toMatch(/internal error|EINTERNAL|\n\s+at \S/);
  expect(r.status, ctx).toBe(1);
  expect(r.out, ctx).toMatch(/\bE[A-Z]{3,}\b/);
  expect(r.out.includes(hex) || r.out.includes(relative(archive, objectPath(digest))), ctx).toBe(true);
}

const readSets = new Map<string, string[]>();
beforeAll(async () => {
  cpSync(join(REPO, 'evidence'), archive, { recursive: true });
  const all = allObjects();
  // Build the index cache first: a rebuild reads every bundle, which is not what a command reads.
  expect((await docket(['index', 'rebuild'])).status).toBe(0);
  for (const args of COMMANDS) {
    // check and verify read every object (verify in a worker thread, past the spy); the shipped
    // archive passing check is tested elsewhere, so check's clean run is not repeated here.
    if (args[0] === 'check' || args[0] === 'verify') {
      readSets.set(args.join(' '), all);
      if (args[0] === 'check') continue;
    }
    const r = await docket(args);
    expect(r.status, `${args.join(' ')} on the clean archive\n${r.out}`).toBe(0);
    if (!readSets.has(args.join(' '))) readSets.set(args.join(' '), [...r.reads].sort());
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a damaged or missing bundle is a coded finding in every reading command', () => {
  it('one corrupt question bundle: check and evidence replay report it (exit 1); leaderboard and audit too once the index is built from the damaged archive', async () => {
    const store = new Store(archive);
    const q = allObjects().find((d) => store.get(d as never).descriptor.kind === 'question')!;
    const path = objectPath(q);
    const good = readFileSync(path);
    const bad = Buffer.from(good);
    bad[30]! ^= 0xff;
    writeFileSync(path, bad);
    try {
      for (const args of [['check'], ['evidence', 'replay']]) expectFinding(await docket(args), q, args.join(' '));
      // leaderboard and audit read slot outcomes from the index (docs/design.md §5), built while the
      // bundle was good; an index built from the archive as it is now cannot vouch for the runs of
      // that bank, so they read the bundles, which name the damage.
      expect((await docket(['index', 'rebuild'])).status).toBe(0);
      for (const args of [['leaderboard'], ['audit', '--published', 'docs/examples/published-leaderboard.json']]) {
        expectFinding(await docket(args), q, args.join(' '));
      }
    } finally {
      writeFileSync(path, good);
      await docket(['index', 'rebuild']);
    }
  });

  it(`seeded bit flips and deletions in bundles each command reads (seed ${SEED})`, async () => {
    const rand = prng(SEED);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    let rounds = 0;
    for (const args of COMMANDS) {
      const reads = readSets.get(args.join(' '))!;
      if (!reads.length) continue; // reads no bundle (e.g. runs lists the index)
      const n = args[0] === 'check' ? 1 : 2; // check runs every step: one round is enough
      for (let i = 0; i < n; i++) {
        const d = pick(reads);
        const path = objectPath(d);
        const good = readFileSync(path);
        const missing = rand() < 0.25;
        let what = `${args.join(' ')}: ${d} `;
        if (missing) {
          unlinkSync(path);
          what += 'deleted';
        } else {
          const bad = Buffer.from(good);
          const bit = Math.floor(rand() * bad.length * 8);
          bad[bit >> 3]! ^= 1 << (bit & 7);
          writeFileSync(path, bad);
          what += `bit ${bit} flipped`;
        }
        try {
          expectFinding(await docket(args), d, what);
          rounds++;
        } finally {
          writeFileSync(path, good);
        }
      }
    }
    expect(rounds).toBeGreaterThanOrEqual(COMMANDS.length);
  });

  it('several damaged bundles at once: no command crashes (exit 0 when it reads none of them, else 1)', async () => {
    const rand = prng(SEED + 1);
    const all = allObjects();
    const damaged = new Map<string, Buffer>();
    while (damaged.size < 5) {
      const d = all[Math.floor(rand() * all.length)]!;
      if (damaged.has(d)) continue;
      const good = readFileSync(objectPath(d));
      damaged.set(d, good);
      const bad = Buffer.from(good);
      bad[Math.floor(rand() * bad.length)]! ^= 1 + Math.floor(rand() * 255);
      writeFileSync(objectPath(d), bad);
    }
    try {
      for (const args of COMMANDS.filter((a) => a[0] !== 'check')) {
        // check: its seeded round above (a full probe run costs seconds)
        const r = await docket(args);
        const ctx = `${args.join(' ')}\n${r.out.slice(0, 2000)}`;
        expect(r.out, ctx).not.toMatch(/internal error|EINTERNAL|\n\s+at \S/);
        const touched = readSets.get(args.join(' '))!.some((d) => damaged.has(d));
        expect(r.status, ctx).toBe(touched ? 1 : 0);
        if (touched) expect(r.out, ctx).toMatch(/\bE[A-Z]{3,}\b/);
      }
    } finally {
      for (const [d, good] of damaged) writeFileSync(objectPath(d), good);
    }
  });
});
