import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { byUtf8 } from '../format/utf8.ts';
import { Archive } from '../index/archive.ts';
import { loadFrozenBank, type FrozenBank } from '../bank/frozen.ts';
import { isDigest, parseDigest, type Digest } from '../format/digest.ts';
import { DocketError, EXIT, findingError } from '../errors.ts';
import { currentOf, gradeChain, loadGrade, type LoadedGrade, type VerdictRecord } from '../grading/grade-records.ts';
import { IMPORT_REF_NS } from '../import/record.ts';
import { importListing } from '../import/summary.ts';
import { planSlots, slotKey, type JournalLine } from '../runs/journal.ts';
import type { ItemKind } from '../bank/tasks.ts';
import { loadRun, lockHolder, PLAN_FILE, RUN_ID, WORK_DIR, workDir, type LoadedRun, type PlanValue } from '../runs/runs.ts';
import { checkProvenance, requireAgreement, type RowUse } from '../index/provenance.ts';
import { VERDICT_CODES } from '../index/rows.ts';
import { IndexUnusable } from '../store/sqlindex.ts';
import type { RunForScoring, SlotOutcome, Verdict } from './scoring.ts';

/**
 * The adapter from the archive to the scoring code (docs/scoring.md "Input: slots"): every sealed
 * run (refs/runs/*) that has a current grade (refs/grades/<run-id>) becomes a RunForScoring whose
 * slots are the plan's slots, each the verdict of its final attempt under that grade. Planned slots
 * with no final attempt are 'interrupted'. Runs without a grade are not scored (`docket regrade`
 * grades them; `unscoredRuns` lists them with that command). Read-only of the evidence; the index
 * is brought up to date first (it is a cache).
 */

const withArchive = <T>(archive: string | Archive, fn: (a: Archive) => T): T => {
  if (archive instanceof Archive) return fn(archive);
  const a = new Archive(archive);
  try {
    return fn(a);
  } finally {
    a.close();
  }
};

/** A sealed run left out of scoring because it has no grade yet (requireRun names it). */
export interface UngradedRun {
  runId: string;
  run: Digest;
}

export interface LoadOptions {
  /** Where slot outcomes come from: the index (kept current, see currentIndex), or every bundle re-read. Default: the index, falling back to the bundles. */
  from?: 'index' | 'bundles';
  /** Each slot's answer text (default true); `failures` reads them for its one run instead. */
  answers?: boolean;
  /** Slot outcomes under the earlier grades of each run (default true; only `audit` reads them). */
  earlier?: boolean;
}

/**
 * Every sealed run with a current grade, for scoring. Read from the index when it can be brought
 * up to date, which gives the same values as re-reading every bundle (a test holds the two to
 * that); whenever the index has anything to say against a run in scope (a problem row, a missing
 * row, a grade chain that loops), the bundles are read instead, so errors are the bundles' own.
 */
export function loadRunsForScoring(archive: string | Archive, ungraded?: UngradedRun[], opts: LoadOptions = {}): RunForScoring[] {
  return withArchive(archive, (a) => {
    if (opts.from !== 'bundles') {
      const found: UngradedRun[] = [];
      const runs = cacheOrNull(() => runsFromIndex(a, found, opts));
      if (runs) {
        ungraded?.push(...found);
        return runs;
      }
      if (opts.from === 'index') throw new Error('the index cannot give the runs for scoring');
    }
    return runsFromBundles(a, ungraded, opts);
  });
}

