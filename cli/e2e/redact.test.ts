import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Archive } from '../../replay/index/archive.ts';
import { allCanaries, canaries } from '../dev/testkit/content.ts';
import { docket, REPO, scratchDirs } from '../dev/testkit/core.ts';
import { REGISTRY_BIN, startRegistry, type Registry } from '../dev/testkit/registry.ts';

/**
 * `docket redact` (issue #33 item 4, design.md §23), end to end on a copy of the shipped archive:
 * a probe output that printed every canary key gets in by the store's own put (the path a leak
 * takes past the scanners), then `redact --scan` takes it out. The content is gone from every
 * object (inflated), the archive verifies (a hint per redaction), proofs made before still verify
 * against the same root, replay/regrade/audit name what rests on redacted evidence, a release packs
 * and verifies, and a registry receives the record, never the content.
 */
const scratch = scratchDirs();
const SECRETS = canaries().map((c) => c.secret);
/** How many canaries the text holds, as written or escaped in a JSON string (a PEM block's newlines are). */
const leaked = (text: string) => SECRETS.filter((s) => text.includes(s) || text.includes(JSON.stringify(s).slice(1, -1))).length;

/** Every file under dir, as text: raw, and inflated where it is gzip (bundles, release tarballs, packs of concatenated bundles). */
function everyText(dir: string): string {
  let out = '';
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else {
        const b = readFileSync(p);
        out += b.toString('latin1');
        if (b[0] === 0x1f && b[1] === 0x8b) {
          try {
            out += gunzipSync(b).toString('latin1');
          } catch {
            // not whole gzip: the raw bytes are what was read
          }
        }
      }
    }
  };
  walk(dir);
  return out;
}

let ev: string;
let leak: string; // the planted object's digest
let source: string; // a source snapshot every run reaches, redacted on the user's word
let evidence: { id: string; digest: string }; // a question's archived probe output, redacted likewise
let proofs: string;

beforeAll(() => {
  const root = scratch('docket-redact-');
  ev = join(root, 'evidence');
  cpSync(join(REPO, 'evidence'), ev, { recursive: true, filter: (p) => !p.includes('index.sqlite') });
  const a = new Archive(ev);
  leak = a.put({ kind: 'attachment', schemaVersion: 1, mediaType: 'text/plain', name: 'stdout.txt', body: allCanaries() }).digest;
  source = (a.currentIndex().db.prepare("SELECT dst FROM edges WHERE expected_kind = 'source' ORDER BY dst LIMIT 1").get() as { dst: string }).dst;
  evidence = a.currentIndex().db.prepare('SELECT id, evidence AS digest FROM questions ORDER BY id LIMIT 1').get() as { id: string; digest: string };
  a.close();
  proofs = join(root, 'proofs');
  cpSync(ev, `${ev}.before`, { recursive: true });
});

