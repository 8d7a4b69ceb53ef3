// Preloaded into every probe (node and tsx: `node --import`; bun: `bun --preload`): any network
// attempt through the runtime's JavaScript APIs fails at once with a clear error, so a probe can
// only establish what it computes locally. What it cannot see (a child process, native code) is
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
patch(net.Socket.prototype, 'connect', 'socket connect');
for (const k of ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'reverse']) patch(dns, k, `dns.${k}`);
for (const [k, v] of Object.entries(dns.promises)) if (typeof v === 'function') patch(dns.promises, k, `dns.promises.${k}`);
patch(dgram.Socket.prototype, 'send', 'udp send');
patch(globalThis, 'fetch', 'fetch');

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
