import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Store } from '../../../replay/store/store.ts';
import { REGISTRY_BIN, startRegistry } from '../testkit/registry.ts';
import { buildArchive } from './archive.ts';
import { BENCH_DIR, DOCKET, mb, timedRun } from './common.ts';

/**
 * Issue 26 benchmark: `docket push` and `docket pull` of the >= 200 MB bench archive against a
 * loopback CNCF Distribution registry, and curl moving the same blobs in the same run (8 transfers
 * in parallel, as docket's default concurrency; one curl process per phase). curl uploads with
 * POST then PUT (two processes: every POST, then every PUT); docket does HEAD + POST + PUT. Both pulls go to the page cache: curl just writes the files, docket checks
 * digest, gzip, canonical JSON and schema, then writes each object atomically (fsync) and indexes it.
 */
export async function benchRemote() {
  if (!REGISTRY_BIN) {
    console.log('\n== remote (issue 26): skipped, docker-registry is not installed (apt-get install docker-registry)');
    return;
  }
  const dir = join(BENCH_DIR, 'archive');
  console.log(`\n== remote push/pull (issue 26): building/reusing ${dir}`);
  const { objects, bytes } = buildArchive(dir);
  const archive = join(dir, 'evidence');
  const work = join(BENCH_DIR, 'remote');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const reg = await startRegistry(work);
  try {
    const files = new Store(archive).list().objects.map((o) => ({ digest: o.digest, path: join(archive, o.path) }));
    console.log(`  ${objects} bundles, ${mb(bytes)} MB; registry ${reg.host}, storage ${reg.storage}`);

    // curl: upload every blob to its own repository (POST for a session, then PUT with the bytes:
    // Distribution ignores a body on the POST), then download them all.
    const hdrDir = join(work, 'curl-headers');
    mkdirSync(hdrDir);
    const starts = join(work, 'curl-post.cfg');
    writeFileSync(
      starts,
      files.map((_f, i) => `url = "http://${reg.host}/v2/bench/curl/blobs/uploads/"\nrequest = "POST"\ndump-header = "${join(hdrDir, String(i))}"\noutput = "/dev/null"\n`).join('next\n'),
    );
    const curlPost = timedRun('curl', ['-sS', '--parallel', '--parallel-max', '8', '-K', starts]);
    const t0 = performance.now();
    const puts = files.map((f, i) => {
      const loc = /^location: *(\S+)/im.exec(readFileSync(join(hdrDir, String(i)), 'utf8'))?.[1];
      if (curlPost.status !== 0 || !loc) throw new Error(`curl POST ${i}: no Location`);
      return `url = "${loc}&digest=${f.digest}"\nrequest = "PUT"\ndata-binary = "@${f.path}"\nheader = "Content-Type: application/octet-stream"\noutput = "/dev/null"\nwrite-out = "%{http_code}\\n"\n`;
    });
    const up = join(work, 'curl-put.cfg');
    writeFileSync(up, puts.join('next\n'));
    const parseSeconds = (performance.now() - t0) / 1000;
    const curlPut = timedRun('curl', ['-sS', '--parallel', '--parallel-max', '8', '-K', up]);
    const created = curlPut.stdout.split('\n').filter((s) => s === '201').length;
    if (curlPut.status !== 0 || created !== files.length) throw new Error(`curl upload: ${created}/${files.length} created`);
    const curlUp = { seconds: curlPost.seconds + parseSeconds + curlPut.seconds, maxRssMb: Math.max(curlPost.maxRssMb ?? 0, curlPut.maxRssMb ?? 0) };
    const downDir = join(work, 'curl-down');
    mkdirSync(downDir);
    const down = join(work, 'curl-down.cfg');
    writeFileSync(down, files.map((f) => `url = "http://${reg.host}/v2/bench/curl/blobs/${f.digest}"\noutput = "${join(downDir, f.digest.slice(7))}"\nfail\n`).join('next\n'));
    const curlDown = timedRun('curl', ['-sS', '--parallel', '--parallel-max', '8', '-K', down]);
    const got = readdirSync(downDir).reduce((n, f) => n + statSync(join(downDir, f)).size, 0);
    if (curlDown.status !== 0 || got !== bytes) throw new Error(`curl download: ${got} of ${bytes} bytes`);

    const ref = `${reg.host}/bench/docket:v1`;
    const push = timedRun(process.execPath, [DOCKET, 'push', ref, '--archive', archive, '--json']);
    if (push.status !== 0) throw new Error(`docket push failed: ${push.stdout.slice(0, 500)}`);
    const again = timedRun(process.execPath, [DOCKET, 'push', ref, '--archive', archive, '--json']);
    const againJson = JSON.parse(again.stdout) as { blobs: { uploaded: number } };
    const pulled = join(work, 'pulled');
    const pull = timedRun(process.execPath, [DOCKET, 'pull', ref, '--archive', pulled, '--json']);
    if (pull.status !== 0) throw new Error(`docket pull failed: ${pull.stdout.slice(0, 500)}`);
    const repull = timedRun(process.execPath, [DOCKET, 'pull', ref, '--archive', pulled, '--json']);

    const line = (name: string, t: { seconds: number; maxRssMb: number | null }, ref?: { seconds: number }) =>
      console.log(
        `  ${name.padEnd(44)} ${t.seconds.toFixed(2).padStart(7)} s ${(bytes / 1e6 / t.seconds).toFixed(0).padStart(6)} MB/s${ref ? `  ${(ref.seconds / t.seconds).toFixed(2)}× curl speed` : ''}  peak RSS ${t.maxRssMb?.toFixed(0)} MB`,
      );
    line('curl upload (POST + PUT, 8 parallel)', curlUp);
    line('docket push (HEAD+POST+PUT, concurrency 8)', push, curlUp);
    line(`docket push again (${againJson.blobs.uploaded} uploaded: HEAD only)`, again);
    line('curl download (8 parallel)', curlDown);
    line('docket pull (checked, atomic, indexed)', pull, curlDown);
    line('docket pull again (all present)', repull);
    console.log('  targets: push and pull within 0.5× of curl moving the same bytes; peak RSS <= 256 MB');
  } finally {
    await reg.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
