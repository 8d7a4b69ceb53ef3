// Preloaded into every probe (`node --import`): any network attempt fails at once with a clear
// error, so a probe can only establish what it computes locally.
import net from 'node:net';
import dns from 'node:dns';
import dgram from 'node:dgram';

const refuse = (what) => () => {
  const e = new Error(`ENETWORK: probes run offline; ${what} attempted`);
  e.code = 'ENETWORK';
  throw e;
};
net.Socket.prototype.connect = refuse('socket connect');
for (const k of ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'reverse']) dns[k] = refuse(`dns.${k}`);
for (const k of Object.keys(dns.promises)) if (typeof dns.promises[k] === 'function') dns.promises[k] = refuse(`dns.promises.${k}`);
dgram.Socket.prototype.send = refuse('udp send');
globalThis.fetch = refuse('fetch');
