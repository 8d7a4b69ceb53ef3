import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The guard is installed in a spawned child, never in the vitest worker (vitest talks to its workers
// over IPC). Every target is loopback (127.0.0.1:9, "localhost"): no real host is ever contacted.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'docket-netguard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHILD = `
import dgram from 'node:dgram';
import dns from 'node:dns';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import net, { connect as namedConnect } from 'node:net';
import { lookup as namedLookup } from 'node:dns';
import { lookup as promisesLookup } from 'node:dns/promises';
import tls from 'node:tls';
import { installNetworkGuard } from ${JSON.stringify(join(ROOT, 'cli/offline/netguard.ts'))};

const noop = () => {};
const attempts = {
  'net.connect': () => net.connect(9, '127.0.0.1'),
  'net.createConnection': () => net.createConnection({ port: 9, host: '127.0.0.1' }),
  'named import connect': () => namedConnect(9, '127.0.0.1'),
  'new net.Socket().connect': () => new net.Socket().connect(9, '127.0.0.1'),
  'tls.connect': () => tls.connect(9, '127.0.0.1'),
  'http.request': () => http.request('http://127.0.0.1:9/'),
  'http.get': () => http.get('http://127.0.0.1:9/'),
  'https.request': () => https.request('https://127.0.0.1:9/'),
  'https.get': () => https.get('https://127.0.0.1:9/'),
  'http2.connect': () => http2.connect('http://127.0.0.1:9'),
  'fetch': () => fetch('http://127.0.0.1:9/'),
  'dns.lookup': () => dns.lookup('localhost', noop),
  'named import lookup': () => namedLookup('localhost', noop),
  'dns.lookupService': () => dns.lookupService('127.0.0.1', 9, noop),
  'dns.resolve': () => dns.resolve('localhost', noop),
  'dns.resolve4': () => dns.resolve4('localhost', noop),
  'dns.resolveTxt': () => dns.resolveTxt('localhost', noop),
  'dns.reverse': () => dns.reverse('127.0.0.1', noop),
  'new dns.Resolver().resolve4': () => new dns.Resolver().resolve4('localhost', noop),
  'dns.promises.lookup': () => dns.promises.lookup('localhost'),
  'dns/promises named lookup': () => promisesLookup('localhost'),
  'dns.promises.resolve6': () => dns.promises.resolve6('localhost'),
  'new dns.promises.Resolver().resolveMx': () => new dns.promises.Resolver().resolveMx('localhost'),
  'dgram send': () => dgram.createSocket('udp4').send(Buffer.from('x'), 9, '127.0.0.1'),
  'dgram connect': () => dgram.createSocket('udp4').connect(9, '127.0.0.1'),
};

const [mode, ...names] = process.argv.slice(2);
if (mode === 'guard') {
  installNetworkGuard();
  installNetworkGuard(); // idempotent
}
const out = {};
for (const name of names) {
  try {
    const r = attempts[name]();
    // Without the guard these fail asynchronously (nothing listens on port 9): swallow that.
    if (r && typeof r.on === 'function') r.on('error', noop);
    if (r && typeof r.catch === 'function') r.catch(noop);
    if (r && typeof r.destroy === 'function') setTimeout(() => r.destroy(), 0);
    out[name] = { threw: false };
  } catch (e) {
    out[name] = { threw: true, name: e.name, code: e.code, message: e.message, exitCode: e.exitCode, what: e.data?.what };
  }
}
process.stdout.write(JSON.stringify(out));
process.exit(0);
`;
const childFile = join(dir, 'child.mts');
writeFileSync(childFile, CHILD);

function runChild(mode: 'guard' | 'none', names: string[]): Record<string, { threw: boolean; name?: string; code?: string; message?: string; exitCode?: number; what?: string }> {
  const r = spawnSync(process.execPath, [join(ROOT, 'cli/dev/run-ts.mjs'), childFile, mode, ...names], { encoding: 'utf8', timeout: 30_000 });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout);
}

const ALL = [
  'net.connect',
  'net.createConnection',
  'named import connect',
  'new net.Socket().connect',
  'tls.connect',
  'http.request',
  'http.get',
  'https.request',
  'https.get',
  'http2.connect',
  'fetch',
  'dns.lookup',
  'named import lookup',
  'dns.lookupService',
  'dns.resolve',
  'dns.resolve4',
  'dns.resolveTxt',
  'dns.reverse',
  'new dns.Resolver().resolve4',
  'dns.promises.lookup',
  'dns/promises named lookup',
  'dns.promises.resolve6',
  'new dns.promises.Resolver().resolveMx',
  'dgram send',
  'dgram connect',
];

describe('installNetworkGuard', () => {
  const guarded = runChild('guard', ALL);

  it.each(ALL)('%s throws ENETWORK (exit 1)', (name) => {
    const r = guarded[name]!;
    expect(r).toMatchObject({ threw: true, name: 'DocketError', code: 'ENETWORK', exitCode: 1 });
    expect(r.message).toBe(`replay is offline: ${r.what} attempted`);
  });

  it('names the API that was attempted', () => {
    expect(guarded['net.connect']!.what).toBe('net.connect');
    expect(guarded['fetch']!.what).toBe('fetch');
    expect(guarded['dns.promises.lookup']!.what).toBe('dns.promises.lookup');
    expect(guarded['new net.Socket().connect']!.what).toBe('net.Socket.connect');
    expect(guarded['dgram send']!.what).toBe('dgram.Socket.send');
  });

  it('control: without the guard the same loopback calls do not throw (so the test can fail)', () => {
    const names = ['net.connect', 'named import connect', 'new net.Socket().connect', 'http.request', 'fetch', 'dns.lookup', 'dns.promises.lookup', 'dgram send'];
    const plain = runChild('none', names);
    for (const n of names) expect(plain[n], n).toEqual({ threw: false });
  });
});
