// The one module that touches Node-private APIs. zlib's native handle, driven the way Node's own sync
// path drives it (lib/zlib.js processChunkSync): `_handle.writeSync` inflates into memory the caller
// chooses, and `_writeState` holds what is left of the output room and of the input. The public
// APIs hand out a fresh output buffer per call, and fresh memory faults in page by page on this VM
// (docs/benchmarks.md); with the handle, format/gzip.ts's Inflater inflates bundle after bundle into
// one buffer. Every handle is feature-tested when made; where the test fails, or
// DOCKET_ZLIB_HANDLE=0 asks, `rawInflater` returns null and the caller takes zlib's public one-shot
// call instead, which finds the same things (gzip.test.ts holds the two together and runs the fallback).
import * as zlib from 'node:zlib';

/** A raw-deflate inflater writing into the caller's memory. */
export interface RawInflater {
  /**
   * Inflate from input[inOff, inOff + inLen) into out[outOff, outOff + outLen); false when zlib
   * reported an error (in `error`), after which the inflater is closed.
   */
  write(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): boolean;
  /** Output room left unused by the last write. */
  availOut: number;
  /** Input left unread by the last write. */
  availIn: number;
  /** zlib's message, once it failed. */
  error: string | null;
  /** Ready for another stream (after one ended without an error). */
  reset(): void;
  close(): void;
}

/** The private members of Node's zlib object this module uses (lib/zlib.js), once feature-tested. */
interface ZlibPrivate {
  _handle: { writeSync(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): void };
  _writeState: Uint32Array;
}

/**
 * A raw-deflate inflater writing into the caller's memory, or null where this Node's zlib object
 * has no such handle. `make` is for tests (an object without the private members).
 */
export function rawInflater(make: () => zlib.InflateRaw = () => zlib.createInflateRaw()): RawInflater | null {
  if (process.env.DOCKET_ZLIB_HANDLE === '0') return null;
  const z = make();
  const { _handle: handle, _writeState: words } = z as unknown as Partial<ZlibPrivate>;
  if (!hasSyncWrite(handle, words)) {
    z.destroy?.();
    return null;
  }
  const h = handle as ZlibPrivate['_handle'];
  z.on('error', () => {}); // read synchronously below; destroy() emits it again later
  const inf: RawInflater = {
    availOut: 0,
    availIn: 0,
    error: null,
    write(flush, input, inOff, inLen, out, outOff, outLen) {
      h.writeSync(flush, input, inOff, inLen, out, outOff, outLen);
      if (z.destroyed) {
        inf.error = z.errored?.message ?? 'zlib error';
        return false;
      }
      inf.availOut = words[0] ?? 0;
      inf.availIn = words[1] ?? 0;
      return true;
    },
    reset: () => z.reset(),
    // Only when no error closed it already: writeSync on a closed handle aborts the process.
    close: () => void (z.destroyed || z.destroy()),
  };
  return inf;
}

/** The feature test: a handle with the sync write and its two-word state. */
export function hasSyncWrite(handle: unknown, state: unknown): state is Uint32Array {
  return typeof (handle as { writeSync?: unknown } | undefined)?.writeSync === 'function' && state instanceof Uint32Array && state.length >= 2;
}
