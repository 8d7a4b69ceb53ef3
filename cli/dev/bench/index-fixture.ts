import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { LETTERS, type Question } from '../../../replay/bank/types.ts';
import { sha256, type Digest } from '../../../replay/format/digest.ts';
import { crcUpdate, GZIP_HEADER } from '../../../replay/format/gzip.ts';
import { canonicalText } from '../../../replay/format/json.ts';
import { JournalTally, type JournalLine } from '../../../replay/runs/journal.ts';
import { isQuestionRequest, planValue, runValue, SEGMENT_LINES, type PlanValue, type QuestionRequest } from '../../../replay/runs/runs.ts';
import { Store } from '../../../replay/store/store.ts';
import { syntheticBank } from './bank-fixture.ts';

/**
 * Sealed and graded runs at scale, written straight into a store (no index, no fsync: a fixture,
 * not a recording). Lines are the recorder's shape (real chaining, request bodies once per hash, a
 * retry after a 429 now and then, truncated and unreadable replies, unknown cost for some
 * models) written as RFC 8785 text by a template, since serializing a million lines generically
 * takes minutes; the first lines of every run are checked against canonicalText. Bundles are
 * deflated with node's zlib (any correct raw deflate is a valid bundle; docket's own writes use
 * the pinned encoder). Used by `npm run bench -- index` and by the index tests, at a small size.
 */
export interface FixtureOptions {
  runs: number;
  models: number;
  questions: number; // bank size: the shipped questions, copied under new ids as needed
  repetitions?: number;
  retryEvery?: number; // every Nth slot is answered after one 429
  regradeEvery?: number; // every Nth run has two grade records (the older one under `previous`)
  ungradedEvery?: number; // every Nth run has no grade record
  bigRun?: number; // repetitions of one more run, large enough for several segments
}

export interface Fixture {
  runs: number;
  attempts: number;
  graded: number;
  objects: number;
  bytes: number;
}

const SHOWN = 'ABCD';

export function buildRunFixture(dir: string, o: FixtureOptions): Fixture {
  mkdirSync(dir, { recursive: true });
  const store = new Store(dir);
  const stats: Fixture = { runs: 0, attempts: 0, graded: 0, objects: 0, bytes: 0 };
  const put = (content: string): Digest => {
    const bytes = bundleBytes(Buffer.from(content, 'utf8'));
    const digest = sha256(bytes);
    const path = store.objectPath(digest);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, bytes);
    stats.objects++;
    stats.bytes += bytes.length;
    return digest;
  };
  const ref = (name: string, digest: Digest) => {
    mkdirSync(join(dir, 'refs', name.split('/')[0]!), { recursive: true });
    writeFileSync(join(dir, 'refs', name), `${digest}\n`);
  };
  const bank = syntheticBank(store, dir, o.questions, 'fixture-bank');
  ref('bank/current', bank.digest);
  const plans = new Map<string, { digest: Digest; plan: PlanValue; requests: QuestionRequest[]; texts: Map<Digest, string> }>();
  const planFor = (model: string, repetitions: number) => {
    const k = `${model}/${repetitions}`;
    let p = plans.get(k);
    if (!p) {
      const { plan, requests } = planValue({
        bank,
        model,
        baseUrl: 'http://127.0.0.1:1/v1',
        repetitions,
        params: { temperature: 0, max_tokens: 16 },
        grader: { ref: 'decision@2', digest: sha256('fixture grader') },
        caps: { limitEvals: null, maxRequests: null, maxKnownCostUsd: null, retries: 3, timeoutMs: 60_000 },
        kinds: ['choice'],
      });
      p = { digest: put(canonicalText(plan)), plan, requests: requests.filter(isQuestionRequest), texts: new Map(requests.map((r) => [r.hash, canonicalText(r.body)])) };
      plans.set(k, p);
    }
    return p;
  };
  const total = o.runs + (o.bigRun ? 1 : 0);
  for (let n = 0; n < total; n++) {
    const big = n === o.runs;
    const m = n % o.models;
    const model = `model-${String(m).padStart(3, '0')}`;
    const id = big ? 'big-run' : `${model}-run-${String(n).padStart(5, '0')}`;
    const p = planFor(model, big ? o.bigRun! : (o.repetitions ?? 1));
    const r = writeRun(put, id, n, m, p, o);
    ref(`runs/${id}`, r.run);
    stats.runs++;
    stats.attempts += r.attempts;
    if (!big && o.ungradedEvery && n % o.ungradedEvery === o.ungradedEvery - 1) continue;
    let previous: Digest | null = null;
    if (o.regradeEvery && n % o.regradeEvery === 0) previous = put(gradeText(r, null, 'decision@1', true, put));
    ref(`grades/${id}`, put(gradeText(r, previous, 'decision@2', false, put)));
    stats.graded++;
  }
  return stats;
}

