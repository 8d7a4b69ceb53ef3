export function copyOut(spool: number, file: { abs: string; mode: number; offset: number; size: number }, buf: Buffer): string;
