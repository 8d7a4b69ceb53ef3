import { withArchive } from '../../commands/regrade-run.ts';
import { readInspectFile } from '../../../replay/import/inspect.ts';
import { planLmEval, selectImports, storeImport } from '../../../replay/import/store.ts';
import type { ImportPlan } from '../../../replay/import/types.ts';

// Imports for the tests of replay/import/: stored into an archive directory, and read back as the checks read them.

export const storePlans = (dir: string, plans: ImportPlan[]) => withArchive(dir, (a) => plans.map((p) => storeImport(a, p)));

export async function importInspect(dir: string, name: string, bytes: Uint8Array) {
  const plan = await readInspectFile(name, bytes);
  return storePlans(dir, [plan])[0]!;
}

export function importLmEval(dir: string, src: string) {
  const { plans, skipped } = planLmEval(src);
  return { results: storePlans(dir, plans), skipped };
}

export const loadedImports = (dir: string) => withArchive(dir, (a) => selectImports(a, []));
