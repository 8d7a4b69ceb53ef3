import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { networkNamespaceUnavailable, runDocketWithoutNetwork, runWithoutNetwork } from './netns.ts';

const reason = await networkNamespaceUnavailable();
if (reason) console.warn(`cli/dev/testkit/netns.test.ts: network-namespace tests skipped: ${reason}`);

// Inside the namespace: which interfaces node sees as up, and whether a loopback server is reachable.
const PROBE = `
const net = require('node:net');
const os = require('node:os');
const up = Object.keys(os.networkInterfaces());
const server = net.createServer((s) => s.end('hi'));
const done = (loopback) => { console.log(JSON.stringify({ up, loopback })); process.exit(0); };
server.on('error', (e) => done(e.code));
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1');
  c.on('data', () => done('ok'));
  c.on('error', (e) => done(e.code));
});
`;

describe('runWithoutNetwork: unavailable', () => {
  it('reports a missing unshare as unavailable with the reason, and runs nothing', async () => {
    const r = await runWithoutNetwork(process.execPath, ['-e', 'process.exit(0)'], { unshare: '/nonexistent/unshare' });
    expect(r.unavailable).toMatch(/not found|need Linux/);
    expect(r.code).toBeNull();
  });
});

describe.skipIf(reason !== undefined)('runWithoutNetwork', () => {
  it('control: outside the namespace loopback works (so the next test can fail)', () => {
    const r = spawnSync(process.execPath, ['-e', PROBE], { encoding: 'utf8' });
    expect(JSON.parse(r.stdout).loopback).toBe('ok');
  });

  it('inside, no interface is up and even a loopback connection fails', async () => {
    const r = await runWithoutNetwork(process.execPath, ['-e', PROBE]);
    expect(r.unavailable).toBeUndefined();
    expect(r.code).toBe(0);
    const seen = JSON.parse(r.stdout) as { up: string[]; loopback: string };
    expect(seen.up).toEqual([]);
    expect(seen.loopback).not.toBe('ok');
  });

  it('inside, `ip link` lists only lo, and it is DOWN', async (ctx) => {
    if (spawnSync('ip', ['-V']).error) ctx.skip('ip (iproute2) is not installed');
    const r = await runWithoutNetwork('ip', ['-o', 'link']);
    expect(r.code).toBe(0);
    const links = r.stdout.trim().split('\n');
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/^1: lo: <LOOPBACK>.* state DOWN/);
  });

  it('a plain node script runs fine there, with stdin, stdout, stderr and exit code passed through', async () => {
    const script = `let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const h=require('node:crypto').createHash('sha256').update(s).digest('hex');console.log(h);console.error('note');process.exit(3)})`;
    const r = await runWithoutNetwork(process.execPath, ['-e', script], { input: 'abc' });
    expect(r).toEqual({ code: 3, signal: null, stdout: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\n', stderr: 'note\n' });
  });

  it('passes the command its own options untouched (they are not unshare options)', async () => {
    const r = await runWithoutNetwork(process.execPath, ['-e', 'console.log(process.argv.slice(1).join(" "))', '--', '-n', '--help']);
    expect(r.stdout).toBe('-n --help\n');
  });

  it('the docket CLI runs there: the shipped archive verifies with no network at all', async () => {
    const r = await runDocketWithoutNetwork(['verify', '--json'], { cwd: fileURLToPath(new URL('../../..', import.meta.url)) });
    expect(r.unavailable).toBeUndefined();
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, findings: [] });
  });
});