/** The reference path: every run, grade and segment decoded and checked again. */
export function runsFromBundles(a: Archive, ungraded: UngradedRun[] | undefined, opts: LoadOptions = {}): RunForScoring[] {
  const banks = new Map<string, FrozenBank>();
  const bankOf = (d: Digest) => banks.get(d) ?? banks.set(d, loadFrozenBank(a, d)).get(d)!;
  const out: RunForScoring[] = [];
  const runRefs = a.store
    .listRefs()
    .filter((r) => r.name.startsWith(`${WORK_DIR}/`))
    .map((r) => r.name.slice(WORK_DIR.length + 1))
    .sort();
  for (const id of runRefs) {
    const run = loadRun(a, id);
    if (run.run.serves) continue; // a judge run is evidence of a grade, not a contestant
    const chain = gradeChain(a, id).filter((g) => g.value.run === run.digest); // a grade of an older bundle of this id is not this run's
    const current = currentOf(chain, run.digest);
    if (!current) {
      ungraded?.push({ runId: run.run.id, run: run.digest });
      continue;
    }
    const bank = bankOf(run.plan.bank);
    const slots = slotOutcomes(run, bank, current);
    const earlier = opts.earlier === false ? null : chain.filter((g) => g !== current).map((g) => ({ grade: g.digest, slots: slotOutcomes(run, bank, g) }));
    if (opts.answers === false) for (const s of [slots, ...(earlier ?? []).map((g) => g.slots)].flat()) s.answerText = null;
    out.push({
      run: run.digest,
      grade: current.digest,
      grader: { ref: current.value.grader.ref, digest: current.value.grader.digest },
      runId: run.run.id,
      model: run.run.model,
      status: run.run.status,
      benchmarkVersion: run.run.benchmarkVersion,
      benchmark: bank.name,
      providerModels: providerModels(run.lines),
      sealedAt: run.run.sealedAt,
      // Coverage is measured against the benchmark, not the run's own plan: a run planned with
      // --limit-evals measured part of the bank and must not rank beside runs of all of it.
      planned: (bank.questions.length * run.plan.permutations + bank.tasks.length) * run.plan.repetitions,
      ...(bank.tasks.length ? { plannedByKind: plannedByKind(bank, run.plan), weights: protocolWeights(a, bank) } : {}),
      slots,
      ...(earlier ? { earlierGrades: earlier } : {}),
    });
  }
  return out;
}

/** Run a read of the index; null when the cache cannot be used here (unwritable, damaged, busy): the bundles decide then. */
function cacheOrNull<T>(f: () => T | null): T | null {
  try {
    return f();
  } catch (e) {
    const err = e as { name?: string; code?: unknown; syscall?: unknown };
    if (e instanceof IndexUnusable || err?.name === 'SqliteError' || (typeof err?.code === 'string' && typeof err.syscall === 'string')) return null;
    if (e instanceof DocketError && ((e.code === 'EINDEX' && e.exitCode === EXIT.USAGE) || e.code === 'EBUSY')) return null; // an unusable file, not a disagreement
    throw e;
  }
}

const VERDICT_OF: Record<string, Verdict> = Object.fromEntries(Object.entries(VERDICT_CODES).map(([v, c]) => [c, v as Verdict]));
const CHOSEN_OF: Record<string, string | null> = { A: 'A', B: 'B', C: 'C', D: 'D', '-': null };

interface PlannedSlot {
  question: string;
  sourceEval: string;
  key: string;
  permutation: number;
  repetition: number;
  kind?: ItemKind; // a task's (absent for a question)
}

/**
 * The index path: one row per run, per grade and per plan, and each run's slots built from its
 * pack (the final attempt of every planned slot) and its grade's pack (one verdict letter per
 * attempt). Null when anything in scope is not as the bundle path would find it and the index
 * agrees with its bundles about it (a problem the bundles name). Before it answers, every row it
 * read is checked against its provenance and every bundle behind them re-hashed (index/
 * provenance.ts): a disagreement ends the read with EINDEX, a damaged bundle with its own code.
 */
