import type { Code } from '../../replay/codes.ts';
import { sha256Stream, type Digest } from '../../replay/format/digest.ts';
import { usageError } from '../../replay/errors.ts';
import { finding, type Finding } from '../../replay/findings.ts';
import { availableParallelism } from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { ObjectResult } from '../../replay/check/check-object.ts';
import { BundleChecks, type WriteTo } from '../../replay/release/bundle-checks.ts';
import { header, type RegistryClient } from './client.ts';
import { formatRef } from './ref.ts';

/** A bundle to take out of a pack: where it is, what it must hash to, and (pull) the temp to write it to. */
export interface Wanted {
  digest: Digest;
  offset: number;
  length: number;
  rel: string; // its path in a store: the key of its verdict in BundleChecks.results
  to?: WriteTo;
}

export interface PackProblem {
  code: Code;
  message: string;
}

/** A span of a pack to ask for with one range request: [start, end). */
export interface Span {
  start: number;
  end: number;
}

/**
 * Stream one pack (or, with `span`, bytes [start, end) of it) and hand each wanted bundle to
 * `checks` the moment its last byte arrives, so nothing holds more than one bundle of it: no
 * whole-pack buffer, whatever the pack's size. Reading stops at the pack's listed size (a registry
 * that sends more is cut off, not read on). A whole pack is hashed as it streams. Returns what is
 * wrong with the pack as a whole (too short, too long, another digest); each bundle's own verdict
 * is in `checks.results` once `checks.settle()` resolves. `whole`: the registry sent the whole
 * pack (no span asked, or a range it ignored), so every wanted bundle was handed over.
 */
export async function streamPack(
  client: RegistryClient,
  pack: { digest: Digest; size: number },
  wanted: Wanted[],
  checks: BundleChecks,
  span: Span | null,
): Promise<{ problem: PackProblem | null; bytes: number; whole: boolean }> {
  const r = await client.openBlob(pack.digest, span ? { start: span.start, end: span.end - 1 } : undefined);
  let base = 0;
  let limit = pack.size;
  let list = wanted;
  const ranged = r.status === 206 && span !== null;
  if (ranged) {
    const cr = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header(r.headers, 'content-range') ?? '');
    if (!cr || Number(cr[1]) !== span.start || Number(cr[2]) !== span.end - 1 || (cr[3] !== '*' && Number(cr[3]) !== pack.size)) {
      r.body.destroy();
      throw usageError(
        'EREGISTRY',
        `${formatRef(client.ref)} answered a request for bytes ${span.start}-${span.end - 1} of pack ${pack.digest} with Content-Range ${JSON.stringify(header(r.headers, 'content-range') ?? null)}`,
        {
          digest: pack.digest,
        },
      );
    }
    base = span.start;
    limit = span.end;
    list = wanted.filter((w) => w.offset >= span.start && w.offset + w.length <= span.end);
  }
  const hash = ranged ? null : sha256Stream();
  let pos = base;
  let k = 0;
  let pieces: Buffer[] = [];
  let have = 0;
  let over = false;
  try {
    for await (const chunk of r.body as AsyncIterable<Buffer>) {
      let c = chunk;
      if (pos + c.length > limit) {
        over = true;
        c = c.subarray(0, limit - pos);
      }
      hash?.update(c);
      scavenge(c.length);
      let cur = 0;
      while (cur < c.length && k < list.length) {
        const w = list[k]!;
        const at = pos + cur;
        if (at < w.offset) {
          cur += Math.min(w.offset - at, c.length - cur); // bytes no wanted bundle needs
          continue;
        }
        const take = Math.min(w.length - have, c.length - cur);
        pieces.push(c.subarray(cur, cur + take));
        have += take;
        cur += take;
        if (have === w.length) {
          // The worker checks every bundle: while the ring is full this stream waits (and the
          // socket with it) rather than this thread checking one itself.
          while (!checks.fits(have)) await checks.freed();
          hand(checks, w, pieces, have);
          pieces = [];
          have = 0;
          k++;
        }
      }
      pos += c.length;
      if (over) {
        r.body.destroy(); // a registry that sends on and on is not read on
        break;
      }
    }
  } catch (e) {
    throw usageError('ECONNECT', `the connection broke while reading pack ${pack.digest} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); run the command again to resume`, {
      digest: pack.digest,
    });
  }
  checks.flush();
  const bytes = pos - base;
  const expected = limit - base;
  let problem: PackProblem | null = null;
  if (over) problem = { code: 'EDIGEST', message: `is more than the ${expected} bytes ${ranged ? 'asked for' : 'its manifest lists'} (reading stopped there)` };
  else if (bytes < expected) problem = { code: 'EDIGEST', message: `is ${bytes} bytes, not the ${expected} ${ranged ? 'asked for' : 'its manifest lists'}` };
  else if (hash) {
    const got = hash.digest();
    if (got !== pack.digest) problem = { code: 'EDIGEST', message: `hashes to ${got}` };
  }
  return { problem, bytes, whole: !ranged };
}

