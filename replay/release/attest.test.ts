import { cpSync } from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, tempDir } from '../../cli/dev/testkit/core.ts';
import { Archive } from '../index/archive.ts';
import { canonicalBytes, type Json } from '../format/json.ts';
import type { Digest } from '../format/digest.ts';
import { commitPlan } from '../runs/plans.ts';
import type { PlanValue } from '../runs/runs.ts';
import {
  checkAttestation,
  checkClaims,
  PLAN_PREDICATE,
  planPredicate,
  RESULT_PREDICATE,
  resultPredicate,
  runClaims,
  signStatement,
  statementOf,
  storeAttestation,
  subjectOf,
  type Statement,
} from './attest.ts';

const key = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
let archive: Archive;
let oracle: Digest;

beforeAll(() => {
  const dir = join(tempDir('docket-attest-'), 'evidence');
  cpSync(join(REPO, 'evidence'), dir, { recursive: true, filter: (p) => !p.includes('index.sqlite') });
  archive = new Archive(dir);
  oracle = archive.ref('runs/ref-oracle-1')!;
});
afterAll(() => archive.close());

const envelopeBytes = (st: Statement, k = key.privateKey) => Buffer.from(canonicalBytes(signStatement(st, k) as unknown as Json));
const runStatement = () => {
  const [claim] = runClaims(archive, [oracle]);
  return statementOf([subjectOf('run/ref-oracle-1', oracle)], RESULT_PREDICATE, resultPredicate([claim!]));
};

describe('attestations: in-toto Statement v1 in DSSE (design.md §22)', () => {
  it("a run's attestation names the run and what it scored; it verifies offline and its claims recompute from the archive", () => {
    const st = runStatement();
    expect(st).toMatchObject({ _type: 'https://in-toto.io/Statement/v1', subject: [{ name: 'run/ref-oracle-1', digest: { sha256: oracle.slice(7) } }], predicateType: RESULT_PREDICATE });
    const claim = (st.predicate as { runs: Record<string, unknown>[] }).runs[0]!;
    expect(claim).toMatchObject({ run: oracle, model: 'oracle', benchmark: 'docket-decisions', status: 'sealed', planRecord: null, coverage: { planned: 160, scored: 160, fraction: 1 } });
    // every question and task right; the self-favouring judge gave its 4 judged answers 7/10: 0.5 × 1 + 0.3 × 1 + 0.2 × (4 + 4 × 0.7) / 8
    expect(claim.score).toBeCloseTo(0.97, 10);
    expect(claim.grader).toMatchObject({ ref: 'decision@2', digest: expect.stringMatching(/^sha256:/) });
    expect(claim.interval).toMatchObject({ confidence: 0.95, resamples: 2000 });
    const c = checkAttestation('a.json', envelopeBytes(st), key.publicKey);
    expect(c).toMatchObject({ ok: true, findings: [] });
    expect(checkClaims(c.statement!, archive, 'a.json')).toEqual({ findings: [], checked: 1, unchecked: [] });
    // Ed25519 is deterministic: the same attestation bytes every time.
    expect(envelopeBytes(runStatement()).equals(envelopeBytes(st))).toBe(true);
  });

  it('a tampered attestation does not verify, nor one signed by another key', () => {
    const env = JSON.parse(envelopeBytes(runStatement()).toString()) as { payload: string };
    const payload = JSON.parse(Buffer.from(env.payload, 'base64').toString()) as { predicate: { runs: { score: number }[] } };
    payload.predicate.runs[0]!.score = 0.99;
    env.payload = Buffer.from(JSON.stringify(payload)).toString('base64');
    const tampered = checkAttestation('t.json', Buffer.from(JSON.stringify(env)), key.publicKey);
    expect(tampered).toMatchObject({ ok: false, statement: null, findings: [{ code: 'EATTESTSIG' }] });
    expect(checkAttestation('o.json', envelopeBytes(runStatement(), other.privateKey), key.publicKey).findings.map((f) => f.code)).toEqual(['EATTESTSIG']);
    expect(checkAttestation('x.json', Buffer.from('{"payloadType":"text/plain","payload":"","signatures":[]}'), key.publicKey).findings[0]!.code).toBe('EATTEST');
  });

  it('a correctly signed claim the evidence does not support is EATTESTCLAIM, naming the field', () => {
    const st = runStatement();
    (st.predicate as { runs: { score: number }[] }).runs[0]!.score = 0.99;
    const c = checkAttestation('lie.json', envelopeBytes(st), key.publicKey);
    expect(c.ok).toBe(true); // the signature is the signer's; the number is not the evidence's
    const r = checkClaims(c.statement!, archive, 'lie.json');
    expect(r.findings).toEqual([expect.objectContaining({ code: 'EATTESTCLAIM', message: expect.stringMatching(/\/runs\/0\/score: attested 0\.99, the evidence gives 0\.97$/) })]);
  });

  it('a plan record attestation is kept in the archive (so a release carries it) and recomputes from it', () => {
    const run = archive.get(oracle).value as { plan: Digest };
    const plan = archive.get(run.plan).value as unknown as PlanValue;
    const { record } = commitPlan(archive, { ...plan, model: 'registered-model' }, '2026-12-05T00:00:00.000Z');
    const st = statementOf([subjectOf('plan-record/0', record.digest)], PLAN_PREDICATE, planPredicate(archive, record.digest));
    const env = signStatement(st, key.privateKey);
    const stored = storeAttestation(archive, record.digest, st, env);
    expect(archive.get(stored).value).toMatchObject({ kind: 'attestation', subject: record.digest, predicateType: PLAN_PREDICATE });
    const c = checkAttestation('p.json', Buffer.from(canonicalBytes(env as unknown as Json)), key.publicKey);
    expect(checkClaims(c.statement!, archive, 'p.json')).toMatchObject({ findings: [], checked: 1 });
    expect((st.predicate as { plan: { model: string }; record: { seq: number } }).plan.model).toBe('registered-model');
  });
});
