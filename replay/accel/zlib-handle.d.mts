import type { InflateRaw } from 'node:zlib';
export interface RawInflater {
  write(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): boolean;
  availOut: number;
  availIn: number;
  error: string | null;
  reset(): void;
  close(): void;
}
export function rawInflater(make?: () => InflateRaw): RawInflater | null;
export function hasSyncWrite(handle: unknown, state: unknown): boolean;