function runsFromIndex(a: Archive, ungraded: UngradedRun[], opts: LoadOptions): RunForScoring[] | null {
  const db = a.currentIndex().db;
  const uses: RowUse[] = [];
  const rehash: string[] = [];
  const use = (bundle: string, ...tables: string[]) => {
    uses.push({ bundle, tables });
    rehash.push(bundle);
  };
  const segments = db.prepare("SELECT dst FROM edges WHERE src = ? AND pointer LIKE '/segments/%'").pluck();
  const parts = db.prepare("SELECT dst FROM edges WHERE src = ? AND pointer IN ('/template', '/protocol')").pluck();
  /** The index lacks what the bundles should have given it: a disagreement unless the bundles explain it (then they are read). */
  const missing = (bundle: string, ...tables: string[]): null => {
    requireAgreement(checkProvenance(db, a.store, [{ bundle, tables }], []));
    return null;
  };
  const refs = new Map(a.listedRefs().map((r) => [r.name, r.raw.trim()]));
  const ids = [...refs.keys()]
    .filter((n) => n.startsWith(`${WORK_DIR}/`))
    .map((n) => n.slice(WORK_DIR.length + 1))
    .sort();
  const problems = new Set(db.prepare('SELECT digest FROM problems').pluck().all() as string[]);
  const grades = new Map(
    (db.prepare('SELECT digest, run, previous, current, grader_ref, grader_digest FROM grades').raw().all() as [string, string, string | null, number, string, string][]).map(
      ([d, run, previous, current, graderRef, graderDigest]) => [d, { run, previous, current: current === 1, grader: { ref: graderRef, digest: graderDigest } }],
    ),
  );
  // The runs and the packs are read by one scan of each table, not a lookup per run: at thousands
  // of runs the lookups cost 4x the scans (a pack row is ~2 KB, spread over overflow pages).
  const byKey = <T extends unknown[]>(sql: string) => new Map((db.prepare(sql).raw().all() as [string, ...T][]).map(([k, ...rest]) => [k, rest as T]));
  const runRows = byKey<[string, string, string, RunForScoring['status'], string, string, string]>('SELECT digest, id, plan, model, status, benchmark_version, sealed_at, kind FROM runs');
  const runPacks = byKey<[number, string, string, string, string, string]>('SELECT run, lines, final_seq, attempts, cost_usd, unknown_cost_attempts, models FROM run_packs');
  const gradePacks = byKey<[string, string, string | null]>('SELECT grade, verdicts, chosen, scores FROM grade_packs');
  const planRow = db.prepare('SELECT bank, permutations, repetitions, questions, tasks FROM plans WHERE digest = ?').raw();
  const bankRow = db.prepare('SELECT name, questions, tasks, protocol FROM banks WHERE digest = ?').raw();
  const bankQuestions = db.prepare('SELECT q.id, q.source_eval, q.key FROM bank_questions bq JOIN questions q ON q.digest = bq.digest WHERE bq.bank = ?').raw();
  const bankTasks = db.prepare('SELECT t.id, t.source_eval, t.kind FROM bank_tasks bt JOIN tasks t ON t.digest = bt.digest WHERE bt.bank = ?').raw();
  const answers = db.prepare('SELECT answer_text FROM slots WHERE run = ? ORDER BY slot').pluck();
  const bankQuestionDigests = db.prepare('SELECT digest FROM bank_questions WHERE bank = ?').pluck();
  const finishes = db.prepare('SELECT finish_reason FROM slots WHERE run = ? ORDER BY slot').pluck();
  type IndexedPlan = { slots: PlannedSlot[]; planned: number; bank: string; name: string; tasks: Pick<RunForScoring, 'plannedByKind' | 'weights'> | null };
  const plans = new Map<string, IndexedPlan | null>();
  const planOf = (digest: string) => {
    if (!plans.has(digest)) plans.set(digest, readPlan(digest));
    return plans.get(digest)!;
  };
  const readPlan = (digest: string): IndexedPlan | null => {
    const p = planRow.get(digest) as [string, number, number, string, string] | undefined;
    if (!p) return problems.has(digest) ? null : missing(digest, 'plans');
    if (problems.has(p[0])) return null;
    const bank = bankRow.get(p[0]) as [string, number, number, Digest] | undefined;
    if (!bank) return missing(p[0], 'banks');
    use(digest, 'plans');
    use(p[0], 'banks', 'bank_questions', 'bank_tasks');
    rehash.push(...(parts.all(p[0]) as string[]));
    for (const q of bankQuestionDigests.all(p[0]) as string[]) use(q, 'questions');
    const qs = new Map<string, { sourceEval: string; key: string; kind?: ItemKind }>((bankQuestions.all(p[0]) as [string, string, string][]).map(([id, sourceEval, key]) => [id, { sourceEval, key }]));
    const taskRows = bankTasks.all(p[0]) as [string, string, ItemKind][];
    if (taskRows.length !== bank[2]) return null; // a task bundle not indexed: the bundles name it
    for (const [id, sourceEval, kind] of taskRows) qs.set(id, { sourceEval, key: '', kind }); // a task has no key
    const slots: PlannedSlot[] = [];
    for (const s of planSlots(JSON.parse(p[3]) as string[], p[1], p[2], JSON.parse(p[4]) as string[])) {
      const q = qs.get(s.question);
      if (!q) return null; // EPLAN: the bundles name it
      slots.push({ question: s.question, sourceEval: q.sourceEval, key: q.key, permutation: s.permutation, repetition: s.repetition, ...(q.kind ? { kind: q.kind } : {}) });
    }
    // A bank with tasks: its kinds' planned slots, and the weights its protocol bundle declares (read from the bundle, digest checked).
    const tasks = bank[2]
      ? {
          plannedByKind: byKind(
            bank[1] * p[1] * p[2],
            taskRows.map(([, , kind]) => kind),
            p[2],
          ),
          weights: weightsOf(a, bank[3]),
        }
      : null;
    return { slots, planned: (bank[1] * p[1] + bank[2]) * p[2], bank: p[0], name: bank[0], tasks };
  };
  const out: RunForScoring[] = [];
  for (const id of ids) {
    const digest = refs.get(`${WORK_DIR}/${id}`)!;
    if (!RUN_ID.test(id) || !isDigest(digest) || problems.has(digest)) return null;
    const run = runRows.get(digest);
    if (!run) return missing(digest, 'runs');
    if (run[6] === 'judge') continue; // a judge run is evidence of a grade, not a contestant (docs/design.md §9 "Judge runs")
    const chain: { digest: string; run: string; current: boolean; grader: { ref: string; digest: string } }[] = [];
    const head = refs.get(`grades/${id}`);
    if (head !== undefined) {
      if (!isDigest(head)) return null;
      const seen = new Set<string>();
      for (let d: string | null = head; d !== null; ) {
        const g = grades.get(d);
        if (!g && !problems.has(d)) return missing(d, 'grades');
        if (!g || seen.has(d) || problems.has(d)) return null; // not a grade, a loop, a damaged record: the bundles say which
        use(d, 'grades');
        seen.add(d);
        chain.push({ digest: d, run: g.run, current: g.current, grader: g.grader });
        d = g.previous;
      }
    }
    // The current grade first (grade-records.ts currentOf), then the earlier ones, newest first.
    const mine = chain.filter((g) => g.run === digest).sort((x, y) => Number(y.current) - Number(x.current));
    use(digest, 'runs');
    if (!mine.length || !mine[0]!.current) {
      ungraded.push({ runId: run[0], run: digest as Digest });
      continue;
    }
    const plan = planOf(run[1]);
    if (!plan) return null;
    const pack = runPacks.get(digest);
    if (!pack) return missing(digest, 'run_packs');
    use(digest, 'run_packs', ...(opts.answers === false ? [] : ['slots']));
    rehash.push(...(segments.all(digest) as string[]));
    const final = Int32Array.from(JSON.parse(pack[1]) as number[]);
    const attempts = Int32Array.from(JSON.parse(pack[2]) as number[]);
    const cost = Float64Array.from(JSON.parse(pack[3]) as number[]);
    const unknown = Int32Array.from(JSON.parse(pack[4]) as number[]);
    if (final.length !== plan.slots.length) return null;
    const texts = opts.answers === false ? null : (answers.all(digest) as (string | null)[]);
    const finish = plan.tasks ? (finishes.all(digest) as (string | null)[]) : null;
    const packs: [string, string, (number | null)[] | null][] = [];
    for (const g of mine) {
      const gp = gradePacks.get(g.digest);
      if (!gp) return missing(g.digest, 'grade_packs');
      if (gp[0].length !== pack[0]) return missing(g.digest, 'grade_packs') ?? missing(digest, 'run_packs'); // else EGRADE: verdicts and attempts do not line up
      const scores = gp[2] === null ? null : (JSON.parse(gp[2]) as (number | null)[]);
      if (plan.tasks && scores?.length !== pack[0]) return null; // a grade of task slots without their scores
      use(g.digest, 'grade_packs');
      rehash.push(...(segments.all(g.digest) as string[]));
      packs.push([gp[0], gp[1], scores]);
    }
    // The slots are built from these packs on each read (a few KB per run), never held: a
    // million slot outcomes at once would not fit in the memory the reading commands keep to.
    const outcomes =
      ([verdicts, chosen, scores]: [string, string, (number | null)[] | null]) =>
      (): SlotOutcome[] =>
        plan.slots.map((s, k) => {
          const f = final[k]!;
          return {
            question: s.question,
            sourceEval: s.sourceEval,
            permutation: s.permutation,
            repetition: s.repetition,
            verdict: f >= 0 ? VERDICT_OF[verdicts[f]!]! : 'interrupted',
            chosen: f >= 0 ? CHOSEN_OF[chosen[f]!]! : null,
            key: s.key,
            ...(s.kind ? { kind: s.kind, score: f >= 0 ? (scores![f] ?? null) : null, finishReason: finish![k] ?? null } : {}),
            answerText: texts ? texts[k]! : null,
            attempts: attempts[k]!,
            costUsd: cost[k]!,
            unknownCostAttempts: unknown[k]!,
          };
        });
    const scored = {
      run: digest,
      grade: mine[0]!.digest,
      grader: mine[0]!.grader,
      runId: run[0],
      model: run[2],
      status: run[3],
      benchmarkVersion: run[4],
      benchmark: plan.name,
      providerModels: JSON.parse(pack[5]) as string[],
      sealedAt: run[5],
      planned: plan.planned,
      ...(plan.tasks ?? {}),
    } as RunForScoring;
    Object.defineProperty(scored, 'slots', { get: outcomes(packs[0]!), enumerable: true });
    if (opts.earlier !== false) {
      scored.earlierGrades = mine
        .slice(1)
        .map((g, i) => Object.defineProperty({ grade: g.digest } as { grade: string; slots: SlotOutcome[] }, 'slots', { get: outcomes(packs[i + 1]!), enumerable: true }));
    }
    out.push(scored);
  }
  requireAgreement(checkProvenance(db, a.store, uses, rehash));
  return out;
}