interface WrittenRun {
  id: string;
  run: Digest;
  attempts: number;
  verdicts: string[]; // each attempt's verdict record, as canonical text without its seq
}

function writeRun(
  put: (c: string) => Digest,
  id: string,
  n: number,
  m: number,
  p: {
    digest: Digest;
    plan: PlanValue;
    requests: { slot: { question: string; permutation: number; repetition: number }; hash: Digest; permutation: number[]; question: Question }[];
    texts: Map<Digest, string>;
  },
  o: FixtureOptions,
): WrittenRun & { attempts: number } {
  const lines: string[] = [];
  const verdicts: string[] = [];
  const tally = new JournalTally();
  const seen = new Set<Digest>();
  let prev: Digest = p.digest;
  const skill = 35 + ((m * 37) % 60); // percent of slots answered correctly, per model
  const knownCost = m % 5 !== 4;
  const push = (l: Omit<JournalLine, 'seq' | 'prev'>, verdict: string, shown: string | null, chosen: string | null) => {
    const seq = lines.length;
    const first = !seen.has(l.requestHash);
    seen.add(l.requestHash);
    const text = lineText(seq, prev, l, first ? p.texts.get(l.requestHash)! : null);
    if (seq < 3) {
      const value = { seq, prev, ...l, ...(first ? { request: JSON.parse(p.texts.get(l.requestHash)!) } : {}) };
      if (canonicalText(value) !== text) throw new Error(`fixture line template is not canonical:\n${text}\n${canonicalText(value)}`);
    }
    prev = sha256(text);
    lines.push(text);
    tally.add({ seq, prev, ...l } as JournalLine);
    const input = `{"content":${JSON.stringify(l.content)},"finishReason":${JSON.stringify(l.finishReason)},"requestHash":"${l.requestHash}"}`;
    verdicts.push(
      `"attempt":${l.attempt},"chosen":${JSON.stringify(chosen)},"inputHash":"${sha256(input)}","permutation":${l.slot.permutation},"question":${JSON.stringify(l.slot.question)},"repetition":${l.slot.repetition},"seq":${seq},"shown":${JSON.stringify(shown)},"verdict":"${verdict}"}`,
    );
  };
  p.requests.forEach((r, i) => {
    const base = { slot: r.slot, requestHash: r.hash };
    let attempt = 0;
    if (o.retryEvery && (i + n) % o.retryEvery === 0) {
      push(
        {
          ...base,
          attempt: attempt++,
          response: { status: 429, body: { error: { message: 'rate limited', type: 'rate_limit' } } },
          content: null,
          model: null,
          finishReason: null,
          usage: null,
          costUsd: null,
          latencyMs: 12,
          errorClass: 'http_429',
          class: 'provider_failure',
          final: false,
        },
        'provider_failure',
        null,
        null,
      );
    }
    const h = hashInt(`${id}:${i}`);
    const keyPos = r.permutation.indexOf(LETTERS.indexOf(r.question.key));
    const kind = h % 97 === 0 ? 'truncated' : h % 89 === 0 ? 'invalid' : h % 100 < skill ? 'correct' : 'incorrect';
    const shownPos = kind === 'correct' ? keyPos : (keyPos + 1 + (h % 3)) % 4;
    const shown = kind === 'truncated' ? null : kind === 'invalid' ? null : SHOWN[shownPos]!;
    const content = kind === 'truncated' ? '' : kind === 'invalid' ? 'I would rather not say' : shown!;
    const finishReason = kind === 'truncated' ? 'length' : 'stop';
    const cost = knownCost ? 0.000114 : null;
    const usage = { completion_tokens: kind === 'truncated' ? 16 : 1, ...(cost === null ? {} : { cost }), prompt_tokens: 100 + (i % 50), total_tokens: (kind === 'truncated' ? 116 : 101) + (i % 50) };
    const body = {
      choices: [{ finish_reason: finishReason, index: 0, message: { content, role: 'assistant' } }],
      created: 1767225600 + i,
      id: `chatcmpl-${r.hash.slice(7, 31)}`,
      model: `${id.split('-run-')[0]}-v1`,
      object: 'chat.completion',
      system_fingerprint: 'bench-1',
      usage,
    };
    const cls = kind === 'truncated' ? 'truncated' : kind === 'invalid' ? 'invalid' : 'answered';
    const chosen = shown === null ? null : LETTERS[r.permutation[shownPos]!]!;
    push(
      { ...base, attempt, response: { status: 200, body }, content, model: body.model, finishReason, usage, costUsd: cost, latencyMs: 200 + (h % 97), errorClass: null, class: cls, final: true },
      kind,
      shown,
      chosen,
    );
  });
  const segments: Digest[] = [];
  for (let first = 0; first < lines.length; first += SEGMENT_LINES) {
    segments.push(put(`{"first":${first},"kind":"run-segment","lines":[${lines.slice(first, first + SEGMENT_LINES).join(',')}],"run":${JSON.stringify(id)},"schemaVersion":1}`));
  }
  const sealedAt = new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
  const run = put(
    canonicalText(
      runValue({ id, planDigest: p.digest, plan: p.plan, summary: tally.summary(), head: prev, segments, status: 'sealed', stopReason: null, startedAt: sealedAt, sealedAt, docketVersion: 'fixture' }),
    ),
  );
  return { id, run, attempts: lines.length, verdicts };
}

