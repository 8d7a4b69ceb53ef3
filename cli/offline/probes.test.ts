import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket, REPO, tempDir } from '../dev/testkit/core.ts';
import { makeProbeSuite, pathWithBun, pathWithoutBun, writeBank, type SuiteQuestion } from '../dev/testkit/probe-suite.ts';
import { Archive } from '../../replay/index/archive.ts';
import { currentBank } from '../../replay/bank/frozen.ts';
import { runtimeProblem, type EvidenceValue } from '../../replay/bank/evidence.ts';

/** Probes in the suite's runtime (issue #21 item 4): tsx, bun, per-probe timeouts, runtime findings at replay. */
const withBun = { PATH: pathWithBun() };
const tsxVersion = (JSON.parse(readFileSync(join(REPO, 'node_modules', 'tsx', 'package.json'), 'utf8')) as { version: string }).version;
const bunVersion = (JSON.parse(readFileSync(join(REPO, 'node_modules', 'bun', 'package.json'), 'utf8')) as { version: string }).version;

let base: string | null = null;
/** A fresh copy of one captured suite (capturing costs a few docket start-ups on a busy machine). */
function captured() {
  if (!base) {
    base = tempDir('docket-probes-');
    makeProbeSuite(base);
    const l = docket(['evidence', 'lock', '--json'], { cwd: base, env: withBun });
    expect(l.status, l.stderr).toBe(0);
    const c = docket(['evidence', 'capture', '--json'], { cwd: base, env: withBun });
    expect(c.status, c.stderr).toBe(0);
  }
  const root = tempDir('docket-probes-');
  cpSync(base, root, { recursive: true });
  return root;
}

function evidenceOf(root: string, question: string): EvidenceValue {
  const archive = new Archive(join(root, 'evidence'));
  try {
    const q = currentBank(archive).questions.find((x) => x.id === question)!;
    return archive.get(q.evidence).value as unknown as EvidenceValue;
  } finally {
    archive.close();
  }
}

