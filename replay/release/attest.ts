import type { KeyObject } from 'node:crypto';
import type { Archive } from '../index/archive.ts';
import { type Finding, finding } from '../findings.ts';
import { hexOf, isDigest, type Digest } from '../format/digest.ts';
import { findingError } from '../errors.ts';
import { canonicalBytes, JsonError, parseStrict, type Json } from '../format/json.ts';
import { diffJson, type FieldDiff } from '../format/json-diff.ts';
import { loadPlanRecord, type PlanRecordValue } from '../runs/plans.ts';
import type { PlanValue, RunValue } from '../runs/runs.ts';
import type { GradeValue } from '../grading/grade-records.ts';
import { PROTOCOL } from '../bank/protocol.ts';
import { loadRunsForScoring } from '../scoring/scoring-input.ts';
import { protocolRef, scoreRun, type RunForScoring } from '../scoring/scoring.ts';
import { b64, keyId, signEnvelope, verifiedBy, type Envelope } from './dsse.ts';

/**
 * Attestations (docs/design.md §22): an in-toto Statement v1 in a DSSE envelope (Ed25519, the
 * release key), about a run, a release or a plan record. The predicate is docket's own and
 * documented; everything in it is recomputed from the evidence by `docket verify --attestation`
 * wherever the evidence is at hand, so a signed claim that the evidence does not support fails.
 */

export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const IN_TOTO_PAYLOAD = 'application/vnd.in-toto+json';
/** Scores of runs with coverage and intervals (subject: a run bundle, or a release tarball). */
export const RESULT_PREDICATE = 'https://docket.invalid/attestations/evaluation-result/v1';
/** A registered plan (subject: a plan record bundle). */
export const PLAN_PREDICATE = 'https://docket.invalid/attestations/plan-record/v1';

export interface Subject {
  name: string;
  digest: { sha256: string };
}

export interface Statement {
  _type: typeof STATEMENT_TYPE;
  subject: Subject[];
  predicateType: string;
  predicate: Json;
}

/** One run's claim in a result predicate: what it measured, with what, and what it scored. */
export interface RunClaim {
  run: Digest;
  runId: string;
  model: string;
  benchmark: string | null; // the bank's name
  benchmarkVersion: string;
  status: string;
  planRecord: Digest | null; // the registered plan it ran; null: unregistered
  grade: Digest;
  grader: { ref: string; digest: Digest };
  score: number | null; // the protocol score in [0, 1]
  interval: { low: number; high: number; confidence: number; resamples: number } | null;
  coverage: { planned: number; scored: number; fraction: number };
}

export interface ResultPredicate {
  protocol: { id: string; version: number; digest: string };
  runs: RunClaim[];
}

export interface PlanPredicate {
  record: Omit<PlanRecordValue, 'kind' | 'schemaVersion'>;
  plan: Omit<PlanValue, 'kind' | 'schemaVersion'>;
}

/** The attestation bundle a run's or plan record's attestation is kept in, so a release carries it. */
export interface AttestationValue {
  kind: 'attestation';
  schemaVersion: 1;
  subject: Digest;
  predicateType: string;
  envelope: Envelope;
}

export const subjectOf = (name: string, digest: Digest): Subject => ({ name, digest: { sha256: hexOf(digest) } });

/**
 * The claims for these runs, from the archive: each must have a current grade (a run `docket
 * leaderboard` would see). Scores come from the scoring code, intervals included.
 */
export function runClaims(archive: Archive, runs?: readonly Digest[]): RunClaim[] {
  const graded = loadRunsForScoring(archive, undefined, { answers: false });
  const chosen: RunForScoring[] = runs
    ? runs.map((d) => {
        const r = graded.find((x) => x.run === d);
        if (!r) throw findingError('ENOGRADE', `run ${d} has no current grade in ${archive.dir}: \`docket regrade\` grades it; only a graded run can be attested`, { run: d });
        return r;
      })
    : graded;
  return chosen.map((r) => claimOf(archive, r));
}

