import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Archive } from '../index/archive.ts';
import { canonicalText } from '../format/json.ts';
import { docket, tempDir } from '../../cli/dev/testkit/core.ts';
import { importInspect, importLmEval, loadedImports } from '../../cli/dev/testkit/imports.ts';
import { verifyArchive } from '../check/verify.ts';
import { auditImports } from './audit.ts';
import { readInspectFile } from './inspect.ts';
import { numberOf, parsePython, pyDumps, pyFloatRepr } from './pyjson.ts';
import { encodeImport } from './record.ts';
import { replayImports } from './replay.ts';
import { planLmEval, selectImports, storeImport } from './store.ts';
import { buildZip, entriesOf, type BuildEntry } from '../../cli/dev/testkit/zip.ts';
import type { JsonObject } from './types.ts';

const FIX = new URL('./fixtures/', import.meta.url).pathname;
const INSPECT = join(FIX, 'inspect_ai');
const LMEVAL = join(FIX, 'lm_eval');
const lmeval = (sub: string) => join(LMEVAL, sub);
const fixture = (name: string) => readFileSync(join(INSPECT, name));

const dirs: string[] = [];
function archiveDir(): string {
  const d = tempDir('docket-import-');
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const storeLmEval = (dir: string, src: string) => importLmEval(dir, src).results;
const loaded = loadedImports;
/** Rebuild a fixture zip with every entry passed through `edit` (return null to drop it). */
async function variant(name: string, edit: (entry: string, text: string) => BuildEntry | BuildEntry[] | null): Promise<Uint8Array> {
  const out: BuildEntry[] = [];
  for (const [n, t] of await entriesOf(fixture(name))) {
    const e = edit(n, t);
    if (e) out.push(...(Array.isArray(e) ? e : [e]));
  }
  return buildZip(out);
}
const text = (s: string) => Buffer.from(s, 'utf8');
const json = (v: unknown) => text(JSON.stringify(v));

describe('Python JSON (pyjson.ts)', () => {
  it('writes floats exactly as Python repr / json.dumps does', () => {
    // Left: the value; right: what CPython 3.11 prints for json.dumps(float(value)).
    const table: [number, string][] = [
      [1, '1.0'],
      [0.1, '0.1'],
      [-2.5, '-2.5'],
      [1e16, '1e+16'],
      [1e15, '1000000000000000.0'],
      [123456789012345680, '1.2345678901234568e+17'],
      [0.0001, '0.0001'],
      [0.00001, '1e-05'],
      [1.5e-7, '1.5e-07'],
      [1e22, '1e+22'],
      [5e-324, '5e-324'],
      [1.7976931348623157e308, '1.7976931348623157e+308'],
      [0.30000000000000004, '0.30000000000000004'],
      [-0, '-0.0'],
      [NaN, 'NaN'],
      [Infinity, 'Infinity'],
      [-Infinity, '-Infinity'],
      [2 ** 60, '1.152921504606847e+18'],
    ];
    for (const [x, want] of table) expect(pyFloatRepr(x), String(x)).toBe(want);
  });

  it('reads NaN, Infinity, big integers and duplicate keys as Python does, into ONE canonical encoding', () => {
    const v = parsePython('{"a": NaN, "b": -Infinity, "c": 12345678901234567890, "d": 1.0, "e": 1e400, "f": -0.0, "g": 1e300, "a": 2, "h": {"$int": "x"}}');
    expect(v).toEqual({
      a: 2,
      b: { $float: '-Infinity' },
      c: { $int: '12345678901234567890' },
      d: 1,
      e: { $float: 'Infinity' },
      f: { $float: '-0.0' },
      g: { $float: '1e+300' },
      h: { $obj: { $int: 'x' } },
    });
    expect(Object.keys(v as JsonObject)[0]).toBe('a'); // a repeated name keeps its first place (dict semantics), takes its last value
    expect(() => canonicalText(v)).not.toThrow(); // canonical JSON holds every one of them
    expect(numberOf((v as JsonObject).b)).toBe(-Infinity);
    expect(Number.isNaN(numberOf(parsePython('NaN')))).toBe(true);
  });

  it('dumps like json.dumps(indent=2, ensure_ascii=False)', () => {
    const v = parsePython('{"x": [1, 2.0, {"k": "é\\t\\"\\u0001"}], "e": {}, "l": [], "n": null, "t": true, "big": 100000000000000000000}', 'tagged');
    expect(pyDumps(v)).toBe('{\n  "x": [\n    1,\n    2.0,\n    {\n      "k": "é\\t\\"\\u0001"\n    }\n  ],\n  "e": {},\n  "l": [],\n  "n": null,\n  "t": true,\n  "big": 100000000000000000000\n}');
  });
});

describe('docket import inspect', () => {
  it('imports the real fixtures, idempotently, and verify passes', async () => {
    const dir = archiveDir();
    const first = [];
    for (const f of ['mmlu-summary-choices.eval', 'log_streaming.eval', 'log_formats.eval']) first.push(await importInspect(dir, f, fixture(f)));
    expect(first.map((r) => r.samples)).toEqual([1, 4, 1]);
    expect(first.every((r) => r.written === r.objects)).toBe(true);
    const objects = readdirSync(join(dir, 'objects/v1/sha256'), { recursive: true }).length;
    const again = await importInspect(dir, 'log_streaming.eval', fixture('log_streaming.eval'));
    expect(again.run).toBe(first[1]!.run);
    expect(again.written).toBe(0);
    expect(readdirSync(join(dir, 'objects/v1/sha256'), { recursive: true }).length).toBe(objects);
    const report = await verifyArchive(dir);
    expect(report.findings).toEqual([]);
    expect(report.steps.find((s) => s.name === 'imports')).toMatchObject({ checked: 6, failed: 0 });
  });

  it('resolves attachments: no attachment:// reference is left in the stored sample', async () => {
    const plan = await readInspectFile('m.eval', fixture('mmlu-summary-choices.eval'));
    const text = JSON.stringify(plan.samples[0]!.sample);
    expect(text).not.toContain('attachment://');
    expect(text).toContain('Positronium is an atom');
    expect((plan.samples[0]!.sample as JsonObject).attachments).toBeUndefined();
  });

  it('reads zstd entries (zip method 93), real and raw-block frames, to the same samples as deflate', async () => {
    const zst = fixture('mmlu-sample-1_epoch_1.json.zst');
    const bytes = await variant('mmlu-summary-choices.eval', (n, t) => ({ name: n, data: text(t), method: 93, zstd: n === 'samples/1_epoch_1.json' ? zst : undefined }));
    const plan = await readInspectFile('z.eval', bytes);
    const base = await readInspectFile('m.eval', fixture('mmlu-summary-choices.eval'));
    expect(plan.layout.zipMethods).toEqual([93]);
    expect(plan.samples.map((s) => s.sample)).toEqual(base.samples.map((s) => s.sample));
    expect(plan.header).toEqual(base.header);
  });

  it('resolves an events_data-pooled sample to the same sample as the unpooled one', async () => {
    const base = await readInspectFile('m.eval', fixture('mmlu-summary-choices.eval'));
    const bytes = await variant('mmlu-summary-choices.eval', (n, t) => {
      if (n !== 'samples/1_epoch_1.json') return { name: n, data: text(t) };
      const s = JSON.parse(t);
      const messages: unknown[] = [];
      const calls: unknown[] = [];
      for (const e of s.events) {
        if (e.event !== 'model') continue;
        e.input_refs = [[messages.length, messages.length + e.input.length]];
        messages.push(...e.input);
        e.input = [];
        e.call.call_refs = [[calls.length, calls.length + e.call.request.messages.length]];
        e.call.call_key = 'messages';
        calls.push(...e.call.request.messages);
        delete e.call.request.messages;
      }
      s.events_data = { messages, calls };
      return { name: n, data: json(s), method: 93 };
    });
    const plan = await readInspectFile('p.eval', bytes);
    expect(plan.layout.pooledSamples).toBe(1);
    expect(canonicalText(plan.samples[0]!.sample)).toBe(canonicalText(base.samples[0]!.sample));
  });

  it('falls back to _journal/start.json for a crashed log without header.json', async () => {
    const bytes = await variant('log_streaming.eval', (n, t) => (n === 'header.json' ? null : { name: n, data: text(t) }));
    const dir = archiveDir();
    const r = await importInspect(dir, 'crashed.eval', bytes);
    expect(r.layout).toMatchObject({ crashed: true, headerFrom: '_journal/start.json' });
    expect(r.samples).toBe(4);
    const audit = auditImports(loaded(dir));
    expect(audit.ok).toBe(true);
    expect(audit.rows).toEqual([expect.objectContaining({ status: 'unverifiable', note: expect.stringContaining('no results') })]);
  });

  it('takes the last entry of a sample written twice under one name', async () => {
    const bytes = await variant('log_streaming.eval', (n, t) => {
      if (n !== 'samples/1_epoch_1.json') return { name: n, data: text(t) };
      const edited = JSON.parse(t);
      edited.scores.match.value = 'C';
      return [
        { name: n, data: text(t) },
        { name: n, data: json(edited) },
      ];
    });
    const plan = await readInspectFile('dup.eval', bytes);
    expect(plan.layout.duplicateEntries).toEqual(['samples/1_epoch_1.json']);
    const s = plan.samples.find((x) => x.entry === 'samples/1_epoch_1.json')!;
    expect(((s.sample as JsonObject).scores as JsonObject).match).toMatchObject({ value: 'C' });
  });

  it('imports a .json log with NaN scores, encoded losslessly', async () => {
    const entries = await entriesOf(fixture('log_streaming.eval'));
    const header = JSON.parse(entries.get('header.json')!);
    const samples = [...entries].filter(([n]) => n.startsWith('samples/')).map(([, t]) => JSON.parse(t));
    const log = JSON.stringify({ ...header, samples, reductions: JSON.parse(entries.get('reductions.json')!) })
      .replace('"value": "I"', '"value": NaN')
      .replace(/"value":"I"/, '"value":NaN');
    expect(log).toContain('NaN');
    const dir = archiveDir();
    const r = await importInspect(dir, 'log.json', text(log));
    expect(r.layout).toMatchObject({ container: 'json', samples: 4 });
    const stored = loaded(dir)[0]!;
    expect(JSON.stringify(stored.samples.map((s) => s.value.sample))).toContain('{"$float":"NaN"}');
    expect((await verifyArchive(dir)).ok).toBe(true);
  });

  it('refuses an unknown layout with a coded error naming the field, and stores nothing', async () => {
    const cases: [string, Promise<Uint8Array>, string][] = [
      ['version', variant('log_streaming.eval', (n, t) => ({ name: n, data: n === 'header.json' ? text(t.replace('"version": 2', '"version": 4')) : text(t) })), 'version'],
      ['chunked', variant('log_streaming.eval', (n, t) => ({ name: n.replace(/^samples\/(.+)\.json$/, 'samples/$1/sample.json'), data: text(t) })), 'sample.json'],
      ['entry', variant('log_streaming.eval', (n, t) => [{ name: n, data: text(t) }, ...(n === 'header.json' ? [{ name: 'events/1.json', data: text('{}') }] : [])]), 'events/1.json'],
      ['attachment', variant('mmlu-summary-choices.eval', (n, t) => ({ name: n, data: n.startsWith('samples/') ? json({ ...JSON.parse(t), attachments: {} }) : text(t) })), 'input'],
      [
        'pool range',
        variant('mmlu-summary-choices.eval', (n, t) => {
          if (!n.startsWith('samples/')) return { name: n, data: text(t) };
          const s = JSON.parse(t);
          s.events.find((e: { event: string }) => e.event === 'model').input_refs = [[0, 9]];
          s.events_data = { messages: [], calls: [] };
          return { name: n, data: json(s) };
        }),
        'input_refs',
      ],
    ];
    for (const [label, bytes, field] of cases) {
      const dir = archiveDir();
      const err = await importInspect(dir, `${label}.eval`, await bytes).catch((e) => e);
      expect(err, label).toMatchObject({ code: 'EIMPORTLAYOUT', exitCode: 2 });
      expect(String(err.data.field), label).toContain(field);
      expect(readdirSync(dir), label).toEqual([]);
    }
  });

  it('a .json log: a sample (id, epoch) written twice keeps the last', async () => {
    const entries = await entriesOf(fixture('log_streaming.eval'));
    const header = JSON.parse(entries.get('header.json')!);
    const s = JSON.parse(entries.get('samples/1_epoch_1.json')!);
    const edited = { ...s, scores: { match: { value: 'C' } } };
    const plan = await readInspectFile('d.json', json({ ...header, samples: [s, edited] }));
    expect(plan.layout.duplicateSamples).toBe(1);
    expect(plan.samples.map((x) => ((x.sample as JsonObject).scores as JsonObject).match)).toEqual([{ value: 'C' }]);
  });

  it('refuses a zstd entry that inflates past the size its zip entry declares', async () => {
    const { Zip } = await import('fflate');
    const { zstdRawFrame } = await import('../../cli/dev/testkit/zip.ts');
    const crc32 = (await import('crc-32')).default;
    const chunks: Uint8Array[] = [];
    const zip = new Zip((_err, c) => chunks.push(c));
    const small = text('{}');
    const file = { filename: 'header.json', size: small.length, crc: crc32.buf(small) >>> 0, compression: 93, ondata: undefined as never };
    zip.add(file);
    (file as unknown as { ondata: (e: null, d: Uint8Array, f: boolean) => void }).ondata(null, zstdRawFrame(text('{"version": 2, "eval": {}}')), true);
    zip.end();
    const err = await readInspectFile('bomb.eval', Buffer.concat(chunks)).catch((e) => e);
    expect(err).toMatchObject({ code: 'EIMPORTZIP', message: expect.stringContaining('header.json does not decompress (inflates past the declared 2 bytes)') });
  });

  it('refuses a damaged zip with a coded error, not a stack', async () => {
    const bytes = Buffer.from(fixture('log_streaming.eval'));
    bytes[200] = bytes[200]! ^ 0xff; // inside the first entry's compressed data
    const err = await readInspectFile('bad.eval', bytes).catch((e) => e);
    expect(err.code).toMatch(/^EIMPORT(ZIP|JSON)$/);
  });
});

describe('audit --imported (the framework protocol)', () => {
  it('reproduces inspect_ai headline metrics and catches a sample score changed after the run', async () => {
    const dir = archiveDir();
    await importInspect(dir, 'log_streaming.eval', fixture('log_streaming.eval'));
    const ok = auditImports(loaded(dir));
    expect(ok.ok).toBe(true);
    expect(ok.rows.map((r) => [r.metric, r.reported, r.status])).toEqual([
      ['accuracy', 0.75, 'reproduced'],
      ['stderr', 0.25, 'reproduced'],
    ]);

    const tampered = await variant('log_streaming.eval', (n, t) => ({ name: n, data: n === 'samples/1_epoch_1.json' ? text(t.replace('"value": "I"', '"value": "C"')) : text(t) }));
    const dir2 = archiveDir();
    await importInspect(dir2, 'tampered.eval', tampered);
    const bad = auditImports(loaded(dir2));
    expect(bad.ok).toBe(false);
    expect(bad.rows.filter((r) => r.status === 'mismatch').map((r) => [r.scope, r.metric, r.reported, r.recomputed])).toEqual([
      ['match', 'accuracy', 0.75, 1],
      ['match', 'stderr', 0.25, 0],
      ['sample 1', 'match reduction (mean)', 0.5, 1],
    ]);
  });

  it('reproduces lm-eval results of every layout, and catches a changed per-sample value', () => {
    const dir = archiveDir();
    storeLmEval(dir, lmeval('0.4.5-en-it'));
    const ok = auditImports(loaded(dir));
    expect(ok.ok).toBe(true);
    expect(ok.counts).toEqual({ reproduced: 9, mismatch: 0, unverifiable: 0 }); // 4 means, 4 stderrs, the sample count
    expect(ok.rows.find((r) => r.metric === 'samples')).toMatchObject({ reported: 4, recomputed: 4, status: 'reproduced' });

    const copy = archiveDir();
    cpSync(lmeval('0.4.5-en-it'), copy, { recursive: true });
    const f = readdirSync(copy).find((n) => n.startsWith('samples_'))!;
    writeFileSync(join(copy, f), readFileSync(join(copy, f), 'utf8').replace('"chrf_score": 6', '"chrf_score": 9'));
    const dir2 = archiveDir();
    storeLmEval(dir2, copy);
    const bad = auditImports(loaded(dir2));
    expect(bad.ok).toBe(false);
    expect(bad.rows.filter((r) => r.status === 'mismatch').map((r) => `${r.scope} ${r.metric}`)).toEqual(['en_it_public/none chrf_score', 'en_it_public/none chrf_score_stderr']);
  });
});

describe('replay --imported', () => {
  it('inspect_ai: the rebuilt request matches call.request, and a changed request field is listed', async () => {
    const dir = archiveDir();
    await importInspect(dir, 'm.eval', fixture('mmlu-summary-choices.eval'));
    const ok = replayImports(loaded(dir));
    expect(ok.ok).toBe(true);
    expect(ok.imports[0]).toMatchObject({ checked: 1, matched: 1, coverage: 1 });

    const bytes = await variant('mmlu-summary-choices.eval', (n, t) => {
      if (!n.startsWith('samples/')) return { name: n, data: text(t) };
      const s = JSON.parse(t);
      const e = s.events.find((x: { event: string }) => x.event === 'model');
      e.call.request.temperature = 1;
      e.input[0].content = 'a different question';
      return { name: n, data: json(s) };
    });
    const dir2 = archiveDir();
    await importInspect(dir2, 'edited.eval', bytes);
    const bad = replayImports(loaded(dir2));
    expect(bad.ok).toBe(false);
    expect(bad.diffs.map((d) => [d.field, d.logged, d.rebuilt])).toEqual([
      ['messages[0].content[0]', { type: 'text', text: expect.stringContaining('Positronium') }, { type: 'text', text: 'a different question' }],
      ['temperature', 1, 0],
    ]);
  });

  it('lm-eval: recomputes every doc/prompt/target hash and task_hashes in Python’s byte form, and lists each mismatch', () => {
    const dir = archiveDir();
    storeLmEval(dir, lmeval('0.4.5-en-it'));
    const ok = replayImports(loaded(dir));
    expect(ok.diffs).toEqual([]);
    expect(ok.imports[0]).toMatchObject({ checked: 4 * 3 + 1, matched: 13, unsupported: 0 });

    const copy = archiveDir();
    cpSync(lmeval('0.4.5-en-it'), copy, { recursive: true });
    const f = readdirSync(copy).find((n) => n.startsWith('samples_'))!;
    const lines = readFileSync(join(copy, f), 'utf8').split('\n');
    lines[1] = lines[1]!.replace('"target": "', '"target": "X');
    lines[2] = lines[2]!.replace('"english": "', '"english": "X');
    writeFileSync(join(copy, f), lines.join('\n'));
    const dir2 = archiveDir();
    storeLmEval(dir2, copy);
    const bad = replayImports(loaded(dir2));
    expect(bad.diffs.map((d) => `${d.where.replace(/_2024.*jsonl/, '')} ${d.field}`)).toEqual(['samples_en_it_public line 2 target_hash', 'samples_en_it_public line 3 doc_hash']); // task_hashes is over the logged hashes, which the edit left alone
  });
});

describe('verify of an import', () => {
  it('finds an import record that does not match its source bytes', async () => {
    const dir = archiveDir();
    const plan = await readInspectFile('log_streaming.eval', fixture('log_streaming.eval'));
    const s = plan.samples[0]!.sample as JsonObject;
    ((s.scores as JsonObject).match as JsonObject).value = 'C'; // a record edited after import
    const a = new Archive(dir);
    storeImport(a, plan);
    a.close();
    const report = await verifyArchive(dir);
    expect(report.ok).toBe(false);
    expect(report.findings).toEqual([expect.objectContaining({ code: 'EIMPORTRECORD', message: expect.stringContaining('samples/1_epoch_1.json') })]);
  });

  it('the same files give the same bytes (pure encoding)', async () => {
    const one = encodeImport(await readInspectFile('x.eval', fixture('log_formats.eval')));
    const two = encodeImport(await readInspectFile('x.eval', fixture('log_formats.eval')));
    expect(Buffer.from(two.run.bytes).equals(Buffer.from(one.run.bytes))).toBe(true);
  });
});

describe('lm-eval layouts', () => {
  it('refuses a line without doc_id, or samples without a results file, naming it; nothing stored', () => {
    const copy = archiveDir();
    cpSync(lmeval('0.4.5-en-it'), copy, { recursive: true });
    const f = readdirSync(copy).find((n) => n.startsWith('samples_'))!;
    writeFileSync(join(copy, f), readFileSync(join(copy, f), 'utf8').replace('"doc_id": 1,', ''));
    expect(() => planLmEval(copy)).toThrow(expect.objectContaining({ code: 'EIMPORTLAYOUT', data: expect.objectContaining({ field: 'doc_id', where: `${f}: line 2` }) }));
    rmSync(join(copy, readdirSync(copy).find((n) => n.startsWith('results_'))!));
    expect(() => planLmEval(copy)).toThrow(expect.objectContaining({ code: 'EIMPORTLAYOUT', data: expect.objectContaining({ field: 'results file' }) }));
  });
});

describe('verify of a foreign-log', () => {
  it('finds bytes that do not hash to the digest the log records', async () => {
    const { encodeBundle } = await import('../format/bundle.ts');
    const dir = archiveDir();
    const a = new Archive(dir);
    a.putEncoded(encodeBundle({ kind: 'foreign-log', schemaVersion: 1, format: 'inspect-json', name: 'x.json', size: 3, sha256: `sha256:${'0'.repeat(64)}`, encoding: 'base64', content: 'YWJj' }));
    a.close();
    const report = await verifyArchive(dir);
    expect(report.findings.map((f) => f.code)).toEqual(['EIMPORTLOG']);
  });
});

describe('damage in an imported archive', () => {
  it('replay/audit --imported report a damaged bundle as a finding (exit 1), and still check the other imports', async () => {
    const dir = archiveDir();
    const damaged = await importInspect(dir, 'a.eval', fixture('log_streaming.eval'));
    await importInspect(dir, 'b.eval', fixture('log_formats.eval'));
    const hex = damaged.run.slice('sha256:'.length);
    writeFileSync(join(dir, 'objects/v1/sha256', hex.slice(0, 2), `${hex.slice(2)}.json.gz`), 'garbage');
    for (const cmd of [
      ['replay', '--imported'],
      ['audit', '--imported'],
    ]) {
      const r = docket(['--archive', dir, '--json', ...cmd]);
      expect(r.status, `${cmd.join(' ')}: ${r.stderr}`).toBe(1);
      expect(r.json.damaged).toEqual([expect.objectContaining({ import: damaged.ref, code: 'EIMPORTDAMAGED' })]);
      expect(r.stderr).not.toContain('internal error');
    }
    const audit = docket(['--archive', dir, '--json', 'audit', '--imported']).json;
    expect(audit.rows.filter((x: { status: string }) => x.status === 'reproduced').length).toBe(2); // log_formats still audited
  });
});

describe('the CLI', () => {
  it('docket import, replay --imported, audit --imported: exit 0, then 1 on a changed score', () => {
    const dir = archiveDir();
    const imp = docket(['--archive', dir, '--json', 'import', 'inspect', join(INSPECT, 'log_streaming.eval')]);
    expect(imp.status, imp.stderr).toBe(0);
    expect(imp.json.imports[0]).toMatchObject({ framework: 'inspect_ai', samples: 4 });
    expect(docket(['--archive', dir, 'replay', '--imported']).status).toBe(0);
    expect(docket(['--archive', dir, 'audit', '--imported']).status).toBe(0);
    const fresh = archiveDir();
    writeFileSync(join(fresh, '..', `${fresh.split('/').pop()}-bad.eval`), 'not a log');
    const two = docket(['--archive', join(fresh, 'a'), 'import', 'inspect', join(INSPECT, 'log_formats.eval'), join(fresh, '..', `${fresh.split('/').pop()}-bad.eval`)]);
    expect(two.status).toBe(2);
    expect(two.stderr).toContain('EIMPORTJSON');
    expect(readdirSync(fresh)).toEqual([]); // the good file was not imported either
    rmSync(join(fresh, '..', `${fresh.split('/').pop()}-bad.eval`));
    const bad = docket(['--archive', dir, 'import', 'lm-eval', INSPECT]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('EIMPORTLAYOUT');
  });
});

describe('regrade --imported', () => {
  it('grades multiple-choice samples with letter targets as foreign-grade records, and skips the rest', async () => {
    const { grader } = await import('../grading/graders.ts');
    const { regradeImport } = await import('./regrade.ts');
    const dir = archiveDir();
    await importInspect(dir, 'm.eval', fixture('mmlu-summary-choices.eval'));
    await importInspect(dir, 's.eval', fixture('log_streaming.eval'));
    // The same MMLU sample answered correctly ("ANSWER: A"; the key is A): a second import.
    const right = await variant('mmlu-summary-choices.eval', (n, t) => ({ name: n, data: n.startsWith('samples/') ? text(t.replaceAll('ANSWER: C', 'ANSWER: A')) : text(t) }));
    await importInspect(dir, 'right.eval', right);
    const a = new Archive(dir);
    try {
      const imps = selectImports(a, []);
      const first = imps.map((imp) => regradeImport(a, imp, grader('decision@2'), '2026-01-01T00:00:00Z'));
      expect(first.map((r) => [r.status, r.counts.samples, r.counts.correct, r.counts.incorrect, r.skipped]).sort()).toEqual([
        ['graded', 1, 0, 1, 0],
        ['graded', 1, 1, 0, 0],
        ['skipped', 0, 0, 0, 4],
      ]);
      const graded = first.filter((r) => r.status === 'graded');
      expect(graded.every((r) => r.counts.agreeWithLog === 0 || r.counts.agreeWithLog === 1)).toBe(true);
      // The log scored the edited sample "I"; docket's grader reads "ANSWER: A" as correct: listed.
      expect(graded.flatMap((r) => r.disagreements).map((d) => [d.logged, d.verdict])).toEqual([['incorrect', 'correct']]);
      const again = imps.map((imp) => regradeImport(a, imp, grader('decision@2'), '2026-01-02T00:00:00Z'));
      expect(again.filter((r) => r.status === 'graded')).toEqual([]);
      const exact = regradeImport(a, imps.find((i) => graded.some((g) => g.import === i.ref))!, grader('exact@1'), '2026-01-03T00:00:00Z');
      expect(exact.status).toBe('graded');
      expect((a.get(exact.grade!).value as JsonObject).previous).toBe(graded.find((g) => g.import === exact.import)!.grade);
    } finally {
      a.close();
    }
    expect((await verifyArchive(dir)).findings).toEqual([]);
  });
});

describe('inspect_ai epoch reducers', () => {
  it('reduces epochs by the log’s epochs_reducer before the metric', async () => {
    const entries = await entriesOf(fixture('log_streaming.eval'));
    const header = JSON.parse(entries.get('header.json')!);
    header.eval.config.epochs_reducer = ['max'];
    header.results.scores[0].metrics.accuracy.value = 1; // sample 1 has C and I over its epochs: max 1; sample 2: 1
    header.results.scores[0].metrics.stderr.value = 0;
    const bytes = await variant('log_streaming.eval', (n, t) => (n === 'reductions.json' ? null : { name: n, data: n === 'header.json' ? json(header) : text(t) }));
    const dir = archiveDir();
    await importInspect(dir, 'max.eval', bytes);
    const r = auditImports(loaded(dir));
    expect(r.rows.map((x) => [x.metric, x.recomputed, x.status])).toEqual([
      ['accuracy', 1, 'reproduced'],
      ['stderr', 0, 'reproduced'],
    ]);
  });
});