describe('probes in the suite runtime', () => {
  it('a TypeScript probe importing answer/convex/schema.ts runs through tsx; a bun probe through bun; both replay', () => {
    const root = captured();
    const ts = evidenceOf(root, 'convex-schema-1');
    expect(ts).toMatchObject({
      schemaVersion: 2,
      answer: 'A',
      probeRuntime: { name: 'tsx', version: tsxVersion, timeoutMs: 60_000 },
      command: ['node', '--import', 'docket:probe-guard', '--import', 'tsx', 'evals/data/convex-schema/probes/schema-1.ts'],
    });
    if (ts.schemaVersion !== 2) throw new Error('schema 2 expected');
    expect(ts.packages).toEqual([
      expect.objectContaining({ name: 'convex', version: '1.17.4', path: 'node_modules/convex', integrity: expect.stringMatching(/^sha512-/), digest: expect.stringMatching(/^sha256:/) }),
    ]);
    expect(evidenceOf(root, 'bun-only-1')).toMatchObject({
      answer: 'C',
      probeRuntime: { name: 'bun', version: bunVersion },
      command: ['bun', '--preload', 'docket:probe-guard', '--no-install', 'evals/runtime/bun-only/probes/bun-1.ts'],
    });
    expect(evidenceOf(root, 'json-shape-1')).toMatchObject({ answer: 'B', probeRuntime: { name: 'node', version: process.version } });
    const r = docket(['evidence', 'replay', '--json'], { cwd: root, env: withBun });
    expect(r.json, r.stderr).toMatchObject({ ok: true, total: 3, matched: 3 });
    expect(docket(['verify', '--json'], { cwd: root }).json.ok).toBe(true);
  });

  it('replay without bun is a finding naming the runtime and version to install; the other probes still pass', () => {
    const root = captured();
    const r = docket(['evidence', 'replay', '--json'], { cwd: root, env: { PATH: pathWithoutBun() } });
    expect(r.status).toBe(1);
    expect(r.json).toMatchObject({ ok: false, total: 3, matched: 2, mismatched: 1 });
    expect(r.json.failed[0]).toMatchObject({ question: 'bun-only-1', reason: expect.stringContaining(`captured with bun ${bunVersion}: bun is not installed here`) });
    const text = docket(['evidence', 'replay'], { cwd: root, env: { PATH: pathWithoutBun() } });
    expect(text.stdout).toMatch(/MISMATCH bun-only-1: probe runtime differs: .*bun is not installed/);
  });

  it('replay with another bun version is a finding even when the output matches', () => {
    const root = captured();
    // A bun that reports another version and otherwise is the real one.
    const bin = join(root, 'other-bun');
    mkdirSync(bin);
    writeFileSync(join(bin, 'bun'), `#!/bin/sh\nif [ "$1" = --version ]; then echo 1.0.0; exit 0; fi\nexec ${join(REPO, 'node_modules', '.bin', 'bun')} "$@"\n`);
    chmodSync(join(bin, 'bun'), 0o755);
    const r = docket(['evidence', 'replay', '--json', '--question', 'bun-only-1'], { cwd: root, env: { PATH: `${bin}:${pathWithoutBun()}` } });
    expect(r.status).toBe(1);
    expect(r.json.failed[0].reason).toContain(`captured with bun ${bunVersion}; this machine has bun 1.0.0`);
    expect(r.json.failed[0]).toMatchObject({ exitCode: 0, archivedExitCode: 0, runtime: { name: 'bun', version: '1.0.0' } });
  });

  it('a mismatch shows the probe exit code and stderr, in text and in --json', () => {
    const root = captured();
    // The committed generated file the schema imports is damaged after capture.
    writeFileSync(join(root, 'evals/data/convex-schema/answer/convex/_generated/dataModel.js'), "export const tableNames = (() => { throw new Error('codegen output is stale'); })();\n");
    const r = docket(['evidence', 'replay', '--json', '--question', 'convex-schema-1'], { cwd: root, env: withBun });
    expect(r.status).toBe(1);
    expect(r.json.failed[0]).toMatchObject({ question: 'convex-schema-1', exitCode: 1, archivedExitCode: 0, reason: expect.stringContaining('exit code 1, archived 0') });
    expect(r.json.failed[0].stderr).toContain('codegen output is stale');
    const text = docket(['evidence', 'replay', '--question', 'convex-schema-1'], { cwd: root, env: withBun });
    expect(text.stdout).toMatch(/exit code 1 \(archived 0\); stderr:\n.*codegen output is stale/s);
  });

  it('bun probes get the network guard (--preload): fetch and Bun.connect are refused', () => {
    const root = tempDir('docket-probes-');
    const qs: SuiteQuestion[] = [{ id: 'net-1', sourceEval: 'runtime/bun-only', probe: 'probes/net-1.ts', key: 'A', probeRuntime: { runtime: 'bun' } }];
    makeProbeSuite(root, { questions: qs });
    for (const [body, what] of [
      ["await fetch('http://192.0.2.1:9/');", 'fetch of another host than loopback'],
      ["await Bun.connect({ hostname: '127.0.0.1', port: 9, socket: { data() {} } });", 'Bun.connect'],
    ]) {
      writeFileSync(join(root, 'evals/runtime/bun-only/probes/net-1.ts'), `${body}\nconsole.log(JSON.stringify({ answer: 'A' }));\n`);
      docket(['evidence', 'lock'], { cwd: root, env: withBun });
      const c = docket(['evidence', 'capture', '--json'], { cwd: root, env: withBun });
      expect(c.status).toBe(1);
      expect(c.json.error.message).toContain(`ENETWORK: probes run offline; ${what} attempted`);
    }
  });

  it('node probes may serve and call loopback (localhost looked up, 127.0.0.1 connected); another host and DNS are refused', () => {
    const root = tempDir('docket-probes-');
    const qs: SuiteQuestion[] = [{ id: 'net-1', sourceEval: 'data/json-shape', probe: 'probes/net-1.mjs', key: 'A' }];
    makeProbeSuite(root, { questions: qs });
    const local = [
      "import http from 'node:http';",
      "const server = http.createServer((q, r) => r.end('A'));",
      "await new Promise((r) => server.listen(0, 'localhost', r));",
      'const { port } = server.address();',
      'const viaFetch = await (await fetch(`http://localhost:${port}/`)).text();',
      "const viaHttp = await new Promise((res) => http.get(`http://127.0.0.1:${port}/`, (r) => { let t = ''; r.on('data', (c) => (t += c)); r.on('end', () => res(t)); }));",
      'server.close();',
      "import dns from 'node:dns';",
      'const order = dns.promises.getDefaultResultOrder(); // a local setting, as vite reads it: not a query',
      'console.log(JSON.stringify({ answer: viaFetch === viaHttp && typeof order === "string" ? viaFetch : null }));',
    ].join('\n');
    writeFileSync(join(root, 'evals/data/json-shape/probes/net-1.mjs'), `${local}\n`);
    docket(['evidence', 'lock'], { cwd: root });
    expect(docket(['evidence', 'capture'], { cwd: root }).status).toBe(0);
    for (const [body, what] of [
      ["await fetch('http://192.0.2.1:9/');", 'fetch of another host than loopback'],
      ["import net from 'node:net'; net.connect(9, '192.0.2.1');", 'socket connect to another host than loopback'],
      ["import dns from 'node:dns'; await dns.promises.lookup('example.com');", 'dns.promises.lookup of a name other than localhost'],
      ["import dns from 'node:dns'; await dns.promises.resolveTxt('example.com');", 'dns.promises.resolveTxt'],
      ["import dns from 'node:dns'; new dns.Resolver().resolveMx('example.com', () => {});", 'dns.Resolver.resolveMx'],
    ]) {
      writeFileSync(join(root, 'evals/data/json-shape/probes/net-1.mjs'), `${body}\nconsole.log(JSON.stringify({ answer: 'A' }));\n`);
      const c = docket(['evidence', 'capture', '--json'], { cwd: root });
      expect(c.status).toBe(1);
      expect(c.json.error.message).toContain(`ENETWORK: probes run offline; ${what} attempted`);
    }
  });

  it('timeouts: the bank default, a per-question override, and the CLI flag; the evidence records the timeout', () => {
    const root = tempDir('docket-probes-');
    const qs: SuiteQuestion[] = [{ id: 'slow-1', sourceEval: 'data/json-shape', probe: 'probes/slow-1.mjs', key: 'B' }];
    makeProbeSuite(root, { questions: qs, bank: { probeRuntime: { timeoutMs: 300 } } });
    writeFileSync(join(root, 'evals/data/json-shape/probes/slow-1.mjs'), "await new Promise((r) => setTimeout(r, 1500));\nconsole.log(JSON.stringify({ answer: 'B' }));\n");
    docket(['evidence', 'lock'], { cwd: root });
    const c = docket(['evidence', 'capture', '--json'], { cwd: root });
    expect(c.status).toBe(1);
    expect(c.json.error.message).toContain('timed out after 300 ms');
    writeBank(root, [{ ...qs[0]!, probeRuntime: { timeoutMs: 8000 } }], { probeRuntime: { timeoutMs: 300 } });
    expect(docket(['evidence', 'capture'], { cwd: root }).status).toBe(0);
    expect(evidenceOf(root, 'slow-1')).toMatchObject({ probeRuntime: { name: 'node', timeoutMs: 8000 } });
    expect(docket(['evidence', 'replay', '--json'], { cwd: root }).json.ok).toBe(true);
    const short = docket(['evidence', 'replay', '--json', '--timeout-ms', '200'], { cwd: root });
    expect(short.json.failed[0].reason).toContain('timed out after 200 ms');
  });

  it('runtimeProblem: Node by major version, tsx and bun exactly, a missing runtime by name', () => {
    const base = {
      kind: 'evidence',
      schemaVersion: 2,
      runtime: { node: 'v20.20.2', platform: 'linux', arch: 'x64' },
      probeRuntime: { name: 'tsx', version: '4.23.15', timeoutMs: 1 },
    } as unknown as EvidenceValue;
    const here = (node: string, version: string | null) => ({ node, runtime: { name: 'tsx' as const, version, problem: version ? null : 'tsx is missing' } });
    expect(runtimeProblem(base, here('v20.1.0', '4.23.15'))).toBeNull();
    expect(runtimeProblem(base, here('v22.1.0', '4.23.15'))).toContain('captured on Node v20.20.2; this is Node v22.1.0');
    expect(runtimeProblem(base, here('v20.1.0', '4.23.14'))).toContain('captured with tsx 4.23.15; this machine has tsx 4.23.14');
    expect(runtimeProblem(base, here('v20.1.0', null))).toContain('tsx is missing');
    expect(runtimeProblem({ ...base, schemaVersion: 1 } as EvidenceValue, here('v21.0.0', null))).toContain('Node');
  });
});
