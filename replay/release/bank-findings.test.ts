import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { byUtf8 } from '../format/utf8.ts';
import { sha256 } from '../format/digest.ts';
import { canonicalBytes } from '../format/json.ts';
import { tempDir } from '../../cli/dev/testkit/core.ts';
import { TOP_DIR } from './limits.ts';
import { packRelease } from './pack.ts';
import { makeBankValid, makeTree, rawDir, rawFile, rawsOf, tgzOf, type Raw } from '../../cli/dev/testkit/release.ts';
import { verifyAndExtractRelease, verifyRelease } from './verify.ts';

/**
 * Issue #19 item 6: a release whose bank fails the full bank validation (made by another tool or an
 * older docket; release pack refuses such a bank) fails `docket verify FILE.tgz` with a finding per
 * violation, and nothing is extracted.
 */
const T = TOP_DIR;
let clean: Uint8Array;
let bankText = '';
beforeAll(async () => {
  const root = tempDir('docket-rel-bank-');
  makeTree(root);
  makeBankValid(root);
  // A fixture bank with two questions, so the rules about questions have something to hold.
  const bank = {
    schemaVersion: 1,
    name: 'fixture',
    version: '1',
    description: '',
    keyBalanceTolerance: 2,
    promptTemplate: { id: 'fixture', version: 1, system: 's', user: '{{stem}}', answerFormat: 'a letter' },
    questions: [
      { id: 'q-1', sourceEval: 'cat/one', stem: 'Which?', options: ['A) one', 'B) two', 'C) three', 'D) four'], key: 'A', claim: 'c', doesNotEstablish: 'd', probe: 'probes/p1.mjs' },
      { id: 'q-2', sourceEval: 'cat/one', stem: 'Which else?', options: ['A) one', 'B) two', 'C) three', 'D) four'], key: 'B', claim: 'c', doesNotEstablish: 'd', probe: 'probes/p1.mjs' },
    ],
    omissions: [],
  };
  bankText = JSON.stringify(bank, null, 2);
  writeFileSync(join(root, 'decision-bank.json'), bankText);
  clean = (await packRelease({ root })).bytes;
});

type Manifest = { entries: { path: string; size: number; digest: string }[] };
/** The clean release with other files in place of (or beside) its own, the manifest made to agree. */
function withFiles(files: Record<string, string>, dirs: string[] = []): Uint8Array {
  const raws: Raw[] = rawsOf(clean).filter((r) => !(r.path!.slice(T.length + 1) in files));
  const m = JSON.parse(Buffer.from(raws[0]!.data).toString()) as Manifest;
  m.entries = m.entries.filter((e) => !(e.path in files));
  for (const d of dirs) raws.push(rawDir(`${T}/${d}`));
  for (const [path, data] of Object.entries(files)) {
    const bytes = Buffer.from(data);
    raws.push(rawFile(`${T}/${path}`, bytes));
    m.entries.push({ path, size: bytes.length, digest: sha256(bytes) });
  }
  m.entries.sort((a, b) => byUtf8(a.path, b.path));
  raws[0] = rawFile(`${T}/MANIFEST.json`, canonicalBytes(m as never));
  return tgzOf(raws);
}

const edited = (edit: (b: { questions: Record<string, unknown>[]; [k: string]: unknown }) => void) => {
  const b = JSON.parse(bankText);
  edit(b);
  return JSON.stringify(b, null, 2);
};

function tgz(bytes: Uint8Array): string {
  const file = join(tempDir('docket-rel-bank-'), 'r.tgz');
  writeFileSync(file, bytes);
  return file;
}

const BROKEN: [string, () => string, string, string | null][] = [
  ['invalid JSON', () => bankText.slice(0, 100), 'EBANKJSON', null],
  ['a duplicate key', () => bankText.replace('"stem":', '"key": "C",\n      "stem":'), 'EBANKJSON', null],
  ['five options', () => edited((b) => void (b.questions[0]!.options as string[]).push('E) five')), 'EOPTIONS', 'q-1'],
  ['two keys', () => edited((b) => void (b.questions[1]!.key = ['A', 'B'])), 'ESCHEMA', 'q-2'],
  ['a source eval that is missing', () => edited((b) => void (b.questions[0]!.sourceEval = 'cat/gone')), 'ESOURCE', 'q-1'],
  ['a duplicate question id', () => edited((b) => void (b.questions[1]!.id = 'q-1')), 'EDUPID', 'q-1'],
  ['a root that is an array', () => '[1]', 'EBANKROOT', null],
];

describe('release verify: the full bank validation of the shipped bank', () => {
  it('a release of a bank that validates passes the step', async () => {
    const r = await verifyRelease(tgz(clean));
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(r.steps.find((s) => s.name === 'bank validation')).toMatchObject({ checked: 1, failed: 0 });
  });

  it.each(BROKEN)('%s: a finding naming the rule and the question; exit-1 report; nothing extracted', async (_name, text, code, question) => {
    const extract = join(tempDir('docket-rel-bank-x-'), 'out');
    const v = await verifyAndExtractRelease(tgz(withFiles({ 'decision-bank.json': text() })), { extract });
    expect(v.report.ok).toBe(false);
    expect(v.stagingDir).toBeNull();
    const step = v.report.steps.find((s) => s.name === 'bank validation');
    expect(step?.failed).toBeGreaterThan(0);
    const found = v.report.findings.filter((f) => f.code === code);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatchObject({ severity: 'error', data: { path: 'decision-bank.json' } });
    if (question) expect(found.map((f) => f.message).join('\n')).toContain(`question ${question}`);
    const { existsSync } = await import('node:fs');
    expect(existsSync(extract)).toBe(false);
  });

  it('collects every violation, not the first', async () => {
    const r = await verifyRelease(
      tgz(
        withFiles({
          'decision-bank.json': edited((b) => {
            (b.questions[0]!.options as string[]).push('E) five');
            b.questions[1]!.key = 'E';
          }),
        }),
      ),
    );
    expect(r.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['EOPTIONS', 'EKEY']));
  });

  it('a probe that is a directory is a finding, not a stack', async () => {
    const r = await verifyRelease(tgz(withFiles({ 'decision-bank.json': edited((b) => void (b.questions[0]!.probe = 'probes')) })));
    expect(r.ok).toBe(false);
    expect(r.findings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'EPROBE', message: expect.stringContaining('question q-1') })]));
  });

  it('a release without a lockfile (package-lock.json) is a finding naming what to run, not a stack', async () => {
    const raws = rawsOf(clean);
    const m = JSON.parse(Buffer.from(raws[0]!.data).toString()) as Manifest;
    m.entries = m.entries.filter((e) => e.path !== 'package-lock.json');
    const kept = raws.filter((r) => r.path !== `${T}/package-lock.json`);
    kept[0] = rawFile(`${T}/MANIFEST.json`, canonicalBytes(m as never));
    const r = await verifyRelease(tgz(tgzOf(kept)));
    expect(r.ok).toBe(false);
    expect(r.findings).toContainEqual(expect.objectContaining({ code: 'ENOLOCKFILE', message: expect.stringMatching(/npm install/) }));
  });
});
