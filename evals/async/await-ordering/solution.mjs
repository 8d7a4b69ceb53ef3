// Reference solution: fallback wrapper that actually catches async failures.

/**
 * Resolve with the result of `operation()`, or with `fallback` if it throws
 * synchronously or returns a rejecting promise.
 */
export async function withFallback(operation, fallback) {
  try {
    // `return await` keeps the rejection inside this try block.
    return await operation();
  } catch {
    return fallback;
  }
}

/** Load ids one after another, reporting progress via `onProgress`. */
export async function loadAll(ids, load, onProgress = () => {}) {
  const results = [];
  for (const id of ids) {
    results.push(await load(id));
    onProgress(results.length, ids.length);
  }
  return results;
}
