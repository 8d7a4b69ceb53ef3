import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Digest } from '../format/digest.ts';
import { Archive } from '../index/archive.ts';
import { lostRefMessage, lostRefs, type LostRef, type ObjectState } from '../index/lost-refs.ts';
import { INDEX_SCHEMA } from '../index/schema.ts';
import { Index, IndexUnusable, isCorrupt } from '../store/sqlindex.ts';
import type { Store } from '../store/store.ts';
import { isStaleTemp } from '../store/temps.ts';
import { verifyArchive, type Finding } from './verify.ts';

/**
 * `docket repair`: the separate, writing counterpart of the read-only `verify` (restic style).
 * It never deletes evidence: an object is moved to a quarantine directory beside the archive
 * (`<archive>.quarantine/`) only when its own bytes fail its own checks (size, digest, gzip, JSON,
 * schema) — never because the index cache disagrees with it, which only rebuilds the cache.
 * Leftover temps of interrupted writes (replay/store/temps.ts: owner not running) are removed; a live
 * writer's temp is left. Stray files are reported, not touched: docket does not know what they are.
 * A ref the index remembers and refs/ lost (ELOSTREF, index/lost-refs.ts) is written back, never
 * over an existing file, when the bundle it named is in the store and hashes to its name; one it
 * cannot restore is said so, and its finding stays. Every change is one action in the result, and
 * so is everything left as it was: a finding never turns into "clean" unsaid.
 */
const CORRUPT = new Set(['ESIZE', 'EDIGEST', 'EGZIP', 'EJSON', 'ESCHEMA']);

export interface RepairAction {
  action: 'quarantine' | 'remove-temp' | 'restore-ref' | 'forget-ref' | 'rebuild-index' | 'leave';
  path: string | null;
  reason: string;
  /** The bundle a restored, forgotten or unrestorable ref names. */
  digest?: string;
}

export interface RepairOptions {
  dryRun?: boolean;
  /** Lost refs (`<namespace>/<name>`) whose record is dropped instead of restored: what refs/ holds stays. */
  forget?: readonly string[];
}

export interface RepairResult {
  ok: boolean;
  dryRun: boolean;
  quarantine: string;
  actions: RepairAction[];
  remaining: Finding[];
}

export async function repairArchive(dir: string, opts: RepairOptions = {}): Promise<RepairResult> {
  const archive = resolve(dir);
  const quarantine = join(dirname(archive), `${basename(archive)}.quarantine`);
  const forget = opts.forget ?? [];
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
    else if (code === 'ELOSTREF')
      continue; // the lost refs are read again below, after the quarantine
    else if (severity === 'error') actions.push({ action: 'leave', path, reason: `${code}: ${message} (not repairable automatically)` });
  }
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
  }
  // After the quarantine, so no ref is put back naming a bundle just moved out; before the rebuild,
  // which keeps what it cannot restore as lost refs.
  const planned = plannedRestores(archive, forget);
  actions.push(...(opts.dryRun || !planned.length ? planned : restoreLostRefs(archive, forget)));
  if (rebuild || actions.some((a) => a.action === 'quarantine')) {
    actions.push({ action: 'rebuild-index', path: 'index.sqlite', reason: 'the index must agree with the objects (the refs it lost stay recorded)' });
    if (!opts.dryRun) new Archive(archive).rebuildIndex().close();
  }
  const after = opts.dryRun ? before : await verifyArchive(archive);
  return { ok: after.ok, dryRun: !!opts.dryRun, quarantine, actions, remaining: after.findings };
}

/**
 * Put back every lost ref that can be (index/lost-refs.ts), under the archive's writer lock: the
 * ref file is created, never replaced (Store.createRef), then recorded, which ends its lost
 * record. `forget`: names whose record is dropped instead.
 */