/** A grade record of the run (inline verdicts, or grade segments past 2000), as regrade writes it. */
function gradeText(r: WrittenRun, previous: Digest | null, graderRef: string, allWrong: boolean, put: (c: string) => Digest): string {
  const records = r.verdicts.map((v) => (allWrong ? v.replace(/"verdict":"correct"/, '"verdict":"incorrect"') : v));
  const counts = { attempts: records.length, slots: 0, correct: 0, incorrect: 0, invalid: 0, truncated: 0, provider_failure: 0, interrupted: 0 } as Record<string, number>;
  for (const v of records) {
    const verdict = /"verdict":"([a-z_]+)"/.exec(v)![1]!;
    if (verdict !== 'provider_failure') {
      // the fixture's only non-final attempts are the 429s
      counts.slots!++;
      counts[verdict]!++;
    }
  }
  const text = (seq: number, v: string) => `{${v.replace(/"seq":\d+/, `"seq":${seq}`)}`;
  const segmented = records.length > SEGMENT_LINES;
  const segments: Digest[] = [];
  if (segmented) {
    for (let first = 0; first < records.length; first += SEGMENT_LINES) {
      segments.push(
        put(
          `{"first":${first},"kind":"grade-segment","run":"${r.run}","schemaVersion":1,"verdicts":[${records
            .slice(first, first + SEGMENT_LINES)
            .map((v, k) => text(first + k, v))
            .join(',')}]}`,
        ),
      );
    }
  }
  const [id, version] = graderRef.split('@');
  const grade = {
    kind: 'grade',
    schemaVersion: 1,
    run: r.run,
    runId: r.id,
    grader: { ref: graderRef, id: id!, version: Number(version), digest: sha256(`fixture ${graderRef}`) },
    previous,
    gradedAt: '2026-02-01T00:00:00.000Z',
    verdicts: [] as unknown[],
    segments,
    counts,
    warnings: [],
  };
  const body = canonicalText(grade);
  return segmented ? body : body.replace('"verdicts":[]', `"verdicts":[${records.map((v, k) => text(k, v)).join(',')}]`);
}

/** A journal line's RFC 8785 text (keys in code-point order; every string here is plain ASCII). */
function lineText(seq: number, prev: Digest, l: Omit<JournalLine, 'seq' | 'prev'>, request: string | null): string {
  const J = JSON.stringify;
  return `{"attempt":${l.attempt},"class":${J(l.class)},"content":${J(l.content)},"costUsd":${J(l.costUsd)},"errorClass":${J(l.errorClass)},"final":${l.final},"finishReason":${J(l.finishReason)},"latencyMs":${l.latencyMs},"model":${J(l.model)},"prev":"${prev}",${request === null ? '' : `"request":${request},`}"requestHash":"${l.requestHash}","response":${canonicalResponse(l.response)},"seq":${seq},"slot":{"permutation":${l.slot.permutation},"question":${J(l.slot.question)},"repetition":${l.slot.repetition}},"usage":${canonicalUsage(l.usage)}}`;
}

function canonicalResponse(r: JournalLine['response']): string {
  if (r === null) return 'null';
  if (!('body' in r) || r.status !== 200) return canonicalText(r);
  const b = r.body as { choices: { finish_reason: string; message: { content: string } }[]; created: number; id: string; model: string; usage: Record<string, number> };
  const c = b.choices[0]!;
  return `{"body":{"choices":[{"finish_reason":${JSON.stringify(c.finish_reason)},"index":0,"message":{"content":${JSON.stringify(c.message.content)},"role":"assistant"}}],"created":${b.created},"id":"${b.id}","model":${JSON.stringify(b.model)},"object":"chat.completion","system_fingerprint":"bench-1","usage":${canonicalUsage(b.usage)}},"status":200}`;
}

function canonicalUsage(u: unknown): string {
  if (u === null) return 'null';
  const x = u as Record<string, number>;
  return `{"completion_tokens":${x.completion_tokens},${'cost' in x ? `"cost":${x.cost},` : ''}"prompt_tokens":${x.prompt_tokens},"total_tokens":${x.total_tokens}}`;
}

function hashInt(s: string): number {
  return parseInt(sha256(s).slice(7, 15), 16);
}

function bundleBytes(content: Uint8Array): Buffer {
  const body = deflateRawSync(content, { level: 1 });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crcUpdate(content, 0), 0);
  trailer.writeUInt32LE(content.length >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, body, trailer]);
}
