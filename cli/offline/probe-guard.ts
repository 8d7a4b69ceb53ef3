// Preloaded into every probe and exec test command (node and tsx: `node --import`; bun: `bun
// --preload`): any network attempt beyond loopback through the runtime's JavaScript APIs fails at
// once with a clear error, so a probe can only establish what it computes locally (and a local
// server it starts). What it cannot see (a child process, native code) is
// covered by the network namespace docket runs probes in where it can (docs/design.md §7 "Probes and locks").
import net from 'node:net';
import dns from 'node:dns';
import dgram from 'node:dgram';

const refuse = (what: string) => (): never => {
  const e = new Error(`ENETWORK: probes run offline; ${what} attempted`) as NodeJS.ErrnoException;
  e.code = 'ENETWORK';
  throw e;
};
// The modules' own objects are patched, whatever their declared types say.
const patch = (target: object, key: string, what: string) => Object.assign(target, { [key]: refuse(what) });

// Loopback stays open: a probe or a test command may start a local server (a database, a backend)
// and talk to it. Only the loopback names and addresses are let through; `localhost` is looked up
// as node looks it up (the hosts file), every other name is a DNS query and refused.
const isLoopback = (host: unknown) =>
  host === undefined || host === null || host === '' || host === 'localhost' || host === '::1' || host === '[::1]' || (typeof host === 'string' && /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host));
/** Where a net.Socket#connect call goes: null for a unix socket (always local), else its host. */
function connectHost(args: unknown[]): { host: unknown } | null {
  let a = args[0];
  if (Array.isArray(a)) a = a[0]; // node's internal normalized form: [options, cb]
  if (a && typeof a === 'object') {
    const o = a as { path?: unknown; host?: unknown };
    return typeof o.path === 'string' ? null : { host: o.host };
  }
  if (typeof a === 'string' && !/^\d+$/.test(a)) return null; // a path
  return { host: typeof args[1] === 'string' ? args[1] : undefined };
}
const guarded = (target: object, key: string, what: string, allow: (args: unknown[]) => boolean) => {
  const original = (target as Record<string, (...a: unknown[]) => unknown>)[key]!;
  const deny = refuse(what);
  Object.assign(target, {
    [key](this: unknown, ...args: unknown[]) {
      return allow(args) ? original.apply(this, args) : deny();
    },
  });
};
guarded(net.Socket.prototype, 'connect', 'socket connect to another host than loopback', (args) => {
  const at = connectHost(args);
  return at === null || isLoopback(at.host);
});
guarded(dns, 'lookup', 'dns.lookup of a name other than localhost', (args) => isLoopback(args[0]));
// Only what asks a DNS server is refused: resolve*, reverse and lookupService, on the modules and on
// their Resolver classes. Local settings (getDefaultResultOrder, setServers, …) stay: vite, and so
// vitest, reads the result order at start-up.
const QUERY = /^(?:resolve|reverse$|lookupService$)/;
const refuseQueries = (target: object, name: string) => {
  for (const k of Object.getOwnPropertyNames(target)) {
    if (QUERY.test(k) && typeof (target as Record<string, unknown>)[k] === 'function') patch(target, k, `${name}.${k}`);
  }
};
refuseQueries(dns, 'dns');
refuseQueries(dns.promises, 'dns.promises');
refuseQueries(dns.Resolver.prototype, 'dns.Resolver');
refuseQueries(dns.promises.Resolver.prototype, 'dns.promises.Resolver');
guarded(dns.promises, 'lookup', 'dns.promises.lookup of a name other than localhost', (args) => isLoopback(args[0]));
patch(dgram.Socket.prototype, 'send', 'udp send');
const loopbackUrl = (u: unknown) => {
  try {
    const url = new URL(typeof u === 'string' || u instanceof URL ? u : (u as { url: string }).url);
    return isLoopback(url.hostname);
  } catch {
    return false;
  }
};
guarded(globalThis, 'fetch', 'fetch of another host than loopback', (args) => loopbackUrl(args[0]));

// bun: its own network APIs beside node's. Bun itself is not replaceable (configurable: false),
// its members are; one that is not is left to the namespace.
type Members = Record<string, unknown>;
const bun = (globalThis as { Bun?: Members & { dns?: Members } }).Bun;
if (bun) {
  for (const k of ['connect', 'listen', 'udpSocket', 'fetch', 'serve']) {
    try {
      bun[k] = refuse(`Bun.${k}`);
    } catch {}
  }
  for (const k of ['lookup', 'prefetch', 'getCacheStats']) {
    try {
      if (bun.dns && typeof bun.dns[k] === 'function') bun.dns[k] = refuse(`Bun.dns.${k}`);
    } catch {}
  }
}