/** One whole bundle to the checks: copied once, into the ring slice (or scratch) they give. */
function hand(checks: BundleChecks, w: Wanted, pieces: Buffer[], size: number) {
  const buf = checks.reserve(size);
  let at = 0;
  for (const p of pieces) at += p.copy(buf, at);
  checks.submit(buf, { rel: w.rel, digest: w.digest, path: w.rel, scan: false }, w.to); // a pull checks; it does not scan
}

/**
 * Range requests for a pack of which only a few bundles are wanted (a tag that reuses another's
 * packs; a pull resumed in the middle of one): spans of wanted bundles, neighbours within `gap`
 * bytes merged. Null (fetch it whole) when the wanted bytes are at least half the pack, or it is small.
 */
export function spansOf(packSize: number, wanted: Wanted[], gap = 256 * 1024, small = 1024 * 1024): Span[] | null {
  const need = wanted.reduce((n, w) => n + w.length, 0);
  if (packSize <= small || need * 2 >= packSize) return null;
  const spans: Span[] = [];
  for (const w of wanted) {
    const last = spans[spans.length - 1];
    if (last && w.offset - last.end <= gap) last.end = Math.max(last.end, w.offset + w.length);
    else spans.push({ start: w.offset, end: w.offset + w.length });
  }
  return spans;
}

/** Below this many bytes to check, the worker thread's start costs more than it saves. */
const WORKER_FROM = 4 * 1024 * 1024;
/**
 * The shared ring a pull hands bundles to the worker through. Smaller than a release verify's
 * (8 MiB): a pull waits for the worker when it is full (the stream pauses, the socket with it)
 * instead of checking on this thread, and 2 MiB keeps the worker fed at loopback speed (measured
 * on the bench archive: the same wall time as 8 MiB, ~8 MB less peak RSS).
 */
export const PULL_RING_BYTES = 2 * 1024 * 1024;

/** The checks for `bytes` of bundles: a worker thread beside this one when there is enough to share. */
export function bundleChecks(bytes: number): BundleChecks {
  return new BundleChecks(bytes >= WORKER_FROM && availableParallelism() > 1 ? 1 : 0, PULL_RING_BYTES);
}

/**
 * Every read from a socket arrives in a fresh buffer (~64 KiB) that V8 frees only at a garbage
 * collection, and V8 starts one for such outside memory only after tens of megabytes of it: at
 * loopback speed that garbage was 20-40 MB of a pull's peak RSS. A scavenge (a young-generation
 * collection, ~0.1-1 ms here) after every SCAVENGE_EVERY bytes streamed frees them; what stays is
 * bounded by that figure, whatever the archive's size. V8 offers the call only to a process
 * started with --expose-gc; setting the flag at run time gives it too (null if this V8 refuses).
 */
const SCAVENGE_EVERY = 8 * 1024 * 1024;
let sinceScavenge = 0;
let collect: ((o: { type: 'minor' }) => void) | null | undefined;
function scavenge(bytes: number) {
  sinceScavenge += bytes;
  if (sinceScavenge < SCAVENGE_EVERY) return;
  sinceScavenge = 0;
  if (collect === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      collect = vm.runInNewContext('gc') as typeof collect;
    } catch {
      collect = null;
    }
    if (typeof collect !== 'function') collect = null;
  }
  collect?.({ type: 'minor' });
}

/**
 * The verdict on one pack once its stream ended and `checks` settled: a finding for the pack as a
 * whole and for each wanted bundle that failed a check (or never arrived); `ok` when there is none.
 * Takes the bundles' verdicts out of `checks` (returned in `results`, for the references they hold).
 */
export function packVerdict(pack: Digest, wanted: Wanted[], problem: PackProblem | null, checks: BundleChecks, refusal: string) {
  const findings: Finding[] = [];
  const results: ObjectResult[] = [];
  if (problem) findings.push(finding(problem.code, `pack ${pack} ${problem.message}; ${refusal}`, { digest: pack }));
  let missing = 0;
  for (const w of wanted) {
    const r = checks.results.get(w.rel);
    checks.results.delete(w.rel);
    checks.written.delete(w.rel);
    if (!r) missing++;
    else if (r.failure)
      findings.push(
        finding(r.failure.code, `bundle ${w.digest} (bytes ${w.offset}+${w.length} of pack ${pack}) is not a valid docket bundle (${r.failure.message}); ${refusal}`, { digest: w.digest }),
      );
    else results.push(r);
  }
  if (missing && !findings.length) findings.push(finding('EDIGEST', `${missing} bundles of pack ${pack} never arrived; ${refusal}`, { digest: pack }));
  return { ok: findings.length === 0, findings, results };
}
