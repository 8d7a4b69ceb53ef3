// The cells of every SharedArrayBuffer the main thread shares with a worker thread: each protocol's
// layout is named once, here, and both sides import it (replay/accel/README.md).

/**
 * Release verify's claim slots (release/bundle-checks.ts, check-worker.ts): one Int32 per bundle in
 * flight, QUEUED when posted, then TAKEN by whichever thread claims it first (compare-exchange).
 */
export const CLAIM = Object.freeze({ QUEUED: 1, TAKEN: 2 });

/** A counter handing out indices one at a time (check/verify.ts, accel/pull.ts, verify-worker.ts): Int32 cell 0. */
export const NEXT_INDEX = 0;

/** The release piece hasher's progress (release/stream.ts PieceHasher, hash-worker.ts): Int32 cell 0 counts pieces hashed. */
export const PIECES_HASHED = 0;
