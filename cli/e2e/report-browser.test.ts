import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../replay/scoring/report.ts';
import type { TaskDetail } from '../../replay/scoring/task-details.ts';
import { rankRuns, type RunForScoring, type SlotOutcome, type Verdict } from '../../replay/scoring/scoring.ts';
import { seededRng } from '../../replay/scoring/stats.ts';

/**
 * Renders a report built from in-memory fakes in real headless Chromium (Debian `chromium`),
 * takes a screenshot and checks the page is not blank and the key content is in the DOM. Without
 * /usr/bin/chromium the test is skipped with the reason printed — except in CI, where it fails.
 */
const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const inCi = Boolean(process.env.CI);
if (!hasChromium) console.warn(`report-browser.test: ${CHROMIUM} is missing (apt-get install chromium)${inCi ? ' — failing because CI is set' : ' — skipping the browser test'}`);

const run = promisify(execFile);
const VERSION = 'docket-decisions@1.0.0';
const CATEGORIES = ['async', 'json', 'node-apis', 'numbers', 'sqlite', 'strings'];
const digest = (s: string) => `sha256:${createHash('sha256').update(s).digest('hex')}`;

function fakeRun(model: string, day: number, accuracy: number, over: Partial<RunForScoring> = {}): RunForScoring {
  const rng = seededRng(model);
  const slots: SlotOutcome[] = [];
  for (let q = 0; q < 48; q++) {
    for (let p = 0; p < 3; p++) {
      const r = rng();
      const verdict: Verdict = r < accuracy ? 'correct' : r > 0.995 ? 'truncated' : r > 0.985 ? 'invalid' : 'incorrect';
      const cat = CATEGORIES[q % CATEGORIES.length]!;
      slots.push({
        question: `${cat}-${q}`,
        sourceEval: `${cat}/eval-${q % 4}`,
        permutation: p,
        repetition: 0,
        verdict,
        chosen: 'A',
        key: 'A',
        answerText: 'A',
        attempts: 1,
        costUsd: 0.0012,
        unknownCostAttempts: 0,
      });
    }
  }
  return {
    run: digest(`run ${model}`),
    grade: digest(`grade ${model}`),
    runId: `2026-05-0${day}-${model}`,
    model,
    status: 'sealed',
    benchmarkVersion: VERSION,
    sealedAt: `2026-05-0${day}T00:00:00Z`,
    planned: 144,
    slots,
    ...over,
  };
}

