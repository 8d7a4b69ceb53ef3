export const CONFLICTS: Set<string>;
export function writeNew(abs: string, mode: number, bytes: Uint8Array): `sha256:${string}` | null;
