// Reference solution: microtask-based batching.

/**
 * Returns an `add(item)` function. Items added in the same synchronous turn
 * are passed to `flush(items)` once, in insertion order, from a microtask,
 * i.e. before any timer or I/O callback runs.
 */
export function createBatcher(flush) {
  let pending = null;
  return function add(item) {
    if (pending === null) {
      pending = [];
      queueMicrotask(() => {
        const items = pending;
        pending = null;
        flush(items);
      });
    }
    pending.push(item);
  };
}
