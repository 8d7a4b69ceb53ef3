import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCKET, REPO, tempDir } from '../dev/testkit/core.ts';
import { endProgressLine, progress } from '../output.ts';

function fakeTty(isTTY = true) {
  const out: string[] = [];
  return { isTTY, out, write: (s: string) => out.push(s) };
}

describe('the progress writer', () => {
  it('draws nothing when the stream is not a terminal', () => {
    expect(progress('verify', fakeTty(false))).toBeUndefined();
  });

  it('redraws in place (\\r + clear line), throttled, always drawn at n/n and ended with a newline', () => {
    const s = fakeTty();
    let t = 0;
    const p = progress('probes', s, () => t)!;
    p(0, 3);
    p(1, 3); // within 100 ms: skipped
    t = 200;
    p(2, 3);
    p(3, 3);
    p(3, 3); // already finished: nothing more
    expect(s.out.join('')).toBe('\r\x1b[Kprobes 0/3\r\x1b[Kprobes 2/3\r\x1b[Kprobes 3/3\n');
  });

  it('finish() completes a count that was never reported at n/n (verify reports every 256 objects)', () => {
    const s = fakeTty();
    const p = progress('verify', s)!;
    p(0, 150);
    p.finish();
    p.finish();
    expect(s.out.join('')).toBe('\r\x1b[Kverify 0/150\r\x1b[Kverify 150/150\n');
  });

  it('other output first ends an open progress line', () => {
    const s = fakeTty();
    progress('verify', s)!(0, 150);
    endProgressLine();
    endProgressLine();
    expect(s.out.join('')).toBe('\r\x1b[Kverify 0/150\n');
  });
});

/** The shipped archive as a clean clone has it (no index cache: a stale local one would be a finding). */
function cleanCopy(): string {
  const dir = tempDir();
  cpSync(join(REPO, 'evidence'), join(dir, 'evidence'), { recursive: true });
  for (const f of ['index.sqlite', 'index.sqlite-wal', 'index.sqlite-shm']) rmSync(join(dir, 'evidence', f), { force: true });
  return dir;
}

/** Run docket under a pseudo-terminal (util-linux script): stdout and stderr are both the terminal. */
function underPty(args: string) {
  const r = spawnSync('script', ['-qfec', `${process.execPath} ${DOCKET} ${args}`, '/dev/null'], { cwd: cleanCopy(), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000 });
  return { status: r.status, out: r.stdout.replace(/\r\n/g, '\n') };
}

describe('progress on a real terminal and through a pipe', () => {
  it('docket verify on a TTY: reaches n/n, ends the line before its report', () => {
    const r = underPty('verify evidence');
    expect(r.status, r.out).toBe(0);
    const m = /\r\x1b\[Kverify (\d+)\/(\d+)\n/.exec(r.out);
    expect(m, JSON.stringify(r.out.slice(0, 300))).not.toBeNull();
    expect(m![1]).toBe(m![2]);
    // The report starts on its own line: no "verify 0/150verify evidence".
    expect(r.out).not.toMatch(/verify \d+\/\d+(?![\d\r\n])/);
    expect(r.out).not.toMatch(/\x1b\[[0-9;]*m/); // NO_COLOR (set by underPty): no colour, only the line redraw
  });

  it('piped: no progress at all', () => {
    const r = spawnSync(process.execPath, [DOCKET, 'verify', 'evidence'], { cwd: cleanCopy(), encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).not.toMatch(/\d+\/\d+/);
    expect(r.stdout + r.stderr).not.toContain('\r');
  });
});