/** One run's slot outcomes with their answer texts (what `failures` shows): from the index, else the bundles. */
export function slotsWithAnswers(archive: string | Archive, run: RunForScoring): SlotOutcome[] {
  const slots = run.slots.map((s) => ({ ...s }));
  withArchive(archive, (a) => {
    const texts = cacheOrNull(() => {
      const db = a.currentIndex().db;
      requireAgreement(checkProvenance(db, a.store, [{ bundle: run.run, tables: ['slots'] }], [run.run]));
      return db.prepare('SELECT answer_text FROM slots WHERE run = ? ORDER BY slot').pluck().all(run.run) as (string | null)[];
    });
    if (texts && texts.length === slots.length) texts.forEach((t, k) => (slots[k]!.answerText = t));
    else {
      const loaded = loadRun(a, run.run);
      const grade = gradeChain(a, loaded.run.id).find((g) => g.digest === run.grade) ?? loadGrade(a, run.grade as Digest);
      slotOutcomes(loaded, loadFrozenBank(a, loaded.plan.bank), grade).forEach((s, k) => (slots[k]!.answerText = s.answerText));
    }
  });
  return slots;
}

/** Why a run in the archive is not among the runs scored, and the command that changes that. */
export interface Unscored {
  runId: string;
  run: string | null; // the sealed run bundle, or the import's run digest
  why: string;
  command: string | null; // null: nothing to run (a recorder is still at it)
  framework?: string; // an import: its framework, task and model
  task?: string | null;
  model?: string | null;
}