const runs = [fakeRun('alpha-large', 1, 0.88), fakeRun('beta-medium', 2, 0.7), fakeRun('gamma-small', 3, 0.45), fakeRun('delta-broken', 4, 0.6, { status: 'interrupted' })];
const dirs: string[] = [];
const tmp = (p: string) => {
  const d = mkdtempSync(join(tmpdir(), p));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

describe('docket report in headless Chromium', () => {
  it.skipIf(!hasChromium && !inCi)('renders a non-blank page with the models, scores and coverage visible', async () => {
    expect(hasChromium, `${CHROMIUM} is required in CI`).toBe(true);
    const ranking = rankRuns(runs, VERSION);
    const report = buildReport(ranking);
    const out = tmp('docket-report-');
    const page = join(out, 'index.html');
    writeFileSync(page, report.html);
    const png = join(out, 'shot.png');
    const url = `file://${page}`;

    await run(CHROMIUM, [...FLAGS, `--user-data-dir=${tmp('docket-chromium-')}`, `--screenshot=${png}`, '--window-size=1200,1600', url], { timeout: 90_000 });
    expect(existsSync(png)).toBe(true);
    expect(statSync(png).size).toBeGreaterThan(20_000);
    const image = decodePng(readFileSync(png));
    expect([image.width, image.height]).toEqual([1200, 1600]);
    const { distinct, inked } = pixelStats(image);
    expect(distinct).toBeGreaterThan(50); // text, bars in several colours: not a blank or flat page
    expect(inked).toBeGreaterThan(0.03); // a real share of the pixels differ from the background

    const { stdout: dom } = await run(CHROMIUM, [...FLAGS, `--user-data-dir=${tmp('docket-chromium-')}`, '--dump-dom', url], { timeout: 90_000, maxBuffer: 32 * 1024 * 1024 });
    for (const row of ranking.rows) {
      expect(dom).toContain(row.score.model);
      expect(dom).toContain(`${(row.score.score! * 100).toFixed(1)} %`);
      expect(dom).toContain(row.score.run);
    }
    expect(ranking.rows.length).toBe(3);
    expect(dom).toContain('delta-broken (not ranked)');
    expect(dom).toContain('run is interrupted, not sealed and complete');
    expect(dom).toContain('Coverage');
    expect(dom).toContain('97 % minimum');
  });

  it.skipIf(!hasChromium && !inCi)('at 1280 px no number of the ranking wraps: each text of a numeric cell is one line', async () => {
    expect(hasChromium, `${CHROMIUM} is required in CI`).toBe(true);
    // Runs with tasks too: the per-kind table and a task section with a long reply are measured with the rest.
    const tasked = runs.map((r) => ({
      ...r,
      plannedByKind: { choice: 72, exec: 72 },
      slots: r.slots.map((x, i) => (i % 2 ? { ...x, kind: 'exec' as const, score: x.verdict === 'correct' ? 1 : 0.5 } : x)),
    }));
    const ranking = rankRuns(tasked, VERSION);
    const reply = `\`\`\`js\n${'export function clamp(value, low, high) { return Math.min(Math.max(value, low), high); }\n'.repeat(40)}\`\`\``;
    const details = new Map<string, TaskDetail[]>(
      ranking.rows.map((row) => [
        row.score.run,
        [
          {
            task: 'numbers-clamp-with-a-rather-long-task-identifier',
            kind: 'exec' as const,
            repetition: 0,
            verdict: 'partial' as const,
            score: 0.5,
            finishReason: 'stop',
            reply,
            parts: [
              {
                grader: 'exec@1',
                verdict: 'partial',
                score: 0.5,
                tests: [
                  { name: 'clamp keeps a value inside the range unchanged', status: 'passed', message: null },
                  { name: 'clamp below', status: 'failed', message: 'Expected values to be strictly equal:\n\n-1 !== 0\n' },
                ],
              },
            ],
          },
        ],
      ]),
    );
    const report = buildReport(ranking, undefined, details);
    expect(report.html).toContain('<h2>Score per kind</h2>');
    expect(report.html).toContain('<details id="tasks-0">');
    const out = tmp('docket-report-wrap-');
    const page = join(out, 'index.html');
    // Test-only: a script that counts the line boxes of every text in the ranking's numeric cells
    // and writes the ones on more than one line into the DOM, which --dump-dom then prints.
    const measure = `<script>addEventListener('load', () => {
      const wrapped = [];
      for (const td of document.querySelectorAll('td.num')) {
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (!n.textContent.trim()) continue;
          const r = document.createRange();
          r.selectNodeContents(n);
          const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
          if (tops.size > 1) wrapped.push(n.textContent.trim());
        }
      }
      const cells = document.querySelectorAll('td.num').length;
      const pre = document.createElement('pre');
      pre.id = 'wrap' + '-report'; // spelled apart: the dumped script text must not match it
      pre.textContent = JSON.stringify({ cells, wrapped, width: document.documentElement.scrollWidth });
      document.body.append(pre);
    });</script>`;
    // The report allows no script (its CSP): the measuring copy lets this one run.
    const html = report.html
      .replace("style-src 'unsafe-inline'", "style-src 'unsafe-inline'; script-src 'unsafe-inline'")
      .replace('</body>', `${measure}</body>`)
      .replaceAll('<details id=', '<details open id='); // laid out open: a closed section has no width to measure
    expect(html).toContain("script-src 'unsafe-inline'");
    writeFileSync(page, html);
    const { stdout: dom } = await run(CHROMIUM, [...FLAGS, `--user-data-dir=${tmp('docket-chromium-')}`, '--window-size=1280,1000', '--dump-dom', `file://${page}`], {
      timeout: 90_000,
      maxBuffer: 32 * 1024 * 1024,
    });
    const m = /<pre id="wrap-report">([^<]*)<\/pre>/.exec(dom);
    expect(m, 'the measuring script ran').not.toBeNull();
    const r = JSON.parse(m![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as { cells: number; wrapped: string[]; width: number };
    expect(r.cells).toBeGreaterThan(20);
    expect(r.wrapped).toEqual([]);
    expect(r.width).toBeLessThanOrEqual(1280); // and the page still fits: no sideways scrolling
  });
});

interface Image {
  width: number;
  height: number;
  channels: number;
  pixels: Uint8Array;
}

/** A minimal PNG decoder (8-bit RGB/RGBA, non-interlaced: what Chromium writes), via node:zlib. */
function decodePng(buf: Buffer): Image {
  expect(buf.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  let off = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('latin1', off + 4, off + 8);
    const data = buf.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8]).toBe(8); // bit depth
      expect(data[12]).toBe(0); // no interlace
      channels = { 2: 3, 6: 4 }[data[9]!] ?? 0;
      expect(channels).toBeGreaterThan(0);
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      const v = line[x]!;
      let out: number;
      if (filter === 0) out = v;
      else if (filter === 1) out = v + a;
      else if (filter === 2) out = v + b;
      else if (filter === 3) out = v + ((a + b) >> 1);
      else {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        out = v + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      pixels[y * stride + x] = out & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/** Distinct colours, and the share of pixels that differ from the most common one (the background). */
function pixelStats(img: Image): { distinct: number; inked: number } {
  const counts = new Map<number, number>();
  for (let i = 0; i < img.pixels.length; i += img.channels) {
    const rgb = (img.pixels[i]! << 16) | (img.pixels[i + 1]! << 8) | img.pixels[i + 2]!;
    counts.set(rgb, (counts.get(rgb) ?? 0) + 1);
  }
  const total = img.width * img.height;
  const background = Math.max(...counts.values());
  return { distinct: counts.size, inked: 1 - background / total };
}
