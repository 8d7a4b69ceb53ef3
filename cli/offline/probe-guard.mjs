// Preloaded into every probe (node and tsx: `node --import`; bun: `bun --preload`): any network
// attempt through the runtime's JavaScript APIs fails at once with a clear error, so a probe can
// only establish what it computes locally. What it cannot see (a child process, native code) is
// covered by the network namespace docket runs probes in where it can (docs/design.md §7 "Probes and locks").
import net from 'node:net';
import dns from 'node:dns';
import dgram from 'node:dgram';

const refuse = (/** @type {string} */ what) => () => {
  throw Object.assign(new Error(`ENETWORK: probes run offline; ${what} attempted`), { code: 'ENETWORK' });
};
net.Socket.prototype.connect = refuse('socket connect');
const lookups = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (dns));
const promised = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (dns.promises));
for (const k of ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'reverse']) lookups[k] = refuse(`dns.${k}`);
for (const k of Object.keys(promised)) if (typeof promised[k] === 'function') promised[k] = refuse(`dns.promises.${k}`);
dgram.Socket.prototype.send = refuse('udp send');
Object.assign(globalThis, { fetch: refuse('fetch') });

// bun: its own network APIs beside node's. Bun itself is not replaceable (configurable: false),
// its members are; one that is not is left to the namespace.
const bun = /** @type {Record<string, any> | undefined} */ (/** @type {Record<string, unknown>} */ (globalThis).Bun);
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