function claimOf(archive: Archive, r: RunForScoring): RunClaim {
  const s = scoreRun(r);
  const run = archive.get(r.run as Digest).value as unknown as RunValue;
  const grade = archive.get(r.grade as Digest).value as unknown as GradeValue;
  const c = s.coverage;
  return {
    run: r.run as Digest,
    runId: r.runId,
    model: r.model,
    benchmark: r.benchmark ?? null,
    benchmarkVersion: r.benchmarkVersion,
    status: r.status,
    planRecord: run.planRecord ?? null,
    grade: r.grade as Digest,
    grader: { ref: grade.grader.ref, digest: grade.grader.digest },
    score: s.score,
    interval: s.interval ? { low: s.interval.low, high: s.interval.high, confidence: PROTOCOL.intervals.bootstrap.confidence, resamples: s.interval.resamples } : null,
    coverage: { planned: c.planned, scored: c.scored, fraction: c.fraction },
  };
}

export function resultPredicate(claims: RunClaim[]): ResultPredicate {
  const p = protocolRef();
  return { protocol: { id: p.id, version: p.version, digest: p.digest }, runs: claims };
}

export function planPredicate(archive: Archive, record: Digest): PlanPredicate {
  const { kind: _k, schemaVersion: _s, ...value } = loadPlanRecord(archive, record).value;
  const { kind: _pk, schemaVersion: _ps, ...plan } = archive.get(value.plan).value as unknown as PlanValue;
  return { record: value, plan };
}

export function statementOf(subject: Subject[], predicateType: string, predicate: unknown): Statement {
  return { _type: STATEMENT_TYPE, subject, predicateType, predicate: predicate as Json };
}

export function signStatement(statement: Statement, key: KeyObject): Envelope {
  return signEnvelope(canonicalBytes(statement as unknown as Json), key, IN_TOTO_PAYLOAD);
}

/** Keep an attestation about a bundle of the archive in the archive (a release then carries it). */
export function storeAttestation(archive: Archive, subject: Digest, statement: Statement, envelope: Envelope): Digest {
  const value: AttestationValue = { kind: 'attestation', schemaVersion: 1, subject, predicateType: statement.predicateType, envelope };
  return archive.put(value).digest;
}

