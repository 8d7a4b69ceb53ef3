// @ts-check
// The cells of every SharedArrayBuffer the main thread shares with a worker thread: each protocol's
// layout is named once, here, and both sides import it (docs/internals.md, "Worker protocols").

/**
 * The release read pass's ring (release/stream.ts ringPass, inflate-worker.mjs): an Int32Array of
 * control cells beside the ring of 1 MiB slots.
 */
export const RING = Object.freeze({
  /** slots filled by the worker (their bytes and length final) */
  POSTED: 0,
  /** slots the main thread is done with (the worker refills only those) */
  CONSUMED: 1,
  /** bumped by the main thread after every change to CONSUMED or STOP (what the worker waits on) */
  WAKE: 2,
  /** 1 once the consumer said 'stop': inflating ends, hashing goes on */
  STOP: 3,
  /** 1 once no more slots will be posted */
  DONE: 4,
  /** bumped by the worker after every post and at DONE (what the main thread waits on) */
  SIGNAL: 5,
  /** LEN + k: the byte length of slot k */
  LEN: 8,
});

/** Int32 cells of a ring of `slots` slots. */
export const ringCells = (/** @type {number} */ slots) => RING.LEN + slots;

/**
 * Release verify's claim slots (release/bundle-checks.ts, check-worker.mjs): one Int32 per bundle in
 * flight, QUEUED when posted, then TAKEN by whichever thread claims it first (compare-exchange).
 */
export const CLAIM = Object.freeze({ QUEUED: 1, TAKEN: 2 });

/** A counter handing out indices one at a time (check/verify.ts, accel/pull.ts, verify-worker.mjs): Int32 cell 0. */
export const NEXT_INDEX = 0;

/** The release piece hasher's progress (release/stream.ts PieceHasher, hash-worker.mjs): Int32 cell 0 counts pieces hashed. */
export const PIECES_HASHED = 0;
