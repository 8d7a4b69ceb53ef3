import type { Digest } from '../format/digest.ts';
import { sha256 } from '../format/digest.ts';
import type { Store } from '../store/store.ts';
import { canonicalText } from '../format/json.ts';
import { logBytes, logValue, runValue, sampleValue } from './record.ts';
import { loadImport, replan } from './store.ts';
import type { JsonObject } from './types.ts';
import { finding, type Finding } from '../findings.ts';

/**
 * verify's import step (docs/import.md "Verify"): each foreign-log's bytes hash to the digest it
 * records, and each foreign-run is exactly what `docket import` makes of its source files today —
 * every sample bundle and the run re-derived from the stored bytes, canonical content for canonical content (encoding is a pure function of it). A sample
 * edited in the archive, or a run whose samples do not come from its logs, is a finding.
 */

export async function checkImports(store: Pick<Store, 'get'>, objects: { digest: Digest; kind: string | null }[]): Promise<{ checked: number; findings: Finding[] }> {
  const findings: Finding[] = [];
  let checked = 0;
  for (const o of objects) {
    if (o.kind === 'foreign-log') {
      checked++;
      const v = store.get(o.digest).value as JsonObject;
      const bytes = logBytes(v as { content: string });
      if (sha256(bytes) !== v.sha256 || bytes.length !== v.size || bytes.toString('base64') !== v.content) {
        findings.push(finding('EIMPORTLOG', `foreign-log ${String(v.name)}: its content does not hash to the sha256 and size it records`, { digest: o.digest }));
      }
    } else if (o.kind === 'foreign-run') {
      checked++;
      findings.push(...(await checkRun(store, o.digest)));
    }
  }
  return { checked, findings };
}

async function checkRun(store: Pick<Store, 'get'>, digest: Digest): Promise<Finding[]> {
  let loaded;
  try {
    loaded = loadImport(store, digest);
  } catch (e) {
    return [finding('EIMPORTRECORD', `foreign-run cannot be read with its samples and logs: ${(e as Error).message}`, { digest })];
  }
  let plan;
  try {
    plan = await replan(loaded);
  } catch (e) {
    return [finding('EIMPORTRECORD', `its source logs no longer import: ${(e as Error).message}`, { digest })];
  }
  // Canonical text, not digests: encoding is a pure function of it, and re-compressing every
  // bundle would cost verify most of an import's time.
  const logs = loaded.logs.map((l) => l.digest);
  const differ: string[] = [];
  plan.samples.forEach((s, i) => {
    const stored = loaded.samples[i];
    if (!stored || canonicalText(stored.value) !== canonicalText(sampleValue(plan, s, logs))) differ.push(s.entry);
  });
  const sameLogs = plan.files.every((f, i) => loaded.logs[i] && canonicalText({ ...logValue(f), content: '' }) === canonicalText({ ...loaded.logs[i]!.value, content: '' }));
  const sameRun =
    canonicalText(
      runValue(
        plan,
        logs,
        loaded.samples.map((s) => s.digest),
      ),
    ) === canonicalText(loaded.run);
  if (!differ.length && sameLogs && sameRun && plan.samples.length === loaded.samples.length) return [];
  const stored = loaded.samples;
  const what =
    stored.length !== plan.samples.length
      ? `${stored.length} samples recorded, ${plan.samples.length} in the source`
      : differ.length
        ? `samples that differ from the source: ${differ.slice(0, 5).join(', ')}${differ.length > 5 ? ` and ${differ.length - 5} more` : ''}`
        : 'its header, layout or log list differs from the source';
  return [finding('EIMPORTRECORD', `the import record does not match its source bytes (${what})`, { digest })];
}