function restoreLostRefs(archive: string, forget: readonly string[]): RepairAction[] {
  const a = new Archive(archive);
  try {
    return a.writing(() => {
      const idx = a.index();
      const lost = lostRefs(idx, a.store, objectState(a.store));
      const out: RepairAction[] = [];
      for (const l of lost) {
        const path = `refs/${l.name}`;
        if (forget.includes(l.name)) {
          idx.forgetLostRef(l.name);
          if (l.current === null) idx.deleteRef(l.name); // recorded, its file gone, not yet moved to lost_refs
          out.push({ action: 'forget-ref', path, digest: l.digest, reason: `forgot that ${l.name} named ${l.digest}${l.current ? `; it keeps what it holds now` : ''}` });
        } else if (l.state !== 'restorable') {
          out.push({ action: 'leave', path, digest: l.digest, reason: `ELOSTREF: cannot restore: ${lostRefMessage(l)}` });
        } else {
          const made = createRef(a.store, l);
          if (made === 'created') {
            idx.setRef(l.name, l.digest);
            out.push({ action: 'restore-ref', path, digest: l.digest, reason: `restored ${l.name} → ${l.digest}, as the index recorded it${l.lostAt ? ` (lost ${l.lostAt})` : ''}` });
          } else {
            // A file took the name since it was read (never overwritten), or the store refuses the name.
            const why = made === 'exists' ? `a file appeared at ${path} meanwhile; repair never overwrites a ref` : `${l.name} is not a ref name the store writes`;
            out.push({ action: 'leave', path, digest: l.digest, reason: `ELOSTREF: cannot restore ${l.name} → ${l.digest}: ${why}` });
          }
        }
      }
      return [...out, ...unknownForgets(forget, lost)];
    });
  } finally {
    a.close();
  }
}

/** What restoreLostRefs would do, from the index as it is, read-only: a dry run writes nothing, the index included. */
function plannedRestores(archive: string, forget: readonly string[]): RepairAction[] {
  let idx: Index;
  try {
    if (!Index.exists(archive)) return unknownForgets(forget, []); // no index, no memory of refs (design.md §5)
    idx = Index.openReadOnly(archive, INDEX_SCHEMA);
  } catch (e) {
    if (e instanceof IndexUnusable || isCorrupt(e)) return unknownForgets(forget, []); // verify's EINDEX; a new index knows no lost ref
    throw e;
  }
  try {
    const store = new Archive(archive).store;
    const lost = lostRefs(idx, store, objectState(store));
    const planned = lost.map((l): RepairAction => {
      const path = `refs/${l.name}`;
      if (forget.includes(l.name)) return { action: 'forget-ref', path, digest: l.digest, reason: `forget that ${l.name} named ${l.digest}` };
      if (l.state === 'restorable') return { action: 'restore-ref', path, digest: l.digest, reason: `restore ${l.name} → ${l.digest}, as the index recorded it` };
      return { action: 'leave', path, digest: l.digest, reason: `ELOSTREF: cannot restore: ${lostRefMessage(l)}` };
    });
    return [...planned, ...unknownForgets(forget, lost)];
  } finally {
    idx.close();
  }
}

/** A name given to forget that is no lost ref: said, not ignored. */
function unknownForgets(forget: readonly string[], lost: readonly LostRef[]): RepairAction[] {
  return forget
    .filter((n) => !lost.some((l) => l.name === n))
    .map((n) => ({ action: 'leave' as const, path: `refs/${n}`, reason: `${n} is not a ref the index remembers as lost: nothing forgotten` }));
}

/** The bundle a lost ref names: whole (its bytes hash to its name), damaged, or gone. */
function objectState(store: Store): ObjectState {
  return (d: Digest) => {
    const bad = store.rehash(d);
    return !bad ? null : bad.code === 'EMISSING' ? 'missing' : 'damaged';
  };
}

/** Store.createRef; a name the store refuses (EREFNAME) is a ref it cannot write: left, not thrown. */
function createRef(store: Store, l: LostRef): 'created' | 'exists' | 'bad-name' {
  try {
    return store.createRef(l.name, l.digest) ? 'created' : 'exists';
  } catch (e) {
    if ((e as { code?: string }).code === 'EREFNAME') return 'bad-name';
    throw e;
  }
}