/**
 * Every run the archive holds that scoring leaves out: sealed runs without a grade (recorded
 * before runs were graded on seal, or their grade was never written), working directories never
 * sealed (interrupted or still recording), and imported logs (audited by their own rule).
 */
export function unscoredRuns(archive: string | Archive, ungraded: readonly UngradedRun[]): Unscored[] {
  return withArchive(archive, (a) => {
    // Refs the index remembers and refs/ lost (index/lost-refs.ts): `docket repair` brings them back, and regrade must not write over a lost grade ref.
    const lost = new Map((cacheOrNull(() => a.currentIndex().lostRefs()) ?? []).map((l) => [l.name, l]));
    const out: Unscored[] = ungraded.map((u) => {
      const grade = lost.get(`grades/${u.runId}`);
      return grade
        ? { runId: u.runId, run: u.run, why: `its grade ref grades/${u.runId} is gone from refs/ (the index remembers ${grade.digest})`, command: 'docket repair' }
        : { runId: u.runId, run: u.run, why: 'sealed, not graded yet', command: `docket regrade ${u.runId}` };
    });
    const listing = a.listedRefs();
    const sealed = new Set(listing.filter((r) => r.name.startsWith(`${WORK_DIR}/`)).map((r) => r.name.slice(WORK_DIR.length + 1)));
    for (const l of lost.values()) {
      const id = l.name.slice(WORK_DIR.length + 1);
      if (l.name.startsWith(`${WORK_DIR}/`) && !sealed.has(id)) out.push({ runId: id, run: l.digest, why: `its ref ${l.name} is gone from refs/ (the index remembers it)`, command: 'docket repair' });
    }
    const base = join(a.dir, WORK_DIR);
    const dirs = existsSync(base)
      ? readdirSync(base)
          .filter((id) => RUN_ID.test(id) && !sealed.has(id))
          .sort(byUtf8)
      : [];
    for (const id of dirs) {
      const pid = lockHolder(workDir(a.dir, id));
      out.push(
        pid
          ? { runId: id, run: null, why: `still recording (pid ${pid})`, command: null }
          : (servedBy(a, id) ?? { runId: id, run: null, why: 'stopped before it was sealed (`--resume ID --abandon` seals it as it stands)', command: `docket run --resume ${id}` }),
      );
    }
    const imports = listing.filter((x) => x.name.startsWith(`${IMPORT_REF_NS}/`)).map((r) => ({ name: r.name, digest: r.raw.trim() as Digest }));
    for (const r of importListing(a, imports)) {
      const what = r.error ? `unreadable (${r.error})` : `imported ${r.framework} log (task ${r.task ?? '?'}, model ${r.model ?? '?'})`;
      out.push({
        runId: r.ref,
        run: r.run,
        why: `${what}: scored by its framework's own rule`,
        command: 'docket audit --imported',
        ...(r.error ? {} : { framework: r.framework, task: r.task, model: r.model }),
      });
    }
    return out;
  });
}