describe('docket redact', () => {
  it('--scan without a terminal and without --yes is refused before anything changes (exit 2)', () => {
    const r = docket(['redact', '--scan', '--reason', 'leaked', '--archive', ev]);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain('--yes');
    expect(existsSync(join(ev, 'redacted'))).toBe(false);
  });

  it('takes the content out; verify exits 0 with a hint; proofs made before still verify against the same root', () => {
    expect(leaked(everyText(join(ev, 'objects')))).toBe(SECRETS.length); // the canaries are in, to begin with
    const before: Record<string, string> = {};
    for (const d of [leak, source]) {
      const out = `${proofs}-${d.slice(7, 15)}.json`;
      const p = docket(['prove', d, '--archive', ev, '--out', out]);
      expect(p.status, p.stderr).toBe(0);
      before[d] = JSON.parse(readFileSync(out, 'utf8')).root;
    }
    const scan = docket(['redact', '--scan', '--yes', '--reason', 'a probe printed .env; keys rotated', '--archive', ev, '--json'], { env: { SOURCE_DATE_EPOCH: '1800000000' } });
    expect(scan.status, scan.stderr).toBe(0);
    expect(scan.json.redacted.map((x: { digest: string }) => x.digest)).toEqual([leak]);
    expect(scan.json.redacted[0].rules).toContain('openrouter-key');
    expect(leaked(scan.stdout + scan.stderr)).toBe(0);
    const named = docket(['redact', source, evidence.digest, '--reason', 'named by its owner', '--archive', ev, '--json']);
    expect(named.status, named.stderr).toBe(0);
    expect(named.json.redacted[0]).toMatchObject({ digest: source, objectKind: 'source', rules: [], already: false });
    expect(named.json.redacted[1]).toMatchObject({ digest: evidence.digest, objectKind: 'evidence' });

    // The record, deterministic under SOURCE_DATE_EPOCH; the content nowhere in the archive.
    const rec = JSON.parse(readFileSync(join(ev, 'redacted', leak.slice(7, 9), `${leak.slice(9)}.json`), 'utf8'));
    expect(rec).toMatchObject({ kind: 'redaction', digest: leak, objectKind: 'attachment', redactedAt: '2027-01-15T08:00:00Z', reason: 'a probe printed .env; keys rotated' });
    expect(leaked(everyText(ev))).toBe(0);

    const v = docket(['verify', '--archive', ev, '--json']);
    expect(v.status, v.stdout).toBe(0);
    const hints = v.json.findings.filter((f: { code: string }) => f.code === 'HREDACTED');
    expect(hints.map((f: { data: { digest: string } }) => f.data.digest).sort()).toEqual([leak, source, evidence.digest].sort());
    expect(v.json.findings.filter((f: { severity: string }) => f.severity === 'error')).toEqual([]);

    // The leaf is the digest: the proofs made before the redaction hold against the archive now.
    for (const d of [leak, source]) {
      const p = docket(['verify', '--proof', `${proofs}-${d.slice(7, 15)}.json`, ev, '--json']);
      expect(p.status, p.stdout + p.stderr).toBe(0);
      expect(JSON.stringify(p.json)).toContain(before[d]!);
    }
    // A read that needs the content says what happened to it; putting it back is refused.
    const show = docket(['show', leak, '--archive', ev]);
    expect(show.status).toBe(1);
    expect(show.stderr).toContain('EREDACTED');
    const again = docket(['redact', leak, '--reason', 'twice', '--archive', ev, '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.json.redacted[0].already).toBe(true);
  });

  it('replay, regrade and audit say which results rest on redacted evidence, and still pass', () => {
    const replay = docket(['replay', '--all', '--archive', ev, '--json']);
    expect(replay.status, replay.stdout).toBe(0);
    for (const run of replay.json.runs) expect(run.findings.some((f: { code: string; data: { digest: string } }) => f.code === 'HREDACTED' && f.data.digest === source)).toBe(true);
    const regrade = docket(['regrade', '--all', '--archive', ev, '--json']);
    expect(regrade.status, regrade.stderr).toBe(0);
    expect(regrade.json.redacted.length).toBe(regrade.json.runs.length);
    expect(regrade.json.redacted[0].redacted.map((x: { digest: string }) => x.digest).sort()).toEqual([source, evidence.digest].sort());
    const audit = docket(['audit', '--published', 'docs/examples/published-leaderboard.json', '--archive', ev]);
    expect(audit.status, audit.stdout + audit.stderr).toBe(0);
    expect(audit.stdout).toContain(`HREDACTED`);
    expect(audit.stdout).toContain(source);
    // evidence replay does not compare a probe whose archived output is redacted, and says so
    const probe = docket(['evidence', 'replay', '--question', evidence.id, '--archive', ev, '--json']);
    expect(probe.status, probe.stdout + probe.stderr).toBe(0);
    expect(probe.json.redacted.map((r: { question: string }) => r.question)).toEqual([evidence.id]);
  });

  it('release pack ships the record, never the content, and the release verifies', () => {
    const out = join(scratch('docket-redact-release-'), 'r.tgz');
    const pack = docket(['release', 'pack', '--archive', ev, '--out', out]);
    expect(pack.status, pack.stderr).toBe(0);
    const text = gunzipSync(readFileSync(out)).toString('latin1');
    expect(text).toContain(`evidence/redacted/${leak.slice(7, 9)}/${leak.slice(9)}.json`);
    expect(leaked(text)).toBe(0);
    const v = docket(['verify', out, '--json']);
    expect(v.status, v.stdout).toBe(0);
    expect(v.json.findings.filter((f: { code: string }) => f.code === 'HREDACTED').length).toBe(3);
  });

  it('a damaged record, or one beside the object it redacts, is EREDACTION', () => {
    const dir = `${ev}.damaged`;
    cpSync(ev, dir, { recursive: true });
    const rel = join('redacted', leak.slice(7, 9), `${leak.slice(9)}.json`);
    writeFileSync(join(dir, rel), readFileSync(join(ev, rel), 'utf8').replace('"size":', '"size": '));
    const bad = docket(['verify', '--archive', dir, '--json']);
    expect(bad.status).toBe(1);
    expect(bad.json.findings.some((f: { code: string }) => f.code === 'EREDACTION')).toBe(true);
    writeFileSync(join(dir, rel), readFileSync(join(ev, rel)));
    cpSync(join(`${ev}.before`, 'objects'), join(dir, 'objects'), { recursive: true }); // the content back beside its record
    const beside = docket(['verify', '--archive', dir, '--json']);
    expect(beside.status).toBe(1);
    expect(beside.json.findings.find((f: { code: string }) => f.code === 'EREDACTION').message).toContain('docket redact');
  });
});

describe.skipIf(!REGISTRY_BIN)('docket push after a redaction', () => {
  let reg: Registry;
  beforeAll(async () => {
    reg = await startRegistry(scratch('docket-redact-registry-'));
  });
  afterAll(async () => reg?.stop());

  it('ships the record, never the content; a pull verifies with the same hints', () => {
    const push = docket(['push', `${reg.host}/team/evals:redacted`, '--archive', ev, '--json']);
    expect(push.status, push.stderr).toBe(0);
    expect(leaked(everyText(reg.storage))).toBe(0);
    const into = join(scratch('docket-redact-pull-'), 'evidence');
    const pull = docket(['pull', `${reg.host}/team/evals:redacted`, '--archive', into, '--json']);
    expect(pull.status, pull.stderr).toBe(0);
    expect(existsSync(join(into, 'redacted', leak.slice(7, 9), `${leak.slice(9)}.json`))).toBe(true);
    const v = docket(['verify', '--archive', into, '--json']);
    expect(v.status, v.stdout).toBe(0);
    expect(v.json.findings.filter((f: { code: string }) => f.code === 'HREDACTED').length).toBe(3);
    const remote = docket(['verify', `${reg.host}/team/evals:redacted`, '--json']);
    expect(remote.status, remote.stdout + remote.stderr).toBe(0);
  });

  it('a second push after a redaction names no pack that held the redacted bundle', async () => {
    const dir = join(scratch('docket-redact-repush-'), 'evidence');
    cpSync(join(REPO, 'evidence'), dir, { recursive: true, filter: (p) => !p.includes('index.sqlite') });
    const MARK = 'marker-3b9f0c-this-text-is-redacted-later';
    const a = new Archive(dir);
    const x = a.put({ kind: 'attachment', schemaVersion: 1, mediaType: 'text/plain', name: 'notes.txt', body: MARK }).digest;
    a.close();
    const tag = `${reg.host}/team/repush:t`;
    const first = docket(['push', tag, '--archive', dir, '--json']);
    expect(first.status, first.stderr).toBe(0);
    expect(docket(['push', `${reg.host}/team/repush:old`, '--archive', dir]).status).toBe(0); // an older tag keeps the content
    expect(docket(['redact', x, '--reason', 'not for sharing', '--archive', dir]).status).toBe(0);
    const second = docket(['push', tag, '--archive', dir, '--json']);
    expect(second.status, second.stderr).toBe(0);
    expect(second.json.packs.reused).toBe(0);
    // Every blob the tag's manifest names now, inflated: the marker is in none.
    const base = `http://${reg.host}/v2/team/repush`;
    const manifest = (await (await fetch(`${base}/manifests/t`, { headers: { accept: 'application/vnd.oci.image.manifest.v1+json' } })).json()) as {
      config: { digest: string };
      layers: { digest: string }[];
    };
    for (const d of [manifest.config.digest, ...manifest.layers.map((l) => l.digest)]) {
      const b = Buffer.from(await (await fetch(`${base}/blobs/${d}`)).arrayBuffer());
      let text = b.toString('latin1');
      try {
        text += gunzipSync(b).toString('latin1');
      } catch {
        // the pack index and config are not gzip
      }
      expect(text.includes(MARK), `blob ${d}`).toBe(false);
    }
    expect(manifest.layers.length).toBeGreaterThan(0);
    // Pulling the older tag into the redacted archive never brings the content back.
    const pull = docket(['pull', `${reg.host}/team/repush:old`, '--archive', dir, '--json']);
    expect(pull.status, pull.stdout + pull.stderr).toBe(0);
    expect(new Archive(dir).store.has(x as never)).toBe(false);
    expect(docket(['verify', '--archive', dir]).status).toBe(0);
  });
});
