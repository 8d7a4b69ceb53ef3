import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocketError } from '../../replay/errors.ts';
import { generateKeys, loadPrivateKey } from '../../replay/release/dsse.ts';
import { packRelease } from '../../replay/release/pack.ts';
import { docket, REPO, tempDir } from '../dev/testkit/core.ts';
import { checkAnchor, linkProbePackages } from './release-from.ts';

/**
 * Issue #18 item 5: `replay --from` and `evidence replay --from` verify the tarball with the docket
 * that runs (the one the user trusts), anchored to a published digest or key; an unanchored
 * tarball is refused unless --unanchored.
 */
const tmp = tempDir('docket-from-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let tgz = '';
let signed = '';
let digest = '';
const pub = join(tmp, 'key.pub');
const otherPub = join(tmp, 'other.pub');
beforeAll(async () => {
  const keys = generateKeys();
  writeFileSync(pub, keys.publicPem);
  writeFileSync(otherPub, generateKeys().publicPem);
  const plain = await packRelease({ root: REPO, archive: join(REPO, 'evidence') });
  tgz = join(tmp, 'plain.tgz');
  writeFileSync(tgz, plain.bytes);
  digest = `sha256:${createHash('sha256').update(plain.bytes).digest('hex')}`;
  const s = await packRelease({ root: REPO, archive: join(REPO, 'evidence'), signKey: loadPrivateKey(Buffer.from(keys.privatePem), 'key') });
  signed = join(tmp, 'signed.tgz');
  writeFileSync(signed, s.bytes);
}, 60_000);

const codeOf = (f: () => void) => {
  try {
    f();
  } catch (e) {
    return (e as DocketError).code;
  }
  return 'accepted';
};

describe('--from needs an anchor', () => {
  it('the flag rules', () => {
    expect(codeOf(() => checkAnchor({ from: 'x.tgz', unanchored: false }, 'docket replay'))).toBe('EUNANCHORED');
    expect(codeOf(() => checkAnchor({ from: 'x.tgz', unanchored: true }, 'docket replay'))).toBe('accepted');
    expect(codeOf(() => checkAnchor({ from: 'x.tgz', expect: digest, unanchored: true }, 'docket replay'))).toBe('EUSAGE');
    expect(codeOf(() => checkAnchor({ expect: digest, unanchored: false }, 'docket replay'))).toBe('EUSAGE');
    expect(codeOf(() => checkAnchor({ from: 'x.tgz', key: 'k.pub', unanchored: false }, 'docket replay'))).toBe('accepted');
  });

  it('replay --from: unanchored is refused (exit 2, says what to pass); a wrong digest fails (exit 1); the right one, a key, or --unanchored replays', () => {
    const bare = docket(['replay', 'ref-coin-1', '--from', tgz]);
    expect(bare.status).toBe(2);
    expect(bare.stderr).toMatch(/EUNANCHORED: .*--expect sha256:<digest>.*--key PUBLIC\.pem.*--unanchored/);
    const wrong = docket(['replay', 'ref-coin-1', '--from', tgz, '--expect', `sha256:${'0'.repeat(64)}`]);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/ERELEASE: .*EEXPECT/);
    const right = docket(['replay', 'ref-coin-1', '--from', tgz, '--expect', digest, '--json']);
    expect(right.status).toBe(0);
    expect(right.json).toMatchObject({ ok: true, release: { digest, anchored: 'expect' } });
    expect(docket(['replay', 'ref-coin-1', '--from', signed, '--key', otherPub]).status).toBe(1);
    expect(docket(['replay', 'ref-coin-1', '--from', signed, '--key', pub, '--json']).json).toMatchObject({ ok: true, release: { anchored: 'key' } });
    expect(docket(['replay', 'ref-coin-1', '--from', tgz, '--unanchored', '--json']).json).toMatchObject({ ok: true, release: { anchored: 'unanchored' } });
  });

  it('evidence replay --from: refused unanchored; anchored, re-runs the probes of the verified tree (a probe that imports a pinned package too)', () => {
    const bare = docket(['evidence', 'replay', '--from', tgz]);
    expect(bare.status).toBe(2);
    expect(bare.stderr).toMatch(/EUNANCHORED: docket evidence replay --from/);
    const r = docket(['evidence', 'replay', '--from', tgz, '--expect', digest, '--question', 'sqlite-unique-upsert-1', '--question', 'async-await-ordering-1', '--json']);
    expect(r.status).toBe(0);
    expect(r.json).toMatchObject({ ok: true, total: 2, matched: 2, release: { digest, anchored: 'expect', packages: { from: 'docket', count: 1 } } });
  });

  it('verify and evidence replay --from: a tarball whose bank is not the bank its runs measured fails, naming the question', async () => {
    // packRelease itself, not `release pack` (which refuses this tree): a tarball made by hand.
    const root = join(tmp, 'drifted');
    for (const f of ['decision-bank.json', 'evals', 'evidence', 'lockfiles', 'package.json', 'package-lock.json']) cpSync(join(REPO, f), join(root, f), { recursive: true });
    const bank = JSON.parse(readFileSync(join(root, 'decision-bank.json'), 'utf8')) as { questions: { id: string; key: string }[] };
    const q = bank.questions.find((x) => x.key === 'D')!;
    q.key = 'A';
    writeFileSync(join(root, 'decision-bank.json'), JSON.stringify(bank));
    const bytes = (await packRelease({ root, archive: join(root, 'evidence') })).bytes;
    const file = join(tmp, 'drifted.tgz');
    writeFileSync(file, bytes);
    const expectD = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    const v = docket(['verify', file, '--expect', expectD, '--json']);
    expect(v.status).toBe(1);
    expect(v.json.findings).toEqual([
      expect.objectContaining({
        code: 'EBANKDRIFT',
        data: expect.objectContaining({ path: 'decision-bank.json' }),
        message: expect.stringContaining(`question ${q.id}: key D → A (the shipped runs ref-coin-1`),
      }),
    ]);
    const r = docket(['evidence', 'replay', '--from', file, '--expect', expectD, '--question', 'async-await-ordering-1']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`ERELEASE: .*EBANKDRIFT: question ${q.id}: key D → A`));
  });

  it('verify, replay --from and evidence replay --from: a tarball whose bank fails validation (five options) fails, naming the rule and question', async () => {
    // packRelease itself, not `release pack` (which refuses this bank): a tarball made by hand.
    const root = join(tmp, 'invalid');
    for (const f of ['decision-bank.json', 'evals', 'evidence', 'lockfiles', 'package.json', 'package-lock.json']) cpSync(join(REPO, f), join(root, f), { recursive: true });
    const bank = JSON.parse(readFileSync(join(root, 'decision-bank.json'), 'utf8')) as { questions: { id: string; options: string[] }[] };
    const q = bank.questions[0]!;
    q.options.push('E) a fifth option');
    writeFileSync(join(root, 'decision-bank.json'), JSON.stringify(bank));
    const bytes = (await packRelease({ root, archive: join(root, 'evidence') })).bytes;
    const file = join(tmp, 'invalid.tgz');
    writeFileSync(file, bytes);
    const expectD = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    const v = docket(['verify', file, '--expect', expectD, '--json']);
    expect(v.status).toBe(1);
    expect(v.json.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          severity: 'error',
          code: 'EOPTIONS',
          data: expect.objectContaining({ path: 'decision-bank.json' }),
          message: expect.stringContaining(`question ${q.id} [options]: needs exactly 4 options, has 5`),
        }),
      ]),
    );
    for (const args of [
      ['replay', 'ref-coin-1'],
      ['evidence', 'replay', '--question', q.id],
    ]) {
      const r = docket([...args, '--from', file, '--expect', expectD]);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`ERELEASE: .*EOPTIONS: question ${q.id} \\[options\\]: needs exactly 4 options`));
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack
    }
  });
});

