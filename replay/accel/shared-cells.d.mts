export const RING: Readonly<{ POSTED: 0; CONSUMED: 1; WAKE: 2; STOP: 3; DONE: 4; SIGNAL: 5; LEN: 8 }>;
export function ringCells(slots: number): number;
export const CLAIM: Readonly<{ QUEUED: 1; TAKEN: 2 }>;
export const NEXT_INDEX: 0;
export const PIECES_HASHED: 0;
