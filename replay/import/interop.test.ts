import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docket } from '../../cli/dev/testkit/core.ts';
import { loadedImports, storePlans } from '../../cli/dev/testkit/imports.ts';
import { verifyArchive } from '../check/verify.ts';
import { loadRunsForScoring } from '../scoring/scoring-input.ts';
import { scoreRun } from '../scoring/scoring.ts';
import { Archive } from '../index/archive.ts';
import { auditImports } from './audit.ts';
import { readEeeFile, sampleHash } from './eee.ts';
import { exportEee, protocolScore, type EeeExport } from '../scoring/eee-export.ts';
import { readHelmDir } from './helm.ts';
import { replayImports } from './replay.ts';
import { encodeImport, logValue, runValue, sampleValue } from './record.ts';
import { planLmEval, storeImport, type LoadedImport } from './store.ts';
import { readInspectFile } from './inspect.ts';
import type { ImportPlan, JsonObject } from './types.ts';

/**
 * HELM run directories and Every Eval Ever records, both ways: real HELM output imported, its
 * requests rebuilt and its stats recomputed; the shipped archive exported as EEE, validated against
 * both schemas (made strict: no property the schema does not name, anywhere), imported back with the
 * same numbers.
 */
const REPO = new URL('../../', import.meta.url).pathname;
const FIX = join(REPO, 'replay/import/fixtures');
const HELM = join(FIX, 'helm', 'mmlu-subject=philosophy,method=multiple_choice_joint,model=openai_gpt2');
const dirs: string[] = [];
const scratch = () => {
  const d = mkdtempSync(join(tmpdir(), 'docket-interop-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** An import as the checks read it, built from its plan in memory (the store round trip is tested on the CLI and for HELM). */
function inMemory(plan: ImportPlan): LoadedImport {
  const enc = encodeImport(plan);
  return {
    ref: enc.ref,
    digest: enc.run.descriptor.digest,
    run: runValue(plan, [], []),
    samples: plan.samples.map((s, i) => ({
      digest: enc.samples[i]!.descriptor.digest,
      value: sampleValue(
        plan,
        s,
        enc.logs.map((l) => l.descriptor.digest),
      ),
    })),
    logs: plan.files.map((f, i) => ({ role: f.role, digest: enc.logs[i]!.descriptor.digest, value: logValue(f), bytes: Buffer.from(f.bytes) })),
  };
}

function stored(plans: ImportPlan[]) {
  const dir = scratch();
  storePlans(dir, plans);
  return { dir, imports: loadedImports(dir) };
}

/** A copy of the HELM run directory with one file edited. */
function helmCopy(file: string, edit: (v: unknown) => void): string {
  const d = join(scratch(), 'run');
  cpSync(HELM, d, { recursive: true });
  const v = JSON.parse(readFileSync(join(d, file), 'utf8'));
  edit(v);
  writeFileSync(join(d, file), JSON.stringify(v));
  return d;
}

describe('HELM run directories', () => {
  it('imports, verifies, recomputes every determined mean of stats.json and rebuilds every request', async () => {
    const { dir, imports } = stored([readHelmDir(HELM)]);
    expect(imports[0]!.samples).toHaveLength(10);
    const audit = auditImports(imports);
    expect(audit.counts).toEqual({ reproduced: 150, mismatch: 0, unverifiable: 1 });
    expect(audit.rows.find((r) => r.status === 'unverifiable')!.note).toContain('test/perplexity');
    expect(audit.rows.find((r) => r.scope === 'test' && r.metric === 'exact_match')).toMatchObject({ status: 'reproduced' });
    expect(audit.rows.find((r) => r.scope === 'test' && r.metric === 'exact_match (robustness, worst)')).toMatchObject({ status: 'reproduced' });
    const replay = replayImports(imports);
    expect(replay.imports[0]).toMatchObject({ checked: 10, matched: 10, mismatched: 0, unsupported: 0, coverage: 1 });
    expect((await verifyArchive(dir)).findings).toEqual([]);
  });

  it('the second real run (hellaswag, pythia-1b): every determined mean recomputed, every request rebuilt', () => {
    const imports = [inMemory(readHelmDir(join(FIX, 'helm', 'commonsense-dataset=hellaswag,method=multiple_choice_joint,model=eleutherai_pythia-1b-v0')))];
    expect(auditImports(imports).counts).toEqual({ reproduced: 75, mismatch: 0, unverifiable: 1 });
    expect(replayImports(imports).imports[0]).toMatchObject({ checked: 10, matched: 10, mismatched: 0, unsupported: 0 });
  });

  it('a changed mean in stats.json is a mismatch naming the stat', () => {
    const d = helmCopy('stats.json', (v) => {
      const st = (v as JsonObject[]).find((s) => (s.name as JsonObject).name === 'exact_match' && (s.name as JsonObject).split === 'test' && !(s.name as JsonObject).perturbation)!;
      st.mean = (st.mean as number) + 0.1;
    });
    const audit = auditImports(stored([readHelmDir(d)]).imports);
    expect(audit.rows.filter((r) => r.status === 'mismatch').map((r) => `${r.scope} ${r.metric}`)).toEqual(['test exact_match']);
  });

  it('a request the adapter would not have built is a mismatch naming the field', () => {
    const d = helmCopy('scenario_state.json', (v) => {
      const rs = (v as { request_states: JsonObject[] }).request_states;
      (rs[3]!.request as JsonObject).temperature = 0.7;
      (rs[5]!.request as JsonObject).prompt = String((rs[5]!.request as JsonObject).prompt).replace(/\nD\. [^\n]*\nAnswer:$/, '\nD. something else\nAnswer:');
    });
    const replay = replayImports(stored([readHelmDir(d)]).imports);
    expect(replay.diffs.map((x) => `${x.where.split(' ')[0]} ${x.field}`)).toEqual(['request_states[3] request.temperature', 'request_states[5] request.prompt (eval instance)']);
  });

  it('a directory without scenario_state.json is refused, naming it', () => {
    const d = join(scratch(), 'run');
    cpSync(HELM, d, { recursive: true });
    rmSync(join(d, 'scenario_state.json'));
    expect(() => readHelmDir(d)).toThrow(expect.objectContaining({ code: 'EIMPORTLAYOUT', data: expect.objectContaining({ field: 'scenario_state.json' }) }));
  });
});

/** The schema with `additionalProperties: false` on every object schema that names its properties and says nothing else. */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, strict(s)])) : strict(v);
  const t = out.type;
  const isObjectSchema = t === 'object' || (Array.isArray(t) && t.includes('object'));
  if (isObjectSchema && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

describe('Every Eval Ever', () => {
  let archive: string;
  let exported: EeeExport;
  let out: string;
  beforeAll(() => {
    archive = scratch();
    cpSync(join(REPO, 'evidence'), archive, { recursive: true });
    const a = new Archive(archive);
    try {
      exported = exportEee(a, [], { relationship: 'first_party', organization: 'docket maintainers' });
    } finally {
      a.close();
    }
    out = scratch();
    for (const f of exported.files) {
      const p = join(out, f.path);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, f.bytes);
    }
  });

  it('the shipped archive exports one record per graded run, each validating against both schemas made strict', () => {
    expect(exported.runs.map((r) => r.runId)).toEqual(['ref-coin-1', 'ref-flaky-1', 'ref-markdown-1', 'ref-oracle-1', 'ref-truncator-1']);
    const ajv = new Ajv({ allErrors: true, strict: false });
    const load = (f: string) => strict(JSON.parse(readFileSync(join(REPO, 'docs/schemas/eee', f), 'utf8'))) as object;
    const aggregate = ajv.compile(load('eval.schema.json'));
    const instance = ajv.compile(load('instance_level_eval.schema.json'));
    let lines = 0;
    for (const f of exported.files) {
      if (f.path.endsWith('_samples.jsonl'))
        for (const l of f.bytes.toString('utf8').trim().split('\n')) {
          lines++;
          expect(instance(JSON.parse(l)), JSON.stringify(instance.errors)).toBe(true);
        }
      else expect(aggregate(JSON.parse(f.bytes.toString('utf8'))), JSON.stringify(aggregate.errors)).toBe(true);
    }
    expect(lines).toBe(160 * 4 + 185); // 48 questions × 3 + 16 tasks per run; flaky's 25 retries
    // the strict schemas do refuse an extra property
    const rec = JSON.parse(exported.files[0]!.bytes.toString('utf8'));
    rec.evaluation_results[0].score_details.uncertainty.wilson = 1;
    expect(aggregate(rec)).toBe(false);
  });

  it('records carry the interval method, num_samples, coverage and the run and grade digests; the instance file is named by its SHA-256', () => {
    const rec = JSON.parse(exported.files[0]!.bytes.toString('utf8'));
    expect(rec.source_metadata).toEqual({ source_name: 'docket', source_type: 'evaluation_run', source_organization_name: 'docket maintainers', evaluator_relationship: 'first_party' });
    const [score, pass] = rec.evaluation_results;
    expect(score.score_details.uncertainty).toMatchObject({ confidence_interval: { method: 'bootstrap' }, num_samples: 160, num_bootstrap_samples: expect.any(Number) });
    expect(pass.score_details.uncertainty).toMatchObject({ confidence_interval: { method: 'wilson' }, num_samples: 160 });
    expect(score.score_details.details).toMatchObject({ run: exported.runs[0]!.run, grade: exported.runs[0]!.grade, coverage: '1' });
    expect(rec.detailed_evaluation_results.checksum).toBe(createHash('sha256').update(exported.files[1]!.bytes).digest('hex'));
    const first = JSON.parse(exported.files[1]!.bytes.toString('utf8').split('\n')[0]!);
    expect(first.sample_hash).toBe(sampleHash(first.input));
  });

  it('exports the same bytes again (deterministic)', () => {
    const a = new Archive(archive);
    try {
      const again = exportEee(a, [], { relationship: 'first_party', organization: 'docket maintainers' });
      expect(again.files.map((f) => f.bytes.toString('base64'))).toEqual(exported.files.map((f) => f.bytes.toString('base64')));
    } finally {
      a.close();
    }
  });

  it('imports back with the same numbers: the audit recomputes every score from the instance rows', () => {
    const imports = exported.files.filter((f) => !f.path.endsWith('.jsonl')).map((f) => inMemory(readEeeFile(join(out, f.path))));
    const audit = auditImports(imports, { protocol: protocolScore });
    expect(audit.counts).toEqual({ reproduced: 25, mismatch: 0, unverifiable: 0 });
    expect(auditImports(imports.slice(0, 1)).rows.find((r) => r.metric === 'docket.protocol_score')).toMatchObject({ status: 'unverifiable' }); // without the rule: said, not guessed
    const leaderboard = new Map(loadRunsForScoring(archive, undefined, { from: 'bundles' }).map((r) => [r.runId, scoreRun(r).score]));
    for (const imp of imports) {
      const header = imp.run.header as JsonObject;
      const score = (header.evaluation_results as JsonObject[])[0]!;
      const runId = ((score.score_details as JsonObject).details as JsonObject).run_id as string;
      expect((score.score_details as JsonObject).score).toBe(leaderboard.get(runId));
      expect(audit.rows.find((r) => r.import === imp.ref && r.metric === 'docket.protocol_score')!.recomputed).toBe(leaderboard.get(runId));
    }
    expect(replayImports(imports).diffs).toEqual([]);
  });

  it('an instance file that is not the one the record summarised is a finding', () => {
    const copy = scratch();
    cpSync(out, copy, { recursive: true });
    const f = exported.files[1]!.path;
    writeFileSync(join(copy, f), exported.files[1]!.bytes.toString('utf8').replace('"score":1', '"score":0'));
    const audit = auditImports([inMemory(readEeeFile(join(copy, exported.files[0]!.path)))]);
    expect(audit.rows).toEqual([expect.objectContaining({ metric: 'checksum', status: 'mismatch' })]);
  });

  it('the EEE reference examples: 0.3.0 with its instance file recomputed (and found not to reproduce), 0.2.0 read for its scores', () => {
    const plans = ['aggregate.json', '98ea850e-7019-4728-a558-8b1819ec47c2.json'].map((f) => readEeeFile(join(FIX, 'eee', f)));
    expect(plans[0]!.layout).toMatchObject({ schemaVersion: '0.3.0', instances: 'checksum matches', rows: 1 });
    const rows = auditImports(plans.map(inMemory)).rows;
    expect(rows.filter((r) => r.status === 'mismatch').map((r) => [r.metric, r.reported, r.recomputed])).toEqual([['accuracy', 0.75, 1]]); // one row scoring 1 cannot average 0.75
    expect(rows.filter((r) => r.status === 'unverifiable')).toHaveLength(6);
  });

  it('the CLI: import helm, export eee (a flag is required), import eee; JSON and exit codes', () => {
    const dir = scratch();
    const helm = docket(['--archive', dir, '--json', 'import', 'helm', HELM]);
    expect(helm.status, helm.stderr).toBe(0);
    expect(helm.json.imports[0]).toMatchObject({ framework: 'helm', samples: 10 });
    const again = docket(['--archive', dir, 'import', 'helm', HELM]); // the run directory named once, and nothing stored twice
    expect(again.stdout).toContain('model=openai_gpt2/ (run_spec.json, scenario.json, scenario_state.json, per_instance_stats.json, stats.json): 10 samples, 16 bundles (0 new); already imported');
    expect(docket(['--archive', archive, 'export', 'eee', '--out', join(dir, 'x')]).status).toBe(2);
    const exp = docket(['--archive', archive, '--json', 'export', 'eee', 'ref-coin-1', '--out', join(dir, 'eee'), '--evaluator-relationship', 'third_party']);
    expect(exp.status, exp.stderr).toBe(0);
    const agg = join(dir, 'eee', exp.json.runs[0].aggregate);
    const imp = docket(['--archive', dir, '--json', 'import', 'eee', agg]);
    expect(imp.status, imp.stderr).toBe(0);
    expect(imp.json.imports[0]).toMatchObject({ framework: 'eee', samples: 160 });
    expect(readdirSync(join(dir, 'eee', 'data', 'docket', 'unknown', 'coin'))).toHaveLength(2);
  });
});

