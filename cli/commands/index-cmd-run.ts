import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import { INDEX_SCHEMA_VERSION } from '../../replay/index/schema.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';

export function runIndex(argv: ArgumentsCamelCase<GlobalArgs>) {
  requireDir(argv.archive, 'archive');
  if (!argv.json) line(`index ${argv.archive}: rebuilding every table from the bundles and refs`); // before the work
  const archive = new Archive(argv.archive);
  const t = performance.now();
  try {
    const idx = archive.rebuildIndex();
    const ms = performance.now() - t;
    const tables = Object.fromEntries(idx.tables().map((name) => [name, idx.db.prepare(`SELECT COUNT(*) FROM "${name}"`).pluck().get() as number]));
    const problems = tables.problems ?? 0;
    if (argv.json) printJson({ ok: true, schemaVersion: INDEX_SCHEMA_VERSION, objects: tables.objects, refs: tables.refs, tables, ms });
    else {
      line(`index rebuilt from ${tables.objects} objects and ${tables.refs} refs in ${ms.toFixed(0)} ms (schema ${INDEX_SCHEMA_VERSION})`);
      line(
        `  ${Object.entries(tables)
          .filter(([n]) => !['meta', 'objects', 'refs'].includes(n))
          .map(([n, c]) => `${n} ${c}`)
          .join(', ')}`,
      );
      if (tables.lost_refs) line(`  ${tables.lost_refs} ref(s) the index recorded are gone from refs/ and kept as lost: \`docket verify\` lists them, \`docket repair\` restores them`);
      if (problems) line(`  ${problems} bundle(s) could not give all their rows: \`docket sql "SELECT * FROM problems"\` says why, \`docket verify\` finds the damage`);
    }
  } finally {
    archive.close();
  }
}
