import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { Archive } from '../index/archive.ts';
import { isStaleTemp } from '../store/temps.ts';
import { verifyArchive, type Finding } from './verify.ts';

/**
 * `docket repair`: the separate, writing counterpart of the read-only `verify` (restic style).
 * It never deletes evidence: an object is moved to a quarantine directory beside the archive
 * (`<archive>.quarantine/`) only when its own bytes fail its own checks (size, digest, gzip, JSON,
 * schema) — never because the index cache disagrees with it, which only rebuilds the cache.
 * Leftover temps of interrupted writes (replay/store/temps.ts: owner not running) are removed; a live
 * writer's temp is left. Stray files are reported, not touched: docket does not know what they are.
 */
const CORRUPT = new Set(['ESIZE', 'EDIGEST', 'EGZIP', 'EJSON', 'ESCHEMA']);

export interface RepairAction {
  action: 'quarantine' | 'remove-temp' | 'rebuild-index' | 'leave';
  path: string | null;
  reason: string;
}

export interface RepairResult {
  ok: boolean;
  dryRun: boolean;
  quarantine: string;
  actions: RepairAction[];
  remaining: Finding[];
}

export async function repairArchive(dir: string, opts: { dryRun?: boolean } = {}): Promise<RepairResult> {
  const archive = resolve(dir);
  const quarantine = join(dirname(archive), `${basename(archive)}.quarantine`);
  const before = await verifyArchive(archive);
  const actions: RepairAction[] = [];
  let rebuild = false;
  for (const { code, message, severity, data } of before.findings) {
    const path = data.path ?? null;
    if (code === 'HTEMP' && path) {
      if (isStaleTemp(join(archive, path), basename(path))) actions.push({ action: 'remove-temp', path, reason: message });
      else actions.push({ action: 'leave', path, reason: message });
    } else if (CORRUPT.has(code) && path) actions.push({ action: 'quarantine', path, reason: `${code}: ${message}` });
    else if (code === 'EINDEX') rebuild = true;
    else if (severity === 'error') actions.push({ action: 'leave', path, reason: `${code}: ${message} (not repairable automatically)` });
  }
  if (rebuild || actions.some((a) => a.action === 'quarantine')) actions.push({ action: 'rebuild-index', path: 'index.sqlite', reason: 'the index must agree with the objects' });
  if (!opts.dryRun) {
    for (const a of actions) {
      if (a.action === 'remove-temp') rmSync(join(archive, a.path!), { force: true, recursive: true }); // a run directory's temp is a directory
      if (a.action === 'quarantine') {
        const to = join(quarantine, a.path!);
        mkdirSync(dirname(to), { recursive: true });
        if (existsSync(to))
          rmSync(join(archive, a.path!)); // the same name is already quarantined: identical by name
        else renameSync(join(archive, a.path!), to);
      }
    }
    if (actions.some((a) => a.action === 'rebuild-index')) new Archive(archive).rebuildIndex().close();
  }
  const after = opts.dryRun ? before : await verifyArchive(archive);
  return { ok: after.ok, dryRun: !!opts.dryRun, quarantine, actions, remaining: after.findings };
}