describe('imports are data: sql and export', () => {
  it('the index holds every import’s runs, samples and reported scores; accuracy per model per task and truncated answers are one query each', async () => {
    const dir = scratch();
    const a = new Archive(dir);
    try {
      for (const f of ['log_streaming.eval', 'log_length_stop_reason.txt', 'log_images.json']) storeImport(a, await readInspectFile(f, readFileSync(join(FIX, 'inspect_ai', f))));
      for (const p of planLmEval(join(FIX, 'lm_eval', '0.4.13-negotiationtom')).plans) storeImport(a, p);
      storeImport(a, readHelmDir(HELM));
      const db = a.currentIndex().db;
      // accuracy per model per task: inspect_ai's accuracy/mean, lm-eval's acc, HELM's exact match on the test split
      const accuracy = db
        .prepare(
          "SELECT model, task, metric, value FROM foreign_scores WHERE metric LIKE '%/accuracy' OR metric LIKE '%/mean' OR metric LIKE 'acc,%' OR metric = 'exact_match/test' ORDER BY model, task, metric",
        )
        .raw()
        .all();
      expect(accuracy).toEqual([
        ['Qwen/Qwen3-8B', 'negotiationtom', 'acc,none', 0.525],
        ['Qwen/Qwen3-8B', 'negotiationtom_belief', 'acc,none', 0.45],
        ['Qwen/Qwen3-8B', 'negotiationtom_desire', 'acc,none', 0.6],
        ['anthropic/claude-3-5-sonnet-20240620', 'hello_world', 'exact/mean', 0],
        ['azureai/Meta-Llama-3-1-405B-Instruct-jqf', 'popularity', 'match/accuracy', 0.75],
        ['openai/gpt-4o', 'images', 'match/accuracy', 0],
        ['openai/gpt2', 'mmlu:subject=philosophy,method=multiple_choice_joint,model=openai_gpt2', 'exact_match/test', 1 / 9], // HELM's own stats.json: 1 of the 9 test instances
      ]);
      const truncated = db.prepare('SELECT framework, model, sample_id, finish_reason, output_tokens, answer FROM foreign_samples WHERE truncated = 1').raw().all();
      expect(truncated).toEqual([['inspect_ai', 'anthropic/claude-3-5-sonnet-20240620', '1', 'length', 1, 'Hello']]);
      expect(db.prepare('SELECT COUNT(*) FROM foreign_samples').pluck().get()).toBe(4 + 1 + 1 + 10);
      expect(db.prepare('SELECT COUNT(*) FROM imports').pluck().get()).toBe(5);
    } finally {
      a.close();
    }
    const sql = docket(['--archive', dir, '--json', 'sql', 'SELECT framework, task, model, samples FROM imports ORDER BY ref']);
    expect(sql.status, sql.stderr).toBe(0);
    expect(sql.json.rows).toHaveLength(5);
    const csv = docket(['--archive', dir, 'export', 'foreign-samples']);
    expect(csv.status, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('ref,run,seq,sample,framework,task,model,sample_id,epoch,target,answer,score,input_tokens,output_tokens,finish_reason,truncated');
    expect(lines).toHaveLength(1 + 16);
  });
});
