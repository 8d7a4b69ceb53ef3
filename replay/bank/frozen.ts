import type { Archive } from '../store/archive.ts';
import type { Digest } from '../format/digest.ts';
import { findingError, usageError } from '../errors.ts';
import type { BankValue, PromptTemplate, Question } from './types.ts';
import type { TaskValue } from './tasks.ts';

/**
 * A frozen bank, read from the archive alone (what replay, grading and scoring use: never the
 * working tree), and the prompt-template bundle a bank's template is frozen into.
 */

/** A template's request kind, only when it names one (so templates without it keep their bytes and digest). */
const requestKindOf = (t: PromptTemplate): Pick<PromptTemplate, 'requestKind'> => (t.requestKind ? { requestKind: t.requestKind } : {});

export function templateBundle(t: PromptTemplate) {
  return { kind: 'prompt-template', schemaVersion: 1, id: t.id, version: t.version, system: t.system, user: t.user, answerFormat: t.answerFormat, ...requestKindOf(t) };
}

export interface FrozenBank {
  digest: Digest;
  name: string;
  version: string;
  benchmarkVersion: Digest;
  template: PromptTemplate;
  templateDigest: Digest;
  protocolDigest: Digest;
  questions: (Question & { digest: Digest; evidence: Digest; source: Digest })[];
  tasks: FrozenTask[]; // [] for a bank of questions only
}

export type FrozenTask = TaskValue & { digest: Digest; source: Digest };

/** Load a frozen bank from the archive alone (what replay uses: never the working tree). */
export function loadFrozenBank(archive: Archive, digest: Digest): FrozenBank {
  const bank = archive.get(digest).value as unknown as Omit<BankValue, 'kind'> & { kind: string };
  if (bank.kind !== 'bank') throw findingError('EKIND', `${digest} is a ${bank.kind} bundle, not a bank`, { digest });
  const t = archive.get(bank.template).value as unknown as PromptTemplate;
  const questions = bank.questions.map((qr) => {
    const qb = archive.get(qr.digest).value as unknown as { question: Question; evidence: Digest; source: Digest };
    return { ...qb.question, digest: qr.digest, evidence: qb.evidence, source: qb.source };
  });
  const tasks = (bank.tasks ?? []).map((tr) => {
    const tb = archive.get(tr.digest).value as unknown as { kind: string; task: TaskValue; source: Digest };
    if (tb.kind !== 'task') throw findingError('EKIND', `${tr.digest} is a ${tb.kind} bundle, not a task`, { digest: tr.digest });
    return { ...tb.task, digest: tr.digest, source: tb.source };
  });
  return {
    digest,
    name: bank.name,
    version: bank.version,
    benchmarkVersion: bank.benchmarkVersion,
    template: { id: t.id, version: t.version, system: t.system, user: t.user, answerFormat: t.answerFormat, ...requestKindOf(t) },
    templateDigest: bank.template,
    protocolDigest: bank.protocol,
    questions,
    tasks,
  };
}

/** The current bank: refs/bank/current. */
export function currentBank(archive: Archive): FrozenBank {
  const d = archive.ref('bank/current');
  if (!d) throw usageError('ENOBANK', `the archive ${archive.dir} has no frozen bank (refs/bank/current): run \`docket evidence capture\``);
  return loadFrozenBank(archive, d);
}
