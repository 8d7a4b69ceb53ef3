// Preloaded into every probe (`node --import`): any network attempt fails at once with a clear
// error, so a probe can only establish what it computes locally.
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
