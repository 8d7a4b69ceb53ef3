import type { Digest } from '../format/digest.ts';

export interface SizeDigestResult {
  digest: Digest;
  path: string;
  size: number;
  passed: number;
  failure?: { stage: 'size' | 'digest'; code: 'ESIZE' | 'EDIGEST'; message: string };
}

export function checkSizeAndDigest(
  absPath: string,
  rel: string,
  digest: Digest,
  quick: boolean,
  expectedSize: number | undefined,
  maxBytes: number,
): { result: SizeDigestResult; bytes: Buffer | null }; // bytes: valid until the next call (a reused buffer)

export function sizeProblem(size: number, maxBytes: number, expectedSize: number | undefined): string | null;
