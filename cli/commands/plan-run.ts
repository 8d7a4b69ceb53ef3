import { writeFileSync } from 'node:fs';
import type { ArgumentsCamelCase } from 'yargs';
import { Archive } from '../../replay/index/archive.ts';
import type { Digest } from '../../replay/format/digest.ts';
import { EXIT, findingError, usageError } from '../../replay/errors.ts';
import { canonicalBytes, type Json } from '../../replay/format/json.ts';
import { gradedAtNow } from '../../replay/grading/grades.ts';
import { currentBank } from '../../replay/bank/frozen.ts';
import { commitPlan, readPlanLog, resolvePlanRecord, type PlanRecord } from '../../replay/runs/plans.ts';
import { planStatus, readHistory } from '../../replay/runs/history.ts';
import type { PlanValue } from '../../replay/runs/runs.ts';
import { kindOf } from '../../replay/runs/request.ts';
import { loadPrivateKey } from '../../replay/release/dsse.ts';
import { logRoot } from '../../replay/release/merkle.ts';
import { PLAN_PREDICATE, planPredicate, signStatement, statementOf, storeAttestation, subjectOf } from '../../replay/release/attest.ts';
import { signCheckpoint, validName, verifierKey } from '../../replay/release/checkpoint.ts';
import { makePlan } from '../recorder/recorder.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';
import { requireDir } from '../paths.ts';
import { planInput, type PlanArgs } from './plan-options.ts';
import { readKey } from './release-run.ts';

/** `docket plan …` (docs/design.md §22): pre-registration through the archive's plan log. */

export interface CommitArgs extends GlobalArgs, PlanArgs {
  sign?: string;
  out?: string;
}
export interface ShowArgs extends GlobalArgs {
  record: string;
}
export interface CheckpointArgs extends GlobalArgs {
  key: string;
  origin?: string;
  name?: string;
  out?: string;
}

function withArchive<T>(dir: string, f: (a: Archive) => T): T {
  requireDir(dir, 'archive');
  const a = new Archive(dir);
  try {
    return f(a);
  } finally {
    a.close();
  }
}

