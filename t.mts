import { readFileSync } from 'node:fs';
import { readInspectFile } from './replay/import/inspect.ts';
import { compareRequest } from './replay/import/requests.ts';
import { modelEventsOf } from './replay/import/inspect.ts';
const F='replay/import/fixtures/inspect_ai/';
const files = process.argv.slice(2).length ? process.argv.slice(2) : ['mmlu-summary-choices.eval','log_streaming.eval','log_formats.eval','log_images.json','log_images_tc.json','metr/small-epoch1.eval','metr/class-eval-1sample.eval','vitals/2025-04-07T11-00-30-05-00_arithmetic-with-tool_gKECTBvzvzgtPqQCd3cirF.json'];
for (const f of files) {
  const p = await readInspectFile(f, readFileSync(f.startsWith('/')?f:F+f));
  let ok=0, bad=0, un=0; const ds: unknown[] = [];
  for (const s of p.samples) for (const e of modelEventsOf(s.sample)) {
    const req = (e.call as any)?.request; if (!req) continue;
    const c = compareRequest(e, req);
    if ('unsupported' in c) { un++; ds.push(c.unsupported); continue; }
    if (c.diffs.length) { bad++; ds.push(...c.diffs.slice(0,3)); } else ok++;
  }
  console.log(f, {ok, bad, un}); for (const d of ds.slice(0,4)) console.log('   ', JSON.stringify(d).slice(0,400));
}