/** A judge run's working directory (its plan has `judge`): continued by `docket judge` of the run it serves; null for any other. */
function servedBy(a: Archive, id: string): Unscored | null {
  try {
    const plan = a.get(parseDigest(readFileSync(join(workDir(a.dir, id), PLAN_FILE), 'utf8').trim())).value as unknown as PlanValue;
    if (!plan.judge) return null;
    return { runId: id, run: null, why: `a judge run of ${plan.judge.serves.runId}, stopped before it was sealed`, command: `docket judge ${plan.judge.serves.runId} --base-url URL` };
  } catch {
    return null; // unreadable: listed as any stopped run
  }
}

/** The distinct model ids the provider answered as, in code-point order (attempts without a reply have none). */
function providerModels(lines: readonly JournalLine[]): string[] {
  return [...new Set(lines.map((l) => l.model).filter((m): m is string => m !== null))].sort();
}

/** Every planned slot with the verdict of its final attempt; a slot never closed is 'interrupted'. */
export function slotOutcomes(run: LoadedRun, bank: FrozenBank, grade: LoadedGrade): SlotOutcome[] {
  const verdicts = grade.verdicts;
  if (verdicts.length !== run.lines.length) {
    throw findingError('EGRADE', `grade ${grade.digest} has ${verdicts.length} verdicts; run ${run.run.id} has ${run.lines.length} attempts`, { grade: grade.digest, run: run.digest });
  }
  const questions = new Map<string, { sourceEval: string; key: string; kind?: ItemKind }>(bank.questions.map((q) => [q.id, q]));
  for (const t of bank.tasks) questions.set(t.id, { sourceEval: t.sourceEval, key: '', kind: t.kind });
  const bySlot = new Map<string, { lines: JournalLine[]; verdicts: VerdictRecord[] }>();
  run.lines.forEach((l, i) => {
    const k = slotKey(l.slot);
    const e = bySlot.get(k) ?? { lines: [], verdicts: [] };
    e.lines.push(l);
    e.verdicts.push(verdicts[i]!);
    bySlot.set(k, e);
  });
  return planSlots(run.plan.questions, run.plan.permutations, run.plan.repetitions, run.plan.tasks).map((slot) => {
    const q = questions.get(slot.question);
    if (!q) throw findingError('EPLAN', `run ${run.run.id} plans question ${slot.question}, which is not in bank ${bank.digest}`, { question: slot.question });
    const e = bySlot.get(slotKey(slot)) ?? { lines: [], verdicts: [] };
    const fi = e.lines.findIndex((l) => l.final);
    const last = fi >= 0 ? fi : e.lines.length - 1;
    const known = e.lines.filter((l) => l.costUsd !== null);
    return {
      question: slot.question,
      sourceEval: q.sourceEval,
      permutation: slot.permutation,
      repetition: slot.repetition,
      verdict: fi >= 0 ? e.verdicts[fi]!.verdict : 'interrupted',
      chosen: fi >= 0 ? e.verdicts[fi]!.chosen : null,
      key: q.key,
      // A task slot: its kind, its score, and why its last attempt stopped (answered badly vs did not answer).
      ...(q.kind ? { kind: q.kind, score: fi >= 0 ? (e.verdicts[fi]!.score ?? null) : null, finishReason: last >= 0 ? e.lines[last]!.finishReason : null } : {}),
      answerText: last >= 0 ? e.lines[last]!.content : null,
      attempts: e.lines.length,
      costUsd: Math.round(known.reduce((s, l) => s + l.costUsd!, 0) * 1e12) / 1e12, // float sums drift in the last digit
      unknownCostAttempts: e.lines.length - known.length,
    };
  });
}

