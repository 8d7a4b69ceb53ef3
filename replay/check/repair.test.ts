import { appendFileSync, cpSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store } from '../store/store.ts';
import { REPO, tempDir } from '../../cli/dev/testkit/core.ts';
import { repairArchive } from './repair.ts';
import { verifyArchive } from './verify.ts';

function copy() {
  const root = tempDir('docket-repair-');
  const dir = join(root, 'evidence');
  cpSync(join(REPO, 'evidence', 'objects'), join(dir, 'objects'), { recursive: true });
  cpSync(join(REPO, 'evidence', 'refs'), join(dir, 'refs'), { recursive: true });
  return dir;
}

describe('docket repair', () => {
  it('quarantines a corrupt object (moved, not deleted), removes temp files, and leaves what it cannot fix reported', async () => {
    const dir = copy();
    const store = new Store(dir);
    const [victim] = store.list().objects;
    appendFileSync(join(dir, victim!.path), 'junk');
    const shard = join(dir, 'objects', 'v1', 'sha256', readdirSync(join(dir, 'objects', 'v1', 'sha256'))[0]!);
    writeFileSync(join(shard, '.tmp-999999999-abc'), 'partial');

    const dry = await repairArchive(dir, { dryRun: true });
    expect(dry.actions.map((a) => a.action).sort()).toEqual(['quarantine', 'rebuild-index', 'remove-temp']);
    expect(existsSync(join(dir, victim!.path))).toBe(true); // dry run changed nothing

    const r = await repairArchive(dir);
    expect(existsSync(join(dir, victim!.path))).toBe(false);
    expect(existsSync(join(r.quarantine, victim!.path))).toBe(true);
    expect(existsSync(join(shard, '.tmp-999999999-abc'))).toBe(false);
    const after = await verifyArchive(dir);
    expect(after.findings.filter((f) => f.code === 'EDIGEST' || f.code === 'HTEMP')).toEqual([]);
    // Whatever referenced the quarantined object is still reported: repair does not invent evidence.
    expect(r.ok).toBe(after.ok);
  });
  it('does nothing on a clean archive', async () => {
    const r = await repairArchive(copy());
    expect(r.actions).toEqual([]);
    expect(r.ok).toBe(true);
  });
});
