import { hash } from 'node:crypto';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Archive } from '../../../replay/index/archive.ts';
import { currentBank } from '../../../replay/bank/frozen.ts';
import type { Digest } from '../../../replay/format/digest.ts';
import { grader } from '../../../replay/grading/graders.ts';
import { fastCanonicalText } from '../../../replay/accel/jcs-fast.ts';
import { headText, type JournalLine } from '../../../replay/runs/journal.ts';
import { HEAD_FILE, JOURNAL_FILE, planValue } from '../../../replay/runs/runs.ts';
import { createWorkDir } from '../../recorder/workdir.ts';
import { BENCH_DIR, DOCKET, REPO, timedRun } from './common.ts';

/**
 * Journal reads in bounded memory (issue 19 item 11): `docket runs` and `docket run --resume
 * --abandon` over working-directory journals of 0.5M and 5M lines (`BENCH_JOURNAL_LINES=N`: that
 * size only), printing wall time and peak RSS. Streaming reads make peak RSS flat in the journal's
 * length (it grew ~1 GB per million lines when the journal was read whole). Not a timed test:
 * numbers to read, not to assert.
 */
const SIZES = [500_000, 5_000_000];

export async function benchJournal() {
  console.log('\njournal: peak RSS over working-directory journals (streamed; flat in length)');
  const sizes = process.env.BENCH_JOURNAL_LINES ? [Number(process.env.BENCH_JOURNAL_LINES)] : SIZES;
  for (const n of sizes) {
    const dir = fixture(n);
    const runs = timedRun(process.execPath, [DOCKET, 'runs', '--archive', dir, '--json']);
    if (runs.status !== 0) throw new Error(`docket runs failed on ${n} lines: ${runs.stdout}`);
    const row = (JSON.parse(runs.stdout) as { runs: { id: string; attempts: number }[] }).runs.find((r) => r.id === 'big');
    if (row?.attempts !== n) throw new Error(`docket runs counted ${row?.attempts} attempts, expected ${n}`);
    line(`runs, ${n} lines`, runs);
    // Sealing writes every line again as segment bundles. The fixture's lines go round the plan's
    // slots (slot i mod 144), so they are not in the seal order (slot, then attempt) and the seal
    // reorders them: every slot's lines but the first's wait for their turn, the worst case
    // (cli/recorder/seal-order.ts streamSealed).
    const sealed = timedRun(process.execPath, [DOCKET, 'run', '--resume', 'big', '--abandon', '--archive', dir, '--json']);
    if (sealed.status !== 0) throw new Error(`run --resume --abandon failed on ${n} lines: ${sealed.stdout}`);
    line(`run --resume --abandon, ${n} lines, out of order`, sealed);
    rmSync(dir, { recursive: true, force: true }); // sealed: the fixture is used up
  }
}

function line(name: string, t: { seconds: number; maxRssMb: number | null }) {
  console.log(`  ${name.padEnd(52)} ${t.seconds.toFixed(1).padStart(7)} s   peak RSS ${t.maxRssMb === null ? '?' : t.maxRssMb.toFixed(0).padStart(5)} MB`);
}

/** A scratch archive (the shipped bank) with an interrupted run `big` of n journal lines; kept between bench runs. */
function fixture(n: number): string {
  const dir = join(BENCH_DIR, `journal-${n}`);
  if (existsSync(join(dir, 'runs', 'big', HEAD_FILE))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(REPO, 'evidence', 'objects'), join(dir, 'objects'), { recursive: true });
  cpSync(join(REPO, 'evidence', 'refs', 'bank'), join(dir, 'refs', 'bank'), { recursive: true });
  const archive = new Archive(dir);
  try {
    const g = grader('decision');
    const caps = { limitEvals: null, maxRequests: null, maxKnownCostUsd: null, retries: 3, timeoutMs: 60_000 };
    const { plan, requests } = planValue({
      bank: currentBank(archive),
      model: 'bench-model',
      baseUrl: 'http://127.0.0.1:9/v1',
      repetitions: 1,
      params: { temperature: 0, max_tokens: 16 },
      grader: { ref: `${g.id}@${g.version}`, digest: g.digest },
      caps,
    });
    const planDigest = archive.put(plan).digest;
    const wd = createWorkDir(dir, 'big', planDigest, '2026-01-01T00:00:00.000Z');
    // Lines are written in large buffered writes (the recorder fsyncs each one; a fixture need not).
    const fd = openSync(join(wd, JOURNAL_FILE), 'w');
    let prev: Digest = planDigest;
    let buf: string[] = [];
    let bytes = 0;
    for (let i = 0; i < n; i++) {
      const r = requests[i % requests.length]!;
      const l: JournalLine = {
        seq: i,
        prev,
        slot: r.slot,
        attempt: Math.floor(i / requests.length),
        requestHash: r.hash,
        response: { status: 503, body: { error: { message: 'overloaded' } } },
        content: null,
        model: null,
        finishReason: null,
        usage: null,
        costUsd: null,
        latencyMs: 12.5,
        errorClass: 'http_5xx',
        class: 'provider_failure',
        final: false,
      };
      const text = fastCanonicalText(l);
      prev = `sha256:${hash('sha256', text, 'hex')}` as Digest;
      buf.push(text, '\n');
      bytes += text.length + 1;
      if (bytes > 8 << 20) {
        writeSync(fd, buf.join(''));
        buf = [];
        bytes = 0;
      }
    }
    writeSync(fd, buf.join(''));
    closeSync(fd);
    writeFileSync(join(wd, HEAD_FILE), headText({ lines: n, head: prev }));
  } finally {
    archive.close();
  }
  return dir;
}