/** The weights a bank's protocol bundle declares (a bank with tasks always has them). */
function weightsOf(a: Archive, protocol: Digest): RunForScoring['weights'] {
  const p = a.get(protocol).value as { weights?: RunForScoring['weights'] };
  return p.weights;
}
const protocolWeights = (a: Archive, bank: FrozenBank) => weightsOf(a, bank.protocolDigest);

/** Planned slots per kind, over the whole benchmark (as `planned`): the question slots, then one per task and repetition. */
function byKind(choiceSlots: number, taskKinds: readonly ItemKind[], repetitions: number): Partial<Record<ItemKind, number>> {
  const out: Partial<Record<ItemKind, number>> = {};
  if (choiceSlots) out.choice = choiceSlots;
  for (const k of taskKinds) out[k] = (out[k] ?? 0) + repetitions;
  return out;
}
const plannedByKind = (bank: FrozenBank, plan: { permutations: number; repetitions: number }) =>
  byKind(
    bank.questions.length * plan.permutations * plan.repetitions,
    bank.tasks.map((t) => t.kind),
    plan.repetitions,
  );

/** The benchmark version of the archive's current bank (refs/bank/current); null when it has none. */
export function currentBenchmarkVersion(archive: string | Archive): string | null {
  return withArchive(archive, (a) => {
    const d = a.ref('bank/current');
    if (!d) return null;
    const bank = a.get(d).value as { kind?: string; benchmarkVersion?: string };
    return bank.kind === 'bank' && typeof bank.benchmarkVersion === 'string' ? bank.benchmarkVersion : null;
  });
}
