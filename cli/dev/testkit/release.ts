import { mkdirSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { Archive } from '../../../replay/index/archive.ts';
import { gunzipStrict, gzipCanonical } from '../../../replay/format/gzip.ts';
import { BLOCK, END_BLOCKS, headerBlock, padding, paxRecord, parseTar, setChecksum, splitUstar, type RawHeader } from '../../../replay/release/tar.ts';
import { LIMITS } from '../../../replay/release/limits.ts';

/**
 * Test support for the release tests (not used by docket itself): a tiny repository tree to pack,
 * and a raw tar builder that can write any header, including the hostile ones a packer never would.
 */
export function makeTree(root: string, objects = 3): string[] {
  mkdirSync(join(root, 'evals', 'cat', 'one', 'probes'), { recursive: true });
  mkdirSync(join(root, 'lockfiles'), { recursive: true });
  const archive = new Archive(join(root, 'evidence'));
  const digests: string[] = [];
  for (let i = 0; i < objects; i++)
    digests.push(archive.put({ kind: 'attachment', schemaVersion: 1, mediaType: 'application/json', name: `n${i}.json`, body: { i, text: 'x'.repeat(100 + i) } }).digest);
  archive.setRef('snapshots/latest', digests[0] as never);
  archive.close();
  writeFileSync(join(root, 'decision-bank.json'), '{"questions":[]}\n');
  writeFileSync(join(root, 'evals', 'cat', 'one', 'TASK.md'), '# task\n');
  writeFileSync(join(root, 'evals', 'cat', 'one', 'probes', 'p1.mjs'), 'console.log(JSON.stringify({answer:"A"}))\n');
  chmodSync(join(root, 'evals', 'cat', 'one', 'probes', 'p1.mjs'), 0o755);
  writeFileSync(join(root, 'lockfiles', 'probes.lock.json'), '{}\n');
  writeFileSync(join(root, 'lockfiles', 'decision-verification.tgz.sha256'), 'not shipped\n');
  writeFileSync(join(root, 'package.json'), '{"name":"fixture","version":"1.0.0"}\n');
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
  makeBankValid(root); // release verify runs the full bank validation over what it extracts
  return digests;
}

/**
 * Make makeTree's bank one that passes `docket validate` (`docket release pack` refuses any other):
 * its one source eval omitted with a reason, a solution, the probe lockfile evidence lock computes.
 */
export function makeBankValid(root: string) {
  const bank = {
    schemaVersion: 1,
    name: 'fixture',
    version: '1',
    description: '',
    keyBalanceTolerance: 0,
    promptTemplate: { id: 'fixture', version: 1, system: 's', user: '{{stem}}', answerFormat: 'a letter' },
    questions: [],
    omissions: [{ sourceEval: 'cat/one', reason: 'a test fixture' }],
  };
  writeFileSync(join(root, 'decision-bank.json'), `${JSON.stringify(bank)}\n`);
  writeFileSync(join(root, 'evals', 'cat', 'one', 'solution.md'), 'none\n');
  writeFileSync(join(root, 'lockfiles', 'probes.lock.json'), '{"lockfileVersion":1,"node":"20","packages":{}}\n');
}

/** One tar entry as the raw builder sees it: a header (any fields) plus data. */
export interface Raw {
  h: RawHeader;
  data: Uint8Array;
  pax?: string; // emit a pax "path" header before this entry
  mutate?: (header: Uint8Array) => void; // edit the header bytes after the checksum (re-checksummed unless keepChecksum)
  keepChecksum?: boolean;
  path?: string; // the full path, for finding an entry again
}

/** name/prefix as the packer writes them (long names split at a slash when they fit). */
const fields = (path: string) => splitUstar(path) ?? { name: path, prefix: '' };

export function rawFile(path: string, data: Uint8Array | string, mode = 0o644): Raw {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return { h: { ...fields(path), size: bytes.length, type: '0', mode }, data: bytes, path };
}

export function rawDir(path: string): Raw {
  return { h: { ...fields(`${path}/`), size: 0, type: '5', mode: 0o755 }, data: new Uint8Array(0), path };
}

export function tarOf(raws: Raw[], end: Uint8Array = END_BLOCKS()): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const r of raws) {
    if (r.pax !== undefined) {
      const rec = paxRecord('path', r.pax);
      parts.push(headerBlock({ name: '././@PaxHeader', size: rec.length, type: 'x' }), rec, new Uint8Array(padding(rec.length)));
    }
    const h = headerBlock(r.h);
    if (r.mutate) {
      r.mutate(h);
      if (!r.keepChecksum) setChecksum(h);
    }
    parts.push(h, r.data, new Uint8Array(padding(r.data.length)));
  }
  parts.push(end);
  return Buffer.concat(parts);
}

export const tgzOf = (raws: Raw[], end?: Uint8Array) => gzipCanonical(tarOf(raws, end));

/** Read a (valid) release back into raw entries, to be edited into a hostile one. */
export function rawsOf(tgz: Uint8Array): Raw[] {
  const tar = gunzipStrict(tgz, 1 << 30);
  const { entries, issues } = parseTar(tar, LIMITS);
  if (issues.length) throw new Error(`baseline is not clean: ${JSON.stringify(issues)}`);
  return entries.map((e) => (e.type === 'dir' ? rawDir(e.path) : rawFile(e.path, Uint8Array.from(tar.subarray(e.offset, e.offset + e.size)), e.mode)));
}

export { BLOCK };
