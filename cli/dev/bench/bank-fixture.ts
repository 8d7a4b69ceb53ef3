import { join } from 'node:path';
import { benchmarkVersion } from '../../../replay/bank/bank.ts';
import { loadFrozenBank, type FrozenBank } from '../../../replay/bank/frozen.ts';
import type { Question } from '../../../replay/bank/types.ts';
import type { Digest } from '../../../replay/format/digest.ts';
import { Archive } from '../../../replay/index/archive.ts';
import { Store } from '../../../replay/store/store.ts';
import { REPO } from './common.ts';

/**
 * A bank for the benchmarks: the shipped bank's questions, copied under new ids and stems up to
 * `count` (the first copy keeps the shipped ids), over the shipped sources and evidence, written
 * into `store` (the archive at `dir`) and named bank/current where the caller sets it.
 */
export function syntheticBank(store: Store, dir: string, count: number, name: string): FrozenBank {
  const shippedArchive = new Archive(join(REPO, 'evidence'));
  const shipped = loadFrozenBank(shippedArchive, shippedArchive.ref('bank/current')!);
  shippedArchive.close();
  const needed = new Set<Digest>([shipped.templateDigest, shipped.protocolDigest, ...shipped.questions.flatMap((q) => [q.source, q.evidence])]);
  const src = new Store(join(REPO, 'evidence'));
  for (const d of needed) store.putBytes(src.getBytes(d), d);
  const questions: { id: string; digest: Digest; q: Question }[] = [];
  for (let k = 0; questions.length < count; k++) {
    const s = shipped.questions[k % shipped.questions.length]!;
    const copy = Math.floor(k / shipped.questions.length);
    const q: Question = {
      id: copy ? `${s.id}-c${copy}` : s.id,
      sourceEval: s.sourceEval,
      stem: copy ? `${s.stem}\n(variant ${copy})` : s.stem,
      options: [...s.options] as Question['options'],
      key: s.key,
      claim: s.claim,
      doesNotEstablish: s.doesNotEstablish,
      probe: s.probe,
    };
    questions.push({ id: q.id, q, digest: store.put({ kind: 'question', schemaVersion: 1, question: q, source: s.source, evidence: s.evidence }).digest });
  }
  questions.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const sources = [...new Map(shipped.questions.map((q) => [q.sourceEval, q.source])).entries()]
    .map(([sourceEval, digest]) => ({ sourceEval, digest }))
    .sort((a, b) => (a.sourceEval < b.sourceEval ? -1 : 1));
  const bv = benchmarkVersion({ protocol: shipped.protocolDigest, template: shipped.templateDigest, questions: questions.map((x) => x.q), sources });
  const digest = store.put({
    kind: 'bank',
    schemaVersion: 1,
    name,
    version: '1',
    benchmarkVersion: bv,
    template: shipped.templateDigest,
    protocol: shipped.protocolDigest,
    questions: questions.map(({ id, digest }) => ({ id, digest })),
    sources,
    omissions: [],
  }).digest;
  const a = new Archive(dir);
  try {
    return loadFrozenBank(a, digest);
  } finally {
    a.close();
  }
}