/** The `docket run` command line that freezes exactly this plan (so `--plan` accepts it). */
export function runCommandFor(record: Digest, p: PlanValue): string {
  const flags: [string, string | number | null][] = [
    ['--plan', record],
    ['--model', p.model],
    ['--base-url', p.baseUrl],
    ['--repetitions', p.repetitions],
    ['--grader', p.grader.ref],
    ['--max-tokens', p.params.max_tokens],
    ['--temperature', p.params.temperature],
    ['--seed', p.params.seed ?? null],
    ['--request-kind', kindOf(p.requestFormat)],
    ['--limit-evals', p.caps.limitEvals],
    ['--max-requests', p.caps.maxRequests],
    ['--max-known-cost-usd', p.caps.maxKnownCostUsd],
    ['--retries', p.caps.retries],
    ['--timeout-ms', p.caps.timeoutMs],
  ];
  const quote = (v: string) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`);
  return ['docket run', ...flags.filter(([, v]) => v !== null).map(([f, v]) => `${f} ${quote(String(v))}`)].join(' ');
}

export function runPlanCommit(argv: ArgumentsCamelCase<CommitArgs>) {
  const o = planInput(argv);
  if (!o.model || !o.baseUrl) throw usageError('EUSAGE', 'docket plan commit needs --model and --base-url: a plan names the endpoint it will be run against');
  if (argv.out && !argv.sign) throw usageError('EUSAGE', '--out writes the signed attestation: pass --sign KEY too');
  const key = argv.sign ? loadPrivateKey(readKey(argv.sign), argv.sign) : undefined;
  const r = withArchive(argv.archive, (a) => {
    const p = makePlan(a, o); // the plan `docket run` would freeze with these flags, graders checked
    if (p.refusal) throw findingError('EBUDGET', `plan not committed: a run of it could not start (${p.refusal})`, { reason: p.refusal });
    const { record, plan, finished } = commitPlan(a, p.plan, gradedAtNow());
    let attestation: Digest | null = null;
    if (key) {
      const st = statementOf([subjectOf(`plan-record/${record.value.seq}`, record.digest)], PLAN_PREDICATE, planPredicate(a, record.digest));
      const env = signStatement(st, key);
      attestation = storeAttestation(a, record.digest, st, env);
      if (argv.out) writeFileSync(argv.out, `${Buffer.from(canonicalBytes(env as unknown as Json)).toString('utf8')}\n`);
    }
    return { record, plan, finished, attestation, slots: p.plan.slots, command: runCommandFor(record.digest, p.plan) };
  });
  const v = r.record.value;
  if (argv.json)
    return printJson({
      ok: true,
      digest: r.record.digest,
      seq: v.seq,
      previous: v.previous,
      plan: r.plan,
      model: v.model,
      benchmarkVersion: v.benchmarkVersion,
      committedAt: v.committedAt,
      slots: r.slots,
      attestation: r.attestation,
      finished: r.finished,
      out: argv.out ?? null,
      command: r.command,
    });
  line(r.record.digest); // first: the digest to publish
  if (r.finished) line(`  (first finished an interrupted commit: record ${r.finished} is now on the log, before this one)`);
  line(`  plan record ${v.seq} of the plan log (previous ${v.previous ?? 'none: the first'}), committed ${v.committedAt}`);
  line(`  plan ${r.plan}: ${v.model} on ${v.benchmarkVersion}, ${r.slots} requests`);
  if (r.attestation) line(`  signed: attestation ${r.attestation}${argv.out ? `, written to ${argv.out}` : ''}`);
  line(`Publish the digest now. Run exactly this plan with:\n  ${r.command}`);
}

export function runPlanList(argv: ArgumentsCamelCase<GlobalArgs>) {
  const h = withArchive(argv.archive, (a) => readHistory(a));
  const row = (rec: PlanRecord, onChain: boolean) => ({
    digest: rec.digest,
    seq: rec.value.seq,
    previous: rec.value.previous,
    committedAt: rec.value.committedAt,
    model: rec.value.model,
    benchmarkVersion: rec.value.benchmarkVersion,
    plan: rec.value.plan,
    status: planStatus(rec, h.runs),
    runs: h.runs.filter((r) => r.planRecord === rec.digest).map((r) => ({ runId: r.runId, run: r.digest, status: r.status })),
    onChain,
  });
  const records = [...h.log.records.map((r) => row(r, true)), ...h.log.offChain.map((r) => row(r, false))];
  const ok = h.log.findings.length === 0;
  process.exitCode = ok ? EXIT.OK : EXIT.FINDINGS;
  if (argv.json) return printJson({ ok, head: h.log.head, size: h.log.records.length, records, findings: h.log.findings });
  if (!records.length) return line('no plan registered (docket plan commit registers one before a run)');
  line(`plan log: ${h.log.records.length} record${h.log.records.length === 1 ? '' : 's'}, head ${h.log.head}`);
  for (const r of records)
    line(
      `${String(r.seq).padStart(4)}  ${r.digest}  ${r.committedAt}  ${r.model}  ${r.status}${r.runs.length ? `  runs: ${r.runs.map((x) => `${x.runId} (${x.status})`).join(', ')}` : ''}${r.onChain ? '' : '  OFF THE LOG'}`,
    );
  for (const f of h.log.findings) line(`  ERROR ${f.code}: ${f.message}`);
}

export function runPlanShow(argv: ArgumentsCamelCase<ShowArgs>) {
  const { rec, plan } = withArchive(argv.archive, (a) => {
    const rec = resolvePlanRecord(a, argv.record);
    return { rec, plan: a.get(rec.value.plan).value as unknown as PlanValue };
  });
  const command = runCommandFor(rec.digest, plan);
  if (argv.json) return printJson({ ok: true, digest: rec.digest, record: rec.value, plan, command });
  line(`plan record ${rec.digest} (seq ${rec.value.seq}, committed ${rec.value.committedAt})`);
  line(`  plan ${rec.value.plan}: ${plan.model} on ${plan.benchmarkVersion}, bank ${plan.bank}`);
  line(
    `  ${plan.questions.length} questions × ${plan.permutations} permutations × ${plan.repetitions} repetitions = ${plan.slots} requests (${plan.requestFormat}), grader ${plan.grader.ref} ${plan.grader.digest}`,
  );
  line(`  endpoint ${plan.baseUrl}, params ${JSON.stringify(plan.params)}, caps ${JSON.stringify(plan.caps)}`);
  line(`Run it with:\n  ${command}`);
}

export function runPlanCheckpoint(argv: ArgumentsCamelCase<CheckpointArgs>) {
  const key = loadPrivateKey(readKey(argv.key), argv.key);
  const { log, bankName } = withArchive(argv.archive, (a) => ({ log: readPlanLog(a), bankName: a.ref('bank/current') ? currentBank(a).name : 'docket' }));
  if (log.findings.length) throw findingError('EPLANLOG', `the plan log is broken; no checkpoint written: ${log.findings[0]!.message} (docket plan list)`, { findings: log.findings });
  writeCheckpoint(argv, `${bankName}/plans`, { size: log.records.length, root: logRoot(log.records.map((r) => r.digest)), head: log.head }, key);
}

/** Sign and print (and with --out write) a checkpoint of a tree; shared by `plan checkpoint` and `release checkpoint`. */
export function writeCheckpoint(
  argv: { origin?: string; name?: string; out?: string; json: boolean },
  defaultOrigin: string,
  tree: { size: number; root: Digest; head?: Digest | null },
  key: ReturnType<typeof loadPrivateKey>,
) {
  const origin = argv.origin ?? defaultOrigin.replace(/[\s+]/g, '-');
  const name = argv.name ?? origin;
  for (const [flag, v] of [
    ['--origin', origin],
    ['--name', name],
  ] as const)
    if (!validName(v)) throw usageError('EUSAGE', `${flag} ${JSON.stringify(v)}: a checkpoint name is non-empty, without spaces or '+'`);
  const note = signCheckpoint({ origin, size: tree.size, root: tree.root }, name, key);
  if (argv.out) writeFileSync(argv.out, note);
  const vkey = verifierKey(name, key);
  if (argv.json) return printJson({ ok: true, origin, size: tree.size, root: tree.root, ...(tree.head !== undefined ? { head: tree.head } : {}), note, verifierKey: vkey, out: argv.out ?? null });
  process.stdout.write(note); // stdout holds the note alone, so `> FILE` saves exactly it
  process.stderr.write(`verifier key (for note tools such as Go's sumdb/note): ${vkey}${argv.out ? `; written to ${argv.out}` : ''}\n`);
}