describe('evidence replay --from a release without vendored packages: the running docket lends the pinned ones', () => {
  const treeWithLock = (name: string, packages: Record<string, { version: string }>) => {
    const dir = join(tmp, name);
    mkdirSync(join(dir, 'lockfiles'), { recursive: true });
    writeFileSync(join(dir, 'lockfiles', 'probes.lock.json'), JSON.stringify({ lockfileVersion: 1, node: '20', packages }));
    return dir;
  };

  it('links a package whose exports leave out package.json (canonicalize); one docket lacks is EPROBEPACKAGE saying how to replay it', () => {
    const version = JSON.parse(readFileSync(join(REPO, 'node_modules', 'canonicalize', 'package.json'), 'utf8')).version as string;
    const dir = treeWithLock('links', { canonicalize: { version } });
    linkProbePackages(dir);
    expect(realpathSync(join(dir, 'node_modules', 'canonicalize'))).toBe(realpathSync(join(REPO, 'node_modules', 'canonicalize')));
    expect(() => linkProbePackages(treeWithLock('other-version', { canonicalize: { version: '0.0.1' } }))).toThrow(
      expect.objectContaining({ code: 'EPROBEPACKAGE', message: expect.stringContaining(`this docket has ${version}`) }),
    );
    expect(() => linkProbePackages(treeWithLock('lacking', { 'left-pad': { version: '1.3.0' } }))).toThrow(
      expect.objectContaining({
        code: 'EPROBEPACKAGE',
        message: expect.stringContaining(
          'left-pad@1.3.0 (lockfiles/probes.lock.json), which this release does not vendor and this docket does not have: pack the release with `docket release pack --vendor`',
        ),
      }),
    );
  });
});
