// Preloaded into every probe (`node --import`): any network attempt fails at once with a clear
// error, so a probe can only establish what it computes locally.
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
