import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanBytes } from '../../../replay/content/secrets.ts';
import { median, REPO } from './common.ts';

/**
 * `npm run bench -- secrets` (issue #33 item 2): the secret scanner against SHA-256 of the same
 * bytes, in process, rounds interleaved, medians of wall and CPU time (user + system) compared.
 * Target: 100 MB of one character scans in under 2× the time of hashing it (the input that once
 * overflowed the regex stack). Also shown, with no target: 100 MB of the repository's own text.
 */
const ROUNDS = Number(process.env.SECRETS_ROUNDS ?? 5);

function measure(fn: () => void): { wall: number; cpu: number } {
  const c = process.cpuUsage();
  const t = performance.now();
  fn();
  const wall = (performance.now() - t) / 1000;
  const u = process.cpuUsage(c);
  return { wall, cpu: (u.user + u.system) / 1e6 };
}

function compare(name: string, bytes: Buffer, target: number | null) {
  const scan: { wall: number; cpu: number }[] = [];
  const hash: { wall: number; cpu: number }[] = [];
  let hits = 0;
  for (let i = 0; i < ROUNDS; i++) {
    hash.push(measure(() => createHash('sha256').update(bytes).digest()));
    scan.push(measure(() => (hits = scanBytes('bench', bytes).length)));
  }
  const s = { wall: median(scan.map((x) => x.wall)), cpu: median(scan.map((x) => x.cpu)) };
  const h = { wall: median(hash.map((x) => x.wall)), cpu: median(hash.map((x) => x.cpu)) };
  const ratio = s.cpu / h.cpu;
  const verdict = target === null ? '' : ratio < target ? `  ok (< ${target}×)` : `  OVER (target < ${target}×)`;
  console.log(
    `  ${name.padEnd(40)} scan ${s.wall.toFixed(3)} s wall ${s.cpu.toFixed(3)} s CPU | sha256 ${h.wall.toFixed(3)} s wall ${h.cpu.toFixed(3)} s CPU | ${ratio.toFixed(2)}× CPU, ${(s.wall / h.wall).toFixed(2)}× wall, ${(bytes.length / 1e6 / s.wall).toFixed(0)} MB/s, ${hits} hits${verdict}`,
  );
}

export async function benchSecrets() {
  console.log('\nsecrets: the scanner against SHA-256 of the same bytes (medians; ratios of CPU time)');
  compare('100 MB of one character', Buffer.alloc(100e6, 'A'), 2);
  compare('100 MB of one character, base64 of zeros', Buffer.from(Buffer.alloc(75e6).toString('base64')), 2);
  const files = execFileSync('git', ['ls-files', '-z', 'replay', 'cli', 'docs'], { cwd: REPO, encoding: 'utf8' })
    .split('\0')
    .filter((f) => /\.(ts|md|json)$/.test(f));
  const text = Buffer.concat(files.map((f) => readFileSync(join(REPO, f))));
  const mixed = Buffer.alloc(100e6);
  for (let at = 0; at < mixed.length; at += text.length) text.copy(mixed, at);
  compare("100 MB of the repository's own text", mixed, null);
}
