import { isDigest, type Digest } from '../format/digest.ts';
import type { Index } from '../store/sqlindex.ts';
import type { Store } from '../store/store.ts';

/**
 * Refs the index remembers and refs/ lost (docs/design.md §5 "Lost refs"). A ref file is the only
 * thing that makes a run current or names its grades: deleted, the run drops out of `runs` and
 * `leaderboard`, and nothing in the objects says it was ever there. The index recorded it, so
 * it is the one place that can say so: every ref it recorded whose file is gone is kept in
 * `lost_refs` (archive.ts), reported by verify and check (`ELOSTREF`), and put back by repair when
 * the bundle it named is still in the store, whole.
 */
export type LostState = 'restorable' | 'object-missing' | 'object-damaged' | 'conflict';

export interface LostRef {
  name: string;
  digest: Digest;
  /** When the index first saw the file missing; null when no command has looked since it went. */
  lostAt: string | null;
  state: LostState;
  /** What the ref file holds now (a conflict), else null. */
  current: string | null;
}

/** What is known of the bundle a lost ref named: null when it is in the store and whole. */
export type ObjectState = (digest: Digest) => 'missing' | 'damaged' | null;

/**
 * Every lost ref as the index and the store stand now: the `lost_refs` rows, and the `refs` rows
 * whose file is gone but that no command has moved there yet (a read-only check sees the index as
 * it is). A lost ref whose file is back with the digest it had is not lost (the next look at the
 * store drops its row). `listing`: the ref files as Store.listRefs gives them, when the caller has it.
 */
export function lostRefs(idx: Index, store: Store, objectState: ObjectState, listing: readonly { name: string; raw: string }[] = store.listRefs()): LostRef[] {
  const files = new Map(listing.map((r) => [r.name, r.raw]));
  const out = new Map<string, { digest: Digest; lostAt: string | null }>();
  for (const r of idx.refs()) if (!files.has(r.name)) out.set(r.name, { digest: r.digest, lostAt: null });
  for (const r of idx.lostRefs()) if (!out.has(r.name)) out.set(r.name, { digest: r.digest, lostAt: r.lostAt });
  const lost: LostRef[] = [];
  for (const [name, { digest, lostAt }] of [...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const current = files.get(name)?.trim() ?? null;
    if (current === digest) continue; // back in place
    const object = objectState(digest);
    const state: LostState = current !== null ? 'conflict' : object === 'missing' ? 'object-missing' : object === 'damaged' ? 'object-damaged' : 'restorable';
    lost.push({ name, digest, lostAt, state, current });
  }
  return lost;
}

/** The finding's message: the ref, the digest, and what to do. */
export function lostRefMessage(l: LostRef): string {
  const seen = l.lostAt ? ` (first seen missing ${l.lostAt})` : '';
  const gone = `ref ${l.name} is gone from refs/; the index recorded it naming ${l.digest}${seen}`;
  switch (l.state) {
    case 'restorable':
      return `${gone}, which is in the store: run \`docket repair\` to restore it`;
    case 'object-missing':
      return `${gone}, and that bundle is gone from the store too, so it cannot be restored from this archive: put the bundle back from a good copy (a clone, a release), then run \`docket repair\` to restore it; if both were removed on purpose (another git checkout), \`docket repair --forget ${l.name}\``;
    case 'object-damaged':
      return `${gone}, and that bundle is damaged (see its own finding), so it cannot be restored yet: put a good copy of the bundle back, then run \`docket repair\` to restore it`;
    case 'conflict':
      return `ref ${l.name} was lost from refs/ naming ${l.digest}${seen}, and refs/${l.name} now holds ${shown(l.current!)}: repair never overwrites a ref. To restore it, move refs/${l.name} away and run \`docket repair\`; to keep what it holds, run \`docket repair --forget ${l.name}\``;
  }
}

const shown = (raw: string) => (isDigest(raw) ? raw : raw === '' ? 'no digest' : JSON.stringify(raw.slice(0, 80)));
