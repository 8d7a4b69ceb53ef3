export const TRAILER: number;
export function heldError<E extends { code: string }>(held: E | null, next: E): E;
export const RULES: {
  tooShort: string;
  badDeflate: (why: string) => string;
  overCap: (maxOut: number) => string;
  shrank: (pos: number, size: number) => string;
  grew: (size: number) => string;
};
export function longEnough(size: number, header: Uint8Array): boolean;
export function headerProblem(head: Uint8Array, header: Uint8Array): string | null;
export function endProblem(s: { ended: boolean; consumed: number; body: number; trailer: Buffer; crc: number; outBytes: number }): string | null;
export function takePiece(piece: Buffer, at: number, header: Uint8Array, head: Buffer, trailer: Buffer, bodyEnd: number, checkHeader: boolean): { bad: string | null; body: Buffer };
