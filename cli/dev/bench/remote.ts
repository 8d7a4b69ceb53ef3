import { closeSync, createReadStream, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { Store } from '../../../replay/store/store.ts';
import { REGISTRY_BIN, startRegistry, type Registry } from '../testkit/registry.ts';
import { buildArchive, buildManyArchive } from './archive.ts';
import { BENCH_DIR, DOCKET, mb, timedRun, type Timed } from './common.ts';

/**
 * Issue 39 benchmark: `docket push` and `docket pull` of archives in packs against a loopback CNCF
 * Distribution registry, as ratios to plain tools moving the same bytes in the same run:
 *   push  vs  curl uploading every bundle's bytes as one blob (POST + PUT);
 *   pull  vs  curl downloading that blob + `docket verify` of the source archive (the checks) +
 *             `cp -r` of its objects/ (the writes);
 *   a second push of the unchanged archive vs one manifest round trip (curl GET of the manifest).
 * Two archives: the >= 200 MB bench archive (~1,200 bundles of ~180 KB) and one of
 * BENCH_REMOTE_BUNDLES (default 10^5) bundles of ~1.5 KB. Wall and CPU (every thread, every
 * process of the tool) side by side, and peak RSS.
 */
const MANY = Number(process.env.BENCH_REMOTE_BUNDLES ?? 100_000);

export async function benchRemote() {
  if (!REGISTRY_BIN) {
    console.log('\n== remote (issue 39): skipped, docker-registry is not installed (apt-get install docker-registry)');
    return;
  }
  const big = join(BENCH_DIR, 'archive');
  console.log(`\n== remote push/pull in packs (issue 39): building/reusing ${big}`);
  const a = buildArchive(big);
  const many = join(BENCH_DIR, `archive-${MANY}`);
  console.log(`  building/reusing ${many}`);
  const b = buildManyArchive(many, MANY);
  const work = join(BENCH_DIR, 'remote');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const reg = await startRegistry(work);
  try {
    await one(reg, work, 'bench', join(big, 'evidence'), a, { push: 2, pull: 1.5 });
    await one(reg, work, 'many', join(many, 'evidence'), b, { push: 3, pull: 2 });
  } finally {
    await reg.stop();
    rmSync(work, { recursive: true, force: true });
  }
  console.log('  targets: push <= 2× and pull <= 1.5× the references (10^5 bundles: 3× and 2×); second push <= 1 s + one manifest round trip; pull peak RSS <= 128 MB');
  console.log('  the machine is shared: compare the ratios, which are measured in the same minute, not the seconds');
}

async function one(reg: Registry, work: string, name: string, archive: string, size: { objects: number; bytes: number }, targets: { push: number; pull: number }) {
  console.log(`  -- ${name}: ${size.objects} bundles, ${mb(size.bytes)} MB`);
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  const env = { ...process.env, DOCKET_CACHE_DIR: join(dir, 'cache') };
  // The same bytes as one file: every bundle back to back (what push sends, give or take the index).
  const blob = join(dir, 'all.bin');
  const fd = openSync(blob, 'w');
  const h = createHash('sha256');
  for (const o of new Store(archive).list().objects) {
    const bytes = readFileSync(join(archive, o.path));
    h.update(bytes);
    writeSync(fd, bytes);
  }
  closeSync(fd);
  const digest = `sha256:${h.digest('hex')}`;
  await warm(blob);

  const up = curlUpload(reg, `bench/${name}-curl`, blob, digest);
  const push = timedRun(process.execPath, [DOCKET, 'push', `${reg.host}/bench/${name}:v1`, '--archive', archive, '--json'], { env });
  if (push.status !== 0) throw new Error(`docket push failed: ${push.stdout.slice(0, 500)}`);
  const again = timedRun(process.execPath, [DOCKET, 'push', `${reg.host}/bench/${name}:v1`, '--archive', archive, '--json'], { env });
  const againJson = JSON.parse(again.stdout) as { unchanged: boolean; blobs: { bytes: number } };
  const manifest = timedRun('curl', ['-sS', '-o', '/dev/null', '-H', 'Accept: application/vnd.oci.image.manifest.v1+json', `http://${reg.host}/v2/bench/${name}/manifests/v1`]);

  const down = timedRun('curl', ['-sS', '--fail', '-o', join(dir, 'down.bin'), `http://${reg.host}/v2/bench/${name}-curl/blobs/${digest}`]);
  if (down.status !== 0 || statSync(join(dir, 'down.bin')).size !== statSync(blob).size) throw new Error('curl download failed');
  const verify = timedRun(process.execPath, [DOCKET, 'verify', archive, '--json'], { env });
  if (verify.status !== 0) throw new Error(`docket verify failed: ${verify.stdout.slice(0, 500)}`);
  const cp = timedRun('cp', ['-r', join(archive, 'objects'), join(dir, 'cp-objects')]);
  const pulled = join(dir, 'pulled');
  const pull = timedRun(process.execPath, [DOCKET, 'pull', `${reg.host}/bench/${name}:v1`, '--archive', pulled, '--json'], { env });
  if (pull.status !== 0) throw new Error(`docket pull failed: ${pull.stdout.slice(0, 500)}`);
  const pullJson = JSON.parse(pull.stdout) as { bundles: { fetched: number }; packs: { fetched: number } };
  if (pullJson.bundles.fetched !== size.objects) throw new Error(`docket pull fetched ${pullJson.bundles.fetched} of ${size.objects} bundles`);
  rmSync(pulled, { recursive: true, force: true });
  rmSync(join(dir, 'cp-objects'), { recursive: true, force: true });

  const pullRef = sum(down, verify, cp);
  const row = (label: string, t: Timed | Sum, ref?: Sum | Timed, target?: number) =>
    console.log(
      `    ${label.padEnd(52)} ${t.seconds.toFixed(2).padStart(7)} s wall ${(t.cpuSeconds ?? 0).toFixed(2).padStart(6)} s CPU${t.maxRssMb ? ` ${t.maxRssMb.toFixed(0).padStart(4)} MB RSS` : '             '}${
        ref ? `  ${(t.seconds / ref.seconds).toFixed(2)}× wall, ${((t.cpuSeconds ?? 0) / Math.max(0.01, ref.cpuSeconds ?? 0)).toFixed(2)}× CPU${target ? ` (target <= ${target}×)` : ''}` : ''
      }`,
    );
  row('curl upload as one blob (POST + PUT)', up);
  row(`docket push (${JSON.parse(push.stdout).packs.new} packs)`, push, up, targets.push);
  row('curl GET of the manifest (one round trip)', manifest);
  row(`docket push again (${againJson.unchanged ? 'unchanged' : 'CHANGED'}, ${againJson.blobs.bytes} bytes up)`, again);
  row('curl download as one blob', down);
  row('docket verify of the source archive', verify);
  row('cp -r objects/', cp);
  row('  reference: the three together', pullRef);
  row(`docket pull (${pullJson.packs.fetched} packs, checked, durable)`, pull, pullRef, targets.pull);
  console.log(`    second push ${again.seconds.toFixed(2)} s against 1 s + ${manifest.seconds.toFixed(2)} s`);
}

type Sum = { seconds: number; cpuSeconds: number; maxRssMb: null };
const sum = (...ts: Timed[]): Sum => ({ seconds: ts.reduce((n, t) => n + t.seconds, 0), cpuSeconds: ts.reduce((n, t) => n + (t.cpuSeconds ?? 0), 0), maxRssMb: null });

/** POST for an upload session, then one PUT of the whole file with its digest (two curl processes, both timed). */
function curlUpload(reg: Registry, repo: string, file: string, digest: string): Sum {
  const post = timedRun('curl', ['-sS', '-X', 'POST', '-D', '-', '-o', '/dev/null', `http://${reg.host}/v2/${repo}/blobs/uploads/`]);
  const loc = /^location: *(\S+)/im.exec(post.stdout)?.[1];
  if (!loc) throw new Error(`curl POST: no Location (${post.stdout.slice(0, 300)})`);
  const put = timedRun('curl', ['-sS', '-X', 'PUT', '-o', '/dev/null', '-w', '%{http_code}', '-H', 'Content-Type: application/octet-stream', '-T', file, `${loc}&digest=${digest}`]);
  if (put.stdout.trim() !== '201') throw new Error(`curl PUT answered ${put.stdout}`);
  return sum(post, put);
}

/** Read a file once so every contender finds it in the page cache. */
function warm(file: string): Promise<void> {
  return new Promise((resolve, reject) =>
    createReadStream(file)
      .on('data', () => {})
      .on('end', resolve)
      .on('error', reject),
  );
}
