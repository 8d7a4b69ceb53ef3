import dgram from 'node:dgram';
import dns from 'node:dns';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import tls from 'node:tls';
import { DocketError, EXIT } from '../../replay/errors.ts';

/**
 * The in-process half of "replay makes no network calls" (docs/design.md "No network"): after
 * installNetworkGuard(), every socket connect, DNS query, fetch, HTTP(S)/HTTP2 request and UDP send
 * throws ENETWORK (exit 1) synchronously, so an accidental call fails loudly instead of hanging or
 * quietly succeeding. It guards this thread only; the import-graph test keeps network modules out of
 * replay/, and the network-namespace test proves the whole replay runs with no interface at all.
 */
export function offlineError(what: string): DocketError {
  // Only the name of the API: arguments may be URLs with credentials in them.
  return new DocketError('ENETWORK', `replay is offline: ${what} attempted`, { what }, EXIT.FINDINGS);
}

const DNS_FUNCTIONS = [
  'lookup',
  'lookupService',
  'resolve',
  'resolve4',
  'resolve6',
  'resolveAny',
  'resolveCaa',
  'resolveCname',
  'resolveMx',
  'resolveNaptr',
  'resolveNs',
  'resolvePtr',
  'resolveSoa',
  'resolveSrv',
  'resolveTxt',
  'reverse',
] as const;

let installed = false;

export function isNetworkGuardInstalled(): boolean {
  return installed;
}

/** Replace each named function of `target` with one that throws ENETWORK. */
function block(target: object, names: readonly string[], label: string): void {
  const t = target as Record<string, unknown>;
  for (const name of names) {
    if (typeof t[name] !== 'function') continue;
    const what = `${label}.${name}`;
    Object.defineProperty(target, name, {
      value: function blocked(): never {
        throw offlineError(what);
      },
      writable: true,
      configurable: true,
      enumerable: Object.getOwnPropertyDescriptor(target, name)?.enumerable ?? true,
    });
  }
}

/** A global constructor (WebSocket, EventSource) that throws when used. */
function blockGlobal(name: 'fetch' | 'WebSocket' | 'EventSource' | 'XMLHttpRequest'): void {
  const g = globalThis as Record<string, unknown>;
  if (!(name in g)) return;
  Object.defineProperty(globalThis, name, {
    value: function blocked(): never {
      throw offlineError(name);
    },
    writable: true,
    configurable: true,
  });
}

/** Idempotent. There is no uninstall: once offline, a process stays offline. */
export function installNetworkGuard(): void {
  if (installed) return;
  installed = true;
  block(net, ['connect', 'createConnection'], 'net');
  block(net.Socket.prototype, ['connect'], 'net.Socket');
  block(tls, ['connect'], 'tls');
  block(http, ['request', 'get'], 'http');
  block(https, ['request', 'get'], 'https');
  block(http2, ['connect'], 'http2');
  block(dns, DNS_FUNCTIONS, 'dns');
  block(dns.Resolver.prototype, DNS_FUNCTIONS, 'dns.Resolver');
  block(dns.promises, DNS_FUNCTIONS, 'dns.promises');
  block(dns.promises.Resolver.prototype, DNS_FUNCTIONS, 'dns.promises.Resolver');
  block(dgram.Socket.prototype, ['send', 'connect'], 'dgram.Socket');
  for (const name of ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest'] as const) blockGlobal(name);
  // ESM named imports of builtins (`import { connect } from 'node:net'`) are separate bindings:
  // this copies the patched CommonJS properties into them, even for modules already loaded.
  syncBuiltinESMExports();
}
