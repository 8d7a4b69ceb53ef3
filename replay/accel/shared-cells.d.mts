export const CLAIM: Readonly<{ QUEUED: 1; TAKEN: 2 }>;
export const NEXT_INDEX: 0;
export const PIECES_HASHED: 0;