export interface AttestationCheck {
  ok: boolean;
  keyid: string | null;
  statement: Statement | null; // only when its envelope parsed (trusted only when ok)
  findings: Finding[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Read an attestation file without trusting it: a strict DSSE envelope of the in-toto payload type
 * holding a Statement v1 with at least one sha256 subject and one of docket's predicate types.
 * What it says is trusted only once a signature verifies (checkAttestation).
 */
export function parseAttestation(file: string, bytes: Uint8Array): { payload: Buffer | null; signatures: unknown; statement: Statement | null; findings: Finding[] } {
  const out: { payload: Buffer | null; signatures: unknown; statement: Statement | null; findings: Finding[] } = { payload: null, signatures: [], statement: null, findings: [] };
  const bad = (message: string) => {
    out.findings.push(finding('EATTEST', message, { path: file, digest: null }));
    return out;
  };
  let env: unknown;
  try {
    env = parseStrict(bytes);
  } catch (e) {
    return bad(`not JSON: ${e instanceof JsonError ? e.message : String(e)}`);
  }
  if (!isObject(env) || Object.keys(env).sort().join() !== 'payload,payloadType,signatures' || !Array.isArray(env.signatures)) return bad('not a DSSE envelope {payloadType, payload, signatures}');
  if (env.payloadType !== IN_TOTO_PAYLOAD) return bad(`payloadType is ${JSON.stringify(env.payloadType)}, not ${IN_TOTO_PAYLOAD}`);
  out.payload = b64(env.payload);
  out.signatures = env.signatures;
  if (!out.payload) return bad('payload is not canonical base64');
  let st: unknown;
  try {
    st = parseStrict(out.payload);
  } catch (e) {
    return bad(`the payload is not JSON: ${e instanceof JsonError ? e.message : String(e)}`);
  }
  const subjectOk = (s: unknown) => isObject(s) && typeof s.name === 'string' && isObject(s.digest) && typeof s.digest.sha256 === 'string' && /^[0-9a-f]{64}$/.test(s.digest.sha256);
  if (!isObject(st) || st._type !== STATEMENT_TYPE || !Array.isArray(st.subject) || st.subject.length === 0 || !st.subject.every(subjectOk) || !isObject(st.predicate))
    return bad(`the payload is not an in-toto Statement v1 (_type ${STATEMENT_TYPE}, subject [{name, digest {sha256}}], predicateType, predicate)`);
  if (st.predicateType !== RESULT_PREDICATE && st.predicateType !== PLAN_PREDICATE)
    return bad(`predicateType ${JSON.stringify(st.predicateType)} is not one of docket's (${RESULT_PREDICATE}, ${PLAN_PREDICATE})`);
  out.statement = st as unknown as Statement;
  return out;
}

/**
 * Check an attestation file offline: it parses (parseAttestation) and a signature `key` verifies
 * over PAE(payload type, payload), so the type and every byte of the statement are covered. Fails
 * closed: without a verifying signature the statement is not returned.
 */
export function checkAttestation(file: string, bytes: Uint8Array, key: KeyObject): AttestationCheck {
  const p = parseAttestation(file, bytes);
  const out: AttestationCheck = { ok: false, keyid: null, statement: null, findings: p.findings };
  if (!p.payload) return out;
  out.keyid = verifiedBy(IN_TOTO_PAYLOAD, p.payload, p.signatures, key);
  if (out.keyid === null)
    out.findings.push(finding('EATTESTSIG', `no signature verifies with the named key (${keyId(key)}): tampered with, or signed by another key`, { path: file, digest: null, keyid: keyId(key) }));
  out.ok = out.findings.length === 0 && p.statement !== null;
  out.statement = out.ok ? p.statement : null;
  return out;
}

/** The subject's digests as docket writes them (`sha256:<hex>`). */
export const subjectDigests = (st: Statement): Digest[] => st.subject.map((s) => `sha256:${s.digest.sha256}` as Digest).filter(isDigest);

/**
 * What the statement claims against what the evidence at hand computes now: the runs of a result
 * predicate (each run the archive holds, recomputed), or the plan record of a plan predicate. Each
 * difference is EATTESTCLAIM with its JSON pointer. `unchecked` names claims the archive cannot
 * speak to (a run it does not hold).
 */
export function checkClaims(st: Statement, archive: Archive, file: string): { findings: Finding[]; checked: number; unchecked: string[] } {
  const findings: Finding[] = [];
  const diff = (what: string, diffs: FieldDiff[]) => {
    for (const d of diffs.slice(0, 20))
      findings.push(
        finding('EATTESTCLAIM', `${what} ${d.path}: attested ${JSON.stringify(d.stored) ?? '(absent)'}, the evidence gives ${JSON.stringify(d.rebuilt) ?? '(absent)'}`, {
          path: file,
          digest: null,
          field: d.path,
          attested: d.stored,
          evidence: d.rebuilt,
        }),
      );
  };
  if (st.predicateType === PLAN_PREDICATE) {
    const [d] = subjectDigests(st);
    if (!d || !archive.store.has(d)) return { findings, checked: 0, unchecked: [d ?? '(no subject)'] };
    diff(`plan record ${d}`, diffJson(planPredicate(archive, d) as unknown as Json, st.predicate));
    return { findings, checked: 1, unchecked: [] };
  }
  const claimed = isObject(st.predicate) && Array.isArray(st.predicate.runs) ? (st.predicate.runs as unknown as RunClaim[]) : [];
  const held = claimed.filter((c) => isObject(c) && isDigest(c.run) && archive.store.has(c.run));
  const unchecked = claimed.filter((c) => !held.includes(c)).map((c) => String((c as { run?: unknown })?.run));
  const now = resultPredicate(
    runClaims(
      archive,
      held.map((c) => c.run),
    ),
  );
  diff('the claim', diffJson({ ...now, runs: now.runs } as unknown as Json, { ...(st.predicate as object), runs: held } as unknown as Json));
  return { findings, checked: held.length, unchecked };
}
