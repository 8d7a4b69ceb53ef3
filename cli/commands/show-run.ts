import type { ArgumentsCamelCase } from 'yargs';
import type { Digest } from '../../replay/format/digest.ts';
import { DocketError, EXIT, usageError } from '../../replay/errors.ts';
import { digestPrefix } from '../../replay/runs/run-ref.ts';
import { Index, type ObjectRow } from '../../replay/store/sqlindex.ts';
import { INDEX_SCHEMA } from '../../replay/index/schema.ts';
import { Store } from '../../replay/store/store.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';
import { foreignRunRow } from '../../replay/import/summary.ts';
import type { JsonObject } from '../../replay/import/types.ts';

/** `docket show DIGEST|REF` and `docket ls [KIND]`: look at one bundle, list bundles by kind (read-only). */
export interface ShowArgs extends GlobalArgs {
  target: string;
  raw: boolean;
}

/** A full digest, a unique prefix of one, a ref name, or a run id (refs/runs/ID). */
export function resolveTarget(store: Store, target: string): { digest: Digest; ref: string | null } {
  if (/^sha256:[0-9a-f]{64}$/.test(target)) {
    // A redacted object resolves: reading it says what happened to it (EREDACTED, design.md §23).
    if (!store.has(target as Digest) && !store.redaction(target as Digest)) throw usageError('ENOTFOUND', `no object ${target} in ${store.dir}`, { target });
    return { digest: target as Digest, ref: null };
  }
  for (const name of target.includes('/') ? [target] : [`runs/${target}`]) {
    const digest = refOrNull(store, name);
    if (digest) return { digest, ref: name };
  }
  const hex = digestPrefix(target);
  if (hex !== null) {
    const hits = store.list().objects.filter((o) => o.digest.slice(7).startsWith(hex));
    if (hits.length === 1) return { digest: hits[0]!.digest, ref: null };
    if (hits.length > 1)
      throw usageError(
        'EAMBIGUOUS',
        `${target} is a prefix of ${hits.length} objects: ${hits
          .slice(0, 10)
          .map((o) => o.digest)
          .join(', ')}${hits.length > 10 ? ', …' : ''}; give more characters`,
        { target, candidates: hits.map((o) => o.digest) },
      );
  }
  throw usageError(
    'ENOTFOUND',
    `${target} names no object, ref or run in ${store.dir} (give a digest, a digest prefix of 4+ hex characters, a ref such as bank/current, or a run id; docket ls lists objects)`,
    { target },
  );
}

function refOrNull(store: Store, name: string): Digest | null {
  try {
    return store.readRef(name);
  } catch (e) {
    if (e instanceof DocketError && e.code === 'EREFNAME') return null;
    throw e;
  }
}

export interface LsArgs extends GlobalArgs {
  kind?: string;
}

/** An imported run's framework, task and model, beside its row in `ls` (docs/import.md). */
export type ListedObject = ObjectRow & { import?: { framework: string; task: string | null; model: string | null } };

export function listObjects(dir: string, kind?: string): { objects: ListedObject[]; source: 'index' | 'objects'; unreadable: { digest: Digest; code: string; message: string }[] } {
  if (Index.exists(dir)) {
    const idx = Index.openReadOnly(dir, INDEX_SCHEMA);
    try {
      const imported = idx.db.prepare('SELECT framework, task, model FROM foreign_runs WHERE digest = ?');
      const objects: ListedObject[] = idx.objects(kind).map((o) => {
        const f = o.kind === 'foreign-run' ? (imported.get(o.digest) as ListedObject['import']) : undefined;
        return f ? { ...o, import: f } : o;
      });
      return { objects, source: 'index', unreadable: [] };
    } finally {
      idx.close();
    }
  }
  // No index (a clean clone): read and check every object, never create the index (ls is read-only).
  const store = new Store(dir);
  const objects: ListedObject[] = [];
  const unreadable: { digest: Digest; code: string; message: string }[] = [];
  for (const o of store.list().objects) {
    try {
      const { descriptor: d, value } = store.get(o.digest);
      const row: ListedObject = { digest: d.digest, kind: d.kind, size: d.size, contentDigest: d.contentDigest, contentSize: d.contentSize };
      if (d.kind === 'foreign-run') {
        const f = foreignRunRow(value as JsonObject, []);
        row.import = { framework: f.framework, task: f.task, model: f.model };
      }
      if (kind === undefined || d.kind === kind) objects.push(row);
    } catch (e) {
      unreadable.push({ digest: o.digest, code: e instanceof DocketError ? e.code : 'EREAD', message: (e as Error).message });
    }
  }
  return { objects, source: 'objects', unreadable };
}

export function runShow(argv: ArgumentsCamelCase<ShowArgs>) {
  requireDir(argv.archive, 'archive');
  const store = new Store(argv.archive);
  const { digest, ref } = resolveTarget(store, argv.target);
  if (argv.raw) {
    process.stdout.write(store.getBytes(digest));
    return;
  }
  const { value, descriptor } = store.get(digest); // verified: digest, strict gzip, canonical JSON, schema
  if (argv.json) return printJson({ ok: true, ref, descriptor, value });
  if (ref) line(`ref            ${ref}`);
  line(`digest         ${descriptor.digest}`);
  line(`kind           ${descriptor.kind}`);
  line(`size           ${descriptor.size} bytes (gzip)`);
  line(`contentDigest  ${descriptor.contentDigest}`);
  line(`contentSize    ${descriptor.contentSize} bytes (canonical JSON)`);
  line();
  line(JSON.stringify(value, null, 2));
}

export async function runLs(argv: ArgumentsCamelCase<LsArgs>) {
  if (argv.kind !== undefined) {
    // Loaded only for a kind: the list of kinds is the schemas' (docs/schemas/).
    const { KINDS } = await import('../../replay/format/schemas.ts');
    if (!KINDS.includes(argv.kind)) throw usageError('EUSAGE', `ls ${argv.kind}: no bundle kind is called that; the kinds are ${KINDS.join(', ')}`, { kind: argv.kind, kinds: [...KINDS] });
  }
  requireDir(argv.archive, 'archive');
  const { objects, source, unreadable } = listObjects(argv.archive, argv.kind);
  if (argv.json) printJson({ ok: unreadable.length === 0, source, kind: argv.kind ?? null, objects, unreadable });
  else {
    for (const o of objects) line(`${o.digest}  ${o.kind.padEnd(12)} ${String(o.size).padStart(8)}${o.import ? `  ${o.import.framework} ${o.import.task ?? '?'} ${o.import.model ?? '?'}` : ''}`);
    for (const u of unreadable) line(`${u.digest}  UNREADABLE ${u.code}: ${u.message} (docket verify)`);
    line(`${objects.length} bundle(s)${argv.kind ? ` of kind ${argv.kind}` : ''}, from ${source === 'index' ? 'the index' : 'the objects (no index)'}`);
  }
  process.exitCode = unreadable.length ? EXIT.FINDINGS : EXIT.OK;
}
