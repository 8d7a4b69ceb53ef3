import { spawnSync } from 'node:child_process';
import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, tempDir } from '../dev/testkit/core.ts';

const FILES = readdirSync(join(REPO, 'cli/release-scripts')).filter((f) => f.endsWith('.mjs'));
/** run-docket.mjs is the scripts' shared module, imported by each, not run itself. */
const SCRIPTS = FILES.filter((f) => f !== 'run-docket.mjs');
const ESC = '\x1b[';

/** A release-like directory: the scripts (and no node_modules: they load no package), an empty MANIFEST.json, one file missing from it, and a docket that does nothing. */
function releaseDir() {
  const dir = tempDir();
  for (const f of FILES) copyFileSync(join(REPO, 'cli/release-scripts', f), join(dir, f));
  writeFileSync(join(dir, 'MANIFEST.json'), JSON.stringify({ merkleRoot: 'sha256:00', entries: [{ path: 'gone.txt', digest: 'sha256:00', size: 1 }] }));
  writeFileSync(join(dir, 'noop.mjs'), '');
  return dir;
}

/** Under a pseudo-terminal, so colour would be on if nothing turned it off. */
function runOnTty(dir: string, script: string, env: Record<string, string>) {
  const vars = Object.entries({ DOCKET_BIN: 'noop.mjs', ...env })
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  // A terminal user has no CI and a colour TERM: set both, so the test shows what they see.
  const cmd = `env -u NO_COLOR -u FORCE_COLOR -u CI TERM=xterm-256color ${vars} ${process.execPath} ${script}`;
  return spawnSync('script', ['-qfec', cmd, '/dev/null'], { cwd: dir, encoding: 'utf8', timeout: 60_000 }).stdout;
}

describe('NO_COLOR in the release scripts', () => {
  it.each(SCRIPTS)('%s prints colour on a terminal, none under NO_COLOR=1', (script) => {
    const dir = releaseDir();
    expect(runOnTty(dir, script, {})).toContain(ESC);
    const plain = runOnTty(dir, script, { NO_COLOR: '1' });
    expect(plain.length).toBeGreaterThan(0);
    expect(plain).not.toContain(ESC);
  });
});
